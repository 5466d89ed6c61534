// A page's odds run and its roll, written into the page: the policy of
// engine/page-solver.js run on the engine (engine/engine.js) and the pool of
// workers that sample (engine/pool.js), with progress, Stop and the odds
// dimmed while they are stale.
import { h, replace, num, pct, field, button } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { samplePool } from './engine/pool.js';
import { PAGE_PREVIEW_HALFWIDTH, progressive, withPageSolver, upgradeRequest, solverOf, askedRequest } from './engine/page-solver.js';

// A page's odds run: after a quarter second it shows Stop and the core's
// progress in `status`; a newer run or Stop cancels it. Resolves to the answer,
// or to null when cancelled; other failures are thrown. Only Stop says
// "Stopped": a run cancelled by a newer one (a keystroke) says nothing, since
// its successor is already under way. `say(text)` may replace writing to `status`.
//
// Where the browser has more than one core, sampling is left to every core
// (pool.js): the core answers "deferred" instead of sampling, and the blocks of
// trials are shared out to one worker per core; the answer is the one a single
// worker would give for the same seed and trials.
// On the page, "auto" first tries an exact answer for a moment only
// (PAGE_EXACT_TIME_S): the battles that solve quickly (every page's example)
// are answered exactly at once. A larger battle is sampled instead: its first
// sampled odds (PAGE_PREVIEW_HALFWIDTH) are shown at once (`preview`), then
// all of them, while an exact solve goes on behind them on a worker of its
// own, within the request's own budgets (PAGE_UPGRADE_S at most); its exact
// odds replace the sampled ones if it finishes. The odds view remembers a
// battle that needed this and skips the moment's attempt on its next edit, so
// an edit of a large battle shows odds within a fraction of a second. A
// request that names its method or its exact attempt is run as asked.
const exactProgress = (p) => `${num(p.states, 0)} states of at most ${num(p.max_states, 0)}, ${pct(p.settled)} of the odds settled`;

// `preview`: {show(answer), note(text)}. With it, a battle sampled because it
// was too large to solve at once is shown sampled (show), and the exact solve
// that follows reports in note(); the exact answer, or the sampled one with
// the reason it stands ("upgrade" in the answer), is what runOdds resolves to.
export async function runOdds(engine, request, { status, stop, body, say = null, preview = null, quick = true }) {
  const tell = say || ((text) => { status.textContent = text; });
  const slow = setTimeout(() => { stop.hidden = false; tell('Computing…'); }, 250);
  body?.classList.add('stale');
  engine.cancelOdds();
  const token = engine.runs;
  const cancelled = () => engine.runs !== token;
  const upgrade = preview && progressive(request) ? upgradeRequest(request) : null;
  // Without the moment's exact attempt (`quick` false: this battle needed more
  // a moment ago), sampling starts at once and the exact solve follows it.
  request = upgrade && !quick ? { ...request, solver: { ...solverOf(request), method: 'monte-carlo' } } : withPageSolver(request);
  // The pool's workers start only once a battle is sampled (a "deferred" answer).
  const parallel = engine.poolSize() > 1 && request && typeof request === 'object';
  const asked = askedRequest(request, parallel);
  const wantsExact = (a) => upgrade && a.ok && !a.method.startsWith('exact') && (!quick || a.fallback?.reason === 'time limit');
  let sampled = null, exactRun = null, exactOk = false;
  const working = 'Sampled odds shown; working out the exact odds';
  // The exact solve behind the sampled odds, started once they are shown.
  const behind = () => {
    exactRun ||= engine.upgrader().call('odds', upgrade, {
      slot: 'odds',
      onProgress: (p) => { if (!cancelled()) preview.note(`Sampled odds shown; exact solve: ${exactProgress(p)}…`); },
    }).then((a) => { exactOk = a.ok; return a; },
      (e) => (e instanceof Cancelled ? Promise.reject(e) : { ok: false, error: { message: e.message } }));
    exactRun.catch(() => {});
    return exactRun;
  };
  const showSampled = (a) => {
    if (cancelled() || exactOk) return;
    sampled = a;
    clearTimeout(slow);
    preview.show(a);
    stop.hidden = false;
    preview.note(`${working}…`);
    behind();
  };
  try {
    let answer = await engine.call('odds', asked, {
      slot: 'odds',
      onProgress: (p) => {
        tell(p.phase === 'monte-carlo'
          ? `Sampling: ${num(p.trials, 0)} of ${num(p.planned, 0)} battles${(p.halfwidth ?? 1) < 1 ? `, ±${pct(p.halfwidth)} so far` : ''}…`
          : `Exact solve: ${exactProgress(p)}…`);
      },
    });
    if (answer.ok && answer.method === 'deferred') {
      if (answer.fallback) tell(`Sampling: ${answer.fallback.message}…`);
      const deferred = answer;
      // With exact odds to follow, the first blocks precise to PAGE_PREVIEW_HALFWIDTH
      // are shown at once; sampling goes on to the request's own precision
      // beside the exact solve, and stops if the exact odds come first.
      const engines = engine.pool();
      answer = await samplePool(engines, request, deferred, {
        cancelled: () => cancelled() || exactOk,
        finish: engine,
        interim: wantsExact(deferred) ? { halfwidth: PAGE_PREVIEW_HALFWIDTH, show: showSampled } : null,
        onProgress: (p) => {
          const text = `Sampling: ${num(p.trials, 0)} of ${num(p.planned, 0)} battles on ${p.workers} cores${p.halfwidth < 1 ? `, ±${pct(p.halfwidth)} so far` : ''}…`;
          if (sampled) preview.note(`${working}. ${text}`);
          else tell(text);
        },
      });
      if (answer === null) {
        if (cancelled() || !exactRun) throw new Cancelled();
        return await exactRun;  // the exact odds came before the sampling ended
      }
    }
    if (!wantsExact(answer)) return answer;
    showSampled(answer);  // all the sampled odds (after the first of them, or alone)
    const exact = await behind();
    if (cancelled()) throw new Cancelled();
    if (exact.ok) return exact;
    // Out of budget (or the battle cannot be solved exactly): the sampled odds stand, and say why.
    return { ...sampled, upgrade: { message: (exact.error?.message || 'it did not finish').replace(/; ask for .*$/, '') } };
  } catch (e) {
    if (!(e instanceof Cancelled)) {
      if (!sampled) throw e;
      return { ...sampled, upgrade: { message: e.message } };
    }
    if (!engine.oddsBusy()) {
      if (sampled) preview.note('Stopped working out the exact odds: the sampled odds shown stand.');
      else tell('Stopped. Edit the battle to compute again.');
    }
    return null;
  } finally {
    clearTimeout(slow);
    if (!engine.oddsBusy()) stop.hidden = true;
  }
}

// A page's roll: "Rolling…" in `box`, then the answer, or null when it was
// cancelled or failed (said in `box`; a field error also goes to showError).
export async function runRoll(engine, request, { box, showError }) {
  replace(box, h('p', { class: 'muted', text: 'Rolling…' }));
  let answer;
  try {
    answer = await engine.call('roll', request, { slot: 'roll' });
  } catch (e) {
    if (!(e instanceof Cancelled)) replace(box, h('p', { class: 'error', text: e.message }));
    return null;
  }
  if (!answer.ok) {
    const said = showError(answer.error);
    replace(box, h('p', { class: 'error', text: said?.waiting ? `Not rolled: ${said.waiting}.` : 'Not rolled: fix the marked field.' }));
    return null;
  }
  return answer;
}

// A seed for "New seed": any 32-bit number.
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// A battle page's "Roll the battle" card: the seed, Roll battle, New seed and
// the rolled battle's box. `prefix` names its heading's id.
export function rollCard({ prefix, seedInput, roll, newSeed, rollBox, seedPath = null }) {
  return h('section', { class: 'card', attrs: { 'aria-labelledby': `${prefix}-roll-h` } },
    h('h2', { id: `${prefix}-roll-h`, text: 'Roll the battle' }),
    h('div', { class: 'roll-controls' },
      field('Seed', seedInput, seedPath, { hint: 'The same seed rolls the same battle.' }),
      button('Roll battle', roll, { cls: 'primary', title: 'Roll this battle with the seed' }),
      button('New seed', newSeed, { title: 'Pick a random seed and roll' })),
    rollBox);
}

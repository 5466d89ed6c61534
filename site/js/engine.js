// The page's side of the worker: calls return promises; a newer call with the
// same `slot` (say, "odds") cancels the older one, so the page never waits for
// stale work; stop() ends whatever is running.
import { h, replace, num, pct } from './dom.js';
import { samplePool } from './pool.js';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

// The cores the browser reports, at most 8: how many workers sample a battle.
export function coreCount() {
  return Math.max(1, Math.min(8, Number(globalThis.navigator?.hardwareConcurrency) || 1));
}

export class Engine {
  // `family`: shared by an engine and the engines it makes (the pool, the
  // exact solve behind sampled odds): the compiled wasm module, fetched and
  // compiled by the first worker and handed to every other one.
  constructor(workerUrl = 'js/worker.js', makeWorker = null, family = null) {
    this.workerUrl = workerUrl;
    this.makeWorker = makeWorker || (() => new Worker(this.workerUrl));
    this.family = family || { module: null, compiler: null, waiters: [] };
    this.nextId = 1;
    this.pending = new Map(); // id -> {fn, request, slot, resolve, reject, onProgress}
    this.running = null;      // the id the worker is working on
    this.queue = [];
    this.worker = null;
    this.inited = false;      // the worker has its {init} message
    this.helpers = null;      // further engines for sampling on every core (made when a battle is first sampled)
    this.upgradeEngine = null; // the exact solve behind sampled odds (made when first needed)
    this.runs = 0;            // bumped by each odds run and by stop(): older runs see they are stale
    this.start();
  }

  // Engines that sample together: one worker per core the browser reports (at
  // most 8), each with its own instance of the one compiled module, beside
  // this one, which stays free for exact odds, rolls and the rest. None on a
  // single core. Made when a battle is first sampled, not before: most
  // battles are answered exactly by this engine alone.
  pool() {
    if (!this.helpers) {
      const cores = coreCount();
      this.helpers = cores > 1 ? Array.from({ length: cores }, () => new Engine(this.workerUrl, this.makeWorker, this.family)) : [];
    }
    return this.helpers;
  }

  // How many engines pool() gives (or would give: it makes none until asked).
  poolSize() {
    return this.helpers ? this.helpers.length : (coreCount() > 1 ? coreCount() : 0);
  }

  // The worker for the exact solve that goes on behind sampled odds: one of
  // its own, so that cancelling it (restarting its worker) never delays the
  // next edit's answer here.
  upgrader() {
    if (!this.upgradeEngine) this.upgradeEngine = new Engine(this.workerUrl, this.makeWorker, this.family);
    return this.upgradeEngine;
  }

  // An odds run is under way here or in the exact solve behind sampled odds.
  oddsBusy() {
    return this.busy('odds') || Boolean(this.upgradeEngine?.busy('odds'));
  }

  // Ends the odds run under way: its exact solve here and its sampling in the pool.
  cancelOdds() {
    this.runs++;
    this.cancel('odds');
    for (const e of this.helpers || []) e.cancel('odds');
    this.upgradeEngine?.cancel('odds');
  }

  start() {
    const worker = this.makeWorker();
    this.worker = worker;
    this.inited = false;
    worker.onmessage = (e) => this.receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.fail(new Error('the calculator stopped: ' + (e.message || 'worker error')));
    };
    // The worker's first message: the family's compiled module, or (for the
    // first worker, or when no module could be had) none, to compile its own.
    const f = this.family;
    const init = (module) => {
      if (this.worker !== worker) return; // restarted meanwhile: the new worker has its own
      worker.postMessage({ init: { module } });
      this.inited = true;
      this.pump();
    };
    if (f.module) init(f.module);
    else if (f.compiler && f.compiler !== this) f.waiters.push(init);
    else {
      f.compiler = this;
      init(null);
    }
  }

  // Restarts the worker, failing the running call and keeping the queue.
  restart(reason) {
    this.worker.terminate();
    const running = this.running && this.pending.get(this.running);
    if (running) {
      this.pending.delete(this.running);
      running.reject(reason);
    }
    this.running = null;
    this.start();
    this.pump();
  }

  fail(error) {
    this.restart(error);
  }

  call(fn, request, { slot = null, onProgress = null } = {}) {
    const text = typeof request === 'string' ? request : JSON.stringify(request ?? {});
    if (slot) this.cancel(slot);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { fn, request: text, slot, resolve, reject, onProgress });
      this.queue.push(id);
      this.pump();
    });
  }

  cancel(slot) {
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      if (id === this.running) {
        this.restart(new Cancelled());
      } else {
        this.pending.delete(id);
        this.queue = this.queue.filter((q) => q !== id);
        p.reject(new Cancelled());
      }
    }
  }

  // Stops everything running or queued.
  stop() {
    this.runs++;
    for (const e of this.helpers || []) e.stop();
    this.upgradeEngine?.stop();
    for (const [id, p] of this.pending) {
      if (id !== this.running) p.reject(new Cancelled());
    }
    this.queue = [];
    for (const id of [...this.pending.keys()]) if (id !== this.running) this.pending.delete(id);
    if (this.running) this.restart(new Cancelled());
  }

  busy(slot) {
    for (const p of this.pending.values()) if (p.slot === slot) return true;
    return false;
  }

  pump() {
    if (!this.inited || this.running || this.queue.length === 0) return;
    const id = this.queue.shift();
    const p = this.pending.get(id);
    if (!p) return this.pump();
    this.running = id;
    this.worker.postMessage({ id, fn: p.fn, request: p.request });
  }

  receive(msg) {
    if ('module' in msg) {
      // The module this worker compiled, for every worker started from now on.
      const f = this.family;
      // None: it could not compile one, and each waiting worker tries on its own.
      f.module = msg.module;
      if (!f.module) f.compiler = null;
      for (const w of f.waiters.splice(0)) w(f.module);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.progress) {
      p.onProgress?.(msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    if (this.running === msg.id) this.running = null;
    if (msg.error) p.reject(new Error(msg.error));
    else {
      let answer;
      try {
        answer = JSON.parse(msg.result);
      } catch {
        answer = { ok: false, error: { path: '', message: 'the calculator gave an unreadable answer' } };
      }
      p.resolve(answer);
    }
    this.pump();
  }
}

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
export const PAGE_EXACT_TIME_S = 0.25;
export const PAGE_UPGRADE_S = 30;
export const PAGE_UPGRADE_STATES = 5_000_000;  // the core's largest state budget
export const PAGE_PREVIEW_HALFWIDTH = 0.01;  // the first sampled odds shown, when exact ones follow
const solverOf = (request) => (request.solver && typeof request.solver === 'object' ? request.solver : {});
// True when the page may answer `request` sampled first, exact after.
export function progressive(request) {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return false;
  const solver = solverOf(request);
  return (solver.method ?? 'auto') === 'auto' && solver.exact_time_s === undefined;
}
export function withPageSolver(request) {
  if (!progressive(request)) return request;
  return { ...request, solver: { ...solverOf(request), exact_time_s: PAGE_EXACT_TIME_S } };
}
// The exact solve behind sampled odds: the request's own budgets where it sets
// them; otherwise, since nobody waits on it, the largest state budget (the
// memory budget still holds) and PAGE_UPGRADE_S.
export function upgradeRequest(request) {
  const solver = solverOf(request);
  const { exact_time_s: _, ...rest } = solver;
  return { ...request, solver: { ...rest, method: 'exact', max_states: solver.max_states ?? PAGE_UPGRADE_STATES,
    time_limit_s: Math.min(solver.time_limit_s ?? PAGE_UPGRADE_S, PAGE_UPGRADE_S) } };
}

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
  const asked = parallel ? { ...request, solver: { ...(request.solver || {}), defer_sampling: true } } : request;
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

// The odds card the battle pages share, and the phone's outcome strip. Every
// result region a page registers is dimmed the moment the battle changes and
// stays dimmed, with the reason in words, until odds for the battle as it now
// stands arrive: a shown result always matches the battle or says it does not.
import { h, replace, button, pct, pctAmong, num, readable } from './dom.js';
import { runOdds } from './odds-run.js';
import { PAGE_EXACT_TIME_S } from './engine/page-solver.js';
import { outcomeBars } from './charts.js';

// outcomes: [{id, name, short, cls}]; solverBox: the "How to compute" panel.
export function makeOddsView(ctx, { prefix, outcomes, solverBox }) {
  // Only Stop stops: a run cancelled because the battle changed is simply replaced.
  let stopPressed = false;
  const { heading, status, stop, bars, details, body, card } = oddsCard(prefix, solverBox, () => { stopPressed = true; ctx.engine.cancelOdds(); });
  const strip = outcomeStrip(outcomes, () => { card.scrollIntoView({ block: 'start' }); heading.focus({ preventScroll: true }); });
  followBars(strip.element, bars);
  const regions = staleRegions([body, strip.element]);
  let last = null;
  // The last run showed sampled odds before exact ones: the battle is large,
  // so the next edit samples at once instead of first trying for a moment.
  let large = false;

  function say(text, kind = '') {
    status.textContent = readable(text);
    status.classList.toggle('error', kind === 'error');
  }
  // The odds shown are not for the battle as it stands: all dimmed, `words` in
  // the status line (of `kind`), `state` on the strip (of `stateKind`).
  function unsettle(words, kind, state, stateKind) {
    regions.dim(true);
    strip.pending(null);
    say(words, kind);
    strip.state(state, stateKind);
  }

  return {
    card, strip: strip.element, details, heading,
    // Another result region (a matrix, a rolled battle) dimmed with the odds;
    // `dropText`: shown instead of its content when units come or go.
    track(el, dropText = null) {
      regions.track(el, dropText);
    },
    // The battle changed: everything shown is for the battle as it was.
    // `structural`: units came or went, so results naming units are dropped.
    changed({ structural = false } = {}) {
      unsettle('The battle changed: these odds are for the battle before it.', '', 'updating…', 'stale');
      if (structural) {
        large = false;  // units came or went: worth the moment's exact attempt again
        replace(details, h('p', { class: 'muted', text: 'The units changed: their results come with the new odds.' }));
        regions.drop();
      }
    },
    // At the next change of units, `el` (a tracked region) keeps what it
    // shows, dimmed, under `mark` (a rolled battle just applied to a roster).
    keep(el, mark) {
      regions.keep(el, mark);
    },
    // A region is up to date again (the matrix after its call, a new roll).
    settle(el) {
      regions.settle(el);
    },
    // A field the user has emptied, mid-edit: not an error; the odds wait for
    // its number (`why` names the unit and the field).
    waiting(why) {
      unsettle(`Waiting: ${why}.`, '', `waiting: ${why}`, 'waiting');
    },
    // The battle as it stands cannot be computed: `why` names the unit and the field.
    failed(why) {
      unsettle(`Odds not updated: ${why}`, 'error', `error: ${why}`, 'error');
    },
    // Computes the odds of `request` and hands each good answer to `render`:
    // for a battle too large to solve at once, its sampled odds first, then
    // its exact odds (or the sampled ones again, saying why they stand). A
    // bad field goes to `showError` (dom.js placeError: the words, or
    // {waiting} for an emptied field); `clearError` after a good answer. Nothing is drawn once `alive()` turns false (page left).
    async run(request, { render, showError, clearError, alive = () => true }) {
      const deliver = deliverer(this, { render, showError, clearError, alive });
      let answer;
      stopPressed = false;
      const preview = sampledFirst(deliver, strip, say);
      try {
        answer = await runOdds(ctx.engine, request, {
          status, stop, body: null, preview, quick: !large, say: runReports(say, strip, () => stopPressed),
        });
      } catch (e) {
        if (alive()) this.failed(e.message);
        return;
      }
      // Large: its exact odds took longer than the moment's attempt, or never came.
      if (answer) large = preview.shown && !(answer.method?.startsWith('exact') && answer.time_ms <= 1000 * PAGE_EXACT_TIME_S);
      if (answer === null) {
        // Stopped while the exact solve went on behind sampled odds: those stand.
        if (preview.shown && stopPressed) {
          strip.pending(null);
          strip.state('', 'fresh');
        }
        return;  // otherwise a newer run took over, or Stop said so
      }
      deliver(answer);
    },
    // What a page's showError answered: the words of an error, or {waiting}.
    refused(said) {
      if (said && typeof said === 'object') this.waiting(said.waiting);
      else this.failed(said);
    },
    // Fresh odds: the bars, the strip and the status line; the page draws the details.
    show(a, methodText, timing) {
      last = a;
      strip.pending(null);
      const items = outcomes.map((o) => ({ id: o.id, label: o.name, p: a.outcomes[o.id] ?? 0, cls: o.cls,
        ...(a.ci95 ? { lo: a.ci95[o.id][0], hi: a.ci95[o.id][1] } : {}) }));
      replace(bars, outcomeBars(items, { caption: 'Outcome of the battle' }));
      strip.show(a);
      strip.state('', 'fresh');
      document.dispatchEvent(new Event('battle-odds-shown'));  // app.js: offline use installs after the first
      // Sampled on several workers, the core's time is theirs added up (more than the wall time).
      // Odds the build worked out (a page's example, first-calls.js) took no time here.
      const core = a.built ? 'worked out when this site was built' : a.workers > 1 ? `${num(a.time_ms, 1)} ms in the core over ${a.workers} workers` : `${num(a.time_ms, 1)} ms in the core`;
      say(`${methodText} · ${core}, ${num(timing, 0)} ms in all.${a.upgrade ? ` The exact solve behind them stopped: ${a.upgrade.message}.` : ''}`);
      regions.dim(false); // the regions the page tracks (matrix, roll) settle when their own answers come
    },
    last: () => last,
  };
}

// The odds card: its heading and Stop, the "How to compute" panel, the status
// line, the bars and the page's details under them. `onStop` when Stop is pressed.
function oddsCard(prefix, solverBox, onStop) {
  const heading = h('h2', { id: `${prefix}-odds-h`, attrs: { tabindex: '-1' }, text: 'Odds' });
  const status = h('div', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const stop = button('Stop', onStop, { cls: 'small', title: 'Stop computing' });
  stop.hidden = true;
  const bars = h('div', { class: 'odds-bars' }, h('p', { class: 'muted', text: 'Computing the odds…' }));
  const details = h('div', { class: 'odds-details' });
  const body = h('div', { class: 'odds-body' }, bars, details);
  const card = h('section', { class: 'card odds-card', attrs: { 'aria-labelledby': heading.id } },
    h('div', { class: 'card-head' }, heading, stop), solverBox, status, body);
  return { heading, status, stop, bars, details, body, card };
}

// The strip: fixed at the bottom of a phone's screen; a tap (`open`) opens the
// full odds. Returns {element, state(text, kind), pending(what), show(answer)}.
function outcomeStrip(outcomes, open) {
  const values = outcomes.map((o) => h('span', { class: `strip-value ${o.cls}`, dataset: { outcome: o.id } },
    h('span', { class: 'strip-label', text: o.short }), ' ', h('strong', { class: 'strip-p', text: '–' })));
  const method = h('span', { class: 'strip-method' });
  const state = h('span', { class: 'strip-state', text: 'computing…' });
  const element = h('button', {
    class: 'outcome-strip', attrs: { type: 'button', 'aria-controls': 'results', title: 'Show the full odds' },
    on: { click: open },
  }, h('span', { class: 'sr-only', text: 'Odds: ' }), h('span', { class: 'strip-values' }, values),
  h('span', { class: 'strip-line' }, method, ' ', state, h('span', { class: 'strip-open', attrs: { 'aria-hidden': 'true' }, text: 'Details ▴' })));
  return {
    element,
    // The strip's state line, and its kind (fresh, busy, stale, waiting, error).
    state(text, kind) {
      state.textContent = readable(text);
      element.dataset.state = kind;
    },
    // What the odds shown are waiting for ('exact': the exact odds behind sampled ones), or null.
    pending(what) {
      if (what) element.dataset.pending = what;
      else delete element.dataset.pending;
    },
    // Fresh odds: each outcome's chance, and exact or sampled (within how much).
    show(a) {
      const ps = outcomes.map((o) => a.outcomes[o.id] ?? 0);
      outcomes.forEach((o, i) => { values[i].querySelector('.strip-p').textContent = pctAmong(ps[i], ps); });
      const half = a.ci95 ? Math.max(...outcomes.map((o) => (a.ci95[o.id][1] - a.ci95[o.id][0]) / 2)) : 0;
      method.textContent = a.method.startsWith('exact') ? 'exact' : `sampled ±${pct(half)}`;
    },
  };
}

// On a laptop the strip shows at the top of the results column only while
// the bars have scrolled out of it (reading the matrix or the rolled battle).
function followBars(strip, bars) {
  setTimeout(() => {
    const root = strip.closest('.col-results');
    if (!root || !window.IntersectionObserver) return;
    new IntersectionObserver(([e]) => strip.classList.toggle('away', e.intersectionRatio < 0.99),
      { root, rootMargin: '-72px 0px 0px 0px', threshold: [0, 0.5, 0.99, 1] }).observe(bars);
  }, 0);
}

// The result regions dimmed while the odds are stale: the view's own (`own`)
// and those a page tracks (a matrix, a rolled battle), which may be dropped,
// or kept under a mark, when units come or go.
function staleRegions(own) {
  const tracked = new Set();
  const droppable = new Map(); // element -> text shown once its content is dropped
  const keeping = new Map();   // element -> a mark: at the next change of units its content stays, dimmed, under it
  const marked = new Set();    // regions showing a kept content under its mark: dimmed inside, the mark in full
  return {
    track(el, dropText) {
      tracked.add(el);
      if (dropText) droppable.set(el, dropText);
    },
    keep(el, mark) {
      keeping.set(el, mark);
    },
    settle(el) {
      marked.delete(el);
      el.classList.remove('stale');
    },
    dim(on) {
      for (const r of own) r.classList.toggle('stale', on);
      if (on) for (const r of tracked) if (!marked.has(r)) r.classList.add('stale');
    },
    // Units came or went: each droppable region shows its text instead of its
    // content, or keeps that content, dimmed, under the mark it was given.
    drop() {
      for (const [el, text] of droppable) {
        const mark = keeping.get(el);
        keeping.delete(el);
        if (mark) {
          // What it shows, without the mark of an earlier keep.
          const shown = [...el.childNodes].filter((n) => n !== mark && !n.contains?.(mark) && !n.classList?.contains('kept-mark'));
          const inner = shown.length === 1 && shown[0].classList?.contains('kept-result') ? [...shown[0].childNodes] : shown;
          mark.classList.add('kept-mark');
          replace(el, mark, h('div', { class: 'kept-result stale' }, inner));
          el.classList.remove('stale');  // the mark reads in full; what it marks is dimmed
          marked.add(el);
        } else {
          marked.delete(el);
          replace(el, h('p', { class: 'muted', text }));
        }
      }
    },
  };
}

// A run's answers as the page takes them: a good one to `render` (after
// `clearError`), a bad one's words (by `showError`) to the view's refused();
// nothing once `alive()` turns false (the page left).
function deliverer(view, { render, showError, clearError, alive }) {
  return (a) => {
    if (!alive()) return;
    if (!a.ok) {
      view.refused(showError(a.error));
      return;
    }
    clearError();
    render(a);
  };
}

// runOdds's `preview`: a large battle's sampled odds, delivered while its
// exact solve goes on behind them (`shown` once they are), and that solve's progress.
function sampledFirst(deliver, strip, say) {
  const preview = {
    shown: false,
    show(a) {
      preview.shown = true;
      deliver(a);
      strip.pending('exact');
      strip.state('exact odds coming…', 'fresh');
    },
    note(text) { say(text); },
  };
  return preview;
}

// runOdds's progress, in the status line and on the strip; its "Stopped"
// only after Stop (`stopped()`), not when a newer run took over.
function runReports(say, strip, stopped) {
  return (text) => {
    const isStop = /^Stopped/.test(text);
    if (isStop && !stopped()) return;
    say(text);
    strip.state(isStop ? 'stopped' : text.replace(/…$/, '').toLowerCase() + '…', isStop ? 'stale' : 'busy');
  };
}

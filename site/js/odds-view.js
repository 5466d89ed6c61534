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
  const heading = h('h2', { id: `${prefix}-odds-h`, attrs: { tabindex: '-1' }, text: 'Odds' });
  const status = h('div', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
  // Only Stop stops: a run cancelled because the battle changed is simply replaced.
  let stopPressed = false;
  const stop = button('Stop', () => { stopPressed = true; ctx.engine.cancelOdds(); }, { cls: 'small', title: 'Stop computing' });
  stop.hidden = true;
  const bars = h('div', { class: 'odds-bars' }, h('p', { class: 'muted', text: 'Computing the odds…' }));
  const details = h('div', { class: 'odds-details' });
  const body = h('div', { class: 'odds-body' }, bars, details);
  const card = h('section', { class: 'card odds-card', attrs: { 'aria-labelledby': heading.id } },
    h('div', { class: 'card-head' }, heading, stop), solverBox, status, body);

  // The strip: fixed at the bottom of a phone's screen; a tap opens the full odds.
  const values = outcomes.map((o) => h('span', { class: `strip-value ${o.cls}`, dataset: { outcome: o.id } },
    h('span', { class: 'strip-label', text: o.short }), ' ', h('strong', { class: 'strip-p', text: '–' })));
  const method = h('span', { class: 'strip-method' });
  const state = h('span', { class: 'strip-state', text: 'computing…' });
  const strip = h('button', {
    class: 'outcome-strip', attrs: { type: 'button', 'aria-controls': 'results', title: 'Show the full odds' },
    on: { click: () => { card.scrollIntoView({ block: 'start' }); heading.focus({ preventScroll: true }); } },
  }, h('span', { class: 'sr-only', text: 'Odds: ' }), h('span', { class: 'strip-values' }, values),
  h('span', { class: 'strip-line' }, method, ' ', state, h('span', { class: 'strip-open', attrs: { 'aria-hidden': 'true' }, text: 'Details ▴' })));

  // On a laptop the strip shows at the top of the results column only while
  // the bars have scrolled out of it (reading the matrix or the rolled battle).
  setTimeout(() => {
    const root = strip.closest('.col-results');
    if (!root || !window.IntersectionObserver) return;
    new IntersectionObserver(([e]) => strip.classList.toggle('away', e.intersectionRatio < 0.99),
      { root, rootMargin: '-72px 0px 0px 0px', threshold: [0, 0.5, 0.99, 1] }).observe(bars);
  }, 0);

  const own = [body, strip];
  const tracked = new Set();
  const droppable = new Map(); // element -> text shown once its content is dropped
  const keeping = new Map();   // element -> a mark: at the next change of units its content stays, dimmed, under it
  const marked = new Set();    // regions showing a kept content under its mark: dimmed inside, the mark in full
  let last = null;
  // The last run showed sampled odds before exact ones: the battle is large,
  // so the next edit samples at once instead of first trying for a moment.
  let large = false;

  function setState(text, kind) {
    state.textContent = readable(text);
    strip.dataset.state = kind;
  }
  function say(text, kind = '') {
    status.textContent = readable(text);
    status.classList.toggle('error', kind === 'error');
  }
  function dim(on) {
    for (const r of own) r.classList.toggle('stale', on);
    if (on) for (const r of tracked) if (!marked.has(r)) r.classList.add('stale');
  }

  return {
    card, strip, details, heading,
    // Another result region (a matrix, a rolled battle) dimmed with the odds;
    // `dropText`: shown instead of its content when units come or go.
    track(el, dropText = null) {
      tracked.add(el);
      if (dropText) droppable.set(el, dropText);
    },
    // The battle changed: everything shown is for the battle as it was.
    // `structural`: units came or went, so results naming units are dropped.
    changed({ structural = false } = {}) {
      dim(true);
      delete strip.dataset.pending;
      say('The battle changed: these odds are for the battle before it.');
      setState('updating…', 'stale');
      if (structural) {
        large = false;  // units came or went: worth the moment's exact attempt again
        replace(details, h('p', { class: 'muted', text: 'The units changed: their results come with the new odds.' }));
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
      }
    },
    // At the next change of units, `el` (a tracked region) keeps what it
    // shows, dimmed, under `mark` (a rolled battle just applied to a roster).
    keep(el, mark) {
      keeping.set(el, mark);
    },
    // A region is up to date again (the matrix after its call, a new roll).
    settle(el) {
      marked.delete(el);
      el.classList.remove('stale');
    },
    // A field the user has emptied, mid-edit: not an error; the odds wait for
    // its number (`why` names the unit and the field).
    waiting(why) {
      dim(true);
      delete strip.dataset.pending;
      say(`Waiting: ${why}.`);
      setState(`waiting: ${why}`, 'waiting');
    },
    // The battle as it stands cannot be computed: `why` names the unit and the field.
    failed(why) {
      dim(true);
      delete strip.dataset.pending;
      say(`Odds not updated: ${why}`, 'error');
      setState(`error: ${why}`, 'error');
    },
    // Computes the odds of `request` and hands each good answer to `render`:
    // for a battle too large to solve at once, its sampled odds first, then
    // its exact odds (or the sampled ones again, saying why they stand). A
    // bad field goes to `showError` (dom.js placeError: the words, or
    // {waiting} for an emptied field); `clearError` after a good answer. Nothing is drawn once `alive()` turns false (page left).
    async run(request, { render, showError, clearError, alive = () => true }) {
      const view = this;
      const deliver = (a) => {
        if (!alive()) return;
        if (!a.ok) {
          view.refused(showError(a.error));
          return;
        }
        clearError();
        render(a);
      };
      let answer;
      stopPressed = false;
      let previewed = false;
      const preview = {
        show(a) {
          previewed = true;
          deliver(a);
          strip.dataset.pending = 'exact';
          setState('exact odds coming…', 'fresh');
        },
        note(text) { say(text); },
      };
      try {
        answer = await runOdds(ctx.engine, request, {
          status, stop, body: null, preview, quick: !large,
          say: (text) => {
            const stopped = /^Stopped/.test(text);
            if (stopped && !stopPressed) return;
            say(text);
            setState(stopped ? 'stopped' : text.replace(/…$/, '').toLowerCase() + '…', stopped ? 'stale' : 'busy');
          },
        });
      } catch (e) {
        if (alive()) view.failed(e.message);
        return;
      }
      // Large: its exact odds took longer than the moment's attempt, or never came.
      if (answer) large = previewed && !(answer.method?.startsWith('exact') && answer.time_ms <= 1000 * PAGE_EXACT_TIME_S);
      if (answer === null) {
        // Stopped while the exact solve went on behind sampled odds: those stand.
        if (previewed && stopPressed) {
          delete strip.dataset.pending;
          setState('', 'fresh');
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
      delete strip.dataset.pending;
      const items = outcomes.map((o) => ({ id: o.id, label: o.name, p: a.outcomes[o.id] ?? 0, cls: o.cls,
        ...(a.ci95 ? { lo: a.ci95[o.id][0], hi: a.ci95[o.id][1] } : {}) }));
      replace(bars, outcomeBars(items, { caption: 'Outcome of the battle' }));
      const ps = outcomes.map((o) => a.outcomes[o.id] ?? 0);
      outcomes.forEach((o, i) => { values[i].querySelector('.strip-p').textContent = pctAmong(ps[i], ps); });
      const half = a.ci95 ? Math.max(...outcomes.map((o) => (a.ci95[o.id][1] - a.ci95[o.id][0]) / 2)) : 0;
      method.textContent = a.method.startsWith('exact') ? 'exact' : `sampled ±${pct(half)}`;
      setState('', 'fresh');
      // Sampled on several workers, the core's time is theirs added up (more than the wall time).
      const core = a.workers > 1 ? `${num(a.time_ms, 1)} ms in the core over ${a.workers} workers` : `${num(a.time_ms, 1)} ms in the core`;
      say(`${methodText} · ${core}, ${num(timing, 0)} ms in all.${a.upgrade ? ` The exact solve behind them stopped: ${a.upgrade.message}.` : ''}`);
      dim(false); // the regions the page tracks (matrix, roll) settle when their own answers come
    },
    last: () => last,
  };
}

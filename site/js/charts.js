// Charts built node by node (no HTML strings), so that every value can be
// read: printed beside its bar, on a percent axis with gridlines, shown when a
// bar is tapped or focused, and in a table of numbers under the chart.
import { h, pct, pctAmong, lazyFold } from './dom.js';

const TICKS = [0, 0.25, 0.5, 0.75, 1];

// A percent axis from 0 to `top` under a bar area (0–100% for outcome bars).
function axis(top) {
  return h('div', { class: 'axis', attrs: { 'aria-hidden': 'true' } },
    TICKS.map((t) => {
      const tick = h('span', { class: 'tick', text: pct(t * top).replace(/\.0%$/, '%') });
      tick.style.left = `${t * 100}%`;
      return tick;
    }));
}

// A table folded away under a chart, built when it is first opened (lazyFold):
// a page's tables were a fifth of its elements, and most are never opened.
function numbers(caption, head, rows) {
  return lazyFold({ class: 'numbers' }, h('summary', { text: 'Table of numbers' }), () =>
    h('table', { class: 'dist-table' },
      h('caption', { class: 'sr-only', text: caption }),
      h('thead', {}, h('tr', {}, head.map((t) => h('th', { attrs: { scope: 'col' }, text: t })))),
      h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, i) => h(i === 0 ? 'th' : 'td', { attrs: i === 0 ? { scope: 'row' } : {}, text: String(c) })))))));
}

// Outcome bars: items [{id?, label, p, lo?, hi?, cls?}], all on one 0–100% scale:
// every track has the same width whatever its value's text, so lengths compare.
export function outcomeBars(items, { caption = 'Outcomes' } = {}) {
  const ci = items.some((it) => it.lo !== undefined);
  const ps = items.map((it) => it.p);
  const shown = (p) => pctAmong(p, ps);
  const list = h('div', { class: 'bars' + (ci ? ' with-ci' : ''), attrs: { role: 'list', 'aria-label': caption } });
  for (const it of items) {
    const fill = h('div', { class: 'bar-fill ' + (it.cls || '') });
    fill.style.width = `${Math.max(0, Math.min(1, it.p)) * 100}%`;
    const track = h('div', { class: 'bar-track' }, fill);
    if (it.lo !== undefined && it.hi !== undefined) {
      const band = h('div', { class: 'bar-ci', attrs: { title: `95% interval ${pct(it.lo)} – ${pct(it.hi)}` } });
      band.style.left = `${it.lo * 100}%`;
      band.style.width = `${Math.max(0.3, (it.hi - it.lo) * 100)}%`;
      track.append(band);
    }
    list.append(h('div', { class: 'bar-row', attrs: { role: 'listitem' }, dataset: it.id ? { outcome: it.id } : null },
      h('span', { class: 'bar-label', text: it.label }),
      track,
      h('span', { class: 'bar-value' }, h('span', { class: 'p', text: shown(it.p) }),
        it.lo !== undefined ? h('span', { class: 'ci', text: ` ${pct(it.lo)} – ${pct(it.hi)}` }) : null)));
  }
  list.append(h('div', { class: 'bar-row axis-row', attrs: { 'aria-hidden': 'true' } }, h('span'), axis(1), h('span')));
  return h('div', { class: 'chart outcome-chart' }, list,
    numbers(caption, ci ? ['Outcome', 'Probability', '95% interval'] : ['Outcome', 'Probability'],
      items.map((it) => (ci ? [it.label, shown(it.p), `${pct(it.lo)} – ${pct(it.hi)}`] : [it.label, shown(it.p)]))));
}

// A value scale for the largest bar: 10%, 20%, 25%, 50% ... so the axis reads in round steps.
function niceTop(max) {
  for (const t of [0.01, 0.02, 0.04, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1]) if (max <= t + 1e-12) return t;
  return 1;
}

const ROWS_AT_MOST = 21; // one row per value up to a d20's 0–20; more values become columns

// A distribution {"value": p, ...}: rows with their values beside them, or for
// many values columns whose value shows on tap, hover or focus; a toggle for
// "at least N"; the table of numbers under it.
// mark: a value seen (How lucky was I), marked in shape and words as well as colour.
export function distChart(dist, { title = '', xLabel = 'Value', highlight = null, mark = null, maxBars = 60, cls = '' } = {}) {
  const all = Object.entries(dist || {}).map(([v, p]) => [Number(v), p]).filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  if (all.length === 0) return h('p', { class: 'muted', text: 'No data.' });
  // At least each value: summed from the largest down (the small tails stay
  // exact); the smallest value of a whole distribution is at least 100%,
  // exactly, not ">99.99%" from rounding in the sum.
  const atLeast = new Map();
  let tail = 0;
  for (let i = all.length - 1; i >= 0; i--) {
    tail += all[i][1];
    atLeast.set(all[i][0], Math.min(1, tail));
  }
  if (Math.abs(tail - 1) < 1e-9) atLeast.set(all[0][0], 1);
  // Too many values for bars: keep the most likely run (the table keeps them all).
  let entries = all;
  let note = null;
  if (all.length > maxBars) {
    let best = -1, start = 0;
    for (let i = 0; i + maxBars <= all.length; i++) {
      let s = 0;
      for (let j = i; j < i + maxBars; j++) s += all[j][1];
      if (s > best) { best = s; start = i; }
    }
    entries = all.slice(start, start + maxBars);
    note = `The chart shows the ${entries.length} most likely values (${pct(best)} of the probability); the table has all ${all.length}.`;
  }
  let cumulative = false;
  const plot = h('div', { class: 'dist-plot' });
  const readout = h('p', { class: 'readout', attrs: { 'aria-live': 'polite' } });
  const toggle = h('button', {
    class: 'small toggle', attrs: { type: 'button', 'aria-pressed': 'false', title: 'Show the chance of at least each value' },
    text: `At least N`, on: { click: () => { cumulative = !cumulative; toggle.setAttribute('aria-pressed', String(cumulative)); draw(); } },
  });
  const valueOf = (v, p) => (cumulative ? atLeast.get(v) : p);
  const say = (v, p) => `${xLabel} ${cumulative ? 'at least ' : ''}${v}: ${pct(valueOf(v, p))}`;

  function draw() {
    const values = entries.map(([v, p]) => valueOf(v, p));
    const top = cumulative ? 1 : niceTop(Math.max(...values));
    const scale = (x) => `${Math.min(1, x / top) * 100}%`;
    if (entries.length <= ROWS_AT_MOST) {
      const rows = entries.map(([v, p]) => {
        const fill = h('div', { class: `bar-fill ${cls}` + (highlight !== null && v === highlight ? ' hl' : '') });
        fill.style.width = scale(valueOf(v, p));
        const hl = mark !== null && v === mark;
        return h('div', { class: 'bar-row' + (hl ? ' hl-row' : ''), attrs: { role: 'listitem', 'aria-label': say(v, p) + (hl ? ' (the result seen)' : '') } },
          h('span', { class: 'bar-label', attrs: { 'aria-hidden': 'true' }, text: `${hl ? '▶ ' : ''}${cumulative ? '≥ ' : ''}${v}` }),
          h('div', { class: 'bar-track' }, fill),
          h('span', { class: 'bar-value', attrs: { 'aria-hidden': 'true' }, text: pct(valueOf(v, p)) }));
      });
      plot.replaceChildren(h('div', { class: 'bars dist-rows', attrs: { role: 'list', 'aria-label': title } }, rows,
        h('div', { class: 'bar-row axis-row', attrs: { 'aria-hidden': 'true' } }, h('span'), axis(top), h('span'))));
      readout.hidden = true;
      return;
    }
    // Columns: one tab stop for the chart; arrows move along it and the value is read out.
    let at = Math.max(0, entries.findIndex(([, p]) => p === Math.max(...entries.map((e) => e[1]))));
    const cols = entries.map(([v, p], i) => {
      const bar = h('div', { class: `col-bar bar-fill ${cls}` + (highlight !== null && v === highlight ? ' hl' : '') + (mark !== null && v === mark ? ' hl marked' : '') });
      bar.style.height = scale(valueOf(v, p));
      return h('div', { class: 'col', dataset: { i: String(i) }, on: { click: () => pick(i), pointerenter: () => pick(i) } }, bar);
    });
    const step = Math.max(1, Math.ceil(entries.length / 6));
    const labels = entries.map(([v], i) => h('span', { text: i % step === 0 || i === entries.length - 1 ? String(v) : '' }));
    const grid = h('div', { class: 'col-grid' }, TICKS.map((t) => {
      const line = h('span', { class: 'gridline' }, h('span', { class: 'gl-label', text: pct(t * top).replace(/\.0%$/, '%') }));
      line.style.bottom = `${t * 100}%`;
      return line;
    }));
    const area = h('div', {
      class: 'cols', attrs: { tabindex: '0', role: 'group', 'aria-label': `${title}: use the arrow keys to read each value` },
      on: { keydown: (e) => {
        const d = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
        if (d === undefined) return;
        e.preventDefault();
        pick(Math.max(0, Math.min(entries.length - 1, at + d)));
      }, focus: () => pick(at) },
    }, grid, cols);
    function pick(i) {
      at = i;
      for (const c of cols) c.classList.toggle('picked', c.dataset.i === String(i));
      readout.textContent = say(...entries[i]);
    }
    plot.replaceChildren(area, h('div', { class: 'col-labels', attrs: { 'aria-hidden': 'true' } }, labels));
    readout.hidden = false;
    pick(at);
  }
  draw();
  return h('figure', { class: 'chart dist-chart' },
    h('div', { class: 'chart-head' }, h('figcaption', { class: 'small', text: title }), toggle),
    plot, readout,
    note ? h('p', { class: 'muted small', text: note }) : null,
    numbers(title, [xLabel, 'Probability', 'At least'], all.map(([v, p]) => [v, pct(p), pct(atLeast.get(v))])));
}

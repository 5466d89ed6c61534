// Charts as SVG built node by node (no HTML strings), readable by screen
// readers through their titles and a text summary.
import { h, svg, pct } from './dom.js';

// Horizontal bars: items [{label, p, lo?, hi?, cls?}].
export function outcomeBars(items, { caption = '' } = {}) {
  const list = h('div', { class: 'bars', attrs: { role: 'list', 'aria-label': caption || 'Outcomes' } });
  for (const it of items) {
    const fill = h('div', { class: 'bar-fill ' + (it.cls || '') });
    fill.style.width = `${Math.max(0, Math.min(1, it.p)) * 100}%`;
    const track = h('div', { class: 'bar-track' }, fill);
    if (it.lo !== undefined && it.hi !== undefined) {
      const ci = h('div', { class: 'bar-ci', attrs: { title: `95% interval ${pct(it.lo)} – ${pct(it.hi)}` } });
      ci.style.left = `${it.lo * 100}%`;
      ci.style.width = `${Math.max(0.3, (it.hi - it.lo) * 100)}%`;
      track.append(ci);
    }
    const value = it.lo !== undefined ? `${pct(it.p)} (${pct(it.lo)} – ${pct(it.hi)})` : pct(it.p);
    list.append(h('div', { class: 'bar-row', attrs: { role: 'listitem' } },
      h('span', { class: 'bar-label', text: it.label }), track, h('span', { class: 'bar-value', text: value })));
  }
  return list;
}

// A distribution as vertical bars: dist is {"value": p, ...}.
export function distChart(dist, { title = '', xLabel = '', highlight = null, maxBars = 60 } = {}) {
  let entries = Object.entries(dist || {}).map(([v, p]) => [Number(v), p]).filter(([, p]) => p > 0);
  entries.sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return h('p', { class: 'muted', text: 'No data.' });
  // Too many values for bars: keep the most likely run around the mode.
  let note = null;
  if (entries.length > maxBars) {
    let best = 0;
    for (let i = 0; i + maxBars <= entries.length; i++) {
      let s = 0;
      for (let j = i; j < i + maxBars; j++) s += entries[j][1];
      if (s > best) { best = s; note = i; }
    }
    const start = note;
    entries = entries.slice(start, start + maxBars);
    note = `showing ${entries.length} most likely values (${pct(best)} of the probability)`;
  }
  const W = 320, H = 120, pad = 18;
  const maxP = Math.max(...entries.map(([, p]) => p));
  const bw = (W - 2) / entries.length;
  const g = svg('svg', { viewBox: `0 0 ${W} ${H + pad}`, class: 'dist', role: 'img', 'aria-label': title });
  g.append(svg('title', {}, title));
  entries.forEach(([v, p], i) => {
    const bh = maxP > 0 ? (p / maxP) * (H - 4) : 0;
    const rect = svg('rect', {
      x: 1 + i * bw + bw * 0.1, y: H - bh, width: Math.max(1, bw * 0.8), height: Math.max(0.5, bh),
      class: highlight !== null && v === highlight ? 'hl' : '',
    });
    rect.append(svg('title', {}, `${xLabel ? xLabel + ' ' : ''}${v}: ${pct(p)}`));
    g.append(rect);
  });
  // Value labels: first, last and a few between.
  const step = Math.max(1, Math.ceil(entries.length / 8));
  entries.forEach(([v], i) => {
    if (i % step === 0 || i === entries.length - 1) {
      g.append(svg('text', { x: 1 + i * bw + bw / 2, y: H + 13, 'text-anchor': 'middle' }, String(v)));
    }
  });
  return h('figure', { class: 'chart' }, g, note ? h('figcaption', { class: 'muted', text: note }) : null);
}

// A small table of a distribution for those who prefer numbers.
export function distTable(dist, { label = 'Value' } = {}) {
  const rows = Object.entries(dist || {}).map(([v, p]) => [Number(v), p]).sort((a, b) => a[0] - b[0]);
  return h('table', { class: 'dist-table' },
    h('thead', {}, h('tr', {}, h('th', { text: label }), h('th', { text: 'Probability' }), h('th', { text: 'At least' }))),
    h('tbody', {}, (() => {
      let tail = rows.reduce((s, [, p]) => s + p, 0);
      return rows.map(([v, p]) => {
        const tr = h('tr', {}, h('td', { text: String(v) }), h('td', { text: pct(p) }), h('td', { text: pct(tail) }));
        tail -= p;
        return tr;
      });
    })()));
}

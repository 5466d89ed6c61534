// What the tools show, shared: chances with their intervals, expected
// losses, signed differences, and a chart of a side's chance to win across
// values (a sweep) or changes (marginal value), each value printed.
import { h, pct, pctAmong, num } from './dom.js';

// "62.0%" or "62.0% (60.1–63.9%)" when sampled; never "100%" while the
// point's other chances (win, lose, neither) are not all 0.
export function chanceText(point, key = 'win') {
  const ci = point.ci95?.[key];
  const p = pctAmong(point[key], ['win', 'lose', 'draw'].map((k) => point[k]).filter((x) => typeof x === 'number'));
  return ci ? `${p} (${pct(ci[0])}–${pct(ci[1])})` : p;
}

// "+4.1 points", "−2.0 points" (percentage points), "no change".
export function deltaText(d) {
  if (Math.abs(d) < 5e-7) return 'no change';
  return `${d > 0 ? '+' : '−'}${num(Math.abs(d) * 100, 1)} points`;
}

export function signed(x, digits = 2) {
  if (Math.abs(x) < 0.5 * 10 ** -digits) return '0';
  return `${x > 0 ? '+' : '−'}${num(Math.abs(x), digits)}`;
}

// Rows of bars on one 0–100% scale: [{label, p, cls, mark, title}], values printed.
export function chanceBars(rows, { caption, cls = '' } = {}) {
  return h('div', { class: `bars dist-rows tool-bars ${cls}`, attrs: { role: 'list', 'aria-label': caption } },
    rows.map((r) => {
      const fill = h('div', { class: `bar-fill ${r.cls || ''}${r.mark ? ' hl' : ''}` });
      fill.style.width = `${Math.max(0, Math.min(1, r.p)) * 100}%`;
      return h('div', { class: 'bar-row' + (r.mark ? ' marked' : ''), attrs: { role: 'listitem', 'aria-label': `${r.label}: ${r.text || pct(r.p)}${r.mark ? ` (${r.mark})` : ''}` } },
        h('span', { class: 'bar-label', attrs: { 'aria-hidden': 'true' }, text: r.label }),
        h('div', { class: 'bar-track' }, fill),
        h('span', { class: 'bar-value', attrs: { 'aria-hidden': 'true' }, text: (r.mark ? '▼ ' : '') + (r.text || pct(r.p)) }));
    }));
}

// A table: head, rows of cells (the first cell a row header).
export function table(caption, head, rows, cls = '') {
  // Focusable, so a table wider than a phone scrolls by keyboard too.
  return h('div', { class: 'table-scroll', attrs: { tabindex: '0', role: 'region', 'aria-label': caption } },
    h('table', { class: `dist-table tool-table ${cls}` },
      h('caption', { class: 'sr-only', text: caption }),
      h('thead', {}, h('tr', {}, head.map((t) => h('th', { attrs: { scope: 'col' }, text: t })))),
      // data-label: the column's name, shown beside each value where a
      // "stack-narrow" table becomes one card per row on a phone.
      h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, i) => h(i === 0 ? 'th' : 'td',
        { attrs: i === 0 ? { scope: 'row' } : { 'data-label': head[i] }, text: String(c ?? '') })))))));
}

// Expected losses of both sides, in the rule system's unit: "4.3 men".
export function lossText(point, sideId) {
  return num(point.losses?.[sideId]?.total ?? 0, 2);
}

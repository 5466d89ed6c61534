// Marginal value: one more of each thing the chosen side could add, ranked by
// how much it changes the chance to win (and, for S&F, per gold piece).
import { h, replace, button, num } from './dom.js';
import { chanceText, chanceBars, table, deltaText } from './tools-view.js';

const WHAT = {
  olympia: 'one more man of each kind for each noble',
  warfare: 'one step of each unit: a bigger casualty die, more experience (or better equipment), priced by the unit builder',
  'bloodied-steel': 'one more Arms, Armour or Size for each unit',
};

export const marginalTool = {
  id: 'marginal',
  title: 'Marginal value',
  blurb: 'what one more of each thing is worth',
  mount(tc, body) {
    const box = tc.runBox();
    const steps = tc.ruleset === 'warfare' ? h('fieldset', { class: 'checks' }, h('legend', { class: 'small', text: 'Steps to try' }),
      [['size', 'Size', true], ['experience', 'Experience', true], ['equipment', 'Equipment', false]].map(([id, name, on]) =>
        h('label', {}, h('input', { attrs: { type: 'checkbox', value: id }, checked: on }), name))) : null;
    replace(body,
      h('p', { class: 'muted small', text: `For the chosen side: ${WHAT[tc.ruleset]}. Each is one solve.` }),
      steps,
      h('div', { class: 'toolbar' }, button('Rank them', () => rank(), { cls: 'primary', title: 'Solve the battle with each change' })),
      box.head, box.note, box.out);

    async function rank() {
      const fields = {};
      if (steps) fields.steps = [...steps.querySelectorAll('input:checked')].map((i) => i.value);
      const a = await tc.run('marginal', fields, box);
      if (!a) return;
      const gold = tc.ruleset === 'warfare';
      replace(box.out,
        h('p', { class: 'tool-summary', text: `Now: ${cap(tc.sideName(a.side))} wins ${chanceText(a.base)}.` }),
        a.changes.length ? chanceBars(a.changes.map((c) => ({ label: c.label, p: c.win, text: `${chanceText(c)} (${deltaText(c.delta)})`, cls: a.side })),
          { caption: 'Chance to win after each change', cls: 'wide-labels' }) : h('p', { class: 'muted', text: 'Nothing to add.' }),
        a.changes.length ? table('Changes ranked by the chance to win', ['Change', 'Chance to win', 'Change in it', ...(gold ? ['Cost (gold)', 'Per 100 gold'] : [])],
          a.changes.map((c) => [c.label, chanceText(c), deltaText(c.delta), ...(gold ? [c.cost === undefined ? 'no price' : num(c.cost, 2), c.per_gold === undefined ? '–' : deltaText(c.per_gold * 100)] : [])]),
          'stack-narrow') : null,
        a.by_gold?.length ? [h('h4', { text: 'Ranked per gold piece' }),
          h('ol', { class: 'small' }, a.by_gold.map((g) => h('li', { text: `${g.label}: ${deltaText(g.per_gold * 100)} per 100 gold (${num(g.cost, 2)} gold, ${deltaText(g.delta)})` })))] : null,
        a.skipped.length ? [h('h4', { text: 'Not possible' }),
          h('ul', { class: 'small' }, a.skipped.map((s) => h('li', { text: `${s.label}: ${s.why}` })))] : null);
    }
    return {};
  },
};

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

// Sweep one number: pick any number in the battle (the core lists them with
// their ranges) and a range; the chance to win and the expected losses at
// each value, with every place where more of it gives worse odds in words.
import { h, replace, button, field, numberInput, numberValue, num, readable } from './dom.js';
import { chanceText, chanceBars, table } from './tools-view.js';

const MAX_POINTS = 101;

export const sweepTool = {
  id: 'sweep',
  title: 'Sweep one number',
  blurb: 'the odds across a range of one number',
  mount(tc, body) {
    const box = tc.runBox();
    let fields = [];
    const pick = h('select', { on: { change: () => defaults() } });
    const from = numberInput(0, {});
    const to = numberInput(10, {});
    const step = numberInput(1, { min: 1 });
    const presets = h('div', { class: 'toolbar tool-presets' });
    const runButton = button('Sweep', () => sweep(), { cls: 'primary', title: 'Solve the battle at every value of the range' });
    replace(body,
      presets,
      h('div', { class: 'tool-form' },
        field('Number to sweep', pick, null, { cls: 'wide' }),
        field('From', from, null, { cls: 'num' }),
        field('To', to, null, { cls: 'num' }),
        field('Step', step, null, { cls: 'num' })),
      h('p', { class: 'muted small', text: `At most ${MAX_POINTS} values. Each value is one solve of the battle, exact wherever the odds are exact.` }),
      h('div', { class: 'toolbar' }, runButton),
      box.head, box.note, box.out);

    async function load() {
      let info;
      try {
        info = await tc.info();
      } catch (e) {
        box.status.textContent = e.message;
        box.status.classList.add('error');
        return false;
      }
      if (!info) return false;
      const keep = pick.value;
      fields = info.fields;
      const groups = new Map();
      for (const f of fields) {
        const g = f.group === 'options' ? 'Rules' : f.group === 'tactics' ? 'Tactics' : cap(tc.sideName(f.group));
        if (!groups.has(g)) groups.set(g, []);
        groups.get(g).push(f);
      }
      replace(pick, [...groups].map(([g, list]) => h('optgroup', { attrs: { label: g } },
        list.map((f) => h('option', { value: f.path, text: `${cap(f.label)} (now ${f.value})` })))));
      if (fields.some((f) => f.path === keep)) pick.value = keep;
      else defaults();
      replace(presets, (info.presets || []).map((p) => button(`Sweep ${p.label.charAt(0).toLowerCase()}${p.label.slice(1)}`, () => {
        pick.value = p.path;
        from.value = String(p.from);
        to.value = String(p.to);
        step.value = String(p.step);
        sweep();
      }, { cls: 'small', title: `One click: ${p.label} in steps of ${p.step}` })));
      return true;
    }

    // A sensible range for the chosen number: a break point 0–100 by 10, men from none to twice as many.
    function defaults() {
      const f = fields.find((x) => x.path === pick.value);
      if (!f) return;
      let lo, hi, st = f.step || 1;
      if (f.max - f.min <= 100 && st > 1) { lo = f.min; hi = f.max; }
      else if (f.one) { lo = 0; hi = Math.max(10, 2 * f.value); st = Math.max(1, Math.ceil((hi - lo) / 20)); }
      else { lo = Math.max(f.min, f.value - 5 * st); hi = Math.min(f.max, f.value + 5 * st); }
      from.value = String(lo);
      to.value = String(hi);
      step.value = String(st);
    }

    async function sweep() {
      if (!(await load())) return;
      const a = await tc.run('sweep', { path: pick.value, from: numberValue(from), to: numberValue(to), step: numberValue(step) ?? 1 }, box);
      if (!a) return;
      const worseAt = new Map(a.worse.map((w) => [w.to, w]));
      const other = tc.sides.find((s) => s.id !== a.side).id;
      replace(box.out,
        h('h4', { text: `${cap(tc.sideName(a.side))}'s chance to win by ${a.label}` }),
        chanceBars(a.points.map((p) => ({ label: String(p.value), p: p.win, text: chanceText(p), cls: a.side, mark: worseAt.has(p.value) ? 'lower than one step before' : null })),
          { caption: `Chance to win across ${a.label}` }),
        h('p', { class: 'tool-summary', text: readable(a.worse_text) }),
        a.worse.length ? h('ul', { class: 'tool-worse' }, a.worse.map((w) => h('li', { text: readable(w.text) }))) : null,
        table(`Sweep of ${a.label}`, [cap(a.label), 'Win', 'Lose', 'Neither', `Loss of ${tc.sideName(a.side)} (${a.loss_word})`, `Loss of ${tc.sideName(other)}`],
          a.points.map((p) => [p.value, chanceText(p, 'win'), chanceText(p, 'lose'), chanceText(p, 'draw'), num(p.losses[a.side].total), num(p.losses[other].total)])));
    }

    let loaded = false;
    tc.onChange((what) => { if (what === 'battle') loaded = false; });
    return {
      opened() { if (!loaded) { loaded = true; load(); } },
    };
  },
};

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

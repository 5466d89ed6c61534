// Minimum force: the least men of a kind (Olympia), the least Arms (Bloodied
// Steel) or the cheapest improvements in gold (S&F) that reach a target
// chance to win; or "not reachable within the limits", saying which.
import { h, replace, button, field, numberInput, numberValue, num, debounce, readable } from './dom.js';
import { chanceText, table } from './tools-view.js';

const MAX_SOLVES = 200;  // the core's most solves for one minimum force call

export const minimumTool = {
  id: 'minimum',
  title: 'Minimum force',
  blurb: 'the least it takes to reach a chance to win',
  mount(tc, body) {
    const box = tc.runBox();
    const target = numberInput(90, { min: 1, max: 100 });
    const who = h('select');
    const kind = h('select');
    const max = numberInput(tc.ruleset === 'warfare' ? 30 : 1000, { min: 1 });
    const steps = h('fieldset', { class: 'checks' }, h('legend', { class: 'small', text: 'Improvements to combine' }),
      [['size', 'Size', true], ['experience', 'Experience', true], ['equipment', 'Equipment', false]].map(([id, name, on]) =>
        h('label', {}, h('input', { attrs: { type: 'checkbox', value: id }, checked: on }), name)));
    const form = h('div', { class: 'tool-form' });
    const explainText = {
      olympia: 'The least men of one kind under one noble of the chosen side. More men need not mean better odds (break points): when the range is small enough every count is solved; else the search doubles then halves, and says so.',
      'bloodied-steel': 'The least Arms for one unit of the chosen side (the nation\'s Arms total is shown too). More Arms never lowers a nation\'s chance, so halving finds it for certain.',
      warfare: 'The cheapest way in gold, by the unit builder\'s costs: every combination of the chosen steps of the side\'s units, tried in order of total cost; the first that reaches the target is the cheapest of them.',
    }[tc.ruleset];
    replace(body, h('p', { class: 'muted small', text: explainText }), form,
      h('div', { class: 'toolbar' }, button('Find it', () => find(), { cls: 'primary', title: 'Search for the least force that reaches the target' })),
      box.head, box.note, box.out);

    let info = null;
    async function load() {
      try {
        info = await tc.info();
      } catch (e) {
        box.status.textContent = e.message;
        return;
      }
      if (!info) return;
      const m = info.minimum;
      if (tc.ruleset === 'olympia') {
        const keep = kind.value;
        replace(who, (m.nobles[tc.side()] || []).map((n, i) => h('option', { value: String(i), text: n })));
        replace(kind, m.kinds.map((k) => h('option', { value: k.id, text: cap(k.plural) })));
        kind.value = keep || 'soldier';
        replace(form, field('Target chance to win (%)', target, null, { cls: 'num' }), field('Noble', who), field('Men of the kind', kind),
          field('At most', max, null, { cls: 'num' }));
      } else if (tc.ruleset === 'bloodied-steel') {
        replace(who, m.units.filter((u) => u.nation === tc.side()).map((u) => h('option', { value: String(u.index), text: u.name })));
        replace(form, field('Target chance to win (%)', target, null, { cls: 'num' }), field('Unit whose Arms grow', who),
          field('At most (Arms)', max, null, { cls: 'num' }));
      } else {
        replace(form, field('Target chance to win (%)', target, null, { cls: 'num' }), steps, field('At most (solves)', max, null, { cls: 'num' }));
      }
    }

    async function find() {
      await load();
      const t = numberValue(target);
      const fields = { target: typeof t === 'number' ? t / 100 : t };
      if (tc.ruleset === 'olympia') Object.assign(fields, { noble: Number(who.value || 0), kind: kind.value, max: numberValue(max) });
      else if (tc.ruleset === 'bloodied-steel') {
        if (who.value !== '') fields.unit = Number(who.value);
        fields.max = numberValue(max);
      } else Object.assign(fields, { steps: [...steps.querySelectorAll('input:checked')].map((i) => i.value), max_solves: numberValue(max) });
      const a = await tc.run('minimum', fields, box);
      if (!a) return;
      const point = a.point || a.best || null;
      const other = tc.sides.find((s) => s.id !== a.side).id;
      replace(box.out,
        h('p', { class: 'tool-summary ' + (a.reachable ? 'ok' : 'error'), text: headline(a) }),
        h('p', { class: 'small', text: readable(a.note) }),
        point ? table('The answer\'s odds', ['', 'Win', 'Lose', 'Neither', `Loss of ${tc.sideName(a.side)} (${a.loss_word})`, `Loss of ${tc.sideName(other)}`],
          [[a.reachable ? 'The answer' : 'Best found', chanceText(point, 'win'), chanceText(point, 'lose'), chanceText(point, 'draw'), num(point.losses[a.side].total), num(point.losses[other].total)],
            ...(a.one_less ? [[`One less (${a.one_less.value})`, chanceText(a.one_less, 'win'), chanceText(a.one_less, 'lose'), chanceText(a.one_less, 'draw'), num(a.one_less.losses[a.side].total), num(a.one_less.losses[other].total)]] : [])]) : null,
        a.tried?.length ? h('details', { class: 'numbers' }, h('summary', { text: `Values solved (${a.tried.length})` }),
          table('Values solved', ['Value', 'Chance to win'], a.tried.map((x) => [x.value, chanceText(x)]))) : null,
        a.fixed?.length ? h('p', { class: 'muted small', text: `Not improved: ${a.fixed.map((f) => `${f.unit} (${f.why})`).join('; ')}.` }) : null,
        h('p', { class: 'muted small', text: readable(`Searched: ${a.searched}.`) }),
        further(a));
    }

    // A search its bound stopped, not the battle: offer to go on with a larger
    // bound (solves for S&F, the largest value for the others), up to the core's own limit.
    function further(a) {
      if (a.reachable) return null;
      const now = numberValue(max);
      let next = null, words = null;
      if (tc.ruleset === 'warfare') {
        if (!/most solves/.test(a.stopped_by || '') || now >= MAX_SOLVES) return null;
        next = Math.min(MAX_SOLVES, now < 100 ? 100 : now * 2);
        words = `up to ${num(next, 0)} solves`;
      } else {
        const limit = tc.ruleset === 'olympia' ? tc.limits?.men_per_kind : tc.limits?.arms;
        if (!limit || a.max >= limit || typeof now !== 'number') return null;
        next = Math.min(limit, Math.max(now * 10, 10));
        words = `up to ${num(next, 0)} ${tc.ruleset === 'olympia' ? 'men' : 'Arms'}`;
      }
      return h('div', { class: 'toolbar' }, button(`Search further (${words})`, () => { max.value = String(next); find(); },
        { cls: 'small', title: 'The same search with a larger bound' }));
    }

    function headline(a) {
      const goal = `${Math.round(a.target * 1000) / 10}%`;
      if (!a.reachable) return `Not reachable within the limits: no ${goal} chance to win for ${tc.sideName(a.side)}.`;
      if (tc.ruleset === 'warfare') return a.changes.length ? `${num(a.cost, 2)} gold reaches ${goal}: ${a.changes.join('; ')}.` : `Already ${goal} or better as it is.`;
      if (tc.ruleset === 'bloodied-steel') return `${a.value} ${a.noun} (Arms total ${a.arms_total}) reach ${goal}.`;
      return `${a.value} ${a.noun} reach ${goal}.`;
    }

    // The nobles and units listed follow the battle (soon after an edit) and the side.
    let loaded = false;
    const reload = debounce(() => { if (body.closest('details')?.open) { loaded = true; load(); } }, 400);
    tc.onChange(() => { loaded = false; reload(); });
    return { opened() { if (!loaded) { loaded = true; load(); } } };
  },
};

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
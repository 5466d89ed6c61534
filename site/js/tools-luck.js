// How lucky was I: enter what happened (or take a rolled battle's numbers);
// for each side, the chance of a result at least this good, and each
// survivors chart with the value seen marked.
import { h, replace, button, field, numberInput, numberValue, select, pct, readable } from './dom.js';
import { distChart } from './charts.js';
import { chanceBars } from './tools-view.js';
import { cap } from './tools-run.js';

const EXAMPLE_SEED = 1;
const OUTCOME_NAMES = {
  olympia: { attacker: 'The attacker won', defender: 'The defender won', tie: 'Both broke' },
  warfare: { attacker: 'The attacker won', defender: 'The defender won', draw: 'A draw' },
};

export const luckTool = {
  id: 'luck',
  title: 'How lucky was I',
  blurb: 'where an actual result falls among all results',
  mount(tc, body) {
    const box = tc.runBox();
    const form = h('div', { class: 'tool-form luck-form' });
    let inputs = [];   // [{side, key, input, words}]
    let outcome = null;
    const filled = h('p', { class: 'muted small luck-filled' });
    replace(body,
      h('p', { class: 'muted small', text: 'Enter what actually happened, or use "How lucky was this?" beside a rolled battle. A result is ranked for each side by its outcome for that side (a win, then neither a win nor a loss, then a loss), then by what that side has left; the tool gives the chance of a result at least this good.' }),
      form, filled,
      h('div', { class: 'toolbar' }, button('How lucky?', () => judge(), { cls: 'primary', title: 'Where this result falls among all the battle\'s results' })),
      box.head, box.note, box.out);

    // The form for the battle as it is, keeping what was entered in fields it still has.
    async function load() {
      let info;
      try {
        info = await tc.info();
      } catch (e) {
        box.status.textContent = e.message;
        return false;
      }
      if (!info) return false;
      const keep = new Map(inputs.map((i) => [`${i.side}/${i.key}`, i.input.value]));
      inputs = [];
      const groups = tc.sides.map((s) => GROUPS[tc.ruleset](tc, info, s, inputs));
      for (const i of inputs) if (keep.has(`${i.side}/${i.key}`)) i.input.value = keep.get(`${i.side}/${i.key}`);
      const names = OUTCOME_NAMES[tc.ruleset];
      const was = outcome?.value;
      outcome = names ? select(Object.entries(names).map(([id, name]) => ({ id, name })), was || Object.keys(names)[0]) : null;
      replace(form, outcome ? field('Outcome', outcome) : h('p', { class: 'muted small', text: 'The outcome follows from the Sizes entered.' }), groups);
      // A new battle's form starts from a result that can happen: one rolled
      // battle's own numbers (untouched, the form would say nobody fell,
      // which for most battles is impossible).
      if (!keep.size && await example()) filled.textContent = `Filled in with one rolled battle of these armies (seed ${EXAMPLE_SEED}): change the numbers to what happened.`;
      return true;
    }

    async function example() {
      let roll;
      try {
        roll = await tc.engine.call('roll', { ...tc.battle(), seed: EXAMPLE_SEED, log: false }, { slot: 'tool:luck-example' });
      } catch {
        return false;
      }
      if (!roll?.ok) return false;
      fill(roll);
      return true;
    }

    // A rolled battle's numbers in the form.
    function fill(roll) {
      filled.textContent = '';
      fillFromRoll(tc, inputs, outcome, roll);
    }

    async function judge() {
      if (!(await load())) return;
      await show(await ask());
    }

    // An error in what was entered names the unit (or kind of men) and its
    // field, and marks that field.
    function ask() {
      for (const i of inputs) i.input.removeAttribute('aria-invalid');
      return tc.run('luck', { actual: actualOf(tc, inputs, outcome) }, box, null, (err) => inputErrorWords(inputs, err));
    }

    async function show(a) {
      if (!a) return;
      replace(box.out, ...luckAnswer(tc, a));
    }

    // A rolled battle's own numbers, then the answer.
    async function fromRoll(roll) {
      if (!(await load())) return;
      fill(roll);
      await show(await ask());
    }

    let loaded = false;
    tc.onChange((what) => { if (what === 'battle') loaded = false; });
    return { opened() { if (!loaded) { loaded = true; load(); } }, fromRoll };
  },
};

// One side's fields, by rule system: each pushes its inputs
// ({side, key, input, words}) to `inputs` and returns the side's fieldset.
const GROUPS = {
  // Olympia: the men of each kind left.
  olympia(tc, info, s, inputs) {
    const rows = Object.entries(info.luck.start[s.id] || {}).map(([kind, start]) => {
      const k = info.minimum.kinds.find((x) => x.id === kind);
      const input = numberInput(start, { min: 0, max: start });
      const label = `${cap(k ? k.plural : kind)} left (of ${start})`;
      inputs.push({ side: s.id, key: kind, input, words: `${cap(s.name)}'s ${k ? k.plural : kind} left` });
      return field(label, input, null, { cls: 'num', whose: s.name });
    });
    return sideFieldset(s, rows, 'No men.');
  },
  // S&F: each unit's casualty die at the end.
  warfare(tc, info, s, inputs) {
    const rows = (info.luck.units[s.id] || []).map((u, i) => {
      const input = numberInput(u.start, { min: 0, max: u.die });
      inputs.push({ side: s.id, key: i, input, words: `${u.name}'s casualty die at the end` });
      return field(`${u.name}: casualty die at the end (0 removed; began ${u.start} of d${u.die})`, input, null, { cls: 'num' });
    });
    return sideFieldset(s, rows, null);
  },
  // Bloodied Steel: each unit's Size at the end (the units of both nations in one list).
  'bloodied-steel'(tc, info, s, inputs) {
    const rows = info.luck.units.map((u, i) => [u, i]).filter(([u]) => u.nation === s.id).map(([u, i]) => {
      const input = numberInput(u.start, { min: 0, max: u.start });
      inputs.push({ side: s.id, key: i, input, words: `${u.name}'s Size at the end` });
      return field(`${u.name}: Size at the end (of ${u.start})`, input, null, { cls: 'num' });
    });
    return sideFieldset(s, rows, 'No units.');
  },
};

// A side's fields under its name; `empty`: the words where it has none.
function sideFieldset(s, rows, empty) {
  return h('fieldset', { class: 'luck-side nation ' + s.id }, h('legend', { text: cap(s.name) }),
    rows.length || !empty ? rows : h('p', { class: 'muted small', text: empty }));
}

// A rolled battle's numbers (its outcome and what each side had left) in the form.
function fillFromRoll(tc, inputs, outcome, roll) {
  if (outcome && roll.outcome && [...outcome.options].some((o) => o.value === roll.outcome)) outcome.value = roll.outcome;
  if (tc.ruleset === 'olympia') {
    for (const i of inputs) i.input.value = String(roll.sides?.[i.side]?.men?.[i.key]?.left ?? i.input.value);
  } else if (tc.ruleset === 'warfare') {
    for (const s of tc.sides) {
      const finals = (roll.units || []).filter((u) => u.side === s.id).map((u) => u.final);
      inputs.filter((i) => i.side === s.id).forEach((i, k) => { if (finals[k] !== undefined) i.input.value = String(finals[k]); });
    }
  } else {
    for (const i of inputs) i.input.value = String(roll.units?.[i.key]?.final_size ?? i.input.value);
  }
}

// What happened, as the core's "luck" call takes it.
function actualOf(tc, inputs, outcome) {
  const a = {};
  if (outcome) a.outcome = outcome.value;
  if (tc.ruleset === 'olympia') {
    for (const s of tc.sides) a[s.id] = {};
    for (const i of inputs) a[i.side][i.key] = numberValue(i.input);
  } else if (tc.ruleset === 'warfare') {
    for (const s of tc.sides) a[s.id] = inputs.filter((i) => i.side === s.id).map((i) => numberValue(i.input));
  } else {
    a.units = inputs.slice().sort((x, y) => x.key - y.key).map((i) => numberValue(i.input));
  }
  return a;
}

// An error in one of the fields entered: its words, the field marked; null for another error.
function inputErrorWords(inputs, err) {
  const m = /^\/luck\/actual\/(?:(attacker|defender)\/([^/]+)|units\/(\d+))$/.exec(err.path || '');
  if (!m) return null;
  const i = m[3] !== undefined ? inputs.find((x) => x.key === Number(m[3]))
    : inputs.find((x) => x.side === m[1] && String(x.key) === m[2]);
  if (!i) return null;
  i.input.setAttribute('aria-invalid', 'true');
  return `${i.words}: ${err.message}`;
}

// The answer: each side's chance of a result at least this good, in bars and
// words, then each side's survivors charts with the value seen marked.
function luckAnswer(tc, a) {
  const marks = new Map(a.marks.map((m) => [key(m), m]));
  const sideRows = tc.sides.map((s) => {
    const r = a.sides[s.id];
    return { label: cap(s.name.replace(/^the /, '')), p: r.at_least, cls: s.id,
      text: r.at_least_ci95 ? `${pct(r.at_least)} (${pct(r.at_least_ci95[0])}–${pct(r.at_least_ci95[1])})` : pct(r.at_least) };
  });
  const charts = tc.sides.map((s) => h('div', { class: 'luck-charts' },
    h('h4', { text: `${cap(s.name)}: what was left` }),
    survivors(tc, a, s.id).map(({ dist, m, title }) => {
      const mk = marks.get(key(m)) || m;
      return h('div', { class: 'luck-chart' },
        distChart(dist, { title: `${title}: ${mk.value} (at least this many: ${pct(mk.at_least)})`, xLabel: 'Left', highlight: mk.value, mark: mk.value, cls: s.id }));
    })));
  return [
    h('h4', { text: 'Chance of a result at least this good' }),
    chanceBars(sideRows, { caption: 'Chance of a result at least this good, for each side' }),
    h('ul', { class: 'tool-luck-words' }, tc.sides.map((s) => h('li', { text: readable(a.sides[s.id].text) }))),
    h('p', { class: 'muted small', text: a.definition + (a.method !== 'exact' ? ' Sampled: the chances are estimates (95% interval shown).' : '') }),
    h('p', { class: 'muted small', text: 'Each chart below is one kind of men or one unit on its own, with the value seen marked; the headline above ranks the whole result.' }),
    charts];
}

const key = (m) => `${m.side}/${m.kind ?? m.unit}`;

// A side's survivors: for each mark, the distribution of what was left.
function survivors(tc, a, sideId) {
  const out = [];
  for (const m of a.marks.filter((x) => x.side === sideId)) {
    let dist;
    if (tc.ruleset === 'olympia') dist = a.odds.sides[sideId].men[m.kind].p;
    else if (tc.ruleset === 'warfare') dist = a.odds.units[m.unit].final;
    else dist = a.odds.units[m.unit].final_size;
    out.push({ dist, m, title: cap(m.label) });
  }
  return out;
}

// The Bloodied Steel calculator: units of both nations, tactics in order,
// exact odds as you edit, and a rolled battle with its log.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, placeError,
  clearFieldErrors, pct, num, debounce, unitButton, renameRow, focusFirst, LOG_ATTRS } from './dom.js';
import { distChart } from './charts.js';
import { runRoll } from './odds-run.js';
import { solverPanel } from './solver-form.js';
import { makeOddsView } from './odds-view.js';
import { errorWords } from './error-words.js';
import { mountTools } from './tools.js';
import { optList, optObject } from './battle-store.js';

export const id = 'bloodied-steel';
export const title = 'Bloodied Steel';

export function empty() {
  return { ruleset: id, units: [], tactics: [], seed: 1 };
}

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fits(s) {
  return optList(s.units) && optList(s.tactics) && optObject(s.solver);
}

const NATIONS = [
  { id: 'tribunan', name: 'Tribunan' },
  { id: 'ashen', name: 'Ashen' },
];
const OUTCOMES = [
  { id: 'tribunan', name: 'Tribunan victorious', short: 'Tribunan', cls: 'tribunan' },
  { id: 'ashen', name: 'Ashen victorious', short: 'Ashen', cls: 'ashen' },
  { id: 'retreat', name: 'Both retreat', short: 'Retreat', cls: 'neutral' },
  { id: 'none', name: 'No units left', short: 'None left', cls: 'none' },
];

// An error from the core in words, named by the core: "First Cohort: Arms
// must be a whole number from 0 to 1000".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

const UNIT_LIST_LIMIT = 40;

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// A scenario the page can edit: only the fields it knows, with defaults.
function normalise(s, rules) {
  const src = s && typeof s === 'object' ? s : rules.example;
  return {
    ruleset: id,
    units: Array.isArray(src.units) ? src.units.map((u) => ({ ...u })) : [],
    tactics: Array.isArray(src.tactics) ? src.tactics.map((t) => ({ ...t })) : [],
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: src.solver && typeof src.solver === 'object' ? { ...src.solver } : {},
  };
}

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  let scen = normalise(initial, rules);
  let showAllUnits = false;
  let lastOdds = null;
  let destroyed = false;
  let rolled = false;

  const unitsBox = h('div', { class: 'nations' });
  const tacticsBox = h('div', { class: 'tactics' });
  const rollBox = h('div', { class: 'roll-log' });
  const printSummary = h('section', { class: 'print-only card' });
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const seedInput = numberInput(scen.seed, { min: 0, max: 9007199254740991, onInput: (el) => { scen.seed = numberValue(el); ctx.changed(request({ seed: scen.seed })); } });
  seedInput.dataset.path = '/seed';
  const view = makeOddsView(ctx, { prefix: 'bs', outcomes: OUTCOMES, solverBox });
  view.track(rollBox, 'The units changed: roll the battle again.');
  const tools = mountTools(ctx, { ruleset: id, prefix: 'bs', getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label),
    explain: (err) => explain(scen, err),
    linkChanged: () => ctx.changed(request({ seed: scen.seed })) });

  const page = h('div', { class: 'calc', dataset: { ruleset: id } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Bloodied Steel' }),
      h('p', { class: 'lede', text: 'Tribunan and Ashen units meet: each side rolls a DICE6 for every point of Arms (1–3 add nothing, 4–5 add 1, 6 adds 2), each Total cuts down every enemy unit whose Armour it beats, and survivors retreat.' }),
      ctx.toolbar()),
    printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'bs-units-h' } },
          h('h2', { id: 'bs-units-h', text: 'Units' }), unitsBox),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'bs-tactics-h' } },
          h('h2', { id: 'bs-tactics-h', text: 'Tactics' }),
          h('p', { class: 'muted', text: 'Applied in order before the dice are rolled. Tactics are defined elsewhere in the game, so give each its effect here.' }),
          tacticsBox)),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } },
        view.strip,
        view.card,
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'bs-roll-h' } },
          h('h2', { id: 'bs-roll-h', text: 'Roll the battle' }),
          h('div', { class: 'roll-controls' },
            field('Seed', seedInput, null, { hint: 'The same seed rolls the same battle.' }),
            button('Roll battle', roll, { cls: 'primary', title: 'Roll this battle with the seed' }),
            button('New seed', () => { scen.seed = randomSeed(); seedInput.value = String(scen.seed); ctx.changed(request({ seed: scen.seed })); roll(); }, { title: 'Pick a random seed and roll' })),
          rollBox),
        tools.element)));
  root.append(page);

  // ---- armies ----
  function renderUnits() {
    clear(unitsBox);
    for (const nation of NATIONS) {
      const rows = [];
      let shown = 0, hidden = 0;
      scen.units.forEach((u, i) => {
        if (u.nation !== nation.id) return;
        if (!showAllUnits && shown >= UNIT_LIST_LIMIT) { hidden++; return; }
        shown++;
        rows.push(unitRow(u, i));
      });
      const panel = h('div', { class: 'nation ' + nation.id },
        h('h3', {}, nation.name, ' ', h('span', { class: 'muted small', text: `(${scen.units.filter((u) => u.nation === nation.id).length})` })),
        rows.length ? h('div', { class: 'unit-rows' }, rows) : h('p', { class: 'muted', text: 'No units.' }),
        hidden ? button(`Show all ${hidden + shown} units`, () => { showAllUnits = true; renderUnits(); }, { cls: 'link' }) : null,
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: nation.id }, text: `Add ${nation.name} unit`, on: { click: () => addUnit(nation.id) } }));
      unitsBox.append(panel);
    }
  }

  function unitRow(u, i) {
    const base = `/units/${i}`;
    const lim = rules.limits;
    const numField = (key, label, max) => field(label, numberInput(u[key], { min: 0, max, onInput: (el) => { u[key] = numberValue(el); edited(); } }), `${base}/${key}`, { cls: 'num', whose: u.name });
    const row = h('div', { class: 'unit-row', dataset: { index: i } },
      field('Name', textInput(u.name, { maxlength: lim.name_chars, onInput: (el) => { u.name = el.value; renameRow(row, u.name); edited(); renderTactics(); } }), `${base}/name`, { cls: 'name' }),
      numField('arms', 'Arms', lim.arms),
      numField('armour', 'Armour', lim.armour),
      numField('size', 'Size', lim.size),
      h('div', { class: 'row-actions' },
        unitButton('⇄', 'Move {} to the other nation', u.name, () => {
          u.nation = u.nation === 'tribunan' ? 'ashen' : 'tribunan';
          structural();
          focusFirst(unitsBox, `.unit-row[data-index="${i}"] button[data-act=move]`);
        }, { cls: 'icon', title: 'Move to the other nation' }),
        unitButton('Copy', 'Copy {}', u.name, () => {
          scen.units.splice(i + 1, 0, { ...u, name: copyName(u.name) });
          shiftTargets(i + 1, +1);
          structural();
          focusFirst(unitsBox, `.unit-row[data-index="${i + 1}"] input[type=text]`);
        }, { cls: 'icon', title: 'Add a copy of this unit' }),
        unitButton('✕', 'Remove {}', u.name, () => removeUnit(i), { cls: 'icon danger', title: 'Remove this unit' })));
    row.querySelectorAll('.row-actions button').forEach((b, k) => { b.dataset.act = ['move', 'copy', 'remove'][k]; });
    return row;
  }

  function copyName(name) {
    const base = String(name || 'Unit').replace(/ \(\d+\)$/, '');
    let k = 2;
    while (scen.units.some((u) => u.name === `${base} (${k})`)) k++;
    return `${base} (${k})`;
  }

  function addUnit(nation) {
    const n = scen.units.filter((u) => u.nation === nation).length + 1;
    scen.units.push({ name: `${nation === 'tribunan' ? 'Cohort' : 'Host'} ${n}`, nation, arms: 3, armour: 1, size: 5 });
    structural();
    // Put the cursor in the new unit's name.
    const rows = unitsBox.querySelectorAll(`.nation.${nation} .unit-row input[type=text]`);
    rows[rows.length - 1]?.focus();
  }

  // Tactics point at units by number: keep them pointing at the same unit.
  function shiftTargets(from, delta) {
    for (const t of scen.tactics) {
      if (t.effect !== 'total' && Number.isInteger(t.target) && t.target >= from) t.target += delta;
    }
  }

  function removeUnit(i) {
    ctx.checkpoint(`Removed “${scen.units[i].name || `unit ${i + 1}`}”`);
    for (const t of scen.tactics) {
      if (t.effect !== 'total' && t.target === i) t.target = null; // the tactic now asks for a unit
    }
    const nation = scen.units[i].nation;
    scen.units.splice(i, 1);
    shiftTargets(i + 1, -1);
    structural();
    // The keyboard goes to the next unit of that nation, else the one before, else its Add button.
    const next = scen.units.findIndex((u, k) => k >= i && u.nation === nation);
    const prev = scen.units.map((u) => u.nation).lastIndexOf(nation, i - 1);
    const at = next >= 0 ? next : prev;
    focusFirst(unitsBox, at >= 0 ? `.unit-row[data-index="${at}"] input[type=text]` : null, `button[data-add="${nation}"]`);
  }

  // ---- tactics ----
  const EFFECTS = (rules.effects || []).map((e) => ({ id: e.id, name: e.name }));

  function renderTactics() {
    clear(tacticsBox);
    scen.tactics.forEach((t, i) => tacticsBox.append(tacticRow(t, i)));
    tacticsBox.append(h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: 'tactic' }, text: 'Add tactic', on: { click: () => {
      scen.tactics.push({ name: `Tactic ${scen.tactics.length + 1}`, target: 'tribunan', effect: 'total', amount: 1 });
      structural();
      focusFirst(tacticsBox, `.tactic-row[data-index="${scen.tactics.length - 1}"] input[type=text]`);
    } } }));
  }

  function targetOptions(t) {
    if (t.effect === 'total') return NATIONS;
    const opts = scen.units.map((u, k) => ({ id: String(k), name: `${u.name || '(unnamed)'} (${u.nation === 'tribunan' ? 'Tribunan' : 'Ashen'})` }));
    if (!Number.isInteger(t.target)) opts.unshift({ id: '', name: 'Choose a unit…' });
    return opts;
  }

  function tacticRow(t, i) {
    const base = `/tactics/${i}`;
    const target = select(targetOptions(t), t.target === null || t.target === undefined ? '' : String(t.target), {
      onChange: (el) => { t.target = t.effect === 'total' ? el.value : (el.value === '' ? null : Number(el.value)); edited(); },
    });
    const effect = select(EFFECTS, t.effect, {
      onChange: (el) => {
        const wasTotal = t.effect === 'total';
        t.effect = el.value;
        if (wasTotal !== (t.effect === 'total')) t.target = t.effect === 'total' ? 'tribunan' : (scen.units.length ? 0 : null);
        structural();
      },
    });
    const row = h('div', { class: 'tactic-row', dataset: { index: i } },
      h('span', { class: 'order', text: `${i + 1}.` }),
      field('Name', textInput(t.name, { onInput: (el) => { t.name = el.value; renameRow(row, t.name); edited(); } }), `${base}/name`, { cls: 'name' }),
      field('Effect', effect, `${base}/effect`, { whose: t.name }),
      field('Target', target, `${base}/target`, { whose: t.name }),
      field('Amount', numberInput(t.amount, { min: -1000000, max: 1000000, onInput: (el) => { t.amount = numberValue(el); edited(); } }), `${base}/amount`, { cls: 'num', whose: t.name }),
      h('div', { class: 'row-actions' },
        unitButton('↑', 'Move {} earlier', t.name, () => move(i, -1), { cls: 'icon', title: 'Move earlier', disabled: i === 0 }),
        unitButton('↓', 'Move {} later', t.name, () => move(i, +1), { cls: 'icon', title: 'Move later', disabled: i === scen.tactics.length - 1 }),
        unitButton('✕', 'Remove {}', t.name, () => {
          ctx.checkpoint(`Removed the tactic “${t.name || i + 1}”`);
          scen.tactics.splice(i, 1);
          structural();
          focusFirst(tacticsBox, `.tactic-row[data-index="${Math.min(i, scen.tactics.length - 1)}"] input[type=text]`, 'button[data-add=tactic]');
        }, { cls: 'icon danger', title: 'Remove this tactic' })));
    return row;
  }

  function move(i, d) {
    const j = i + d;
    [scen.tactics[i], scen.tactics[j]] = [scen.tactics[j], scen.tactics[i]];
    structural();
    // The keyboard follows the tactic; at the end of the list, to the other arrow.
    const row = `.tactic-row[data-index="${j}"]`;
    focusFirst(tacticsBox, `${row} button[title="${d < 0 ? 'Move earlier' : 'Move later'}"]`, `${row} button[title^="Move"]:not(:disabled)`);
  }

  // ---- edits ----
  const computeSoon = debounce(compute, 150);
  function edited({ structural: units = false } = {}) {
    view.changed({ structural: units });
    tools.changed();
    ctx.changed(request({ seed: scen.seed }));
    renderPrintSummary();
    computeSoon();
  }
  function structural() {
    renderUnits();
    renderTactics();
    edited({ structural: true });
  }
  function setScenario(next) {
    scen = normalise(next, rules);
    seedInput.value = String(scen.seed);
    lastOdds = null;
    rolled = false;
    clearError();
    renderUnits();
    renderTactics();
    renderSolver();
    renderPrintSummary();
    view.changed({ structural: true });
    tools.changed();
    clear(rollBox);
    computeSoon.flush();
  }

  function request(extra = {}) {
    const r = { ruleset: id, units: scen.units, tactics: scen.tactics, ...extra };
    if (Object.keys(scen.solver).length) r.solver = scen.solver;
    return r;
  }

  // The error beside its field (the odds card and strip say it too); returns
  // its words, or {waiting} for a field emptied mid-edit (dom.js placeError).
  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    return placeError(page, err, (e) => explain(scen, e));
  }
  function clearError() {
    clearFieldErrors(page);
  }

  // ---- odds ----
  async function compute() {
    if (destroyed) return;
    const started = performance.now();
    await view.run(request(), { showError, clearError, alive: () => !destroyed,
      render: (a) => { lastOdds = a; renderOdds(a, performance.now() - started); } });
  }

  function renderOdds(a, wallMs) {
    const method = a.method.startsWith('exact')
      ? `Exact odds${a.dropped > 0 ? ` (probability ${a.dropped.toExponential(1)} left out)` : ''}`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown`;
    view.show(a, method, wallMs);
    const totals = NATIONS.map((n) => {
      const t = a.totals[n.id];
      const desc = `${n.name} Total: ${num(t.dice, 0)} dice${t.bonus ? `, ${t.bonus > 0 ? '+' : ''}${t.bonus} from tactics` : ''}; mean ${num(t.mean)}`;
      return h('div', { class: 'total-chart' }, distChart(t.p, { title: desc, xLabel: 'Total', cls: n.id }));
    });
    const unitRows = a.units.slice(0, showAllUnits ? a.units.length : UNIT_LIST_LIMIT * 2).map((u, i) =>
      h('details', { class: 'unit-result ' + u.nation },
        h('summary', {},
          h('span', { class: 'u-name', text: u.name }),
          h('span', { class: 'u-stat', text: `destroyed ${pct(u.destroyed)}` }),
          h('span', { class: 'u-stat muted', text: `Size ${u.size} → mean ${num(u.mean_final_size)}` })),
        distChart(u.final_size, { title: `${u.name}: final Size`, xLabel: 'Size', highlight: 0, cls: u.nation }),
        h('p', { class: 'muted small', text: `Unit ${i + 1}: Arms ${u.arms}, Armour ${u.armour}, Size ${u.size} after tactics.` })));
    replace(view.details,
      h('h3', { text: 'Totals' }), h('div', { class: 'totals' }, totals),
      h('h3', { text: 'Units' }),
      a.units.length ? h('div', { class: 'unit-results' }, unitRows) : h('p', { class: 'muted', text: 'No units.' }),
      a.units.length > unitRows.length ? h('p', { class: 'muted', text: `Showing ${unitRows.length} of ${a.units.length} units.` }) : null);
  }

  // ---- roll ----
  async function roll() {
    const seed = numberValue(seedInput);
    const answer = await runRoll(ctx.engine, request({ seed }), { box: rollBox, showError });
    view.settle(rollBox);
    if (!answer) return;
    clearError();
    rolled = true;
    const outcome = OUTCOMES.find((o) => o.id === answer.outcome);
    const entries = answer.log.filter((e) => e.step !== 'summary');
    const summary = answer.log.find((e) => e.step === 'summary');
    replace(rollBox,
      h('div', { class: 'roll-head' }, h('p', { class: 'roll-outcome ' + (outcome?.cls || ''), text: `Seed ${answer.seed}: ${outcome ? outcome.name : answer.outcome}` }),
        tools.luckButton(answer)),
      summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
      h('ol', { class: 'log', attrs: LOG_ATTRS }, entries.map((e) => h('li', { class: 'step-' + e.step }, e.text))));
  }

  // ---- print ----
  function renderPrintSummary() {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    replace(printSummary,
      h('h2', { text: 'The battle' }),
      h('table', { class: 'print-table' },
        h('thead', {}, row(['Unit', 'Nation', 'Arms', 'Armour', 'Size'], 'th')),
        h('tbody', {}, scen.units.map((u) => row([u.name, u.nation === 'ashen' ? 'Ashen' : 'Tribunan', u.arms, u.armour, u.size])))),
      scen.tactics.length ? h('table', { class: 'print-table' },
        h('thead', {}, row(['#', 'Tactic', 'Effect', 'Target', 'Amount'], 'th')),
        h('tbody', {}, scen.tactics.map((t, i) => row([i + 1, t.name, t.effect, t.effect === 'total' ? t.target : scen.units[t.target]?.name, t.amount])))) : null);
  }

  renderUnits();
  renderTactics();
  renderSolver();
  renderPrintSummary();
  compute();

  return {
    getScenario: () => request({ seed: scen.seed }),
    setScenario,
    roll,
    hasRolled: () => rolled,
    linkParams: tools.linkParams,
    readLinkParams: tools.readLinkParams,
    destroy() { destroyed = true; },
  };
}

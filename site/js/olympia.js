// The Olympia PBEM calculator: two stacks of nobles with their men, the
// defender's structure, the rule options; exact or sampled odds as you edit,
// and a rolled battle written like a turn report.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, showFieldError,
  clearFieldErrors, pct, num, debounce } from './dom.js';
import { outcomeBars, distChart, distTable } from './charts.js';
import { runOdds, runRoll } from './engine.js';
import { optionsForm } from './options-form.js';
import { solverPanel } from './solver-form.js';

export const id = 'olympia';
export const title = 'Olympia PBEM';

const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];
const OUTCOMES = [
  { id: 'attacker', name: 'Attacker wins', cls: 'attacker' },
  { id: 'defender', name: 'Defender wins', cls: 'defender' },
  { id: 'tie', name: 'Both break', cls: 'tie' },
];

export function empty() {
  return {
    ruleset: id, options: {},
    attacker: { nobles: [{ name: 'Attacker', troops: { soldier: 10 } }] },
    defender: { nobles: [{ name: 'Defender', troops: { soldier: 10 } }] },
    seed: 1,
  };
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

const copy = (x) => JSON.parse(JSON.stringify(x));
const isObj = (x) => x && typeof x === 'object' && !Array.isArray(x);

// A scenario the page can edit: the shapes it expects, values as given (the
// core checks them and says what is wrong).
function normalise(s, rules) {
  const src = isObj(s) ? s : rules.example;
  const side = (x, name) => {
    const nobles = isObj(x) && Array.isArray(x.nobles) ? copy(x.nobles).filter(isObj) : [];
    for (const n of nobles) if (!isObj(n.troops)) n.troops = {};
    if (!nobles.length) nobles.push({ name, troops: {} });
    const out = { nobles };
    if (isObj(x) && isObj(x.structure)) out.structure = copy(x.structure);
    return out;
  };
  return {
    ruleset: id,
    options: isObj(src.options) ? copy(src.options) : {},
    attacker: side(src.attacker, 'Attacker'),
    defender: side(src.defender, 'Defender'),
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: isObj(src.solver) ? copy(src.solver) : {},
  };
}

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  const KINDS = rules.kinds;
  const kindName = (k, n = 2) => { const d = KINDS.find((x) => x.id === k); return d ? (n === 1 ? d.name : d.plural) : k; };
  let scen = normalise(initial, rules);
  let destroyed = false;
  let rolled = false;

  const stacksBox = h('div', { class: 'ol-stacks' });
  const optionsBox = h('div');
  const oddsStatus = h('div', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const oddsBody = h('div', { class: 'odds-body' });
  const rollBox = h('div', { class: 'roll-log' });
  const banner = h('div', { class: 'banner error', hidden: true, attrs: { role: 'alert' } });
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const seedInput = numberInput(scen.seed, { min: 0, max: 9007199254740991, onInput: (el) => { scen.seed = numberValue(el); ctx.changed(request({ seed: scen.seed })); } });
  seedInput.dataset.path = '/seed';
  const stopButton = button('Stop', () => ctx.engine.cancel('odds'), { cls: 'small', title: 'Stop computing' });
  stopButton.hidden = true;

  // What a printed page shows instead of the edit column: both stacks as tables.
  const printSummary = h('section', { class: 'print-only card' });
  function renderPrintSummary() {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    const troops = (t) => Object.entries(t || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k.replace(/_/g, ' ')}`).join(', ');
    replace(printSummary, h('h2', { text: 'The stacks' }), SIDES.map((side) => {
      const st = scen[side.id];
      const s = st.structure;
      return [
        h('h3', { text: side.name }),
        h('table', { class: 'print-table' },
          h('thead', {}, row(['Noble', 'Attack', 'Defense', 'Missile', 'Health', 'Behind', 'Break point', 'Men'], 'th')),
          h('tbody', {}, st.nobles.map((n, i) => row([n.name, n.attack ?? 80, n.defense ?? 80, n.missile ?? 0, n.health ?? 100,
            n.behind ?? 0, i === 0 ? `${n.break_point ?? 50}%` : '', troops(n.troops)])))),
        s ? h('p', { text: `In a ${s.kind}: defense ${s.defense ?? rules.structures.find((x) => x.id === s.kind)?.defense ?? '?'}, damage ${s.damage ?? 0}.` }) : null,
      ];
    }));
  }

  const page = h('div', { class: 'calc', dataset: { ruleset: id } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Olympia PBEM' }),
      h('p', { class: 'lede', text: 'Two stacks fight man by man (G2 rulebook, section 14): a random man strikes a random enemy in the front row, hitting with his attack against the target\'s defense, until a side\'s strength falls to its break point. Then the wounded lose health and the loser\'s nobles may be taken prisoner.' }),
      ctx.toolbar()),
    banner, printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-stacks-h' } },
          h('div', { class: 'card-head' }, h('h2', { id: 'ol-stacks-h', text: 'Stacks' }),
            button('Fight to the death', deathPreset, { cls: 'small', title: 'Set both stack leaders\' break points to 0: nobody breaks until nobody is left' })),
          stacksBox),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-options-h' } },
          h('h2', { id: 'ol-options-h', text: 'Rules' }),
          h('p', { class: 'muted small', text: 'Where the rulebook leaves a point open, the choice is yours; the defaults are shown.' }),
          optionsBox)),
      h('div', { class: 'col-results' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-odds-h' } },
          h('div', { class: 'card-head' }, h('h2', { id: 'ol-odds-h', text: 'Odds' }), stopButton),
          solverBox, oddsStatus, oddsBody),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-roll-h' } },
          h('h2', { id: 'ol-roll-h', text: 'Roll the battle' }),
          h('div', { class: 'roll-controls' },
            field('Seed', seedInput, null, { hint: 'The same seed rolls the same battle.' }),
            button('Roll battle', roll, { cls: 'primary', title: 'Roll this battle with the seed' }),
            button('New seed', () => { scen.seed = randomSeed(); seedInput.value = String(scen.seed); ctx.changed(request({ seed: scen.seed })); roll(); }, { title: 'Pick a random seed and roll' })),
          rollBox))));
  root.append(page);

  // ---- stacks ----
  function renderStacks() {
    clear(stacksBox);
    for (const side of SIDES) {
      const st = scen[side.id];
      const panel = h('div', { class: 'ol-stack nation ' + side.id, dataset: { side: side.id } },
        h('h3', { text: side.name }),
        st.nobles.map((n, i) => nobleBlock(side, n, i)),
        button(`Add ${side.name.toLowerCase()} noble`, () => { st.nobles.push({ name: `${side.name} noble ${st.nobles.length + 1}`, troops: {} }); structural(); }, { cls: 'add' }),
        side.id === 'defender' ? structureBlock(st) : null);
      stacksBox.append(panel);
    }
  }

  function nobleBlock(side, n, i) {
    const base = `/${side.id}/nobles/${i}`;
    const lim = rules.limits;
    const numField = (key, label, min, max, def, cls = 'num') => field(label,
      numberInput(n[key] ?? def, { min, max, onInput: (el) => { n[key] = numberValue(el); edited(); } }), `${base}/${key}`, { cls });
    const leader = i === 0;
    const troopRows = Object.keys(n.troops).map((k) => h('div', { class: 'ol-troop' },
      field(kindName(k), numberInput(n.troops[k], { min: 0, max: lim.men_per_kind, onInput: (el) => { n.troops[k] = numberValue(el); edited(); } }), `${base}/troops/${k}`, { cls: 'num' }),
      button('✕', () => { delete n.troops[k]; structural(); }, { cls: 'icon danger', title: `Remove ${kindName(k)} from ${n.name || 'this noble'}` })));
    const free = KINDS.filter((k) => !(k.id in n.troops));
    const adder = free.length ? (() => {
      const pick = select(free.map((k) => ({ id: k.id, name: k.plural })), free[0].id);
      return h('div', { class: 'ol-add-troops' },
        field('Kind of men', pick, null, { cls: 'kind' }),
        button('Add men', () => { n.troops[pick.value] = 1; structural(); }, { cls: 'add', title: `Add men to ${n.name || 'this noble'}` }));
    })() : null;
    return h('div', { class: 'ol-noble', dataset: { index: i } },
      h('div', { class: 'ol-noble-row' },
        field(leader ? 'Stack leader' : 'Noble', textInput(n.name, { maxlength: lim.name_chars, onInput: (el) => { n.name = el.value; edited(); } }), `${base}/name`, { cls: 'name' }),
        numField('attack', 'Attack', 0, lim.rating, 80),
        numField('defense', 'Defense', 0, lim.rating, 80),
        numField('missile', 'Missile', 0, lim.rating, 0),
        numField('health', 'Health', 1, 100, 100),
        numField('behind', 'Behind', 0, 9, 0),
        leader ? numField('break_point', 'Break point %', 0, 100, 50) : null,
        h('div', { class: 'row-actions' },
          button('✕', () => { scen[side.id].nobles.splice(i, 1); if (!scen[side.id].nobles.length) scen[side.id].nobles.push({ name: side.name, troops: {} }); structural(); },
            { cls: 'icon danger', title: `Remove ${n.name || 'this noble'}` }))),
      h('div', { class: 'ol-troops' }, troopRows,
        h('span', { class: 'field-error', dataset: { errorFor: `${base}/troops` }, attrs: { role: 'alert' } })),
      adder);
  }

  function structureBlock(st) {
    const kinds = [{ id: '', name: 'None' }, ...rules.structures.map((s) => ({ id: s.id, name: `${s.name} (defense ${s.defense})` }))];
    const s = st.structure;
    const kindSel = select(kinds, s ? s.kind : '', {
      onChange: (el) => {
        if (!el.value) delete st.structure;
        else st.structure = { kind: el.value };
        structural();
      },
    });
    const num1 = (key, label, max, def) => field(label, numberInput(s[key] ?? def, { min: 0, max, onInput: (el) => { s[key] = numberValue(el); edited(); } }),
      `/defender/structure/${key}`, { cls: 'num' });
    const def = s ? rules.structures.find((x) => x.id === s.kind)?.defense ?? 0 : 0;
    return h('div', { class: 'ol-structure' },
      h('h4', { text: 'Structure housing the defender' }),
      h('div', { class: 'ol-noble-row' },
        field('Structure', kindSel, '/defender/structure/kind'),
        s ? num1('defense', 'Defense', rules.limits.structure_defense, def) : null,
        s ? num1('damage', 'Damage', 99, 0) : null));
  }

  function deathPreset() {
    for (const side of SIDES) scen[side.id].nobles[0].break_point = 0;
    structural();
  }

  // ---- edits ----
  const computeSoon = debounce(compute, 150);
  function edited() {
    renderPrintSummary();
    ctx.changed(request({ seed: scen.seed }));
    computeSoon();
  }
  function structural() {
    renderStacks();
    edited();
  }
  function renderOptions() {
    replace(optionsBox, optionsForm(rules.options, scen.options, '/options', () => edited()));
  }
  function setScenario(next) {
    scen = normalise(next, rules);
    seedInput.value = String(scen.seed);
    rolled = false;
    clear(rollBox);
    clearError();
    renderStacks();
    renderOptions();
    renderSolver();
    compute();
  }

  function request(extra = {}) {
    const r = { ruleset: id, options: scen.options, attacker: scen.attacker, defender: scen.defender, ...extra };
    if (Object.keys(scen.solver).length) r.solver = scen.solver;
    return r;
  }

  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    const where = err.path ? describePath(err.path) : 'The battle';
    const placed = showFieldError(page, err.path, err.message);
    banner.hidden = false;
    replace(banner, `${where}: ${err.message}`, placed ? ' (marked below)' : '');
  }
  function clearError() {
    clearFieldErrors(page);
    banner.hidden = true;
  }
  function describePath(path) {
    const m = path.match(/^\/(attacker|defender)\/nobles\/(\d+)(?:\/(.+))?/);
    if (!m) return path;
    const n = scen[m[1]].nobles[Number(m[2])];
    const name = n && n.name ? `“${n.name}”` : `#${Number(m[2]) + 1}`;
    const what = m[3] ? ', ' + m[3].replace(/^troops\//, '').replace(/_/g, ' ') : '';
    return `${m[1] === 'attacker' ? 'Attacker' : 'Defender'} ${name}${what}`;
  }

  // ---- odds ----
  async function compute() {
    if (destroyed) return;
    const started = performance.now();
    let answer;
    try {
      answer = await runOdds(ctx.engine, request(), { status: oddsStatus, stop: stopButton, body: oddsBody });
    } catch (e) {
      oddsStatus.textContent = '';
      showError({ path: '', message: e.message });
      return;
    }
    if (!answer) return;
    if (destroyed) return;
    if (!answer.ok) {
      showError(answer.error);
      oddsStatus.textContent = 'Odds not updated: fix the marked field.';
      return;
    }
    clearError();
    oddsBody.classList.remove('stale');
    renderOdds(answer, performance.now() - started);
  }

  function renderOdds(a, wallMs) {
    const method = a.method === 'exact'
      ? `Exact odds (${num(a.states, 0)} states)`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ' (too many states for exact odds)' : ''}`;
    oddsStatus.textContent = `${method} · ${num(a.time_ms, 1)} ms in the core, ${num(wallMs, 0)} ms in all.`;
    const items = OUTCOMES.map((o) => ({
      label: o.name, p: a.outcomes[o.id], cls: o.cls,
      ...(a.ci95 ? { lo: a.ci95[o.id][0], hi: a.ci95[o.id][1] } : {}),
    }));
    const sideBlocks = SIDES.map((side) => {
      const s = a.sides[side.id];
      const men = Object.entries(s.men).map(([k, m]) => h('details', { class: 'unit-result ' + side.id },
        h('summary', {},
          h('span', { class: 'u-name', text: kindName(k) }),
          h('span', { class: 'u-stat', text: `${m.start} → mean ${num(m.mean)}` }),
          h('span', { class: 'u-stat muted', text: `all lost ${pct(m.p['0'] ?? 0)}` })),
        distChart(m.p, { title: `${side.name}'s ${kindName(k)} left`, xLabel: 'Left', highlight: 0 }),
        distTable(m.p, { label: 'Left' })));
      const ci = (x) => (x ? ` (${pct(x[0])} – ${pct(x[1])})` : '');
      const fates = h('table', { class: 'dist-table ol-fates' },
        h('thead', {}, h('tr', {}, ['Noble', 'Wounded', 'Killed', 'Captured'].map((t) => h('th', { text: t })))),
        h('tbody', {}, s.nobles.map((n) => h('tr', {},
          h('td', { class: 'u-name', text: n.name }),
          h('td', { text: pct(n.wounded) }),
          h('td', { text: pct(n.killed) + ci(n.killed_ci95) }),
          h('td', { text: pct(n.captured) + ci(n.captured_ci95) })))));
      return h('div', { class: 'ol-side-result nation ' + side.id },
        h('h4', { text: `${side.name}: ${s.leader}'s stack, strength ${num(s.strength)}, breaks at ${num(s.breaks_at)} (${s.break_point}%)` }),
        men.length ? h('div', { class: 'unit-results' }, men) : h('p', { class: 'muted', text: 'No men.' }),
        h('div', { class: 'ol-fates-wrap' }, fates));
    });
    const st = a.structure;
    const structure = st ? h('div', { class: 'ol-structure-result' },
      h('h3', { text: `Structure: ${st.kind}` }),
      h('p', { class: 'muted small', text: `Defense ${st.defense_start} → mean ${num(st.mean_defense)}; damage ${st.damage_start} → mean ${num(st.mean_damage)}; collapses ${pct(st.collapsed)}.` }),
      h('div', { class: 'totals' },
        h('div', {}, h('h4', { text: 'Damage after the battle' }), distChart(st.damage, { title: 'Structure damage', xLabel: 'Damage' })),
        h('div', {}, h('h4', { text: 'Defense after the battle' }), distChart(st.defense, { title: 'Structure defense', xLabel: 'Defense' })))) : null;
    replace(oddsBody,
      outcomeBars(items, { caption: 'Outcome of the battle' }),
      h('p', { class: 'muted small ol-attacks', text: `Expected attacks: ${num(a.expected_attacks, 1)}` }),
      h('h3', { text: 'Survivors and nobles' }),
      h('div', { class: 'ol-side-results' }, sideBlocks),
      structure);
  }

  // ---- roll ----
  async function roll() {
    const seed = numberValue(seedInput);
    const answer = await runRoll(ctx.engine, request({ seed }), { box: rollBox, showError });
    if (!answer) return;
    clearError();
    rolled = true;
    const outcome = OUTCOMES.find((o) => o.id === answer.outcome);
    const entries = answer.log.filter((e) => e.step !== 'summary');
    const summary = answer.log.find((e) => e.step === 'summary');
    replace(rollBox,
      h('p', { class: 'roll-outcome', text: `Seed ${answer.seed}: ${outcome ? outcome.name : answer.outcome}` }),
      summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
      h('ol', { class: 'log ol-report' }, entries.map((e) => h('li', { class: 'step-' + e.step }, e.text))));
  }

  renderStacks();
  renderOptions();
  renderSolver();
  renderPrintSummary();
  compute();

  return {
    getScenario: () => request({ seed: scen.seed }),
    scenario: () => request({ seed: scen.seed }),
    setScenario,
    roll,
    hasRolled: () => rolled,
    destroy() { destroyed = true; },
  };
}

// The Olympia PBEM calculator: two stacks of nobles with their men, the
// defender's structure, the rule options; exact or sampled odds as you edit,
// and a rolled battle written like a turn report.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, placeError,
  clearFieldErrors, pct, num, debounce, unitButton, renameRow, focusFirst, LOG_ATTRS } from './dom.js';
import { distChart } from './charts.js';
import { runRoll } from './odds-run.js';
import { rulesFold, changedText } from './options-form.js';
import { solverPanel } from './solver-form.js';
import { errorWords } from './error-words.js';
import { makeOddsView } from './odds-view.js';
import { mountTools } from './tools.js';
import { openPasteDialog } from './olympia-paste.js';
import { optList, optObject } from './battle-store.js';

export const id = 'olympia';
export const title = 'Olympia PBEM';

const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];
const OUTCOMES = [
  { id: 'attacker', name: 'Attacker wins', short: 'Attacker', cls: 'attacker' },
  { id: 'defender', name: 'Defender wins', short: 'Defender', cls: 'defender' },
  { id: 'tie', name: 'Both break', short: 'Both break', cls: 'tie' },
];
const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

// A kind of men with its ratings (attack/defense, and /missile for missile
// troops): "Pikeman 5/30", "Archer 5/5/50".
export function kindLabel(k, plural = false) {
  return `${cap(plural ? k.plural : k.name)} ${k.attack}/${k.defense}${k.missile ? `/${k.missile}` : ''}`;
}

// An error from the core in words, named by the core: "Osswid: soldiers
// must be a whole number from 0 to 100000".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

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

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fits(s) {
  const side = (x) => optObject(x) && optList(x?.nobles) && (x?.nobles || []).every((n) => optObject(n.troops)) && optObject(x?.structure);
  return optObject(s.options) && side(s.attacker) && side(s.defender) && optObject(s.solver);
}

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
  const kindName = (k) => { const d = KINDS.find((x) => x.id === k); return cap(d ? d.plural : k.replace(/_/g, ' ')); };
  const kindWithRatings = (k) => { const d = KINDS.find((x) => x.id === k); return d ? kindLabel(d, true) : cap(k); };
  let scen = normalise(initial, rules);
  let destroyed = false;
  let rolled = false;

  const stacksBox = h('div', { class: 'ol-stacks' });
  const optionsBox = h('div', { class: 'card fold-card' });
  const rollBox = h('div', { class: 'roll-log' });
  const pasteNote = h('div', { class: 'banner info ol-paste-note', hidden: true, attrs: { role: 'status' } });
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const seedInput = numberInput(scen.seed, { min: 0, max: 9007199254740991, onInput: (el) => { scen.seed = numberValue(el); ctx.changed(request({ seed: scen.seed })); } });
  seedInput.dataset.path = '/seed';
  const view = makeOddsView(ctx, { prefix: 'ol', outcomes: OUTCOMES, solverBox });
  view.track(rollBox, 'The stacks changed: roll the battle again.');
  const tools = mountTools(ctx, { ruleset: id, prefix: 'ol', getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label),
    explain: (err) => explain(scen, err),
    linkChanged: () => ctx.changed(request({ seed: scen.seed })) });

  // What a printed page shows instead of the edit column: both stacks as tables.
  const printSummary = h('section', { class: 'print-only card' });
  function renderPrintSummary() {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    const troops = (t) => Object.entries(t || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${kindName(k).toLowerCase()}`).join(', ');
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
    }), h('p', { text: changedText(rules.options || [], scen.options, 'Rules') }));
  }

  const page = h('div', { class: 'calc', dataset: { ruleset: id } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Olympia PBEM' }),
      h('p', { class: 'lede', text: 'Two stacks fight man by man (G2 rulebook, section 14): a random man strikes a random enemy in the front row, hitting with his attack against the target\'s defense, until a side\'s strength falls to its break point. Then the wounded lose health and the loser\'s nobles may be taken prisoner.' }),
      ctx.toolbar()),
    printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-stacks-h' } },
          h('div', { class: 'card-head' }, h('h2', { id: 'ol-stacks-h', text: 'Stacks' }),
            button('Fight to the death', deathPreset, { cls: 'small', title: 'Set both stack leaders\' break points to 0: nobody breaks until nobody is left' })),
          pasteNote, stacksBox),
        optionsBox),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } },
        view.strip,
        view.card,
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-roll-h' } },
          h('h2', { id: 'ol-roll-h', text: 'Roll the battle' }),
          h('div', { class: 'roll-controls' },
            field('Seed', seedInput, null, { hint: 'The same seed rolls the same battle.' }),
            button('Roll battle', roll, { cls: 'primary', title: 'Roll this battle with the seed' }),
            button('New seed', () => { scen.seed = randomSeed(); seedInput.value = String(scen.seed); ctx.changed(request({ seed: scen.seed })); roll(); }, { title: 'Pick a random seed and roll' })),
          rollBox),
        tools.element)));
  root.append(page);

  // ---- stacks ----
  function renderStacks() {
    clear(stacksBox);
    for (const side of SIDES) {
      const st = scen[side.id];
      const panel = h('div', { class: 'ol-stack nation ' + side.id, dataset: { side: side.id } },
        h('div', { class: 'ol-stack-head' }, h('h3', { text: side.name }),
          button('Paste from a turn report…', () => pasteInto(side), { cls: 'small', title: `Fill the ${side.name.toLowerCase()}'s stack from a stack, noble or battle section of an Olympia turn report` })),
        st.nobles.map((n, i) => nobleBlock(side, n, i)),
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: 'noble' }, text: `Add ${side.name.toLowerCase()} noble`, on: { click: () => {
          st.nobles.push({ name: `${side.name} noble ${st.nobles.length + 1}`, troops: {} });
          structural();
          focusFirst(stackOf(side.id), `.ol-noble[data-index="${st.nobles.length - 1}"] input[type=text]`);
        } } }),
        side.id === 'defender' ? structureBlock(st) : null);
      stacksBox.append(panel);
    }
  }

  const stackOf = (sideId) => stacksBox.querySelector(`.ol-stack[data-side="${sideId}"]`);

  function nobleBlock(side, n, i) {
    const base = `/${side.id}/nobles/${i}`;
    const lim = rules.limits;
    const numField = (key, label, min, max, def, cls = 'num') => field(label,
      numberInput(n[key] ?? def, { min, max, onInput: (el) => { n[key] = numberValue(el); edited(); } }), `${base}/${key}`, { cls, whose: n.name });
    const leader = i === 0;
    const at = `.ol-noble[data-index="${i}"]`;
    const kinds = Object.keys(n.troops);
    const troopRows = kinds.map((k, j) => h('div', { class: 'ol-troop', dataset: { kind: k } },
      field(kindWithRatings(k), numberInput(n.troops[k], { min: 0, max: lim.men_per_kind, onInput: (el) => { n.troops[k] = numberValue(el); edited(); } }), `${base}/troops/${k}`, { cls: 'num', whose: n.name }),
      unitButton('✕', `Remove ${kindName(k).toLowerCase()} from {}`, n.name, () => {
        ctx.checkpoint(`Removed the ${kindName(k).toLowerCase()} of “${n.name || 'a noble'}”`);
        delete n.troops[k];
        structural();
        const next = kinds[j + 1] || kinds[j - 1];
        focusFirst(stackOf(side.id), next ? `${at} .ol-troop[data-kind="${next}"] input` : null, `${at} .ol-add-troops select`);
      }, { cls: 'icon danger', title: `Remove the ${kindName(k).toLowerCase()}` })));
    const free = KINDS.filter((k) => !(k.id in n.troops));
    const adder = free.length ? (() => {
      const first = free.find((k) => k.id === 'soldier') || free.find((k) => !k.noncombatant && !k.siege) || free[0];
      const pick = select(free.map((k) => ({ id: k.id, name: kindLabel(k) })), first.id);
      return h('div', { class: 'ol-add-troops' },
        field('Kind of men (attack/defense/missile)', pick, null, { cls: 'kind', whose: n.name }),
        unitButton('Add men', 'Add men to {}', n.name, () => {
          const kind = pick.value;
          n.troops[kind] = 1;
          structural();
          focusFirst(stackOf(side.id), `${at} .ol-troop[data-kind="${kind}"] input`);
        }, { cls: 'add', title: 'Add men of this kind' }));
    })() : null;
    const block = h('div', { class: 'ol-noble', dataset: { index: i } },
      h('div', { class: 'ol-noble-row' },
        field(leader ? 'Stack leader' : 'Noble', textInput(n.name, { maxlength: lim.name_chars, onInput: (el) => { n.name = el.value; renameRow(block, n.name); edited(); } }), `${base}/name`, { cls: 'name' }),
        numField('attack', 'Attack', 0, lim.rating, 80),
        numField('defense', 'Defense', 0, lim.rating, 80),
        numField('missile', 'Missile', 0, lim.rating, 0),
        numField('health', 'Health', 1, 100, 100),
        numField('behind', 'Behind', 0, 9, 0),
        leader ? numField('break_point', 'Break point %', 0, 100, 50) : null,
        h('div', { class: 'row-actions' },
          unitButton('✕', 'Remove {}', n.name, () => {
            ctx.checkpoint(`Removed “${n.name || `noble ${i + 1}`}”`);
            const list = scen[side.id].nobles;
            list.splice(i, 1);
            if (!list.length) list.push({ name: side.name, troops: {} });
            structural();
            focusFirst(stackOf(side.id), `.ol-noble[data-index="${Math.min(i, list.length - 1)}"] input[type=text]`, 'button[data-add=noble]');
          }, { cls: 'icon danger', title: 'Remove this noble' }))),
      h('div', { class: 'ol-troops' }, troopRows,
        h('span', { class: 'field-error', dataset: { errorFor: `${base}/troops` }, attrs: { role: 'alert' } })),
      adder);
    return block;
  }

  function structureBlock(st) {
    const kinds = [{ id: '', name: 'None' }, ...rules.structures.map((s) => ({ id: s.id, name: `${cap(s.name)} (defense ${s.defense})` }))];
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

  // A stack read from a turn report replaces the side's nobles (and the
  // defender's structure when the text names one); the battle before goes to
  // Recent battles and the note offers it back.
  function pasteInto(side) {
    openPasteDialog({
      side: side.id, sideName: side.name, rules, structureNow: scen.defender.structure?.kind || null,
      check: async (read) => {
        const value = request({ seed: scen.seed, [side.id]: withStack(side.id, read) });
        const answer = await ctx.engine.call('check', value).catch(() => null);
        if (!answer) return 'the calculator could not check it';
        return answer.ok ? null : explain(value, answer.error);
      },
      apply: (read) => {
        const entry = ctx.checkpoint(`Filled the ${side.name.toLowerCase()}'s stack from a report`, { keep: true, recent: true });
        scen[side.id] = withStack(side.id, read);
        filled(entry, `Filled the ${side.name.toLowerCase()}'s stack from the report: ${namesText(read)}.`, side.id);
      },
      // A battle section with its result: both stacks as the battle began, then its luck.
      luck: (r) => {
        const entry = ctx.checkpoint('Filled both stacks with a pasted battle', { keep: true, recent: true });
        scen.attacker = withStack('attacker', r.start.attacker);
        scen.defender = withStack('defender', r.start.defender);
        filled(entry, `Filled both stacks with the pasted battle (${namesText(r.start.attacker)} against ${namesText(r.start.defender)}) to rank its result.`, 'attacker');
        const men = (s) => Object.fromEntries(Object.entries(r.survivors[s].men).map(([k, n]) => [k, { left: n }]));
        tools.showLuck({ outcome: r.outcome, sides: { attacker: { men: men('attacker') }, defender: { men: men('defender') } } });
      },
    });
  }
  const namesText = (read) => {
    const names = read.nobles.map((n) => n.name);
    return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
  };
  // The stacks changed from a paste: Recent battles keeps the battle before
  // (ctx.checkpoint), the note offers it back as Undo does.
  function filled(entry, text, focusSide) {
    structural();
    replace(pasteNote, h('span', { text: `${text} The stacks before are kept in Recent battles.` }),
      button('Undo', () => {
        ctx.undo(entry);
        focusFirst(stackOf(focusSide), 'button');
      }, { cls: 'small', title: 'Put the stacks back as they were before the paste (the pasted ones go to Recent battles)' }),
      button('Dismiss', () => { pasteNote.hidden = true; }, { cls: 'small' }));
    pasteNote.hidden = false;
    focusFirst(stackOf(focusSide), 'button');
  }
  function withStack(sideId, read) {
    const next = copy(read);
    if (sideId === 'attacker') delete next.structure;
    else if (!next.structure && scen.defender.structure) next.structure = copy(scen.defender.structure);
    return next;
  }

  function deathPreset() {
    ctx.checkpoint('Set both break points to 0');
    for (const side of SIDES) scen[side.id].nobles[0].break_point = 0;
    structural();
  }

  // ---- edits ----
  const computeSoon = debounce(compute, 150);
  function edited({ structural: units = false } = {}) {
    view.changed({ structural: units });
    tools.changed();
    renderPrintSummary();
    ctx.changed(request({ seed: scen.seed }));
    computeSoon();
  }
  function structural() {
    renderStacks();
    edited({ structural: true });
  }
  function renderOptions() {
    replace(optionsBox, rulesFold([{ list: rules.options, values: scen.options, basePath: '/options' }], () => edited(),
      { note: 'Where the rulebook leaves a point open, the choice is yours; the defaults are the plainest reading.', headingId: 'ol-options-h' }));
  }
  function setScenario(next) {
    scen = normalise(next, rules);
    pasteNote.hidden = true;
    seedInput.value = String(scen.seed);
    rolled = false;
    clearError();
    renderStacks();
    renderOptions();
    renderSolver();
    renderPrintSummary();
    view.changed({ structural: true });
    tools.changed();
    clear(rollBox);
    computeSoon.flush();
  }

  function request(extra = {}) {
    const r = { ruleset: id, options: scen.options, attacker: scen.attacker, defender: scen.defender, ...extra };
    if (Object.keys(scen.solver).length) r.solver = scen.solver;
    return r;
  }

  // The error beside its field (the odds card and strip say it too); returns
  // its words, or {waiting} for a field emptied mid-edit (dom.js placeError).
  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    if (err.path && err.path.startsWith('/options')) optionsBox.querySelector('details')?.setAttribute('open', '');
    return placeError(page, err, (e) => explain(scen, e), { waitsFor: (e) => {
      const m = (e.path || '').match(/^\/(attacker|defender)\/nobles$/);
      return m && !scen[m[1]].nobles.length ? { note: null, words: `the ${m[1]}'s stack has no nobles yet` } : null;
    } });
  }
  function clearError() {
    clearFieldErrors(page);
  }

  // ---- odds ----
  async function compute() {
    if (destroyed) return;
    const started = performance.now();
    await view.run(request(), { showError, clearError, alive: () => !destroyed,
      render: (a) => renderOdds(a, performance.now() - started) });
  }

  function renderOdds(a, wallMs) {
    const method = a.method.startsWith('exact')
      ? `Exact odds (${num(a.states, 0)} states)`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ' (too many states for exact odds)' : ''}`;
    view.show(a, method, wallMs);
    const sideBlocks = SIDES.map((side) => {
      const s = a.sides[side.id];
      const men = Object.entries(s.men).map(([k, m]) => h('details', { class: 'unit-result ' + side.id },
        h('summary', {},
          h('span', { class: 'u-name', text: kindName(k) }),
          h('span', { class: 'u-stat', text: `${m.start} → mean ${num(m.mean)}` }),
          h('span', { class: 'u-stat muted', text: `all lost ${pct(m.p['0'] ?? 0)}` })),
        distChart(m.p, { title: `${side.name}'s ${kindName(k).toLowerCase()} left`, xLabel: 'Left', highlight: 0, cls: side.id })));
      const ci = (x) => (x ? ` (${pct(x[0])} – ${pct(x[1])})` : '');
      const fates = h('table', { class: 'dist-table ol-fates' },
        h('caption', { class: 'sr-only', text: `${side.name}'s nobles after the battle` }),
        h('thead', {}, h('tr', {}, ['Noble', 'Wounded', 'Killed', 'Captured'].map((t) => h('th', { attrs: { scope: 'col' }, text: t })))),
        h('tbody', {}, s.nobles.map((n) => h('tr', {},
          h('th', { class: 'u-name', attrs: { scope: 'row' }, text: n.name }),
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
      h('h3', { text: `Structure: ${cap(st.kind)}` }),
      h('p', { class: 'muted small', text: `Defense ${st.defense_start} → mean ${num(st.mean_defense)}; damage ${st.damage_start} → mean ${num(st.mean_damage)}; collapses ${pct(st.collapsed)}.` }),
      h('div', { class: 'totals' },
        h('div', {}, h('h4', { text: 'Damage after the battle' }), distChart(st.damage, { title: 'Structure damage', xLabel: 'Damage' })),
        h('div', {}, h('h4', { text: 'Defense after the battle' }), distChart(st.defense, { title: 'Structure defense', xLabel: 'Defense' })))) : null;
    replace(view.details,
      h('p', { class: 'muted small ol-attacks', text: `Expected attacks: ${num(a.expected_attacks, 1)}` }),
      h('h3', { text: 'Survivors and nobles' }),
      h('div', { class: 'ol-side-results' }, sideBlocks),
      structure);
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
      h('div', { class: 'roll-head' }, h('p', { class: 'roll-outcome', text: `Seed ${answer.seed}: ${outcome ? outcome.name : answer.outcome}` }),
        tools.luckButton(answer)),
      summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
      h('ol', { class: 'log ol-report', attrs: LOG_ATTRS }, entries.map((e) => h('li', { class: 'step-' + e.step }, e.text))));
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
    linkParams: tools.linkParams,
    readLinkParams: tools.readLinkParams,
    destroy() { destroyed = true; },
  };
}

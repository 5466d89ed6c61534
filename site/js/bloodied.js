// The Bloodied Steel calculator: units of both nations, tactics in order,
// exact odds as you edit, and a rolled battle with its log.
import { h, replace, clear, numberInput, numberValue, placeError, clearFieldErrors, num, debounce, LOG_ATTRS } from './dom.js';
import { runRoll, randomSeed } from './odds-run.js';
import { solverPanel } from './solver-form.js';
import { makeOddsView } from './odds-view.js';
import { errorWords } from './error-words.js';
import { mountTools } from './tools.js';
import { OUTCOMES, emptyBattle, fitsBattle, normalise, request as requestOf } from './bloodied-model.js';
import { battleView, oddsDetails, pageLayout } from './bloodied-view.js';

export const id = 'bloodied-steel';
export const title = 'Bloodied Steel';

export const empty = emptyBattle;
// Whether a stored battle has the shape this page edits (bloodied-model.js).
export const fits = fitsBattle;

// An error from the core in words, named by the core: "First Cohort: Arms
// must be a whole number from 0 to 1000".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  let scen = normalise(initial, rules.example);
  let showAllUnits = false;
  let lastOdds = null;
  let destroyed = false;
  let rolled = false;

  const battle = battleView({ rules, scen: () => scen, edited: () => edited(), structural: () => structural(),
    checkpoint: (label) => ctx.checkpoint(label), allShown: () => showAllUnits, showAll: () => { showAllUnits = true; } });
  const { renderUnits, renderTactics, renderPrintSummary } = battle;
  const rollBox = h('div', { class: 'roll-log' });
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const seedInput = numberInput(scen.seed, { min: 0, max: 9007199254740991, onInput: (el) => { scen.seed = numberValue(el); ctx.changed(request({ seed: scen.seed })); } });
  seedInput.dataset.path = '/seed';
  const view = makeOddsView(ctx, { prefix: 'bs', outcomes: OUTCOMES, solverBox });
  view.track(rollBox, 'The units changed: roll the battle again.');
  const tools = mountTools(ctx, { ruleset: id, prefix: 'bs', getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label),
    explain: (err) => explain(scen, err),
    linkChanged: () => ctx.changed(request({ seed: scen.seed })) });

  const newSeed = () => { scen.seed = randomSeed(); seedInput.value = String(scen.seed); ctx.changed(request({ seed: scen.seed })); roll(); };
  const page = pageLayout({ toolbar: ctx.toolbar(), printSummary: battle.printSummary, units: battle.unitsBox, tactics: battle.tacticsBox,
    strip: view.strip, card: view.card, seedInput, roll, newSeed, rollBox, tools: tools.element });
  root.append(page);

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
    scen = normalise(next, rules.example);
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

  const request = (extra = {}) => requestOf(scen, extra);

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
    replace(view.details, ...oddsDetails(a, showAllUnits));
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

// The Bloodied Steel calculator: units of both nations, tactics in order,
// exact odds as you edit, and a rolled battle with its log.
import { replace, num } from './dom.js';
import { makeOddsView } from './odds-view.js';
import { errorWords } from './error-words.js';
import { battlePage } from './battle-page.js';
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

  const sk = battlePage(ctx, { id, prefix: 'bs', scen: () => scen, request: (extra = {}) => requestOf(scen, extra), explain,
    compute: () => sk.odds(renderOdds), edited: () => renderPrintSummary() });
  const battle = battleView({ rules, scen: () => scen, edited: () => sk.edited(), structural: () => structural(),
    checkpoint: (label) => ctx.checkpoint(label), allShown: () => showAllUnits, showAll: () => { showAllUnits = true; } });
  const { renderUnits, renderTactics, renderPrintSummary } = battle;
  const view = sk.useView(makeOddsView(ctx, { prefix: 'bs', outcomes: OUTCOMES, solverBox: sk.solverBox }));
  const rolling = sk.rolling({ outcomes: OUTCOMES, outcomeClass: true, stale: 'The units changed: roll the battle again.' });
  const { seedInput, roll, newSeed, rollBox } = rolling;
  sk.attach(root, pageLayout({ toolbar: ctx.toolbar(), printSummary: battle.printSummary, units: battle.unitsBox, tactics: battle.tacticsBox,
    strip: view.strip, card: view.card, seedInput, roll, newSeed, rollBox, tools: sk.tools.element }));

  function structural() {
    renderUnits();
    renderTactics();
    sk.edited({ structural: true });
  }
  function renderAll() {
    renderUnits();
    renderTactics();
    sk.renderSolver();
    renderPrintSummary();
  }

  function renderOdds(a, wallMs) {
    const method = a.method.startsWith('exact')
      ? `Exact odds${a.dropped > 0 ? ` (probability ${a.dropped.toExponential(1)} left out)` : ''}`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown`;
    view.show(a, method, wallMs);
    replace(view.details, ...oddsDetails(a, showAllUnits));
  }

  renderAll();
  sk.odds(renderOdds);
  return sk.controller({
    show(next) { scen = normalise(next, rules.example); renderAll(); },
    roll, hasRolled: rolling.hasRolled, reset: rolling.reset,
  });
}

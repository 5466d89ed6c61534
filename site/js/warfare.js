// Strongholds & Followers warfare: build units, field two armies, set the
// rule options and the policy, and get the battle's odds, a single-attack
// matrix and a rolled battle.
import { h, replace } from './dom.js';
import { mountAdvisor } from './tools-advise.js';
import { builderDialog, freeName, keywordClash } from './warfare-builder.js';
import { rulesFold } from './options-form.js';
import { makeResults } from './warfare-results.js';
import { rosterLink } from './roster-link.js';
import { battlePage } from './battle-page.js';
import { errorWords } from './error-words.js';
import { sideName, emptyBattle, fitsBattle, normalise, request as requestOf, addUnit, replaceUnit, removeUnit as dropUnit,
  insertUnit, copyOf, placeCopy, priceArmies, waitingArmy } from './warfare-model.js';
import { armiesView, pageLayout, copyWords } from './warfare-armies.js';

export const id = 'warfare';
export const title = 'Strongholds & Followers';

// An error from the core in words, named by the core: "Iron Wall: casualty
// die must be a whole number from 1 to 6".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

export const empty = emptyBattle;
// Whether a stored battle has the shape this page edits (warfare-model.js).
export const fits = fitsBattle;

export function mount(root, ctx, initial) {
  let scen = normalise(initial, ctx.rules.example);
  // Armies from a roster replace a side: undoable, and the battle before is kept in Recent battles.
  const roster = rosterLink(ctx, { setUnits: (side, units, label) => {
    if (label) ctx.checkpoint(label, { keep: true });
    scen[side].units = units;
    cards[side] = units.map(() => null);
    changed();
  }, getUnits: (side) => scen[side].units, keepRoll: (words) => results.keepRoll(words) });
  ctx = roster.ctx; // the same engine, telling the roster link about rolls
  const rules = ctx.rules;
  const cards = { attacker: [], defender: [] }; // the core's cards for each army, kept in step with the units
  const totals = { attacker: null, defender: null };

  const request = (extra = {}) => requestOf(scen, extra);
  const sk = battlePage(ctx, { id, prefix: 'wf', scen: () => scen, request, explain, waitsFor: (e) => waitingArmy(scen, e),
    // The worker is needed for the new cards at once: a long run of the old battle gives way.
    beforeEdit: () => { ctx.engine.cancelOdds(); ctx.engine.cancel('attack-matrix'); advisor.changed(); },
    edited: () => armies.renderPrintSummary(),
    compute,
    errorRoots: () => [armies.box, optionsBox, sk.solverBox] });
  const armies = armiesView({ rules, scen: () => scen, cards, totals,
    open: (side, i) => builder.open(side, i), copy: (side, i) => copyUnit(side, i), remove: (side, i) => removeUnit(side, i), edited: () => sk.edited() });
  const armyNote = armies.note;
  const optionsBox = sk.fold(/^\/(options|policy)/, h('div', { class: 'card fold-card' }));
  const tools = sk.tools;
  const results = makeResults(ctx, sk, { request, rollAside: roster.applyControl });
  const view = results.view;
  const advisor = mountAdvisor(ctx, { battle: () => request(), cards: () => cards });

  // The unit builder opens over the armies, as a dialog (full screen on a phone).
  const takenNames = () => new Set([...scen.attacker.units, ...scen.defender.units].map((u) => u.name));
  const builder = builderDialog({ ...ctx, options: () => scen.options, takenNames, army: (side) => scen[side].units }, {
    unitOf: (side, index) => scen[side].units[index],
    onCommit(unit, side, index, fromSide) {
      if (index !== null) ctx.checkpoint(`Edited “${scen[fromSide].units[index]?.name || unit.name}”`);
      const at = index === null ? addUnit(scen, cards, side, unit) : replaceUnit(scen, cards, fromSide, index, unit);
      changed();
      armies.focusUnit(at);
    },
  });

  sk.attach(root, pageLayout({ toolbar: ctx.toolbar(), armies, roster: roster.element, optionsBox, strip: view.strip,
    results: results.element, tools: tools.element, advisor: advisor.element, dialog: builder.element }));

  // ---- armies ----
  function removeUnit(side, i) {
    const name = scen[side].units[i].name;
    ctx.checkpoint(`Removed “${name || `the ${sideName(side)}'s unit ${i + 1}`}”`);
    dropUnit(scen, cards, side, i);
    armyNote.textContent = `Removed ${name || 'the unit'}.`;
    changed();
    const n = scen[side].units.length;
    armies.focusUnit(n ? { side, index: Math.min(i, n - 1) } : null, side);
  }

  // A copy the rules accept (warfare-model.js placeCopy); when neither army
  // can take it, the note says why.
  async function copyUnit(side, i) {
    const u = scen[side].units[i];
    const copy = copyOf(u, freeName(u.name || 'Unit', takenNames()));
    const placed = await placeCopy(ctx.engine, scen, side, i, copy, () => !sk.alive());
    if (!placed) return;
    if (placed.at) insertUnit(scen, cards, placed.at.side, placed.at.index, copy);
    armyNote.textContent = copyWords(u, copy, side, placed.at ?? null,
      placed.at ? null : { words: explain(scen, placed.refused), clash: !!keywordClash(placed.refused), keywords: cards[side][i]?.label?.replace(/ d\d+$/, '') });
    if (!placed.at) return;
    changed();
    armies.focusUnit(placed.at);
  }

  // The cards first: an army the core refuses gets no odds, and its error
  // stands. (Asking for both at once, with the worker taking quick calls
  // ahead of its answers, was tried: first odds at 4x CPU slowdown came
  // later, 1,200 against 1,130 ms, medians of eight visits side by side.)
  async function compute() {
    sk.clearError();
    if (await refreshCards()) await results.compute();
  }

  // The core's cards and prices (warfare-model.js priceArmies), then shown.
  async function refreshCards() {
    const priced = await priceArmies(ctx.engine, scen, cards, totals, () => !sk.alive());
    if (!priced) return null;
    armies.showCards();
    advisor.cardsChanged();
    armies.renderPrintSummary();
    if (priced.failure) {
      view.refused(sk.showError(priced.failure));
      return false;
    }
    return true;
  }

  function changed() {
    armies.render();
    sk.edited({ structural: true });
  }
  function renderAll() {
    armies.render();
    replace(optionsBox, optionsFold(rules, scen, () => sk.edited()));
    sk.renderSolver();
    armies.renderPrintSummary();
  }

  renderAll();
  sk.recompute.flush();
  return sk.controller({
    show(next) {
      scen = normalise(next, rules.example);
      cards.attacker = scen.attacker.units.map(() => null);
      cards.defender = scen.defender.units.map(() => null);
      armyNote.textContent = '';
      renderAll();
    },
    reset: () => results.reset(),
    roll: () => results.roll(),
    hasRolled: () => results.hasRolled(),
    destroy: () => builder.element.close(),
  });
}

// The rule options and the commanders' policy, folded under one heading.
function optionsFold(rules, scen, onChange) {
  const groups = [{ title: 'Rule options', list: rules.options || [], values: scen.options, basePath: '/options' }];
  if ((rules.policy || []).length) groups.push({ title: 'Policy (choices the commanders make)', list: rules.policy, values: scen.policy, basePath: '/policy' });
  return rulesFold(groups, onChange, { note: 'Where the book leaves a point open, the choice is yours; the defaults are the plainest reading. The policy decides for the commanders.', headingId: 'wf-options-h' });
}

// Strongholds & Followers warfare: build units, field two armies, set the
// rule options and the policy, and get the battle's odds, a single-attack
// matrix and a rolled battle.
import { h, replace, button, placeError, clearFieldErrors, debounce } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { mountAdvisor } from './tools-advise.js';
import { makeBuilder, freeName, keywordClash } from './warfare-builder.js';
import { rulesFold } from './options-form.js';
import { makeResults } from './warfare-results.js';
import { solverPanel } from './solver-form.js';
import { rosterLink } from './roster-link.js';
import { mountTools } from './tools.js';
import { errorWords } from './error-words.js';
import { SIDES, sideName, emptyBattle, fitsBattle, normalise, request as requestOf, addUnit, replaceUnit, removeUnit as dropUnit,
  insertUnit, copyOf, copyPlaces } from './warfare-model.js';
import { armiesView } from './warfare-armies.js';

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
  let destroyed = false;
  const cards = { attacker: [], defender: [] }; // the core's cards for each army, kept in step with the units
  const totals = { attacker: null, defender: null };

  const armiesBox = h('div', { class: 'armies' });
  const armyNote = h('p', { class: 'small army-note', attrs: { role: 'status', 'aria-live': 'polite' } });
  const optionsBox = h('div', { class: 'card fold-card' });
  const printSummary = h('section', { class: 'print-only card' });

  const request = (extra = {}) => requestOf(scen, extra);
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const describe = (err) => explain(scen, err);
  const tools = mountTools(ctx, { ruleset: id, prefix: 'wf', getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label), explain: describe,
    linkChanged: () => ctx.changed(request({ seed: scen.seed })) });
  const results = makeResults(ctx, { request, solverBox, getSeed: () => scen.seed, setSeed: (s) => { scen.seed = s; ctx.changed(request({ seed: scen.seed })); }, showError, clearError, describe,
    rollExtra: (answer) => tools.luckButton(answer), rollAside: roster.applyControl });
  const view = results.view;
  const advisor = mountAdvisor(ctx, { battle: () => request(), cards: () => cards });

  // The unit builder opens over the armies, as a dialog (full screen on a phone).
  const takenNames = () => new Set([...scen.attacker.units, ...scen.defender.units].map((u) => u.name));
  const builder = makeBuilder({ ...ctx, options: () => scen.options, takenNames, army: (side) => scen[side].units, onCancel: () => dialog.close() }, {
    onCommit(unit, side, index, fromSide) {
      if (index !== null) ctx.checkpoint(`Edited “${scen[fromSide].units[index]?.name || unit.name}”`);
      const at = index === null ? addUnit(scen, cards, side, unit) : replaceUnit(scen, cards, fromSide, index, unit);
      builder.done();
      opener = null;
      dialog.close();
      changed();
      armies.focusUnit(at);
    },
  });
  const dialogTitle = h('h2', { id: 'wf-builder-h' });
  const dialog = h('dialog', { class: 'dialog builder-dialog', attrs: { 'aria-labelledby': 'wf-builder-h' } },
    h('div', { class: 'card-head' }, dialogTitle, button('Close', () => dialog.close(), { cls: 'small', title: 'Close the unit builder without changes' })),
    builder.element);
  let opener = null;
  dialog.addEventListener('close', () => {
    if (opener?.isConnected) opener.focus();
    opener = null;
  });
  function openBuilder(side, index = null) {
    opener = document.activeElement;
    if (index === null) {
      builder.start(side);
      dialogTitle.textContent = `New unit for the ${sideName(side)}`;
    } else {
      const u = scen[side].units[index];
      builder.edit(u, side, index);
      dialogTitle.textContent = `Edit ${u.name || 'this unit'}`;
    }
    dialog.showModal();
    dialog.querySelector('.builder-form input')?.focus();
  }

  const page = h('div', { class: 'calc', dataset: { ruleset: id } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Strongholds & Followers: warfare' }),
      h('p', { class: 'lede', text: 'Build units from ancestry, experience, equipment, type and size, field them in two armies, and see who holds the field: d20 Attack and Power checks, casualty dice, morale, charges and the order of battle, exactly where the battle is small enough and sampled beyond.' }),
      ctx.toolbar()),
    printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-armies-h' } },
          h('h2', { id: 'wf-armies-h', text: 'Armies' }), armyNote, armiesBox, roster.element),
        optionsBox),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } }, view.strip, results.element, tools.element)),
    dialog);
  root.append(page);
  page.querySelector('.col-results').append(advisor.element);

  // ---- armies ----
  const armies = armiesView({
    box: armiesBox, printSummary, rules,
    scen: () => scen, cards, totals,
    open: openBuilder, copy: (side, i) => copyUnit(side, i), remove: (side, i) => removeUnit(side, i), edited: () => edited(),
  });

  function removeUnit(side, i) {
    const name = scen[side].units[i].name;
    ctx.checkpoint(`Removed “${name || `the ${sideName(side)}'s unit ${i + 1}`}”`);
    dropUnit(scen, cards, side, i);
    armyNote.textContent = `Removed ${name || 'the unit'}.`;
    changed();
    const n = scen[side].units.length;
    armies.focusUnit(n ? { side, index: Math.min(i, n - 1) } : null, side);
  }

  // A copy the rules accept: the next free name and, as an army fields only one
  // unit with the same keywords, in the other army when this one cannot take it.
  // The core checks each try; when neither army can, the note says why.
  async function copyUnit(side, i) {
    const u = scen[side].units[i];
    const copy = copyOf(u, freeName(u.name || 'Unit', takenNames()));
    let why = null;
    for (const { side: target, index } of copyPlaces(scen, side, i)) {
      const units = [...scen[target].units];
      units.splice(index, 0, copy);
      let answer;
      try {
        answer = await ctx.engine.call('unit', { ruleset: id, units, options: scen.options }, { slot: 'copy' });
      } catch (e) {
        if (e instanceof Cancelled) return;
        throw e;
      }
      if (destroyed) return;
      const blamed = answer.ok ? null : answer.error.path.match(/^\/units\/(\d+)/);
      // An army already in error for another unit takes the copy; its own error shows as usual.
      if (answer.ok || !blamed || Number(blamed[1]) !== index) {
        insertUnit(scen, cards, target, index, copy);
        armyNote.textContent = target === side ? `Copied ${u.name} as ${copy.name}.`
          : `Copied ${u.name} as ${copy.name} into the ${sideName(target)}'s army: the ${sideName(side)}'s army already has a unit with its keywords, and an army fields only one (S&F p. 239).`;
        changed();
        armies.focusUnit({ side: target, index });
        return;
      }
      why = why || { words: explain(scen, answer.error), clash: !!keywordClash(answer.error) };
    }
    const keywords = cards[side][i]?.label?.replace(/ d\d+$/, '');
    armyNote.textContent = why.clash
      ? `${u.name} was not copied: both armies already have a unit with its keywords${keywords ? ` (${keywords})` : ''}, and an army fields only one (S&F p. 239). Give ${u.name} a larger size instead, or build a unit with other keywords.`
      : `${u.name} was not copied: ${why.words}`;
  }

  // The core prices each army and checks it (one unit per keywords). When the
  // army as a whole is refused, each unit is still priced on its own, so the
  // rows keep their stats and cost while the error is shown.
  async function refreshCards() {
    let failure = null;
    for (const side of SIDES) {
      let answer;
      try {
        answer = await ctx.engine.call('unit', { ruleset: id, units: scen[side.id].units, options: scen.options }, { slot: 'cards-' + side.id });
      } catch (e) {
        if (e instanceof Cancelled) return null;
        throw e;
      }
      if (answer.ok) {
        cards[side.id] = answer.cards;
        totals[side.id] = answer.total;
        continue;
      }
      failure = failure || { ...answer.error, path: answer.error.path.replace(/^\/units/, `/${side.id}/units`) };
      totals[side.id] = null;
      // Priced without its casualties, so a bad casualty die does not cost the row its card.
      const one = await Promise.all(scen[side.id].units.map(({ casualties, ...u }, k) => ctx.engine.call('unit', { ruleset: id, unit: u, options: scen.options }, { slot: `card-${side.id}-${k}` })
        .then((a) => (a.ok ? a.card : null), () => null)));
      if (destroyed) return null;
      cards[side.id] = one;
    }
    armies.showCards();
    advisor.cardsChanged();
    armies.renderPrintSummary();
    if (failure) {
      view.refused(showError(failure));
      return false;
    }
    return true;
  }

  // ---- options and policy ----
  function renderOptions() {
    const groups = [{ title: 'Rule options', list: rules.options || [], values: scen.options, basePath: '/options' }];
    if ((rules.policy || []).length) groups.push({ title: 'Policy (choices the commanders make)', list: rules.policy, values: scen.policy, basePath: '/policy' });
    replace(optionsBox, rulesFold(groups, () => edited(), { note: 'Where the book leaves a point open, the choice is yours; the defaults are the plainest reading. The policy decides for the commanders.', headingId: 'wf-options-h' }));
  }

  // ---- errors ----
  // The error beside its field (the odds card and strip say it too); returns
  // its words, or {waiting} for a field emptied mid-edit (dom.js placeError).
  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    if (err.path && /^\/(options|policy)/.test(err.path)) optionsBox.querySelector('details')?.setAttribute('open', '');
    return placeError(page, err, describe, { waitsFor: (e) => {
      const m = (e.path || '').match(/^\/(attacker|defender)\/units$/);
      return m && !scen[m[1]].units.length ? { note: null, words: `the ${sideName(m[1])}'s army has no units yet` } : null;
    } });
  }
  function clearError() {
    clearFieldErrors(armiesBox);
    clearFieldErrors(optionsBox);
    clearFieldErrors(solverBox);
  }

  // ---- edits ----
  const recompute = debounce(async () => {
    if (destroyed) return;
    clearError();
    if (await refreshCards()) results.compute();
  }, 150);
  function edited({ structural = false } = {}) {
    // The worker is needed for the new cards at once: a long run of the old battle gives way.
    ctx.engine.cancelOdds();
    ctx.engine.cancel('attack-matrix');
    advisor.changed();
    view.changed({ structural });
    tools.changed();
    ctx.changed(request({ seed: scen.seed }));
    armies.renderPrintSummary();
    recompute();
  }
  function changed() {
    armies.render();
    edited({ structural: true });
  }

  function setScenario(next) {
    scen = normalise(next, rules.example);
    cards.attacker = scen.attacker.units.map(() => null);
    cards.defender = scen.defender.units.map(() => null);
    results.reset();
    armyNote.textContent = '';
    armies.render();
    renderOptions();
    renderSolver();
    armies.renderPrintSummary();
    view.changed({ structural: true });
    tools.changed();
    recompute.flush();
  }

  armies.render();
  renderOptions();
  renderSolver();
  armies.renderPrintSummary();
  recompute.flush();

  return {
    getScenario: () => request({ seed: scen.seed }),
    setScenario,
    roll: () => results.roll(),
    hasRolled: () => results.hasRolled(),
    linkParams: tools.linkParams,
    readLinkParams: tools.readLinkParams,
    destroy() { destroyed = true; dialog.close(); },
  };
}

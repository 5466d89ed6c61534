// Strongholds & Followers warfare: build units, field two armies, set the
// rule options and the policy, and get the battle's odds, a single-attack
// matrix and a rolled battle.
import { h, replace, clear, field, numberInput, button, numberValue, placeError, clearFieldErrors,
  debounce, unitButton, focusFirst } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { mountAdvisor } from './tools-advise.js';
import { makeBuilder, freeName, keywordClash } from './warfare-builder.js';
import { cardView, statLine, gold } from './warfare-card.js';
import { rulesFold, changedText } from './options-form.js';
import { makeResults } from './warfare-results.js';
import { solverPanel } from './solver-form.js';
import { rosterLink } from './roster-link.js';
import { mountTools } from './tools.js';
import { optList, optObject } from './battle-store.js';
import { errorWords } from './error-words.js';

export const id = 'warfare';
export const title = 'Strongholds & Followers';

const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];

const sideName = (side) => (side === 'attacker' ? 'attacker' : 'defender');

// An error from the core in words, named by the core: "Iron Wall: casualty
// die must be a whole number from 1 to 6".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

export function empty() {
  return { ruleset: id, options: {}, policy: {}, attacker: { units: [] }, defender: { units: [] }, seed: 1 };
}

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fits(s) {
  const side = (x) => optObject(x) && optList(x?.units);
  return optObject(s.options) && optObject(s.policy) && side(s.attacker) && side(s.defender) && optObject(s.solver);
}

function normalise(s, rules) {
  const src = s && typeof s === 'object' ? s : (rules.example || empty());
  const side = (x) => ({ ...(x && typeof x === 'object' ? x : {}), units: Array.isArray(x?.units) ? x.units.map((u) => ({ ...u })) : [] });
  return {
    ruleset: id,
    options: { ...(src.options || {}) },
    policy: { ...(src.policy || {}) },
    attacker: side(src.attacker),
    defender: side(src.defender),
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: src.solver && typeof src.solver === 'object' ? { ...src.solver } : {},
    // Older rules, kept by a battle from an old link (versions.js); the core checks it.
    ...(src.rules_version !== undefined ? { rules_version: src.rules_version } : {}),
  };
}

export function mount(root, ctx, initial) {
  let scen = normalise(initial, ctx.rules);
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

  const request = (extra = {}) => {
    const r = { ruleset: id, options: scen.options, policy: scen.policy, attacker: scen.attacker, defender: scen.defender, ...extra };
    if (Object.keys(scen.solver).length) r.solver = scen.solver;
    if (scen.rules_version !== undefined) r.rules_version = scen.rules_version;
    return r;
  };
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
      let at;
      if (index === null) {
        scen[side].units.push(unit);
        cards[side].push(null);
        at = scen[side].units.length - 1;
      } else {
        // Keep the unit's current casualties and roster id when it is edited.
        const old = scen[fromSide].units[index];
        ctx.checkpoint(`Edited “${old?.name || unit.name}”`);
        if (old && old.casualties !== undefined) unit.casualties = old.casualties;
        if (old && old.id !== undefined) unit.id = old.id;
        scen[fromSide].units[index] = unit;
        cards[fromSide][index] = null;
        at = index;
      }
      builder.done();
      opener = null;
      dialog.close();
      changed();
      focusFirst(armiesBox, `.army-unit[data-path="/${fromSide || side}/units/${at}"] button[data-act=edit]`);
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
  function renderArmies() {
    // A redraw keeps the keyboard on the same button of the same unit (or the
    // same side's New unit…), never dropping it to the page.
    const had = armiesBox.contains(document.activeElement) ? document.activeElement : null;
    const unitPath = had?.closest('.army-unit')?.dataset.path;
    const back = had?.dataset.act && unitPath ? `.army-unit[data-path="${unitPath}"] button[data-act="${had.dataset.act}"]`
      : had?.dataset.add ? `button[data-add="${had.dataset.add}"]` : null;
    clear(armiesBox);
    for (const side of SIDES) {
      const list = scen[side.id].units;
      const rows = list.map((u, i) => unitRow(side.id, u, i));
      const total = totals[side.id];
      armiesBox.append(h('div', { class: `army ${side.id}`, dataset: { path: `/${side.id}/units` } },
        h('h3', {}, side.name, ' ', h('span', { class: 'muted small', text: `(${list.length} unit${list.length === 1 ? '' : 's'}${total ? `, ${gold(total.cost)}, upkeep ${gold(total.upkeep)} a season` : ''})` })),
        h('span', { class: 'field-error', dataset: { errorFor: `/${side.id}/units` } }),
        rows.length ? h('div', { class: 'army-units' }, rows) : h('p', { class: 'muted', text: 'No units yet.' }),
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: side.id }, text: `New unit for the ${sideName(side.id)}…`,
          on: { click: () => openBuilder(side.id) } })));
    }
    if (back) focusFirst(armiesBox, back);
  }

  function unitRow(side, u, i) {
    const path = `/${side}/units/${i}`;
    const cas = numberInput(u.casualties ?? '', { min: 1, max: 20, onInput: (el) => {
      const v = numberValue(el);
      const die = cards[side][i]?.size;
      if (v === null || v === die) delete u.casualties; else u.casualties = v;
      edited();
    } });
    const act = (b, name) => { b.dataset.act = name; return b; };
    const row = h('div', { class: 'army-unit', dataset: { path } },
      h('div', { class: 'army-unit-main' },
        h('strong', { text: u.name || '(unnamed)' }),
        h('span', { class: 'muted small', dataset: { card: 'label' } }),
        h('div', { class: 'small', dataset: { card: 'stats' } }),
        h('span', { class: 'field-error', dataset: { errorFor: path } })),
      field('Casualty die now', cas, `${path}/casualties`, { cls: 'num', whose: u.name }),
      h('div', { class: 'row-actions' },
        act(unitButton('Edit', 'Edit {}', u.name, () => openBuilder(side, i), { cls: 'small' }), 'edit'),
        act(unitButton('Copy', 'Copy {}', u.name, () => copyUnit(side, i), { cls: 'small', title: 'Add a copy the rules accept' }), 'copy'),
        act(unitButton('Card', 'Print the card of {}', u.name, () => printCard(cards[side][i]), { cls: 'small' }), 'card'),
        act(unitButton('✕', 'Remove {}', u.name, () => removeUnit(side, i), { cls: 'icon danger', title: 'Remove this unit' }), 'remove')));
    showCard(row, side, u, i);
    return row;
  }

  // The core's card in a row, in place: the row (and the field being typed in) stays.
  function showCard(row, side, u, i) {
    const card = cards[side][i];
    const label = row.querySelector('[data-card=label]');
    label.textContent = card ? ` ${card.label}` : '';
    // A unit named from its keywords would show them twice.
    label.hidden = Boolean(card) && u.name === card.label;
    row.querySelector('[data-card=stats]').textContent = card ? `${statLine(card)} · ${card.cost === null ? 'not priced' : gold(card.cost)}` : '';
    row.querySelector('button[data-act=card]').disabled = !card;
    const cas = row.querySelector('input[type=number]');
    if (card) cas.max = String(card.size);
    if (document.activeElement !== cas) cas.value = String(u.casualties ?? card?.size ?? '');
  }
  function showCards() {
    for (const side of SIDES) {
      const rows = armiesBox.querySelectorAll(`.army.${side.id} .army-unit`);
      if (rows.length !== scen[side.id].units.length) return renderArmies();
      rows.forEach((row, i) => showCard(row, side.id, scen[side.id].units[i], i));
      const total = totals[side.id];
      const list = scen[side.id].units;
      armiesBox.querySelector(`.army.${side.id} h3 .muted`).textContent =
        `(${list.length} unit${list.length === 1 ? '' : 's'}${total ? `, ${gold(total.cost)}, upkeep ${gold(total.upkeep)} a season` : ''})`;
    }
  }

  function removeUnit(side, i) {
    const name = scen[side].units[i].name;
    ctx.checkpoint(`Removed “${name || `the ${sideName(side)}'s unit ${i + 1}`}”`);
    scen[side].units.splice(i, 1);
    cards[side].splice(i, 1);
    armyNote.textContent = `Removed ${name || 'the unit'}.`;
    changed();
    const n = scen[side].units.length;
    focusFirst(armiesBox, n ? `.army-unit[data-path="/${side}/units/${Math.min(i, n - 1)}"] button[data-act=edit]` : null, `button[data-add="${side}"]`);
  }

  // A copy the rules accept: the next free name and, as an army fields only one
  // unit with the same keywords, in the other army when this one cannot take it.
  // The core checks each try; when neither army can, the note says why.
  async function copyUnit(side, i) {
    const u = scen[side].units[i];
    const copy = JSON.parse(JSON.stringify(u));
    copy.name = freeName(u.name || 'Unit', takenNames());
    delete copy.id; // a roster's id belongs to the roster's unit, not to its copy
    delete copy.casualties;
    const tries = [[side, i + 1], [side === 'attacker' ? 'defender' : 'attacker', null]];
    let why = null;
    for (const [target, at] of tries) {
      const units = [...scen[target].units];
      const index = at === null ? units.length : at;
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
        scen[target].units.splice(index, 0, copy);
        cards[target].splice(index, 0, null);
        armyNote.textContent = target === side ? `Copied ${u.name} as ${copy.name}.`
          : `Copied ${u.name} as ${copy.name} into the ${sideName(target)}'s army: the ${sideName(side)}'s army already has a unit with its keywords, and an army fields only one (S&F p. 239).`;
        changed();
        focusFirst(armiesBox, `.army-unit[data-path="/${target}/units/${index}"] button[data-act=edit]`);
        return;
      }
      why = why || { words: explain(scen, answer.error), clash: !!keywordClash(answer.error) };
    }
    const keywords = cards[side][i]?.label?.replace(/ d\d+$/, '');
    armyNote.textContent = why.clash
      ? `${u.name} was not copied: both armies already have a unit with its keywords${keywords ? ` (${keywords})` : ''}, and an army fields only one (S&F p. 239). Give ${u.name} a larger size instead, or build a unit with other keywords.`
      : `${u.name} was not copied: ${why.words}`;
  }

  function printCard(card) {
    const holder = h('div', { class: 'print-card' }, cardView(card));
    document.body.append(holder);
    document.body.classList.add('printing-card');
    const done = () => { document.body.classList.remove('printing-card'); holder.remove(); window.removeEventListener('afterprint', done); };
    window.addEventListener('afterprint', done);
    window.print();
    setTimeout(done, 1000);
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
    showCards();
    advisor.cardsChanged();
    renderPrintSummary();
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
    renderPrintSummary();
    recompute();
  }
  function changed() {
    renderArmies();
    edited({ structural: true });
  }

  function renderPrintSummary() {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    const optionLine = (list, values, word) => h('p', { text: changedText(list, values, word) });
    replace(printSummary, h('h2', { text: 'The armies' }), SIDES.map((side) => [
      h('h3', { text: side.name }),
      h('table', { class: 'print-table' },
        h('thead', {}, row(['Unit', 'Keywords', 'Stats', 'Casualty die', 'Cost'], 'th')),
        h('tbody', {}, scen[side.id].units.map((u, i) => {
          const c = cards[side.id][i];
          return row([u.name, c?.label ?? '…', c ? statLine(c) : '…', u.casualties !== undefined && c ? `${u.casualties} of ${c.size}` : c?.size ?? '…', c ? gold(c.cost) : '…']);
        })))]),
    optionLine(rules.options || [], scen.options, 'Rules'),
    (rules.policy || []).length ? optionLine(rules.policy, scen.policy, 'Policy') : null);
  }

  function setScenario(next) {
    scen = normalise(next, rules);
    cards.attacker = scen.attacker.units.map(() => null);
    cards.defender = scen.defender.units.map(() => null);
    results.reset();
    armyNote.textContent = '';
    renderArmies();
    renderOptions();
    renderSolver();
    renderPrintSummary();
    view.changed({ structural: true });
    tools.changed();
    recompute.flush();
  }

  renderArmies();
  renderOptions();
  renderSolver();
  renderPrintSummary();
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

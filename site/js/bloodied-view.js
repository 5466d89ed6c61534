// The Bloodied Steel page, drawn: the units of both nations, the tactics in
// order, the odds' details, the printed summary and the page's layout. The
// battle is bloodied-model.js's; bloodied.js wires this view to it and to the engine.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, pct, num, unitButton, renameRow,
  focusFirst, lazyFold, printSection } from './dom.js';
import { distChart } from './charts.js';
import { rollCard } from './odds-run.js';
import { NATIONS, UNIT_LIST_LIMIT, addUnit, copyUnit, switchNation, removeUnit, addTactic, removeTactic, moveTactic, setEffect,
  setTarget, targetOptions } from './bloodied-model.js';

// The units, the tactics and the printed summary. `opts`: {rules, scen() (the
// battle now), edited(), structural() (an edit that adds, removes or moves a
// row), checkpoint(label), allShown(), showAll()}. Returns {unitsBox,
// tacticsBox, printSummary, renderUnits, renderTactics, renderPrintSummary}.
export function battleView(opts) {
  const tactics = tacticsList(opts);
  // A unit's new name shows at once in the tactics' targets.
  const units = unitsList({ ...opts, renamed: tactics.render });
  const printed = printSection((el) => replace(el, printTables(opts.scen())));
  return { unitsBox: units.box, tacticsBox: tactics.box, printSummary: printed.element, renderUnits: units.render, renderTactics: tactics.render,
    renderPrintSummary: printed.render };
}

// Each nation's units, a row each (the first UNIT_LIST_LIMIT unless
// allShown()), with its Add button. `renamed()` after a unit's name changes.
// Returns {box, render}.
function unitsList({ rules, scen, edited, structural, checkpoint, allShown, showAll, renamed }) {
  const box = h('div', { class: 'nations' });

  function render() {
    clear(box);
    for (const nation of NATIONS) {
      const rows = [];
      let shown = 0, hidden = 0;
      scen().units.forEach((u, i) => {
        if (u.nation !== nation.id) return;
        if (!allShown() && shown >= UNIT_LIST_LIMIT) { hidden++; return; }
        shown++;
        rows.push(unitRow(u, i));
      });
      const panel = h('div', { class: 'nation ' + nation.id },
        h('h3', {}, nation.name, ' ', h('span', { class: 'muted small', text: `(${scen().units.filter((u) => u.nation === nation.id).length})` })),
        rows.length ? h('div', { class: 'unit-rows' }, rows) : h('p', { class: 'muted', text: 'No units.' }),
        hidden ? button(`Show all ${hidden + shown} units`, () => { showAll(); render(); }, { cls: 'link' }) : null,
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: nation.id }, text: `Add ${nation.name} unit`, on: { click: () => addUnitRow(nation.id) } }));
      box.append(panel);
    }
  }

  function unitRow(u, i) {
    const base = `/units/${i}`;
    const lim = rules.limits;
    const numField = (key, label, max) => field(label, numberInput(u[key], { min: 0, max, onInput: (el) => { u[key] = numberValue(el); edited(); } }), `${base}/${key}`, { cls: 'num', whose: u.name });
    const row = h('div', { class: 'unit-row', dataset: { index: i } },
      field('Name', textInput(u.name, { maxlength: lim.name_chars, onInput: (el) => { u.name = el.value; renameRow(row, u.name); edited(); renamed(); } }), `${base}/name`, { cls: 'name' }),
      numField('arms', 'Arms', lim.arms),
      numField('armour', 'Armour', lim.armour),
      numField('size', 'Size', lim.size),
      h('div', { class: 'row-actions' },
        unitButton('⇄', 'Move {} to the other nation', u.name, () => {
          switchNation(scen(), i);
          structural();
          focusFirst(box, `.unit-row[data-index="${i}"] button[data-act=move]`);
        }, { cls: 'icon', title: 'Move to the other nation' }),
        unitButton('Copy', 'Copy {}', u.name, () => {
          copyUnit(scen(), i);
          structural();
          focusFirst(box, `.unit-row[data-index="${i + 1}"] input[type=text]`);
        }, { cls: 'icon', title: 'Add a copy of this unit' }),
        unitButton('✕', 'Remove {}', u.name, () => removeUnitRow(i), { cls: 'icon danger', title: 'Remove this unit' })));
    row.querySelectorAll('.row-actions button').forEach((b, k) => { b.dataset.act = ['move', 'copy', 'remove'][k]; });
    return row;
  }

  function addUnitRow(nation) {
    addUnit(scen(), nation);
    structural();
    // Put the cursor in the new unit's name.
    const rows = box.querySelectorAll(`.nation.${nation} .unit-row input[type=text]`);
    rows[rows.length - 1]?.focus();
  }

  function removeUnitRow(i) {
    checkpoint(`Removed “${scen().units[i].name || `unit ${i + 1}`}”`);
    const { nation } = scen().units[i];
    const at = removeUnit(scen(), i);
    structural();
    // The keyboard goes to the next unit of that nation, else the one before, else its Add button.
    focusFirst(box, at >= 0 ? `.unit-row[data-index="${at}"] input[type=text]` : null, `button[data-add="${nation}"]`);
  }

  return { box, render };
}

// The tactics in order, a row each, and the Add tactic button. Returns {box, render}.
function tacticsList({ rules, scen, edited, structural, checkpoint }) {
  const box = h('div', { class: 'tactics' });
  const EFFECTS = (rules.effects || []).map((e) => ({ id: e.id, name: e.name }));

  function render() {
    clear(box);
    scen().tactics.forEach((t, i) => box.append(tacticRow(t, i)));
    box.append(h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: 'tactic' }, text: 'Add tactic', on: { click: () => {
      const at = addTactic(scen());
      structural();
      focusFirst(box, `.tactic-row[data-index="${at}"] input[type=text]`);
    } } }));
  }

  function tacticRow(t, i) {
    const base = `/tactics/${i}`;
    const target = select(targetOptions(scen(), t), t.target === null || t.target === undefined ? '' : String(t.target), {
      onChange: (el) => { setTarget(t, el.value); edited(); },
    });
    const effect = select(EFFECTS, t.effect, {
      onChange: (el) => {
        setEffect(scen(), t, el.value);
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
        unitButton('↓', 'Move {} later', t.name, () => move(i, +1), { cls: 'icon', title: 'Move later', disabled: i === scen().tactics.length - 1 }),
        unitButton('✕', 'Remove {}', t.name, () => {
          checkpoint(`Removed the tactic “${t.name || i + 1}”`);
          const at = removeTactic(scen(), i);
          structural();
          focusFirst(box, `.tactic-row[data-index="${at}"] input[type=text]`, 'button[data-add=tactic]');
        }, { cls: 'icon danger', title: 'Remove this tactic' })));
    return row;
  }

  function move(i, d) {
    const j = moveTactic(scen(), i, d);
    structural();
    // The keyboard follows the tactic; at the end of the list, to the other arrow.
    const row = `.tactic-row[data-index="${j}"]`;
    focusFirst(box, `${row} button[title="${d < 0 ? 'Move earlier' : 'Move later'}"]`, `${row} button[title^="Move"]:not(:disabled)`);
  }

  return { box, render };
}

// The battle as printed: a table of the units and one of the tactics (if any).
function printTables(battle) {
  const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
  return [
    h('h2', { text: 'The battle' }),
    h('table', { class: 'print-table' },
      h('thead', {}, row(['Unit', 'Nation', 'Arms', 'Armour', 'Size'], 'th')),
      h('tbody', {}, battle.units.map((u) => row([u.name, u.nation === 'ashen' ? 'Ashen' : 'Tribunan', u.arms, u.armour, u.size])))),
    battle.tactics.length ? h('table', { class: 'print-table' },
      h('thead', {}, row(['#', 'Tactic', 'Effect', 'Target', 'Amount'], 'th')),
      h('tbody', {}, battle.tactics.map((t, i) => row([i + 1, t.name, t.effect, t.effect === 'total' ? t.target : battle.units[t.target]?.name, t.amount])))) : null];
}

// The odds' details under the bars: each nation's Total and each unit's fate.
export function oddsDetails(a, allShown) {
  const totals = NATIONS.map((n) => {
    const t = a.totals[n.id];
    const desc = `${n.name} Total: ${num(t.dice, 0)} dice${t.bonus ? `, ${t.bonus > 0 ? '+' : ''}${t.bonus} from tactics` : ''}; mean ${num(t.mean)}`;
    return h('div', { class: 'total-chart' }, distChart(t.p, { title: desc, xLabel: 'Total', cls: n.id }));
  });
  const unitRows = a.units.slice(0, allShown ? a.units.length : UNIT_LIST_LIMIT * 2).map((u, i) =>
    lazyFold({ class: 'unit-result ' + u.nation },
      h('summary', {},
        h('span', { class: 'u-name', text: u.name }),
        h('span', { class: 'u-stat', text: `destroyed ${pct(u.destroyed)}` }),
        h('span', { class: 'u-stat muted', text: `Size ${u.size} → mean ${num(u.mean_final_size)}` })),
      () => [distChart(u.final_size, { title: `${u.name}: final Size`, xLabel: 'Size', highlight: 0, cls: u.nation }),
        h('p', { class: 'muted small', text: `Unit ${i + 1}: Arms ${u.arms}, Armour ${u.armour}, Size ${u.size} after tactics.` })]));
  return [
    h('h3', { text: 'Totals' }), h('div', { class: 'totals' }, totals),
    h('h3', { text: 'Units' }),
    a.units.length ? h('div', { class: 'unit-results' }, unitRows) : h('p', { class: 'muted', text: 'No units.' }),
    a.units.length > unitRows.length ? h('p', { class: 'muted', text: `Showing ${unitRows.length} of ${a.units.length} units.` }) : null];
}

// The page: its head, the units and the tactics beside the odds, the roll
// and the tools (a column on a laptop; one after another on a phone).
export function pageLayout({ toolbar, printSummary, units, tactics, strip, card, seedInput, roll, newSeed, rollBox, tools }) {
  return h('div', { class: 'calc', dataset: { ruleset: 'bloodied-steel' } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Bloodied Steel' }),
      h('p', { class: 'lede', text: 'Tribunan and Ashen units meet: each side rolls a DICE6 for every point of Arms (1–3 add nothing, 4–5 add 1, 6 adds 2), each Total cuts down every enemy unit whose Armour it beats, and survivors retreat.' }),
      toolbar),
    printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'bs-units-h' } },
          h('h2', { id: 'bs-units-h', text: 'Units' }), units),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'bs-tactics-h' } },
          h('h2', { id: 'bs-tactics-h', text: 'Tactics' }),
          h('p', { class: 'muted', text: 'Applied in order before the dice are rolled. Tactics are defined elsewhere in the game, so give each its effect here.' }),
          tactics)),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } },
        strip,
        card,
        rollCard({ prefix: 'bs', seedInput, roll, newSeed, rollBox }),
        tools)));
}

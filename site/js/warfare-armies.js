// The S&F battle page's armies, drawn: each army's units with their cards
// (the core's), casualty dice and buttons, and the printed summary. The
// battle is warfare-model.js's; warfare.js wires this view to it and to the
// engine. `opts`: {rules, scen() (the battle now), cards, totals (each army's
// cost and upkeep, or null), open(side, index?) the unit builder, copy(side,
// index), remove(side, index), edited()}. Its elements: box (the armies), note
// (what an edit did), printSummary.
import { h, replace, clear, field, numberInput, numberValue, unitButton, focusFirst, printSection } from './dom.js';
import { cardView, statLine, gold } from './warfare-card.js';
import { changedText } from './options-form.js';
import { SIDES, sideName, setCasualties, armyCount } from './warfare-model.js';

export function armiesView({ rules, scen, cards, totals, open, copy, remove, edited }) {
  const box = h('div', { class: 'armies' });
  const note = h('p', { class: 'small army-note', attrs: { role: 'status', 'aria-live': 'polite' } });
  const printed = printSection(drawPrintSummary);
  function renderArmies() {
    // A redraw keeps the keyboard on the same button of the same unit (or the
    // same side's New unit…), never dropping it to the page.
    const had = box.contains(document.activeElement) ? document.activeElement : null;
    const unitPath = had?.closest('.army-unit')?.dataset.path;
    const back = had?.dataset.act && unitPath ? `.army-unit[data-path="${unitPath}"] button[data-act="${had.dataset.act}"]`
      : had?.dataset.add ? `button[data-add="${had.dataset.add}"]` : null;
    clear(box);
    for (const side of SIDES) {
      const list = scen()[side.id].units;
      const rows = list.map((u, i) => unitRow(side.id, u, i));
      const total = totals[side.id];
      box.append(h('div', { class: `army ${side.id}`, dataset: { path: `/${side.id}/units` } },
        h('h3', {}, side.name, ' ', h('span', { class: 'muted small', text: armyCount(list, total, gold) })),
        h('span', { class: 'field-error', dataset: { errorFor: `/${side.id}/units` } }),
        rows.length ? h('div', { class: 'army-units' }, rows) : h('p', { class: 'muted', text: 'No units yet.' }),
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: side.id }, text: `New unit for the ${sideName(side.id)}…`,
          on: { click: () => open(side.id) } })));
    }
    if (back) focusFirst(box, back);
  }

  function unitRow(side, u, i) {
    const path = `/${side}/units/${i}`;
    const cas = numberInput(u.casualties ?? '', { min: 1, max: 20, onInput: (el) => {
      setCasualties(u, numberValue(el), cards[side][i]?.size);
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
        act(unitButton('Edit', 'Edit {}', u.name, () => open(side, i), { cls: 'small' }), 'edit'),
        act(unitButton('Copy', 'Copy {}', u.name, () => copy(side, i), { cls: 'small', title: 'Add a copy the rules accept' }), 'copy'),
        act(unitButton('Card', 'Print the card of {}', u.name, () => printCard(cards[side][i]), { cls: 'small' }), 'card'),
        act(unitButton('✕', 'Remove {}', u.name, () => remove(side, i), { cls: 'icon danger', title: 'Remove this unit' }), 'remove')));
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
      const rows = box.querySelectorAll(`.army.${side.id} .army-unit`);
      if (rows.length !== scen()[side.id].units.length) return renderArmies();
      rows.forEach((row, i) => showCard(row, side.id, scen()[side.id].units[i], i));
      box.querySelector(`.army.${side.id} h3 .muted`).textContent = armyCount(scen()[side.id].units, totals[side.id], gold);
    }
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

  function drawPrintSummary(printSummary) {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    const optionLine = (list, values, word) => h('p', { text: changedText(list, values, word) });
    replace(printSummary, h('h2', { text: 'The armies' }), SIDES.map((side) => [
      h('h3', { text: side.name }),
      h('table', { class: 'print-table' },
        h('thead', {}, row(['Unit', 'Keywords', 'Stats', 'Casualty die', 'Cost'], 'th')),
        h('tbody', {}, scen()[side.id].units.map((u, i) => {
          const c = cards[side.id][i];
          return row([u.name, c?.label ?? '…', c ? statLine(c) : '…', u.casualties !== undefined && c ? `${u.casualties} of ${c.size}` : c?.size ?? '…', c ? gold(c.cost) : '…']);
        })))]),
    optionLine(rules.options || [], scen().options, 'Rules'),
    (rules.policy || []).length ? optionLine(rules.policy, scen().policy, 'Policy') : null);
  }

  // The keyboard to a unit's Edit button ({side, index}), or to the side's New unit… when there is none.
  function focusUnit(at, side = null) {
    focusFirst(box, at ? `.army-unit[data-path="/${at.side}/units/${at.index}"] button[data-act=edit]` : null, side ? `button[data-add="${side}"]` : null);
  }

  return { box, note, printSummary: printed.element, render: renderArmies, showCards, renderPrintSummary: printed.render, focusUnit, printCard };
}

// The page: its head, the armies and the options beside the results, the
// tools and the advisor (a column on a laptop; one after another on a phone).
export function pageLayout({ toolbar, armies, roster, optionsBox, strip, results, tools, advisor, dialog }) {
  return h('div', { class: 'calc', dataset: { ruleset: 'warfare' } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Strongholds & Followers: warfare' }),
      h('p', { class: 'lede', text: 'Build units from ancestry, experience, equipment, type and size, field them in two armies, and see who holds the field: d20 Attack and Power checks, casualty dice, morale, charges and the order of battle, exactly where the battle is small enough and sampled beyond.' }),
      toolbar),
    armies.printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-armies-h' } },
          h('h2', { id: 'wf-armies-h', text: 'Armies' }), armies.note, armies.box, roster),
        optionsBox),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } }, strip, results, tools, advisor)),
    dialog);
}

// What Copy did, in words: the copy of `u` placed `at` ({side, index}), or not
// placed and `why` ({words, clash: both armies hold its keywords, keywords}).
export function copyWords(u, copy, side, at, why) {
  if (at) {
    return at.side === side ? `Copied ${u.name} as ${copy.name}.`
      : `Copied ${u.name} as ${copy.name} into the ${sideName(at.side)}'s army: the ${sideName(side)}'s army already has a unit with its keywords, and an army fields only one (S&F p. 239).`;
  }
  return why.clash
    ? `${u.name} was not copied: both armies already have a unit with its keywords${why.keywords ? ` (${why.keywords})` : ''}, and an army fields only one (S&F p. 239). Give ${u.name} a larger size instead, or build a unit with other keywords.`
    : `${u.name} was not copied: ${why.words}`;
}

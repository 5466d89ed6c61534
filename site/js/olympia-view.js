// The Olympia page, drawn: the stacks with their nobles, men and structure,
// the odds' details, the printed summary and the page's layout. The battle is
// olympia-model.js's; olympia.js wires this view to it and to the engine.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, pct, num, unitButton, renameRow,
  focusFirst, lazyFold, printSection } from './dom.js';
import { distChart } from './charts.js';
import { rollCard } from './odds-run.js';
import { changedText } from './options-form.js';
import { SIDES, cap, kindLabel, kindName as kindNameIn, kindWithRatings as kindWithRatingsIn, addNoble, removeNoble,
  setStructure } from './olympia-model.js';

// The stacks and the printed summary. `opts`: {rules, scen() (the battle now),
// edited(), structural() (an edit that adds or removes a row), checkpoint(label),
// paste(side)}. Returns {box, printSummary, render, renderPrintSummary, stackOf}.
export function stacksView({ rules, scen, edited, structural, checkpoint, paste }) {
  const KINDS = rules.kinds;
  const kindName = (k) => kindNameIn(KINDS, k);
  const kindWithRatings = (k) => kindWithRatingsIn(KINDS, k);
  const box = h('div', { class: 'ol-stacks' });
  // What a printed page shows instead of the edit column: both stacks as tables.
  const printed = printSection(drawPrintSummary);

  function renderStacks() {
    clear(box);
    for (const side of SIDES) {
      const st = scen()[side.id];
      const panel = h('div', { class: 'ol-stack nation ' + side.id, dataset: { side: side.id } },
        h('div', { class: 'ol-stack-head' }, h('h3', { text: side.name }),
          button('Paste from a turn report…', () => paste(side), { cls: 'small', title: `Fill the ${side.name.toLowerCase()}'s stack from a stack, noble or battle section of an Olympia turn report` })),
        st.nobles.map((n, i) => nobleBlock(side, n, i)),
        h('button', { class: 'add', attrs: { type: 'button' }, dataset: { add: 'noble' }, text: `Add ${side.name.toLowerCase()} noble`, on: { click: () => {
          const at = addNoble(scen(), side);
          structural();
          focusFirst(stackOf(side.id), `.ol-noble[data-index="${at}"] input[type=text]`);
        } } }),
        side.id === 'defender' ? structureBlock(st) : null);
      box.append(panel);
    }
  }

  const stackOf = (sideId) => box.querySelector(`.ol-stack[data-side="${sideId}"]`);

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
        checkpoint(`Removed the ${kindName(k).toLowerCase()} of “${n.name || 'a noble'}”`);
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
            checkpoint(`Removed “${n.name || `noble ${i + 1}`}”`);
            const next = removeNoble(scen(), side, i);
            structural();
            focusFirst(stackOf(side.id), `.ol-noble[data-index="${next}"] input[type=text]`, 'button[data-add=noble]');
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
        setStructure(st, el.value);
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

  function drawPrintSummary(printSummary) {
    const scenNow = scen();
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    const troops = (t) => Object.entries(t || {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${kindName(k).toLowerCase()}`).join(', ');
    replace(printSummary, h('h2', { text: 'The stacks' }), SIDES.map((side) => {
      const st = scenNow[side.id];
      const s = st.structure;
      return [
        h('h3', { text: side.name }),
        h('table', { class: 'print-table' },
          h('thead', {}, row(['Noble', 'Attack', 'Defense', 'Missile', 'Health', 'Behind', 'Break point', 'Men'], 'th')),
          h('tbody', {}, st.nobles.map((n, i) => row([n.name, n.attack ?? 80, n.defense ?? 80, n.missile ?? 0, n.health ?? 100,
            n.behind ?? 0, i === 0 ? `${n.break_point ?? 50}%` : '', troops(n.troops)])))),
        s ? h('p', { text: `In a ${s.kind}: defense ${s.defense ?? rules.structures.find((x) => x.id === s.kind)?.defense ?? '?'}, damage ${s.damage ?? 0}.` }) : null,
      ];
    }), h('p', { text: changedText(rules.options || [], scenNow.options, 'Rules') }));
  }

  return { box, printSummary: printed.element, render: renderStacks, renderPrintSummary: printed.render, stackOf };
}

// The odds' details under the bars: each side's men and nobles after the
// battle, and the structure's damage and defense.
export function oddsDetails(a, kinds) {
  const kindName = (k) => kindNameIn(kinds, k);
  const sideBlocks = SIDES.map((side) => {
    const s = a.sides[side.id];
    const men = Object.entries(s.men).map(([k, m]) => lazyFold({ class: 'unit-result ' + side.id },
      h('summary', {},
        h('span', { class: 'u-name', text: kindName(k) }),
        h('span', { class: 'u-stat', text: `${m.start} → mean ${num(m.mean)}` }),
        h('span', { class: 'u-stat muted', text: `all lost ${pct(m.p['0'] ?? 0)}` })),
      () => distChart(m.p, { title: `${side.name}'s ${kindName(k).toLowerCase()} left`, xLabel: 'Left', highlight: 0, cls: side.id })));
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
  return [
    h('p', { class: 'muted small ol-attacks', text: `Expected attacks: ${num(a.expected_attacks, 1)}` }),
    h('h3', { text: 'Survivors and nobles' }),
    h('div', { class: 'ol-side-results' }, sideBlocks),
    structure];
}

// The page: its head, the stacks and the options beside the odds, the roll
// and the tools (a column on a laptop; one after another on a phone).
export function pageLayout({ toolbar, stacks, pasteNote, optionsBox, toTheDeath, strip, card, seedInput, roll, newSeed, rollBox, tools }) {
  return h('div', { class: 'calc', dataset: { ruleset: 'olympia' } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Olympia PBEM' }),
      h('p', { class: 'lede', text: 'Two stacks fight man by man (G2 rulebook, section 14): a random man strikes a random enemy in the front row, hitting with his attack against the target\'s defense, until a side\'s strength falls to its break point. Then the wounded lose health and the loser\'s nobles may be taken prisoner.' }),
      toolbar),
    stacks.printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'ol-stacks-h' } },
          h('div', { class: 'card-head' }, h('h2', { id: 'ol-stacks-h', text: 'Stacks' }),
            button('Fight to the death', toTheDeath, { cls: 'small', title: 'Set both stack leaders\' break points to 0: nobody breaks until nobody is left' })),
          pasteNote, stacks.box),
        optionsBox),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Results', tabindex: '-1' } },
        strip,
        card,
        rollCard({ prefix: 'ol', seedInput, roll, newSeed, rollBox }),
        tools)));
}

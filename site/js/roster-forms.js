// The roster page's forms: add a unit, the clock, record a battle, the
// season's upkeep, the ledger and the rules left open. Each draws its box
// from the model (roster-model.js) and hands its edit to `v.act`, which
// answers whether it was done. `v`: {model, rules, engine, act, setOptions,
// boxes} (roster-view.js).
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, readable } from './dom.js';
import { gold } from './warfare-card.js';
import { rulesFold } from './options-form.js';
import { luckButton } from './roster-luck.js';
import { edits, syncBattleDrafts, upkeepUnits, payTotal } from './roster-model.js';

// A number the tests read: its value in data-value, its words as text.
export function num(fieldName, value, text) {
  return h('span', { dataset: { field: fieldName, value: value === null || value === undefined ? '' : String(value) }, text });
}

// Redraws `box` keeping the keyboard where it was: on the field with the same
// data-path, with the same text selected (a late answer from the core
// redraws the page while the user types; keystrokes must not go astray).
export function keepFocus(box, draw) {
  const el = box.contains(document.activeElement) ? document.activeElement : null;
  const path = el?.dataset.path;
  const range = el && typeof el.selectionStart === 'number' ? [el.selectionStart, el.selectionEnd] : null;
  draw();
  const now = path ? box.querySelector(`[data-path="${path}"]`) : null;
  if (!now || now === el) return;
  now.focus();
  if (range && typeof now.selectionStart === 'number') now.setSelectionRange(...range);
}

export function renderAdd(v) {
  const { model: m, rules, boxes } = v;
  const t = rules.tables;
  if (!m.entry()) { clear(boxes.add); return; }
  const d = m.unitDraft;
  const byId = (xs) => xs.map((x) => ({ id: x.id, name: x.name }));
  const set = (k) => (el) => { d[k] = el.value; if (k === 'type') renderAdd(v); };
  const levies = d.type === 'levies';
  const presets = select([{ id: '', name: 'Start from a preset…' }, ...t.presets.map((p, i) => ({ id: String(i), name: p.name }))], '', {
    onChange: (el) => {
      if (el.value === '') return;
      Object.assign(d, t.presets[Number(el.value)]);
      renderAdd(v);
    },
  });
  const name = textInput(d.name, { maxlength: rules.limits.name_chars, placeholder: 'from the keywords', onInput: (el) => { d.name = el.value; } });
  keepFocus(boxes.add, () => replace(boxes.add,
    h('div', { class: 'options-grid' },
      field('Preset', presets, null),
      field('Name', name, '/action/unit/name'),
      field('Ancestry', select(byId(t.ancestries), d.ancestry, { onChange: set('ancestry') }), '/action/unit/ancestry'),
      field('Type', select(byId(t.types.filter((x) => x.keywords !== 'stats')), d.type, { onChange: set('type') }), '/action/unit/type'),
      levies ? null : field('Experience', select(byId(t.experience), d.experience, { onChange: set('experience') }), '/action/unit/experience'),
      field('Equipment', select(levies ? [{ id: 'none', name: 'None' }, { id: 'light', name: 'Light' }] : byId(t.equipment),
        levies ? (d.equipment === 'light' ? 'light' : 'none') : d.equipment, { onChange: set('equipment') }), '/action/unit/equipment'),
      field('Size (casualty die)', select(t.sizes.map((s) => ({ id: s.id, name: s.id })), d.size, { onChange: set('size') }), '/action/unit/size'),
      field('Attitude of its ancestry', select(byId(t.attitudes), d.attitude, { onChange: set('attitude') }), '/action/unit/attitude')),
    h('div', { class: 'checks' },
      h('label', {}, h('input', { attrs: { type: 'checkbox', name: 'mercenary' }, checked: d.mercenary, on: { change: (ev) => { d.mercenary = ev.target.checked; } } }), ' Mercenary (upkeep doubled)'),
      h('label', {}, h('input', { attrs: { type: 'checkbox', name: 'buy' }, checked: m.buy, on: { change: (ev) => { m.buy = ev.target.checked; } } }), ' Bought: pay its price into the ledger')),
    h('div', { class: 'toolbar' }, button('Add to the roster', () => addUnit(v), { cls: 'primary' })),
    h('p', { class: 'muted small', text: 'Units with printed stats, traits and more: build them on the Strongholds & Followers page; a roster can be imported as JSON too.' })));
}

async function addUnit(v) {
  const m = v.model;
  if (await v.act(edits.addUnit(m.unitDraft, m.buy))) {
    m.unitDraft.name = '';
    m.buy = false;
    renderAdd(v);
    // The keyboard goes to the unit just added (its buttons name it).
    [...v.boxes.units.querySelectorAll('.roster-unit .row-actions button')].at(-2)?.focus();
  }
}

export function renderClock(v) {
  const { model: m, boxes } = v;
  if (!m.entry() || !m.shown) { clear(boxes.clock); return; }
  const c = m.shown.clock;
  const days = numberInput(3, { min: 1, max: 3660 });
  replace(boxes.clock,
    h('p', { class: 'clock-line', dataset: { field: 'clock', day: String(c.day), week: String(c.week), season: String(c.season) } },
      h('strong', { text: `Day ${c.day}` }), ` · week ${c.week} · season ${c.season}`),
    h('p', { class: 'muted small', text: 'A unit recovers one casualty the day after a battle, then one a week, until its die shows a casualty die\'s size (d4, d6, d8, d10, d12): that is its size from then on.' }),
    h('div', { class: 'toolbar' },
      button('Next day', () => v.act(edits.nextDay())),
      button('Next week', () => v.act(edits.nextWeek())),
      field('Days', days, '/action/days', { cls: 'num' }),
      button('Advance', () => v.act(edits.advance(numberValue(days))))));
}

export function renderBattle(v) {
  const { model: m, boxes } = v;
  const e = m.entry();
  const { summary, shown } = m;
  if (!e || !summary || !shown || !summary.units.length) { replace(boxes.battle, h('p', { class: 'muted', text: 'Add units first.' })); return; }
  const drafts = syncBattleDrafts(m.battleDraft, summary.units, e.options);
  const fighting = summary.units.filter((u) => drafts[u.id].fought);
  const box = (u, k, label) => h('label', { class: 'small' }, h('input', { attrs: { type: 'checkbox', name: `${k}-${u.id}` }, checked: drafts[u.id][k], on: { change: (ev) => { drafts[u.id][k] = ev.target.checked; if (k === 'fought') renderBattle(v); } } }), ` ${label}`,
    k === 'fought' ? null : h('span', { class: 'sr-only', text: ` (${u.name})` }));
  replace(boxes.battle,
    h('p', { class: 'muted small', text: `Enter each unit's casualty die at the end of the battle on day ${shown.clock.day}, or roll the battle on the Strongholds & Followers page (Armies from a roster) and apply its result from there.` }),
    h('div', { class: 'battle-rows' }, summary.units.map((u) => {
      const d = drafts[u.id];
      const i = fighting.indexOf(u);
      const finalIn = numberInput(d.final, { min: 0, max: u.size, onInput: (el) => { d.final = numberValue(el); } });
      finalIn.name = `final-${u.id}`;
      return h('div', { class: 'battle-row', dataset: { id: u.id } },
        h('div', {}, box(u, 'fought', u.name)),
        d.fought ? [
          field(`Die at the end (0: removed) for ${u.name}`, finalIn, i >= 0 ? `/action/units/${i}/final` : null, { cls: 'num' }),
          h('div', { class: 'checks' }, box(u, 'removed', 'Removed'), box(u, 'broke', 'Broke morale'), box(u, 'retreated', 'Retreated'),
            u.card.keywords.type === 'levies' ? box(u, 'convert', 'Survivors become Green Infantry') : null),
        ] : null);
    })),
    h('div', { class: 'toolbar' }, button('Apply battle', () => applyBattle(v), { cls: 'primary', disabled: !fighting.length })));
}

async function applyBattle(v) {
  const m = v.model;
  if (await v.act(edits.battle(m.summary.units, m.battleDraft, m.shown.clock.day))) {
    m.battleDraft = {};
    renderBattle(v);
  }
}

export function renderSeason(v) {
  const { model: m, boxes } = v;
  const { summary, shown } = m;
  if (!m.entry() || !summary || !shown) { clear(boxes.season); return; }
  const kept = upkeepUnits(summary.units, m.payDraft);
  const totalEl = h('strong', { dataset: { field: 'pay-total' }, text: gold(payTotal(kept, m.payDraft)) });
  replace(boxes.season,
    h('p', {}, `Season ${shown.clock.season}: a season's upkeep is `, num('upkeep', summary.upkeep, gold(summary.upkeep)),
      '; paying everyone now costs ', num('upkeep-due', summary.upkeep_due, gold(summary.upkeep_due)), '.'),
    h('p', { class: 'muted small', text: 'A tenth of each unit\'s cost a season, twice that for mercenaries. A season unpaid gives disadvantage on Morale checks; two unpaid seasons disband the unit. Levies are not kept on upkeep.' }),
    kept.length ? h('div', { class: 'pay-rows' }, kept.map((u) => h('label', { class: 'pay-row', dataset: { id: u.id } },
      h('input', { attrs: { type: 'checkbox', name: `pay-${u.id}` }, checked: m.payDraft[u.id], on: { change: (ev) => { m.payDraft[u.id] = ev.target.checked; totalEl.textContent = gold(payTotal(kept, m.payDraft)); } } }),
      ` Pay ${u.name}: ${gold(u.upkeep_due)}`,
      u.unpaid_seasons ? h('span', { class: 'error small', text: ` (${u.unpaid_seasons} season${u.unpaid_seasons === 1 ? '' : 's'} owed)` }) : null)))
      : h('p', { class: 'muted', text: 'No unit needs upkeep.' }),
    h('p', {}, 'To pay: ', totalEl),
    h('div', { class: 'toolbar' }, button(`End season ${shown.clock.season}`, () => endSeason(v, kept), { cls: 'primary' })));
}

async function endSeason(v, kept) {
  const m = v.model;
  if (await v.act(edits.season(kept, m.payDraft, m.shown.clock.season))) {
    m.payDraft = {};
    renderSeason(v);
  }
}

export function renderLedger(v) {
  const { model: m, boxes } = v;
  const { summary, shown } = m;
  if (!m.entry() || !summary || !shown) { clear(boxes.ledger); return; }
  const rows = [...shown.ledger].reverse();
  const battles = [...(shown.battles || [])].reverse();
  replace(boxes.ledger,
    h('p', {}, 'Spent in all: ', h('strong', {}, num('spent', summary.spent, gold(summary.spent)))),
    rows.length ? h('ol', { class: 'ledger small', attrs: { reversed: true, tabindex: '0', 'aria-label': 'Ledger, newest first (scrolls)' } }, rows.slice(0, 100).map((l) =>
      h('li', {}, h('span', { class: 'muted', text: `Day ${l.day}, season ${l.season}: ` }), readable(l.text), ' ', h('strong', { text: gold(l.gold) }))))
      : h('p', { class: 'muted', text: 'Nothing spent yet.' }),
    rows.length > 100 ? h('p', { class: 'muted small', text: `and ${rows.length - 100} earlier entries (in the exported file).` }) : null,
    battles.length ? [h('h3', { text: 'Battles' }),
      h('ol', { class: 'battles-kept small', attrs: { reversed: true } }, battles.slice(0, 20).map((b) =>
        h('li', {}, h('span', { text: readable(b.text) }), luckButton(b, v.engine, { rosterName: shown.name }))))] : null);
}

export function renderOptions(v) {
  const { model: m, rules, boxes } = v;
  const box = boxes.options;
  const e = m.entry();
  if (!e) { clear(box); return; }
  // Drawn again after every change: the fold stays open and the keyboard where it was.
  const wasOpen = !!box.querySelector('details')?.open;
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.path : null;
  const values = { ...e.options };
  replace(box, rulesFold([{ list: rules.roster_options || [], values, basePath: '/options' }], () => v.setOptions(values),
    { note: 'Where the book leaves a point open, the choice is yours; the defaults are the plainest reading.', headingId: 'ro-options-h' }));
  box.querySelector('details').open = wasOpen;
  if (focused) box.querySelector(`[data-path="${focused}"]`)?.focus();
}

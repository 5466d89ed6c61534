// The roster page's DOM: its layout, the bar of rosters (pick, rename, new,
// duplicate, delete, undo, files, link), the line on the last step, the
// units, and the forms (roster-forms.js). It reads the model
// (roster-model.js) and hands what the user does to `on` (roster.js):
// {act(edit) -> Promise<done>, undo(), pick(key), renameRoster(name),
// newRoster(), duplicate(), remove(), importFile(), setOptions(values)}.
import { h, replace, clear, field, textInput, select, button, readable } from './dom.js';
import { statLine, gold } from './warfare-card.js';
import { encodeScenario, makeHash } from './share.js';
import { STAYS_HERE, exportValue, exportFile } from './roster-store.js';
import { edits } from './roster-model.js';
import { num, renderAdd, renderClock, renderBattle, renderSeason, renderLedger, renderOptions } from './roster-forms.js';

// `kindNames` (experience: 'Experience', ...) and `cap` (a capital first
// letter) are roster.js's words for the improvements on offer.
export function makeRosterView({ model, rules, engine, pageId, kindNames, cap, on }) {
  const banner = h('div', { class: 'banner error', hidden: true, attrs: { role: 'alert' } });
  const noteBox = h('div', { class: 'banner info roster-news', hidden: true, attrs: { role: 'status' } });
  const bar = h('div', { class: 'roster-bar' });
  const stepBox = h('div', { class: 'roster-step', attrs: { role: 'status', 'aria-live': 'polite' } });
  const linkBox = h('div', { class: 'roster-linkbox', hidden: true });
  const boxes = {
    units: h('div', { class: 'roster-units' }),
    add: h('div', { class: 'roster-add' }),
    clock: h('div', { class: 'roster-clock' }),
    battle: h('div', { class: 'roster-battle' }),
    season: h('div', { class: 'roster-season' }),
    ledger: h('div', { class: 'roster-ledger' }),
    options: h('div', { class: 'options-box' }),
  };
  const fileInput = h('input', { attrs: { type: 'file', accept: 'application/json,.json', hidden: true, 'aria-label': 'Roster file to import' }, on: { change: () => on.importFile() } });

  const section = (hid, title, ...body) => h('section', { class: 'card', attrs: { 'aria-labelledby': hid } }, h('h2', { id: hid, text: title }), ...body);
  const page = h('div', { class: 'calc roster-page', dataset: { ruleset: 'roster' } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Strongholds & Followers: army rosters' }),
      h('p', { class: 'lede', text: 'Keep an army from battle to battle: casualties and recovery, levies going home or becoming Green Infantry, improvements and their gold, and each season\'s upkeep, carried out by the book\'s rules.' }),
      h('p', { class: 'banner info roster-note', text: STAYS_HERE })),
    banner, noteBox, bar, linkBox, stepBox, fileInput,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        section('ro-units-h', 'Units', boxes.units),
        section('ro-add-h', 'Add a unit', boxes.add)),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Clock, battles, seasons and ledger', tabindex: '-1' } },
        section('ro-clock-h', 'Clock and recovery', boxes.clock),
        section('ro-battle-h', 'Record a battle', boxes.battle),
        section('ro-season-h', 'Season and upkeep', boxes.season),
        section('ro-ledger-h', 'Ledger', boxes.ledger),
        h('div', { class: 'card fold-card' }, boxes.options))));

  const v = { model, rules, engine, pageId, kindNames, cap, on, act: on.act, setOptions: on.setOptions, boxes, bar, stepBox, linkBox, noteBox, fileInput };
  return { page, banner, fileInput, note: (text, ...actions) => note(v, text, ...actions), render: () => render(v), renderBar: () => renderBar(v) };
}

function note(v, text, ...actions) {
  v.noteBox.hidden = !text;
  replace(v.noteBox, text || '', ...actions, text ? button('Dismiss', () => note(v, ''), { cls: 'small' }) : null);
}

function render(v) {
  renderBar(v);
  renderStep(v);
  renderUnits(v);
  renderAdd(v);
  renderClock(v);
  renderBattle(v);
  renderSeason(v);
  renderLedger(v);
  renderOptions(v);
}

function renderBar(v) {
  const { model: m, on, bar } = v;
  const e = m.entry();
  const picker = select(m.list.map((x) => ({ id: x.key, name: x.roster.name || 'Army' })), m.key ?? '', {
    onChange: (el) => on.pick(el.value),
  });
  // A name being typed and not yet renamed survives a redraw of the bar (a
  // late answer from the core redraws the page while the user types).
  const old = bar.querySelector('input[data-path="/action/name"]');
  const typed = old && old.dataset.key === String(m.key) && old.value !== old.dataset.saved ? old.value : null;
  const focused = !!old && document.activeElement === old;
  const range = focused ? [old.selectionStart, old.selectionEnd] : null;
  const name = textInput(typed ?? e?.roster.name ?? '', { maxlength: 80 });
  name.dataset.key = String(m.key);
  name.dataset.saved = e?.roster.name ?? '';
  name.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') on.renameRoster(name.value); });
  const last = m.lastUndo();
  replace(bar,
    h('div', { class: 'roster-pick' },
      m.list.length ? field('Roster', picker, null) : h('p', { class: 'muted', text: 'No rosters yet.' }),
      e ? field('Name', name, '/action/name') : null,
      e ? button('Rename', () => on.renameRoster(name.value), { cls: 'small' }) : null),
    h('div', { class: 'toolbar' },
      button('New roster', () => on.newRoster(), { cls: 'small' }),
      button('Duplicate', () => on.duplicate(), { cls: 'small', disabled: !e }),
      button('Delete', () => on.remove(), { cls: 'small danger', disabled: !e, title: 'Delete this roster (Undo brings it back)' }),
      button(last ? `Undo: ${last.label}` : 'Undo', () => on.undo(), { cls: 'small', disabled: !last, title: 'Undo the last change to the rosters' }),
      button('Export JSON', () => e && exportFile(e), { cls: 'small', disabled: !e, title: 'Download this roster as a JSON file' }),
      button('Import JSON', () => v.fileInput.click(), { cls: 'small', title: 'Add a roster from a JSON file' }),
      button('Copy link', () => copyLink(v), { cls: 'small', disabled: !e, title: 'A link that adds this roster to another browser' })));
  if (focused) {
    name.focus();
    if (typed !== null || old.value === name.value) name.setSelectionRange(...range);
  }
}

async function copyLink(v) {
  const { model: m, linkBox } = v;
  const e = m.entry();
  if (!e) return;
  const params = new URLSearchParams();
  params.set('b', await encodeScenario(exportValue(e)));
  const link = `${location.href.split('#')[0].split('?')[0]}${makeHash(v.pageId, params)}`;
  const input = h('input', { attrs: { type: 'text', readonly: true, 'aria-label': 'Link to this roster' }, value: link });
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch { /* shown for copying by hand */ }
  linkBox.hidden = false;
  replace(linkBox, h('p', { class: 'small', text: copied ? 'Link copied. Opening it adds a copy of this roster to that browser:' : 'Copy this link; opening it adds a copy of this roster to that browser:' }), input,
    button('Close', () => { linkBox.hidden = true; }, { cls: 'small' }));
  input.select();
}

function renderStep(v) {
  const { model: { lastStep: step }, stepBox } = v;
  if (!step) { clear(stepBox); return; }
  const g = step.gold || 0;
  replace(stepBox,
    h('p', {}, h('strong', { text: step.label }), ' ',
      h('span', { class: 'step-gold', dataset: { field: 'step-gold', value: String(g) }, text: g ? `· ${gold(g)} spent` : '· no gold spent' })),
    step.events.length ? h('ul', { class: 'events small' }, step.events.map((ev) => h('li', { text: readable(ev.text) }))) : null);
}

function renderUnits(v) {
  const { model: m, boxes: { units: box } } = v;
  if (!m.entry()) { replace(box, h('p', { class: 'muted', text: 'Make a roster to keep an army.' })); return; }
  if (!m.summary) { replace(box, h('p', { class: 'muted', text: 'Reading the roster…' })); return; }
  if (!m.summary.units.length) { replace(box, h('p', { class: 'muted', text: 'No units yet: add one below.' })); return; }
  // A redraw (a late answer from the core) keeps the keyboard on the same
  // button of the same unit, never dropping it to the page.
  const had = box.contains(document.activeElement) ? document.activeElement.getAttribute('aria-label') : null;
  replace(box, m.summary.units.map((u) => unitRow(v, u)));
  if (had) [...box.querySelectorAll('button[aria-label]')].find((b) => b.getAttribute('aria-label') === had)?.focus();
}

function unitRow(v, u) {
  const { model: m, rules, on, boxes, kindNames, cap } = v;
  const day = m.shown.clock.day;
  const state = [];
  if (u.wounded) state.push(u.recover_day ? `wounded: one casualty back on day ${u.recover_day}, then one a week` : 'wounded: one casualty back each week');
  if (u.training_until && u.training_until > day) state.push(`training until day ${u.training_until}`);
  if (u.levy_until) state.push(`levies: go home after day ${u.levy_until}`);
  const improve = h('div', { class: 'ru-improve' }, ['experience', 'equipment', 'size'].map((kind) => {
    const o = u.improve[kind];
    if (!o) return null;
    const label = `${kindNames[kind]} → ${kind === 'size' ? o.to : cap(o.to)}${o.cost === null ? '' : ` · ${gold(o.cost)}`}`;
    return h('div', { class: 'ru-offer' },
      button(label, () => on.act(edits.improve(u, kind, o.to)),
        { cls: 'small', disabled: !o.allowed, title: o.why || 'Improve for the difference in cost', label: `${label} for ${u.name}` }),
      o.why ? h('span', { class: 'muted small', text: ` ${o.why}` }) : null);
  }));
  let renaming = null;
  const nameEl = h('strong', { dataset: { field: 'name' }, text: u.name });
  const head = h('div', { class: 'ru-head' }, nameEl, ' ', h('span', { class: 'muted small', dataset: { field: 'label' }, text: u.label }));
  const row = h('div', { class: 'roster-unit' + (u.unpaid ? ' unpaid' : '') + (u.wounded ? ' wounded' : ''), dataset: { id: u.id } },
    head,
    h('div', { class: 'ru-stats small' },
      h('span', {}, 'Die ', num('casualties', u.casualties, String(u.casualties)), ' / ', num('size', u.size, `d${u.size}`)),
      h('span', {}, 'Cost ', num('cost', u.cost, gold(u.cost))),
      h('span', {}, 'Upkeep ', num('upkeep', u.upkeep, u.upkeep === null ? 'none' : `${gold(u.upkeep)} a season`)),
      h('span', {}, 'Battles ', num('battles', u.battles, String(u.battles)), h('span', { class: 'muted', text: ' (survived unbroken)' })),
      h('span', { dataset: { field: 'unpaid', value: String(u.unpaid), seasons: String(u.unpaid_seasons) },
        text: u.unpaid ? `UNPAID ${u.unpaid_seasons} season${u.unpaid_seasons === 1 ? '' : 's'}: disadvantage on Morale` : 'paid' })),
    h('div', { class: 'muted small', text: statLine(u.card) }),
    state.length ? h('div', { class: 'small ru-state', text: state.join(' · ') }) : null,
    improve,
    h('div', { class: 'row-actions' },
      button('Rename', () => {
        if (renaming) return;
        renaming = textInput(u.name, { maxlength: rules.limits.name_chars });
        const save = () => on.act(edits.renameUnit(u, renaming.value));
        renaming.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') save(); });
        head.replaceWith(h('div', { class: 'ru-head' }, field(`New name for ${u.name}`, renaming, '/action/name'), button('Save', save, { cls: 'small primary' })));
        renaming.focus();
      }, { cls: 'small', title: `Rename ${u.name}`, label: `Rename ${u.name}` }),
      button('Remove', async () => {
        const at = m.summary.units.indexOf(u);
        if (!await on.act(edits.removeUnit(u))) return;
        // The keyboard goes to the unit that took its place, else the one before, else the new unit's form.
        const rows = boxes.units.querySelectorAll('.roster-unit');
        (rows[Math.min(at, rows.length - 1)]?.querySelector('.row-actions button') || boxes.add.querySelector('select'))?.focus();
      }, { cls: 'small danger', title: `Remove ${u.name} from the roster`, label: `Remove ${u.name}` })));
  return row;
}

// Strongholds & Followers army rosters: armies kept between battles. The core
// ("roster" call) carries out the book's rules; this page keeps the rosters
// (roster-store.js: one key and revision each), shows them and offers the
// actions, with undo. A change another tab saved first is never written over.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, showFieldError,
  clearFieldErrors, readable } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { statLine, gold } from './warfare-card.js';
import { rulesFold } from './options-form.js';
import { encodeScenario, makeHash } from './share.js';
import { canonical } from './store.js';
import { luckButton } from './roster-luck.js';
import { battleSides, rosterFromUnits } from './roster-make.js';
import { errorWords } from './error-words.js';
import { STAYS_HERE, newKey, emptyRoster, loadRosters, readRoster, writeRoster, deleteRoster, anyKept, selectedKey,
  selectKey, onRosterChange, callRoster, exportValue, exportFile, parseRosterText } from './roster-store.js';

export const id = 'roster';
export const ruleset = 'warfare';
export const title = 'Army roster';
// The page keeps its rosters itself: no kept battle, and links are read once.
export const keepsItself = true;

// No roster: the page opens the rosters kept in this browser (or makes one).
export function empty() {
  return { ruleset: id, roster: null, options: {} };
}

// Files and links: the core reads the roster before anything is kept, and
// what is kept is the roster as the core read it (`value`: defaults filled in).
export async function check(value, engine) {
  if (!value || value.ruleset !== id || !value.roster || typeof value.roster !== 'object') {
    return { ok: false, error: { path: '/roster', message: 'is not a roster' } };
  }
  const answer = await callRoster(engine, { roster: value.roster, options: value.options || {} }, 'status');
  return answer.ok ? { ...answer, value: { ...value, roster: answer.roster } } : answer;
}

const KIND_NAMES = { experience: 'Experience', equipment: 'Equipment', size: 'Size' };

// A roster call's error in words, named by the core from the request (the
// roster's units by name, an action's by their ids), never a JSON path:
// "Shields: casualty die must be ...".
export function explain(value, err) {
  return errorWords(err, 'The roster');
}
const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
const parsed = (text) => { try { return JSON.parse(text); } catch { return null; } };

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  const t = rules.tables;
  let list = loadRosters(); // [{key, rev, created, roster, options}]
  let key = null;
  let summary = null;      // the core's summary of the current roster
  let shown = null;        // the current roster as the core read it (defaults filled in)
  let lastStep = null;     // {label, events, gold}
  let undoStack = [];      // [{label, key, before: record or null, rev: the revision written}]
  let battleDraft = {};    // id -> {from, size, fought, final, removed, broke, retreated, convert}
  let payDraft = {};       // id -> bool
  let destroyed = false;
  const draftUnit = { name: '', ancestry: 'human', type: 'infantry', experience: 'regular', equipment: 'medium', size: 'd6', mercenary: false, attitude: 'allied' };
  let buy = false;

  const banner = h('div', { class: 'banner error', hidden: true, attrs: { role: 'alert' } });
  const noteBox = h('div', { class: 'banner info roster-news', hidden: true, attrs: { role: 'status' } });
  const bar = h('div', { class: 'roster-bar' });
  const stepBox = h('div', { class: 'roster-step', attrs: { role: 'status', 'aria-live': 'polite' } });
  const linkBox = h('div', { class: 'roster-linkbox', hidden: true });
  const unitsBox = h('div', { class: 'roster-units' });
  const addBox = h('div', { class: 'roster-add' });
  const clockBox = h('div', { class: 'roster-clock' });
  const battleBox = h('div', { class: 'roster-battle' });
  const seasonBox = h('div', { class: 'roster-season' });
  const ledgerBox = h('div', { class: 'roster-ledger' });
  const optionsBox = h('div', { class: 'options-box' });
  const fileInput = h('input', { attrs: { type: 'file', accept: 'application/json,.json', hidden: true, 'aria-label': 'Roster file to import' }, on: { change: () => importFile() } });

  const section = (hid, title, ...body) => h('section', { class: 'card', attrs: { 'aria-labelledby': hid } }, h('h2', { id: hid, text: title }), ...body);
  const page = h('div', { class: 'calc roster-page', dataset: { ruleset: 'roster' } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Strongholds & Followers: army rosters' }),
      h('p', { class: 'lede', text: 'Keep an army from battle to battle: casualties and recovery, levies going home or becoming Green Infantry, improvements and their gold, and each season\'s upkeep, carried out by the book\'s rules.' }),
      h('p', { class: 'banner info roster-note', text: STAYS_HERE })),
    banner, noteBox, bar, linkBox, stepBox, fileInput,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        section('ro-units-h', 'Units', unitsBox),
        section('ro-add-h', 'Add a unit', addBox)),
      h('div', { class: 'col-results', id: 'results', attrs: { role: 'region', 'aria-label': 'Clock, battles, seasons and ledger', tabindex: '-1' } },
        section('ro-clock-h', 'Clock and recovery', clockBox),
        section('ro-battle-h', 'Record a battle', battleBox),
        section('ro-season-h', 'Season and upkeep', seasonBox),
        section('ro-ledger-h', 'Ledger', ledgerBox),
        h('div', { class: 'card fold-card' }, optionsBox))));
  root.append(page);

  const entry = () => list.find((e) => e.key === key) || null;

  // ---- keeping: every write names the revision it was made from ----
  function reload() {
    list = loadRosters();
    if (!entry()) choose(list[0]?.key ?? null);
  }
  function choose(k) {
    if (k !== key) { summary = null; shown = null; battleDraft = {}; payDraft = {}; }
    key = k;
    selectKey(k);
  }
  // Writes `next` over revision `base`; `before` (the record at `base`, or
  // null) goes on the undo stack unless `undoable` is false.
  function commit(next, before, base, label, { undoable = true } = {}) {
    const res = writeRoster(next, base);
    if (!res.ok) { refused(res, label, next.roster?.name); return null; }
    if (undoable) {
      undoStack.push({ label, key: next.key, before, rev: res.record.rev });
      if (undoStack.length > 30) undoStack.shift();
    }
    reload();
    choose(next.key);
    return res.record;
  }
  function refused(res, label, name) {
    if (res.stale) {
      reload();
      refresh();
      showBanner(`“${name || 'This roster'}” was changed in another tab or window after this page showed it, so “${label}” was not saved. This page now shows it as saved there: look it over and do it again.`);
    } else {
      showBanner(`“${label}” was not saved: this browser would not keep it (private browsing or a full store). Nothing was changed; export your rosters to keep a copy.`);
    }
  }
  function undo() {
    const u = undoStack.pop();
    if (!u) return;
    const res = u.before ? writeRoster(u.before, u.rev) : deleteRoster(u.key, u.rev);
    if (!res.ok) {
      undoStack = undoStack.filter((x) => x.key !== u.key); // they all start from the revision another tab replaced
      refused(res, `Undo: ${u.label}`, u.before?.roster?.name);
      return;
    }
    reload();
    if (u.before) choose(u.key);
    lastStep = { label: `Undone: ${u.label}`, events: [], gold: 0 };
    refresh();
  }
  function note(text, ...actions) {
    noteBox.hidden = !text;
    replace(noteBox, text || '', ...actions, text ? button('Dismiss', () => note(''), { cls: 'small' }) : null);
  }

  // ---- errors ----
  function showBanner(text) {
    banner.hidden = !text;
    replace(banner, readable(text || ''));
  }
  function showError(err, what = 'That', action = null) {
    const placed = showFieldError(page, err.path, err.message);
    const e = entry();
    showBanner(`${what} was not done: ${explain(e ? { roster: e.roster } : null, err)}${placed ? ' (marked below)' : ''}. Nothing was changed.`);
  }
  function clearError() {
    clearFieldErrors(page);
    showBanner('');
  }

  // ---- talking to the core ----
  async function status() {
    const e = entry();
    if (!e) { summary = null; shown = null; render(); return; }
    let answer;
    try {
      answer = await callRoster(ctx.engine, e, 'status', 'roster');
    } catch (err) {
      if (!(err instanceof Cancelled)) showBanner(err.message);
      return;
    }
    if (destroyed) return;
    if (entry()?.key !== e.key || entry().rev !== e.rev) return; // another roster or revision: its own reading follows
    if (!answer.ok) {
      summary = null;
      shown = null;
      showError(answer.error, 'Reading this roster');
      render();
      return;
    }
    summary = answer.summary;
    shown = answer.roster;
    render();
  }
  const refresh = () => { clearError(); status(); };

  // Runs one action; the old roster stays on the undo stack.
  async function act(action, label) {
    const e = entry();
    if (!e) return false;
    const base = e.rev; // what the core is asked about; a newer revision refuses the write
    let answer;
    try {
      // A slot of its own: a reading of the roster (status, slot 'roster')
      // started meanwhile must not cancel the user's action.
      answer = await callRoster(ctx.engine, e, action, 'roster-act');
    } catch (err) {
      if (!(err instanceof Cancelled)) showBanner(err.message);
      return false;
    }
    if (destroyed) return false;
    if (!answer.ok) {
      showError(answer.error, label, action);
      return false;
    }
    clearError();
    if (!commit({ ...e, roster: answer.roster }, e, base, label)) return false;
    summary = answer.summary;
    shown = answer.roster;
    lastStep = { label, events: answer.events, gold: answer.gold };
    render();
    return true;
  }

  // ---- rosters: new, rename, duplicate, delete, files, links ----
  // A new roster (a key never used here, unless `base` is the revision of
  // its deleted marker: then it comes back under its own key).
  function addEntry(value, label, base = 0) {
    const k = base || (value.key && !readRoster(value.key)) ? value.key : newKey();
    if (!commit({ key: k, roster: value.roster, options: value.options || {} }, null, base, label)) return;
    lastStep = { label, events: [], gold: 0 };
    refresh();
  }
  function renameRoster(name) {
    const e = entry();
    if (!e || !name.trim()) return;
    act({ type: 'rename', name: name.trim() }, `Rename the roster to “${name.trim()}”`);
  }
  function duplicate() {
    const e = entry();
    if (!e) return;
    const copy = JSON.parse(JSON.stringify({ roster: e.roster, options: e.options }));
    copy.roster.name = `${e.roster.name} (copy)`.slice(0, 80);
    addEntry(copy, `Duplicate “${e.roster.name}”`);
  }
  function remove() {
    const e = entry();
    if (!e) return;
    const label = `Delete “${e.roster.name}”`;
    const res = deleteRoster(e.key, e.rev);
    if (!res.ok) { refused(res, label, e.roster.name); return; }
    undoStack.push({ label, key: e.key, before: e, rev: res.record.rev });
    reload();
    lastStep = { label: `Deleted “${e.roster.name}”. Undo brings it back.`, events: [], gold: 0 };
    refresh();
  }
  async function importFile() {
    const file = fileInput.files[0];
    fileInput.value = '';
    if (!file) return;
    try {
      if (file.size > 4 << 20) throw new Error('it is larger than 4 MB');
      const text = await file.text();
      const sides = battleSides(parsed(text));
      if (sides) { askSide(file.name, sides); return; }
      const value = parseRosterText(text);
      const checked = await callRoster(ctx.engine, value, 'status');
      if (!checked.ok) throw new Error(explain(value, checked.error));
      addEntry({ roster: checked.roster, options: value.options, key: value.key }, `Import ${file.name}`);
    } catch (err) {
      showBanner(`${file.name} was not loaded: ${err.message}. Nothing was changed.`);
    }
  }
  // A battle file (as the battle page exports it): which side becomes the roster?
  function askSide(fileName, sides) {
    note(`${fileName} is a Strongholds & Followers battle, not a roster. Make a roster of one of its sides:`,
      ...sides.map(({ side, units }) => button(`${cap(side)}: ${units.length} unit${units.length === 1 ? '' : 's'}`,
        () => fromBattle(fileName, side, units), { cls: 'small' })));
  }
  async function fromBattle(fileName, side, units) {
    note('');
    const name = `${fileName.replace(/\.json$/i, '')} (${side})`.slice(0, 80);
    const made = await rosterFromUnits(ctx.engine, explain, name, units);
    if (destroyed) return;
    if (!made.ok) { showBanner(`${fileName} was not made into a roster: ${made.why}. Nothing was changed.`); return; }
    addEntry({ roster: made.roster, options: {} }, `Import the ${side} of ${fileName}`);
  }

  async function copyLink() {
    const e = entry();
    if (!e) return;
    const params = new URLSearchParams();
    params.set('b', await encodeScenario(exportValue(e)));
    const link = `${location.href.split('#')[0].split('?')[0]}${makeHash(id, params)}`;
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

  // A roster from a link (already read by the core): kept if new. One this
  // browser has is shown as kept here; one deleted here is not brought back
  // unless asked.
  function adopt(value) {
    if (!value || value.ruleset !== id || !value.roster) return;
    const name = value.roster.name || 'Army';
    const here = value.key ? readRoster(value.key) : null;
    const asNew = () => { note(''); addEntry({ ...value, key: null }, `Add “${name}” from a link`); };
    if (here?.deleted) {
      note(`The link holds “${name}”, which was deleted in this browser; it was not added again.`,
        button('Add it back', () => { note(''); addEntry(value, `Add “${name}” back from a link`, here.rev); }, { cls: 'small' }));
      return;
    }
    if (here) {
      choose(value.key);
      const same = canonical({ r: here.roster, o: here.options || {} }) === canonical({ r: value.roster, o: value.options || {} });
      if (!same) {
        note(`The link holds “${name}”, which this browser already keeps with other changes: this page shows the kept one.`,
          button('Add the link\'s copy as a new roster', asNew, { cls: 'small' }));
      }
      return;
    }
    const k = value.key || newKey();
    if (commit({ key: k, roster: value.roster, options: value.options || {} }, null, 0, `Add “${name}” from a link`)) {
      note(`Added “${name}” from the link.`);
    }
  }

  // ---- rendering ----
  function render() {
    renderBar();
    renderStep();
    renderUnits();
    renderAdd();
    renderClock();
    renderBattle();
    renderSeason();
    renderLedger();
    renderOptions();
  }

  function renderBar() {
    const e = entry();
    const picker = select(list.map((x) => ({ id: x.key, name: x.roster.name || 'Army' })), key ?? '', {
      onChange: (el) => { choose(el.value); lastStep = null; refresh(); },
    });
    // A name being typed and not yet renamed survives a redraw of the bar (a
    // late answer from the core redraws the page while the user types).
    const old = bar.querySelector('input[data-path="/action/name"]');
    const typed = old && old.dataset.key === String(key) && old.value !== old.dataset.saved ? old.value : null;
    const focused = !!old && document.activeElement === old;
    const name = textInput(typed ?? e?.roster.name ?? '', { maxlength: 80 });
    name.dataset.key = String(key);
    name.dataset.saved = e?.roster.name ?? '';
    name.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') renameRoster(name.value); });
    const last = undoStack[undoStack.length - 1];
    replace(bar,
      h('div', { class: 'roster-pick' },
        list.length ? field('Roster', picker, null) : h('p', { class: 'muted', text: 'No rosters yet.' }),
        e ? field('Name', name, '/action/name') : null,
        e ? button('Rename', () => renameRoster(name.value), { cls: 'small' }) : null),
      h('div', { class: 'toolbar' },
        button('New roster', () => addEntry({ roster: emptyRoster(`Army ${list.length + 1}`), options: {} }, 'New roster'), { cls: 'small' }),
        button('Duplicate', duplicate, { cls: 'small', disabled: !e }),
        button('Delete', remove, { cls: 'small danger', disabled: !e, title: 'Delete this roster (Undo brings it back)' }),
        button(last ? `Undo: ${last.label}` : 'Undo', undo, { cls: 'small', disabled: !last, title: 'Undo the last change to the rosters' }),
        button('Export JSON', () => e && exportFile(e), { cls: 'small', disabled: !e, title: 'Download this roster as a JSON file' }),
        button('Import JSON', () => fileInput.click(), { cls: 'small', title: 'Add a roster from a JSON file' }),
        button('Copy link', copyLink, { cls: 'small', disabled: !e, title: 'A link that adds this roster to another browser' })));
    if (focused) name.focus();
  }

  function renderStep() {
    if (!lastStep) { clear(stepBox); return; }
    const g = lastStep.gold || 0;
    replace(stepBox,
      h('p', {}, h('strong', { text: lastStep.label }), ' ',
        h('span', { class: 'step-gold', dataset: { field: 'step-gold', value: String(g) }, text: g ? `· ${gold(g)} spent` : '· no gold spent' })),
      lastStep.events.length ? h('ul', { class: 'events small' }, lastStep.events.map((ev) => h('li', { text: readable(ev.text) }))) : null);
  }

  function num(fieldName, value, text) {
    return h('span', { dataset: { field: fieldName, value: value === null || value === undefined ? '' : String(value) }, text });
  }

  function renderUnits() {
    if (!entry()) { replace(unitsBox, h('p', { class: 'muted', text: 'Make a roster to keep an army.' })); return; }
    if (!summary) { replace(unitsBox, h('p', { class: 'muted', text: 'Reading the roster…' })); return; }
    if (!summary.units.length) { replace(unitsBox, h('p', { class: 'muted', text: 'No units yet: add one below.' })); return; }
    // A redraw (a late answer from the core) keeps the keyboard on the same
    // button of the same unit, never dropping it to the page.
    const had = unitsBox.contains(document.activeElement) ? document.activeElement.getAttribute('aria-label') : null;
    replace(unitsBox, summary.units.map((u) => unitRow(u)));
    if (had) [...unitsBox.querySelectorAll('button[aria-label]')].find((b) => b.getAttribute('aria-label') === had)?.focus();
  }

  function unitRow(u) {
    const day = shown.clock.day;
    const state = [];
    if (u.wounded) state.push(u.recover_day ? `wounded: one casualty back on day ${u.recover_day}, then one a week` : 'wounded: one casualty back each week');
    if (u.training_until && u.training_until > day) state.push(`training until day ${u.training_until}`);
    if (u.levy_until) state.push(`levies: go home after day ${u.levy_until}`);
    const improve = h('div', { class: 'ru-improve' }, ['experience', 'equipment', 'size'].map((kind) => {
      const o = u.improve[kind];
      if (!o) return null;
      const label = `${KIND_NAMES[kind]} → ${kind === 'size' ? o.to : cap(o.to)}${o.cost === null ? '' : ` · ${gold(o.cost)}`}`;
      return h('div', { class: 'ru-offer' },
        button(label, () => act({ type: 'improve', id: u.id, improve: { [kind]: o.to } }, `Improve ${u.name}: ${kind} ${o.to}`),
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
          const save = () => act({ type: 'rename', id: u.id, name: renaming.value }, `Rename ${u.name}`);
          renaming.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') save(); });
          head.replaceWith(h('div', { class: 'ru-head' }, field(`New name for ${u.name}`, renaming, '/action/name'), button('Save', save, { cls: 'small primary' })));
          renaming.focus();
        }, { cls: 'small', title: `Rename ${u.name}`, label: `Rename ${u.name}` }),
        button('Remove', async () => {
          const at = summary.units.indexOf(u);
          if (!await act({ type: 'delete', id: u.id }, `Remove ${u.name}`)) return;
          // The keyboard goes to the unit that took its place, else the one before, else the new unit's form.
          const rows = unitsBox.querySelectorAll('.roster-unit');
          (rows[Math.min(at, rows.length - 1)]?.querySelector('.row-actions button') || addBox.querySelector('select'))?.focus();
        }, { cls: 'small danger', title: `Remove ${u.name} from the roster`, label: `Remove ${u.name}` })));
    return row;
  }

  function renderAdd() {
    if (!entry()) { clear(addBox); return; }
    const byId = (xs) => xs.map((x) => ({ id: x.id, name: x.name }));
    const set = (k) => (el) => { draftUnit[k] = el.value; if (k === 'type') renderAdd(); };
    const levies = draftUnit.type === 'levies';
    const presets = select([{ id: '', name: 'Start from a preset…' }, ...t.presets.map((p, i) => ({ id: String(i), name: p.name }))], '', {
      onChange: (el) => {
        if (el.value === '') return;
        Object.assign(draftUnit, t.presets[Number(el.value)]);
        renderAdd();
      },
    });
    const name = textInput(draftUnit.name, { maxlength: rules.limits.name_chars, placeholder: 'from the keywords', onInput: (el) => { draftUnit.name = el.value; } });
    replace(addBox,
      h('div', { class: 'options-grid' },
        field('Preset', presets, null),
        field('Name', name, '/action/unit/name'),
        field('Ancestry', select(byId(t.ancestries), draftUnit.ancestry, { onChange: set('ancestry') }), '/action/unit/ancestry'),
        field('Type', select(byId(t.types.filter((x) => x.keywords !== 'stats')), draftUnit.type, { onChange: set('type') }), '/action/unit/type'),
        levies ? null : field('Experience', select(byId(t.experience), draftUnit.experience, { onChange: set('experience') }), '/action/unit/experience'),
        field('Equipment', select(levies ? [{ id: 'none', name: 'None' }, { id: 'light', name: 'Light' }] : byId(t.equipment),
          levies ? (draftUnit.equipment === 'light' ? 'light' : 'none') : draftUnit.equipment, { onChange: set('equipment') }), '/action/unit/equipment'),
        field('Size (casualty die)', select(t.sizes.map((s) => ({ id: s.id, name: s.id })), draftUnit.size, { onChange: set('size') }), '/action/unit/size'),
        field('Attitude of its ancestry', select(byId(t.attitudes), draftUnit.attitude, { onChange: set('attitude') }), '/action/unit/attitude')),
      h('div', { class: 'checks' },
        h('label', {}, h('input', { attrs: { type: 'checkbox', name: 'mercenary' }, checked: draftUnit.mercenary, on: { change: (ev) => { draftUnit.mercenary = ev.target.checked; } } }), ' Mercenary (upkeep doubled)'),
        h('label', {}, h('input', { attrs: { type: 'checkbox', name: 'buy' }, checked: buy, on: { change: (ev) => { buy = ev.target.checked; } } }), ' Bought: pay its price into the ledger')),
      h('div', { class: 'toolbar' }, button('Add to the roster', () => addUnit(), { cls: 'primary' })),
      h('p', { class: 'muted small', text: 'Units with printed stats, traits and more: build them on the Strongholds & Followers page; a roster can be imported as JSON too.' }));
  }

  async function addUnit() {
    const u = { ancestry: draftUnit.ancestry, type: draftUnit.type, size: draftUnit.size };
    if (draftUnit.name.trim()) u.name = draftUnit.name.trim();
    if (draftUnit.type === 'levies') u.equipment = draftUnit.equipment === 'light' ? 'light' : 'none';
    else { u.experience = draftUnit.experience; u.equipment = draftUnit.equipment === 'none' ? 'light' : draftUnit.equipment; }
    if (draftUnit.mercenary) u.mercenary = true;
    if (draftUnit.attitude && draftUnit.attitude !== 'allied') u.attitude = draftUnit.attitude;
    if (await act({ type: 'add', unit: u, buy }, `Add ${u.name || 'a unit'}`)) {
      draftUnit.name = '';
      buy = false;
      renderAdd();
      // The keyboard goes to the unit just added (its buttons name it).
      [...unitsBox.querySelectorAll('.roster-unit .row-actions button')].at(-2)?.focus();
    }
  }

  function renderClock() {
    const e = entry();
    if (!e) { clear(clockBox); return; }
    if (!shown) { clear(clockBox); return; }
    const c = shown.clock;
    const days = numberInput(3, { min: 1, max: 3660 });
    replace(clockBox,
      h('p', { class: 'clock-line', dataset: { field: 'clock', day: String(c.day), week: String(c.week), season: String(c.season) } },
        h('strong', { text: `Day ${c.day}` }), ` · week ${c.week} · season ${c.season}`),
      h('p', { class: 'muted small', text: 'A unit recovers one casualty the day after a battle, then one a week, until its die shows a casualty die\'s size (d4, d6, d8, d10, d12): that is its size from then on.' }),
      h('div', { class: 'toolbar' },
        button('Next day', () => act({ type: 'advance', days: 1 }, 'Next day')),
        button('Next week', () => act({ type: 'advance', weeks: 1 }, 'Next week')),
        field('Days', days, '/action/days', { cls: 'num' }),
        button('Advance', () => act({ type: 'advance', days: numberValue(days) }, 'Advance the clock'))));
  }

  function renderBattle() {
    const e = entry();
    if (!e || !summary || !shown || !summary.units.length) { replace(battleBox, h('p', { class: 'muted', text: 'Add units first.' })); return; }
    const levyDefault = (e.options.levy_survivors ?? 'green-infantry') === 'green-infantry';
    // A row entered for a unit whose die has changed since (a day passed, a
    // battle or an undo) starts again from the die it has now.
    for (const u of summary.units) {
      const d = battleDraft[u.id];
      if (!d || d.from !== u.casualties || d.size !== u.size) {
        battleDraft[u.id] = { from: u.casualties, size: u.size, fought: true, final: u.casualties, removed: false, broke: false, retreated: false, convert: levyDefault };
      }
    }
    const fighting = summary.units.filter((u) => battleDraft[u.id].fought);
    const box = (u, k, label) => h('label', { class: 'small' }, h('input', { attrs: { type: 'checkbox', name: `${k}-${u.id}` }, checked: battleDraft[u.id][k], on: { change: (ev) => { battleDraft[u.id][k] = ev.target.checked; if (k === 'fought') renderBattle(); } } }), ` ${label}`,
      k === 'fought' ? null : h('span', { class: 'sr-only', text: ` (${u.name})` }));
    replace(battleBox,
      h('p', { class: 'muted small', text: `Enter each unit's casualty die at the end of the battle on day ${shown.clock.day}, or roll the battle on the Strongholds & Followers page (Armies from a roster) and apply its result from there.` }),
      h('div', { class: 'battle-rows' }, summary.units.map((u) => {
        const d = battleDraft[u.id];
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
      h('div', { class: 'toolbar' }, button('Apply battle', () => applyBattle(), { cls: 'primary', disabled: !fighting.length })));
  }

  async function applyBattle() {
    const units = summary.units.filter((u) => battleDraft[u.id].fought).map((u) => {
      const d = battleDraft[u.id];
      const r = { id: u.id, final: d.final, removed: d.removed || d.final === 0, broke_morale: d.broke, retreated: d.retreated };
      if (u.card.keywords.type === 'levies') r.convert = d.convert;
      return r;
    });
    if (await act({ type: 'battle', units }, `Battle on day ${shown.clock.day}`)) {
      battleDraft = {};
      renderBattle();
    }
  }

  function renderSeason() {
    const e = entry();
    if (!e || !summary || !shown) { clear(seasonBox); return; }
    const kept = summary.units.filter((u) => u.upkeep !== null);
    for (const u of kept) if (payDraft[u.id] === undefined) payDraft[u.id] = true;
    const total = () => kept.filter((u) => payDraft[u.id]).reduce((s, u) => s + u.upkeep_due, 0);
    const totalEl = h('strong', { dataset: { field: 'pay-total' }, text: gold(total()) });
    replace(seasonBox,
      h('p', {}, `Season ${shown.clock.season}: a season's upkeep is `, num('upkeep', summary.upkeep, gold(summary.upkeep)),
        '; paying everyone now costs ', num('upkeep-due', summary.upkeep_due, gold(summary.upkeep_due)), '.'),
      h('p', { class: 'muted small', text: 'A tenth of each unit\'s cost a season, twice that for mercenaries. A season unpaid gives disadvantage on Morale checks; two unpaid seasons disband the unit. Levies are not kept on upkeep.' }),
      kept.length ? h('div', { class: 'pay-rows' }, kept.map((u) => h('label', { class: 'pay-row', dataset: { id: u.id } },
        h('input', { attrs: { type: 'checkbox', name: `pay-${u.id}` }, checked: payDraft[u.id], on: { change: (ev) => { payDraft[u.id] = ev.target.checked; totalEl.textContent = gold(total()); } } }),
        ` Pay ${u.name}: ${gold(u.upkeep_due)}`,
        u.unpaid_seasons ? h('span', { class: 'error small', text: ` (${u.unpaid_seasons} season${u.unpaid_seasons === 1 ? '' : 's'} owed)` }) : null)))
        : h('p', { class: 'muted', text: 'No unit needs upkeep.' }),
      h('p', {}, 'To pay: ', totalEl),
      h('div', { class: 'toolbar' }, button(`End season ${shown.clock.season}`, () => endSeason(kept), { cls: 'primary' })));
  }

  async function endSeason(kept) {
    const pay = {};
    for (const u of kept) pay[u.id] = !!payDraft[u.id];
    if (await act({ type: 'season', pay }, `End season ${shown.clock.season}`)) {
      payDraft = {};
      renderSeason();
    }
  }

  function renderLedger() {
    const e = entry();
    if (!e || !summary || !shown) { clear(ledgerBox); return; }
    const rows = [...shown.ledger].reverse();
    const battles = [...(shown.battles || [])].reverse();
    replace(ledgerBox,
      h('p', {}, 'Spent in all: ', h('strong', {}, num('spent', summary.spent, gold(summary.spent)))),
      rows.length ? h('ol', { class: 'ledger small', attrs: { reversed: true, tabindex: '0', 'aria-label': 'Ledger, newest first (scrolls)' } }, rows.slice(0, 100).map((l) =>
        h('li', {}, h('span', { class: 'muted', text: `Day ${l.day}, season ${l.season}: ` }), readable(l.text), ' ', h('strong', { text: gold(l.gold) }))))
        : h('p', { class: 'muted', text: 'Nothing spent yet.' }),
      rows.length > 100 ? h('p', { class: 'muted small', text: `and ${rows.length - 100} earlier entries (in the exported file).` }) : null,
      battles.length ? [h('h3', { text: 'Battles' }),
        h('ol', { class: 'battles-kept small', attrs: { reversed: true } }, battles.slice(0, 20).map((b) =>
          h('li', {}, h('span', { text: readable(b.text) }), luckButton(b, ctx.engine, { rosterName: shown.name }))))] : null);
  }

  function renderOptions() {
    const e = entry();
    if (!e) { clear(optionsBox); return; }
    // Drawn again after every change: the fold stays open and the keyboard where it was.
    const wasOpen = !!optionsBox.querySelector('details')?.open;
    const focused = optionsBox.contains(document.activeElement) ? document.activeElement.dataset.path : null;
    const values = { ...e.options };
    replace(optionsBox, rulesFold([{ list: rules.roster_options || [], values, basePath: '/options' }], () => {
      const cur = entry();
      if (cur && commit({ ...cur, options: { ...values } }, cur, cur.rev, 'Change the roster options', { undoable: false })) refresh();
    }, { note: 'Where the book leaves a point open, the choice is yours; the defaults are the plainest reading.', headingId: 'ro-options-h' }));
    optionsBox.querySelector('details').open = wasOpen;
    if (focused) optionsBox.querySelector(`[data-path="${focused}"]`)?.focus();
  }

  // Another tab saved a roster: show what it saved (this page's next write
  // from the older revision would be refused anyway).
  const stopListening = onRosterChange((k) => {
    if (destroyed) return;
    const was = entry();
    list = loadRosters();
    if (k !== null && k !== key) { renderBar(); return; }
    const now = entry();
    if (!now) {
      if (was) note(`“${was.roster.name}” was deleted in another tab.`);
      choose(list[0]?.key ?? null);
    } else if (was && now.rev !== was.rev) {
      note(`“${now.roster.name}” was changed in another tab; this page shows it as saved there.`);
    }
    refresh();
  });

  // ---- start ----
  // A first visit gets an empty army; once rosters were kept here (deleted
  // ones too), the page shows what is kept, even nothing.
  choose(list.some((e) => e.key === selectedKey()) ? selectedKey() : (list[0]?.key ?? null));
  adopt(initial);
  if (!list.length && !anyKept()) commit({ key: newKey(), roster: emptyRoster('My army'), options: {} }, null, 0, 'New roster', { undoable: false });
  render();
  status();

  return {
    getScenario: () => (entry() ? exportValue(entry()) : empty()),
    setScenario(value) {
      lastStep = null;
      adopt(value);
      refresh();
    },
    destroy() { destroyed = true; stopListening(); },
  };
}

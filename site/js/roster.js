// Strongholds & Followers army rosters: armies kept between battles. The core
// ("roster" call) carries out the book's rules; this page keeps the rosters
// (roster-store.js: one key and revision each), shows them and offers the
// actions, with undo. A change another tab saved first is never written over.
// The page is its model (roster-model.js: the rosters, the edits, undo; no
// DOM), its view (roster-view.js, roster-forms.js) and `mount` below, which
// wires them and words what happened; page-contract.js says what app.js asks of it.
import { replace, button, showFieldError, clearFieldErrors, readable } from './dom.js';
import { errorWords } from './error-words.js';
import { battleSides, rosterFromUnits } from './roster-make.js';
import { onRosterChange, callRoster, exportValue, parseRosterText } from './roster-store.js';
import { RosterModel, edits, refusedWords } from './roster-model.js';
import { makeRosterView } from './roster-view.js';

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

// The page's banner: what was not done and why, the field it is about marked.
function pageErrors(page, banner, entry) {
  function showBanner(text) {
    banner.hidden = !text;
    replace(banner, readable(text || ''));
  }
  function showError(err, what = 'That') {
    const placed = showFieldError(page, err.path, err.message);
    showBanner(`${what} was not done: ${explain(entry(), err)}${placed ? ' (marked below)' : ''}. Nothing was changed.`);
  }
  function clearError() {
    clearFieldErrors(page);
    showBanner('');
  }
  return { showBanner, showError, clearError };
}

// Import…'s file: a roster, or a battle (as the battle page exports it) one
// of whose sides becomes a roster. gone(): the page was left meanwhile.
// Answers importFile(), for the file input's change.
function rosterImporter({ engine, fileInput, note, showBanner, addEntry, gone }) {
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
      const checked = await callRoster(engine, value, 'status');
      if (!checked.ok) throw new Error(explain(value, checked.error));
      addEntry({ roster: checked.roster, options: value.options, key: value.key }, `Import ${file.name}`);
    } catch (err) {
      showBanner(`${file.name} was not loaded: ${err.message}. Nothing was changed.`);
    }
  }
  // A battle file: which side becomes the roster?
  function askSide(fileName, sides) {
    note(`${fileName} is a Strongholds & Followers battle, not a roster. Make a roster of one of its sides:`,
      ...sides.map(({ side, units }) => button(`${cap(side)}: ${units.length} unit${units.length === 1 ? '' : 's'}`,
        () => fromBattle(fileName, side, units), { cls: 'small' })));
  }
  async function fromBattle(fileName, side, units) {
    note('');
    const name = `${fileName.replace(/\.json$/i, '')} (${side})`.slice(0, 80);
    const made = await rosterFromUnits(engine, explain, name, units);
    if (gone()) return;
    if (!made.ok) { showBanner(`${fileName} was not made into a roster: ${made.why}. Nothing was changed.`); return; }
    addEntry({ roster: made.roster, options: {} }, `Import the ${side} of ${fileName}`);
  }
  return importFile;
}

// A roster from a link (already read by the core): see the model's adopt.
// Says in the page's note what became of it.
function adoptLinked(model, value, { note, addEntry, refused }) {
  const r = model.adopt(value);
  if (!r) return;
  const { name } = r;
  if (r.deleted) {
    note(`The link holds “${name}”, which was deleted in this browser; it was not added again.`,
      button('Add it back', () => { note(''); addEntry(value, `Add “${name}” back from a link`, r.rev); }, { cls: 'small' }));
  } else if (r.kept) {
    if (!r.same) {
      note(`The link holds “${name}”, which this browser already keeps with other changes: this page shows the kept one.`,
        button('Add the link\'s copy as a new roster', () => { note(''); addEntry({ ...value, key: null }, `Add “${name}” from a link`); }, { cls: 'small' }));
    }
  } else if (r.ok) note(`Added “${name}” from the link.`);
  else refused(r.refused);
}

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  const model = new RosterModel(ctx.engine);
  const entry = () => model.entry();
  let destroyed = false;
  const view = makeRosterView({
    model, rules, engine: ctx.engine, pageId: id, kindNames: KIND_NAMES, cap, on: {
      act, undo: () => done(model.undo()), pick: (k) => { model.pick(k); refresh(); }, renameRoster,
      newRoster: () => done(model.newRoster()), duplicate: () => done(model.duplicate()), remove: () => done(model.remove()),
      importFile: () => importFile(), setOptions: (values) => done(model.setOptions(values)),
    },
  });
  const { page, banner, fileInput, note } = view;
  const render = () => view.render();
  root.append(page);

  // ---- what was kept: the roster read again, or why it was not saved ----
  function done(r) {
    if (r?.refused) refused(r.refused);
    else if (r) refresh();
  }
  function refused(why) {
    if (why.stale) refresh(); // the model has read what the other tab saved
    showBanner(refusedWords(why));
  }
  const addEntry = (value, label, base) => done(model.addEntry(value, label, base));
  const { showBanner, showError, clearError } = pageErrors(page, banner, entry);

  // ---- talking to the core (the model asks; this says how it went) ----
  async function status() {
    const r = await model.status();
    if (!r) return;
    if (r.failed) { showBanner(r.failed.message); return; }
    if (r.error) showError(r.error, 'Reading this roster');
    render();
  }
  const refresh = () => { clearError(); status(); };

  // Runs one edit ({action, label}: roster-model.js's edits); answers whether it was done.
  async function act(edit) {
    const r = await model.act(edit);
    if (!r) return false;
    if (r.failed) showBanner(r.failed.message);
    else if (r.error) showError(r.error, edit.label);
    else {
      clearError();
      if (r.refused) refused(r.refused); else render();
    }
    return !!r.ok;
  }
  function renameRoster(name) {
    const edit = entry() && edits.renameRoster(name);
    if (edit) act(edit);
  }

  // ---- files and links ----
  const importFile = rosterImporter({ engine: ctx.engine, fileInput, note, showBanner, addEntry, gone: () => destroyed });
  const adopt = (value) => adoptLinked(model, value, { note, addEntry, refused });

  // Another tab saved a roster: show what it saved (this page's next write
  // from the older revision would be refused anyway).
  const stopListening = onRosterChange((k) => {
    if (destroyed) return;
    const r = model.otherTab(k);
    if (r.others) { view.renderBar(); return; }
    if (r.deleted) note(`“${r.name}” was deleted in another tab.`);
    if (r.changed) note(`“${r.name}” was changed in another tab; this page shows it as saved there.`);
    refresh();
  });

  // ---- start ----
  model.start();
  adopt(initial);
  const made = model.firstVisit();
  if (made?.refused) refused(made.refused);
  render();
  status();

  return {
    getScenario: () => (entry() ? exportValue(entry()) : empty()),
    setScenario(value) {
      model.lastStep = null;
      adopt(value);
      refresh();
    },
    destroy() { destroyed = true; model.destroyed = true; stopListening(); },
  };
}

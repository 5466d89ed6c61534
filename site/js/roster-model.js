// The roster page's model: the rosters kept in this browser (roster-store.js)
// and the one shown, what the core last read of it, the forms' drafts, the
// edits as the core's "roster" actions, and their undo. No DOM: the page
// (roster.js) shows what it answers, and tests/node/roster-model.test.mjs
// drives it with the wasm module.
import { Cancelled } from './engine/engine.js';
import { canonical } from './store.js';
import { newKey, emptyRoster, loadRosters, readRoster, writeRoster, deleteRoster, anyKept, selectedKey,
  selectKey, callRoster } from './roster-store.js';

const UNDO_MAX = 30;

// The Add form as it starts.
export function newUnitDraft() {
  return { name: '', ancestry: 'human', type: 'infantry', experience: 'regular', equipment: 'medium', size: 'd6', mercenary: false, attitude: 'allied' };
}

// The unit the Add form describes, as the core's "add" action takes it:
// levies have no experience and no more than light equipment; other troops
// at least light.
export function unitOfDraft(d) {
  const u = { ancestry: d.ancestry, type: d.type, size: d.size };
  if (d.name.trim()) u.name = d.name.trim();
  if (d.type === 'levies') u.equipment = d.equipment === 'light' ? 'light' : 'none';
  else { u.experience = d.experience; u.equipment = d.equipment === 'none' ? 'light' : d.equipment; }
  if (d.mercenary) u.mercenary = true;
  if (d.attitude && d.attitude !== 'allied') u.attitude = d.attitude;
  return u;
}

// The "Record a battle" rows: each unit's row starts from the die it has; a
// row entered for a unit whose die has changed since (a day passed, a battle
// or an undo) starts again. `drafts`: id -> {from, size, fought, final,
// removed, broke, retreated, convert}, brought up to date in place.
export function syncBattleDrafts(drafts, units, options) {
  const levyDefault = (options.levy_survivors ?? 'green-infantry') === 'green-infantry';
  for (const u of units) {
    const d = drafts[u.id];
    if (!d || d.from !== u.casualties || d.size !== u.size) {
      drafts[u.id] = { from: u.casualties, size: u.size, fought: true, final: u.casualties, removed: false, broke: false, retreated: false, convert: levyDefault };
    }
  }
  return drafts;
}

// The battle's units as the core's "battle" action takes them: the units
// that fought, a die of 0 meaning removed; levies say what their survivors become.
export function battleUnits(units, drafts) {
  return units.filter((u) => drafts[u.id].fought).map((u) => {
    const d = drafts[u.id];
    const r = { id: u.id, final: d.final, removed: d.removed || d.final === 0, broke_morale: d.broke, retreated: d.retreated };
    if (u.card.keywords.type === 'levies') r.convert = d.convert;
    return r;
  });
}

// The units a season's upkeep is for, each ticked to be paid until unticked.
export function upkeepUnits(units, pay) {
  const kept = units.filter((u) => u.upkeep !== null);
  for (const u of kept) if (pay[u.id] === undefined) pay[u.id] = true;
  return kept;
}
export const payTotal = (kept, pay) => kept.filter((u) => pay[u.id]).reduce((s, u) => s + u.upkeep_due, 0);

// Every edit the page sends to the core: {action, label}, the label naming it
// for Undo and for the page's line on what was done.
export const edits = {
  renameRoster: (name) => (name.trim() ? { action: { type: 'rename', name: name.trim() }, label: `Rename the roster to “${name.trim()}”` } : null),
  renameUnit: (u, name) => ({ action: { type: 'rename', id: u.id, name }, label: `Rename ${u.name}` }),
  removeUnit: (u) => ({ action: { type: 'delete', id: u.id }, label: `Remove ${u.name}` }),
  improve: (u, kind, to) => ({ action: { type: 'improve', id: u.id, improve: { [kind]: to } }, label: `Improve ${u.name}: ${kind} ${to}` }),
  nextDay: () => ({ action: { type: 'advance', days: 1 }, label: 'Next day' }),
  nextWeek: () => ({ action: { type: 'advance', weeks: 1 }, label: 'Next week' }),
  advance: (days) => ({ action: { type: 'advance', days }, label: 'Advance the clock' }),
  addUnit(draft, buy) {
    const unit = unitOfDraft(draft);
    return { action: { type: 'add', unit, buy }, label: `Add ${unit.name || 'a unit'}` };
  },
  battle: (units, drafts, day) => ({ action: { type: 'battle', units: battleUnits(units, drafts) }, label: `Battle on day ${day}` }),
  season(kept, pay, season) {
    const paid = {};
    for (const u of kept) paid[u.id] = !!pay[u.id];
    return { action: { type: 'season', pay: paid }, label: `End season ${season}` };
  },
};

// Why a write was refused, in words: {stale, label, name}.
export function refusedWords({ stale, label, name }) {
  return stale
    ? `“${name || 'This roster'}” was changed in another tab or window after this page showed it, so “${label}” was not saved. This page now shows it as saved there: look it over and do it again.`
    : `“${label}” was not saved: this browser would not keep it (private browsing or a full store). Nothing was changed; export your rosters to keep a copy.`;
}

// The page's state and what changes it. Writes answer {ok: true} or {ok:
// false, refused: {stale, label, name}} (a stale refusal has read the rosters
// again); null where there was nothing to do.
export class RosterModel {
  constructor(engine) {
    this.engine = engine;
    this.list = loadRosters();  // [{key, rev, created, roster, options}]
    this.key = null;
    this.summary = null;        // the core's summary of the current roster
    this.shown = null;          // the current roster as the core read it (defaults filled in)
    this.lastStep = null;       // {label, events, gold}
    this.undoStack = [];        // [{label, key, before: record or null, rev: the revision written}]
    this.battleDraft = {};      // see syncBattleDrafts
    this.payDraft = {};         // id -> bool
    this.unitDraft = newUnitDraft();
    this.buy = false;
    this.destroyed = false;
  }

  entry() { return this.list.find((e) => e.key === this.key) || null; }
  lastUndo() { return this.undoStack[this.undoStack.length - 1] || null; }

  // ---- keeping: every write names the revision it was made from ----
  reload() {
    this.list = loadRosters();
    if (!this.entry()) this.choose(this.list[0]?.key ?? null);
  }
  choose(k) {
    if (k !== this.key) { this.summary = null; this.shown = null; this.battleDraft = {}; this.payDraft = {}; }
    this.key = k;
    selectKey(k);
  }
  // Another roster picked: nothing done to it yet.
  pick(k) {
    this.choose(k);
    this.lastStep = null;
  }
  refusal(res, label, name) {
    if (res.stale) this.reload();
    return { ok: false, refused: { stale: !!res.stale, label, name } };
  }
  // Writes `next` over revision `base`; `before` (the record at `base`, or
  // null) goes on the undo stack unless `undoable` is false.
  commit(next, before, base, label, { undoable = true } = {}) {
    const res = writeRoster(next, base);
    if (!res.ok) return this.refusal(res, label, next.roster?.name);
    if (undoable) {
      this.undoStack.push({ label, key: next.key, before, rev: res.record.rev });
      if (this.undoStack.length > UNDO_MAX) this.undoStack.shift();
    }
    this.reload();
    this.choose(next.key);
    return { ok: true, record: res.record };
  }
  undo() {
    const u = this.undoStack.pop();
    if (!u) return null;
    const res = u.before ? writeRoster(u.before, u.rev) : deleteRoster(u.key, u.rev);
    if (!res.ok) {
      this.undoStack = this.undoStack.filter((x) => x.key !== u.key); // they all start from the revision another tab replaced
      return this.refusal(res, `Undo: ${u.label}`, u.before?.roster?.name);
    }
    // The edit below on the stack wrote the revision this undo gave back: it
    // now starts from this write (else a second Undo would be refused as stale).
    if (u.before) for (const x of this.undoStack) if (x.key === u.key && x.rev === u.before.rev) x.rev = res.record.rev;
    this.reload();
    if (u.before) this.choose(u.key);
    this.lastStep = { label: `Undone: ${u.label}`, events: [], gold: 0 };
    return { ok: true };
  }

  // ---- talking to the core ----
  // Reads the current roster: {ok: true}, {ok: false, error} (the core's),
  // {ok: false, failed} (an Error), or null when the answer is no longer
  // wanted (cancelled, the page gone, another roster or revision shown).
  async status() {
    const e = this.entry();
    if (!e) { this.summary = null; this.shown = null; return { ok: true }; }
    let answer;
    try {
      answer = await callRoster(this.engine, e, 'status', 'roster');
    } catch (err) {
      return err instanceof Cancelled ? null : { ok: false, failed: err };
    }
    if (this.destroyed) return null;
    const now = this.entry();
    if (now?.key !== e.key || now.rev !== e.rev) return null; // its own reading follows
    this.summary = answer.ok ? answer.summary : null;
    this.shown = answer.ok ? answer.roster : null;
    return answer.ok ? { ok: true } : { ok: false, error: answer.error };
  }

  // Runs one edit ({action, label}); the roster before goes on the undo stack.
  // Answers as status() and writes do; null when there is no roster or the
  // answer is not wanted.
  async act({ action, label }) {
    const e = this.entry();
    if (!e) return null;
    const base = e.rev; // what the core is asked about; a newer revision refuses the write
    let answer;
    try {
      // A slot of its own: a reading of the roster (status, slot 'roster')
      // started meanwhile must not cancel the user's action.
      answer = await callRoster(this.engine, e, action, 'roster-act');
    } catch (err) {
      return err instanceof Cancelled ? null : { ok: false, failed: err };
    }
    if (this.destroyed) return null;
    if (!answer.ok) return { ok: false, error: answer.error };
    const done = this.commit({ ...e, roster: answer.roster }, e, base, label);
    if (!done.ok) return done;
    this.summary = answer.summary;
    this.shown = answer.roster;
    this.lastStep = { label, events: answer.events, gold: answer.gold };
    return { ok: true };
  }

  // ---- rosters: new, duplicate, delete, options, links ----
  // A new roster (a key never used here, unless `base` is the revision of
  // its deleted marker: then it comes back under its own key).
  addEntry(value, label, base = 0) {
    const k = base || (value.key && !readRoster(value.key)) ? value.key : newKey();
    const done = this.commit({ key: k, roster: value.roster, options: value.options || {} }, null, base, label);
    if (done.ok) this.lastStep = { label, events: [], gold: 0 };
    return done;
  }
  newRoster() {
    return this.addEntry({ roster: emptyRoster(`Army ${this.list.length + 1}`), options: {} }, 'New roster');
  }
  duplicate() {
    const e = this.entry();
    if (!e) return null;
    const copy = JSON.parse(JSON.stringify({ roster: e.roster, options: e.options }));
    copy.roster.name = `${e.roster.name} (copy)`.slice(0, 80);
    return this.addEntry(copy, `Duplicate “${e.roster.name}”`);
  }
  remove() {
    const e = this.entry();
    if (!e) return null;
    const label = `Delete “${e.roster.name}”`;
    const res = deleteRoster(e.key, e.rev);
    if (!res.ok) return this.refusal(res, label, e.roster.name);
    this.undoStack.push({ label, key: e.key, before: e, rev: res.record.rev });
    this.reload();
    this.lastStep = { label: `Deleted “${e.roster.name}”. Undo brings it back.`, events: [], gold: 0 };
    return { ok: true };
  }
  // The rules the book leaves open: not undone (the fold shows them as they are).
  setOptions(values) {
    const cur = this.entry();
    return cur ? this.commit({ ...cur, options: { ...values } }, cur, cur.rev, 'Change the roster options', { undoable: false }) : null;
  }

  // A roster from a link (already read by the core): kept if new. One this
  // browser has is shown as kept here; one deleted here is not brought back
  // unless asked. Answers {name, deleted: true, rev: its marker's} (not
  // added), {name, kept: true, same} (shown as kept here: `same` when the
  // link's copy is the one kept), a write's answer with `name` (added), or null.
  adopt(value) {
    if (!value || value.ruleset !== 'roster' || !value.roster) return null;
    const name = value.roster.name || 'Army';
    const here = value.key ? readRoster(value.key) : null;
    if (here?.deleted) return { name, deleted: true, rev: here.rev };
    if (here) {
      this.choose(value.key);
      const same = canonical({ r: here.roster, o: here.options || {} }) === canonical({ r: value.roster, o: value.options || {} });
      return { name, kept: true, same };
    }
    const k = value.key || newKey();
    return { name, ...this.commit({ key: k, roster: value.roster, options: value.options || {} }, null, 0, `Add “${name}” from a link`) };
  }

  // Another tab saved roster `k` (null: the store was cleared). Answers
  // {others: true} when the roster shown is not the one, else what became of
  // it: {deleted: true, name}, {changed: true, name} or {}.
  otherTab(k) {
    const was = this.entry();
    this.list = loadRosters();
    if (k !== null && k !== this.key) return { others: true };
    const now = this.entry();
    if (!now) {
      this.choose(this.list[0]?.key ?? null);
      return was ? { deleted: true, name: was.roster.name } : {};
    }
    return was && now.rev !== was.rev ? { changed: true, name: now.roster.name } : {};
  }

  // The roster this tab showed last, else the first.
  start() {
    this.choose(this.list.some((e) => e.key === selectedKey()) ? selectedKey() : (this.list[0]?.key ?? null));
  }
  // A first visit gets an empty army; once rosters were kept here (deleted
  // ones too), the page shows what is kept, even nothing. A write's answer, or null.
  firstVisit() {
    if (this.list.length || anyKept()) return null;
    return this.commit({ key: newKey(), roster: emptyRoster('My army'), options: {} }, null, 0, 'New roster', { undoable: false });
  }
}

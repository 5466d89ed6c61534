// Army rosters kept in this browser (localStorage, on this device only):
// each roster under its own key with a revision number, so that two tabs
// never write over each other's changes (a write from a stale revision is
// refused); deleted rosters leave a marker, so a stale link or copy cannot
// bring them back unasked. Also the core's "roster" call, files and links.
import { h } from './dom.js';
import { getText, remove, keys, readJson, writeJson, setAside, isReadOnly, onOtherTab, canonical } from './store.js';

const PREFIX = 'battle-calculator/v2/roster/';
const OLD_LIST = 'battle-calculator/v1/rosters'; // before: one list of every roster
const OLD_PAGE = 'battle-calculator/v1/roster';  // before: the page's copy of the roster shown
const SELECTED = 'battle-calculator/v2/roster-selected';
export const STAYS_HERE = 'Rosters are kept in this browser on this device only (its local storage): nothing is sent anywhere. Export a roster to keep a copy or to move it to another device.';

export function newKey() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return 'r' + a[0].toString(36) + a[1].toString(36);
}

export function emptyRoster(name = 'New army') {
  return { name, clock: { day: 1, week: 1, season: 1 }, next_id: 1, units: [], ledger: [] };
}

const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);

// A stored roster: {key, rev, created, roster, options}; a deleted
// one: {key, rev, deleted: true, name}.
function validRecord(key) {
  return (v) => isObject(v) && v.key === key && Number.isSafeInteger(v.rev) && v.rev > 0 &&
    (v.deleted === true || (isObject(v.roster) && (v.options === undefined || isObject(v.options))));
}

function clean(rec) {
  return { key: rec.key, rev: rec.rev, created: Number(rec.created) || 0, roster: rec.roster,
    options: isObject(rec.options) ? rec.options : {} };
}

// The record under `key` (a deleted one included), or null.
export function readRoster(key) {
  migrate();
  return readJson(PREFIX + key, validRecord(key));
}

// Every roster kept here, oldest first.
export function loadRosters() {
  migrate();
  const out = [];
  for (const k of keys(PREFIX)) {
    const rec = readJson(k, validRecord(k.slice(PREFIX.length)));
    if (rec && !rec.deleted) out.push(clean(rec));
  }
  return out.sort((a, b) => a.created - b.created || (a.key < b.key ? -1 : 1));
}

export function findRoster(key) {
  const rec = readRoster(key);
  return rec && !rec.deleted ? clean(rec) : null;
}

// Writes a roster over revision `base` (0: a new roster, or one deleted here
// whose marker has revision `base`). Answers {ok, record} or {ok: false,
// stale: true, current} when another tab wrote since `base`, or {ok: false,
// full: true} when the browser would not keep it.
export function writeRoster(entry, base) {
  const cur = readRoster(entry.key);
  if ((cur ? cur.rev : 0) !== base) return { ok: false, stale: true, current: cur && !cur.deleted ? clean(cur) : null };
  const record = { key: entry.key, rev: base + 1, created: cur?.created || entry.created || Date.now(),
    roster: entry.roster, options: entry.options || {} };
  if (!writeJson(PREFIX + entry.key, record)) return { ok: false, full: true };
  return { ok: true, record: clean(record) };
}

// Deletes over revision `base`, leaving a marker with the next revision.
export function deleteRoster(key, base) {
  const cur = readRoster(key);
  if ((cur ? cur.rev : 0) !== base) return { ok: false, stale: true, current: cur && !cur.deleted ? clean(cur) : null };
  const marker = { key, rev: base + 1, deleted: true, name: cur?.roster?.name || '' };
  if (!writeJson(PREFIX + key, marker)) return { ok: false, full: true };
  return { ok: true, record: marker };
}

// Tells `fn(key)` when another tab changes a roster (key null: storage cleared).
export function onRosterChange(fn) {
  return onOtherTab(PREFIX, (k) => fn(k === null ? null : k.slice(PREFIX.length)));
}

// Which roster this tab shows (per tab, and kept over a reload).
export function selectedKey() {
  try { return sessionStorage.getItem(SELECTED); } catch { return null; }
}
export function selectKey(key) {
  if (isReadOnly()) return;
  try { if (key) sessionStorage.setItem(SELECTED, key); else sessionStorage.removeItem(SELECTED); } catch { /* not kept */ }
}

// Whether any roster was ever kept here (a deleted one counts).
export function anyKept() {
  migrate();
  return keys(PREFIX).length > 0;
}

// The single list of earlier versions becomes one key per roster. Nothing is
// lost: an entry already stored (or deleted) here is kept as it is; the old
// list is removed only once every entry in it is stored as it was, else it is
// set aside (a page of an earlier version, still open, may have written it
// after the move).
let migrated = false;
function migrate() {
  if (migrated) return;
  migrated = true;
  const oldEntry = (e) => isObject(e) && typeof e.key === 'string' && e.key.length > 0 && e.key.length <= 64 && isObject(e.roster);
  const text = getText(OLD_LIST);
  let listRead = false;
  if (text !== null) {
    let list = null;
    try { list = JSON.parse(text); } catch { /* set aside below */ }
    let all = listRead = Array.isArray(list);
    if (all) {
      list.forEach((e, i) => {
        if (!oldEntry(e)) { all = false; return; }
        const here = readRoster(e.key);
        if (here) {
          if (here.deleted || canonical(here.roster) !== canonical(e.roster)) all = false;
          return;
        }
        const done = writeRoster({ key: e.key, roster: e.roster, options: isObject(e.options) ? e.options : {}, created: i + 1 }, 0);
        if (!done.ok) all = false;
      });
    }
    if (all) remove(OLD_LIST); else setAside(OLD_LIST, text);
  }
  // The page's copy of the roster it showed. Where the list was readable, a
  // roster missing from it had been deleted (earlier versions left the copy
  // behind); where there was no readable list, the copy is all there is.
  const page = getText(OLD_PAGE);
  if (page !== null) {
    let v;
    try { v = JSON.parse(page); } catch { v = undefined; }
    if (isObject(v) && (v.roster === null || oldEntry(v))) {
      if (v.roster && !readRoster(v.key)) {
        if (listRead) writeJson(PREFIX + v.key, { key: v.key, rev: 1, deleted: true, name: String(v.roster.name || '') });
        else writeRoster({ key: v.key, roster: v.roster, options: isObject(v.options) ? v.options : {} }, 0);
      }
      remove(OLD_PAGE);
    } else setAside(OLD_PAGE, page);
  }
}

export function rosterRequest(entry, action) {
  return { ruleset: 'warfare', roster: entry.roster, action, options: entry.options || {} };
}

export function callRoster(engine, entry, action, slot = null) {
  return engine.call('roster', rosterRequest(entry, action), slot ? { slot } : {});
}

// The file and link format: {"ruleset": "roster", "key", "roster": {...},
// "options": {...}}. The roster itself keeps its battles, each rolled one
// with its roll (seed, dice version, starting dice): see the core's roster call.
export function exportValue(entry) {
  return { ruleset: 'roster', key: entry.key, roster: entry.roster, options: entry.options || {} };
}

export function exportFile(entry) {
  const text = JSON.stringify(exportValue(entry), null, 2) + '\n';
  const blob = new Blob([text], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: `${safeName(entry.roster.name)}-roster.json` } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function safeName(name) {
  return String(name || 'army').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'army';
}

// A file's text as a roster entry, or an Error saying why not. Accepts the
// export format or a bare roster; the core checks it before it is kept.
export function parseRosterText(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('it is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('it is not a roster');
  if (value.ruleset === 'roster') return { roster: value.roster, options: value.options || {}, key: value.key };
  if (Array.isArray(value.units) && !value.attacker) return { roster: value, options: {} };
  throw new Error(value.ruleset ? `it is a ${String(value.ruleset).slice(0, 40)} battle, not a roster` : 'it is not a roster');
}

// Asks the core to read the roster as it is; ok:false names the field.
export async function checkRoster(engine, entry) {
  return callRoster(engine, entry, 'status');
}

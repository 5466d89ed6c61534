// The battle each rule system keeps in this browser, and its Recent battles.
// - The kept battle is one record with a revision: a write names the
//   revision it was made from and is refused when another tab wrote since
//   (the roster's way, roster-store.js), and other tabs hear of each write.
// - Whatever replaces the kept battle first puts it in Recent battles; when
//   that cannot be written (a full store), nothing is replaced.
// - Recent battles keeps the last six the user made and, apart from them,
//   the last six that links brought: a link never pushes out one's own.
// - A stored battle that is not JSON, or not of its page's shape, is set
//   aside (store.js), never read as an empty battle and written over.
import { ROOT, getText, remove, readJson, writeJson, expectShape, onOtherTab, canonical, isReadOnly } from './store.js';

const OLD = ROOT + 'v1/';            // before: the bare battle, no revision
const KEPT = ROOT + 'v2/battle/';    // {rev, origin, at, scenario}
const RECENT = ROOT + 'v2/recent/';  // [{at, label, origin, scenario}], newest first
const TAB = ROOT + 'v2/tab-rev/';    // per tab (sessionStorage): the revision this tab shows as kept
export const RECENT_EACH = 6;
// Why a write failed, in words (a full store: localStorage's quota).
export const NOT_STORED = 'this browser would not store it (its storage is full, or it keeps nothing, as in private browsing)';

const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
const fitsOf = new Map(); // rule system -> its page's shape check

// For the pages' shape checks (fits): absent, or a list of objects; absent, or an object.
export const optList = (v) => v === undefined || (Array.isArray(v) && v.every(isObject));
export const optObject = (v) => v === undefined || isObject(v);

// origin: 'own' (made or changed in this browser) or 'link' (as a link brought it).
const originOf = (o) => (o === 'link' ? 'link' : 'own');

// The page of rule system `id` reads battles whose shape `fits` accepts.
export function knowBattle(id, fits) {
  const ok = (s) => isObject(s) && (s.ruleset === undefined || s.ruleset === id) && fits(s);
  fitsOf.set(id, ok);
  expectShape(KEPT + id, validRecord(id));
  expectShape(OLD + id, ok);
  expectShape(RECENT + id, validRecent);
}

function validRecord(id) {
  return (v) => isObject(v) && Number.isSafeInteger(v.rev) && v.rev > 0 && (fitsOf.get(id) || isObject)(v.scenario);
}

// The kept record {rev, origin, at, scenario}, or null.
export function keptRecord(id) {
  migrate(id);
  const rec = readJson(KEPT + id, validRecord(id));
  if (rec) return rec;
  // Not moved yet (the store was full): the old battle is read where it is.
  const old = getText(OLD + id) === null ? null : readJson(OLD + id, fitsOf.get(id) || isObject);
  return old ? { rev: 1, origin: 'own', at: 0, scenario: old } : null;
}

// An earlier version's bare battle becomes a record; one written again by a
// page of that version still open goes to Recent battles, not lost.
function migrate(id) {
  if (getText(OLD + id) === null) return;
  const old = readJson(OLD + id, fitsOf.get(id) || isObject); // a bad one is set aside
  if (!old) return;
  const now = readJson(KEPT + id, validRecord(id));
  if (!now) {
    if (writeJson(KEPT + id, { rev: 1, origin: 'own', at: Date.now(), scenario: old })) remove(OLD + id);
  } else if (canonical(now.scenario) === canonical(old) || remember(id, old, 'own', now.scenario)) {
    remove(OLD + id);
  }
}

// Writes `scenario` over revision `base` (what this page last read or
// wrote). Answers {ok, rev} or {ok: false, stale: true, current} when another
// tab wrote since, or {ok: false, full: true} when the browser would not keep it.
export function writeKept(id, scenario, base, origin = 'own') {
  const cur = keptRecord(id);
  if (cur && cur.rev !== base) return { ok: false, stale: true, current: cur };
  // Nothing new (the same page writes its keys in the same order): no new revision, no event.
  if (cur && JSON.stringify(cur.scenario) === JSON.stringify(scenario)) return { ok: true, rev: cur.rev };
  return put(id, cur, scenario, origin);
}

function put(id, cur, scenario, origin) {
  // A first record starts from the clock, so that a tab holding a revision
  // from before the store was cleared cannot match it by chance.
  const rev = cur ? cur.rev + 1 : Date.now();
  if (!writeJson(KEPT + id, { rev, origin: originOf(origin), at: Date.now(), scenario })) return { ok: false, full: true };
  return { ok: true, rev };
}

// Keeps `scenario` in place of whatever is kept now, which first goes to
// Recent battles. Answers {ok, rev, displaced: the scenario replaced, or null}
// or {ok: false, full: true} with nothing replaced.
export function replaceKept(id, scenario, origin = 'own') {
  const cur = keptRecord(id);
  if (cur && canonical(cur.scenario) === canonical(scenario)) return { ok: true, rev: cur.rev, displaced: null };
  if (cur && !remember(id, cur.scenario, cur.origin, scenario)) return { ok: false, full: true };
  const res = put(id, cur, scenario, origin);
  return res.ok ? { ...res, displaced: cur ? cur.scenario : null } : res;
}

const validRecent = (v) => Array.isArray(v) && v.every((e) => isObject(e) && isObject(e.scenario));

export function recent(id) {
  return (readJson(RECENT + id, validRecent) || []).map((e) => ({ ...e, origin: originOf(e.origin) }));
}

// Puts a battle at the top of the rule system's recent list (once), leaving
// out `current` (the battle kept now, restored from the list perhaps). Each
// origin keeps its newest RECENT_EACH. False when the browser would not keep it.
export function remember(id, scenario, origin = 'own', current = null) {
  if (!isObject(scenario)) return true;
  const c = canonical(scenario);
  const now = current ? canonical(current) : null;
  const list = recent(id).filter((e) => canonical(e.scenario) !== c && canonical(e.scenario) !== now);
  list.unshift({ at: Date.now(), label: describe(scenario), origin: originOf(origin), scenario });
  const count = { own: 0, link: 0 };
  return writeJson(RECENT + id, list.filter((e) => ++count[e.origin] <= RECENT_EACH));
}

// This tab's battle is the kept one at revision `rev` (null: it is not, or
// nothing says so). Kept over a reload, for keptByThisTab.
export function markTab(id, rev) {
  if (isReadOnly()) return;
  try {
    if (rev) sessionStorage.setItem(TAB + id, String(rev)); else sessionStorage.removeItem(TAB + id);
  } catch { /* not kept: a reload then goes by the address */ }
}

// The kept battle, when it is still the one this tab last showed as kept:
// then it is this tab's newest, newer than an address the tab had no time
// to write before a reload. Else null.
export function keptByThisTab(id) {
  const rec = keptRecord(id);
  try {
    return rec && sessionStorage.getItem(TAB + id) === String(rec.rev) ? rec.scenario : null;
  } catch {
    return null;
  }
}

// Tells `fn(record or null)` when another tab changes rule system `id`'s kept battle.
export function onKeptChange(id, fn) {
  return onOtherTab(KEPT + id, (k) => { if (k === null || k === KEPT + id) fn(keptRecord(id)); });
}

// A few words naming a battle: the names of its units or nobles.
export function describe(scenario) {
  const names = [];
  const take = (list) => { if (Array.isArray(list)) for (const u of list) if (u && typeof u.name === 'string' && u.name) names.push(u.name); };
  take(scenario.units);
  for (const side of ['attacker', 'defender']) {
    take(scenario[side]?.units);
    take(scenario[side]?.nobles);
  }
  if (!names.length) return 'A battle with no named units';
  const shown = names.slice(0, 4).map((n) => n.slice(0, 40)).join(', ');
  return names.length > 4 ? `${shown} and ${names.length - 4} more` : shown;
}

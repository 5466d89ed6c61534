// The Olympia page's model: the battle as the page keeps it, the request it
// sends to the core, and its stack edits. No DOM: tested under node
// (tests/node/olympia-model.test.mjs). The view (olympia-view.js) draws it;
// olympia.js wires the two to the engine.
import { optList, optObject } from './battle-store.js';

export const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];
export const OUTCOMES = [
  { id: 'attacker', name: 'Attacker wins', short: 'Attacker', cls: 'attacker' },
  { id: 'defender', name: 'Defender wins', short: 'Defender', cls: 'defender' },
  { id: 'tie', name: 'Both break', short: 'Both break', cls: 'tie' },
];
export const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);
const copy = (x) => JSON.parse(JSON.stringify(x));
const isObj = (x) => x && typeof x === 'object' && !Array.isArray(x);

// A kind of men with its ratings (attack/defense, and /missile for missile
// troops): "Pikeman 5/30", "Archer 5/5/50".
export function kindLabel(k, plural = false) {
  return `${cap(plural ? k.plural : k.name)} ${k.attack}/${k.defense}${k.missile ? `/${k.missile}` : ''}`;
}
// A kind's name as the page shows it (the core's plural), and with its ratings.
export const kindName = (kinds, k) => { const d = kinds.find((x) => x.id === k); return cap(d ? d.plural : k.replace(/_/g, ' ')); };
export const kindWithRatings = (kinds, k) => { const d = kinds.find((x) => x.id === k); return d ? kindLabel(d, true) : cap(k); };

export function emptyBattle() {
  return {
    ruleset: 'olympia', options: {},
    attacker: { nobles: [{ name: 'Attacker', troops: { soldier: 10 } }] },
    defender: { nobles: [{ name: 'Defender', troops: { soldier: 10 } }] },
    seed: 1,
  };
}

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fitsBattle(s) {
  const side = (x) => optObject(x) && optList(x?.nobles) && (x?.nobles || []).every((n) => optObject(n.troops)) && optObject(x?.structure);
  return optObject(s.options) && side(s.attacker) && side(s.defender) && optObject(s.solver);
}

// A scenario the page can edit: the shapes it expects, values as given (the
// core checks them and says what is wrong); nothing shared with `s`.
export function normalise(s, example) {
  const src = isObj(s) ? s : example;
  const side = (x, name) => {
    const nobles = isObj(x) && Array.isArray(x.nobles) ? copy(x.nobles).filter(isObj) : [];
    for (const n of nobles) if (!isObj(n.troops)) n.troops = {};
    if (!nobles.length) nobles.push({ name, troops: {} });
    const out = { nobles };
    if (isObj(x) && isObj(x.structure)) out.structure = copy(x.structure);
    return out;
  };
  return {
    ruleset: 'olympia',
    options: isObj(src.options) ? copy(src.options) : {},
    attacker: side(src.attacker, 'Attacker'),
    defender: side(src.defender, 'Defender'),
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: isObj(src.solver) ? copy(src.solver) : {},
  };
}

// The core's request for the battle, with `extra` (a seed, a side replaced).
export function request(scen, extra = {}) {
  const r = { ruleset: 'olympia', options: scen.options, attacker: scen.attacker, defender: scen.defender, ...extra };
  if (Object.keys(scen.solver).length) r.solver = scen.solver;
  return r;
}

// A stack read from a turn report, as `sideId`'s: the attacker has no
// structure; the defender keeps the one it has when the report names none.
export function withStack(scen, sideId, read) {
  const next = copy(read);
  if (sideId === 'attacker') delete next.structure;
  else if (!next.structure && scen.defender.structure) next.structure = copy(scen.defender.structure);
  return next;
}

// "Osswid, Bran, Tyr and 2 more": a read stack's nobles, for a note.
export function namesText(read) {
  const names = read.nobles.map((n) => n.name);
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
}

// The stack edits; each returns the index to give the keyboard to.
export function addNoble(scen, side) {
  const st = scen[side.id];
  st.nobles.push({ name: `${side.name} noble ${st.nobles.length + 1}`, troops: {} });
  return st.nobles.length - 1;
}
export function removeNoble(scen, side, i) {
  const list = scen[side.id].nobles;
  list.splice(i, 1);
  if (!list.length) list.push({ name: side.name, troops: {} });
  return Math.min(i, list.length - 1);
}
export function setStructure(st, kind) {
  if (!kind) delete st.structure;
  else st.structure = { kind };
}
// Fight to the death: both stack leaders' break points at 0.
export function toTheDeath(scen) {
  for (const side of SIDES) scen[side.id].nobles[0].break_point = 0;
}

// A stack with no nobles yet is waited for, not an error: {note, words} for
// dom.js placeError, or null.
export function waitingStack(scen, err) {
  const m = (err.path || '').match(/^\/(attacker|defender)\/nobles$/);
  return m && !scen[m[1]].nobles.length ? { note: null, words: `the ${m[1]}'s stack has no nobles yet` } : null;
}

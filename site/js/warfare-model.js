// The S&F battle page's model: the battle as the page keeps it, the request it
// sends to the core, and its army edits. No DOM: tested under node
// (tests/node/warfare-model.test.mjs). The view (warfare-armies.js) draws it,
// and warfare.js wires the two to the engine.
import { optList, optObject } from './battle-store.js';

export const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];
export const sideName = (side) => (side === 'attacker' ? 'attacker' : 'defender');
export const otherSide = (side) => (side === 'attacker' ? 'defender' : 'attacker');

export function emptyBattle() {
  return { ruleset: 'warfare', options: {}, policy: {}, attacker: { units: [] }, defender: { units: [] }, seed: 1 };
}

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fitsBattle(s) {
  const side = (x) => optObject(x) && optList(x?.units);
  return optObject(s.options) && optObject(s.policy) && side(s.attacker) && side(s.defender) && optObject(s.solver);
}

// The page's own copy of a battle (from a link, the store or the example):
// every part present, nothing shared with what it was made from.
export function normalise(s, example = null) {
  const src = s && typeof s === 'object' ? s : (example || emptyBattle());
  const side = (x) => ({ ...(x && typeof x === 'object' ? x : {}), units: Array.isArray(x?.units) ? x.units.map((u) => ({ ...u })) : [] });
  return {
    ruleset: 'warfare',
    options: { ...(src.options || {}) },
    policy: { ...(src.policy || {}) },
    attacker: side(src.attacker),
    defender: side(src.defender),
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: src.solver && typeof src.solver === 'object' ? { ...src.solver } : {},
    // Older rules, kept by a battle from an old link (versions.js); the core checks it.
    ...(src.rules_version !== undefined ? { rules_version: src.rules_version } : {}),
  };
}

// The core's request for the battle (odds, rolls, tools), with `extra` (a seed).
export function request(scen, extra = {}) {
  const r = { ruleset: 'warfare', options: scen.options, policy: scen.policy, attacker: scen.attacker, defender: scen.defender, ...extra };
  if (Object.keys(scen.solver).length) r.solver = scen.solver;
  if (scen.rules_version !== undefined) r.rules_version = scen.rules_version;
  return r;
}

// The army edits. `cards` ({attacker: [], defender: []}) holds the core's card
// of each unit, kept in step with the units: an edited unit's card is unknown
// (null) until the core prices it again. Each returns where the unit now is.

// A new unit at the end of `side`'s army.
export function addUnit(scen, cards, side, unit) {
  scen[side].units.push(unit);
  cards[side].push(null);
  return { side, index: scen[side].units.length - 1 };
}

// The unit at (side, index) replaced by `unit`, keeping its casualties and
// its roster id (they belong to the unit in the field, not to its keywords).
export function replaceUnit(scen, cards, side, index, unit) {
  const old = scen[side].units[index];
  if (old && old.casualties !== undefined) unit.casualties = old.casualties;
  if (old && old.id !== undefined) unit.id = old.id;
  scen[side].units[index] = unit;
  cards[side][index] = null;
  return { side, index };
}

export function removeUnit(scen, cards, side, index) {
  const [gone] = scen[side].units.splice(index, 1);
  cards[side].splice(index, 1);
  return gone;
}

export function insertUnit(scen, cards, side, index, unit) {
  scen[side].units.splice(index, 0, unit);
  cards[side].splice(index, 0, null);
  return { side, index };
}

// A copy of a unit for Copy: the next free name, and neither the roster's
// id (it belongs to the roster's unit) nor the casualties of the original.
export function copyOf(unit, freeName) {
  const copy = JSON.parse(JSON.stringify(unit));
  copy.name = freeName;
  delete copy.id;
  delete copy.casualties;
  return copy;
}

// Where Copy tries to put the copy, in order: just after the unit, then at the
// end of the other army (an army fields only one unit with the same keywords).
export function copyPlaces(scen, side, index) {
  return [{ side, index: index + 1 }, { side: otherSide(side), index: scen[otherSide(side)].units.length }];
}

// The unit's casualty die typed in its row: unset when empty or the full die.
export function setCasualties(unit, value, die) {
  if (value === null || value === die) delete unit.casualties;
  else unit.casualties = value;
}

// "(2 units, 310 gp, upkeep 31 gp a season)" beside an army's heading.
export function armyCount(units, total, gold) {
  return `(${units.length} unit${units.length === 1 ? '' : 's'}${total ? `, ${gold(total.cost)}, upkeep ${gold(total.upkeep)} a season` : ''})`;
}

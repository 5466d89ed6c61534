// The S&F battle page's model: the battle as the page keeps it, the request it
// sends to the core, and its army edits. No DOM: tested under node
// (tests/node/warfare-model.test.mjs). The view (warfare-armies.js) draws it,
// and warfare.js wires the two to the engine.
import { optList, optObject } from './battle-store.js';
import { Cancelled } from './engine/engine.js';

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

// The engine's side: a call that a newer one cancelled answers null.
async function ask(engine, fn, request, slot) {
  try {
    return await engine.call(fn, request, { slot });
  } catch (e) {
    if (e instanceof Cancelled) return null;
    throw e;
  }
}

// Where a copy of the unit at (side, index) goes: the first of copyPlaces()
// that the core accepts, {at: {side, index}}, or {refused: the core's error
// for the first place}; null when cancelled or `gone()`. An army already in
// error for another unit takes the copy (its own error shows as usual).
export async function placeCopy(engine, scen, side, index, copy, gone = () => false) {
  let refused = null;
  for (const at of copyPlaces(scen, side, index)) {
    const units = [...scen[at.side].units];
    units.splice(at.index, 0, copy);
    const answer = await ask(engine, 'unit', { ruleset: 'warfare', units, options: scen.options }, 'copy');
    if (!answer || gone()) return null;
    const blamed = answer.ok ? null : answer.error.path.match(/^\/units\/(\d+)/);
    if (answer.ok || !blamed || Number(blamed[1]) !== at.index) return { at };
    refused ||= answer.error;
  }
  return { refused };
}

// The core's request to price `side`'s army and check it.
export function armyRequest(scen, side) {
  return { ruleset: 'warfare', units: scen[side].units, options: scen.options };
}

// The core prices each army and checks it (one unit per keywords), into
// `cards` and `totals`. When an army as a whole is refused, each of its units
// is still priced on its own (without its casualties, so that a bad casualty
// die does not cost the row its card), and the first refusal comes back with
// its path in the battle: {failure: error or null}; null when cancelled or `gone()`.
// Both armies are asked for at once: the engine posts the second call as the
// first's answer comes in, before the page goes on to its next task.
export async function priceArmies(engine, scen, cards, totals, gone = () => false) {
  let failure = null;
  const answers = await Promise.all(SIDES.map(({ id: side }) =>
    ask(engine, 'unit', armyRequest(scen, side), 'cards-' + side)));
  for (const [s, { id: side }] of SIDES.entries()) {
    const answer = answers[s];
    if (!answer) return null;
    if (answer.ok) {
      cards[side] = answer.cards;
      totals[side] = answer.total;
      continue;
    }
    failure ||= { ...answer.error, path: answer.error.path.replace(/^\/units/, `/${side}/units`) };
    totals[side] = null;
    const one = await Promise.all(scen[side].units.map(({ casualties, ...u }, k) =>
      engine.call('unit', { ruleset: 'warfare', unit: u, options: scen.options }, { slot: `card-${side}-${k}` }).then((a) => (a.ok ? a.card : null), () => null)));
    if (gone()) return null;
    cards[side] = one;
  }
  return { failure };
}

// An army with no units yet (after Clear) is waited for, not an error:
// {note, words} for dom.js placeError, or null.
export function waitingArmy(scen, err) {
  const m = (err.path || '').match(/^\/(attacker|defender)\/units$/);
  return m && !scen[m[1]].units.length ? { note: null, words: `the ${sideName(m[1])}'s army has no units yet` } : null;
}

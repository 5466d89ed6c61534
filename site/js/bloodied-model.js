// The Bloodied Steel page's model: the battle as the page keeps it, the
// request it sends to the core, and its edits of units and tactics (tactics
// point at units by number, and keep pointing at the same unit). No DOM:
// tested under node (tests/node/bloodied-model.test.mjs). The view
// (bloodied-view.js) draws it; bloodied.js wires the two to the engine.
import { optList, optObject } from './battle-store.js';

export const NATIONS = [
  { id: 'tribunan', name: 'Tribunan' },
  { id: 'ashen', name: 'Ashen' },
];
export const OUTCOMES = [
  { id: 'tribunan', name: 'Tribunan victorious', short: 'Tribunan', cls: 'tribunan' },
  { id: 'ashen', name: 'Ashen victorious', short: 'Ashen', cls: 'ashen' },
  { id: 'retreat', name: 'Both retreat', short: 'Retreat', cls: 'neutral' },
  { id: 'none', name: 'No units left', short: 'None left', cls: 'none' },
];
// Units listed per nation until "Show all".
export const UNIT_LIST_LIMIT = 40;

export function emptyBattle() {
  return { ruleset: 'bloodied-steel', units: [], tactics: [], seed: 1 };
}

// Whether a stored battle has the shape this page edits: anything else is
// set aside (store.js), not read as an empty battle and written over.
export function fitsBattle(s) {
  return optList(s.units) && optList(s.tactics) && optObject(s.solver);
}

// A scenario the page can edit: only the fields it knows, with defaults;
// nothing shared with `s`.
export function normalise(s, example) {
  const src = s && typeof s === 'object' ? s : example;
  return {
    ruleset: 'bloodied-steel',
    units: Array.isArray(src.units) ? src.units.map((u) => ({ ...u })) : [],
    tactics: Array.isArray(src.tactics) ? src.tactics.map((t) => ({ ...t })) : [],
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: src.solver && typeof src.solver === 'object' ? { ...src.solver } : {},
  };
}

// The core's request for the battle, with `extra` (a seed).
export function request(scen, extra = {}) {
  const r = { ruleset: 'bloodied-steel', units: scen.units, tactics: scen.tactics, ...extra };
  if (Object.keys(scen.solver).length) r.solver = scen.solver;
  return r;
}

// Tactics point at units by number: keep them pointing at the same unit
// when units from `from` on move by `delta`.
function shiftTargets(scen, from, delta) {
  for (const t of scen.tactics) {
    if (t.effect !== 'total' && Number.isInteger(t.target) && t.target >= from) t.target += delta;
  }
}

// "First Cohort (2)": the next name free for a copy.
export function copyName(scen, name) {
  const base = String(name || 'Unit').replace(/ \(\d+\)$/, '');
  let k = 2;
  while (scen.units.some((u) => u.name === `${base} (${k})`)) k++;
  return `${base} (${k})`;
}

// The unit edits; each returns the index of the unit to give the keyboard to.
export function addUnit(scen, nation) {
  const n = scen.units.filter((u) => u.nation === nation).length + 1;
  scen.units.push({ name: `${nation === 'tribunan' ? 'Cohort' : 'Host'} ${n}`, nation, arms: 3, armour: 1, size: 5 });
  return scen.units.length - 1;
}
export function copyUnit(scen, i) {
  const u = scen.units[i];
  scen.units.splice(i + 1, 0, { ...u, name: copyName(scen, u.name) });
  shiftTargets(scen, i + 1, +1);
  return i + 1;
}
export function switchNation(scen, i) {
  const u = scen.units[i];
  u.nation = u.nation === 'tribunan' ? 'ashen' : 'tribunan';
  return i;
}
// A tactic aimed at the removed unit asks for a unit again (its target null).
// Returns the next unit of that nation, else the one before, else -1.
export function removeUnit(scen, i) {
  for (const t of scen.tactics) {
    if (t.effect !== 'total' && t.target === i) t.target = null;
  }
  const { nation } = scen.units[i];
  scen.units.splice(i, 1);
  shiftTargets(scen, i + 1, -1);
  const next = scen.units.findIndex((u, k) => k >= i && u.nation === nation);
  return next >= 0 ? next : scen.units.map((u) => u.nation).lastIndexOf(nation, i - 1);
}

// The tactic edits.
export function addTactic(scen) {
  scen.tactics.push({ name: `Tactic ${scen.tactics.length + 1}`, target: 'tribunan', effect: 'total', amount: 1 });
  return scen.tactics.length - 1;
}
export function removeTactic(scen, i) {
  scen.tactics.splice(i, 1);
  return Math.min(i, scen.tactics.length - 1);
}
export function moveTactic(scen, i, d) {
  const j = i + d;
  [scen.tactics[i], scen.tactics[j]] = [scen.tactics[j], scen.tactics[i]];
  return j;
}
// A tactic's effect: a nation's Total aims at a nation, the others at a unit.
export function setEffect(scen, t, effect) {
  const wasTotal = t.effect === 'total';
  t.effect = effect;
  if (wasTotal !== (t.effect === 'total')) t.target = t.effect === 'total' ? 'tribunan' : (scen.units.length ? 0 : null);
}
export function setTarget(t, value) {
  t.target = t.effect === 'total' ? value : (value === '' ? null : Number(value));
}
// What a tactic may aim at: the nations for a Total, else the units by number.
export function targetOptions(scen, t) {
  if (t.effect === 'total') return NATIONS;
  const opts = scen.units.map((u, k) => ({ id: String(k), name: `${u.name || '(unnamed)'} (${u.nation === 'tribunan' ? 'Tribunan' : 'Ashen'})` }));
  if (!Number.isInteger(t.target)) opts.unshift({ id: '', name: 'Choose a unit…' });
  return opts;
}

// The Bloodied Steel page's model (site/js/bloodied-model.js): the battle the
// page keeps, the request it sends and its edits of units and tactics (a
// tactic keeps aiming at the same unit), checked against the core (the wasm
// module) and against the battle worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { emptyBattle, fitsBattle, normalise, request, copyName, addUnit, copyUnit, switchNation, removeUnit, addTactic,
  removeTactic, moveTactic, setEffect, setTarget, targetOptions, NATIONS } from '../../site/js/bloodied-model.js';

const rules = async () => (await call('rules', { ruleset: 'bloodied-steel' })).rulesets['bloodied-steel'];
const unit = (name, nation, arms = 3) => ({ name, nation, arms, armour: 1, size: 5 });
const aimedAt = (scen) => scen.tactics.map((t) => (Number.isInteger(t.target) ? scen.units[t.target].name : t.target));

test('normalise and the request: the battle the core reads, nothing shared', async () => {
  const { example } = await rules();
  const scen = normalise(example, example);
  scen.units[0].arms = 999;
  assert.notEqual(example.units[0].arms, 999);
  assert.deepEqual(normalise(null, example), normalise(example, example));
  assert.deepEqual(normalise({}, example), { ...emptyBattle(), solver: {} });
  const fresh = normalise(example, example);
  const mine = await call('odds', request(fresh, { seed: 4 }));
  const theirs = await call('odds', { ...example, seed: 4 });
  assert.equal(mine.ok, true, JSON.stringify(mine.error));
  assert.deepEqual(mine.outcomes, theirs.outcomes);
  assert.equal(fitsBattle(fresh), true);
  assert.equal(fitsBattle({ ...fresh, tactics: {} }), false);
});

test('a tactic keeps aiming at the same unit when units are copied, moved and removed', async () => {
  const scen = normalise({ units: [unit('A', 'tribunan'), unit('B', 'ashen'), unit('C', 'ashen')],
    tactics: [{ name: 'T1', effect: 'arms', target: 1, amount: 1 }, { name: 'T2', effect: 'arms', target: 2, amount: -1 },
      { name: 'T3', effect: 'total', target: 'ashen', amount: 2 }] }, null);
  assert.deepEqual(aimedAt(scen), ['B', 'C', 'ashen']);
  assert.equal(copyUnit(scen, 0), 1);
  assert.equal(scen.units[1].name, 'A (2)');
  assert.deepEqual(aimedAt(scen), ['B', 'C', 'ashen']);
  assert.equal(copyName(scen, 'A (2)'), 'A (3)');
  switchNation(scen, 1);
  assert.equal(scen.units[1].nation, 'ashen');
  // Removing B: its tactic asks for a unit again; C's still aims at C; the keyboard goes to the next Ashen unit.
  assert.equal(removeUnit(scen, 2), 2);
  assert.equal(scen.tactics[0].target, null);
  assert.deepEqual(aimedAt(scen).slice(1), ['C', 'ashen']);
  // The last Ashen unit removed: the one before it.
  assert.equal(removeUnit(scen, 2), 1);
  assert.equal(removeUnit(scen, 1), -1, 'no Ashen unit left');
  // The core takes the battle as edited (a tactic with no unit is an error at its target).
  scen.units.push(unit('D', 'ashen'));
  const odds = await call('odds', request(scen));
  assert.equal(odds.ok, false);
  assert.equal(odds.error.path, '/tactics/0/target');
  assert.deepEqual(scen.tactics.map((t) => t.target), [null, null, 'ashen'], 'both units aimed at are gone');
  setTarget(scen.tactics[0], '1');
  setTarget(scen.tactics[1], '0');
  assert.deepEqual(aimedAt(scen), ['D', 'A', 'ashen']);
  assert.equal((await call('odds', request(scen))).ok, true);
});

test('tactics: added, moved, removed; an effect changes what it aims at', () => {
  const scen = normalise({ units: [unit('A', 'tribunan')], tactics: [] }, null);
  assert.equal(addTactic(scen), 0);
  assert.equal(addTactic(scen), 1);
  assert.deepEqual(scen.tactics.map((t) => t.name), ['Tactic 1', 'Tactic 2']);
  assert.equal(moveTactic(scen, 0, +1), 1);
  assert.deepEqual(scen.tactics.map((t) => t.name), ['Tactic 2', 'Tactic 1']);
  setEffect(scen, scen.tactics[0], 'arms');
  assert.equal(scen.tactics[0].target, 0, 'a unit effect aims at the first unit');
  assert.deepEqual(targetOptions(scen, scen.tactics[0]), [{ id: '0', name: 'A (Tribunan)' }]);
  setTarget(scen.tactics[0], '');
  assert.equal(scen.tactics[0].target, null);
  assert.deepEqual(targetOptions(scen, scen.tactics[0])[0], { id: '', name: 'Choose a unit…' });
  setEffect(scen, scen.tactics[0], 'total');
  assert.equal(scen.tactics[0].target, 'tribunan');
  assert.equal(targetOptions(scen, scen.tactics[0]), NATIONS);
  assert.equal(removeTactic(scen, 1), 0);
  assert.equal(removeTactic(scen, 0), -1);
  assert.equal(addUnit(scen, 'ashen'), 1);
  assert.deepEqual(scen.units[1], { name: 'Host 1', nation: 'ashen', arms: 3, armour: 1, size: 5 });
});

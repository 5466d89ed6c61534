// The Olympia page's model (site/js/olympia-model.js): the battle the page
// keeps, the request it sends and its stack edits, checked against the core
// (the wasm module) and against the battle worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { SIDES, emptyBattle, fitsBattle, normalise, request, withStack, namesText, addNoble, removeNoble, setStructure,
  toTheDeath, waitingStack, kindName, kindWithRatings, kindLabel } from '../../site/js/olympia-model.js';

const rules = async () => (await call('rules', { ruleset: 'olympia' })).rulesets.olympia;
const [ATT, DEF] = SIDES;

test('normalise: the shapes the page edits, nothing shared, the example when there is nothing', async () => {
  const { example } = await rules();
  const scen = normalise(example, example);
  scen.attacker.nobles[0].troops.soldier = 999;
  assert.notEqual(example.attacker.nobles[0].troops?.soldier, 999);
  assert.deepEqual(normalise(null, example), normalise(example, example));
  // A side with no nobles gets one, named for its side; troops are always an object.
  const odd = normalise({ attacker: { nobles: [{ name: 'A' }, 'junk'] }, defender: {} }, example);
  assert.deepEqual(odd.attacker.nobles, [{ name: 'A', troops: {} }]);
  assert.deepEqual(odd.defender.nobles, [{ name: 'Defender', troops: {} }]);
  assert.equal(odd.seed, 1);
  assert.deepEqual(odd.solver, {});
  assert.equal(fitsBattle(scen), true);
  assert.equal(fitsBattle({ ...scen, attacker: { nobles: [{ troops: [] }] } }), false);
});

test('the request is the battle the core reads: the same odds as the battle itself', async () => {
  const { example } = await rules();
  const scen = normalise(example, example);
  const mine = await call('odds', request(scen, { seed: 3 }));
  const theirs = await call('odds', { ...example, seed: 3 });
  assert.equal(mine.ok, true, JSON.stringify(mine.error));
  assert.deepEqual(mine.outcomes, theirs.outcomes);
  assert.ok(!('solver' in request(scen)));
  scen.solver = { method: 'exact' };
  assert.deepEqual(request(scen).solver, { method: 'exact' });
  assert.equal((await call('odds', request(normalise(emptyBattle(), example)))).ok, true, 'the empty battle is one the core takes');
});

test('a stack read from a report: the attacker never has a structure, the defender keeps its own', () => {
  const scen = normalise({ attacker: { nobles: [{ name: 'A', troops: {} }] }, defender: { nobles: [{ name: 'D', troops: {} }], structure: { kind: 'tower' } } }, null);
  const read = { nobles: [{ name: 'X', troops: { soldier: 5 } }], structure: { kind: 'castle' } };
  assert.ok(!('structure' in withStack(scen, 'attacker', read)));
  assert.deepEqual(withStack(scen, 'defender', read).structure, { kind: 'castle' });
  const plain = { nobles: [{ name: 'Y', troops: {} }] };
  assert.deepEqual(withStack(scen, 'defender', plain).structure, { kind: 'tower' });
  assert.ok(!('structure' in plain), 'the read stack is not changed');
  assert.equal(namesText({ nobles: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name })) }), 'A, B, C and 2 more');
  assert.equal(namesText({ nobles: [{ name: 'A' }] }), 'A');
});

test('stack edits: nobles added and removed (never none), a structure set and taken away, to the death', async () => {
  const scen = normalise({ attacker: { nobles: [{ name: 'A', troops: {} }] }, defender: { nobles: [{ name: 'D', troops: {} }] } }, null);
  assert.equal(addNoble(scen, ATT), 1);
  assert.equal(scen.attacker.nobles[1].name, 'Attacker noble 2');
  assert.equal(removeNoble(scen, ATT, 1), 0);
  assert.equal(removeNoble(scen, DEF, 0), 0);
  assert.deepEqual(scen.defender.nobles, [{ name: 'Defender', troops: {} }]);
  setStructure(scen.defender, 'tower');
  assert.deepEqual(scen.defender.structure, { kind: 'tower' });
  setStructure(scen.defender, '');
  assert.ok(!('structure' in scen.defender));
  toTheDeath(scen);
  assert.deepEqual([scen.attacker.nobles[0].break_point, scen.defender.nobles[0].break_point], [0, 0]);
  // The core reads it so: the leaders' stacks break at 0.
  scen.attacker.nobles[0].troops = { soldier: 2 };
  scen.defender.nobles[0].troops = { soldier: 2 };
  const odds = await call('odds', request(scen));
  assert.equal(odds.ok, true, JSON.stringify(odds.error));
  assert.deepEqual([odds.sides.attacker.breaks_at, odds.sides.defender.breaks_at, odds.sides.attacker.break_point], [0, 0, 0]);
});

test('an empty stack is waited for; the kinds are named as the core names them', async () => {
  const scen = { attacker: { nobles: [] }, defender: { nobles: [{ name: 'D' }] } };
  assert.deepEqual(waitingStack(scen, { path: '/attacker/nobles' }), { note: null, words: "the attacker's stack has no nobles yet" });
  assert.equal(waitingStack(scen, { path: '/defender/nobles' }), null);
  assert.equal(waitingStack(scen, { path: '/attacker/nobles/0/name' }), null);
  const { kinds } = await rules();
  const soldier = kinds.find((k) => k.id === 'soldier');
  assert.equal(kindName(kinds, 'soldier'), soldier.plural.charAt(0).toUpperCase() + soldier.plural.slice(1));
  assert.equal(kindWithRatings(kinds, 'soldier'), kindLabel(soldier, true));
  assert.match(kindWithRatings(kinds, 'soldier'), new RegExp(` ${soldier.attack}/${soldier.defense}$`));
  assert.equal(kindName(kinds, 'not_a_kind'), 'Not a kind');
});

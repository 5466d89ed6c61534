// The S&F battle page's model (site/js/warfare-model.js): the battle the page
// keeps, the request it sends, and its army edits, checked against the core
// (the wasm module) and against the battle worked out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { emptyBattle, fitsBattle, normalise, request, addUnit, replaceUnit, removeUnit, insertUnit, copyOf, copyPlaces,
  setCasualties, armyCount, otherSide, placeCopy, priceArmies, waitingArmy } from '../../site/js/warfare-model.js';

// The page's engine, as the model uses it: the wasm module's calls.
const engine = { call: (fn, req) => call(fn, req) };

const rules = async () => (await call('rules', { ruleset: 'warfare' })).rulesets.warfare;
const cardsOf = (scen) => ({ attacker: scen.attacker.units.map(() => null), defender: scen.defender.units.map(() => null) });
const unit = (name, extra = {}) => ({ name, ancestry: 'human', experience: 'regular', equipment: 'light', type: 'infantry', size: 'd6', ...extra });

test('normalise: every part present, nothing shared with what it was made from', async () => {
  const example = (await rules()).example;
  const scen = normalise(example);
  assert.deepEqual(scen.attacker.units, example.attacker.units);
  scen.attacker.units[0].name = 'Changed';
  scen.options.x = 1;
  assert.notEqual(example.attacker.units[0].name, 'Changed');
  assert.equal(example.options?.x, undefined);
  // A battle with parts missing: the defaults, and the example when there is nothing at all.
  assert.deepEqual(normalise({ attacker: { units: [unit('A')] } }), {
    ruleset: 'warfare', options: {}, policy: {}, attacker: { units: [unit('A')] }, defender: { units: [] }, seed: 1, solver: {} });
  assert.deepEqual(normalise(null, example).defender, normalise(example).defender);
  assert.deepEqual(normalise(null), { ...emptyBattle(), solver: {} });
  assert.equal(normalise({ seed: 2.5 }).seed, 1);
  assert.equal(normalise({ rules_version: 1 }).rules_version, 1);
  assert.ok(!('rules_version' in normalise({})));
});

test('the request is the battle the core reads: the same odds as the battle itself', async () => {
  const example = (await rules()).example;
  const scen = normalise(example);
  const asked = request(scen, { seed: 7 });
  assert.equal(asked.seed, 7);
  assert.ok(!('solver' in asked), 'no solver unless the battle sets one');
  const mine = await call('odds', asked);
  const theirs = await call('odds', { ...example, seed: 7 });
  assert.equal(mine.ok, true, JSON.stringify(mine.error));
  assert.deepEqual(mine.outcomes, theirs.outcomes);
  scen.solver = { method: 'exact' };
  assert.deepEqual(request(scen).solver, { method: 'exact' });
  // The page's checks of a stored battle's shape.
  assert.equal(fitsBattle(scen), true);
  assert.equal(fitsBattle({ ...scen, attacker: { units: 'none' } }), false);
  assert.equal(fitsBattle({ ...scen, options: [] }), false);
});

test('army edits keep the cards in step, and an edited unit keeps its casualties and roster id', () => {
  const scen = normalise({ attacker: { units: [unit('A'), unit('B', { casualties: 3, id: 'u7' })] }, defender: { units: [unit('C')] } });
  const cards = cardsOf(scen);
  cards.attacker = ['card A', 'card B'];
  assert.deepEqual(addUnit(scen, cards, 'defender', unit('D')), { side: 'defender', index: 1 });
  assert.deepEqual(replaceUnit(scen, cards, 'attacker', 1, unit('B2')), { side: 'attacker', index: 1 });
  assert.deepEqual(scen.attacker.units[1], unit('B2', { casualties: 3, id: 'u7' }));
  assert.deepEqual(cards.attacker, ['card A', null]);
  assert.deepEqual(insertUnit(scen, cards, 'attacker', 1, unit('X')), { side: 'attacker', index: 1 });
  assert.deepEqual(scen.attacker.units.map((u) => u.name), ['A', 'X', 'B2']);
  assert.deepEqual(cards.attacker, ['card A', null, null]);
  assert.equal(removeUnit(scen, cards, 'attacker', 0).name, 'A');
  assert.deepEqual(cards.attacker, [null, null]);
  for (const side of ['attacker', 'defender']) assert.equal(cards[side].length, scen[side].units.length, side);
});

test('a copy: a new name, no roster id or casualties, tried after the unit and then in the other army', async () => {
  const scen = normalise({ attacker: { units: [unit('A', { id: 'u1', casualties: 2 }), unit('B', { type: 'archers' })] },
    defender: { units: [unit('C', { type: 'cavalry' })] } });
  const copy = copyOf(scen.attacker.units[0], 'A (2)');
  assert.deepEqual(copy, unit('A (2)'));
  copy.type = 'archers';
  assert.equal(scen.attacker.units[0].type, 'infantry', 'the copy is its own');
  assert.deepEqual(copyPlaces(scen, 'attacker', 0), [{ side: 'attacker', index: 1 }, { side: 'defender', index: 1 }]);
  assert.equal(otherSide('defender'), 'attacker');
  // The second place is where the rules let it go when the first is refused:
  // the core refuses a second unit with the same keywords in one army.
  const [first, second] = copyPlaces(scen, 'attacker', 0);
  const twin = copyOf(scen.attacker.units[0], 'A (2)');
  const at = (place) => { const units = [...scen[place.side].units]; units.splice(place.index, 0, twin); return units; };
  assert.equal((await call('unit', { ruleset: 'warfare', units: at(first) })).ok, false);
  assert.equal((await call('unit', { ruleset: 'warfare', units: at(second) })).ok, true);
});

test('a casualty die typed in a row: the full die or nothing leaves it unset', () => {
  const u = unit('A');
  setCasualties(u, 4, 6);
  assert.equal(u.casualties, 4);
  setCasualties(u, 6, 6);
  assert.ok(!('casualties' in u));
  setCasualties(u, 2, 6);
  setCasualties(u, null, 6);
  assert.ok(!('casualties' in u));
});

test('an army\'s count beside its heading', () => {
  const gold = (n) => `${n} gp`;
  assert.equal(armyCount([], null, gold), '(0 units)');
  assert.equal(armyCount([unit('A')], null, gold), '(1 unit)');
  assert.equal(armyCount([unit('A'), unit('B')], { cost: 310, upkeep: 31 }, gold), '(2 units, 310 gp, upkeep 31 gp a season)');
});

test('a copy goes where the core accepts it, else the core says why', async () => {
  const scen = normalise({ attacker: { units: [unit('A'), unit('B', { type: 'archers' })] }, defender: { units: [unit('C', { type: 'cavalry' })] } });
  const twin = copyOf(scen.attacker.units[0], 'A (2)');
  assert.deepEqual(await placeCopy(engine, scen, 'attacker', 0, twin), { at: { side: 'defender', index: 1 } });
  // A unit of other keywords goes just after the original.
  const other = { ...twin, type: 'cavalry', name: 'A (3)' };
  assert.deepEqual(await placeCopy(engine, scen, 'attacker', 0, other), { at: { side: 'attacker', index: 1 } });
  // Both armies hold the keywords: refused, with the core's own error for the first place.
  scen.defender.units.push(unit('D'));
  const placed = await placeCopy(engine, scen, 'attacker', 0, twin);
  const first = await call('unit', { ruleset: 'warfare', units: [scen.attacker.units[0], twin, scen.attacker.units[1]] });
  assert.deepEqual(placed, { refused: first.error });
  assert.equal(await placeCopy(engine, scen, 'attacker', 0, twin, () => true), null, 'gone: nothing');
});

test("pricing: each army's cards and cost from the core; an army refused is priced unit by unit", async () => {
  const scen = normalise({ attacker: { units: [unit('A'), unit('A again', { casualties: 2 })] }, defender: { units: [unit('C', { type: 'cavalry' })] } });
  const cards = cardsOf(scen), totals = { attacker: 'old', defender: null };
  const { failure } = await priceArmies(engine, scen, cards, totals);
  const army = await call('unit', { ruleset: 'warfare', units: scen.defender.units });
  assert.deepEqual(cards.defender, army.cards);
  assert.deepEqual(totals.defender, army.total);
  const refused = await call('unit', { ruleset: 'warfare', units: scen.attacker.units });
  assert.equal(refused.ok, false);
  assert.deepEqual(failure, { ...refused.error, path: refused.error.path.replace(/^\/units/, '/attacker/units') });
  assert.equal(totals.attacker, null);
  for (const [k, u] of scen.attacker.units.entries()) {
    const { casualties, ...bare } = u;
    assert.deepEqual(cards.attacker[k], (await call('unit', { ruleset: 'warfare', unit: bare })).card, u.name);
  }
  assert.equal(await priceArmies(engine, scen, cards, totals, () => true), null);
});

test('an army with no units yet is waited for, not an error; any other error is one', () => {
  const scen = normalise({ attacker: { units: [] }, defender: { units: [unit('C')] } });
  assert.deepEqual(waitingArmy(scen, { path: '/attacker/units', message: 'needs a unit' }), { note: null, words: "the attacker's army has no units yet" });
  assert.equal(waitingArmy(scen, { path: '/defender/units', message: 'x' }), null, 'the defender has units');
  assert.equal(waitingArmy(scen, { path: '/attacker/units/0/size', message: 'x' }), null);
  assert.equal(waitingArmy(scen, { message: 'no path' }), null);
});

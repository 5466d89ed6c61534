// The page's reading of the dice and rules versions saved links were made
// under (site/js/versions.js). The rules side is written against the core's
// contract for issue 13 ("rules_version" in rules() and in warfare requests);
// here the rules() answer is given, for a core without versions (today's) and
// one at version 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkDice, currentRules, linkRules, stampRules, withCurrentRules } from '../../site/js/versions.js';
import { call } from './wasm.mjs';

const battle = { ruleset: 'warfare', options: { orders_per_turn: 2 }, attacker: { units: [] }, defender: { units: [] }, seed: 3 };
const v2 = { rules_version: 2 };

test('a link\'s dice: named by "dice", or version 1 for links made before', () => {
  assert.equal(linkDice(new URLSearchParams('roll=1')), 1);
  assert.equal(linkDice(new URLSearchParams('roll=1&dice=2')), 2);
  assert.equal(linkDice(new URLSearchParams('roll=1&dice=17')), 17);
  assert.equal(linkDice(new URLSearchParams('roll=1&dice=two')), 1);
  assert.equal(linkDice(new URLSearchParams('roll=1&dice=')), 1);
});

test('a core without rules versions: links are read and written as they are', () => {
  assert.equal(currentRules({}), null);
  assert.equal(currentRules({ rules_version: 0 }), null);
  assert.equal(currentRules({ rules_version: '2' }), null);
  assert.deepEqual(linkRules({}, battle), { value: battle, made: null, current: null, old: false });
  assert.equal(stampRules({}, battle), battle);
});

test('rules version 2: an old S&F link (none named) is read under version 1 and said to be old', () => {
  const r = linkRules(v2, battle);
  assert.deepEqual(r, { value: { ...battle, rules_version: 1 }, made: 1, current: 2, old: true });
  assert.equal(battle.rules_version, undefined, 'the link value is not changed in place');
  // The page's own battle then asks for version 1 until switched to the current rules.
  assert.deepEqual(withCurrentRules(r.value), battle);
});

test('rules version 2: a link naming the current rules runs them, with nothing to say', () => {
  const r = linkRules(v2, { ...battle, rules_version: 2 });
  assert.deepEqual(r, { value: battle, made: 2, current: 2, old: false });
  const older = linkRules({ rules_version: 3 }, { ...battle, rules_version: 2 });
  assert.deepEqual(older, { value: { ...battle, rules_version: 2 }, made: 2, current: 3, old: true });
});

test('rules version 2: a link from newer rules, or with a bad version, goes to the core as it is', () => {
  for (const bad of [3, 0.5, 'one', null]) {
    const value = { ...battle, rules_version: bad };
    const r = linkRules(v2, value);
    assert.equal(r.value, value);
    assert.equal(r.old, false);
  }
});

test('other rule systems have no rules versions', () => {
  const bs = { ruleset: 'bloodied-steel', units: [], tactics: [] };
  assert.deepEqual(linkRules(v2, bs), { value: bs, made: null, current: 2, old: false });
  assert.equal(stampRules(v2, bs), bs);
});

test('links made now name the current rules; a battle kept under older rules keeps them', () => {
  assert.deepEqual(stampRules(v2, battle), { ...battle, rules_version: 2 });
  assert.deepEqual(stampRules(v2, { ...battle, rules_version: 1 }), { ...battle, rules_version: 1 });
  // Reading back what was written gives the page's battle again.
  assert.deepEqual(linkRules(v2, stampRules(v2, battle)).value, battle);
});

test('a saved battle may name the dice its seed was meant for', async () => {
  const battle = { ruleset: 'bloodied-steel', seed: 5,
    units: [{ nation: 'tribunan', arms: 3, armour: 1, size: 2 }, { nation: 'ashen', arms: 2, armour: 1, size: 3 }] };
  const now = await call('roll', battle);
  assert.equal(now.ok, true);
  assert.equal(now.dice_note, undefined);
  const same = await call('roll', { ...battle, dice: 2 });
  assert.deepEqual(same, now);
  const old = await call('roll', { ...battle, dice: 1 });
  assert.equal(old.ok, true);
  assert.match(old.dice_note, /saved for dice version 1; rolled with version 2 it gives a different battle/);
  assert.deepEqual(old.log, now.log);  // rolled with today's dice all the same
  for (const [dice, message] of [[3, /newer than this calculator's \(2\)/], [0, /from 1 to 2/], ['two', /whole number/]]) {
    const a = await call('check', { ...battle, dice });
    assert.equal(a.ok, false, String(dice));
    assert.equal(a.error.path, '/dice');
    assert.match(a.error.message, message);
  }
  assert.equal((await call('odds', { ...battle, dice: 1 })).ok, true);
});

// The calls a fresh worker makes for the page it was started for
// (site/js/engine/warm-up.js): each is a call the core answers (a refused one
// would warm up only the core's checks), made on the rule system's own
// example, cut to one unit a side for S&F only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warmUpCalls } from '../../site/js/engine/warm-up.js';
import { wasm } from './wasm.mjs';

const rules = JSON.parse((await wasm()).rules(''));
const calls = warmUpCalls(rules);

test('every battle page gets its first calls, and the core answers each', async () => {
  const core = await wasm();
  assert.deepEqual(Object.keys(calls).sort(), Object.keys(rules.rulesets).filter((id) => rules.rulesets[id].example).sort());
  for (const [id, list] of Object.entries(calls)) {
    assert.ok(list.some(([fn]) => fn === 'odds'), `${id}: no odds`);
    for (const [fn, request] of list) {
      const answer = JSON.parse(core.call(fn, request));
      assert.equal(answer.ok, true, `${id} ${fn}: ${JSON.stringify(answer.error)}`);
      assert.equal(JSON.parse(request).ruleset, id);
    }
  }
});

test("S&F's are its example cut to one unit a side, priced first; the others are their example's odds", () => {
  const ex = rules.rulesets.warfare.example;
  const [[fn1, unit], [fn2, odds]] = calls.warfare;
  assert.deepEqual([fn1, fn2, calls.warfare.length], ['unit', 'odds', 2]);
  assert.deepEqual(JSON.parse(unit).units, ex.attacker.units.slice(0, 1));
  const battle = JSON.parse(odds);
  assert.deepEqual(battle.attacker.units, ex.attacker.units.slice(0, 1));
  assert.deepEqual(battle.defender.units, ex.defender.units.slice(0, 1));
  assert.ok(ex.attacker.units.length > 1, 'the example has one unit a side: the cut warms up nothing less');
  for (const id of ['olympia', 'bloodied-steel']) assert.deepEqual(calls[id], [['odds', JSON.stringify(rules.rulesets[id].example)]]);
});

// The calls each battle page makes for its example before its first odds
// (site/js/first-calls.js), whose answers the build writes into the page:
// every page with an example has them, they are the page's own requests (its
// model's, with the page solver's settings), and the build's answer to each is
// the module's (an example's odds exact). Whether a real first visit asks the
// worker nothing is checked in the browser (tests/e2e/first-visit.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstCalls, builtAnswer } from '../../site/js/first-calls.js';
import { PAGE_EXACT_TIME_S } from '../../site/js/engine/page-solver.js';
import { wasm } from './wasm.mjs';

const core = await wasm();
const rules = JSON.parse(core.rules(''));
const calls = firstCalls(rules);
const withExample = Object.keys(rules.rulesets).filter((id) => rules.rulesets[id].example);

test("each page's example has its odds asked both ways: by one worker, and by a pool that samples", () => {
  assert.ok(withExample.length >= 3, withExample.join());
  for (const id of withExample) {
    const odds = calls.filter(([fn, text]) => fn === 'odds' && JSON.parse(text).ruleset === id).map(([, text]) => JSON.parse(text));
    assert.equal(odds.length, 2, `${id}: ${odds.length} odds calls`);
    assert.deepEqual(odds.map((o) => o.solver), [{ exact_time_s: PAGE_EXACT_TIME_S }, { exact_time_s: PAGE_EXACT_TIME_S, defer_sampling: true }]);
    const { solver: _, ...battle } = odds[0];
    for (const k of Object.keys(battle)) if (k !== 'ruleset') assert.deepEqual(battle[k], rules.rulesets[id].example[k] ?? {}, `${id}: ${k} is not the example's`);
  }
});

test("S&F prices each of its example's armies and asks for its attack matrix", () => {
  const ex = rules.rulesets.warfare.example;
  const sf = calls.filter(([, text]) => JSON.parse(text).ruleset === 'warfare');
  assert.deepEqual(sf.map(([fn]) => fn), ['unit', 'unit', 'attack', 'odds', 'odds']);
  assert.deepEqual(JSON.parse(sf[0][1]).units, ex.attacker.units);
  assert.deepEqual(JSON.parse(sf[1][1]).units, ex.defender.units);
  assert.deepEqual(JSON.parse(sf[2][1]).defender, ex.defender);
});

// The time it took aside, and whether the build gave it.
const same = ({ time_ms: _, built: __, ...rest }) => rest;

test("the build's answer to each is the module's to the page's request where its exact attempt succeeds", () => {
  for (const [fn, text] of calls) {
    const built = JSON.parse(builtAnswer((f, t) => core.call(f, t), fn, text));
    assert.equal(built.ok, true);
    assert.equal(built.built, true);
    if (fn === 'odds') assert.match(built.method, /^exact/, `${text}: ${built.method}`);
    // The page's request itself: its exact attempt has PAGE_EXACT_TIME_S, which
    // a machine busy with other tests can run past (and sample); asked again then.
    let direct = JSON.parse(core.call(fn, text));
    for (let k = 0; k < 9 && fn === 'odds' && !direct.method.startsWith('exact'); ++k) direct = JSON.parse(core.call(fn, text));
    assert.deepEqual(same(built), same(direct), `${fn} ${text}`);
  }
});

test('the build refuses an example the core refuses, or cannot solve exactly', () => {
  const [fn, text] = calls.find(([f]) => f === 'odds');
  assert.throws(() => builtAnswer(() => JSON.stringify({ ok: false, error: { path: '/x', message: 'no' } }), fn, text), /refused/);
  assert.throws(() => builtAnswer(() => JSON.stringify({ ok: true, method: 'monte-carlo' }), fn, text), /monte-carlo, not exactly/);
});

// The page's sampling on every core (site/js/engine/pool.js), driven with the wasm
// module behind several make-believe workers that answer in a shuffled order:
// for a (seed, trials) pair the answer is exactly the one a single call gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { samplePool, widest, mergeInto } from '../../site/js/engine/pool.js';

// A worker that answers after a delay chosen by the test, in its own order.
const fakeEngine = (delays) => {
  let n = 0;
  return { calls: 0, async call(fn, request) {
    this.calls++;
    await new Promise((r) => setTimeout(r, delays[n++ % delays.length]));
    return call(fn, request);
  } };
};

const battle = (solver) => ({ ruleset: 'warfare', solver,
  attacker: { units: [{ name: 'Pikes', ancestry: 'human', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' },
                      { name: 'Bows', ancestry: 'elf', experience: 'veteran', equipment: 'light', type: 'archers', size: 'd6' }] },
  defender: { units: [{ name: 'Axes', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' },
                      { name: 'Riders', ancestry: 'human', experience: 'regular', equipment: 'light', type: 'cavalry', size: 'd4' }] } });

for (const [label, solver] of [
  ['all trials, a short last block', { method: 'monte-carlo', trials: 4500, seed: 11, target_halfwidth: 0 }],
  ['stopping early at the target width', { method: 'monte-carlo', trials: 200000, seed: 12, target_halfwidth: 0.01 }],
]) {
  test(`sampling on several workers gives the one-worker answer: ${label}`, async () => {
    const one = await call('odds', battle(solver));
    assert.equal(one.ok, true, JSON.stringify(one.error));
    for (const workers of [1, 2, 3]) {
      const request = battle({ ...solver, defer_sampling: true });
      const deferred = await call('odds', request);
      assert.equal(deferred.method, 'deferred');
      const engines = Array.from({ length: workers }, (_, i) => fakeEngine([5 + 17 * i, 1, 9]));
      const seen = [];
      const a = await samplePool(engines, request, deferred, { onProgress: (p) => seen.push(p) });
      assert.equal(a.ok, true, JSON.stringify(a.error));
      assert.equal(a.trials, one.trials, `${workers} workers`);
      assert.deepEqual(a.outcomes, one.outcomes, `${workers} workers`);
      assert.deepEqual(a.ci95, one.ci95);
      assert.deepEqual(a.units, one.units);
      assert.equal(a.expected_rounds, one.expected_rounds);
      assert.equal(a.stopped_by, one.stopped_by);
      assert.equal(a.workers, workers);
      // Progress shows the interval narrowing, block by block.
      assert.ok(seen.length >= 2);
      assert.ok(seen.at(-1).halfwidth < seen[0].halfwidth);
      if (workers > 1) assert.ok(engines.every((e) => e.calls > 0), 'every worker sampled');
    }
  });
}

test('a cancelled pool run answers nothing', async () => {
  const request = battle({ method: 'monte-carlo', trials: 50000, seed: 3, target_halfwidth: 0, defer_sampling: true });
  const deferred = await call('odds', request);
  let calls = 0;
  const a = await samplePool([fakeEngine([1]), fakeEngine([1])], request, deferred, { cancelled: () => ++calls > 3 });
  assert.equal(a, null);
});

test('merging and the widest interval follow the core', () => {
  const a = { total: 10, steps: 5, outcomes: [4, 6], events: [1], series: [[[0, 4], [3, 6]]] };
  const b = { total: 5, steps: 2, outcomes: [5, 0], events: [0], series: [[[1, 5]]] };
  const m = mergeInto(structuredClone(a), b);
  assert.deepEqual(m, { total: 15, steps: 7, outcomes: [9, 6], events: [1], series: [[[0, 4], [1, 5], [3, 6]]] });
  // Wilson's 95% half-width for 9 of 15 (z = 1.96): centre 0.5796, half 0.22214.
  assert.ok(Math.abs(widest({ total: 15, outcomes: [9, 6], events: [] }) - 0.22214) < 1e-5);
});

test('a pool run says how long the core worked: every block call\'s time added to the answer\'s own', async () => {
  const request = battle({ method: 'monte-carlo', trials: 4000, seed: 5, target_halfwidth: 0, defer_sampling: true });
  const deferred = await call('odds', request);
  const seen = [];  // each answer's method and time as the core gave it
  const engine = () => ({ async call(fn, req) {
    const a = await call(fn, req);
    seen.push({ method: a.method, time_ms: a.time_ms });
    return a;
  } });
  const a = await samplePool([engine(), engine()], request, deferred);
  assert.equal(a.ok, true, JSON.stringify(a.error));
  const blocks = seen.filter((x) => x.method === 'monte-carlo-blocks');
  assert.ok(blocks.length >= 2, `${blocks.length} block calls`);
  assert.ok(blocks.every((x) => typeof x.time_ms === 'number' && x.time_ms > 0), 'each block call says its time');
  const last = seen.at(-1);
  assert.equal(last.method, 'monte-carlo');
  const sum = blocks.reduce((s, x) => s + x.time_ms, 0) + last.time_ms;
  assert.ok(Math.abs(a.time_ms - sum) < 1e-9, `${a.time_ms} is ${sum}`);
});

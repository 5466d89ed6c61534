// Every request is bounded: rolls of the largest legal battles answer within
// their limits (scaled down here to run in seconds) and the module keeps
// working; check() reads everything odds() and roll() would; numbers beyond a
// double are input errors with their path; the CLI stops reading at 4 MB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { call, nativeCli, root } from './wasm.mjs';
import { createCalculator } from '../../wasm/node.mjs';

const stacks = (nobles, men, extra = {}) => ({
  ruleset: 'olympia', seed: 3, ...extra,
  attacker: { nobles: Array.from({ length: nobles }, (_, i) => ({ name: `A${i}`, break_point: 0, troops: { soldier: men } })) },
  defender: { nobles: Array.from({ length: nobles }, (_, i) => ({ name: `D${i}`, break_point: 0, troops: { soldier: men } })) },
});

test('a roll whose log would pass 20,000 steps keeps the first and last ones and says what it left out', async () => {
  const a = await call('roll', stacks(3, 5000));
  assert.equal(a.ok, true, JSON.stringify(a.error));
  assert.ok(a.attacks > 20000, `only ${a.attacks} attacks`);
  // The first 10,000 steps, one that says what was left out, the last 10,000.
  assert.equal(a.log.length, 20001);
  const cut = a.log[10000];
  assert.equal(cut.step, 'omitted');
  assert.equal(Object.values(cut.counts).reduce((x, y) => x + y, 0), cut.omitted);
  assert.ok(cut.counts.hit > 0);
  assert.equal(a.log[0].step, 'stack');
  assert.equal(a.log.at(-1).step, 'summary');
});

test('a roll past its time limit is a limit, not a failure, and the module keeps answering', async () => {
  const a = await call('roll', stacks(10, 100000, { solver: { time_limit_s: 0.2 } }));
  assert.equal(a.ok, false);
  assert.equal(a.error.kind, 'limit');
  assert.equal(a.error.path, '');
  assert.match(a.error.message, /time limit/);
  const v = await call('version', {});
  assert.equal(v.ok, true);
});

test('check() validates the solver and the seed as odds() and roll() would', async () => {
  const base = { ruleset: 'bloodied-steel', units: [{ nation: 'tribunan', arms: 1, armour: 1, size: 1 }] };
  for (const [req, path] of [
    [{ ...base, solver: { method: 'zzz' } }, '/solver/method'],
    [{ ...base, seed: -1 }, '/seed'],
    [{ ...stacks(1, 1), solver: { trials: 0 } }, '/solver/trials'],
  ]) {
    const a = await call('check', req);
    assert.equal(a.ok, false, JSON.stringify(req));
    assert.equal(a.error.kind, 'input');
    assert.equal(a.error.path, path);
  }
  assert.equal((await call('check', { ...base, solver: { method: 'exact' }, seed: 5 })).ok, true);
});

test('a number beyond a double is an input error at its path, natively and in wasm', async () => {
  const text = '{"ruleset":"bloodied-steel","units":[{"nation":"tribunan","arms":1,"armour":1,"size":1},' +
    '{"nation":"ashen","arms":1e309,"armour":1,"size":1}]}';
  const w = await call('odds', text);
  assert.equal(w.ok, false);
  assert.equal(w.error.kind, 'input');
  assert.equal(w.error.path, '/units/1/arms');
  const n = spawnSync(nativeCli, ['odds', '-'], { input: text, encoding: 'utf8' });
  assert.equal(n.status, 2);
  assert.equal(JSON.parse(n.stdout).error.path, '/units/1/arms');
});

test('the CLI stops reading at 4 MB', () => {
  const n = spawnSync(nativeCli, ['odds', '/dev/zero'], { encoding: 'utf8', timeout: 20000 });
  assert.equal(n.error, undefined, 'the CLI did not finish');
  assert.equal(n.status, 2);
  assert.match(n.stdout, /too large: at most 4194304 bytes/);
});

test('the node API answers an error and restarts when the module fails', async () => {
  const calc = await createCalculator({ modulePath: `${root}/build/wasm/battle-node.cjs` });
  assert.equal((await calc.call('version')).ok, true);
  // A module whose call throws, as an aborted one does.
  const real = calc.module;
  real.call = () => { throw new WebAssembly.RuntimeError('Aborted()'); };
  const a = await calc.call('odds', {});
  assert.equal(a.ok, false);
  assert.equal(a.error.kind, 'failed');
  assert.match(a.error.message, /Aborted\(\).*restarted/);
  assert.equal(calc.restarts, 1);
  assert.notEqual(calc.module, real);
  assert.equal((await calc.call('rules', { ruleset: 'olympia' })).ok, true);
});

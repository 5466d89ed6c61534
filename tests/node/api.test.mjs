// The wasm JSON API under node: the same answers as the native build, clear
// errors for bad input, and progress reports from long solves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { wasm, call, nativeCli } from './wasm.mjs';

const example = {
  ruleset: 'bloodied-steel',
  units: [{ name: 'First Cohort', nation: 'tribunan', arms: 4, armour: 2, size: 5 },
          { name: 'Grey Host', nation: 'ashen', arms: 3, armour: 1, size: 6 }],
  tactics: [{ name: 'Ambush', target: 'ashen', effect: 'total', amount: 2 }],
};

function native(args, input) {
  const r = spawnSync(nativeCli, args, { input, encoding: 'utf8' });
  return { status: r.status, out: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
}

test('version and rules', async () => {
  const m = await wasm();
  const v = JSON.parse(m.version());
  assert.equal(v.ok, true);
  assert.equal(v.build, 'wasm');
  const r = JSON.parse(m.rules(''));
  assert.equal(r.ok, true);
  assert.ok(r.rulesets['bloodied-steel']);
  assert.equal(r.rulesets['bloodied-steel'].die.adds['6'], 2);
  const nativeRules = JSON.parse(execFileSync(nativeCli, ['rules'], { encoding: 'utf8' }));
  assert.deepEqual(r.rulesets, nativeRules.rulesets, 'the page builds its forms from the same tables');
});

test('exact odds of the example, checked by hand', async () => {
  const a = await call('odds', example);
  assert.equal(a.ok, true);
  assert.equal(a.method, 'exact-closed-form');  // the fast path names itself
  assert.equal(a.path, 'closed form');
  // The Host falls with 1/144, the Cohort with 7/216 (see tests/unit/test_bloodied.cpp).
  const host = 1 / 144, cohort = 7 / 216;
  const near = (x, y) => assert.ok(Math.abs(x - y) < 1e-12, `${x} vs ${y}`);
  near(a.outcomes.tribunan, (1 - cohort) * host);
  near(a.outcomes.ashen, (1 - host) * cohort);
  near(a.outcomes.retreat, (1 - host) * (1 - cohort));
  near(a.outcomes.none, host * cohort);
  near(a.totals.tribunan.p['0'], 1 / 16);
});

test('wasm and native give identical odds and identical rolled battles', async () => {
  const a = await call('odds', example);
  const n = native(['odds', '-'], JSON.stringify(example));
  assert.equal(n.status, 0);
  assert.deepEqual(a.outcomes, n.out.outcomes);
  assert.deepEqual(a.units, n.out.units);
  for (const seed of [0, 1, 77, 2 ** 40 + 3]) {
    const w = await call('roll', { ...example, seed });
    const c = native(['roll', '--seed', String(seed), '-'], JSON.stringify(example));
    assert.equal(c.status, 0);
    assert.deepEqual(w, c.out, `seed ${seed}`);
  }
});

test('the same dice natively, in wasm and in the independent Python transcription', async () => {
  const python = [1, 3, 5, 6, 6, 5, 5, 6, 5, 4, 5, 2, 5, 2, 5, 6, 4, 6, 5, 5]; // tests/tools/rng_vectors.py (dice version 2)
  const w = await call('dice', { seed: 42, faces: 6, count: 20 });
  assert.equal(w.dice, 2);
  assert.deepEqual(w.rolls, python);
  const n = native(['dice', '--seed', '42', '--count', '20']);
  assert.deepEqual(n.out.rolls, python);
  const m = await wasm();
  const big = m.diceChecksum(1e6, 9, 20);
  const again = m.diceChecksum(1e6, 9, 20);
  assert.equal(big, again);
  const nd = native(['dice', '--seed', '9', '--faces', '20', '--count', '100000']);
  const wd = await call('dice', { seed: 9, faces: 20, count: 100000 });
  assert.deepEqual(wd.rolls, nd.out.rolls);
});

test('bad input: an error naming the field, from wasm and native alike', async () => {
  const cases = [
    [{ ...example, units: [{ ...example.units[0], arms: -1 }] }, '/units/0/arms', /0 to 1000/],
    [{ ...example, units: [{ ...example.units[0], size: 1e12 }] }, '/units/0/size', /0 to 1000000/],
    [{ ...example, units: [{ ...example.units[0], nation: 'roman' }] }, '/units/0/nation', /tribunan, ashen/],
    [{ ...example, tactics: [{ name: 'x', target: 'ashen', effect: 'total', amount: '2' }] }, '/tactics/0/amount', /whole number/],
    [{ ...example, extra: 1 }, '/extra', /not a known field/],
    [{ ...example, solver: { method: 'guess' } }, '/solver/method', /auto, exact, monte-carlo/],
    [{ ruleset: 'chess' }, '/ruleset', /one of/],
    [[1, 2, 3], '', /object/],
  ];
  for (const [req, path, msg] of cases) {
    const a = await call('odds', req);
    assert.equal(a.ok, false, JSON.stringify(req));
    assert.equal(a.error.path, path);
    assert.match(a.error.message, msg);
    const n = native(['odds', '-'], JSON.stringify(req));
    assert.equal(n.status, 2, 'the CLI exits with status 2 on bad input');
    assert.deepEqual(n.out.error, a.error);
  }
  for (const text of ['{', '', 'null', '{"ruleset":', '['.repeat(100000)]) {
    const a = await call('odds', text);
    assert.equal(a.ok, false);
    assert.equal(a.error.path, '');
  }
});

// Text crosses into and out of wasm through TextEncoder and TextDecoder
// (wasm/bindings.cpp): every kind of character must come back as it went in,
// byte for byte the same answer as the native CLI gives.
test('names in any script cross the wasm boundary unchanged, and match native', async () => {
  const names = ['Ærø’s “Host”', 'Легион', '軍団 𝕏 🐉', 'tab\there \\ "quoted" </script>', 'x'.repeat(80)];
  const req = { ...example, units: names.map((name, i) => ({ ...example.units[i % 2], name })) };
  for (const fn of ['odds', 'roll']) {
    const text = (await wasm()).call(fn, JSON.stringify({ ...req, ...(fn === 'roll' ? { seed: 5 } : {}) }));
    const a = JSON.parse(text);
    assert.deepEqual(a.units.map((u) => u.name), names);
    const n = native(fn === 'roll' ? ['roll', '--seed', '5', '-'] : ['odds', '-'], JSON.stringify(req));
    assert.equal(n.status, 0);
    if (fn === 'roll') assert.deepEqual(a, n.out);
    else assert.deepEqual(a.units, n.out.units);
  }
  // A lone surrogate, raw in the text (JSON.stringify would escape it), is not
  // UTF-8: it arrives as U+FFFD, not as broken bytes.
  const m = await wasm();
  const raw = JSON.stringify({ ...example, units: [{ ...example.units[0], name: 'aLONEb' }, example.units[1]] });
  const lone = JSON.parse(m.call('odds', raw.replace('LONE', '\ud800')));
  assert.equal(lone.units[0].name, 'a\ufffdb');
  // Something other than text is refused as before, not read as text.
  assert.throws(() => m.call('odds', 42), /non-string/);
});

test('Monte Carlo reports progress, agrees with exact odds, and can be stopped', async () => {
  const m = await wasm();
  const seen = [];
  m.setProgress((json) => { seen.push(JSON.parse(json)); return true; });
  const mc = JSON.parse(m.odds(JSON.stringify({ ...example, solver: { method: 'monte-carlo', trials: 30000, seed: 3, target_halfwidth: 0 } })));
  m.setProgress(null);
  assert.equal(mc.ok, true);
  assert.equal(mc.trials, 30000);
  assert.ok(seen.length >= 10 && seen.every((p) => p.phase === 'monte-carlo'));
  const exact = await call('odds', example);
  for (const k of Object.keys(exact.outcomes)) {
    const [lo, hi] = mc.ci95[k];
    assert.ok(lo <= exact.outcomes[k] && exact.outcomes[k] <= hi, `${k}: ${exact.outcomes[k]} in [${lo}, ${hi}]`);
  }
  m.setProgress(() => false);
  const stopped = JSON.parse(m.odds(JSON.stringify({ ...example, solver: { method: 'monte-carlo', trials: 100000 } })));
  m.setProgress(null);
  assert.equal(stopped.ok, false);
  assert.match(stopped.error.message, /cancelled/);
});

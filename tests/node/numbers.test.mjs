// The page's numbers (site/js/dom.js): num() groups thousands as en-US does
// without the browser's Intl; pctAmong() never shows "100%" beside a chance
// above 0; readable() groups the numbers in the core's words (not seeds) and
// writes "→" for "->".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { num, pct, pctAmong, readable } from '../../site/js/dom.js';

test('num() writes what toLocaleString("en-US") writes (but "-0")', () => {
  const xs = [0, 1, -1, 0.5, 12.5, 999.999, 1234.5678, 5000001, -1234567.891, 0.004, 0.005, 0.015, 2.675, 1.005, 99.995, 1e6, 1e20];
  for (let i = 0; i < 20000; i++) xs.push((i % 2 ? 1 : -1) * Math.random() * 10 ** (Math.random() * 12 - 4));
  for (const d of [0, 1, 2, 3]) {
    for (const x of xs) {
      const want = x.toLocaleString('en-US', { maximumFractionDigits: d });
      assert.equal(num(x, d), want === '-0' ? '0' : want, `${x} to ${d} decimals`);
    }
  }
  assert.equal(num(null), '–');
  assert.equal(num(Infinity), '∞');
});

test('pctAmong() never says 100% while another outcome is above 0', () => {
  // Olympia, 50 soldiers against one peasant: the core's own answer.
  const outcomes = [1, 4.54686231930568e-19, 0];
  assert.equal(pct(outcomes[0]), '100%');
  assert.deepEqual(outcomes.map((p) => pctAmong(p, outcomes)), ['>99.99%', '<0.01%', '0%']);
  assert.deepEqual([1, 0, 0].map((p, _, all) => pctAmong(p, all)), ['100%', '0%', '0%']);
  assert.deepEqual([0.25, 0.75].map((p, _, all) => pctAmong(p, all)), [pct(0.25), pct(0.75)]);
});

test('readable() groups the core\'s numbers, not seeds, and writes arrows', () => {
  assert.equal(readable('the exact solve stopped at its state budget after 5000001 states'), 'the exact solve stopped at its state budget after 5,000,001 states');
  assert.equal(readable('must be a whole number from 0 to 1000000'), 'must be a whole number from 0 to 1,000,000');
  assert.equal(readable('A battle on day 1 (rolled: seed 20261127, dice version 2)'), 'A battle on day 1 (rolled: seed 20261127, dice version 2)');
  assert.equal(readable('Shields: 6 -> 4 on the day'), 'Shields: 6 → 4 on the day');
  assert.equal(readable('at 1234, 0.000012345 and 1e-12'), 'at 1234, 0.000012345 and 1e-12');
});

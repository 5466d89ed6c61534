// Same dice everywhere: the wasm module and the native CLI reproduce every
// recorded seeded battle exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { call, nativeCli, root } from './wasm.mjs';

const dir = path.join(root, 'tests', 'fixtures', 'rolls');
const fixtures = fs.readdirSync(dir).filter((f) => f.endsWith('.json'))
  .map((f) => ({ name: f, ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));

test('the fixtures cover every rule system', () => {
  const rulesets = new Set(fixtures.map((f) => f.request.ruleset));
  assert.ok(rulesets.has('bloodied-steel'));
});

for (const f of fixtures) {
  test(`${f.name}: wasm and native roll the recorded battle`, async () => {
    assert.deepEqual(await call('roll', f.request), f.response);
    const r = spawnSync(nativeCli, ['roll', '-'], { input: JSON.stringify(f.request), encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.deepEqual(JSON.parse(r.stdout), f.response);
  });
}

// The site's layers (README, "Where things live"): the engine (site/js/engine/)
// is the worker, the page's side of it and sampling on every core, with no DOM:
// it imports only its own modules and never reaches for the page's document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const engineDir = path.join(root, 'site', 'js', 'engine');
const files = fs.readdirSync(engineDir).filter((f) => f.endsWith('.js'));
// What a module's code says once its comments are gone.
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

test('the engine is its own folder of modules', () => {
  assert.deepEqual(files.sort(), ['engine.js', 'page-solver.js', 'pool.js', 'warm-up.js', 'worker.js']);
});

for (const f of files) {
  test(`engine/${f} imports only the engine and touches no DOM`, () => {
    const text = code(fs.readFileSync(path.join(engineDir, f), 'utf8'));
    for (const m of text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'/g)) {
      const spec = m[1] ?? m[2];
      assert.ok(/^\.\/[\w-]+\.js$/.test(spec) && files.includes(spec.slice(2)), `${f} imports ${spec}, outside the engine`);
    }
    for (const word of ['document', 'window', 'HTMLElement', 'localStorage', 'location.hash']) {
      assert.ok(!new RegExp(`\\b${word.replace('.', '\\.')}\\b`).test(text), `${f} uses ${word}`);
    }
  });
}

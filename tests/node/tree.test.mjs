// The tree itself: no merge left half done, and the scripts no test imports
// (the bench) at least parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tracked = () => execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

test('no conflict markers in any tracked source or document', () => {
  const marker = /^(<{7}|>{7}) |^={7}$/m;
  const text = /\.(c|h)pp$|\.(m?js|css|html|md|json|txt|cmake)$|CMakeLists\.txt$|^scripts\//;
  const bad = tracked().filter((f) => text.test(f) && fs.existsSync(path.join(root, f))
    && !f.startsWith('tests/fixtures/olympia-reports/')
    && marker.test(fs.readFileSync(path.join(root, f), 'utf8')));
  assert.deepEqual(bad, []);
});

test('the bench scripts parse', () => {
  for (const f of tracked().filter((x) => x.startsWith('tests/bench/') && x.endsWith('.mjs'))) {
    execFileSync(process.execPath, ['--check', path.join(root, f)]);
  }
});

// The core's layers (README, "Where things live"): what may include what.
// The bottom (dice, json, solve) names no layer above it; the API and the
// tools name no rule system and the API no tool; only the registry's list
// names them all.
test("the core's includes keep its layers", () => {
  const systems = ['olympia', 'warfare', 'bloodied'];
  const rules = {
    dice: ['dice'],
    json: ['json'],
    solve: ['solve', 'dice', 'json'],
    api: ['api', 'solve', 'dice', 'json'],
    tools: ['tools', 'api', 'solve', 'dice', 'json'],
  };
  const bad = [];
  for (const f of tracked().filter((x) => /^core\/[^/]+\/.*\.(c|h)pp$/.test(x))) {
    const layer = f.split('/')[1];
    const allowed = rules[layer];
    if (!allowed) continue;  // a rule system, the registry, the CLI, share
    for (const m of fs.readFileSync(path.join(root, f), 'utf8').matchAll(/^#include "([^/"]+)\//gm)) {
      if (!allowed.includes(m[1])) bad.push(`${f} includes ${m[1]}/`);
    }
  }
  assert.deepEqual(bad, []);
  // Each rule system offers its tools' facts from its own folder.
  for (const s of systems) assert.ok(fs.existsSync(path.join(root, 'core', s, 'tool_facts.cpp')), s);
});

// Inside Strongholds & Followers (README, "Where things live"): each part's
// folder includes only the parts below it, and the shared files at the top
// of core/warfare (tables, options, the calls' declarations).
test('the S&F parts include only the parts below them', () => {
  const below = {
    units: ['units'],
    battle: ['battle', 'units'],
    advisor: ['advisor', 'battle', 'units'],
    roster: ['roster', 'battle', 'units'],
  };
  const bad = [];
  for (const f of tracked().filter((x) => /^core\/warfare\/[^/]+\/.*\.(c|h)pp$/.test(x))) {
    const part = f.split('/')[2];
    const allowed = below[part];
    if (!allowed) {
      bad.push(`${f} is in no part`);
      continue;
    }
    for (const m of fs.readFileSync(path.join(root, f), 'utf8').matchAll(/^#include "warfare\/([^"]+)"/gm)) {
      const to = m[1].includes('/') ? m[1].split('/')[0] : null;  // null: a shared file at the top
      if (to && !allowed.includes(to)) bad.push(`${f} includes warfare/${m[1]}`);
    }
  }
  assert.deepEqual(bad, []);
});

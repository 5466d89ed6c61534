// Issue 12's page target: the measurement scripts/bench makes (from an edit to
// odds on screen for each page's example, Olympia noble + 100 against noble +
// 100 in a tower, and the everyday S&F 3v3; issue 16's tools, a click to its
// answer drawn) works on the built site. Times are never asserted (these
// machines are shared and noisy), and one of each light case is enough here:
// the medians of several, and the heavy cases, are scripts/bench's. They go to
// build/bench/page-times.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useSiteAndBrowser, loadCore, root } from './harness.mjs';
import { measurePageTimes, measureToolTimes, median } from '../bench/page-times.mjs';

const env = useSiteAndBrowser({ before, after });

test('from an edit to odds on screen: recorded for the page examples and two tools', async () => {
  const core = await loadCore();
  const rules = JSON.parse(core.rules('')).rulesets;
  // The page examples (the heavy cases' pages are driven by the other tests,
  // tests/e2e/progressive.test.mjs waits for the 3v3's exact odds), and a
  // sweep and a marginal value of the tools.
  const times = await measurePageTimes(env.chrome.browser, env.server.url, rules, { edits: 1, only: (c) => !c.heavy });
  assert.equal(times.length, 3);
  for (const t of times) {
    assert.equal(t.ms.length, 1, t.name);
    assert.ok(t.ms.every((x, i) => x > 0 && t.final_ms[i] >= x), t.name);
  }
  const tools = await measureToolTimes(env.chrome.browser, env.server.url, rules, { runs: 1, only: (c) => /sweep|bloodied/.test(c.name) });
  assert.equal(tools.length, 2);
  for (const t of tools) assert.ok(t.ms.length === 1 && t.ms.every((x) => x > 0), t.name);
  times.push(...tools);
  fs.mkdirSync(path.join(root, 'build', 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'build', 'bench', 'page-times.json'), JSON.stringify(times, null, 1));
  for (const t of times) console.log(`${t.name}: median ${median(t.ms).toFixed(0)} ms (${t.ms.map((x) => x.toFixed(0)).join(', ')}), ${t.method}`);
});

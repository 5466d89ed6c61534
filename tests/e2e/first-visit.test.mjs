// Issue 37's first visit, counted at the server for each battle page's example
// with the browser reporting 8 cores (as a phone does): under 1.0 MB over the
// wire, battle.wasm asked for and sent exactly once, and the service worker
// left holding the files. Timings are not asserted here: scripts/bench prints the first odds'
// time at 4x CPU slowdown (tests/bench/first-visit.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, loadCore, oddsFresh } from './harness.mjs';
import { firstVisit, countingServer, FIRST_VISIT_PAGES } from '../bench/first-visit.mjs';
import { pageCases } from '../bench/page-times.mjs';

let chrome = null;
before(async () => { chrome = await launch(); });
after(async () => { await chrome?.close(); });

for (const p of FIRST_VISIT_PAGES) {
  test(`first visit to ${p.name}: under 1.0 MB over the wire, the wasm sent once, at 8 reported cores`, async () => {
    // No CPU slowdown here: only the counts are checked.
    const v = await firstVisit(chrome.browser, p.hash, { cores: 8, slowdown: 1 });
    const list = v.responses.map((r) => `${r.status} ${r.encoding || '-'} ${r.bytes} ${r.url} ${r.cacheControl}`).join('\n');
    // Asked for once by the page: a worker compiling its own module would ask
    // again (if only for a 304); the service worker checks its copy at most once.
    assert.equal(v.wasmRequests, 1, `battle.wasm asked for ${v.wasmRequests} times by the page:\n${list}`);
    assert.equal(v.wasmFetches, 1, `battle.wasm asked of the server ${v.wasmFetches} times by the page:\n${list}`);
    assert.ok(v.wasmChecks <= 1, `battle.wasm checked ${v.wasmChecks} times by the service worker:\n${list}`);
    assert.equal(v.wasm, 1, `battle.wasm sent ${v.wasm} times:\n${list}`);
    assert.ok(v.bytes < 1.0e6, `${v.bytes} bytes over the wire:\n${list}`);
    assert.ok(v.cached > 0, `the service worker holds no files (${v.cached})`);
    console.log(`${p.name}: ${v.bytes} bytes, wasm sent ${v.wasm}x (asked ${v.wasmFetches}x), ${v.responses.length} responses (${v.revalidated} of them 304), ${v.cached} files cached`);
  });
}

// Whether an example is sampled depends on how fast the machine is at that
// moment; a battle sampled on every core is not: its nine workers (the pool
// of eight and the first) share the one compiled module.
test('a battle sampled on 8 reported cores: battle.wasm asked for once by all its workers', async () => {
  const rules = JSON.parse((await loadCore()).rules('')).rulesets;
  const six = pageCases(rules).find((c) => c.name.includes('6v6')).battle;
  const v = await firstVisit(chrome.browser, `#/warfare?j=${encodeURIComponent(JSON.stringify(six))}`, { cores: 8, slowdown: 1, settleMs: 1000 });
  const workers = v.responses.filter((r) => r.url === '/js/engine/worker.js').length;
  assert.ok(workers >= 9, `the pool did not start: worker.js asked for ${workers} times`);
  assert.equal(v.wasmRequests, 1, `battle.wasm asked for ${v.wasmRequests} times by the page's workers`);
  assert.equal(v.wasm, 1);
});

// The page is built once its first worker has its first message
// (js/boot.js, battleBoot.started): a first worker that fails to start must
// not leave the page waiting, whether it fails before the page takes it over
// or after. Its script fails once (at once, or 1.5 s late); the page starts another.
for (const late of [0, 1500]) {
  test(`a first worker that fails to start${late ? ' after the page took it over' : ''}: the page starts its own and shows the odds`, async () => {
    const server = await countingServer();
    const context = await chrome.browser.newContext({ serviceWorkers: 'block' });
    try {
      let asked = 0;
      await context.route('**/js/engine/worker.js', async (route) => {
        if (asked++ > 0) return route.continue();
        await new Promise((r) => setTimeout(r, late));
        return route.fulfill({ status: 404, body: 'gone' });
      });
      const page = await context.newPage();
      await page.goto(server.url + '#/olympia');
      await oddsFresh(page);
      assert.ok(asked >= 2, `the worker's script was asked for ${asked} times`);
      assert.equal(await page.locator('#loading').count(), 0);
      assert.match(await page.locator('.odds-body').first().innerText(), /Attacker wins\s+\d+(\.\d+)?%/);
    } finally {
      await context.close();
      await server.close();
    }
  });
}

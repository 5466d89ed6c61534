// Issue 37's first visit, measured as a new visitor meets it: a fresh browser
// profile opens a battle page served by scripts/serve.mjs (precompressed
// files, validators) with the browser reporting `cores` cores (a phone says
// 8) and its CPU slowed `slowdown` times (a mid-range phone). Counted at the
// server, so the page, its workers and the service worker are all in it:
// the bytes written to the wire, and how often battle.wasm was asked for and sent.
// Timed in the page: from the navigation's start to the first odds on screen.
// Used by scripts/bench (printed) and by tests/e2e/first-visit.test.mjs.
import path from 'node:path';
import { createServer } from '../../scripts/serve.mjs';
import { root } from '../e2e/harness.mjs';
import { median } from './page-times.mjs';

// A server over build/site that counts what it sends.
export async function countingServer(dir = path.join(root, 'build', 'site')) {
  const sent = [];  // {url, status, encoding, bytes (the body), dest} per response
  const server = createServer(dir, { log: (r) => sent.push(r) });
  const sockets = new Set();
  server.on('connection', (s) => sockets.add(s));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    // Bytes written to every connection so far (headers and bodies), and the responses.
    wire: () => [...sockets].reduce((n, s) => n + s.bytesWritten, 0),
    responses: () => [...sent],
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(r); }),
  };
}

// A page's init script (addInitScript): the first odds' time, taken in the
// page when the strip turns fresh (odds on the card that match the battle:
// not dimmed, nothing pending), as window.__firstOdds and the promise
// window.__firstOddsSeen; window.__onFirstOdds, where an earlier init script
// set it, is called then.
export function watchFirstOdds() {
  let said;
  window.__firstOddsSeen = new Promise((resolve) => { said = resolve; });
  const seen = () => {
    const strip = document.querySelector('.outcome-strip');
    if (window.__firstOdds === undefined && strip?.dataset.state === 'fresh' && !strip.dataset.pending && !document.querySelector('.odds-body.stale')) {
      window.__firstOdds = performance.now();
      window.__onFirstOdds?.();
      said(window.__firstOdds);
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state', 'data-pending', 'class'] });
}

// One first visit to `hash` in a fresh context. Returns {ms (navigation start
// to first odds), bytes, wasm (times battle.wasm was sent), wasmFetches (times
// the page asked for it), wasmChecks (the service worker's checks), revalidated (304s), responses, cached (files the service
// worker holds)}.
export async function firstVisit(browser, hash, { cores = 8, slowdown = 4, viewport = { width: 390, height: 844 }, settleMs = 3000, dir = undefined } = {}) {
  const server = await countingServer(dir);
  const context = await browser.newContext({ viewport });
  try {
    await context.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
    // battle.wasm as the page and its workers ask for it (answered by the
    // server, the browser's cache or the service worker alike).
    let wasmRequests = 0;
    context.on('request', (r) => { if (new URL(r.url()).pathname === '/battle.wasm' && !r.serviceWorker()) wasmRequests++; });
    const page = await context.newPage();
    // The first odds' time (watchFirstOdds), waited for through a promise the
    // page keeps: a page.waitForFunction would compile playwright's injected
    // script in the page first (85 ms of the main thread at 4x slowdown, seen
    // in a trace), which no visitor's browser runs.
    await page.addInitScript(watchFirstOdds);
    const cdp = await context.newCDPSession(page);
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(server.url + hash, { waitUntil: 'domcontentloaded' });
    let timer;
    const ms = await Promise.race([page.evaluate(() => window.__firstOddsSeen),
      new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error(`no odds on ${hash} in 120 s`)), 120000); })])
      .finally(() => clearTimeout(timer));
    if (typeof ms !== 'number') throw new Error(`the first odds' time was not taken on ${hash}`);
    // The service worker installs after the first odds: wait for it to hold the files.
    const sw = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      const reg = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(() => r(null), 30000))]);
      if (!reg?.active) return false;
      const keys = await caches.keys();
      let n = 0;
      for (const k of keys) n += (await (await caches.open(k)).keys()).length;
      return n;
    });
    await page.waitForTimeout(settleMs);
    const responses = server.responses();
    // battle.wasm sent in full, and asked for by the page's workers (a 304 is
    // a fetch too: each worker compiling its own module would ask). The
    // service worker's check of its copy (a request of cache mode no-cache,
    // sent with "Cache-Control: max-age=0") is counted apart.
    const wasmAsked = responses.filter((r) => new URL(r.url, 'http://x').pathname === '/battle.wasm');
    const bySw = (r) => /max-age=0|no-cache/.test(r.cacheControl);
    return { ms, bytes: server.wire(), wasm: wasmAsked.filter((r) => r.status === 200).length,
      wasmFetches: wasmAsked.filter((r) => !bySw(r)).length, wasmRequests, wasmChecks: wasmAsked.filter(bySw).length,
      revalidated: responses.filter((r) => r.status === 304).length, responses, cached: sw };
  } finally {
    await context.close();
    await server.close();
  }
}

// Each battle page's example, first visit; and `changed(example)`, the same
// battle with a unit renamed, which the build did not answer
// (site/js/first-calls.js): the first visit of a link to a battle of one's
// own, with the same work for the core.
export const FIRST_VISIT_PAGES = [
  { name: 'Bloodied Steel', hash: '#/bloodied-steel', changed: (b) => { b.units[0].name += ' of mine'; } },
  { name: 'Strongholds & Followers', hash: '#/warfare', changed: (b) => { b.defender.units[0].name += ' of mine'; } },
  { name: 'Olympia', hash: '#/olympia', changed: (b) => { b.attacker.nobles[0].name += ' of mine'; } },
];

// The link to `p`'s example changed by p.changed.
export function changedLink(p, rules) {
  const id = p.hash.slice(2);
  const battle = structuredClone(rules[id].example);
  p.changed(battle);
  return `${p.hash}?j=${encodeURIComponent(JSON.stringify(battle))}`;
}

// scripts/bench's lines: for each page's example, `visits` first visits at 8
// reported cores and 4x CPU slowdown; the bytes over the wire and the wasm's
// count of the last, and the first odds' time of each (median first).
// Then the same for a link to a battle the build did not answer (changedLink),
// the example's and the link's visits taken in turn.
export async function printFirstVisits(browser, rules, { visits = 3, cores = 8, slowdown = 4 } = {}) {
  const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
  const ms = (runs) => median(runs.map((r) => r.ms)).toFixed(0);
  console.log(`Page: first visit, a fresh profile, ${cores} cores reported, CPU slowed ${slowdown}x (targets: under 1.0 MB over the wire, battle.wasm sent once, first odds under 1 s)`);
  for (const p of FIRST_VISIT_PAGES) {
    const runs = [];
    const linked = [];
    for (let k = 0; k < visits; ++k) {
      runs.push(await firstVisit(browser, p.hash, { cores, slowdown, settleMs: 1000 }));
      linked.push(await firstVisit(browser, changedLink(p, rules), { cores, slowdown, settleMs: 1000 }));
    }
    const last = runs.at(-1);
    console.log(`  ${p.name.padEnd(26)} ${kb(last.bytes).padStart(7)} over the wire, battle.wasm sent ${last.wasm}x, `
      + `asked for ${last.wasmRequests}x, first odds ${ms(runs)} ms median (${runs.map((r) => r.ms.toFixed(0)).join(', ')}); `
      + `a link to a battle of one's own: ${ms(linked)} ms (${linked.map((r) => r.ms.toFixed(0)).join(', ')})`);
  }
}

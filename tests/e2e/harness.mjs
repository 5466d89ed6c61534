// Shared by the browser tests: serves build/site on a free 127.0.0.1 port and
// drives Debian's Chromium through playwright-core (which downloads nothing).
import { chromium } from 'playwright-core';
import { beforeEach, afterEach } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createServer } from '../../scripts/serve.mjs';
// The page's own percentage text, so a test can look for exactly what it shows.
export { pct as pctText } from '../../site/js/dom.js';

// BC_TEST_CPU=1: each test's share of the machine's busy CPU (/proc/stat), as
// a diagnostic line; meaningful with one test file at a time.
if (process.env.BC_TEST_CPU) {
  const busy = () => { const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/ +/).slice(1).map(Number); return (f[0] + f[1] + f[2] + f[5] + f[6]) / 100; };
  let at = 0;
  beforeEach(() => { at = busy(); });
  afterEach((t) => { console.log(`cpu ${(busy() - at).toFixed(1)} s: ${t.name}`); });
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const shots = path.join(root, 'build', 'screenshots');

// The core as wasm under node (the page's own module, built for node).
export function loadCore() {
  return createRequire(import.meta.url)(path.join(root, 'build', 'wasm', 'battle-node.cjs'))();
}

// The value shown on an outcome bar, by its label.
export async function barValue(page, label) {
  return (await page.locator('.bar-row', { hasText: label }).locator('.bar-value').textContent()).trim();
}

// The battle a rule system's page keeps in this browser (site/js/battle-store.js):
// one record {rev, origin, at, scenario} per rule system.
export const KEPT = 'battle-calculator/v2/battle/';
export const RECENT = 'battle-calculator/v2/recent/';
export const keptBattle = (page, id) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || 'null')?.scenario ?? null, KEPT + id);

// Debian's Chromium headless shell (package chromium-headless-shell: the same
// Chromium's Blink and V8, without the browser's windows), as playwright
// itself runs headless Chromium. Each page of the full browser in its new
// headless mode costs about 3 s of CPU before it loads anything (a window,
// its omnibox popup drawn by a WebUI renderer of its own): 5 empty pages took
// 14.8 s of CPU, where the shell took 1.9 s; the browser tests open hundreds.
// BC_BROWSER=chromium runs them in the full browser instead.
const BROWSERS = {
  'headless-shell': ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
  chromium: ['/usr/lib/chromium/chromium', '/usr/bin/chromium'],
};
const BROWSER = process.env.BC_BROWSER || 'headless-shell';
const CHROMIUM = (BROWSERS[BROWSER] || []).find((p) => fs.existsSync(p));

export async function startServer(dir = path.join(root, 'build', 'site')) {
  const server = createServer(dir);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((r) => server.close(r)) };
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];
function checkBrowser() {
  if (!CHROMIUM) throw new Error(BROWSERS[BROWSER] ? `${BROWSER} is not installed: run scripts/setup` : `BC_BROWSER=${BROWSER}: not one of ${Object.keys(BROWSERS).join(', ')}`);
}

// One browser for every test file of a run: scripts/test starts it
// (tests/e2e/browser-server.mjs) and names it in BC_BROWSER_WS; each file
// connects to it (a Chromium started and stopped costs some 1.5 s of CPU,
// and the stage starts some thirty), and each test still opens contexts of
// its own, with their own storage, cache and service workers.
export async function startBrowserServer() {
  checkBrowser();
  return chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
}

export async function launch(extraArgs = []) {
  const shared = process.env.BC_BROWSER_WS;
  if (shared && extraArgs.length === 0) {
    // close() of a browser connected to clears the contexts this file made and disconnects.
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close() };
  }
  checkBrowser();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...LAUNCH_ARGS, ...extraArgs],
    // playwright gives every launch a fresh, empty profile of its own.
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

// A page that fails the test on any uncaught error or console error, and
// records every request that leaves 127.0.0.1. The site's service worker is
// blocked unless `serviceWorker` is asked for (the offline tests, the first
// visit's): its install revalidates and caches every file of the site, some
// 1.2 s of CPU for each fresh context, which the browser tests open by the
// hundred, and the page works the same without it (as on a first visit).
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, serviceWorker = false } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers: serviceWorker ? 'allow' : 'block' });
  const page = await context.newPage();
  const problems = [];
  const outside = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  page.on('dialog', (d) => { problems.push('dialog opened: ' + d.message()); d.dismiss(); });
  context.on('request', (r) => {
    const u = r.url();
    if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:|file:|about:)/.test(u)) outside.push(u);
  });
  await page.goto(url);
  return { page, context, problems, outside };
}

// A download's bytes. Read through its stream, which works whether the
// browser was started here or is shared and connected to (where a download
// has no local path).
export async function downloadBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function screenshotPath(name) {
  fs.mkdirSync(shots, { recursive: true });
  return path.join(shots, name);
}

// Registers before/after hooks that start the server and the browser for a
// test file; the returned object holds them once started. `more` starts and
// stops what else the file needs, in the same hooks (start(env) after the
// browser, stop(env) before it closes).
export function useSiteAndBrowser(hooks, more = null) {
  const env = { server: null, chrome: null };
  hooks.before(async () => {
    env.server = await startServer();
    env.chrome = await launch();
    await more?.start(env);
  });
  hooks.after(async () => {
    await more?.stop(env);
    await env.chrome?.close();
    await env.server?.close();
  });
  return env;
}

// axe-core's findings on the page as it is now: [{id, impact, nodes: [selector...]}].
// Run through the DevTools protocol, so the page's own CSP does not block it.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export async function axe(page, context = null) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
  return page.evaluate(async (ctx) => {
    const r = await window.axe.run(ctx ? document.querySelector(ctx) : document);
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  }, context);
}

// The battle's odds on screen and settled: fresh, with no exact odds still to
// come after sampled ones, nothing dimmed as stale.
export const oddsFresh = (page) => page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.state === 'fresh'
  && !document.querySelector('.outcome-strip')?.dataset.pending && !document.querySelector('.odds-body.stale'), null, { timeout: 60000 });

// The outcome percentages a user sees: the strip (at the bottom of a phone's
// screen, or over the results column of a laptop scrolled past the bars), else
// the bars beside the editor. {where, odds: {id: {text, inView}}}.
export async function shownOdds(page) {
  return page.evaluate(() => {
    const strip = document.querySelector('.outcome-strip');
    const stripShown = strip && strip.checkVisibility({ visibilityProperty: true });
    const els = stripShown
      ? [...strip.querySelectorAll('[data-outcome]')].map((e) => [e.dataset.outcome, e.querySelector('.strip-p')])
      : [...document.querySelectorAll('.odds-card .outcome-chart .bar-row[data-outcome]')].map((e) => [e.dataset.outcome, e.querySelector('.bar-value .p')]);
    const out = {};
    for (const [id, el] of els) {
      const r = el.getBoundingClientRect();
      // On screen, and not hidden by the results column's own scrolling.
      const col = el.closest('.col-results');
      const scrolls = col && getComputedStyle(col).overflowY !== 'visible';
      const c = scrolls ? col.getBoundingClientRect() : { top: 0, bottom: innerHeight };
      out[id] = { text: el.textContent.trim(), inView: r.width > 0 && r.top >= Math.max(0, c.top) && r.bottom <= Math.min(innerHeight, c.bottom) && r.left >= 0 && r.right <= innerWidth };
    }
    return { where: stripShown ? 'strip' : 'bars', odds: out };
  });
}

// Measures what issue 15 measured, on a built site, at phone and laptop size:
// where the odds are while the last unit of the second army is edited, how
// tall the header is, how many Tabs reach the odds (and with the skip link),
// and what axe-core finds. Prints one line per page and width.
//   node tests/tools/measure-glance.mjs [SITE_DIR]    (default build/site)
// Not a test: it reports figures (for the issue and the report), it asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServer, launch, root } from '../e2e/harness.mjs';

const dir = path.resolve(process.argv[2] || path.join(root, 'build', 'site'));
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The field a user edits: the last unit of the second army, on each page.
const PAGES = [
  { id: 'warfare', field: (p) => p.locator('.army.defender .army-unit').last().locator('input[type=number]') },
  { id: 'bloodied-steel', field: (p) => p.locator('.nation.ashen .unit-row').last().locator('input[type=number]').first() },
  { id: 'olympia', field: (p) => p.locator('.ol-stack[data-side=defender] .ol-noble').last().locator('.ol-troop input').first() },
  { id: 'roster', field: null },
];
const SIZES = [['phone', 390, 844], ['laptop', 1280, 800]];

// Distance of the nearest visible outcome percentage from the viewport (0: in view).
function oddsDistance() {
  const els = [...document.querySelectorAll('.outcome-strip [data-outcome], .bar-row .bar-value')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  let best = Infinity;
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const d = r.bottom < 0 ? r.bottom : r.top > innerHeight ? r.top - innerHeight : 0;
    if (Math.abs(d) < Math.abs(best)) best = d;
  }
  return best;
}

function inOdds(el) {
  return !!el && !!el.closest('section[aria-labelledby$="-odds-h"], .outcome-strip');
}

const server = await startServer(dir);
const chrome = await launch();
for (const p of PAGES) {
  for (const [size, width, height] of SIZES) {
    const context = await chrome.browser.newContext({ viewport: { width, height }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}#/${p.id}`);
    await page.locator('.calc').waitFor();
    await page.waitForTimeout(1500);
    const out = { page: p.id, size };
    out.header = Math.round(await page.evaluate(() => document.querySelector('header.top').getBoundingClientRect().height));
    if (p.field) {
      // Tabs from the top of the page to the first control in the odds.
      await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
      let tabs = 0;
      for (; tabs < 400; tabs++) {
        if (await page.evaluate(`(${inOdds})(document.activeElement)`)) break;
        await page.keyboard.press('Tab');
      }
      out.tabs = tabs >= 400 ? '>400' : tabs;
      // With a skip link to the results: Tabs to it from a fresh page, then Enter.
      await page.reload();
      await page.locator('.calc').waitFor();
      await page.waitForTimeout(1000);
      let skip = null;
      for (let i = 1; i <= 5; i++) {
        await page.keyboard.press('Tab');
        const ok = await page.evaluate(() => /results/i.test(document.activeElement?.textContent || '') && document.activeElement.classList.contains('skip'));
        if (ok) {
          await page.keyboard.press('Enter');
          skip = `${i} + Enter${await page.evaluate(() => (document.activeElement.closest('#results') ? '' : ' (did not land in the results)'))}`;
          break;
        }
      }
      out.skipLink = skip || 'none';
      // Edit the last unit of the second army, as a user would (the field scrolls into view).
      const field = p.field(page);
      await field.scrollIntoViewIfNeeded();
      await field.focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(800);
      out.oddsWhileEditing = Math.round(await page.evaluate(`(${oddsDistance})()`));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.addScriptTag({ content: axeSource });
    const axe = await page.evaluate(async () => {
      const r = await window.axe.run(document);
      return r.violations.map((v) => `${v.id}×${v.nodes.length}`);
    });
    out.axe = axe.length ? axe.join(' ') : 'none';
    console.log(JSON.stringify(out));
    await context.close();
  }
}
await chrome.close();
await server.close();

// Issue 37's tools and numbers, in the page: minimum force on the S&F
// example answers after "Search further"; a sweep lists only the drops its
// words can show; no display contradicts itself ("100%" beside "<0.01%",
// "≥ 0" at ">99.99%"); How lucky was I with its defaults judges a result that
// can happen; a sampled interval stays in its card; chart ticks never run
// together; the roster writes "→"; a rolled battle's log takes the keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, axe, oddsFresh } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => { core = await loadCore(); });
const ask = (fn, req) => JSON.parse(core.call(fn, JSON.stringify(req)));
const link = (battle) => `#/${battle.ruleset}?j=${encodeURIComponent(JSON.stringify(battle))}`;
async function openTool(page, id) {
  await page.locator('.tools-fold > summary').click();
  const tool = page.locator(`details.tool[data-tool="${id}"]`);
  await tool.locator('> summary').click();
  return tool;
}

test('odds never say 100% beside a chance above 0', async () => {
  // 50 soldiers against one peasant: the core's attacker chance is 1 as a
  // double, the defender's 4.5e-19.
  const battle = { ruleset: 'olympia', attacker: { nobles: [{ name: 'A', troops: { soldier: 50 } }] }, defender: { nobles: [{ name: 'B', troops: { peasant: 1 } }] } };
  const want = ask('odds', battle);
  assert.equal(want.outcomes.attacker, 1);
  assert.ok(want.outcomes.defender > 0);
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + link(battle), { viewport: { width, height } });
    await oddsFresh(page);
    const bars = await page.locator('.odds-card .outcome-chart .bar-row[data-outcome] .p').allTextContents();
    const strip = await page.locator('.outcome-strip .strip-p').allTextContents();
    for (const shown of [bars, strip]) assert.deepEqual(shown, ['>99.99%', '<0.01%', '0%']);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('"At least N" of a whole distribution starts at exactly 100%', async () => {
  const { page, context } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel`, { viewport: { width: 1280, height: 800 } });
  await oddsFresh(page);
  const charts = page.locator('.odds-card .totals .dist-chart');
  const n = await charts.count();
  assert.ok(n >= 2);
  for (let i = 0; i < n; i++) {
    const chart = charts.nth(i);
    await chart.getByRole('button', { name: 'At least N' }).click();
    assert.equal((await chart.locator('.bar-row:not(.axis-row) .bar-value').first().textContent()).trim(), '100%');
    assert.match((await chart.locator('.bar-row:not(.axis-row) .bar-label').first().textContent()).trim(), /^≥ \d+$/);
  }
  await context.close();
});

test('a sampled chance and its interval stay inside the odds card; chart ticks never run together', async () => {
  const battle = { ruleset: 'olympia', attacker: { nobles: [{ name: 'A', troops: { soldier: 30 } }] },
    defender: { nobles: [{ name: 'B', troops: { peasant: 3 } }] }, solver: { method: 'monte-carlo', target_halfwidth: 0.002 } };
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    const { page, context } = await openPage(env.chrome.browser, env.server.url + link(battle), { viewport: { width, height } });
    await oddsFresh(page);
    assert.match(await page.locator('.odds-card .ci').first().textContent(), /–/);
    const out = await page.evaluate(() => {
      const card = document.querySelector('.odds-card').getBoundingClientRect();
      return [...document.querySelectorAll('.odds-card .bar-value, .odds-card .bar-value > *')]
        .map((e) => e.getBoundingClientRect()).filter((r) => r.width).map((r) => Math.max(card.left - r.left, r.right - card.right));
    });
    assert.ok(out.length > 0 && out.every((d) => d <= 0), `the values run out of the card by ${Math.max(...out)} px`);
    await context.close();
  }
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    const { page, context } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel`, { viewport: { width, height } });
    await oddsFresh(page);
    const overlaps = await page.evaluate(() => [...document.querySelectorAll('.axis')].filter((a) => a.checkVisibility()).flatMap((a) => {
      const r = [...a.querySelectorAll('.tick')].filter((t) => t.checkVisibility()).map((t) => t.getBoundingClientRect());
      return r.slice(1).map((x, i) => r[i].right + 2 - x.left).filter((d) => d > 0);
    }));
    assert.deepEqual(overlaps, [], `ticks overlapping at ${width}px`);
    await context.close();
  }
});

test('minimum force on the S&F example: not reachable in 30 solves, then answered after "Search further"', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare`, { viewport: { width: 1280, height: 800 } });
  await oddsFresh(page);
  const tool = await openTool(page, 'minimum');
  await tool.getByRole('button', { name: 'Find it' }).click();
  const summary = tool.locator('.tool-summary');
  await summary.waitFor();
  assert.match(await summary.textContent(), /^Not reachable within the limits/);
  for (const next of ['100', '200']) {
    const further = tool.getByRole('button', { name: `Search further (up to ${next} solves)` });
    await further.click();
    await tool.locator('.tool-out[data-ms]').waitFor({ timeout: 120000 });
    await page.waitForFunction((n) => document.querySelector('details.tool[data-tool="minimum"] .tool-status')?.textContent.includes('solves in')
      && (document.querySelector('details.tool[data-tool="minimum"] .tool-summary')?.textContent || '').length > 0, next, { timeout: 120000 });
    if (!/^Not reachable/.test(await summary.textContent())) break;
  }
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  const want = ask('minimum', { ...example, minimum: { target: 0.9, steps: ['size', 'experience'], max_solves: 200, side: 'attacker' } });
  assert.equal(want.reachable, true);
  assert.match(await summary.textContent(), new RegExp(`gold reaches 90%: ${want.changes.join('; ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`));
  assert.deepEqual(problems, []);
  await context.close();
});

test('How lucky was I, as it opens on Olympia: a result that can happen, judged', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/olympia`, { viewport: { width: 1280, height: 800 } });
  await oddsFresh(page);
  const tool = await openTool(page, 'luck');
  await tool.locator('.luck-filled', { hasText: 'Filled in with one rolled battle' }).waitFor();
  await tool.getByRole('button', { name: 'How lucky?' }).click();
  await tool.locator('.tool-luck-words li').first().waitFor();
  const words = (await tool.locator('.tool-out').textContent()) + (await tool.locator('.tool-status').textContent());
  assert.doesNotMatch(words, /impossible/);
  assert.match(await tool.locator('.tool-luck-words').textContent(), /A result at least this good for the attacker: /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a sweep lists only the drops its words can show, and counts the smaller ones', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/olympia`, { viewport: { width: 1280, height: 800 } });
  await oddsFresh(page);
  const example = ask('rules', { ruleset: 'olympia' }).rulesets.olympia.example;
  const path = '/defender/nobles/0/troops/pikeman';
  const want = ask('sweep', { ...example, sweep: { path, from: 0, to: 20, step: 1, side: 'attacker' } });
  assert.ok(want.worse_unseen > 0, 'the case has drops too small to show');
  const tool = await openTool(page, 'sweep');
  await tool.getByLabel('Number to sweep').selectOption(path);
  await tool.getByLabel('From', { exact: true }).fill('0');
  await tool.getByLabel('To', { exact: true }).fill('20');
  await tool.getByLabel('Step', { exact: true }).fill('1');
  await tool.getByRole('button', { name: 'Sweep', exact: true }).click();
  await tool.locator('.tool-summary').waitFor();
  const items = await tool.locator('.tool-worse li').allTextContents();
  assert.equal(items.length, want.worse.length);
  for (const t of items) assert.doesNotMatch(t, /from (\S+) to \1\./, t);
  assert.match(await tool.locator('.tool-summary').textContent(), new RegExp(`${want.worse_unseen} other steps? lowers? it by less than that`));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a rolled battle\'s log takes the keyboard, and the roster writes "→"', async () => {
  for (const id of ['bloodied-steel', 'warfare', 'olympia']) {
    const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/${id}`, { viewport: { width: 390, height: 844 } });
    await oddsFresh(page);
    await page.getByRole('button', { name: 'Roll battle' }).click();
    const log = page.locator('.roll-log ol.log');
    await log.locator('li').first().waitFor();
    // Tab from Roll battle reaches the log (past the buttons beside the roll), and the arrow keys scroll it.
    await page.getByRole('button', { name: 'Roll battle' }).focus();
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await log.evaluate((e) => document.activeElement === e);
    }
    assert.ok(reached, `${id}: Tab reaches the rolled battle's log`);
    const scrolls = await log.evaluate((e) => e.scrollHeight > e.clientHeight);
    if (scrolls) {
      await page.keyboard.press('PageDown');
      await log.evaluate((e) => new Promise((r) => { const t0 = performance.now(); (function wait() { if (e.scrollTop > 0 || performance.now() - t0 > 3000) r(); else requestAnimationFrame(wait); })(); }));
      assert.ok(await log.evaluate((e) => e.scrollTop > 0), `${id}: the keyboard scrolls it`);
    }
    assert.deepEqual((await axe(page, '.roll-log')).filter((v) => v.id === 'scrollable-region-focusable'), []);
    assert.deepEqual(problems, []);
    await context.close();
  }
  // The roster's words for a change ("cost 120 -> 145" in the core's text).
  const { page, context } = await openPage(env.chrome.browser, `${env.server.url}#/roster`, { viewport: { width: 1280, height: 800 } });
  await page.locator('.roster-add').getByRole('button', { name: 'Add to the roster' }).click();
  await page.locator('.roster-unit').first().waitFor();
  await page.locator('.roster-unit .ru-offer button:not([disabled])').first().click();
  await page.locator('.roster-step .events li').first().waitFor();
  const said = await page.locator('.roster-step').textContent();
  assert.match(said, /→/);
  assert.doesNotMatch(said, /->/);
  await context.close();
});

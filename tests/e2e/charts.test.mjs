// Charts that read at a glance: a value beside every bar, a percent axis, an
// "at least N" toggle and a table of numbers under every distribution, all
// outcome bars on one scale, a value shown on tap or focus where the bars are
// too many to label, and no label under 12 px. Values are the core's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, pctText, screenshotPath } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => {
  core = await loadCore();
});
const odds = (req) => JSON.parse(core.odds(JSON.stringify(req)));

const battle = {
  ruleset: 'bloodied-steel', tactics: [],
  units: [{ name: 'Iron Cohort', nation: 'tribunan', arms: 5, armour: 2, size: 6 },
          { name: 'Ash Riders', nation: 'ashen', arms: 4, armour: 1, size: 5 }],
};
const open = (b, viewport) => openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel?j=${encodeURIComponent(JSON.stringify(b))}`, viewport ? { viewport } : {});
const fresh = (page) => page.waitForFunction(() => document.querySelector('.odds-card .outcome-chart') && !document.querySelector('.odds-body.stale'));

// The chance of at least each value, from the core's distribution; at least
// the smallest value of a whole distribution (its sum 1 up to rounding) is
// exactly 1, never ">99.99%" (issue 37).
function atLeast(dist) {
  const rows = Object.entries(dist).map(([v, p]) => [Number(v), p]).filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  const out = rows.map(([v], i) => [v, Math.min(1, rows.slice(i).reduce((s, [, p]) => s + p, 0))]);
  if (out.length && Math.abs(out[0][1] - 1) < 1e-9) out[0][1] = 1;
  return out;
}

test('distributions: a value beside every bar, "at least N", a table, an axis', async () => {
  const { page, problems } = await open(battle);
  await fresh(page);
  const want = odds(battle);
  const chart = page.locator('.total-chart').first().locator('.dist-chart');
  const rows = Object.entries(want.totals.tribunan.p).map(([v, p]) => [Number(v), p]).filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  const values = () => chart.locator('.bar-row:not(.axis-row) .bar-value').allTextContents();
  assert.deepEqual(await values(), rows.map(([, p]) => pctText(p)));
  assert.deepEqual(await chart.locator('.bar-row:not(.axis-row)').evaluateAll((r) => r.map((e) => e.getAttribute('aria-label'))),
    rows.map(([v, p]) => `Total ${v}: ${pctText(p)}`), 'each bar is read out with its value');
  assert.equal(await chart.locator('.axis .tick').count(), 5);
  // At least N: the chance of each value or more, on a 0–100% axis.
  const toggle = chart.getByRole('button', { name: 'At least N' });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.deepEqual(await values(), atLeast(want.totals.tribunan.p).map(([, p]) => pctText(p)));
  assert.deepEqual(await chart.locator('.axis .tick').allTextContents(), ['0%', '25%', '50%', '75%', '100%']);
  await toggle.click();
  assert.deepEqual(await values(), rows.map(([, p]) => pctText(p)));
  // The table of numbers, folded under the chart.
  await chart.locator('details.numbers summary').click();
  const table = await chart.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const cum = atLeast(want.totals.tribunan.p);
  assert.deepEqual(table, rows.map(([v, p], i) => [String(v), pctText(p), pctText(cum[i][1])]));
  // Every distribution on the page has its toggle and its table.
  await page.locator('.unit-result summary').first().click();
  const charts = await page.locator('.dist-chart').count();
  assert.ok(charts >= 3);
  assert.equal(await page.locator('.dist-chart .toggle').count(), charts);
  assert.equal(await page.locator('.dist-chart details.numbers').count(), charts);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('many values: columns whose value shows on focus, arrow keys and tap', async () => {
  const big = { ...battle, units: [{ ...battle.units[0], arms: 40 }, battle.units[1]] };
  const { page, problems } = await open(big);
  await fresh(page);
  const want = odds(big);
  const rows = Object.entries(want.totals.tribunan.p).map(([v, p]) => [Number(v), p]).filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  assert.ok(rows.length > 21, `${rows.length} values`);
  const chart = page.locator('.total-chart').first().locator('.dist-chart');
  const cols = chart.locator('.cols');
  await cols.focus();
  const readout = chart.locator('.readout');
  const modal = rows.reduce((b, r) => (r[1] > b[1] ? r : b));
  assert.equal(await readout.textContent(), `Total ${modal[0]}: ${pctText(modal[1])}`, 'focus reads the most likely value');
  await page.keyboard.press('ArrowRight');
  const next = rows[rows.findIndex((r) => r[0] === modal[0]) + 1];
  assert.equal(await readout.textContent(), `Total ${next[0]}: ${pctText(next[1])}`);
  await cols.locator('.col').first().click();
  assert.equal(await readout.textContent(), `Total ${rows[0][0]}: ${pctText(rows[0][1])}`, 'a tap shows the value');
  assert.equal(await chart.locator('.gridline').count(), 5, 'a percent axis with gridlines');
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [label, viewport] of [['laptop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`${label}: outcome bars on one scale (also with intervals); no chart label under 12 px`, async () => {
    const sampled = { ...battle, solver: { method: 'monte-carlo', trials: 4000, seed: 3 } };
    const { page, problems } = await open(sampled, viewport);
    await fresh(page);
    const want = odds(sampled);
    assert.equal(want.method, 'monte-carlo');
    const rows = page.locator('.odds-card .outcome-chart .bar-row[data-outcome]');
    assert.equal(await rows.count(), 4);
    for (const id of ['tribunan', 'ashen', 'retreat', 'none']) {
      const text = await page.locator(`.odds-card .bar-row[data-outcome=${id}] .bar-value`).textContent();
      assert.equal(text, `${pctText(want.outcomes[id])} ${pctText(want.ci95[id][0])} – ${pctText(want.ci95[id][1])}`);
    }
    const tracks = await page.locator('.odds-card .outcome-chart .bar-track').evaluateAll((t) => t.map((e) => e.getBoundingClientRect()));
    for (const r of tracks) {
      assert.ok(Math.abs(r.width - tracks[0].width) < 0.5 && Math.abs(r.left - tracks[0].left) < 0.5, `tracks ${tracks.map((x) => x.width).join(', ')}`);
    }
    const axis = await page.locator('.odds-card .outcome-chart .axis').evaluate((e) => e.getBoundingClientRect());
    assert.ok(Math.abs(axis.width - tracks[0].width) < 0.5, 'the axis spans the tracks');
    // Labels: no text in a chart, the strip or the odds' status under 12 px.
    await page.locator('.unit-result summary').first().click();
    const small = await page.evaluate(() => [...document.querySelectorAll('.chart *, .outcome-strip *, .odds-card .status')]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && e.checkVisibility())
      .map((e) => [e.textContent.trim().slice(0, 20), parseFloat(getComputedStyle(e).fontSize)])
      .filter(([, px]) => px < 12));
    assert.deepEqual(small, []);
    await page.screenshot({ path: screenshotPath(`charts-${label}.png`) });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

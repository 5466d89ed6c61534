// The page never freezes: the largest army the limits allow, sampled for a
// long time, leaves the page responsive, shows progress, and stops on Stop;
// its exact odds then come back too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });

test('Bloodied Steel: the largest allowed army, sampled, can be stopped and never blocks the page', async () => {
  const units = [];
  for (let i = 0; i < 2000; i++) {
    units.push({ name: `U${i}`, nation: i % 2 ? 'ashen' : 'tribunan', arms: 1000, armour: 600000, size: 1000000 });
  }
  const scenario = { ruleset: 'bloodied-steel', units, tactics: [],
    solver: { method: 'monte-carlo', trials: 5000000, target_halfwidth: 0, time_limit_s: 120 } };
  const { page, context, problems } = await openPage(env.chrome.browser,
    `${env.server.url}#/bloodied-steel?j=${encodeURIComponent(JSON.stringify(scenario))}`);
  const status = page.locator('.status').first();
  await page.waitForFunction(() => /Sampling: [\d,]+ of 5,000,000/.test(document.querySelector('.status')?.textContent || ''));
  // The page still answers while the worker samples.
  const name = page.locator('.unit-row').first().getByLabel('Name');
  await name.fill('Still responsive');
  assert.equal(await name.inputValue(), 'Still responsive');
  // The edit restarted the run; Stop ends it.
  await page.waitForFunction(() => /Sampling/.test(document.querySelector('.status')?.textContent || ''));
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => /Stopped/.test(document.querySelector('.status')?.textContent || ''));
  assert.match(await status.textContent(), /Stopped/);
  // Back to exact odds: the same army is solved exactly.
  await page.locator('details.solver-panel').getByLabel('Method').selectOption('auto');
  await page.waitForFunction(() => /Exact odds/.test(document.querySelector('.status')?.textContent || ''));
  assert.equal(await page.locator('.bar-row').count(), 4);
  assert.deepEqual(problems, []);
  await context.close();
});

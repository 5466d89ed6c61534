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
  assert.equal(await page.locator('.outcome-chart .bar-row:not(.axis-row)').count(), 4);
  assert.deepEqual(problems, []);
  await context.close();
});

// The same for the other rule systems: their largest armies, sampled at the
// largest trial count, show progress, leave the page usable and stop on Stop.
async function sampleAndStop(url) {
  const { page, context, problems } = await openPage(env.chrome.browser, url);
  await page.waitForFunction(() => [...document.querySelectorAll('.status')].some((s) => /Sampling: [\d,]+ of 5,000,000/.test(s.textContent)));
  // The page answers while the worker samples: the solver panel opens and reads.
  await page.locator('details.solver-panel summary').first().click();
  assert.equal(await page.locator('details.solver-panel').first().getByLabel('Method').inputValue(), 'monte-carlo');
  await page.getByRole('button', { name: 'Stop', exact: true }).first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('.status')].some((s) => /Stopped/.test(s.textContent)));
  assert.deepEqual(problems, []);
  await context.close();
}
const longRun = { method: 'monte-carlo', trials: 5000000, target_halfwidth: 0, time_limit_s: 120 };

test('Strongholds & Followers: 12 units a side, sampled, can be stopped', async () => {
  const ancestries = ['human', 'dwarf', 'elf', 'orc', 'goblin', 'kobold'];
  const side = (prefix) => {
    const units = [];
    for (const ancestry of ancestries) {
      for (const type of ['infantry', 'archers']) {
        units.push({ name: `${prefix} ${ancestry} ${type}`, ancestry, experience: 'veteran', equipment: 'medium', type, size: 'd12' });
      }
    }
    return { units };
  };
  const scenario = { ruleset: 'warfare', attacker: side('North'), defender: side('South'), solver: longRun };
  await sampleAndStop(`${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(scenario))}`);
});

// (A million men a side is allowed too, but one battle of it takes many seconds,
// so the first progress report would be slow to come; 100 nobles and 100,000
// men show the same thing quickly.)
test('Olympia: 100 nobles and 100,000 men a side, sampled, can be stopped', async () => {
  const nobles = (name) => Array.from({ length: 100 }, (_, i) => ({
    name: `${name} ${i + 1}`, behind: i % 10, troops: { soldier: 500, archer: 250, pikeman: 250 } }));
  const scenario = { ruleset: 'olympia', attacker: { nobles: nobles('Osswid') },
    defender: { nobles: nobles('Bran') }, solver: longRun };
  await sampleAndStop(`${env.server.url}#/olympia?j=${encodeURIComponent(JSON.stringify(scenario))}`);
});

// A keystroke that cancels a long run starts the next one: the status goes
// straight from one run's progress to the next, never through "Stopped"
// (which only Stop says).
test('a keystroke that cancels a run never flashes "Stopped"; Stop does say it', async () => {
  const units = (prefix) => ['human', 'dwarf', 'elf', 'orc', 'goblin', 'kobold'].map((ancestry) =>
    ({ name: `${prefix} ${ancestry}`, ancestry, experience: 'veteran', equipment: 'medium', type: 'infantry', size: 'd12' }));
  const scenario = { ruleset: 'warfare', attacker: { units: units('North') }, defender: { units: units('South') }, solver: longRun };
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(scenario))}`);
  const status = '.odds-card .status';
  await page.waitForFunction((s) => /Sampling: [\d,]+ of 5,000,000/.test(document.querySelector(s)?.textContent || ''), status);
  // Every text the status and the strip take from now on.
  await page.evaluate((s) => {
    window.__said = [];
    const watch = (el) => new MutationObserver(() => window.__said.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
    watch(document.querySelector(s));
    watch(document.querySelector('.outcome-strip .strip-state'));
  }, status);
  const field = page.locator('.army.defender .army-unit').last().getByLabel('Casualty die now');
  for (const v of ['11', '10', '9']) {
    await field.fill(v);
    await page.waitForTimeout(400);
  }
  await page.waitForFunction((s) => /Sampling: [\d,]+ of 5,000,000/.test(document.querySelector(s)?.textContent || ''), status);
  const said = await page.evaluate(() => window.__said);
  assert.ok(said.length > 0);
  assert.equal(said.filter((t) => /stopped/i.test(t)).length, 0, `no "Stopped" while typing: ${[...new Set(said)].join(' | ')}`);
  // Stop says it.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction((s) => /^Stopped/.test(document.querySelector(s)?.textContent || ''), status);
  assert.deepEqual(problems, []);
  await context.close();
});

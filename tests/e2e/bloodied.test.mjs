// Bloodied Steel in the browser: build an army, read the odds the core gives,
// roll a battle, and see an error for bad input beside the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, barValue } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => {
  core = await loadCore();
});

test('build an army, get the odds, roll a battle', async () => {
  const { page, problems, outside } = await openPage(env.chrome.browser, env.server.url + '#/bloodied-steel');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('button', { name: 'Add Tribunan unit' }).click();
  await page.getByRole('button', { name: 'Add Ashen unit' }).click();
  await page.getByRole('button', { name: 'Add Ashen unit' }).click();

  const rows = page.locator('.unit-row');
  assert.equal(await rows.count(), 3);
  // Tribunan: Arms 6, Armour 1, Size 4; the Ashen: (2, 0, 3) and (1, 2, 2).
  const fill = async (i, arms, armour, size) => {
    const r = rows.nth(i);
    await r.getByLabel('Arms').fill(String(arms));
    await r.getByLabel('Armour').fill(String(armour));
    await r.getByLabel('Size').fill(String(size));
  };
  await fill(0, 6, 1, 4);
  await fill(1, 2, 0, 3);
  await fill(2, 1, 2, 2);
  await rows.nth(0).getByLabel('Name').fill('Legio <b>IX</b>');

  const scenario = {
    ruleset: 'bloodied-steel', tactics: [],
    units: [
      { name: 'Legio <b>IX</b>', nation: 'tribunan', arms: 6, armour: 1, size: 4 },
      { name: 'Host 1', nation: 'ashen', arms: 2, armour: 0, size: 3 },
      { name: 'Host 2', nation: 'ashen', arms: 1, armour: 2, size: 2 },
    ],
  };
  const want = JSON.parse(core.odds(JSON.stringify(scenario)));
  assert.equal(want.ok, true);
  await page.waitForFunction((t) => document.querySelector('.bar-row .bar-value')?.textContent.trim() === t,
    pctText(want.outcomes.tribunan));
  for (const [label, id] of [['Tribunan victorious', 'tribunan'], ['Ashen victorious', 'ashen'], ['Both retreat', 'retreat'], ['No units left', 'none']]) {
    assert.equal(await barValue(page, label), pctText(want.outcomes[id]), label);
  }
  assert.match(await page.locator('.status').first().textContent(), /Exact odds/);
  // A unit name is shown as text, never as markup.
  assert.equal(await page.locator('.unit-result .u-name', { hasText: 'Legio' }).textContent(), 'Legio <b>IX</b>');
  assert.equal(await page.locator('.unit-result b').count(), 0);

  // A tactic changes the odds.
  await page.getByRole('button', { name: 'Add tactic' }).click();
  const tactic = page.locator('.tactic-row').first();
  await tactic.getByLabel('Target').selectOption('ashen');
  await tactic.getByLabel('Amount').fill('3');
  const withTactic = JSON.parse(core.odds(JSON.stringify({ ...scenario,
    tactics: [{ name: 'Tactic 1', target: 'ashen', effect: 'total', amount: 3 }] })));
  await page.waitForFunction((t) => document.querySelector('.bar-row .bar-value')?.textContent.trim() === t,
    pctText(withTactic.outcomes.tribunan));

  // Roll with a seed: the log shows every step and the same seed gives the same battle.
  await page.getByLabel('Seed', { exact: true }).fill('2024');
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  const log1 = await page.locator('ol.log').textContent();
  const story1 = await page.locator('blockquote.story').textContent();
  const rolled = JSON.parse(core.roll(JSON.stringify({ ...scenario, seed: 2024,
    tactics: [{ name: 'Tactic 1', target: 'ashen', effect: 'total', amount: 3 }] })));
  assert.equal(story1, rolled.log.at(-1).text, 'the page rolls what the core rolls');
  assert.match(log1, /Tribunan Total/);
  assert.match(log1, /Ashen Total/);
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.waitForTimeout(200);
  assert.equal(await page.locator('ol.log').textContent(), log1);

  await page.screenshot({ path: screenshotPath('bloodied-steel.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, [], 'no request leaves 127.0.0.1');
  await page.context().close();
});

test('bad input gets an error beside the field, and the army is kept', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/bloodied-steel');
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.locator('.bar-row').first().waitFor();
  const before = await barValue(page, 'Tribunan victorious');
  // The address holds the example (written 600 ms after the reset).
  await page.waitForFunction(() => /^#\/bloodied-steel\?b=/.test(location.hash));
  const exampleLink = await page.evaluate(() => location.hash);
  const arms = page.locator('.unit-row').first().getByLabel('Arms');
  await arms.fill('-3');
  const err = page.locator('.unit-row').first().locator('.field-error').filter({ hasText: 'whole number' });
  await err.waitFor();
  assert.match(await err.textContent(), /must be a whole number from 0 to 1000/);
  assert.equal(await arms.getAttribute('aria-invalid'), 'true');
  // Said beside the field and in the odds card, with nothing above the page pushing it down.
  assert.match(await page.locator('.odds-card .status').textContent(), /^Odds not updated: First Cohort: Arms must be a whole number from 0 to 1000/);
  assert.equal(await page.locator('.calc .banner.error:visible').count(), 0);
  // The odds shown are the last good ones, and the typed value stays for the user to fix.
  assert.equal(await barValue(page, 'Tribunan victorious'), before);
  assert.equal(await arms.inputValue(), '-3');
  await page.screenshot({ path: screenshotPath('bloodied-steel-error.png'), fullPage: true });

  // Fixing it clears the error; a reload keeps the battle, even one that
  // comes before the address has caught up with the fix (it is written
  // 600 ms after an edit) and when the browser forgets the page's history
  // state over the reload, as Chromium sometimes does: the address then
  // holds the battle with Arms -3, and the page once read the reload as that
  // link opened anew: "could not be opened", no units at all.
  await page.waitForFunction((old) => location.hash !== old, exampleLink);
  const badLink = await page.evaluate(() => location.hash);
  await arms.fill('5');
  await page.evaluate(() => history.replaceState(null, '', location.href));
  assert.equal(await page.evaluate(() => location.hash), badLink, 'the reload comes before the address holds the fix');
  await page.reload();
  await page.locator('.unit-row').first().waitFor();
  assert.equal(await page.locator('.unit-row').first().getByLabel('Arms').inputValue(), '5');
  await page.locator('.bar-row').first().waitFor();
  assert.equal(await page.locator('[aria-invalid="true"]').count(), 0);
  assert.equal(await page.locator('.banner.error:visible').count(), 0);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the page reads well on a phone', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/bloodied-steel', { viewport: { width: 390, height: 844 } });
  await page.locator('.bar-row').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (overflow ${overflow}px)`);
  await page.screenshot({ path: screenshotPath('bloodied-steel-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

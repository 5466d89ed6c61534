// Strongholds & Followers in the browser: build units through the page and
// read the core's cost, odds, single-order matrix and a seeded roll; a bad
// value gives an error beside its field and leaves the army as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, barValue } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => {
  core = await loadCore();
});

const ask = (fn, req) => JSON.parse(core.call(fn, JSON.stringify(req)));

// The builder opens as a dialog from the army's own button.
async function buildUnit(page, unit, side) {
  await page.getByRole('button', { name: `New unit for the ${side}` }).click();
  const b = page.locator('dialog.builder-dialog .builder');
  await b.getByLabel('Type', { exact: true }).selectOption(unit.type);
  await b.getByLabel('Ancestry', { exact: true }).selectOption(unit.ancestry);
  await b.getByLabel('Experience', { exact: true }).selectOption(unit.experience);
  await b.getByLabel('Equipment', { exact: true }).selectOption(unit.equipment);
  await b.getByLabel('Size (casualty die)', { exact: true }).selectOption(unit.size);
  await b.getByLabel('Name', { exact: true }).fill(unit.name);
  const card = ask('unit', { ruleset: 'warfare', unit }).card;
  const want = `Cost ${card.cost.toLocaleString('en-US')} gp`;
  await page.waitForFunction((t) => document.querySelector('.builder-card .card-cost')?.textContent.startsWith(t), want);
  assert.match(await page.locator('.builder-card .card-cost').textContent(), new RegExp(`^${want}`));
  await page.getByRole('button', { name: `Add to the ${side}` }).click();
  // The dialog closes and the keyboard is on the new unit's row.
  await page.locator('dialog.builder-dialog[open]').waitFor({ state: 'detached' }).catch(() => {});
  await page.waitForFunction((n) => document.activeElement?.getAttribute('aria-label') === `Edit ${n}`, unit.name);
  return card;
}

const dwarves = { name: 'Iron <b>Wall</b>', ancestry: 'dwarf', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' };
const orcs = { name: 'Red Fangs', ancestry: 'orc', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' };

test('build armies, read the odds, the matrix and a seeded roll the core gives', async () => {
  const { page, problems, outside } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.getByRole('button', { name: 'Clear' }).click();
  await buildUnit(page, dwarves, 'attacker');
  await buildUnit(page, orcs, 'defender');
  await page.locator('.army-unit').nth(1).waitFor();

  const scenario = { ruleset: 'warfare', attacker: { units: [dwarves] }, defender: { units: [orcs] } };
  const want = ask('odds', scenario);
  assert.equal(want.ok, true);
  assert.equal(want.method, 'exact');
  await page.waitForFunction((t) => document.querySelector('.bar-row .bar-value')?.textContent.trim() === t,
    pctText(want.outcomes.attacker));
  for (const [label, id] of [['Attacker wins', 'attacker'], ['Defender wins', 'defender'], ['Both broken or gone', 'draw']])
    assert.equal(await barValue(page, label), pctText(want.outcomes[id]), label);
  assert.match(await page.locator('.status').first().textContent(), /Exact odds/);
  const removed = page.locator('.unit-result[data-side="defender"] .u-removed');
  assert.equal((await removed.textContent()).trim(), `removed ${pctText(want.units[1].removed)}`);
  assert.match(await page.locator('.expected-rounds').textContent(),
    new RegExp(want.expected_rounds.toLocaleString('en-US', { maximumFractionDigits: 2 }).replace('.', '\\.')));
  // A unit's name is text, never markup; each unit has its final-die chart.
  assert.equal(await page.locator('.unit-result b').count(), 0);
  assert.equal(await page.locator('.unit-result .dist-chart').count(), 2);
  // Each chart has a value beside every bar: the core's final-die distribution.
  const final = Object.entries(want.units[1].final).filter(([, p]) => p > 0);
  const chart = page.locator('.unit-result[data-side="defender"] .dist-chart');
  assert.deepEqual(await chart.locator('.bar-row:not(.axis-row) .bar-value').allTextContents(), final.map(([, p]) => pctText(p)));

  // The single-order matrix: every unit against every enemy, from one core call.
  const m = ask('attack', scenario).matrix;
  await page.locator('table.matrix td').first().waitFor();
  const cell = page.locator('table.matrix[data-side="attacker"] tbody td').first();
  assert.match(await cell.textContent(), new RegExp(`^hit ${pctText(m.attacker[0][0].hit).replace('.', '\\.')}`));

  // A seeded roll: the page shows what the core rolls.
  await page.getByLabel('Seed', { exact: true }).fill('77');
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  const rolled = ask('roll', { ...scenario, seed: 77 });
  assert.equal(await page.locator('blockquote.story').textContent(), rolled.log.at(-1).text);
  assert.equal(await page.locator('ol.log li').count(), rolled.log.length - 1);
  assert.match(await page.locator('ol.log').textContent(), /Attack check, d20/);

  await page.screenshot({ path: screenshotPath('warfare.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, [], 'no request leaves 127.0.0.1');
  await page.context().close();
});

test('a bad value names its field and leaves the army and odds unchanged', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.locator('.bar-row').first().waitFor();
  await page.waitForFunction(() => /Exact odds|Monte Carlo/.test(document.querySelector('.status')?.textContent || ''));
  const before = await barValue(page, 'Attacker wins');
  const units = await page.locator('.army-unit').count();
  const cas = page.locator('.army-unit').first().getByLabel('Casualty die now');
  await cas.fill('9');
  const err = page.locator('.army-unit').first().locator('.field-error').filter({ hasText: /from 1 to 6/ });
  await err.waitFor();
  // In words that name the unit and the field, here and in the odds' status.
  assert.match(await page.locator('.calc .banner.error').textContent(), /^Ironheart Defenders: casualty die must be a whole number from 1 to 6/);
  assert.match(await page.locator('.odds-card .status').textContent(), /Ironheart Defenders: casualty die/);
  assert.equal(await page.locator('.army-unit').count(), units);
  assert.equal(await barValue(page, 'Attacker wins'), before);
  // Fixing it computes again: a unit at 3 of 6 changes the odds to the core's.
  await cas.fill('3');
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  example.attacker.units[0].casualties = 3;
  const want = ask('odds', example);
  await page.waitForFunction((t) => document.querySelector('.bar-row .bar-value')?.textContent.trim() === t,
    pctText(want.outcomes.attacker));
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('phone width', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare', { viewport: { width: 360, height: 740 } });
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.locator('.bar-row').first().waitFor();
  await page.locator('table.matrix td').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: screenshotPath('warfare-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

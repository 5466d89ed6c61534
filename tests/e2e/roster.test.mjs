// Army rosters in the browser: the walkthrough of tests/fixtures/roster-walkthrough.json
// (the same steps and numbers as tests/unit/test_warfare_roster.cpp) done through
// the page's own controls; rename, duplicate, delete with undo; export, import
// and a link; taking an army to the battle page; a phone screenshot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openPage, screenshotPath, root, useSiteAndBrowser, loadCore, keptBattle, downloadBytes } from './harness.mjs';
import { stored, current, doStep, addUnit, battle } from './roster-steps.mjs';

const env = useSiteAndBrowser({ before, after });
const fixture = JSON.parse(fs.readFileSync(path.join(root, 'tests', 'fixtures', 'roster-walkthrough.json'), 'utf8'));
let core;
before(async () => {
  core = await loadCore();
});

async function season(page, pay) {
  const boxes = page.locator('.pay-row input[type=checkbox]');
  const n = await boxes.count();
  for (let i = 0; i < n; i++) {
    const id = (await boxes.nth(i).getAttribute('name')).replace(/^pay-/, '');
    await boxes.nth(i).setChecked(typeof pay === 'object' ? !!pay[id] : pay !== false);
  }
  await doStep(page, () => page.locator('.roster-season').getByRole('button', { name: /^End season/ }).click());
}

async function improve(page, id, changes) {
  const [[kind, to]] = Object.entries(changes);
  const name = { experience: 'Experience', equipment: 'Equipment', size: 'Size' }[kind];
  const btn = page.locator(`.roster-unit[data-id="${id}"] .ru-improve button`, { hasText: new RegExp(`^${name} → ${to}`, 'i') });
  await doStep(page, () => btn.click());
}

const dataValue = (page, sel) => page.locator(sel).first().getAttribute('data-value');

async function checkExpect(page, step) {
  const ex = step.expect;
  const msg = (what) => `${step.title}: ${what}`;
  if ('gold' in ex) assert.equal(Number(await dataValue(page, '[data-field="step-gold"]')), ex.gold, msg('gold'));
  if ('spent' in ex) assert.equal(Number(await dataValue(page, '[data-field="spent"]')), ex.spent, msg('spent'));
  if ('upkeep_due' in ex) assert.equal(Number(await dataValue(page, '[data-field="upkeep-due"]')), ex.upkeep_due, msg('upkeep due'));
  const clock = page.locator('[data-field="clock"]');
  for (const k of ['day', 'week', 'season']) if (k in ex) assert.equal(Number(await clock.getAttribute(`data-${k}`)), ex[k], msg(k));
  const units = ex.units || ex.army;
  if (!units) return;
  const rows = page.locator('.roster-unit');
  assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.dataset.id)), Object.keys(units), msg('units'));
  for (const [id, fields] of Object.entries(units)) {
    const row = page.locator(`.roster-unit[data-id="${id}"]`);
    for (const [k, v] of Object.entries(fields)) {
      let got;
      if (k === 'label' || k === 'name') got = (await row.locator(`[data-field="${k}"]`).textContent()).trim();
      else if (k === 'unpaid') got = (await row.locator('[data-field="unpaid"]').getAttribute('data-value')) === 'true';
      else if (k === 'unpaid_seasons') got = Number(await row.locator('[data-field="unpaid"]').getAttribute('data-seasons'));
      else {
        const raw = await row.locator(`[data-field="${k}"]`).getAttribute('data-value');
        got = raw === '' ? null : Number(raw);
      }
      assert.deepEqual(got, v, msg(`${id} ${k}`));
    }
  }
}

// The core's roster after the same actions, from the node build of the module.
function coreRoster() {
  let roster = fixture.roster;
  for (const step of fixture.steps) {
    const out = JSON.parse(core.call('roster', JSON.stringify({ ruleset: 'warfare', roster, action: step.action, options: fixture.options })));
    assert.equal(out.ok, true);
    if (out.roster) roster = out.roster;
  }
  return roster;
}

test('the walkthrough, step by step through the page, matches the core', async () => {
  const { page, problems, outside } = await openPage(env.chrome.browser, env.server.url + '#/roster');
  await page.getByRole('heading', { name: /army rosters/ }).waitFor();
  await page.getByText('on this device only').first().waitFor();
  await page.locator('.roster-pick select').waitFor();
  // Start from the fixture's empty roster.
  await page.getByLabel('Name', { exact: true }).first().fill(fixture.roster.name);
  await doStep(page, () => page.locator('.roster-pick').getByRole('button', { name: 'Rename' }).click());

  for (const step of fixture.steps) {
    const a = typeof step.action === 'string' ? { type: step.action } : step.action;
    if (a.type === 'add') await addUnit(page, a.unit, a.buy);
    else if (a.type === 'battle') await battle(page, a.units);
    else if (a.type === 'advance' && a.weeks === 1) await doStep(page, () => page.getByRole('button', { name: 'Next week' }).click());
    else if (a.type === 'advance') {
      await page.locator('.roster-clock').getByLabel('Days').fill(String(a.days));
      await doStep(page, () => page.getByRole('button', { name: 'Advance' }).click());
    } else if (a.type === 'season') await season(page, a.pay);
    else if (a.type === 'improve') await improve(page, a.id, a.improve);
    else if (a.type !== 'army') throw new Error(`no page control for ${a.type}`);
    await checkExpect(page, step);
  }

  const mine = (await current(page)).roster;
  assert.deepEqual(mine, coreRoster());
  assert.equal(await page.locator('.ledger li').count(), mine.ledger.length);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: screenshotPath('roster-phone.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, []);
});

test('rosters: rename, duplicate, delete with undo; export, import, link; armies to the battle page', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + '#/roster');
  await page.locator('.roster-pick select').waitFor();
  const names = () => page.locator('.roster-pick select option').allTextContents();
  await page.getByLabel('Name', { exact: true }).first().fill('North <b>host</b>');
  await doStep(page, () => page.locator('.roster-pick').getByRole('button', { name: 'Rename' }).click());
  await addUnit(page, { name: 'Shields', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' });
  await addUnit(page, { name: 'Bows', ancestry: 'elf', experience: 'regular', equipment: 'light', type: 'archers', size: 'd8' });
  assert.deepEqual(await names(), ['North <b>host</b>']);

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.roster-pick select option').length === 2);
  assert.deepEqual(await names(), ['North <b>host</b>', 'North <b>host</b> (copy)']);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.roster-pick select option').length === 1);
  await page.getByRole('button', { name: /^Undo: Delete/ }).click();
  await page.waitForFunction(() => document.querySelectorAll('.roster-pick select option').length === 2);
  assert.equal((await stored(page)).length, 2);

  // Export the first roster and import it back as a third.
  await page.locator('.roster-pick select').selectOption({ index: 0 });
  await page.locator('.roster-unit').first().waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
  const file = JSON.parse((await downloadBytes(download)).toString('utf8'));
  assert.equal(file.ruleset, 'roster');
  assert.equal(file.roster.name, 'North <b>host</b>');
  assert.equal(file.roster.units.length, 2);
  file.roster.name = 'Imported';
  delete file.key;
  await page.locator('input[type=file]').setInputFiles({ name: 'imported.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForFunction(() => document.querySelectorAll('.roster-pick select option').length === 3);
  assert.equal(await page.locator('.roster-pick select option:checked').textContent(), 'Imported');
  // A bad file changes nothing and says which field.
  const bad = structuredClone(file);
  bad.roster.units[0].casualties = 99;
  await page.locator('input[type=file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await page.locator('.banner.error', { hasText: 'bad.json was not loaded' }).waitFor();
  // In words naming the unit and its field, never a JSON path.
  assert.match(await page.locator('.banner.error').textContent(), /bad\.json was not loaded: Shields: casualty die must be/);
  assert.doesNotMatch(await page.locator('.banner.error').textContent(), /\/roster|\/units/);
  assert.equal((await stored(page)).length, 3);

  // A link opens the roster in a fresh browser.
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByLabel('Link to this roster').inputValue();
  const other = await openPage(env.chrome.browser, link);
  await other.page.locator('.roster-unit').first().waitFor();
  assert.deepEqual(await other.page.locator('.roster-pick select option').allTextContents(), ['Imported']);
  assert.equal(await other.page.locator('.roster-unit').count(), 2);
  assert.deepEqual(other.problems, []);
  await other.context.close();

  // The battle page takes an army from a roster, with its casualty dice.
  await page.locator('.roster-pick select').selectOption({ index: 0 });
  await page.locator('.roster-unit').first().waitFor();
  await page.getByRole('button', { name: 'Next day' }).click(); // any change: the army is read afresh
  await page.goto(env.server.url + '#/warfare');
  await page.locator('summary', { hasText: 'Armies from a roster' }).click();
  await page.locator('.roster-link').getByLabel('Roster', { exact: true }).selectOption({ label: 'North <b>host</b>' });
  await page.locator('.roster-link').getByLabel('Side').selectOption('defender');
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  const rows = page.locator('.army.defender .army-unit');
  // The page opens on an example battle: wait for the roster's units to replace it.
  await page.waitForFunction(() => {
    const r = document.querySelectorAll('.army.defender .army-unit');
    return r.length === 2 && /Shields/.test(r[0].textContent);
  });
  assert.match(await rows.first().textContent(), /Shields/);
  assert.equal(await rows.first().getByLabel('Casualty die now').inputValue(), '6');
  // Its units carry their roster ids into the battle request.
  const saved = await keptBattle(page, 'warfare');
  assert.deepEqual(saved.defender.units.map((u) => u.id), ['u1', 'u2']);
  assert.deepEqual(problems, []);
  await context.close();
});

// The battle page's "Apply result to roster" takes the real roll's `units`
// ({side, index, id, name, start, final, removed, broke_morale, retreated,
// rallied}); the roster that results must equal the core's roster call given
// the same roll, worked here with the wasm module under node.
test('a rolled battle\'s result goes back to its roster, with undo', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + '#/roster');
  await page.locator('.roster-pick select').waitFor();
  await page.getByLabel('Name', { exact: true }).first().fill('Bridge');
  await doStep(page, () => page.locator('.roster-pick').getByRole('button', { name: 'Rename' }).click());
  await addUnit(page, { name: 'Shields', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' });
  await addUnit(page, { name: 'Bows', ancestry: 'elf', experience: 'regular', equipment: 'light', type: 'archers', size: 'd8' });
  const before = (await current(page)).roster;

  await page.goto(env.server.url + '#/warfare');
  await page.locator('summary', { hasText: 'Armies from a roster' }).click();
  await page.locator('.roster-link').getByLabel('Roster', { exact: true }).selectOption({ label: 'Bridge' });
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  await page.waitForFunction(() => {
    const r = document.querySelectorAll('.army.attacker .army-unit');
    return r.length === 2 && /Shields/.test(r[0].textContent) && /Bows/.test(r[1].textContent);
  });
  await page.getByRole('button', { name: 'Roll battle' }).click();
  const apply = page.getByRole('button', { name: /^Apply result to/ });
  await page.waitForFunction(() => [...document.querySelectorAll('.roster-apply button')].some((b) => b.textContent.startsWith('Apply result to') && !b.disabled));
  // The battle as rolled (after the apply the armies follow the roster).
  const scenario = await keptBattle(page, 'warfare');
  await apply.click();
  await page.locator('.roster-apply [role=status]', { hasText: 'Applied to' }).waitFor();
  const rosters = await stored(page);
  const record = rosters.find((e) => e.roster.name === 'Bridge');
  const after = record.roster;
  // The same battle rolled by the core, and its result applied by the core.
  const rolled = JSON.parse(core.roll(JSON.stringify(scenario)));
  assert.equal(rolled.ok, true);
  const units = rolled.units.filter((u) => u.side === 'attacker' && u.id !== undefined);
  assert.deepEqual(units.map((u) => u.id), ['u1', 'u2']);
  // The page sends every unit of both sides and the battle, kept for "How lucky was this?".
  const expected = JSON.parse(core.call('roster', JSON.stringify({ ruleset: 'warfare', roster: before, options: {},
    action: { type: 'battle', side: 'attacker', units: rolled.units, roll: { seed: scenario.seed, dice: 2 }, outcome: rolled.outcome, battle: scenario } })));
  assert.equal(expected.ok, true, JSON.stringify(expected.error));
  assert.deepEqual(after, expected.roster);
  assert.notDeepEqual(after, before);
  // The roster names the roll: its seed, its dice and the dice each unit started from.
  assert.equal(after.battles.length, 1);
  assert.equal(after.battles[0].seed, scenario.seed);
  assert.equal(after.battles[0].dice, 2);
  assert.deepEqual(after.battles[0].start, { u1: 6, u2: 8 });
  assert.match(await page.locator('.roster-apply [role=status]').textContent(),
    new RegExp(`\\(rolled: seed ${scenario.seed}, dice version 2\\).*starting from Shields 6, Bows 8`));
  await page.getByRole('button', { name: 'Undo apply' }).click();
  await page.locator('.roster-apply [role=status]', { hasText: 'Undone' }).waitFor();
  assert.deepEqual((await stored(page)).find((e) => e.roster.name === 'Bridge').roster, before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('printed, a roster shows its units with the clock, seasons and ledger', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + '#/roster');
  await page.locator('.roster-pick select').waitFor();
  await addUnit(page, { name: 'Shields', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' });
  await addUnit(page, { name: 'Bows', ancestry: 'elf', experience: 'regular', equipment: 'light', type: 'archers', size: 'd8' });
  await page.emulateMedia({ media: 'print' });
  const units = page.locator('.roster-unit');
  assert.equal(await units.count(), 2);
  for (let i = 0; i < 2; i++) assert.equal(await units.nth(i).isVisible(), true, 'each unit prints');
  assert.deepEqual(await page.locator('.roster-unit [data-field="name"]').allTextContents(), ['Shields', 'Bows']);
  assert.equal(await page.locator('.roster-ledger').isVisible(), true);
  // The forms for changing it do not print.
  assert.equal(await page.locator('.roster-add').isVisible(), false);
  assert.equal(await page.getByRole('button', { name: 'Add to the roster' }).isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

// Issue 37's S&F flow, through the page as a user goes: a side of a battle
// saved as a roster, rolled, its result applied from beside the roll (the
// rolled battle kept, dimmed and marked); the unit builder starting from its
// defaults, naming a unit from its keywords and refusing, inside the dialog,
// a unit its army already has; the roster page making a roster of one side
// of an exported battle file, after asking which side.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openPage, useSiteAndBrowser, loadCore, screenshotPath, shots } from './harness.mjs';
import { stored } from './roster-steps.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => { core = await loadCore(); });
const ask = (fn, req) => JSON.parse(core.call(fn, JSON.stringify(req)));
const fresh = (page) => page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.state === 'fresh'
  && !document.querySelector('.odds-body.stale'), null, { timeout: 60000 });

for (const [size, width, height] of [['phone', 390, 844], ['laptop', 1280, 800]]) {
  test(`${size}: save a side as a roster, roll, apply beside the roll; the applied battle stays, dimmed and marked`, async () => {
    const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare`, { viewport: { width, height } });
    await fresh(page);
    const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
    await page.locator('summary', { hasText: 'Armies from a roster' }).click();
    await page.locator('.roster-save').getByLabel('Army to save').selectOption('defender');
    await page.locator('.roster-save').getByLabel('Name of the new roster').fill('Red <b>host</b>');
    await page.getByRole('button', { name: 'Save this side as a roster' }).click();
    await page.locator('.roster-bridge [role=status]', { hasText: 'Saved the defender' }).waitFor();
    // The picker shows the link as it now is: the defender, from the roster just saved.
    const picker = page.locator('.roster-link .roster-link-row').first();
    assert.equal(await picker.getByLabel('Side', { exact: true }).inputValue(), 'defender');
    assert.equal(await picker.getByLabel('Roster', { exact: true }).evaluate((s) => s.selectedOptions[0].textContent), 'Red <b>host</b>');
    // The roster holds the defender's units, each at its casualty die, as the core adds them.
    const rosters = await stored(page);
    assert.equal(rosters.length, 1);
    assert.equal(rosters[0].roster.name, 'Red <b>host</b>');
    const want = example.defender.units.reduce((r, u) => ask('roster', { ruleset: 'warfare', roster: r, action: { type: 'add', unit: u } }).roster,
      { name: 'Red <b>host</b>', clock: { day: 1, week: 1, season: 1 }, next_id: 1, units: [], ledger: [] });
    assert.deepEqual(rosters[0].roster.units, want.units);
    // The defender now comes from it (the roster's ids), and nothing else changed.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('battle-calculator/v2/battle/warfare')).scenario);
    assert.deepEqual(kept.defender.units.map((u) => [u.name, u.id, u.casualties ?? null]),
      want.units.map((u) => [u.unit.name, u.id, u.casualties]));
    assert.deepEqual(kept.attacker.units, example.attacker.units);

    // Rolled: Apply is beside the rolled battle, above its log and close to it.
    await fresh(page);
    await page.getByRole('button', { name: 'Roll battle' }).click();
    const apply = page.locator('.roll-log .roster-apply button', { hasText: /^Apply result to “Red <b>host<\/b>”$/ });
    await page.waitForFunction(() => [...document.querySelectorAll('.roll-log .roster-apply button')].some((b) => /^Apply result to/.test(b.textContent) && !b.disabled));
    const gap = await page.evaluate(() => {
      const b = [...document.querySelectorAll('.roll-log .roster-apply button')].find((x) => /^Apply/.test(x.textContent)).getBoundingClientRect();
      const log = document.querySelector('.roll-log ol.log').getBoundingClientRect();
      return log.top - b.bottom;
    });
    assert.ok(gap >= 0 && gap < 500, `Apply is ${gap} px above the rolled battle's log`);
    const steps = await page.locator('.roll-log ol.log li').count();
    const story = await page.locator('.roll-log blockquote.story').textContent();
    await apply.click();
    // The log stays: dimmed, marked as applied, the same steps.
    const mark = page.locator('.roll-log .roll-kept');
    await mark.waitFor();
    assert.match(await mark.textContent(), /^Applied to “Red <b>host<\/b>”: the rolled battle below is recorded there/);
    await page.locator('.roster-apply [role=status]', { hasText: 'The armies now follow the roster' }).waitFor();
    assert.equal(await page.locator('.roll-log .kept-result.stale ol.log li').count(), steps);
    assert.equal(await page.locator('.roll-log .kept-result blockquote.story').textContent(), story);
    assert.equal(await page.locator('.roll-log', { hasText: 'roll the battle again' }).count(), 0);
    assert.equal((await stored(page))[0].roster.battles.length, 1);
    await mark.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`sf-applied-${size}.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the unit builder starts from its defaults, names a unit from its keywords, and refuses a second unit with the same keywords in the dialog', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare`, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  const b = page.locator('dialog.builder-dialog .builder');
  const choose = async (unit) => {
    for (const [label, v] of [['Type', unit.type], ['Ancestry', unit.ancestry], ['Experience', unit.experience], ['Equipment', unit.equipment], ['Size (casualty die)', unit.size]]) {
      await b.getByLabel(label, { exact: true }).selectOption(v);
    }
    await page.waitForFunction((label) => document.querySelector('dialog.builder-dialog .builder input[type=text]')?.placeholder === label,
      ask('unit', { ruleset: 'warfare', unit }).card.label);
  };
  const archers = { ancestry: 'elf', experience: 'veteran', equipment: 'light', type: 'archers', size: 'd6' };
  await page.getByRole('button', { name: 'New unit for the defender…' }).click();
  await choose(archers);
  await page.getByRole('button', { name: 'Add to the defender' }).click();
  // Named from its keywords, as the roster names a unit.
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Edit Elf Veteran Light Archers d6');
  const units = () => page.locator('.army.defender .army-unit strong').allTextContents();
  const three = await units();
  assert.equal(three.at(-1), 'Elf Veteran Light Archers d6');
  // Its keywords are its name: shown once, not again beside it.
  await page.waitForFunction(() => document.querySelector('.army.defender .army-unit:last-of-type [data-card=stats]')?.textContent);
  assert.equal(await page.locator('.army.defender .army-unit').last().locator('[data-card=label]').isVisible(), false);
  assert.equal(await page.locator('.army.defender .army-unit').first().locator('[data-card=label]').isVisible(), true);

  // The next new unit starts from the defaults, not from the one just built.
  await page.getByRole('button', { name: 'New unit for the defender…' }).click();
  const shown = {};
  for (const label of ['Type', 'Ancestry', 'Experience', 'Equipment', 'Size (casualty die)']) shown[label] = await b.getByLabel(label, { exact: true }).inputValue();
  assert.deepEqual(shown, { Type: 'infantry', Ancestry: 'human', Experience: 'regular', Equipment: 'medium', 'Size (casualty die)': 'd6' });
  assert.equal(await b.getByLabel('Name', { exact: true }).inputValue(), '');

  // The same keywords again (another size): refused in the dialog, which stays open; the army is as it was.
  await choose({ ...archers, size: 'd8' });
  await page.getByRole('button', { name: 'Add to the defender' }).click();
  const refusal = page.locator('dialog.builder-dialog .builder-refusal');
  await refusal.waitFor();
  assert.match(await refusal.textContent(), /^Not added: the defender's army already has “Elf Veteran Light Archers d6” with the keywords Elf Veteran Light Archers, and an army fields only one unit with the same keywords \(S&F p\. 239\)/);
  assert.equal(await refusal.isVisible(), true, 'said where the buttons are');
  assert.equal(await page.locator('dialog.builder-dialog[open]').count(), 1);
  assert.deepEqual(await units(), three);
  // Another keyword: added.
  await b.getByLabel('Experience', { exact: true }).selectOption('seasoned');
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Add to the defender' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.army.defender .army-unit').length === 4);
  assert.equal((await units()).at(-1), 'Elf Seasoned Light Archers d8');
  assert.equal(await page.locator('.odds-card .status.error').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Add pressed before the dialog has the core\'s card for the unit adds it once the card comes, never losing the click', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare`, { viewport: { width: 1280, height: 800 } });
  await fresh(page);
  const army = page.locator('.army.defender .army-unit');
  const before = await army.count();
  // The core's checks of the draft unit (a "unit" request) reach the worker
  // 1.5 s late, as on a slow phone whose worker is busy: Add is pressed
  // before the dialog has its card. (Adding checks the whole army, a "units"
  // request, which goes at once.)
  await page.evaluate(() => {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      if (m?.fn === 'unit' && /"unit":/.test(m.request)) {
        setTimeout(() => post.call(this, m, ...rest), 1500);
        return undefined;
      }
      return post.call(this, m, ...rest);
    };
  });
  await page.getByRole('button', { name: 'New unit for the defender…' }).click();
  const dialog = page.locator('dialog.builder-dialog');
  assert.equal(await dialog.locator('.builder-card').textContent(), '', 'no card yet when Add is pressed');
  await page.getByRole('button', { name: 'Add to the defender' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.army.defender .army-unit').length === n, before + 1, { timeout: 15000 });
  assert.equal(await dialog.getAttribute('open'), null, 'the dialog closed with the unit added');
  assert.equal((await army.locator('strong').allTextContents()).at(-1), 'Human Regular Medium Infantry d6');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the roster page makes a roster of one side of a battle file, asking which', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/roster`, { viewport: { width: 1280, height: 800 } });
  await page.locator('.roster-pick').waitFor();
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  const battle = { ...example, defender: { units: example.defender.units.map((u, i) => (i ? { ...u, casualties: 2 } : u)) } };
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, 'border-skirmish.json');
  fs.writeFileSync(file, JSON.stringify(battle));
  await page.setInputFiles('input[type=file][aria-label="Roster file to import"]', file);
  const asked = page.locator('.roster-news');
  await asked.waitFor();
  assert.match(await asked.textContent(), /^border-skirmish\.json is a Strongholds & Followers battle, not a roster\. Make a roster of one of its sides:/);
  await asked.getByRole('button', { name: `Defender: ${battle.defender.units.length} units` }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('.roster-pick select option')].some((o) => o.textContent === 'border-skirmish (defender)'));
  const made = (await stored(page)).find((e) => e.roster.name === 'border-skirmish (defender)').roster;
  assert.deepEqual(made.units.map((u) => [u.unit.name, u.casualties]), battle.defender.units.map((u) => [u.name, u.casualties ?? Number(u.size.slice(1))]));
  await page.locator('.roster-unit').first().waitFor();
  assert.deepEqual(await page.locator('.roster-unit [data-field=name]').allTextContents(), battle.defender.units.map((u) => u.name));
  assert.deepEqual(problems, []);
  await context.close();
});

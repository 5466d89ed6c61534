// Keyboard and screen reader: after every add or remove the keyboard is on the
// new or the next row (never dropped to <body>); every button names its unit,
// and keeps naming it after a rename; the unit builder and the phone's menu
// are usable from the keyboard and pass axe-core too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, axe } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let rules;
before(async () => {
  const core = await loadCore();
  rules = JSON.parse(core.rules('')).rulesets;
});

// The focused element: its accessible name (aria-label, else its label's or its own text) and role.
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  const label = e.getAttribute('aria-label') || (e.labels && e.labels[0]?.textContent) || e.textContent;
  return { tag: e.tagName.toLowerCase(), name: label.trim(), value: e.value ?? null };
});

test('Bloodied Steel: focus after add, copy, remove, move and tactics; names follow a rename', async () => {
  const { page, problems } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel?j=${encodeURIComponent(JSON.stringify(rules['bloodied-steel'].example))}`);
  await page.locator('.unit-row').first().waitFor();
  await page.getByRole('button', { name: 'Add Ashen unit' }).click();
  let f = await focused(page);
  assert.equal(f.tag, 'input');
  assert.equal(f.value, 'Host 2', 'the new unit\'s name');
  // Renamed: its buttons and fields say the new name at once.
  await page.keyboard.type(' of <b>Ash</b>');
  const row = page.locator('.nation.ashen .unit-row').last();
  assert.equal(await row.getByRole('button', { name: 'Remove Host 2 of <b>Ash</b>', exact: true }).count(), 1);
  assert.equal(await row.getByRole('button', { name: 'Copy Host 2 of <b>Ash</b>', exact: true }).count(), 1);
  assert.equal(await row.getByLabel('Arms of Host 2 of <b>Ash</b>', { exact: true }).count(), 1);
  // Copy: the keyboard is in the copy's name.
  await row.getByRole('button', { name: /^Copy / }).click();
  f = await focused(page);
  assert.equal(f.value, 'Host 2 of <b>Ash</b> (2)');
  // Remove the copy: the keyboard goes to the unit before it.
  await page.getByRole('button', { name: 'Remove Host 2 of <b>Ash</b> (2)', exact: true }).click();
  f = await focused(page);
  assert.equal(f.value, 'Host 2 of <b>Ash</b>');
  // Remove every Ashen unit: then to the Add button.
  while (await page.locator('.nation.ashen .unit-row').count()) await page.locator('.nation.ashen .unit-row').first().getByRole('button', { name: /^Remove / }).click();
  f = await focused(page);
  assert.equal(f.name, 'Add Ashen unit');
  // Move a unit to the other nation: the keyboard stays on its move button.
  await page.getByRole('button', { name: 'Move First Cohort to the other nation' }).click();
  f = await focused(page);
  assert.equal(f.name, 'Move First Cohort to the other nation');
  // Tactics: a new one's name; moved, the keyboard follows it; removed, the next or Add tactic.
  await page.getByRole('button', { name: 'Add tactic' }).click();
  f = await focused(page);
  assert.equal(f.value, 'Tactic 2');
  await page.getByRole('button', { name: 'Move Tactic 2 earlier' }).click();
  f = await focused(page);
  assert.equal(f.name, 'Move Tactic 2 later', 'at the top, the keyboard goes to the other arrow');
  await page.getByRole('button', { name: 'Remove Tactic 2' }).click();
  f = await focused(page);
  assert.equal(f.value, rules['bloodied-steel'].example.tactics[0].name);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('Olympia: focus after Add men, ✕ and nobles; buttons name their noble', async () => {
  const { page, problems } = await openPage(env.chrome.browser, `${env.server.url}#/olympia?j=${encodeURIComponent(JSON.stringify(rules.olympia.example))}`);
  const def = page.locator('.ol-stack[data-side=defender]');
  await def.locator('.ol-noble').first().waitFor();
  const leader = rules.olympia.example.defender.nobles[0].name;
  await def.getByLabel('Kind of men').selectOption('knight');
  await def.getByRole('button', { name: `Add men to ${leader}` }).click();
  let f = await focused(page);
  assert.match(f.name, /^Knights 45\/45/, 'the new men\'s count');
  await page.getByRole('button', { name: `Remove knights from ${leader}` }).click();
  f = await focused(page);
  assert.equal(f.tag, 'input', 'the next kind of men');
  await def.getByRole('button', { name: 'Add defender noble' }).click();
  f = await focused(page);
  assert.equal(f.value, 'Defender noble 2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Wynn');
  assert.equal(await def.getByRole('button', { name: 'Remove Wynn', exact: true }).count(), 1, 'renamed at once');
  await def.getByRole('button', { name: 'Remove Wynn', exact: true }).click();
  f = await focused(page);
  assert.equal(f.value, leader, 'the noble before it');
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('S&F: the builder is a dialog from the armies; focus comes back to the row; every button names its unit', async () => {
  const { page, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(rules.warfare.example))}`);
  await page.locator('.army-unit').first().waitFor();
  // Armies come before anything else in the editor; no builder on the page until asked for.
  assert.equal(await page.locator('.col-edit > section').first().locator('h2').textContent(), 'Armies');
  assert.equal(await page.locator('dialog.builder-dialog').isVisible(), false);
  for (const side of ['attacker', 'defender']) {
    for (const u of rules.warfare.example[side].units) {
      for (const name of [`Edit ${u.name}`, `Copy ${u.name}`, `Print the card of ${u.name}`, `Remove ${u.name}`]) {
        assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
      }
    }
  }
  // Edit opens the dialog; Escape closes it and the keyboard is back on Edit.
  const name = rules.warfare.example.defender.units[0].name;
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.waitFor();
  assert.deepEqual(await axe(page), [], 'axe-core, with the builder open');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await focused(page)).name, `Edit ${name}`);
  // Rename through the builder: the row's buttons say the new name.
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Tusk Guard');
  await page.waitForFunction(() => !document.querySelector('.builder-card.stale') && document.querySelector('.builder-card .unit-card h3')?.textContent === 'Tusk Guard');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Edit Tusk Guard');
  assert.equal(await page.getByRole('button', { name: `Remove ${name}`, exact: true }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Remove Tusk Guard', exact: true }).count(), 1);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('phone: the rule systems are a menu in a header of at most 56 px, usable from the keyboard', async () => {
  const { page, problems } = await openPage(env.chrome.browser, `${env.server.url}#/olympia`, { viewport: { width: 390, height: 844 } });
  await page.locator('.odds-card .outcome-chart').waitFor();
  const menu = page.getByRole('button', { name: 'Rule system: Olympia PBEM' });
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByRole('link', { name: 'Bloodied Steel' }).isVisible(), false);
  await menu.focus();
  await page.keyboard.press('Enter');
  assert.equal(await menu.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.getByRole('link', { name: 'Bloodied Steel' }).isVisible(), true);
  assert.deepEqual(await axe(page), [], 'axe-core, with the menu open');
  await page.keyboard.press('Escape');
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: 'Bloodied Steel' }).click();
  await page.locator('[data-ruleset="bloodied-steel"]').waitFor();
  const header = await page.locator('header.top').evaluate((e) => e.getBoundingClientRect().height);
  assert.ok(header <= 56, `${header}px`);
  // The strip opens the full odds.
  await page.locator('.outcome-strip').click();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'bs-odds-h');
  const top = await page.locator('.odds-card').evaluate((e) => e.getBoundingClientRect().top);
  assert.ok(top >= -1 && top < 200, `the odds card is at the top of the screen (${top}px)`);
  assert.deepEqual(problems, []);
  await page.context().close();
});

// Olympia PBEM in the browser: build two stacks, read the odds the core gives,
// roll a battle, see an error beside a bad field, use the fight-to-the-death
// preset, and read it on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, barValue } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
let kinds;
before(async () => {
  core = await loadCore();
  kinds = JSON.parse(core.rules(JSON.stringify({ ruleset: 'olympia' }))).rulesets.olympia.kinds;
});

// A troop field's label: the kind, capitalised, with the ratings the core gives it ("Pikemen 5/30").
const escape = (t) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
function men(id) {
  const k = kinds.find((x) => x.id === id);
  const text = `${k.plural.charAt(0).toUpperCase()}${k.plural.slice(1)} ${k.attack}/${k.defense}${k.missile ? `/${k.missile}` : ''}`;
  return new RegExp(`^${escape(text)}`);
}

const waitForAttackerBar = (page, p) =>
  page.waitForFunction((t) => document.querySelector('.bar-row .bar-value')?.textContent.trim() === t, pctText(p));

// The stacks the first test builds through the page.
const built = {
  ruleset: 'olympia', options: {},
  attacker: { nobles: [{ name: 'Osswid <i>the Red</i>', troops: { soldier: 4, archer: 2 } }] },
  defender: { nobles: [{ name: 'Defender', troops: { soldier: 3 } }] },
};

async function buildStacks(page) {
  await page.getByRole('button', { name: 'Clear' }).click();
  const att = page.locator('.ol-stack[data-side=attacker]');
  const def = page.locator('.ol-stack[data-side=defender]');
  await att.getByLabel('Stack leader').fill('Osswid <i>the Red</i>');
  await att.getByLabel(men('soldier')).fill('4');
  await att.getByLabel('Kind of men').selectOption('archer');
  await att.getByRole('button', { name: 'Add men' }).click();
  await att.getByLabel(men('archer')).fill('2');
  await def.getByLabel(men('soldier')).fill('3');
  return { att, def };
}

test('build two stacks, get the core\'s odds, roll a battle', async () => {
  const { page, problems, outside } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  await buildStacks(page);
  const want = JSON.parse(core.odds(JSON.stringify(built)));
  assert.equal(want.ok, true);
  assert.match(want.method, /^exact/);
  await waitForAttackerBar(page, want.outcomes.attacker);
  for (const [label, id] of [['Attacker wins', 'attacker'], ['Defender wins', 'defender'], ['Both break', 'tie']]) {
    assert.equal(await barValue(page, label), pctText(want.outcomes[id]), label);
  }
  assert.match(await page.locator('.status').first().textContent(), /Exact odds/);
  // Noble fates and survivors are shown; the name is text, never markup.
  const fates = page.locator('.ol-fates').first();
  assert.match(await fates.textContent(), /Osswid <i>the Red<\/i>/);
  assert.equal(await page.locator('.ol-fates i').count(), 0);
  assert.match(await fates.textContent(), new RegExp(pctText(want.sides.attacker.nobles[0].captured).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.ok(await page.locator('.unit-result.attacker').count() === 2, 'soldiers and archers');

  // A tower changes the odds, and its damage is charted.
  await page.locator('.ol-structure').getByLabel('Structure').selectOption('tower');
  await page.locator('.ol-structure').getByLabel('Defense').fill('2');
  const towered = { ...built, defender: { ...built.defender, structure: { kind: 'tower', defense: 2 } } };
  const wantTower = JSON.parse(core.odds(JSON.stringify(towered)));
  assert.equal(wantTower.ok, true);
  await waitForAttackerBar(page, wantTower.outcomes.attacker);
  await page.locator('.ol-structure-result .dist-chart').first().waitFor();

  // A seeded roll shows what the core rolls, as a turn report.
  await page.getByLabel('Seed', { exact: true }).fill('2024');
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  const rolled = JSON.parse(core.roll(JSON.stringify({ ...towered, seed: 2024 })));
  assert.equal(rolled.ok, true);
  assert.equal(await page.locator('blockquote.story').textContent(), rolled.log.at(-1).text);
  const log1 = await page.locator('ol.log').textContent();
  assert.match(log1, /Osswid <i>the Red<\/i> attacks Defender!/);
  assert.match(log1, /stack breaks/);
  assert.equal(await page.locator('.roll-outcome').textContent(),
    `Seed 2024: ${{ attacker: 'Attacker wins', defender: 'Defender wins', tie: 'Both break' }[rolled.outcome]}`);
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.waitForTimeout(200);
  assert.equal(await page.locator('ol.log').textContent(), log1);

  await page.screenshot({ path: screenshotPath('olympia.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, [], 'no request leaves 127.0.0.1');
  await page.context().close();
});

test('a bad value is marked beside its field and the stack is kept', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  const { att } = await buildStacks(page);
  const want = JSON.parse(core.odds(JSON.stringify(built)));
  await waitForAttackerBar(page, want.outcomes.attacker);
  const soldiers = att.getByLabel(men('soldier'));
  await soldiers.fill('-3');
  const err = att.locator('.field-error').filter({ hasText: 'whole number' });
  await err.waitFor();
  assert.match(await err.textContent(), /must be a whole number from 0 to 100,000/);
  assert.equal(await soldiers.getAttribute('aria-invalid'), 'true');
  assert.match(await page.locator('.odds-card .status').textContent(), /^Odds not updated: Osswid <i>the Red<\/i>: soldiers must be a whole number/);
  assert.equal(await page.locator('.calc .banner.error:visible').count(), 0);
  // The last good odds stay, and the rest of the stack is as it was.
  assert.equal(await barValue(page, 'Attacker wins'), pctText(want.outcomes.attacker));
  assert.equal(await soldiers.inputValue(), '-3');
  assert.equal(await att.getByLabel(men('archer')).inputValue(), '2');
  assert.equal(await att.getByLabel('Stack leader').inputValue(), 'Osswid <i>the Red</i>');

  // Fixing it clears the error.
  await soldiers.fill('4');
  await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
  await waitForAttackerBar(page, want.outcomes.attacker);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('fight to the death: one click sets both break points to 0', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  await buildStacks(page);
  await page.getByRole('button', { name: 'Fight to the death' }).click();
  for (const side of ['attacker', 'defender']) {
    assert.equal(await page.locator(`.ol-stack[data-side=${side}]`).getByLabel('Break point %').inputValue(), '0');
  }
  const death = JSON.parse(JSON.stringify(built));
  death.attacker.nobles[0].break_point = 0;
  death.defender.nobles[0].break_point = 0;
  const want = JSON.parse(core.odds(JSON.stringify(death)));
  assert.equal(want.ok, true);
  await waitForAttackerBar(page, want.outcomes.attacker);
  assert.equal(await barValue(page, 'Defender wins'), pctText(want.outcomes.defender));
  // Nobody breaks before everyone has fallen: some noble is always struck.
  const struck = want.sides.attacker.nobles[0].hit + want.sides.defender.nobles[0].hit;
  assert.ok(Math.abs(struck - 1) < 1e-9, `exactly one leader falls (${struck})`);
  // Printed, the stacks show as tables with the new break points, not as fields.
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.print-only');
  await printed.locator('tbody tr').first().waitFor();
  assert.equal(await printed.isVisible(), true);
  assert.equal(await page.locator('.col-edit').isVisible(), false);
  const rows = await printed.locator('tbody tr').allTextContents();
  assert.equal(rows.length, death.attacker.nobles.length + death.defender.nobles.length);
  assert.match(rows[0], new RegExp(`^${death.attacker.nobles[0].name}.*0%`));
  assert.match(await printed.textContent(), /Rules: the book's defaults\./);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the page reads well on a phone', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia', { viewport: { width: 360, height: 800 } });
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.locator('.bar-row').first().waitFor();
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (overflow ${overflow}px)`);
  await page.screenshot({ path: screenshotPath('olympia-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('kinds of men with their ratings from the core, capitalised; a new noble\'s default kind is soldier', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  await buildStacks(page);
  const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
  const label = (k) => `${cap(k.name)} ${k.attack}/${k.defense}${k.missile ? `/${k.missile}` : ''}`;
  // The defender has soldiers: every other kind is offered, each with its ratings.
  const def = page.locator('.ol-stack[data-side=defender]');
  const offered = await def.getByLabel('Kind of men').locator('option').allTextContents();
  assert.deepEqual(offered, kinds.filter((k) => k.id !== 'soldier').map(label));
  assert.ok(offered.includes('Pikeman 5/30'));
  // A new noble has no men: soldier is the kind offered first.
  await def.getByRole('button', { name: 'Add defender noble' }).click();
  const noble = def.locator('.ol-noble').last();
  assert.equal(await noble.getByLabel('Kind of men').inputValue(), 'soldier');
  await noble.getByRole('button', { name: /^Add men/ }).click();
  assert.equal(await noble.getByLabel(men('soldier')).inputValue(), '1');
  // Results name the kinds capitalised.
  await page.locator('.unit-result .u-name').first().waitFor();
  for (const t of await page.locator('.unit-result .u-name').allTextContents()) assert.match(t, /^[A-Z]/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('a rule\'s explanation follows its choice; the engine order sampled through the page holds its exact odds', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.locator('.ol-stack[data-side=attacker]').getByLabel(men('soldier')).fill('20');
  await page.locator('.ol-stack[data-side=defender]').getByLabel(men('soldier')).fill('20');
  const option = JSON.parse(core.rules(JSON.stringify({ ruleset: 'olympia' }))).rulesets.olympia.options
    .find((o) => o.id === 'attack_order');
  const says = (id) => option.choices.find((c) => c.id === id).text;
  const order = page.locator('select[data-path="/options/attack_order"]');
  await page.locator('details.rules-fold summary').first().click();
  const hint = order.locator('xpath=following-sibling::span[contains(@class, "hint")]');
  assert.match(await hint.textContent(), new RegExp(escape(says('rulebook'))));
  await order.selectOption('engine');
  assert.match(await hint.textContent(), new RegExp(escape(says('engine'))));
  assert.doesNotMatch(await hint.textContent(), new RegExp(escape(says('rulebook'))));
  // The same for the solver's method; then the engine order is sampled by the page.
  const method = page.locator('select[data-path="/solver/method"]');
  // The fold's form is built when it first opens (solver-form.js), so it is found by its summary.
  if (!(await method.isVisible())) await page.locator('.solver-panel > summary', { hasText: 'How to compute' }).click();
  const methodHint = method.locator('xpath=following-sibling::span[contains(@class, "hint")]');
  await method.selectOption('monte-carlo');
  assert.match(await methodHint.textContent(), /Always sample/);
  await page.waitForFunction(() => /Monte Carlo/.test(document.querySelector('.status')?.textContent ?? ''));
  // The core's time is its workers' added up, and says so when there are several.
  const status = await page.locator('.status').first().textContent();
  const workers = await page.evaluate(() => Math.min(8, navigator.hardwareConcurrency || 1));
  const said = Number(status.match(/([\d,.]+) ms in the core/)[1].replace(/,/g, ''));
  assert.ok(said >= 1, `the core's time for 20,000 battles is not a last call's fraction of a millisecond: ${status}`);
  if (workers > 1) assert.match(status, new RegExp(`ms in the core over ${workers} workers`));
  const exact = JSON.parse(core.odds(JSON.stringify({
    ruleset: 'olympia', options: { attack_order: 'engine' }, solver: { method: 'exact' },
    attacker: { nobles: [{ name: 'Attacker', troops: { soldier: 20 } }] },
    defender: { nobles: [{ name: 'Defender', troops: { soldier: 20 } }] },
  })));
  assert.equal(exact.ok, true);
  const row = await page.locator('.bar-row', { hasText: 'Attacker wins' }).textContent();
  const [lo, hi] = [...row.matchAll(/([\d.]+)%/g)].slice(1, 3).map((m) => Number(m[1]) / 100);
  assert.ok(lo <= exact.outcomes.attacker + 0.0005 && exact.outcomes.attacker - 0.0005 <= hi,
    `the exact ${exact.outcomes.attacker} lies in the page's interval ${lo} to ${hi} (to the shown rounding)`);
  assert.deepEqual(problems, []);
  await page.context().close();
});

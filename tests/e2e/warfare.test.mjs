// Strongholds & Followers in the browser: build units through the page and
// read the core's cost, odds, single-order matrix and a seeded roll; a bad
// value gives an error beside its field and leaves the army as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, barValue, KEPT } from './harness.mjs';

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
  // A unit's name is text, never markup; each unit has its final-die chart,
  // built as its fold opens.
  assert.equal(await page.locator('.unit-result b').count(), 0);
  for (const summary of await page.locator('.unit-result > summary').all()) await summary.click();
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
  await page.waitForFunction(() => /^Odds not updated/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  assert.match(await page.locator('.odds-card .status').textContent(), /^Odds not updated: Ironheart Defenders: casualty die must be a whole number from 1 to 6/);
  assert.equal(await page.locator('.calc .banner.error:visible').count(), 0);
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

// The rules fold's fields are built when it first opens (issue 37); an error
// in a rule option (here from a kept battle, whose values the page shows as
// they were kept) builds and opens it, and the error stands beside its field.
test('an error in a rule option opens the rules fold at its field, built for it', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.locator('.bar-row').first().waitFor();
  assert.equal(await page.locator('details.rules-fold select, details.rules-fold input').count(), 0, 'not built before it opens');
  await page.locator('.army-unit').first().getByLabel('Casualty die now').fill('5'); // an edit: the battle is kept
  await page.waitForFunction((k) => localStorage.getItem(k) !== null, KEPT + 'warfare');
  await page.evaluate((k) => {
    const r = JSON.parse(localStorage.getItem(k));
    r.scenario.options = { ...r.scenario.options, orders_per_turn: 40 };
    localStorage.setItem(k, JSON.stringify(r));
  }, KEPT + 'warfare');
  await page.reload();
  const field = page.locator('details.rules-fold[open] [data-path="/options/orders_per_turn"]');
  await field.waitFor();
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  assert.equal(await field.inputValue(), '40');
  await page.waitForFunction(() => /^Odds not updated/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  assert.match(await page.locator('.odds-card .status').textContent(), /Orders per turn/);
  assert.match(await page.locator('details.rules-fold .field-error').filter({ hasText: /1 to 12/ }).textContent(), /from 1 to 12/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('phone width', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare', { viewport: { width: 360, height: 740 } });
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.waitForFunction(() => document.querySelector('.odds-card .outcome-chart') && !document.querySelector('.odds-body.stale, .matrix-box.stale'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: screenshotPath('warfare-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

// What the page shows in its results column, as text.
const resultsText = (page) => page.locator('#results').textContent();

test('Copy makes a unit the core accepts, or says why not; every row keeps its card', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.waitForFunction(() => /Exact odds/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  const first = example.attacker.units[0];

  // An army fields one unit per keywords (S&F p. 239): the copy goes to the other army, under the next free name.
  await page.getByRole('button', { name: `Copy ${first.name}`, exact: true }).click();
  await page.locator('.army.defender .army-unit').nth(2).waitFor();
  const copyName = `${first.name} 2`;
  assert.match(await page.locator('.army-note').textContent(), new RegExp(`Copied ${first.name} as ${copyName} into the defender's army`));
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), `Edit ${copyName}`, 'the keyboard is on the copy');
  const copied = JSON.parse(JSON.stringify(example));
  const { casualties, id, ...clean } = first;
  copied.defender.units.push({ ...clean, name: copyName });
  const want = ask('odds', copied);
  assert.equal(want.ok, true, 'the core accepts the copy');
  await page.waitForFunction((t) => document.querySelector('.odds-card .bar-row[data-outcome=attacker] .p')?.textContent === t
    && !document.querySelector('.odds-body.stale'), pctText(want.outcomes.attacker));
  assert.equal(await page.locator('[aria-invalid="true"]').count(), 0);
  // Every row has its stats and cost from the core.
  const cards = ask('unit', { ruleset: 'warfare', units: copied.defender.units }).cards;
  const stats = await page.locator('.army.defender .army-unit [data-card=label]').allTextContents();
  assert.deepEqual(stats.map((x) => x.trim()), cards.map((c) => c.label));

  // Both armies now have those keywords: nothing is added, and the note says why.
  await page.getByRole('button', { name: `Copy ${first.name}`, exact: true }).click();
  await page.locator('.army-note', { hasText: 'was not copied' }).waitFor();
  assert.match(await page.locator('.army-note').textContent(),
    new RegExp(`^${first.name} was not copied: both armies already have a unit with its keywords \\(${cards.at(-1).label.replace(/ d\d+$/, '')}\\)`));
  assert.equal(await page.locator('.army-unit').count(), 5);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('a removed unit never appears in a result; Clear says in words what is missing', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.locator('table.matrix td').first().waitFor();
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  const gone = example.defender.units[1].name;
  assert.match(await resultsText(page), new RegExp(gone));
  // Removed: gone from the odds, the units and the matrix at once, before new odds arrive.
  await page.getByRole('button', { name: `Remove ${gone}` }).click();
  assert.doesNotMatch(await resultsText(page), new RegExp(gone));
  // The keyboard goes to the unit before it (it was the last), by name.
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), `Edit ${example.defender.units[0].name}`);
  example.defender.units.pop();
  const want = ask('odds', example);
  await page.waitForFunction((t) => document.querySelector('.odds-card .bar-row[data-outcome=attacker] .p')?.textContent === t
    && !document.querySelector('.odds-body.stale'), pctText(want.outcomes.attacker));
  await page.locator('table.matrix td').first().waitFor();
  assert.doesNotMatch(await resultsText(page), new RegExp(gone));

  // Clear: not an error (nothing red while the first army is built): the
  // odds wait, dimmed, and say in words what is missing, with no path;
  // every old unit is gone from the results.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.state === 'waiting');
  assert.equal(await page.locator('.calc .banner.error:visible').count(), 0);
  for (const u of [...example.attacker.units, ...example.defender.units]) assert.doesNotMatch(await resultsText(page), new RegExp(u.name));
  assert.equal(await page.locator('.odds-body').getAttribute('class'), 'odds-body stale');
  const status = page.locator('.odds-card .status');
  assert.equal(await status.textContent(), 'Waiting: the attacker\'s army has no units yet.');
  assert.equal(await status.evaluate((e) => e.classList.contains('error')), false);
  // One army built: still waiting, now for the other one.
  await page.getByRole('button', { name: 'New unit for the attacker…' }).click();
  await page.locator('dialog[open]').getByRole('button', { name: 'Add to the attacker' }).click();
  await page.waitForFunction(() => /defender's army has no units yet/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  assert.equal(await page.locator('.calc .banner.error:visible, .odds-card .status.error').count(), 0);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('printed, the summary has every unit\'s keywords, stats and casualty die from the core', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/warfare');
  await page.getByRole('button', { name: 'Reset to the example' }).click();
  await page.waitForFunction(() => /Exact odds/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  await page.emulateMedia({ media: 'print' });
  const summary = page.locator('.print-only');
  // The summary is drawn when first needed (dom.js printSection): here, at print media.
  await summary.locator('tbody tr').first().waitFor();
  assert.equal(await summary.isVisible(), true);
  assert.equal(await page.locator('.outcome-strip').isVisible(), false);
  const example = ask('rules', { ruleset: 'warfare' }).rulesets.warfare.example;
  for (const side of ['attacker', 'defender']) {
    const cards = ask('unit', { ruleset: 'warfare', units: example[side].units }).cards;
    const rows = await summary.locator('table').nth(side === 'attacker' ? 0 : 1).locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.equal(rows.length, cards.length);
    rows.forEach((r, i) => {
      assert.equal(r[0], example[side].units[i].name);
      assert.equal(r[1], cards[i].label, 'keywords');
      assert.match(r[2], new RegExp(`^A \\+${cards[i].stats.attack} `), 'stats');
      assert.match(r[3], /^\d/, 'casualty die');
    });
  }
  assert.match(await summary.textContent(), /Rules: the book's defaults\./);
  // The odds print too, out of their scrolling column.
  assert.equal(await page.locator('.odds-card .outcome-chart').isVisible(), true);
  assert.deepEqual(problems, []);
  await page.context().close();
});

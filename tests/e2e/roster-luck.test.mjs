// "How lucky was this?" for a battle kept in a roster (issue 16, tool 5):
// through the page, an S&F battle is rolled from a roster's army, applied to
// the roster, and the roster page ranks the kept result. What it shows is
// checked against the core's own luck answer (under node) for the battle the
// roster kept, and that battle against the one the page rolled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, screenshotPath, pctText, keptBattle } from './harness.mjs';
import { PREFIX, stored } from './roster-steps.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => {
  core = await loadCore();
});

function call(fn, request) {
  const out = JSON.parse(core.call(fn, JSON.stringify(request)));
  assert.equal(out.ok, true, JSON.stringify(out.error));
  return out;
}

const SHIELDS = { name: 'Shieldbearers', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' };
const BOWS = { name: 'Elf Bows', ancestry: 'elf', experience: 'regular', equipment: 'light', type: 'archers', size: 'd8' };

function twoUnits(name) {
  let r = call('roster', { ruleset: 'warfare', roster: { name, units: [] }, action: { type: 'add', unit: SHIELDS } }).roster;
  r = call('roster', { ruleset: 'warfare', roster: r, action: { type: 'add', unit: BOWS } }).roster;
  return r;
}

// A page of the site's origin that runs none of its scripts, to set storage up first.
async function blank(browser, viewport) {
  const { page, context, problems } = await openPage(browser, 'about:blank', viewport ? { viewport } : undefined);
  await context.route(env.server.url + '__blank.html', (r) => r.fulfill({ contentType: 'text/html',
    body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">' }));
  await page.goto(env.server.url + '__blank.html');
  return { page, context, problems };
}

// The battle page opens on a small battle (one orc unit against the example
// attacker, replaced by the roster's army below), so every luck answer is exact.
const SMALL = { ruleset: 'warfare', seed: 42,
  attacker: { units: [SHIELDS] },
  defender: { units: [{ name: 'Red Fangs', ancestry: 'orc', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] } };

// Rolls a battle from the roster's army on the battle page and applies it;
// answers the stored roster record and what the page rolled.
async function rollAndApply(page, key) {
  await page.evaluate((b) => localStorage.setItem('battle-calculator/v1/warfare', JSON.stringify(b)), SMALL);
  await page.goto(env.server.url + '#/warfare');
  await page.locator('summary', { hasText: 'Armies from a roster' }).click();
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.army.attacker .army-unit').length === 2 &&
    /Shieldbearers/.test(document.querySelector('.army.attacker .army-unit').textContent));
  await page.getByRole('button', { name: 'Roll battle', exact: true }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('.roster-apply button')].some((b) => b.textContent.startsWith('Apply result to') && !b.disabled));
  const battle = await keptBattle(page, 'warfare');
  const rolled = call('roll', battle); // the same battle and seed the page rolled
  await page.locator('.roster-apply button', { hasText: /^Apply result to/ }).click();
  await page.locator('.roster-apply [role=status]', { hasText: 'The armies now follow the roster' }).waitFor();
  const record = (await stored(page)).find((e) => e.key === key);
  return { battle, rolled, record };
}

test('a rolled battle applied to a roster says how lucky it was, as the core ranks it', async () => {
  const { page, context, problems } = await blank(env.chrome.browser, { width: 1280, height: 800 });
  await page.evaluate(([p, r]) => localStorage.setItem(p + 'rluck', JSON.stringify({ key: 'rluck', rev: 1, created: 1, options: {}, rolls: [], roster: r })),
    [PREFIX, twoUnits('Luck')]);
  const { battle, rolled, record } = await rollAndApply(page, 'rluck');

  // The roster kept the battle the page rolled, its outcome and every unit's final die.
  const kept = record.roster.battles.at(-1);
  const asRolled = { ...battle, rules_version: rolled.rules_version };
  delete asRolled.seed;
  delete asRolled.solver;
  delete asRolled.dice;
  assert.deepEqual(kept.battle, asRolled);
  assert.equal(kept.side, 'attacker');
  assert.equal(kept.outcome, rolled.outcome);
  const finals = (side) => rolled.units.filter((u) => u.side === side).map((u) => u.final);
  assert.deepEqual(kept.result, { attacker: finals('attacker'), defender: finals('defender') });
  assert.equal(kept.seed, rolled.seed);

  // The core's answer for the kept battle and its result.
  const luck = call('luck', { ...kept.battle, luck: { actual: { outcome: kept.outcome, ...kept.result } } });

  await page.goto(env.server.url + '#/roster');
  const item = page.locator('.battles-kept li').first();
  await item.waitFor();
  assert.match(await item.textContent(), new RegExp(`seed ${rolled.seed}`));
  await item.getByRole('button', { name: /^How lucky was this\?/ }).click();
  const sides = item.locator('.rl-side');
  await sides.nth(1).waitFor();
  assert.equal(luck.method, 'exact');
  assert.equal(await item.locator('.roster-luck-out').getAttribute('data-method'), 'exact');
  for (const [i, side] of [[0, 'attacker'], [1, 'defender']]) {
    const row = sides.nth(i);
    const r = luck.sides[side];
    assert.equal(await row.getAttribute('data-side'), side);
    assert.equal(Number(await row.getAttribute('data-percentile')), r.percentile);
    const text = await row.textContent();
    if (r.equal > 0) {
      // Luckier than the results ranked below it, as lucky as those ranked the same (not the percentile, which counts half of those).
      assert.match(text, new RegExp(`was [a-z ]+: luckier than ${Math.round(100 * r.worse)}% of battles, as lucky as ${Math.round(100 * r.equal)}%\\.`));
      // The bar's mark sits at the percentile (CSS keeps 6 significant digits of it).
      const left = await row.locator('.rl-mark').evaluate((m) => m.style.left);
      assert.ok(Math.abs(parseFloat(left) - r.percentile) < 1e-3, `mark at ${left}, percentile ${r.percentile}`);
      const [track, mark] = await Promise.all([row.locator('.rl-track').boundingBox(), row.locator('.rl-mark').boundingBox()]);
      assert.ok(Math.abs(mark.x + mark.width / 2 - (track.x + 1 + (track.width - 2) * r.percentile / 100)) < 2, 'the mark is drawn at the percentile');
    }
    assert.match(text, side === 'attacker' ? /^Attacker \(“Luck”\) was / : /^Defender was /);
    // Which end, or the chance of at least this good, in the page's own percentages.
    const detail = r.worse <= 0 ? `The worst result this side could have had (${pctText(r.equal)} of battles end this way).`
      : r.better <= 0 ? `The best result this side could have had (${pctText(r.equal)} of battles end this way).`
        : `A result at least this good came in ${pctText(r.at_least)} of battles.`;
    assert.ok(text.includes(detail), `${text} lacks ${detail}`);
  }
  await item.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('roster-luck-1280.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone the answer reads in one column; a record without its battle offers nothing', async () => {
  const { page, context, problems } = await blank(env.chrome.browser, { width: 390, height: 844 });
  await page.evaluate(([p, r]) => localStorage.setItem(p + 'rphone', JSON.stringify({ key: 'rphone', rev: 1, created: 1, options: {}, rolls: [], roster: r })),
    [PREFIX, twoUnits('Phone')]);
  const { record } = await rollAndApply(page, 'rphone');
  // An older record, kept before battles were kept: no button beside it.
  const older = { day: 1, season: 1, text: 'An older battle, kept without its battle.', seed: 1, dice: 2, start: { u1: 6 } };
  const roster = { ...record.roster, battles: [older, ...record.roster.battles] };
  await page.evaluate(([p, e]) => localStorage.setItem(p + e.key, JSON.stringify({ ...e, rev: e.rev + 1 })), [PREFIX, { ...record, roster }]);
  await page.goto(env.server.url + '#/roster');
  const items = page.locator('.battles-kept li');
  await items.nth(1).waitFor();
  assert.equal(await items.nth(1).locator('button').count(), 0);
  const item = items.first();
  await item.getByRole('button', { name: /^How lucky was this\?/ }).click();
  await item.locator('.rl-side').nth(1).waitFor();
  const kept = record.roster.battles.at(-1);
  const luck = call('luck', { ...kept.battle, luck: { actual: { outcome: kept.outcome, ...kept.result } } });
  assert.equal(Number(await item.locator('.rl-side').first().getAttribute('data-percentile')), luck.sides.attacker.percentile);
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await item.locator('.roster-luck-out').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('roster-luck-390.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

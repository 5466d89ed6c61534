// A battle the user made is never lost (issue 38): each path that lost one,
// driven in Chromium the way the issue found it (make a battle, reload so it
// is the kept battle, then act), and after it the battle is still shown, or
// one step away in Recent battles, the recovery banner or Undo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openPage, useSiteAndBrowser, keptBattle, KEPT, RECENT, root } from './harness.mjs';
import { parseHash, decodeScenario } from '../../site/js/share.js';

const env = useSiteAndBrowser({ before, after });
const BS = 'bloodied-steel';
const RECOVERY = 'battle-calculator/recovery/';
const LEGACY = 'battle-calculator/v1/'; // where earlier versions kept the battle

const cohort = (name, arms = 4) => ({ name, nation: 'tribunan', arms, armour: 2, size: 5 });
const host = (name, arms = 3) => ({ name, nation: 'ashen', arms, armour: 1, size: 6 });
const battle = (...units) => ({ ruleset: BS, units, tactics: [], seed: 7 });
const link = (id, s) => `${env.server.url}#/${id}?j=${encodeURIComponent(JSON.stringify(s))}`;
const names = (s) => (s?.units || []).map((u) => u.name);
const rowName = (page, i) => page.locator('.unit-row').nth(i).getByLabel('Name');
const shownNames = (page) => page.locator('.unit-row input[type=text]').evaluateAll((els) => els.map((e) => e.value));
const recentOf = (page, id) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), RECENT + id);
const recentNames = async (page, id) => (await recentOf(page, id)).map((e) => names(e.scenario).join(' + '));

// The user's own battle: opened from a link, then changed here (a name typed),
// then the page reloaded so that it is the battle this browser keeps.
async function ownBattle(page, units = [cohort('Kept Cohort'), host('Kept Host')]) {
  await page.goto(link(BS, battle(...units)));
  await rowName(page, 0).waitFor();
  await rowName(page, 0).fill('My Cohort');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) || 'null')?.scenario?.units?.[0]?.name === 'My Cohort', KEPT + BS);
  await page.goto(`${env.server.url}#/${BS}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
}

// Restores the battle named `first` (its first unit) from the Recent battles dialog.
async function restoreFromRecent(page, first) {
  await page.getByRole('button', { name: 'Recent battles…' }).click();
  const item = page.locator('dialog.recent-battles li', { hasText: first });
  await item.getByRole('button', { name: /^Restore/ }).click();
  await page.waitForFunction((n) => document.querySelector('.unit-row input[type=text]')?.value === n, first);
}

test('38.1: two tabs on one battle page: each hears the other, a stale write is refused and nothing is lost', async () => {
  const { page: a, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await ownBattle(a);
  const b = await context.newPage();
  await b.goto(`${env.server.url}#/${BS}`);
  await b.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
  // Tab A changes the first unit; tab B shows it without a reload, and says why.
  await a.locator('.unit-row').nth(0).getByLabel('Arms').fill('7');
  await b.waitForFunction(() => document.querySelectorAll('.unit-row input[type=number]')[0]?.value === '7');
  await b.locator('.banner.keep-note', { hasText: 'was changed in another tab' }).waitFor();
  // Tab B changes the other unit: the kept battle has both edits, and tab A shows both.
  await b.locator('.unit-row').nth(1).getByLabel('Arms').fill('9');
  await a.waitForFunction(() => document.querySelectorAll('.unit-row')[1]?.querySelector('input[type=number]').value === '9');
  const both = await keptBattle(a, BS);
  assert.deepEqual([both.units[0].arms, both.units[1].arms], [7, 9]);

  // A write another tab made that A has not heard of yet (a tab's own writes raise no event there).
  const elsewhere = await a.evaluate((k) => {
    const r = JSON.parse(localStorage.getItem(k));
    r.rev += 1;
    r.scenario.units[1].name = 'Renamed elsewhere';
    localStorage.setItem(k, JSON.stringify(r));
    return r;
  }, KEPT + BS);
  await a.locator('.unit-row').nth(0).getByLabel('Arms').fill('5');
  const refused = a.locator('.banner.keep-note.error');
  await refused.waitFor();
  assert.match(await refused.textContent(), /^This Bloodied Steel battle was changed in another tab or window after this page showed it, so this page's change was not kept here\./);
  // Refused: the other write stands, and this tab still shows its own edit.
  assert.deepEqual(await a.evaluate((k) => JSON.parse(localStorage.getItem(k)), KEPT + BS), elsewhere);
  assert.equal(await a.locator('.unit-row').nth(0).getByLabel('Arms').inputValue(), '5');
  // Keeping this page's battle puts the other one in Recent battles: both are one step away.
  await refused.getByRole('button', { name: 'Keep this page\'s battle' }).click();
  const kept = await keptBattle(a, BS);
  assert.deepEqual([kept.units[0].arms, kept.units[1].name], [5, 'Kept Host']);
  assert.deepEqual(await recentNames(a, BS), ['My Cohort + Renamed elsewhere']);
  // Tab B follows what A kept.
  await b.waitForFunction(() => document.querySelectorAll('.unit-row input[type=number]')[0]?.value === '5');
  assert.deepEqual(problems, []);
  await context.close();
});

test('38.2: a damaged link or one for another rule system, then one edit: the kept battle goes to Recent battles first', async () => {
  const bad = [
    ['damaged', `${env.server.url}#/${BS}?b=2.%%%%`],
    ['another rule system', link(BS, { ruleset: 'warfare', attacker: { units: [] }, defender: { units: [] } })],
  ];
  for (const [label, url] of bad) {
    const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
    await ownBattle(page);
    await page.goto(url);
    const banner = page.locator('.banner.error', { hasText: 'could not be opened' });
    await banner.waitFor();
    assert.equal(await page.locator('.unit-row').count(), 0, label);
    const said = await banner.textContent();
    // One edit in the empty calculator: the battle it replaces is in Recent battles.
    await page.getByRole('button', { name: 'Add Tribunan unit' }).click();
    await page.waitForTimeout(800); // past the address's 600 ms: every write has happened
    assert.deepEqual(await recentNames(page, BS), ['My Cohort + Kept Host'], label);
    assert.match(said, /The calculator starts empty\. The Bloodied Steel battle you had is still the one kept in this browser/, label);
    assert.equal((await keptBattle(page, BS)).units.length, 1, label);
    await page.locator('.banner.keep-note', { hasText: 'you had before is in Recent battles' }).waitFor();
    await restoreFromRecent(page, 'My Cohort');
    assert.deepEqual(await shownNames(page), ['My Cohort', 'Kept Host'], label);
    assert.deepEqual(problems, [], label);
    await context.close();
  }
});

test('38.3: seven links in a row never push the user\'s own battle out of Recent battles', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await ownBattle(page);
  for (let i = 1; i <= 7; i++) {
    await page.goto(link(BS, battle(cohort(`Linked ${i}`), host(`Riders ${i}`))));
    await page.waitForFunction((n) => document.querySelector('.unit-row input[type=text]')?.value === n, `Linked ${i}`);
    await page.waitForFunction(([k, n]) => JSON.parse(localStorage.getItem(k))?.scenario?.units?.[0]?.name === n, [KEPT + BS, `Linked ${i}`]);
  }
  const list = await recentOf(page, BS);
  assert.ok(list.some((e) => names(e.scenario)[0] === 'My Cohort'), `the user's battle is in Recent battles: ${JSON.stringify(list.map((e) => names(e.scenario)[0]))}`);
  // The user's own battle, and the last six that links brought (the seventh is the one kept).
  assert.deepEqual(list.filter((e) => e.origin === 'own').map((e) => names(e.scenario)[0]), ['My Cohort']);
  assert.deepEqual(list.filter((e) => e.origin === 'link').map((e) => names(e.scenario)[0]), ['Linked 6', 'Linked 5', 'Linked 4', 'Linked 3', 'Linked 2', 'Linked 1']);
  await page.getByRole('button', { name: 'Recent battles…' }).click();
  assert.match(await page.locator('dialog.recent-battles li[data-origin=link]').first().textContent(), /from a link/);
  await page.locator('dialog.recent-battles').getByRole('button', { name: 'Close' }).click();
  await restoreFromRecent(page, 'My Cohort');
  assert.deepEqual(names(await keptBattle(page, BS)), ['My Cohort', 'Kept Host']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('38.4: a kept battle of the wrong shape is set aside with a banner, never emptied and written over', async () => {
  const cases = [
    // As an earlier version kept it, and as this one keeps it.
    [BS, LEGACY + BS, JSON.stringify({ ruleset: BS, units: { 0: cohort('Odd Cohort') }, tactics: [], seed: 3 })],
    [BS, KEPT + BS, JSON.stringify({ rev: 4, origin: 'own', at: 1, scenario: { ruleset: BS, units: [cohort('A')], tactics: 'none' } })],
    ['warfare', LEGACY + 'warfare', JSON.stringify({ ruleset: 'warfare', attacker: { units: { name: 'Odd' } }, defender: { units: [] } })],
    ['olympia', LEGACY + 'olympia', JSON.stringify({ ruleset: 'olympia', attacker: { nobles: [{ name: 'Odd', troops: [5] }] }, defender: { nobles: [] } })],
  ];
  for (const [id, key, text] of cases) {
    const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/roster`);
    await page.evaluate(([k, t]) => localStorage.setItem(k, t), [key, text]);
    await page.goto(`${env.server.url}#/${id}`);
    const banner = page.locator('.banner.recovery');
    await banner.waitFor();
    assert.match(await banner.textContent(), /could not be read or used \(1 item\)\. It has been set aside as it was, not written over/, key);
    const stored = await page.evaluate((k) => localStorage.getItem(k), RECOVERY + key);
    assert.equal(stored, text, key);
    // An edit now writes the page's battle; the set-aside text stays as it was.
    await page.locator('.toolbar').getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction((k) => localStorage.getItem(k), KEPT + id);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), RECOVERY + key), text, key);
    assert.deepEqual(problems, [], key);
    await context.close();
  }
});

// The battle in the page's address (null when it holds none).
async function addressBattle(page) {
  const { params } = parseHash(await page.evaluate(() => location.hash));
  return params.has('b') ? decodeScenario(params.get('b')) : null;
}
// Waits until the address holds a battle of which `test` is true. The page
// writes its address once the user has rested 600 ms from an edit: a test
// that pressed Back after a set time went back past the edit on a busy
// machine, or waited for a change the page had already written.
async function addressHolds(page, test, what) {
  const until = Date.now() + 30000;
  for (;;) {
    const b = await addressBattle(page);
    if (b && test(b)) return;
    if (Date.now() > until) assert.fail(`the address never held ${what}: ${JSON.stringify(b)}`);
    await page.waitForTimeout(100);
  }
}

// Removes the first unit (or noble) after a reload, then brings it back by
// each way offered: the note's Undo, Ctrl+Z, the toolbar's Undo, and Back
// (once the address holds the battle without it).
async function removeAndUndo(page, { remove, first, count, size }) {
  const ways = [
    ['the note\'s Undo', () => page.locator('.undo-note').getByRole('button', { name: /^Undo/ }).click()],
    ['Ctrl+Z', () => page.keyboard.press('Control+z')],
    ['the toolbar\'s Undo', () => page.locator('.page-head .toolbar').getByRole('button', { name: /^Undo/ }).click()],
    ['Back', () => page.goBack()],
  ];
  const before = await count();
  for (const [way, act] of ways) {
    if (way === 'Back') await addressHolds(page, (b) => size(b) === before, `the whole battle (${before})`);
    await remove();
    assert.equal(await count(), before - 1, `${way}: removed`);
    if (way === 'Back') await addressHolds(page, (b) => size(b) === before - 1, `the battle without it (${before - 1})`);
    await act();
    await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length === n, [first.selector, before]);
    assert.equal(await first.value(), first.name, way);
  }
}

test('38.5: removing a unit or noble as the first action after a reload: Undo, Ctrl+Z and Back bring it back', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  // Bloodied Steel.
  await ownBattle(page);
  await removeAndUndo(page, {
    remove: () => page.getByRole('button', { name: 'Remove My Cohort' }).click(),
    first: { selector: '.unit-row', name: 'My Cohort', value: () => rowName(page, 0).inputValue() },
    count: () => page.locator('.unit-row').count(),
    size: (b) => b.units.length,
  });
  assert.deepEqual(names(await keptBattle(page, BS)), ['My Cohort', 'Kept Host']);

  // Strongholds & Followers.
  const wf = { ruleset: 'warfare', attacker: { units: [{ name: 'Iron Wall', ancestry: 'dwarf', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] },
    defender: { units: [{ name: 'Red Fangs', ancestry: 'orc', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] } };
  await page.goto(link('warfare', wf));
  await page.locator('.army-unit').nth(1).waitFor();
  await page.goto(`${env.server.url}#/warfare`);
  await page.reload();
  await page.locator('.army-unit').nth(1).waitFor();
  await removeAndUndo(page, {
    remove: () => page.getByRole('button', { name: 'Remove Iron Wall' }).click(),
    first: { selector: '.army-unit', name: 'Iron Wall', value: () => page.locator('.army.attacker .army-unit strong').first().textContent() },
    count: () => page.locator('.army-unit').count(),
    size: (b) => b.attacker.units.length + b.defender.units.length,
  });
  assert.equal((await keptBattle(page, 'warfare')).attacker.units[0].name, 'Iron Wall');

  // Olympia: a noble.
  const ol = { ruleset: 'olympia', attacker: { nobles: [{ name: 'Osswid', troops: { soldier: 5 } }, { name: 'Wevor', troops: { archer: 3 } }] },
    defender: { nobles: [{ name: 'Garrison', troops: { soldier: 6 } }] } };
  await page.goto(link('olympia', ol));
  await page.locator('.ol-noble').nth(2).waitFor();
  await page.goto(`${env.server.url}#/olympia`);
  await page.reload();
  await page.locator('.ol-noble').nth(2).waitFor();
  await removeAndUndo(page, {
    remove: () => page.getByRole('button', { name: 'Remove Osswid' }).click(),
    first: { selector: '.ol-noble', name: 'Osswid', value: () => page.locator('.ol-stack[data-side=attacker] .ol-noble').first().getByLabel('Stack leader').inputValue() },
    count: () => page.locator('.ol-noble').count(),
    size: (b) => b.attacker.nobles.length + b.defender.nobles.length,
  });
  assert.deepEqual((await keptBattle(page, 'olympia')).attacker.nobles.map((n) => n.name), ['Osswid', 'Wevor']);
  assert.deepEqual(problems, []);
  await context.close();
});

const fixture = (name) => fs.readFileSync(path.join(root, 'tests', 'fixtures', 'olympia-reports', name), 'utf8').replace(/^(#.*\n)+/, '');

test('38 (Undo): Clear, Reset and Fill from a turn report are undone, after a reload too', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await ownBattle(page);
  const toolbar = page.locator('.page-head .toolbar');
  // Clear, then the note's Undo.
  await toolbar.getByRole('button', { name: 'Clear' }).click();
  await page.waitForFunction(() => !document.querySelector('.unit-row'));
  assert.equal(await page.locator('.undo-note').textContent().then((t) => /Cleared the battle\./.test(t)), true);
  await page.locator('.undo-note').getByRole('button', { name: /^Undo/ }).click();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
  assert.deepEqual(names(await keptBattle(page, BS)), ['My Cohort', 'Kept Host']);
  // Reset, then Ctrl+Z with the keyboard on the page.
  await toolbar.getByRole('button', { name: 'Reset to the example' }).click();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value !== 'My Cohort');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
  assert.deepEqual(names(await keptBattle(page, BS)), ['My Cohort', 'Kept Host']);

  // Olympia: Fill from a turn report, as the first action after a reload; the toolbar's Undo.
  const ol = { ruleset: 'olympia', attacker: { nobles: [{ name: 'Osswid', troops: { soldier: 5 } }] }, defender: { nobles: [{ name: 'Garrison', troops: { soldier: 6 } }] } };
  await page.goto(link('olympia', ol));
  await page.locator('.ol-noble').nth(1).waitFor();
  await page.goto(`${env.server.url}#/olympia`);
  await page.reload();
  await page.locator('.ol-noble').nth(1).waitFor();
  await page.locator('.ol-stack[data-side=attacker]').getByRole('button', { name: 'Paste from a turn report…' }).click();
  const dlg = page.locator('dialog.paste-dialog');
  await dlg.getByLabel('Report text').fill(fixture('g2-battle-slaine.txt'));
  await page.waitForFunction(() => !document.querySelector('dialog.paste-dialog .toolbar .primary').disabled);
  await dlg.getByRole('button', { name: 'Fill the attacker\'s stack' }).click();
  const leader = page.locator('.ol-stack[data-side=attacker] .ol-noble').first().getByLabel('Stack leader');
  await page.waitForFunction(() => document.querySelector('.ol-stack[data-side=attacker] .ol-noble input[type=text]')?.value === 'Slaine');
  await page.locator('.page-head .toolbar').getByRole('button', { name: /^Undo/ }).click();
  await page.waitForFunction(() => document.querySelector('.ol-stack[data-side=attacker] .ol-noble input[type=text]')?.value === 'Osswid');
  assert.equal(await leader.inputValue(), 'Osswid');
  assert.deepEqual((await keptBattle(page, 'olympia')).attacker.nobles.map((n) => n.name), ['Osswid']);
  assert.deepEqual(problems, []);
  await context.close();
});

// The battle pages' storage under the cases of issue 39 (items 2-4) and the
// Undo of Apply (issue 38): armies taken from a roster are undone and the
// battle before is kept in Recent battles; a full store is said in words and
// loses nothing; a page on another origin that opened the calculator cannot
// push the kept battle out with a burst of links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, keptBattle, KEPT, RECENT } from './harness.mjs';
import { PREFIX, stored } from './roster-steps.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => { core = await loadCore(); });

const BS = 'bloodied-steel';
const link = (id, s, search = '') => `${env.server.url}${search}#/${id}?j=${encodeURIComponent(JSON.stringify(s))}`;
const names = (s) => (s?.units || []).map((u) => u.name);
const recentOf = (page, id) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) || '[]'), RECENT + id);
const firstName = (page) => page.evaluate(() => document.querySelector('.unit-row input[type=text]')?.value ?? null);
const cohort = (name) => ({ name, nation: 'tribunan', arms: 4, armour: 2, size: 5 });
const bsBattle = (a, b) => ({ ruleset: BS, units: [cohort(a), { ...cohort(b), nation: 'ashen' }], tactics: [], seed: 7 });

// The user's own Bloodied Steel battle, kept: opened, changed here, reloaded.
async function ownBattle(page) {
  await page.goto(link(BS, bsBattle('Kept Cohort', 'Kept Host')));
  await page.locator('.unit-row').first().getByLabel('Name').fill('My Cohort');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) || 'null')?.scenario?.units?.[0]?.name === 'My Cohort', KEPT + BS);
  await page.goto(`${env.server.url}#/${BS}`);
  await page.reload();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
}

function rosterCall(roster, action) {
  const out = JSON.parse(core.call('roster', JSON.stringify({ ruleset: 'warfare', roster, action, options: {} })));
  assert.equal(out.ok, true, JSON.stringify(out.error));
  return out.roster;
}
const SHIELDS = { name: 'Shieldbearers', ancestry: 'dwarf', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' };
const BOWS = { name: 'Elf Bows', ancestry: 'elf', experience: 'regular', equipment: 'light', type: 'archers', size: 'd8' };
const WF = { ruleset: 'warfare',
  attacker: { units: [{ name: 'Iron Wall', ancestry: 'dwarf', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] },
  defender: { units: [{ name: 'Red Fangs', ancestry: 'orc', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] } };
const attackers = (page) => page.locator('.army.attacker .army-unit strong').allTextContents();

// A warfare battle kept (opened by link, the page reloaded) and a roster "Bridge" kept beside it.
async function warfareWithRoster(page) {
  const roster = rosterCall(rosterCall({ name: 'Bridge', units: [] }, { type: 'add', unit: SHIELDS }), { type: 'add', unit: BOWS });
  await page.goto(link('warfare', WF));
  await page.locator('.army-unit').nth(1).waitFor();
  await page.evaluate(([k, r]) => localStorage.setItem(k, JSON.stringify({ key: 'rbridge', rev: 1, created: 1, options: {}, roster: r })), [PREFIX + 'rbridge', roster]);
  await page.goto(`${env.server.url}#/warfare`);
  await page.reload();
  await page.locator('.army-unit').nth(1).waitFor();
  await page.locator('summary', { hasText: 'Armies from a roster' }).click();
}
const tookArmies = (page) => page.waitForFunction(() => document.querySelector('.army.attacker .army-unit strong')?.textContent === 'Shieldbearers');
const backToIronWall = (page) => page.waitForFunction(() => document.querySelector('.army.attacker .army-unit strong')?.textContent === 'Iron Wall');

test('39.2: Take armies from a roster, as the first action after a reload: Undo and Back put the side back; the battle before is in Recent battles', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await warfareWithRoster(page);
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  await tookArmies(page);
  assert.deepEqual(await attackers(page), ['Shieldbearers', 'Elf Bows']);
  // The battle before is in Recent battles, and Undo (the note's) puts it back.
  assert.deepEqual((await recentOf(page, 'warfare')).map((e) => e.scenario.attacker.units.map((u) => u.name)), [['Iron Wall']]);
  assert.match(await page.locator('.undo-note').textContent(), /Took the attacker's army from “Bridge”\./);
  await page.locator('.undo-note').getByRole('button', { name: /^Undo/ }).click();
  await backToIronWall(page);
  assert.deepEqual((await keptBattle(page, 'warfare')).attacker.units.map((u) => u.name), ['Iron Wall']);
  // Again, and Back.
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  await tookArmies(page);
  await page.waitForTimeout(800); // the address follows the battle after 600 ms
  await page.goBack();
  await backToIronWall(page);
  assert.deepEqual((await keptBattle(page, 'warfare')).attacker.units.map((u) => u.name), ['Iron Wall']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('38 (Undo): the page\'s Undo of Apply result to roster puts back the roster and the armies both', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await warfareWithRoster(page);
  await page.getByRole('button', { name: 'Take armies from a roster' }).click();
  await tookArmies(page);
  const rosterBefore = (await stored(page)).find((e) => e.key === 'rbridge').roster;
  const armiesBefore = await keptBattle(page, 'warfare');
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('.roster-apply button')].some((b) => b.textContent.startsWith('Apply result to') && !b.disabled));
  await page.locator('.roster-apply button', { hasText: /^Apply result to/ }).click();
  await page.locator('.roster-apply [role=status]', { hasText: 'The armies now follow the roster' }).waitFor();
  assert.notDeepEqual((await stored(page)).find((e) => e.key === 'rbridge').roster, rosterBefore);
  await page.keyboard.press('Control+z');
  await page.locator('.roster-bridge [role=status]', { hasText: 'as before the result' }).waitFor();
  assert.deepEqual((await stored(page)).find((e) => e.key === 'rbridge').roster, rosterBefore);
  assert.deepEqual(await keptBattle(page, 'warfare'), armiesBefore);
  assert.deepEqual(problems, []);
  await context.close();
});

// Fills this origin's localStorage until it refuses even one more character.
const fillStorage = (page) => page.evaluate(() => {
  let n = 0;
  for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
    const text = 'x'.repeat(size);
    for (;;) {
      try { localStorage.setItem(`filler/${n++}`, text); } catch { break; }
    }
  }
  return n;
});
const emptyFiller = (page) => page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler/')) localStorage.removeItem(k); });

test('39.3: with the store full, an edit, Clear and a link each say so in words, and the kept battle stays whole', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await ownBattle(page);
  await fillStorage(page);
  const kept = () => keptBattle(page, BS);
  const keepNote = page.locator('.banner.keep-note.error');

  // An edit that needs more room: not kept, and said.
  await page.locator('.unit-row').first().getByLabel('Name').fill('My Cohort, renamed while the store is full');
  await keepNote.waitFor();
  assert.match(await keepNote.textContent(), /^This change is not kept in this browser: this browser would not store it \(its storage is full/);
  assert.deepEqual(names(await kept()), ['My Cohort', 'Kept Host']);

  // Clear: the kept battle cannot go to Recent battles, so it is not replaced; Undo brings the page's back.
  await page.locator('.page-head .toolbar').getByRole('button', { name: 'Clear' }).click();
  await page.waitForFunction(() => !document.querySelector('.unit-row'));
  assert.deepEqual(names(await kept()), ['My Cohort', 'Kept Host']);
  await page.waitForFunction(() => /the battle kept before is still the one kept/.test(document.querySelector('.banner.keep-note')?.textContent));
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => /renamed while the store is full/.test(document.querySelector('.unit-row input[type=text]')?.value));

  // A link: opened, but neither kept nor said to be "kept in Recent battles".
  await page.goto(link(BS, bsBattle('Linked Legion', 'Linked Riders')));
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'Linked Legion');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.banner', { hasText: 'kept in Recent battles' }).count(), 0);
  assert.match(await keepNote.textContent(), /This battle is not kept in this browser, and the battle kept before is still the one kept: this browser would not store it/);
  assert.deepEqual(names(await kept()), ['My Cohort', 'Kept Host']);
  assert.deepEqual(await recentOf(page, BS), []);

  // Room again: the next edit is kept, the battle before goes to Recent battles, and the words go.
  await emptyFiller(page);
  await page.locator('.unit-row').first().getByLabel('Arms').fill('6');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).scenario.units[0].name === 'Linked Legion', KEPT + BS);
  assert.equal(await keepNote.count(), 0);
  assert.deepEqual((await recentOf(page, BS)).map((e) => names(e.scenario)), [['My Cohort', 'Kept Host']]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('39.4: a page on another origin that opened the calculator cannot replace the kept battle with a burst of links', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  await ownBattle(page);
  await context.route('http://hostile.test/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Host</title><p>A page elsewhere</p>' }));
  const hostPage = await context.newPage();
  await hostPage.goto('http://hostile.test/host.html');
  const [popup] = await Promise.all([context.waitForEvent('page'),
    hostPage.evaluate((u) => { window.calc = window.open(u); }, `${env.server.url}#/${BS}`)]);
  await popup.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'My Cohort');
  for (let i = 1; i <= 7; i++) {
    // Most in the same page (the fragment changes); one loads the calculator afresh.
    const url = link(BS, bsBattle(`Host ${i}`, `Host Riders ${i}`), i === 4 ? '?from=host' : '');
    await hostPage.evaluate((u) => { window.calc.location = u; }, url);
    await popup.waitForFunction((n) => document.querySelector('.unit-row input[type=text]')?.value === n, `Host ${i}`);
  }
  await popup.waitForTimeout(300);
  // The kept battle is still the user's; no host battle went anywhere.
  assert.deepEqual(names(await keptBattle(page, BS)), ['My Cohort', 'Kept Host']);
  assert.deepEqual(await recentOf(page, BS), []);
  const banner = popup.locator('.banner.info', { hasText: 'Another page opened this calculator' });
  assert.match(await banner.textContent(), /is not kept in this browser until you change it or press Keep this battle; the Bloodied Steel battle you had stays the one kept/);
  // The user acts in the page: then it is kept, and the user's own is in Recent battles.
  // Read in the page that wrote it: another renderer sees localStorage a moment later.
  await banner.getByRole('button', { name: 'Keep this battle' }).click();
  assert.deepEqual(names(await keptBattle(popup, BS)), ['Host 7', 'Host Riders 7']);
  assert.deepEqual((await recentOf(popup, BS)).map((e) => [names(e.scenario)[0], e.origin]), [['My Cohort', 'own']]);
  // The tab that showed the user's battle follows what is kept now (the user's is in Recent battles).
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=text]')?.value === 'Host 7');
  assert.equal(await firstName(page), 'Host 7');
  assert.deepEqual(problems, []);
  await context.close();
});

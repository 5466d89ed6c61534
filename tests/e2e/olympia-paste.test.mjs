// Pasting from an Olympia turn report in the browser: a real battle section
// fills each side's stack only when the player presses Fill, the page then
// shows the core's odds for those stacks, Undo puts the stacks back; a real
// listing fills a stack of thirteen nobles on a phone, by keyboard; names
// stay text; Cancel changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, shownOdds, axe, root } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => { core = await loadCore(); });

const fixture = (name) => fs.readFileSync(path.join(root, 'tests', 'fixtures', 'olympia-reports', name), 'utf8').replace(/^(#.*\n)+/, '');
const stack = (page, side) => page.locator(`.ol-stack[data-side=${side}]`);
const dialog = (page) => page.locator('dialog.paste-dialog');

async function openPaste(page, side) {
  await stack(page, side).getByRole('button', { name: 'Paste from a turn report…' }).click();
  await dialog(page).waitFor();
}
// Closed by a click or a key, the dialog leaves the page on its close event, a task later.
async function closed(page) {
  await dialog(page).waitFor({ state: 'detached', timeout: 5000 });
}
// What the page holds for one noble: name, behind, break point (the leader's), men by field label.
async function nobleOnPage(page, side, i) {
  const n = stack(page, side).locator(`.ol-noble[data-index="${i}"]`);
  const troops = {};
  for (const t of await n.locator('.ol-troop').all()) troops[await t.getAttribute('data-kind')] = Number(await t.locator('input').inputValue());
  const bp = n.getByLabel('Break point %');
  return {
    name: await n.getByLabel(i === 0 ? 'Stack leader' : 'Noble').inputValue(),
    behind: Number(await n.getByLabel('Behind').inputValue()),
    break_point: (await bp.count()) ? Number(await bp.inputValue()) : null,
    troops,
  };
}

test('a real G2 battle section fills each side on Fill; the page shows the core\'s odds; Undo puts it back', async () => {
  const { page, problems, outside } = await openPage(env.chrome.browser, env.server.url + '#/olympia', { viewport: { width: 1280, height: 800 } });
  await page.getByRole('button', { name: 'Clear' }).click();
  const text = fixture('g2-battle-slaine.txt');

  await openPaste(page, 'attacker');
  await dialog(page).getByLabel('Report text').fill(text);
  const preview = dialog(page).locator('.paste-preview');
  await preview.getByText('Read: 1 noble (from the attacker in a battle)').waitFor();
  assert.match(await preview.textContent(), /Slaine \(leads\): 9 peasants, 20 soldiers, 6 archers; behind 9/);
  assert.match(await preview.textContent(), /Slaine: two winged horses — carried, does not fight/);
  assert.match(await preview.textContent(), /the leader's break point \(50% used\)/);
  // Both stacks of the battle are offered; this side's is chosen.
  assert.equal(await dialog(page).getByLabel(/The text holds 2 stacks/).inputValue(), '0');
  // Nothing has changed yet.
  assert.equal((await nobleOnPage(page, 'attacker', 0)).name, 'Attacker');
  const fill = dialog(page).getByRole('button', { name: 'Fill the attacker\'s stack' });
  await page.waitForFunction(() => !document.querySelector('dialog.paste-dialog .toolbar .primary').disabled);
  await page.screenshot({ path: screenshotPath('olympia-paste-1280.png') });
  await fill.click();
  await closed(page);
  assert.equal(await dialog(page).count(), 0, 'the dialog closes');
  assert.deepEqual(await nobleOnPage(page, 'attacker', 0), { name: 'Slaine', behind: 9, break_point: 50, troops: { peasant: 9, soldier: 20, archer: 6 } });
  assert.match(await page.locator('.ol-paste-note').textContent(), /Filled the attacker's stack from the report: Slaine\. The stacks before are kept in Recent battles\./);

  await openPaste(page, 'defender');
  await dialog(page).getByLabel('Report text').fill(text);
  await dialog(page).locator('.paste-preview').getByText('Read: 1 noble (from the defender in a battle)').waitFor();
  await page.waitForFunction(() => !document.querySelector('dialog.paste-dialog .toolbar .primary').disabled);
  await dialog(page).getByRole('button', { name: 'Fill the defender\'s stack' }).click();
  assert.deepEqual(await nobleOnPage(page, 'defender', 0), { name: 'Garrison', behind: 0, break_point: 50, troops: { soldier: 20, peasant: 6 } });

  // The odds on the page are the core's for the stacks written out by hand
  // from the report (sampled: too many states for the exact solve by
  // default; the page's sampling on every core gives the core's single-call answer).
  const battle = {
    ruleset: 'olympia', options: {},
    attacker: { nobles: [{ name: 'Slaine', behind: 9, troops: { peasant: 9, soldier: 20, archer: 6 } }] },
    defender: { nobles: [{ name: 'Garrison', troops: { soldier: 20, peasant: 6 } }] },
  };
  const want = JSON.parse(core.odds(JSON.stringify(battle)));
  assert.equal(want.ok, true);
  await page.waitForFunction(() => /Monte Carlo|Exact/.test(document.querySelector('.odds-card .status')?.textContent || '')
    && !document.querySelector('.odds-card')?.classList.contains('stale'), null, { timeout: 60000 });
  // The odds of the attacker's stack alone may still be on screen until the defender's are worked
  // out (the page waits for typing to pause): wait for them to become the core's, then compare.
  const wantText = Object.fromEntries(['attacker', 'defender', 'tie'].map((id) => [id, pctText(want.outcomes[id])]));
  let shown = null;
  for (let i = 0; i < 600; i++) {
    shown = await shownOdds(page);
    if (Object.entries(wantText).every(([id, t]) => shown.odds[id]?.text === t)) break;
    await page.waitForTimeout(100);
  }
  for (const id of ['attacker', 'defender', 'tie']) assert.equal(shown.odds[id].text, wantText[id], id);
  await page.screenshot({ path: screenshotPath('olympia-paste-filled-1280.png') });

  // Undo puts the defender back as it was; the pasted battle is kept in Recent battles.
  await page.locator('.ol-paste-note').getByRole('button', { name: 'Undo' }).click();
  assert.equal((await nobleOnPage(page, 'defender', 0)).name, 'Defender');
  assert.equal((await nobleOnPage(page, 'attacker', 0)).name, 'Slaine');
  await page.getByRole('button', { name: 'Recent battles…' }).click();
  assert.match(await page.locator('dialog.recent-battles').textContent(), /Slaine, Garrison/);
  await page.locator('dialog.recent-battles').getByRole('button', { name: 'Close' }).click();

  assert.deepEqual(await axe(page), [], 'the page after a paste');
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, [], 'no request leaves 127.0.0.1');
  await page.context().close();
});

test('on a phone, by keyboard: a real Age of Gods listing fills a stack of thirteen; unknown kinds are listed', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia', { viewport: { width: 390, height: 844 } });
  await page.getByRole('button', { name: 'Clear' }).click();
  const open = stack(page, 'attacker').getByRole('button', { name: 'Paste from a turn report…' });
  await open.focus();
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'paste-text', 'the text box has the keyboard');
  // The annals' HTML as it is in the file: tags, &nbsp; and lines the editor wrapped.
  await page.evaluate((t) => { const a = document.activeElement; a.value = t; a.dispatchEvent(new Event('input')); }, fixture('tag-stack-wevor.html'));
  const preview = dialog(page).locator('.paste-preview');
  await preview.getByText('Read: 13 nobles (from a stack listing)').waitFor();
  const shown = await preview.textContent();
  assert.match(shown, /Wevor \(leads\): 2 soldiers, 60 archers; behind 5/);
  assert.match(shown, /Pias Bavol: no men; behind 8/);
  assert.match(shown, /Not read \(14\)/);
  assert.match(shown, /Masilica: 37 lt\. foot — an Age of Gods kind; the calculator knows G2's kinds only/);
  assert.match(shown, /It is from Olympia: The Age of Gods/);
  const overflow = await dialog(page).evaluate((d) => d.scrollWidth - d.clientWidth);
  assert.ok(overflow <= 0, `the dialog does not scroll sideways (${overflow}px)`);
  await page.waitForFunction(() => !document.querySelector('dialog.paste-dialog .toolbar .primary').disabled);
  await page.screenshot({ path: screenshotPath('olympia-paste-390.png') });
  assert.deepEqual(await axe(page, 'dialog.paste-dialog'), []);
  // To Fill by Tab: past the list of lines not used, to the first button.
  for (let i = 0; i < 4 && !(await page.evaluate(() => document.activeElement?.textContent === 'Fill the attacker\'s stack')); i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Fill the attacker\'s stack');
  await page.keyboard.press('Enter');
  await closed(page);
  assert.equal(await dialog(page).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.closest('.ol-stack')?.dataset.side), 'attacker', 'the keyboard is in the filled stack');
  assert.equal(await stack(page, 'attacker').locator('.ol-noble').count(), 13);
  assert.deepEqual(await nobleOnPage(page, 'attacker', 0), { name: 'Wevor', behind: 5, break_point: 50, troops: { soldier: 2, archer: 60 } });
  assert.deepEqual(await nobleOnPage(page, 'attacker', 12), { name: 'Mimi', behind: 0, break_point: null, troops: { soldier: 1, pikeman: 33 } });
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(pageOverflow <= 0, `no sideways scrolling (overflow ${pageOverflow}px)`);
  await page.screenshot({ path: screenshotPath('olympia-paste-filled-390.png') });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('Cancel and Escape change nothing; a name with markup is shown as text; a stack the core refuses cannot be filled', async () => {
  const { page, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia');
  await page.getByRole('button', { name: 'Clear' }).click();
  await openPaste(page, 'defender');
  await dialog(page).getByLabel('Report text').fill('29:    <img src=x onerror=alert(1)> [t358], behind 9, with 20 soldiers');
  await dialog(page).locator('.paste-preview').getByText('Read: 1 noble').waitFor();
  assert.match(await dialog(page).locator('.paste-nobles').textContent(), /<img src=x onerror=alert\(1\)> \(leads\): 20 soldiers; behind 9/);
  assert.equal(await dialog(page).locator('img').count(), 0);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await nobleOnPage(page, 'defender', 0)).name, 'Defender');

  await openPaste(page, 'defender');
  await dialog(page).getByLabel('Report text').fill(fixture('g2-battle-slaine.txt'));
  await dialog(page).locator('.paste-preview').getByText('Read: 1 noble').waitFor();
  await page.keyboard.press('Escape');
  await closed(page);
  assert.equal(await dialog(page).count(), 0);
  assert.equal((await nobleOnPage(page, 'defender', 0)).name, 'Defender');

  // 101 nobles are more than a side may have: the core's check says so and Fill stays off.
  await openPaste(page, 'attacker');
  await dialog(page).getByLabel('Report text').fill('Combat:         attack 80, defense 80, missile 0\n'.repeat(101));
  const err = dialog(page).locator('.paste-error');
  await err.waitFor();
  assert.match(await err.textContent(), /^This stack cannot be used: .*100/);
  assert.equal(await dialog(page).getByRole('button', { name: 'Fill the attacker\'s stack' }).isDisabled(), true);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await stack(page, 'attacker').locator('.ol-noble').count(), 1);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('39.5: a paste longer than the reader reads is cut before the text box gets it, and the dialog says what was left out', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + '#/olympia', { viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await openPaste(page, 'attacker');
  // A real battle section, then megabytes of control characters and text: 5,000,000 characters in all.
  const head = fixture('g2-battle-slaine.txt');
  const total = 5_000_000;
  let text = head;
  while (text.length < total) text += '\u0001\u0002\u0007 junk line\n';
  text = text.slice(0, total);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  const area = dialog(page).getByLabel('Report text');
  await area.focus();
  await page.keyboard.press('Control+V'); // a real paste, from the clipboard
  const note = dialog(page).locator('.paste-cut');
  await note.waitFor();
  assert.equal(await area.evaluate((a) => a.value.length), 200000, 'only what the reader reads is in the text box');
  assert.equal(await area.evaluate((a, h) => a.value.startsWith(h), head), true);
  const line = text.slice(0, 200000).split('\n').length; // the line the cut falls in
  assert.match(await note.textContent(), new RegExp('^The pasted text has 5,000,000 characters, more than the 200,000 this dialog reads, so only its first 200,000 were pasted\\. ' +
    `Left out: the other 4,800,000 characters, from line ${line.toLocaleString('en')} of the pasted text \\(“.*junk line.*…”\\) on\\.`));
  // The battle at the start of the text is read as ever.
  await dialog(page).locator('.paste-preview').getByText('Read: 1 noble (from the attacker in a battle)').waitFor();
  await page.screenshot({ path: screenshotPath('olympia-paste-cut-390.png') });
  assert.deepEqual(await axe(page, 'dialog.paste-dialog'), []);
  assert.deepEqual(problems, []);
  await context.close();
});

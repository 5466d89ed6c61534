// Sharing, embedding and offline use: a link reproduces the battle, hostile
// links run nothing, the iframe and the custom element work on a plain page,
// the single file works from disk with no network, and the served site works
// offline after one visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { openPage, screenshotPath, root, useSiteAndBrowser, loadCore, keptBattle } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => {
  core = await loadCore();
});

const battle = {
  ruleset: 'bloodied-steel',
  units: [{ name: 'Iron Cohort', nation: 'tribunan', arms: 5, armour: 2, size: 6 },
          { name: 'Ash Riders', nation: 'ashen', arms: 4, armour: 1, size: 5 }],
  tactics: [],
  seed: 99,
};
const bars = (page) => page.locator('.odds-card .outcome-chart .bar-value').allTextContents();
async function settled(page) {
  await page.locator('.bar-row').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.odds-body.stale'));
}

test('a link reproduces the battle, and back/forward step through edits', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser,
    env.server.url + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)));
  await settled(page);
  const first = await bars(page);
  // Edit: the fragment follows.
  await page.locator('.unit-row').first().getByLabel('Arms').fill('9');
  await page.waitForFunction(() => /[?&]b=2\./.test(location.hash));
  await settled(page);
  const edited = await bars(page);
  assert.notDeepEqual(edited, first);
  const link = page.url();

  // The link, opened elsewhere, gives the same battle and odds.
  const other = await openPage(env.chrome.browser, link);
  await settled(other.page);
  assert.deepEqual(await bars(other.page), edited);
  assert.equal(await other.page.locator('.unit-row').first().getByLabel('Arms').inputValue(), '9');
  assert.equal(await other.page.getByLabel('Seed', { exact: true }).inputValue(), '99');
  await other.context.close();

  // Back: the earlier battle; forward: the edit again.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=number]')?.value === '5');
  await settled(page);
  assert.deepEqual(await bars(page), first);
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('.unit-row input[type=number]')?.value === '9');
  await settled(page);
  assert.deepEqual(await bars(page), edited);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Copy link with a rolled battle rolls the same battle for everyone', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser,
    env.server.url + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await settled(page);
  await page.getByRole('button', { name: 'Roll battle' }).click();
  const story = await page.locator('blockquote.story').textContent();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.locator('.banner.info', { hasText: 'Link copied' }).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // Link format 2: the roll names the dice it was rolled with.
  assert.match(link, /#\/bloodied-steel\?b=2\.[A-Za-z0-9_-]+&roll=1&dice=2$/);
  const other = await openPage(env.chrome.browser, link);
  await other.page.locator('blockquote.story').waitFor();
  assert.equal(await other.page.locator('blockquote.story').textContent(), story);
  assert.deepEqual(problems, []);
  assert.deepEqual(other.problems, []);
  await other.context.close();
  await context.close();
});

test('a hostile or broken link shows a message, an empty calculator, and runs nothing', async () => {
  const hostileName = '<img src=x onerror="window.__pwned=1">';
  const fragments = [
    ['script tags', 'j=' + encodeURIComponent('<script>window.__pwned=1</script>')],
    ['huge numbers', 'j=' + encodeURIComponent(JSON.stringify({ ...battle, units: [{ ...battle.units[0], arms: 1e308 }] }))],
    ['garbage', 'b=1.%%%%'],
    ['not deflated', 'b=1.SGVsbG8gd29ybGQ'],
    ['a newer format', 'b=7.abcdef'],
    ['no version', 'b=abcdef'],
    ['another rule system', 'j=' + encodeURIComponent(JSON.stringify({ ruleset: 'chess' }))],
    ['a script in a field', 'j=' + encodeURIComponent(JSON.stringify({ ...battle, units: [{ ...battle.units[0], name: hostileName, arms: -1 }] }))],
  ];
  for (const [label, frag] of fragments) {
    const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel?${frag}`);
    const notice = page.locator('.banner.error', { hasText: 'could not be opened' });
    await notice.waitFor();
    assert.match(await notice.textContent(), /starts empty/, label);
    assert.equal(await page.locator('.unit-row').count(), 0, `${label}: empty calculator`);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, `${label}: nothing ran`);
    assert.equal(await page.locator('main img').count(), 0, label);
    assert.deepEqual(problems, [], label);
    await context.close();
  }
  // A valid battle whose unit is named like markup: shown as text.
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel?j=` +
    encodeURIComponent(JSON.stringify({ ...battle, units: [{ ...battle.units[0], name: hostileName }, battle.units[1]] })));
  await settled(page);
  assert.equal(await page.locator('.unit-row').first().getByLabel('Name').inputValue(), hostileName);
  assert.equal(await page.locator('.unit-result .u-name').first().textContent(), hostileName);
  assert.equal(await page.locator('main img').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the iframe embed and the custom element work on a plain page', async () => {
  const { page, context, problems, outside } = await openPage(env.chrome.browser, env.server.url + 'embed-demo.html');
  const iframe = page.frameLocator('#demo-iframe');
  await iframe.locator('.bar-row').first().waitFor();
  assert.equal(await iframe.locator('nav#nav').isVisible(), false, 'compact mode: no navigation');
  assert.match(await iframe.locator('.unit-row').first().getByLabel('Name').inputValue(), /Iron Cohort/);

  const element = page.frameLocator('#demo-element iframe');
  await element.locator('.bar-row').first().waitFor();
  assert.match(await element.locator('.unit-row').first().getByLabel('Name').inputValue(), /Legio Prima/);
  // Sized to its content: the element's frame grows from its 600px start to the page's height.
  await page.waitForFunction(() => {
    const f = document.querySelector('#demo-element iframe');
    const inner = f.contentDocument?.documentElement.scrollHeight;
    return inner && Math.abs(f.getBoundingClientRect().height - inner) <= 2 && inner !== 600;
  });
  // Editing inside the embed works like the full page.
  await element.locator('.unit-row').first().getByLabel('Arms').fill('1');
  await element.locator('.bar-row').first().waitFor();
  await page.screenshot({ path: screenshotPath('embed-demo.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(outside, []);
  await context.close();
});

test('the Embed dialog gives both snippets for the current battle', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser,
    env.server.url + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)));
  await settled(page);
  await page.getByRole('button', { name: 'Embed…' }).click();
  const iframeCode = await page.getByLabel('An iframe').inputValue();
  const elementCode = await page.getByLabel('A custom element').inputValue();
  assert.match(iframeCode, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/index\.html\?embed=1#\/bloodied-steel\?b=2\./);
  assert.match(elementCode, /<battle-calculator ruleset="bloodied-steel" scenario="2\.[A-Za-z0-9_-]+">/);
  await page.keyboard.press('Escape');
  // The dialog closes (its close event removes it, a moment after the key).
  await page.locator('dialog').waitFor({ state: 'detached' });
  assert.equal(await page.locator('dialog').count(), 0);
  // The iframe snippet's address opens the same battle in compact mode.
  const src = iframeCode.match(/src="([^"]+)"/)[1];
  const other = await openPage(env.chrome.browser, src);
  await settled(other.page);
  assert.deepEqual(await bars(other.page), await bars(page));
  assert.equal(await other.page.locator('nav#nav').isVisible(), false);
  await other.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the single file works from file:// with no network', async () => {
  const file = pathToFileURL(path.join(root, 'dist', 'battle-calculator.html')).href;
  const context = await env.chrome.browser.newContext({ offline: true });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  context.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url()); });
  await page.goto(file + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)));
  await settled(page);
  const shown = await bars(page);
  assert.equal(shown.length, 4);
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  assert.match(await page.locator('ol.log').textContent(), /Tribunan Total/);
  await page.screenshot({ path: screenshotPath('single-file.png'), fullPage: true });
  assert.deepEqual(problems, []);
  assert.deepEqual(requests, [], 'no network requests');
  await context.close();
});

test('the served site works offline after one visit (service worker)', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + '#/bloodied-steel', { serviceWorker: true });
  await settled(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await settled(page);
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('embedded, the calculator is a guest: no history entries, only the calculator, and a height that follows its content', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.server.url + 'embed-demo.html', { viewport: { width: 390, height: 844 } });
  const frame = page.frameLocator('#demo-element iframe');
  await frame.locator('.odds-card .outcome-chart').waitFor();
  const historyBefore = await page.evaluate(() => history.length);
  // Edits inside the element replace its history entry: Back stays the wiki page's.
  const arms = frame.locator('.unit-row').first().getByLabel(/^Arms/);
  await arms.fill('2');
  await page.waitForTimeout(900);
  await arms.fill('3');
  await page.waitForTimeout(900);
  const inner = page.frames().find((f) => f.url().includes('embed=1') && f.parentFrame() && f.name() !== 'demo-iframe' && /Legio|b=2\./.test(f.url()));
  assert.match(inner.url(), /[?&]b=2\./, 'the battle is still in the frame\'s address');
  assert.equal(await page.evaluate(() => history.length), historyBefore, 'no history entries for the embedding page');

  // Compact: the calculator and its result, none of the page's toolbar, and a way to the full calculator.
  for (const name of ['Reset to the example', 'Clear', 'Export JSON', 'Import JSON', 'Copy link', 'Embed…', 'Print']) {
    assert.equal(await frame.getByRole('button', { name, exact: true }).isVisible(), false, name);
  }
  assert.equal(await frame.locator('nav#nav').isVisible(), false);
  const full = frame.getByRole('link', { name: /^Open the full calculator/ });
  const href = await full.getAttribute('href');
  assert.doesNotMatch(href, /embed=1/);
  assert.equal(new URL(href).hash.match(/b=([^&]+)/)[1], new URL(inner.url()).hash.match(/b=([^&]+)/)[1], 'the link carries the battle as it is now');

  // The element's height is its content's: no inner scrolling, at a phone's width, growing and shrinking.
  const fits = () => page.waitForFunction(() => {
    const f = document.querySelector('#demo-element iframe');
    const body = f.contentDocument?.body;
    return body && Math.abs(f.getBoundingClientRect().height - Math.ceil(body.getBoundingClientRect().height)) <= 1
      && f.contentDocument.documentElement.scrollHeight <= f.getBoundingClientRect().height + 1;
  });
  await fits();
  const tall = await page.locator('#demo-element iframe').evaluate((f) => f.getBoundingClientRect().height);
  await frame.getByRole('button', { name: 'Add Ashen unit' }).click();
  await frame.getByRole('button', { name: 'Add Ashen unit' }).click();
  await page.waitForFunction((h) => document.querySelector('#demo-element iframe').getBoundingClientRect().height > h + 50, tall);
  await fits();
  const taller = await page.locator('#demo-element iframe').evaluate((f) => f.getBoundingClientRect().height);
  await frame.getByRole('button', { name: /^Remove Host/ }).first().click();
  await frame.getByRole('button', { name: /^Remove Host/ }).first().click();
  await page.waitForFunction((h) => document.querySelector('#demo-element iframe').getBoundingClientRect().height < h - 50, taller);
  await fits();
  await page.screenshot({ path: screenshotPath('embed-demo-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

// A link as earlier versions wrote it: format 1, and no dice named.
const oldLink = (value) => '1.' + zlib.deflateRawSync(Buffer.from(JSON.stringify(value))).toString('base64url');

test('a link rolled with the old dice says so, and rolls only when asked', async () => {
  for (const frag of [`b=${oldLink(battle)}&roll=1`, `j=${encodeURIComponent(JSON.stringify(battle))}&roll=1`]) {
    const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/bloodied-steel?${frag}`);
    const note = page.locator('.banner.info', { hasText: 'dice' });
    await note.waitFor();
    assert.match(await note.textContent(), /^This link's rolled battle was rolled with the calculator's old dice \(version 1\); these are version 2, so rolling it now with seed 99 gives a different battle from the one in the link\./);
    await settled(page);
    assert.equal(await page.locator('ol.log li').count(), 0, 'not rolled unasked');
    await note.getByRole('button', { name: 'Roll it with these dice' }).click();
    await page.locator('ol.log li').first().waitFor();
    assert.equal(await note.isVisible(), false);
    // The battle itself opened as it was saved.
    assert.equal(await page.locator('.unit-row').first().getByLabel('Arms').inputValue(), '5');
    assert.deepEqual(problems, []);
    await context.close();
  }
  // Dice newer than this page's are named as newer.
  const { page, context, problems } = await openPage(env.chrome.browser,
    `${env.server.url}#/bloodied-steel?j=${encodeURIComponent(JSON.stringify(battle))}&roll=1&dice=3`);
  await page.locator('.banner.info', { hasText: 'newer dice (version 3); these are version 2' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the offline file says its links open only where it is, and offers the battle\'s JSON', async () => {
  const file = pathToFileURL(path.join(root, 'dist', 'battle-calculator.html')).href;
  const context = await env.chrome.browser.newContext({ offline: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(file + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)));
  await settled(page);
  for (const [button, says] of [['Copy link', /opens only on this computer, where the file is/], ['Embed…', /cannot be embedded/]]) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), says, button);
    assert.doesNotMatch(await dialog.textContent(), /file:\/\//, `${button}: no file:// link on offer`);
    assert.deepEqual(JSON.parse(await dialog.getByLabel('The battle as JSON').inputValue()), battle, `${button}: the battle's JSON`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

// The S&F rules change of issue 13 adds "rules_version" to the core (1: the
// rules before it). An S&F link made before it names no rules version. With
// a core that has versions, the page runs it under version 1 and says so;
// with one that has none (before issue 13 lands), there is nothing to say.
test('an S&F link from before rules versions keeps the rules it was made under', async () => {
  const current = JSON.parse(core.rules('')).rulesets.warfare.rules_version;
  const sf = { ruleset: 'warfare', options: {}, policy: {},
    attacker: { units: [{ name: 'Pikes', ancestry: 'human', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6' }] },
    defender: { units: [{ name: 'Axes', ancestry: 'dwarf', experience: 'veteran', equipment: 'heavy', type: 'infantry', size: 'd4' }] }, seed: 4 };
  const { page, context, problems } = await openPage(env.chrome.browser, `${env.server.url}#/warfare?b=${oldLink(sf)}`);
  await page.locator('.army.defender .army-unit').first().waitFor();
  await page.waitForFunction(() => localStorage.getItem('battle-calculator/v2/battle/warfare'));
  const kept = () => keptBattle(page, 'warfare');
  if (current === undefined) {
    // Today's core: version 1 is the only rules; the battle runs unchanged, nothing is added.
    assert.equal((await kept()).rules_version, undefined);
    assert.equal(await page.locator('.banner', { hasText: 'rules were at version' }).count(), 0);
  } else {
    assert.ok(Number.isInteger(current) && current >= 2, `rules_version ${current}`);
    const note = page.locator('.banner.info', { hasText: 'rules were at version 1' });
    await note.waitFor();
    assert.match(await note.textContent(), new RegExp(`the battle uses the rules as they were then, not the current ones \\(version ${current}\\)`));
    assert.equal((await kept()).rules_version, 1);
    await note.getByRole('button', { name: 'Use the current rules' }).click();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('battle-calculator/v2/battle/warfare')).scenario.rules_version === undefined);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

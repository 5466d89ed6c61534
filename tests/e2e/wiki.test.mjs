// The calculator inside a real MediaWiki (Debian's, installed fresh by
// wiki-install.mjs): the extension's tag and the gadget-and-template route
// show the compact calculator with the core's odds, hostile attributes are
// text, edits inside the frame leave the wiki page's history alone, and in a
// frame as tall as the calculator the odds (phone) and the S&F unit builder
// (laptop) stay where the reader looks. Screenshots at 390 and 1280 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pctText, screenshotPath } from './harness.mjs';
import { useWiki } from './wiki-install.mjs';
import { encodeScenario } from '../../site/js/share.js';

const env = useWiki({ before, after });

const battle = {
  ruleset: 'bloodied-steel',
  units: [{ name: 'Legio Prima', nation: 'tribunan', arms: 6, armour: 1, size: 4 },
    { name: 'Cinder Host', nation: 'ashen', arms: 3, armour: 0, size: 7 }],
  tactics: [{ name: 'Shield wall', target: 0, effect: 'armour', amount: 1 }],
};
const LABELS = { tribunan: 'Tribunan victorious', ashen: 'Ashen victorious', retreat: 'Both retreat', none: 'No units left' };
const coreOdds = (b) => JSON.parse(env.core.call('odds', JSON.stringify(b)));

// The frame a wiki page holds, once its odds are shown.
async function calculatorFrame(page, index = 0) {
  const el = page.locator('iframe.battle-calculator-frame').nth(index);
  await el.waitFor();
  const frame = await (await el.elementHandle()).contentFrame();
  await frame.locator('.odds-card .bar-row[data-outcome] .bar-value .p').first().waitFor();
  await frame.waitForFunction(() => !document.querySelector('.odds-card .odds-body.stale'));
  return { el, frame };
}

async function shownBars(frame) {
  return frame.evaluate(() => Object.fromEntries([...document.querySelectorAll('.odds-card .outcome-chart .bar-row[data-outcome]')]
    .map((r) => [r.dataset.outcome, r.querySelector('.bar-value .p').textContent.trim()])));
}

function expectCoreOdds(shown, b) {
  const odds = coreOdds(b);
  assert.equal(odds.ok, true);
  for (const id of Object.keys(LABELS)) assert.equal(shown[id], pctText(odds.outcomes[id]), id);
}

test('the extension\'s tag shows the calculator with the core\'s odds, and edits in it add nothing to the page\'s history', async () => {
  const code = await encodeScenario(battle);
  const sf = JSON.parse(env.core.rules(JSON.stringify({ ruleset: 'warfare' }))).rulesets.warfare.example;
  env.wiki.edit('Battle of the Ford', `The battle of the ford, as the calculator sees it:\n\n<battle-calculator ruleset="bloodied-steel" scenario="${code}" />\n\nAnd the example of Strongholds & Followers, its JSON between the tags:\n\n<battle-calculator ruleset="warfare">${JSON.stringify(sf)}</battle-calculator>\n`);
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Battle of the Ford'), { viewport: { width: 1280, height: 800 } });
  const { el, frame } = await calculatorFrame(page);
  assert.equal(await el.getAttribute('src'), `${env.server.url}index.html?embed=1#/bloodied-steel?b=${code}`);
  expectCoreOdds(await shownBars(frame), battle);
  // A plain link for readers without scripts, to the full calculator.
  assert.equal(await page.locator('.battle-calculator-link a').first().getAttribute('href'), `${env.server.url}index.html#/bloodied-steel?b=${code}`);
  // As tall as the calculator: the extension's script follows the height the calculator posts.
  await page.waitForFunction(() => document.querySelector('iframe.battle-calculator-frame').style.height !== '600px');
  const inner = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  assert.ok(Math.abs((await el.boundingBox()).height - inner) <= 1, 'the frame took the calculator\'s height');
  // The second tag: JSON between the tags.
  const second = await calculatorFrame(page, 1);
  assert.deepEqual(JSON.parse(decodeURIComponent((await second.el.getAttribute('src')).split('#/warfare?j=')[1])), sf);
  const sfOdds = JSON.parse(env.core.call('odds', JSON.stringify(sf)));
  for (const id of ['attacker', 'defender']) assert.equal((await shownBars(second.frame))[id], pctText(sfOdds.outcomes[id]));

  // Editing inside the frame changes its odds, not the wiki page's history or address.
  const historyBefore = await page.evaluate(() => history.length);
  const address = page.url();
  const arms = frame.locator('.unit-row').first().getByLabel(/^Arms/);
  await arms.fill('2');
  await page.waitForTimeout(900);
  await arms.fill('3');
  await page.waitForTimeout(900);
  await frame.waitForFunction(() => !document.querySelector('.odds-card .odds-body.stale'));
  expectCoreOdds(await shownBars(frame), { ...battle, units: [{ ...battle.units[0], arms: 3 }, battle.units[1]] });
  assert.equal(await page.evaluate(() => history.length), historyBefore, 'no history entries for the wiki page');
  assert.equal(page.url(), address);
  // The frame's two columns are narrower than the page's: the tactic's row still fits its card.
  const tactic = await frame.evaluate(() => {
    const row = document.querySelector('.tactic-row');
    const right = Math.max(...[...row.querySelectorAll('input, select, button')].map((e) => e.getBoundingClientRect().right));
    return { right, card: row.closest('.card').getBoundingClientRect().right };
  });
  assert.ok(tactic.right <= tactic.card, `the tactic's row ends at ${tactic.right} px, its card at ${tactic.card}`);
  await page.screenshot({ path: screenshotPath('wiki-tag-1280.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

// The extension's frames are in the page's HTML; its script comes later from
// ResourceLoader. Held back until the calculator has shown its odds (and sent
// its height to no one), the script still sizes the frame: it says hello and
// the calculator sends its height again (a fresh run once timed out here
// waiting for the frame to leave its first 600 px).
test('the extension\'s script, loaded after the calculator has started, still sizes its frame', async () => {
  const code = await encodeScenario(battle);
  env.wiki.edit('Late script', `<battle-calculator ruleset="bloodied-steel" scenario="${code}" />\n`);
  const context = await env.chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
  let release;
  const held = new Promise((r) => { release = r; });
  await context.route(/load\.php\?.*modules=[^&]*battleCalculator/, async (route) => { await held; await route.continue(); });
  const page = await context.newPage();
  await page.goto(env.wiki.page('Late script'), { waitUntil: 'domcontentloaded' });
  const el = page.locator('iframe.battle-calculator-frame');
  const frame = await (await el.elementHandle()).contentFrame();
  await frame.locator('.odds-card .bar-row[data-outcome] .bar-value .p').first().waitFor();
  await frame.waitForFunction(() => !document.querySelector('.odds-card .odds-body.stale'));
  assert.equal(await el.evaluate((e) => e.style.height), '600px', 'no script yet: the frame keeps its first height');
  release();
  await page.waitForFunction(() => document.querySelector('iframe.battle-calculator-frame').style.height !== '600px', null, { timeout: 15000 });
  // The height it settles at (a frame of a new height lays the calculator out again).
  let outer = 0, inner = -1;
  for (let k = 0; k < 50 && Math.abs(outer - inner) > 1; k++) {
    await page.waitForTimeout(100);
    outer = (await el.boundingBox()).height;
    inner = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  }
  assert.ok(Math.abs(outer - inner) <= 1, `the frame took the calculator's height (${outer} px, the calculator ${inner} px)`);
  await context.close();
});

test('hostile attributes give a short error on the wiki page, as text, and no frame', async () => {
  const megabyte = '2.' + 'A'.repeat(1 << 20);
  const tags = [
    '<battle-calculator ruleset="olympia" scenario="javascript:alert(1)" />',
    `<battle-calculator ruleset="olympia" scenario="${megabyte}" />`,
    '<battle-calculator ruleset="olympia" src="https://evil.example/" />',
    '<battle-calculator ruleset="olympia">{"ruleset":"warfare"}</battle-calculator>',
    '<battle-calculator ruleset="olympia">{"ruleset": </battle-calculator>',
    '<battle-calculator ruleset="olympia" scenario="2.abc&quot; onload=&quot;alert(1)" />',
    '<battle-calculator ruleset="&lt;img src=x onerror=alert(1)&gt;" />',
    // A ">" inside an attribute ends the tag where MediaWiki reads it, leaving an
    // opening tag that runs to the next closing one: last on the page, these have
    // none, and MediaWiki shows them as the text they are.
    '<battle-calculator ruleset="<script>alert(1)</script>" />',
    `<battle-calculator ruleset="olympia" scenario='"><img src=x onerror=alert(1)>' />`,
  ];
  env.wiki.edit('Hostile tags', `__NOTOC__\n${tags.map((t, i) => `== Tag ${i + 1} ==\n${t}\n`).join('\n')}`);
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Hostile tags'), { viewport: { width: 1280, height: 800 } });
  // The text under each section's heading.
  const sections = await page.evaluate(() => [...document.querySelectorAll('#mw-content-text h2')].map((h) => {
    let text = '';
    for (let n = h.nextElementSibling; n && n.tagName !== 'H2'; n = n.nextElementSibling) text += n.textContent;
    return text.trim();
  }));
  assert.equal(sections.length, tags.length);
  const errors = await page.locator('.battle-calculator-error').allTextContents();
  assert.deepEqual(errors, sections.slice(0, 7), 'each of the first seven is the extension\'s error, as text');
  assert.match(sections[0], /^Battle calculator: the scenario must be a battle link's code/);
  assert.match(sections[1], /^Battle calculator: the scenario is too long \(at most 100,000 characters/);
  assert.equal(sections[2], 'Battle calculator: unknown attribute "src" (use ruleset, scenario and title).');
  assert.equal(sections[3], 'Battle calculator: the scenario is a battle for another rule system than ruleset="olympia".');
  assert.equal(sections[4], 'Battle calculator: the scenario is not valid JSON for a battle.');
  assert.match(sections[5], /^Battle calculator: the scenario must be a battle link's code/);
  assert.equal(sections[6], 'Battle calculator: unknown ruleset "<img src=x onerror=alert(1)>" (use bloodied-steel, olympia, warfare).');
  assert.equal(sections[7], tags[7]);
  assert.equal(sections[8], tags[8]);
  assert.equal(await page.locator('iframe').count(), 0);
  assert.equal(await page.locator('#mw-content-text img').count(), 0);
  assert.equal(await page.evaluate(() => [...document.scripts].some((s) => s.textContent.includes('alert(1)'))), false);
  await page.screenshot({ path: screenshotPath('wiki-hostile-1280.png') });
  assert.deepEqual(problems, [], 'no dialog, no error');
  await context.close();
});

// The gadget and template, set up as docs/wiki.md says (once per wiki).
let gadget = null;
function setUpGadget() {
  gadget ??= (async () => {
    const site = env.server.url;
    // One more try on a failed connection (a kept-alive socket the server
    // had just closed, once, on a loaded machine), never on an HTTP error.
    const get = async (p) => {
      const r = await fetch(site + p).catch(() => fetch(site + p));
      assert.equal(r.status, 200, p);
      return r.text();
    };
    env.wiki.edit('MediaWiki:Gadgets-definition', '* battleCalculator[ResourceLoader|default]|battleCalculator.js\n');
    env.wiki.edit('MediaWiki:Gadget-battleCalculator.js', (await get('wiki/mediawiki/gadget/Gadget-battleCalculator.js'))
      .replace("var BASE = 'https://example.org/battle/';", `var BASE = '${site}';`));
    env.wiki.edit('MediaWiki:Gadget-battleCalculator', 'Shows battle odds calculators on pages');
    env.wiki.edit('Template:Battle calculator', (await get('wiki/mediawiki/gadget/Template-Battle_calculator.wikitext')).replaceAll('https://example.org/battle/', site));
  })();
  gadget.catch(() => { gadget = null; });  // a failed set-up is tried again by the next test
  return gadget;
}

test('the gadget and Template:Battle calculator show the same calculator, and refuse what the tag refuses', async () => {
  const site = env.server.url;
  await setUpGadget();
  const code = await encodeScenario(battle);
  env.wiki.edit('Gadget battle', `{{Battle calculator|ruleset=bloodied-steel|scenario=${code}}}\n\n{{Battle calculator|ruleset=<b>olympia</b>|scenario=javascript:alert(1)}}\n\n`
    + `{{Battle calculator|ruleset=<img src=x onerror=alert(1)>|scenario=${code}}}\n`);
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Gadget battle'), { viewport: { width: 1280, height: 800 } });
  const { el, frame } = await calculatorFrame(page);
  assert.equal(await el.getAttribute('src'), `${site}index.html?embed=1#/bloodied-steel?b=${code}`);
  expectCoreOdds(await shownBars(frame), battle);
  const error = page.locator('div.battle-calculator strong.error');
  await error.nth(1).waitFor();
  const errors = await error.allTextContents();
  assert.match(errors[0], /^Battle calculator: the scenario must be a battle link's code/);
  assert.equal(errors[1], 'Battle calculator: unknown ruleset "<img src=x onerror=alert(1)>" (use bloodied-steel, olympia, warfare).');
  assert.equal(await page.locator('#mw-content-text img').count(), 0);
  assert.equal(await page.locator('iframe').count(), 1);
  const historyBefore = await page.evaluate(() => history.length);
  await frame.locator('.unit-row').first().getByLabel(/^Arms/).fill('5');
  await page.waitForTimeout(900);
  assert.equal(await page.evaluate(() => history.length), historyBefore);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Embed…\'s MediaWiki forms, pasted into a wiki page, show the calculator; every form says what its wiki needs', async () => {
  await setUpGadget();
  const { page, context, problems } = await openPage(env.chrome.browser,
    env.server.url + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)), { viewport: { width: 390, height: 844 } });
  await page.locator('.odds-card .bar-row[data-outcome] .bar-value .p').first().waitFor();
  await page.getByRole('button', { name: 'Embed…' }).click();
  const dialog = page.locator('dialog.embed-dialog');
  const form = async (label) => dialog.getByLabel(label, { exact: true }).inputValue();
  const tag = await form('MediaWiki, with the BattleCalculator extension');
  const call = await form('MediaWiki, with the gadget and template (no server access)');
  // The battle on the page, as its own link's code (the page stamps the rules' version in it).
  const code = tag.match(/^<battle-calculator ruleset="bloodied-steel" scenario="(2\.[A-Za-z0-9_-]+)" \/>$/)?.[1];
  assert.ok(code, tag);
  assert.equal(call, `{{Battle calculator|ruleset=bloodied-steel|scenario=${code}}}`);
  // The frames' forms: an address of this calculator, and no fixed 760 px.
  const src = `${env.server.url}index.html?embed=1#/bloodied-steel?b=${code}`;
  assert.equal(await form('Obsidian'), `<iframe src="${src}" title="Bloodied Steel battle odds" style="width:100%;height:85vh;min-height:480px;max-height:1100px;border:0"></iframe>`);
  assert.equal(await form('DokuWiki'), `{{url>${src} 100%,800px noborder|Bloodied Steel battle odds}}`);
  assert.doesNotMatch(await form('An iframe (any page that allows one)'), /760/);
  // Each form says in one line what its wiki needs, and the guide it links to is served.
  const needs = await dialog.locator('.snippet').evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''));
  assert.equal(needs.length, 6);
  for (const n of needs) assert.ok(n.length > 10 && !n.includes('\n'), n);
  const guide = await dialog.getByRole('link', { name: 'how to set up each wiki' }).getAttribute('href');
  assert.match(await (await fetch(guide)).text(), /wfLoadExtension\( 'BattleCalculator' \);/);
  await page.screenshot({ path: screenshotPath('embed-dialog-390.png') });
  await context.close();

  env.wiki.edit('Pasted from Embed', `The tag:\n\n${tag}\n\nThe template:\n\n${call}\n`);
  const wikiPage = await openPage(env.chrome.browser, env.wiki.page('Pasted from Embed'), { viewport: { width: 1280, height: 800 } });
  for (const i of [0, 1]) {
    const { el, frame } = await calculatorFrame(wikiPage.page, i);
    assert.equal(await el.getAttribute('src'), src);
    expectCoreOdds(await shownBars(frame), battle);
  }
  assert.deepEqual([...problems, ...wikiPage.problems], []);
  await wikiPage.context.close();
});

// A tall S&F calculator: more units than the example, so the frame is far taller than the screen.
async function tallWarfarePage() {
  const example = JSON.parse(env.core.rules(JSON.stringify({ ruleset: 'warfare' }))).rulesets.warfare.example;
  // An army fields one unit of the same keywords: the copies are of other ancestries.
  const more = (u, ancestry) => ({ ...u, ancestry, name: `${u.name} 2` });
  const b = { ...example, solver: { method: 'monte-carlo', trials: 2000 },
    attacker: { units: [...example.attacker.units, more(example.attacker.units[0], 'human'), more(example.attacker.units[1], 'human')] },
    defender: { units: [...example.defender.units, more(example.defender.units[0], 'dwarf'), more(example.defender.units[1], 'elf')] } };
  assert.equal(JSON.parse(env.core.call('odds', JSON.stringify(b))).ok, true);
  env.wiki.edit('Siege of the Pass', `Before the siege.\n\n<battle-calculator ruleset="warfare" scenario="${await encodeScenario(b)}" />\n\nAfter it.\n`);
  return b;
}

test('on a phone the odds stay in view while editing inside the frame', async () => {
  await tallWarfarePage();
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Siege of the Pass'), { viewport: { width: 390, height: 844 } });
  const { el, frame } = await calculatorFrame(page);
  const frameBox = await el.boundingBox();
  assert.ok(frameBox.height > 2 * 844, `the frame is tall (${frameBox.height} px)`);
  // The last defender's casualty die, far down the frame, scrolled to as a reader would.
  const die = frame.getByLabel(/^Casualty die now/).last();
  await die.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  const strip = frame.locator('.outcome-strip');
  const inView = async () => {
    const box = await strip.boundingBox();
    return box && box.y >= 0 && box.y + box.height <= 844 + 1;
  };
  assert.ok(await inView(), `the odds strip is on screen: ${JSON.stringify(await strip.boundingBox())}`);
  await die.fill('2');
  await frame.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.state === 'fresh', null, { timeout: 30000 });
  assert.ok(await inView(), 'still on screen after the edit');
  const dieBox = await die.boundingBox();
  assert.ok(dieBox.y >= 0 && dieBox.y + dieBox.height <= (await strip.boundingBox()).y + 1, 'the field edited is not under the strip');
  await page.screenshot({ path: screenshotPath('wiki-tag-390.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone, in the wiki\'s narrow content column, each rule system fits its frame and the four Bloodied Steel odds do not run into each other', async () => {
  const example = (id) => JSON.parse(env.core.rules(JSON.stringify({ ruleset: id }))).rulesets[id].example;
  const battles = [battle, example('olympia'), example('warfare')];
  env.wiki.edit('Three on a phone', (await Promise.all(battles.map(async (b) => `<battle-calculator ruleset="${b.ruleset}" scenario="${await encodeScenario(b)}" />\n`))).join('\n'));
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Three on a phone'), { viewport: { width: 390, height: 844 } });
  for (let i = 0; i < battles.length; i++) {
    const { el, frame } = await calculatorFrame(page, i);
    assert.ok((await el.boundingBox()).width < 340, 'a narrow frame');
    // Nothing wider than the frame: no sideways scrolling inside it.
    const { scroll, client } = await frame.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${battles[i].ruleset}: ${scroll} px of content in a frame ${client} px wide`);
  }
  const { frame } = await calculatorFrame(page, 0);
  await frame.evaluate(() => window.scrollTo(0, 0));
  const numbers = await frame.locator('.outcome-strip .strip-value strong').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.left + e.scrollWidth, top: r.top, bottom: r.bottom };
  }));
  assert.equal(numbers.length, 4);
  numbers.forEach((a, i) => numbers.slice(i + 1).forEach((b) => {
    const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
    assert.ok(apart, `strip numbers overlap: ${JSON.stringify([a, b])}`);
  }));
  expectCoreOdds(await shownBars(frame), battle);
  await page.locator('iframe.battle-calculator-frame').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('wiki-narrow-390.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 1280 px the S&F unit builder opens where the reader is looking', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, env.wiki.page('Siege of the Pass'), { viewport: { width: 1280, height: 800 } });
  const { frame } = await calculatorFrame(page);
  const add = frame.getByRole('button', { name: 'New unit for the defender…' });
  await add.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await add.click();
  const dialog = frame.locator('dialog[open]');
  await dialog.waitFor();
  const confirm = dialog.getByRole('button', { name: /^Add to the defender/ });
  await page.waitForTimeout(300);
  const box = await confirm.boundingBox();
  const dlg = await dialog.boundingBox();
  assert.ok(dlg.y >= 0 && dlg.y < 800, `the dialog starts on screen (${dlg.y})`);
  assert.ok(box.y >= 0 && box.y + box.height <= 800, `its Add button is on screen (${box.y})`);
  // The keyboard is in the dialog, and the dialog is on screen: Tab reaches its button where it is seen.
  assert.equal(await frame.evaluate(() => !!document.activeElement?.closest('dialog[open]')), true);
  await page.screenshot({ path: screenshotPath('wiki-builder-1280.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(problems, []);
  await context.close();
});

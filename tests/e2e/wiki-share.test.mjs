// Snapshots through real renderers: wikitext through the MediaWiki's own
// parser (maintenance/parse.php), the SVG chart loaded by Chromium as an
// image, each with the numbers `odds` gives and every name as text; and on the
// page, Copy as… (each form with its preview, a rolled battle's report) and
// Download chart (SVG and PNG).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, pctText, screenshotPath, downloadBytes } from './harness.mjs';
import { useWiki } from './wiki-install.mjs';
import { encodeScenario } from '../../site/js/share.js';

const env = useWiki({ before, after });

const HOSTILE = '<script>|}{| **x** [[y]]';
const OUTCOMES = {
  'bloodied-steel': ['tribunan', 'ashen', 'retreat', 'none'],
  olympia: ['attacker', 'defender', 'tie'],
  warfare: ['attacker', 'defender', 'draw'],
};
const ask = (fn, req) => JSON.parse(env.core.call(fn, JSON.stringify(req)));
const example = (id) => JSON.parse(env.core.rules(JSON.stringify({ ruleset: id }))).rulesets[id].example;
function hostile(id) {
  const b = structuredClone(example(id));
  if (id === 'bloodied-steel') b.units[0].name = HOSTILE;
  else if (id === 'olympia') b.attacker.nobles[0].name = HOSTILE;
  else b.attacker.units[0].name = HOSTILE;
  return b;
}

// HTML shown with scripts off: what a reader of the wiki page would see.
async function look(html) {
  const context = await env.chrome.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.setContent(`<!doctype html><meta charset="utf-8"><body>${html}</body>`);
  const seen = await page.evaluate(() => ({
    tables: [...document.querySelectorAll('table')].map((t) => [...t.rows].map((r) => [...r.cells].map((c) => c.textContent.trim()))),
    links: [...document.querySelectorAll('a')].map((a) => a.href),
    scripts: document.querySelectorAll('script').length,
    text: document.body.textContent,
    bold: [...document.querySelectorAll('b, strong, i, em')].map((e) => e.textContent),
  }));
  await context.close();
  return seen;
}

for (const id of Object.keys(OUTCOMES)) {
  test(`${id}: the wikitext read by MediaWiki's parser has the odds' numbers and the name as text`, async () => {
    const battle = hostile(id);
    const odds = ask('odds', battle);
    const a = ask('share', { ...battle, share: { link_base: env.server.url } });
    assert.equal(a.ok, true);
    const seen = await look(env.wiki.parse(a.wikitext));
    assert.equal(seen.tables.length, 2, 'the outcomes and the losses, nothing broken off or added');
    const [outcomes, losses] = seen.tables;
    assert.deepEqual(outcomes[0], ['Outcome', 'Chance']);
    OUTCOMES[id].forEach((o, i) => assert.deepEqual(outcomes[i + 1], [outcomes[i + 1][0], pctText(odds.outcomes[o])], o));
    assert.equal(outcomes.length, OUTCOMES[id].length + 1);
    for (const row of losses) assert.equal(row.length, 6);
    assert.ok(seen.text.includes(HOSTILE), 'the name as it is, once parsed');
    assert.equal(seen.scripts, 0);
    assert.deepEqual(seen.links, [a.link], 'one link: the battle\'s, none from the name');
    const heading = a.wikitext.match(/^'''(.*?)'''/)[1].replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
    assert.deepEqual(seen.bold, [heading], 'only the heading is bold');
    // The link opens the same battle.
    assert.deepEqual(JSON.parse(decodeURIComponent(a.link.split('?j=')[1])), battle);
  });
}

test('the SVG chart loads in Chromium as an image, with the odds\' numbers', async () => {
  const { page, context, problems } = await openPage(env.chrome.browser, 'about:blank');
  for (const id of Object.keys(OUTCOMES)) {
    const battle = hostile(id);
    const odds = ask('odds', battle);
    const { svg } = ask('share', battle);
    const result = await page.evaluate(async (text) => {
      const img = new Image();
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] < 128 && px[i + 1] < 128 && px[i + 2] < 160) dark++;
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return { width: img.naturalWidth, height: img.naturalHeight, dark, error: !!doc.querySelector('parsererror'),
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent), title: doc.querySelector('title')?.textContent };
    }, svg);
    assert.equal(result.error, false);
    assert.equal(result.width, 640);
    assert.ok(result.dark > 500, 'the image shows its text and bars');
    for (const o of OUTCOMES[id]) assert.ok(result.texts.includes(pctText(odds.outcomes[o])), `${id} ${o}: ${pctText(odds.outcomes[o])} in ${result.texts}`);
    for (const t of ['0%', '25%', '50%', '75%', '100%']) assert.ok(result.texts.includes(t), 'the axis');
    assert.match(result.title, /outcome of the battle/);
    assert.ok(result.texts.some((t) => t.includes('<script>|}{|')), 'the name as text');
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('Copy as… on the page: each form as the core writes it, the rolled battle\'s report, and the chart as SVG and PNG', async () => {
  const battle = { ...hostile('bloodied-steel'), seed: 7 };
  const { page, context, problems } = await openPage(env.chrome.browser,
    env.server.url + '#/bloodied-steel?j=' + encodeURIComponent(JSON.stringify(battle)), { viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('.odds-card .bar-row[data-outcome] .bar-value .p').first().waitFor();
  await page.getByRole('button', { name: 'Roll battle' }).click();
  await page.locator('ol.log li').first().waitFor();
  await page.getByRole('button', { name: 'Copy as…' }).click();
  const dialog = page.locator('dialog.share-dialog');
  const preview = dialog.getByLabel('The text to copy');
  await page.waitForFunction(() => document.querySelector('dialog.share-dialog textarea').value.length > 0);
  const expected = ask('share', { ...battle, share: { link_base: env.server.url, code: await encodeScenario(battle) } });
  for (const [label, form] of [['Wikitext', 'wikitext'], ['Markdown', 'markdown'], ['BBCode', 'bbcode'], ['Plain text', 'text'], ['HTML', 'html'], ['SVG', 'svg']]) {
    await dialog.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
    const text = await preview.inputValue();
    // The same snapshot the core writes (the link's code is the page's own, checked apart).
    const strip = (t) => t.replace(/b=2\.[A-Za-z0-9_-]+/g, 'b=CODE');
    assert.equal(strip(text), strip(expected[form]), form);
  }
  assert.equal(await dialog.locator('img.share-chart').isVisible(), true, 'the chart is previewed');
  await dialog.getByRole('radio', { name: 'Wikitext' }).check();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await preview.inputValue());
  // The link in the snapshot opens this battle.
  const link = (await preview.inputValue()).match(/\[(http\S+) /)[1];
  assert.ok(link.startsWith(`${env.server.url}#/bloodied-steel?b=2.`), link);
  await page.screenshot({ path: screenshotPath('copy-as-1280.png') });

  // The chart: SVG as the core wrote it, and a PNG of it.
  const [svgFile] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download chart (SVG)' }).click()]);
  assert.equal(svgFile.suggestedFilename(), 'bloodied-steel-battle-odds.svg');
  assert.equal((await downloadBytes(svgFile)).toString('utf8'), expected.svg);
  const [pngFile] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download chart (PNG)' }).click()]);
  const png = await downloadBytes(pngFile);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.equal(png.readUInt32BE(16), 1280, 'twice the chart\'s width');

  // The rolled battle: the Story Post, its events as the roll wrote them.
  await dialog.getByRole('radio', { name: /^The rolled battle \(seed 7\)/ }).check();
  await page.waitForFunction(() => /Story Post/.test(document.querySelector('dialog.share-dialog textarea').value));
  await dialog.getByRole('radio', { name: /^Plain text/ }).check();
  const report = await preview.inputValue();
  const roll = ask('roll', battle);
  assert.match(report, /Bloodied Steel, Story Post \(seed 7\)/);
  assert.ok(report.includes('Casualties:'));
  assert.match(report, roll.outcome === 'retreat' ? /both retreat/ : /Victorious|No unit is left/);
  assert.equal(await dialog.getByRole('radio', { name: /^SVG/ }).count(), 0, 'a report has no chart');
  assert.equal(await dialog.getByRole('button', { name: /^Download chart/ }).count(), 0, 'nor chart buttons');
  await page.screenshot({ path: screenshotPath('copy-as-roll-1280.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

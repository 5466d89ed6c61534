// Issue 15, "the answer where you look", checked on every page at a phone's
// 390×844 and a laptop's 1280×800: editing the last unit of the second army
// leaves the outcome percentages on screen and updated to the core's odds; a
// bad value dims every result region at once and the message names the unit
// and the field; the header fits in 56 px; the first Tab is a skip link to the
// results; axe-core finds nothing. Screenshots go to build/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, axe, shownOdds } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
let rules;
before(async () => {
  core = await loadCore();
  rules = JSON.parse(core.rules('')).rulesets;
});
const ask = (fn, req) => JSON.parse(core.call(fn, JSON.stringify(req)));
const copy = (x) => JSON.parse(JSON.stringify(x));

const SIZES = [['phone', 390, 844], ['laptop', 1280, 800]];

// For each page: its example battle, the field a user edits (the last unit of
// the second army), a good and a bad value for it, and the battle after the edit.
const PAGES = {
  warfare: {
    outcomes: ['attacker', 'defender', 'draw'],
    unit: (b) => b.defender.units.at(-1).name,
    field: (page) => page.locator('.army.defender .army-unit').last().getByLabel('Casualty die now'),
    good: '3',
    good2: '2',
    edit: (b, second) => { b.defender.units.at(-1).casualties = second ? 2 : 3; },
    bad: '9',
    words: /casualty die must be a whole number from 1 to \d+/,
  },
  'bloodied-steel': {
    outcomes: ['tribunan', 'ashen', 'retreat', 'none'],
    unit: (b) => b.units.filter((u) => u.nation === 'ashen').at(-1).name,
    field: (page) => page.locator('.nation.ashen .unit-row').last().getByLabel(/^Arms/),
    good: '6',
    good2: '1',
    edit: (b, second) => { b.units.filter((u) => u.nation === 'ashen').at(-1).arms = second ? 1 : 6; },
    bad: '-3',
    words: /Arms must be a whole number from 0 to 1000/,
  },
  olympia: {
    outcomes: ['attacker', 'defender', 'tie'],
    unit: (b) => b.defender.nobles.at(-1).name,
    field: (page) => page.locator('.ol-stack[data-side=defender] .ol-noble').last().locator('.ol-troop input').last(),
    good: '9',
    good2: '2',
    edit: (b, second) => { const t = b.defender.nobles.at(-1).troops; t[Object.keys(t).at(-1)] = second ? 2 : 9; },
    bad: '-3',
    words: /must be a whole number from 0 to 100,000/,
  },
};

// Whether each element is shown dimmed: inside (or itself) a region marked
// stale, greyed out, with its text in the muted colour (not see-through,
// which failed the contrast text needs).
async function seenDimmed(locator) {
  return locator.evaluateAll((els) => els.map((e) => {
    const stale = e.closest('.stale');
    const muted = getComputedStyle(document.body).getPropertyValue('--muted').trim();
    const probe = document.createElement('span');
    probe.style.color = muted;
    document.body.append(probe);
    const mutedRgb = getComputedStyle(probe).color;
    probe.remove();
    const text = [e, ...e.querySelectorAll('*')].find((x) => x.childNodes.length && [...x.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
    const grey = [e, stale].some((x) => x && /grayscale\(1\)/.test(getComputedStyle(x).filter));
    return !!stale && grey && (!text || getComputedStyle(text).color === mutedRgb);
  }));
}

// Waits until the odds a user sees are the core's and no longer dimmed.
async function waitForOdds(page, want, ids) {
  const texts = ids.map((id) => pctText(want.outcomes[id]));
  await page.waitForFunction(() => !document.querySelector('.odds-body.stale') && document.querySelector('.odds-card .outcome-chart'));
  for (let i = 0; i < 300; i++) {
    const shown = await shownOdds(page);
    if (ids.every((id, k) => shown.odds[id]?.text === texts[k])) return texts;
    await page.waitForTimeout(100);
  }
  throw new Error(`the odds shown never became ${texts.join(', ')}: ${JSON.stringify(await shownOdds(page))}`);
}

for (const [id, spec] of Object.entries(PAGES)) {
  for (const [size, width, height] of SIZES) {
    test(`${id} at ${width}×${height}: the odds stay in view while editing and are dimmed, with the reason, when stale`, async (t) => {
      const battle = copy(rules[id === 'bloodied-steel' ? 'bloodied-steel' : id].example);
      const { page, problems, outside } = await openPage(env.chrome.browser,
        `${env.server.url}#/${id}?j=${encodeURIComponent(JSON.stringify(battle))}`, { viewport: { width, height } });
      const start = ask('odds', battle);
      assert.equal(start.ok, true);
      await waitForOdds(page, start, spec.outcomes);

      // The header fits in 56 px; the first Tab is the skip link to the results.
      const header = await page.locator('header.top').evaluate((e) => e.getBoundingClientRect().height);
      assert.ok(header <= 56, `header ${header}px`);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the results');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => !!document.activeElement.closest('#results')), true, 'Enter on the skip link lands in the results');
      assert.match(page.url(), new RegExp(`#/${id}\\?j=`), 'the skip link leaves the battle in the address');

      // Nothing for axe-core to find, with the results fresh.
      assert.deepEqual(await axe(page), [], 'axe-core violations');

      // Edit the last unit of the second army: the odds shown become the core's, in view.
      let edited2;
      const edited = copy(battle);
      spec.edit(edited);
      const want = ask('odds', edited);
      assert.equal(want.ok, true);
      assert.notDeepEqual(spec.outcomes.map((o) => pctText(want.outcomes[o])), spec.outcomes.map((o) => pctText(start.outcomes[o])),
        'the edit changes the odds, so an update can be seen');
      const field = spec.field(page);
      await field.scrollIntoViewIfNeeded();
      await field.fill(spec.good);
      const texts = await waitForOdds(page, want, spec.outcomes);
      const shown = await shownOdds(page);
      assert.equal(shown.where, size === 'phone' ? 'strip' : 'bars');
      assert.deepEqual(spec.outcomes.map((o) => shown.odds[o].text), texts);
      for (const o of spec.outcomes) assert.equal(shown.odds[o].inView, true, `${o} is on screen (${shown.where})`);
      // ... and so is the field being edited, not under the strip.
      const box = await field.boundingBox();
      const visibleTo = size === 'phone' ? await page.locator('.outcome-strip').evaluate((e) => e.getBoundingClientRect().top) : height;
      assert.ok(box.y >= 0 && box.y + box.height <= visibleTo, `the edited field is on screen too (${box.y}–${box.y + box.height} of ${visibleTo})`);
      assert.equal(await field.evaluate((e) => e === document.activeElement), true, 'the field keeps the keyboard while the odds update');
      t.diagnostic(`${id} ${size}: odds in the ${shown.where}, field at y=${Math.round(box.y)}, header ${header}px`);
      await page.screenshot({ path: screenshotPath(`glance-${id}-${size}.png`) });

      // Roll, so the rolled battle is a result too: reading it scrolls the
      // results past the bars, and the odds are still in view for the next edit.
      await page.getByRole('button', { name: 'Roll battle' }).click();
      await page.locator('.roll-log ol.log li').first().waitFor();
      await field.scrollIntoViewIfNeeded();
      edited2 = copy(battle);
      spec.edit(edited2, true);
      const want2 = ask('odds', edited2);
      await field.fill(spec.good2);
      const texts2 = await waitForOdds(page, want2, spec.outcomes);
      const shown2 = await shownOdds(page);
      for (const o of spec.outcomes) assert.equal(shown2.odds[o].inView, true, `${o} is on screen after the roll (${shown2.where})`);
      assert.deepEqual(spec.outcomes.map((o) => shown2.odds[o].text), texts2);
      t.diagnostic(`${id} ${size}: after scrolling to the rolled battle, the odds are in the ${shown2.where}`);
      await page.screenshot({ path: screenshotPath(`glance-${id}-${size}-rolled.png`) });
      await field.fill(spec.good);
      await waitForOdds(page, want, spec.outcomes);
      await field.fill(spec.bad);
      const name = spec.unit(battle);
      await page.waitForFunction(() => /^Odds not updated/.test(document.querySelector('.odds-card .status')?.textContent || ''));
      // Beside the field and in the odds card; no banner above the page moves it while it is fixed.
      assert.equal(await page.locator('.calc .banner.error:visible').count(), 0);
      const beside = await field.evaluate((e) => document.getElementById(e.getAttribute('aria-describedby'))?.textContent || '');
      assert.match(beside, /must be a whole number from \d+ to \d+/, 'said beside the field');
      for (const text of [await page.locator('.odds-card .status').textContent()]) {
        assert.ok(text.includes(`${name}: `), `names the unit: ${text}`);
        assert.match(text, spec.words);
        assert.doesNotMatch(text, /\/(units|nobles|attacker|defender)\//, 'no JSON path');
      }
      if (size === 'phone') {
        assert.match(await page.locator('.outcome-strip').textContent(), new RegExp(`error: ${name}`));
      }
      // Every result region is dimmed: bars, strip, distributions, tables, matrix, the rolled battle.
      const regions = page.locator('#results :is(.outcome-chart, .dist-chart, .unit-result, .totals, table.matrix, .roll-log > *), .outcome-strip .strip-values');
      const seen = await seenDimmed(regions);
      assert.ok(seen.length >= 3, `${seen.length} result regions`);
      for (const [i, dimmed] of seen.entries()) assert.ok(dimmed, `result region ${i} is dimmed`);
      // Dimmed, every text still reads at the contrast it needs: nothing for axe-core to find.
      assert.deepEqual(await axe(page), [], 'axe-core violations with the results dimmed');
      await page.screenshot({ path: screenshotPath(`glance-${id}-${size}-error.png`) });

      // Fixing it brings the odds back, undimmed.
      await field.fill(spec.good);
      await waitForOdds(page, want, spec.outcomes);
      assert.equal(await page.locator('.odds-card .outcome-chart').evaluate((e) => !!e.closest('.stale')), false);
      assert.deepEqual(problems, []);
      assert.deepEqual(outside, []);
      await page.context().close();
    });
  }
}

// The roster has no odds; its errors name the unit and the field, and it too
// has a skip link target, a short header and nothing for axe-core to find.
for (const [size, width, height] of SIZES) {
  test(`roster at ${width}×${height}: errors name the unit and the field`, async () => {
    const { page, problems } = await openPage(env.chrome.browser, `${env.server.url}#/roster`, { viewport: { width, height } });
    await page.locator('.roster-pick select').waitFor();
    const box = page.locator('.roster-add');
    await box.getByLabel('Name', { exact: true }).fill('Shields');
    await box.getByRole('button', { name: 'Add to the roster' }).click();
    await page.locator('.roster-unit').first().waitFor();
    // The keyboard is on the unit just added.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Rename Shields');
    assert.ok(await page.locator('header.top').evaluate((e) => e.getBoundingClientRect().height) <= 56);
    assert.deepEqual(await axe(page), [], 'axe-core violations');
    await page.screenshot({ path: screenshotPath(`glance-roster-${size}.png`) });

    // The roster as stored (each under its own key, battle-calculator/v2/roster/<key>).
    const size6 = await page.evaluate(() => {
      const k = Object.keys(localStorage).find((x) => x.startsWith('battle-calculator/v2/roster/r'));
      return JSON.parse(localStorage.getItem(k)).roster.units[0].casualties;
    });
    await page.locator('.battle-row input[name^="final-"]').fill('99');
    await page.getByRole('button', { name: 'Apply battle' }).click();
    const banner = page.locator('.calc .banner.error');
    await banner.waitFor();
    const text = await banner.textContent();
    assert.match(text, new RegExp(`Shields: die at the end must be a whole number from 0 to ${size6}`));
    assert.doesNotMatch(text, /\/action|\/roster/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

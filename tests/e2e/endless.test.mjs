// A battle that may never end says so beside its odds (endless is not one of
// the bars), and sampled odds say which share of their battles the endless
// rule stopped without proof (issue 34): never a silent cap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshotPath, useSiteAndBrowser, loadCore, pctText, oddsFresh } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });
let core;
before(async () => { core = await loadCore(); });
const ask = (fn, req) => JSON.parse(core.call(fn, JSON.stringify(req)));
const link = (s) => `${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(s))}`;

const U = (name, type, attack, power, defense, toughness, size, traits = [], extra = {}) =>
  ({ name, type, attack, power, defense, toughness, morale: 0, size, traits, ...extra });
// Trolls the riders can hardly hurt, and that regenerate, against riders they
// cannot reach: endless whenever the riders strike the archers first (1/2).
const halfEndless = { ruleset: 'warfare',
  attacker: { units: [U('Trolls', 'infantry', 0, 0, 10, 20, 6, ['regenerate']), U('Bows', 'archers', 30, 30, 0, 0, 4, [], { casualties: 1 })] },
  defender: { units: [U('Riders', 'cavalry', 30, 0, 10, 10, 4, [], { casualties: 1 })] },
  options: { rally: false }, policy: { charge: false } };

// A random battle the differential test met (tests/diff): its exact odds end
// every battle, after 1.5 million rounds on average; sampling stops most of
// them after 1,000 rounds with no lasting change.
const slow = {"attacker": {"units": [{"ancestry": "elf-winged", "casualties": 3, "equipment": "heavy", "experience": "super-elite", "name": "U0", "size": "d4", "type": "cavalry"}, {"ancestry": "dragonborn", "equipment": "light", "experience": "green", "name": "U1", "size": "d4", "type": "archers"}, {"ancestry": "bugbear", "equipment": "light", "experience": "elite", "name": "U2", "size": "d4", "type": "airborne", "unpaid": true}]}, "defender": {"units": [{"ancestry": "elf-winged", "equipment": "super-heavy", "experience": "green", "name": "U3", "size": "d4", "traits": ["regenerate"], "type": "siege-engine"}, {"attack": 6, "defense": 9, "morale": 0, "name": "U4", "power": 0, "size": "d4", "toughness": 15, "traits": ["stalwart", "amphibious", "courageous"], "type": "airborne"}]}, "options": {"cavalry_rest": "order", "charge_engages": "always", "diminished_checks": "per-casualty", "engaged_feed": true, "fortification_morale": "checks", "hurl_rocks_critical": "double", "infantry_loss_retreat": false, "initiative": "defender", "levy_equipment": "none", "martial_size": "die", "morale_casualty_checks": false, "natural_20": "critical-if-hits", "rally": false, "retreat_below_defender": 0, "retreat_needs_fresh": false, "retreat_rally": true, "terrain": "water", "undead_check": "once", "undead_dc": 22}, "policy": {"sap": "always", "target_ties": "expected", "unit": "card"}, "ruleset": "warfare"};

for (const [w, h] of [[390, 844], [1280, 800]]) {
  test(`the chance of an endless battle is said beside the odds (${w}px)`, async () => {
    const want = ask('odds', { ...halfEndless, solver: { method: 'exact' } });
    assert.equal(want.ok, true);
    assert.ok(want.outcomes.endless > 0.4);
    const { page, problems } = await openPage(env.chrome.browser, link(halfEndless), { viewport: { width: w, height: h } });
    const note = page.locator('.endless-note');
    // The final odds: on a busy machine the page's moment for an exact answer
    // can pass, and sampled odds come first, the exact ones after them.
    await oddsFresh(page);
    await note.waitFor();
    assert.match(await note.textContent(), new RegExp(`^Endless: ${pctText(want.outcomes.endless).replace('.', '\\.')} of battles never end`));
    assert.doesNotMatch(await note.textContent(), /without proof/);  // exact: every endless battle is proved
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`endless-${w}.png`) });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test('sampled odds say how many battles the endless rule stopped without proof', async () => {
  const solver = { method: 'monte-carlo', trials: 2000, seed: 3 };
  const want = ask('odds', { ...slow, solver });
  assert.equal(want.ok, true);
  assert.ok(want.endless_unproved > 0.3, JSON.stringify(want.outcomes));
  const { page, problems } = await openPage(env.chrome.browser, link({ ...slow, solver }));
  const note = page.locator('.endless-note');
  await note.waitFor({ timeout: 60000 });
  const text = await note.textContent();
  // The page's workers sample the same seeded blocks: the same share as one call.
  assert.match(text, new RegExp(`${pctText(want.endless_unproved).replace('.', '\\.')} of the sampled battles were stopped after 1,000 rounds with no lasting change, without proof`));
  // None of them is said to never end unless some endless battle was proved so.
  if (want.outcomes.endless - want.endless_unproved < 1e-12) assert.doesNotMatch(text, /never end \(/);
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('endless-unproved-1280.png') });
  assert.deepEqual(problems, []);
  await page.context().close();
});

// A battle too large to solve in a moment: the page shows its sampled odds
// first (the core's own sampled answers for the battles played so far), marks
// that exact odds are coming, then replaces them with the exact odds. Stop
// during that exact solve leaves the sampled odds standing; a battle the
// exact solver cannot finish keeps its sampled odds and says why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, shownOdds, pctText, screenshotPath } from './harness.mjs';
import { everyday3v3 as everyday } from '../bench/page-times.mjs';

const env = useSiteAndBrowser({ before, after });
const IDS = ['attacker', 'defender', 'draw'];

// Every status the odds card shows, with the strip's state, in order.
async function watch(page) {
  await page.evaluate(() => {
    window.__states = [];
    const note = () => {
      const strip = document.querySelector('.outcome-strip');
      const s = {
        status: document.querySelector('.odds-card .status')?.textContent || '',
        state: strip?.dataset.state || '', pending: strip?.dataset.pending || '',
        bars: [...document.querySelectorAll('.odds-card .outcome-chart .bar-row[data-outcome] .bar-value .p')].map((e) => e.textContent.trim()),
      };
      const last = window.__states.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(s)) window.__states.push(s);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

test('the everyday 3v3: sampled odds at once, then the exact odds replace them', async () => {
  const core = await loadCore();
  const rules = JSON.parse(core.rules('')).rulesets;
  const battle = { ...everyday, rules_version: rules.warfare.rules_version };
  const sampled = JSON.parse(core.call('odds', JSON.stringify({ ...battle, solver: { method: 'monte-carlo' } })));
  const exact = JSON.parse(core.call('odds', JSON.stringify({ ...battle, solver: { method: 'exact', max_states: 5000000 } })));
  assert.equal(exact.ok, true, JSON.stringify(exact.error));
  assert.ok(exact.states > 1000000, 'too large for the quick attempt');

  // The battle as a link, with one die down; the edit back through the form starts the run watched.
  const link = { ...battle, defender: { units: battle.defender.units.map((u, i) => (i === 2 ? { ...u, casualties: 5 } : u)) } };
  const { page, context, problems } = await openPage(env.chrome.browser,
    `${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(link))}`, { viewport: { width: 390, height: 844 } });
  await page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.state === 'fresh', null, { timeout: 60000 });
  await watch(page);
  await page.locator('.army.defender .army-unit').last().getByLabel('Casualty die now').fill('6');

  // First sampled odds, shown as fresh, with exact odds coming.
  await page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.pending === 'exact', null, { timeout: 30000 });
  assert.match(await page.locator('.odds-card .status').textContent(), /Sampled odds shown/);
  assert.equal(await page.locator('.odds-body.stale').count(), 0, 'the sampled odds are for the battle as it stands');
  assert.ok(await page.getByRole('button', { name: 'Stop', exact: true }).isVisible(), 'the exact solve can be stopped');
  await page.screenshot({ path: screenshotPath('progressive-sampled-390.png') });

  // Then the exact odds, the core's.
  await page.waitForFunction(() => /Exact odds/.test(document.querySelector('.odds-card .status')?.textContent || ''), null, { timeout: 90000 });
  const late = await shownOdds(page);
  for (const id of IDS) assert.equal(late.odds[id].text, pctText(exact.outcomes[id]), `exact ${id}`);
  assert.equal(await page.locator('.outcome-strip').getAttribute('data-pending'), null);
  assert.equal(await page.locator('.outcome-strip').getAttribute('data-state'), 'fresh');
  assert.equal(await page.locator('.strip-method').textContent(), 'exact');
  const states = await page.evaluate(() => window.__states);
  const edited = states.findIndex((s) => s.state !== 'fresh');
  const firstFresh = states.findIndex((s, i) => i > edited && s.state === 'fresh');
  assert.equal(states[firstFresh].pending, 'exact', 'the first odds after the edit were the sampled ones');
  assert.ok(states.slice(firstFresh).every((s) => s.state === 'fresh'), 'never dimmed again while the exact odds were worked out');
  // Every sampled odds shown on the way are the core's own for the blocks
  // played so far (a first, rougher look, then all the battles asked for).
  const sampledBars = states.slice(firstFresh).filter((s) => s.pending === 'exact').map((s) => s.bars.join(' '));
  assert.ok(sampledBars.length > 0);
  const byTrials = new Map();
  for (let k = 1; k <= sampled.trials / 1000; k++) {
    const a = JSON.parse(core.call('odds', JSON.stringify({ ...battle, solver: { method: 'monte-carlo', trials: k * 1000, target_halfwidth: 0 } })));
    byTrials.set(IDS.map((id) => pctText(a.outcomes[id])).join(' '), k * 1000);
  }
  for (const bars of sampledBars) assert.ok(byTrials.has(bars), `sampled odds ${bars} are the core's for some number of blocks`);
  assert.equal(byTrials.get(sampledBars.at(-1)), sampled.trials, 'the last sampled odds are all the battles asked for');
  await page.screenshot({ path: screenshotPath('progressive-exact-390.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('Stop during the exact solve keeps the sampled odds; a budget it cannot meet is named', async () => {
  const core = await loadCore();
  const rules = JSON.parse(core.rules('')).rulesets;
  const battle = { ...everyday, rules_version: rules.warfare.rules_version };
  const { page, context, problems } = await openPage(env.chrome.browser,
    `${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(battle))}`);
  await page.waitForFunction(() => document.querySelector('.outcome-strip')?.dataset.pending === 'exact', null, { timeout: 30000 });
  const before = await shownOdds(page);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => /Stopped working out the exact odds/.test(document.querySelector('.odds-card .status')?.textContent || ''));
  assert.equal(await page.locator('.outcome-strip').getAttribute('data-state'), 'fresh');
  assert.equal(await page.locator('.outcome-strip').getAttribute('data-pending'), null);
  assert.equal(await page.locator('.odds-body.stale').count(), 0);
  assert.deepEqual(await shownOdds(page), before, 'the sampled odds stand');
  assert.ok(!(await page.getByRole('button', { name: 'Stop', exact: true }).isVisible()));

  // A state budget the exact solve cannot meet (the battle has about 3 million
  // states; the moment's attempt reaches far fewer than 2 million): the
  // sampled odds stay and the status says why.
  await page.locator('details.solver-panel summary').first().click();
  await page.locator('details.solver-panel').first().getByLabel('Exact solver: state budget').fill('2000000');
  await page.waitForFunction(() => /exact solve behind them stopped: .*state budget after/.test(document.querySelector('.odds-card .status')?.textContent || ''), null, { timeout: 60000 });
  assert.equal(await page.locator('.outcome-strip').getAttribute('data-state'), 'fresh');
  assert.match(await page.locator('.strip-method').textContent(), /sampled ±/);
  assert.deepEqual(problems, []);
  await context.close();
});

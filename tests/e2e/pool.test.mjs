// Sampling on every core in the browser: with three cores reported, a sampled
// battle is played by three workers and merged, and what the page shows is the
// core's own single-call answer for the same seed and trials.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSiteAndBrowser, loadCore, shownOdds, pctText } from './harness.mjs';

const env = useSiteAndBrowser({ before, after });

test('a sampled battle on three workers shows exactly the one-worker answer', async () => {
  const solver = { method: 'monte-carlo', trials: 6000, seed: 77, target_halfwidth: 0 };
  const battle = { ruleset: 'warfare', solver,
    attacker: { units: [{ name: 'Pikes', ancestry: 'human', experience: 'regular', equipment: 'heavy', type: 'infantry', size: 'd6' },
                        { name: 'Elf Bows', ancestry: 'elf', experience: 'veteran', equipment: 'light', type: 'archers', size: 'd6' }] },
    defender: { units: [{ name: 'Orc Axes', ancestry: 'orc', experience: 'seasoned', equipment: 'medium', type: 'infantry', size: 'd6' },
                        { name: 'Goblin Bows', ancestry: 'goblin', experience: 'regular', equipment: 'light', type: 'archers', size: 'd6' }] } };
  const core = await loadCore();
  const want = JSON.parse(core.call('odds', JSON.stringify(battle)));
  assert.equal(want.ok, true);
  assert.equal(want.trials, 6000);

  const context = await env.chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => 3 }));
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const statuses = [];
  await page.exposeFunction('noteStatus', (t) => statuses.push(t));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const s = document.querySelector('.odds-card .status');
      if (s) window.noteStatus(s.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`${env.server.url}#/warfare?j=${encodeURIComponent(JSON.stringify(battle))}`);
  await page.waitForFunction(() => /Sampled|Monte Carlo|battles ·/.test(document.querySelector('.odds-card .status')?.textContent || '')
    && !document.querySelector('.odds-card')?.classList.contains('stale'), null, { timeout: 30000 });
  const shown = await shownOdds(page);
  for (const id of ['attacker', 'defender', 'draw']) assert.equal(shown.odds[id].text, pctText(want.outcomes[id]), id);
  assert.ok(statuses.some((t) => /on 3 cores/.test(t)), `progress named the cores: ${statuses.slice(0, 5).join(' | ')}`);
  assert.deepEqual(problems, []);
  await context.close();
});

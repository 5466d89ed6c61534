// Issue 16's advisor target, measured in the page as a user meets it (used by
// the browser test tests/e2e/advise.test.mjs, recorded, never asserted).
export { median } from './page-times.mjs';

// Waits for the battle's own odds on the card, so the advice does not share the worker with them.
const fresh = (page, timeout = 60000) => page.waitForFunction(
  () => document.querySelector('.outcome-strip')?.dataset.state === 'fresh' && !document.querySelector('.odds-body.stale'),
  null, { timeout });

// Issue 16's advisor target: from pressing "Advise" to the ranked orders on
// screen, for the bench's S&F 2v2 at its start (exact). Returns {ms: [..], orders, methods}.
export async function measureAdvice(browser, baseUrl, rules, { runs = 3, viewport = { width: 1280, height: 800 } } = {}) {
  const wf2 = (name, ancestry, type, equipment) => ({ name, ancestry, experience: 'regular', equipment, type, size: 'd6' });
  const battle = { ruleset: 'warfare',
    attacker: { units: [wf2('Ironhearts', 'dwarf', 'infantry', 'medium'), wf2('Longbows', 'human', 'archers', 'light')] },
    defender: { units: [wf2('Red Fangs', 'orc', 'infantry', 'medium'), wf2('Outriders', 'human', 'cavalry', 'light')] },
    // A link without it is read under the first rules (versions.js); the bench's battle is under today's.
    rules_version: rules.warfare.rules_version };
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}#/warfare?j=${encodeURIComponent(JSON.stringify(battle))}`);
  await fresh(page);
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = await page.evaluate(() => new Promise((resolve) => {
      const box = document.querySelector('.advise');
      const runs = Number(box.dataset.runs || 0);
      const go = [...box.querySelectorAll('.advise-actions button')].find((b) => b.textContent === 'Advise');
      const t0 = performance.now();
      new MutationObserver((_, obs) => {
        if (Number(box.dataset.runs || 0) > runs && box.querySelector('.advise-table')) { obs.disconnect(); resolve(performance.now() - t0); }
      }).observe(box, { attributes: true, childList: true, subtree: true });
      go.click();
    }));
    ms.push(t);
    await page.waitForTimeout(200);
  }
  const orders = await page.locator('.advise-table tbody tr').count();
  const methods = await page.locator('.advise-table tbody td:nth-child(6)').allTextContents();
  await context.close();
  return { ms, orders, methods };
}

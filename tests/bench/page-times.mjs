// From an edit to odds on screen, measured in the page as a user meets it:
// the battle is opened and its odds computed once, then a field is edited
// through the page (a keystroke's input event) and the time runs until the
// odds card shows fresh odds again. Used by scripts/bench (printed) and by the
// browser tests (tests/e2e/page-times.test.mjs, recorded, not asserted).

const wf = (name, ancestry, experience, equipment, type, size) => ({ name, ancestry, experience, equipment, type, size });

// Issue 12's everyday S&F 3v3 (about 3 million states to solve exactly).
export const everyday3v3 = {
  ruleset: 'warfare',
  attacker: { units: [wf('Human Heavy Infantry', 'human', 'regular', 'heavy', 'infantry', 'd6'),
                      wf('Elf Light Archers', 'elf', 'veteran', 'light', 'archers', 'd6'),
                      wf('Human Medium Cavalry', 'human', 'regular', 'medium', 'cavalry', 'd6')] },
  defender: { units: [wf('Orc Medium Infantry', 'orc', 'seasoned', 'medium', 'infantry', 'd6'),
                      wf('Dwarf Heavy Infantry', 'dwarf', 'regular', 'heavy', 'infantry', 'd6'),
                      wf('Goblin Light Archers', 'goblin', 'regular', 'light', 'archers', 'd6')] },
};

// The battles of issue 12's page target: each page's example, Olympia noble +
// 100 against noble + 100 in a tower, and the everyday S&F 3v3.
export function pageCases(rules) {
  const olympiaTower = {
    ruleset: 'olympia',
    attacker: { nobles: [{ name: 'Osswid', troops: { soldier: 100 } }] },
    defender: { nobles: [{ name: 'Bran', troops: { soldier: 100 } }], structure: { kind: 'tower' } },
  };
  // Issue 12's 6v6, sampled to +-1% on every core the page has.
  const six = (side) => [wf(`${side} Dwarves`, 'dwarf', 'veteran', 'heavy', 'infantry', 'd8'),
                         wf(`${side} Humans`, 'human', 'regular', 'medium', 'infantry', 'd6'),
                         wf(`${side} Bows`, 'elf', 'seasoned', 'light', 'archers', 'd6'),
                         wf(`${side} Riders`, 'human', 'regular', 'light', 'cavalry', 'd6'),
                         wf(`${side} Ghouls`, 'ghoul', 'regular', 'light', 'infantry', 'd6'),
                         { name: `${side} Levy`, ancestry: 'goblin', equipment: 'light', type: 'levies', size: 'd8' }];
  const sixVsSix = { ruleset: 'warfare', attacker: { units: six('North') }, defender: { units: six('South') },
                     solver: { method: 'monte-carlo', target_halfwidth: 0.01 } };
  // A link without rules_version is read as version 1 (the defaults before
  // issue 13): these are timed under the current rules.
  const current = (battle) => (rules.warfare.rules_version ? { ...battle, rules_version: rules.warfare.rules_version } : battle);
  const sfField = (page) => page.locator('.army.defender .army-unit').last().getByLabel('Casualty die now');
  const olField = (page) => page.locator('.ol-stack[data-side=defender] .ol-noble').last().locator('.ol-troop input').last();
  return [
    { name: 'Bloodied Steel, the example', battle: rules['bloodied-steel'].example, values: ['6', '1'],
      field: (page) => page.locator('.nation.ashen .unit-row').last().getByLabel(/^Arms/) },
    { name: 'Strongholds & Followers, the example', battle: current(rules.warfare.example), values: ['3', '2'], field: sfField },
    { name: 'Olympia, the example', battle: rules.olympia.example, values: ['9', '2'], field: olField },
    { name: 'Olympia, noble + 100 against noble + 100 in a tower', heavy: true, battle: olympiaTower, values: ['99', '100'], field: olField },
    { name: 'Strongholds & Followers, the everyday 3v3 of issue 12', heavy: true, battle: current(everyday3v3), values: ['5', '6'], field: sfField },
    { name: 'Strongholds & Followers, 6v6 sampled to ±1%', heavy: true, battle: current(sixVsSix), values: ['5', '6'], field: sfField },
  ];
}

// Waits for the final odds on the card (not dimmed, a result drawn, and no
// exact solve still going on behind sampled odds).
const fresh = (page, timeout = 60000) => page.waitForFunction(
  () => document.querySelector('.outcome-strip')?.dataset.state === 'fresh' && !document.querySelector('.outcome-strip')?.dataset.pending
    && !document.querySelector('.odds-body.stale'),
  null, { timeout });

// Opens each case and times `edits` edits: to the first odds on screen
// (sampled ones, for a battle whose exact odds follow), and to the final odds.
// Returns [{name, ms: [..], method, final_ms: [..], final_method}].
// `only(case)` keeps some of the cases (the browser tests' check that this
// measurement works skips the heavy ones, whose pages the other tests drive).
export async function measurePageTimes(browser, baseUrl, rules, { edits = 4, viewport = { width: 1280, height: 800 }, only = () => true } = {}) {
  const out = [];
  for (const c of pageCases(rules).filter(only)) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}#/${c.battle.ruleset}?j=${encodeURIComponent(JSON.stringify(c.battle))}`);
    await fresh(page);
    await page.evaluate(() => {
      const strip = document.querySelector('.outcome-strip');
      window.__edited = null;
      window.__shown = null;
      window.__final = null;
      document.addEventListener('input', () => { window.__edited = performance.now(); window.__shown = null; window.__final = null; }, true);
      new MutationObserver(() => {
        if (strip.dataset.state !== 'fresh' || window.__edited === null || document.querySelector('.odds-body.stale')) return;
        const now = performance.now();
        if (window.__shown === null) {
          window.__shown = now;
          window.__method = document.querySelector('.strip-method')?.textContent || '';
        }
        if (window.__final === null && !strip.dataset.pending) window.__final = now;
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-state', 'data-pending', 'class'] });
    });
    const ms = [], finalMs = [];
    let method = '';
    for (let i = 0; i < edits; i++) {
      await c.field(page).fill(c.values[i % c.values.length]);
      await page.waitForFunction(() => window.__final !== null, null, { timeout: 120000 });
      const t = await page.evaluate(() => ({ shown: window.__shown - window.__edited, final: window.__final - window.__edited, method: window.__method }));
      ms.push(t.shown);
      finalMs.push(t.final);
      method = t.method;
      await page.waitForTimeout(200);
    }
    const finalMethod = await page.evaluate(() => document.querySelector('.strip-method')?.textContent || '');
    out.push({ name: c.name, ms, method, final_ms: finalMs, final_method: finalMethod });
    await context.close();
  }
  return out;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// Issue 16's page targets for the decision tools: from the click on a tool's
// button to its answer drawn (the tool's own wall time, data-ms on its result),
// in Chromium. The Olympia break-point sweep of noble + 100 against noble +
// 100 (rulebook order, exact; the one-click preset) and marginal value of each
// page's example. Returns [{name, ms: [..], method}] like measurePageTimes.
export async function measureToolTimes(browser, baseUrl, rules, { runs = 3, viewport = { width: 1280, height: 800 }, only = () => true } = {}) {
  const nobles100 = {
    ruleset: 'olympia', options: { attack_order: 'rulebook' },
    attacker: { nobles: [{ name: 'Osswid', troops: { soldier: 100 } }] },
    defender: { nobles: [{ name: 'Bran', troops: { soldier: 100 } }] },
  };
  const cases = [
    { name: "Olympia break-point sweep (11 exact solves), noble + 100 against noble + 100, the one-click preset", battle: nobles100,
      tool: 'sweep', button: /^Sweep the attacker's break point/ },
    ...['bloodied-steel', 'warfare', 'olympia'].map((id) => ({ name: `Marginal value, the ${id} page's example`, battle: rules[id].example,
      tool: 'marginal', button: /^Rank them$/ })),
  ];
  const out = [];
  for (const c of cases.filter(only)) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}#/${c.battle.ruleset}?j=${encodeURIComponent(JSON.stringify(c.battle))}`);
    await fresh(page);
    await page.locator('.tools-fold > summary').click();
    const tool = page.locator(`details.tool[data-tool="${c.tool}"]`);
    await tool.locator('> summary').click();
    const ms = [];
    let method = '';
    for (let i = 0; i < runs; i++) {
      const result = tool.locator('.tool-out');
      await result.evaluate((el) => { delete el.dataset.ms; });
      await tool.getByRole('button', { name: c.button }).click();
      await tool.locator('.tool-out[data-ms]').waitFor({ timeout: 120000 });
      ms.push(Number(await result.getAttribute('data-ms')));
      method = await tool.locator('.tool-status').textContent();
    }
    out.push({ name: c.name, ms, method });
    await context.close();
  }
  return out;
}

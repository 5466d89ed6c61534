// From an edit to odds on screen, measured in the page as a user meets it:
// the battle is opened and its odds computed once, then a field is edited
// through the page (a keystroke's input event) and the time runs until the
// odds card shows fresh odds again. Used by scripts/bench (printed) and by the
// browser tests (tests/e2e/page-times.test.mjs, recorded, not asserted).

const wf = (name, ancestry, experience, equipment, type, size) => ({ name, ancestry, experience, equipment, type, size });

// The battles of issue 12's page target: each page's example, Olympia noble +
// 100 against noble + 100 in a tower, and the everyday S&F 3v3.
export function pageCases(rules) {
  const olympiaTower = {
    ruleset: 'olympia',
    attacker: { nobles: [{ name: 'Osswid', troops: { soldier: 100 } }] },
    defender: { nobles: [{ name: 'Bran', troops: { soldier: 100 } }], structure: { kind: 'tower' } },
  };
  const everyday3v3 = {
    ruleset: 'warfare',
    attacker: { units: [wf('Human Heavy Infantry', 'human', 'regular', 'heavy', 'infantry', 'd6'),
                        wf('Elf Light Archers', 'elf', 'veteran', 'light', 'archers', 'd6'),
                        wf('Human Medium Cavalry', 'human', 'regular', 'medium', 'cavalry', 'd6')] },
    defender: { units: [wf('Orc Medium Infantry', 'orc', 'seasoned', 'medium', 'infantry', 'd6'),
                        wf('Dwarf Heavy Infantry', 'dwarf', 'regular', 'heavy', 'infantry', 'd6'),
                        wf('Goblin Light Archers', 'goblin', 'regular', 'light', 'archers', 'd6')] },
  };
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
    { name: 'Olympia, noble + 100 against noble + 100 in a tower', battle: olympiaTower, values: ['99', '100'], field: olField },
    { name: 'Strongholds & Followers, the everyday 3v3 of issue 12', battle: current(everyday3v3), values: ['5', '6'], field: sfField },
  ];
}

// Waits for fresh odds on the card (not dimmed, and a result drawn).
const fresh = (page, timeout = 60000) => page.waitForFunction(
  () => document.querySelector('.outcome-strip')?.dataset.state === 'fresh' && !document.querySelector('.odds-body.stale'),
  null, { timeout });

// Opens each case and times `edits` edits. Returns [{name, ms: [..], method}].
export async function measurePageTimes(browser, baseUrl, rules, { edits = 4, viewport = { width: 1280, height: 800 } } = {}) {
  const out = [];
  for (const c of pageCases(rules)) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${baseUrl}#/${c.battle.ruleset}?j=${encodeURIComponent(JSON.stringify(c.battle))}`);
    await fresh(page);
    await page.evaluate(() => {
      const strip = document.querySelector('.outcome-strip');
      window.__edited = null;
      window.__shown = null;
      document.addEventListener('input', () => { window.__edited = performance.now(); window.__shown = null; }, true);
      new MutationObserver(() => {
        if (strip.dataset.state === 'fresh' && window.__edited !== null && window.__shown === null
            && !document.querySelector('.odds-body.stale')) window.__shown = performance.now();
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-state', 'class'] });
    });
    const ms = [];
    for (let i = 0; i < edits; i++) {
      await c.field(page).fill(c.values[i % c.values.length]);
      await page.waitForFunction(() => window.__shown !== null, null, { timeout: 60000 });
      ms.push(await page.evaluate(() => window.__shown - window.__edited));
      await page.waitForTimeout(200);
    }
    const method = await page.evaluate(() => document.querySelector('.strip-method')?.textContent || '');
    out.push({ name: c.name, ms, method });
    await context.close();
  }
  return out;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

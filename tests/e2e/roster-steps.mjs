// The roster page's controls, step by step, for the browser tests: each step
// clicks and waits for the roster kept in the browser to change.

export const PREFIX = 'battle-calculator/v2/roster/'; // one key per roster: {key, rev, roster, options, ...}
// The rosters kept in the browser (deleted ones left out), oldest first.
export const stored = (page) => page.evaluate((p) => Object.keys(localStorage).filter((k) => k.startsWith(p))
  .map((k) => JSON.parse(localStorage.getItem(k))).filter((r) => !r.deleted)
  .sort((a, b) => a.created - b.created || (a.key < b.key ? -1 : 1)), PREFIX);

export async function current(page) {
  const key = await page.locator('.roster-pick select').inputValue();
  return (await stored(page)).find((e) => e.key === key);
}

// Clicks, then waits for the roster kept in the browser to change.
export async function doStep(page, click) {
  const before = JSON.stringify((await current(page)).roster);
  await click();
  await page.waitForFunction(([p, b]) => {
    if (!document.querySelector('.banner.error')?.hidden) return true; // an error: reported below
    const key = document.querySelector('.roster-pick select')?.value;
    const e = JSON.parse(localStorage.getItem(p + key) || 'null');
    return e && JSON.stringify(e.roster) !== b;
  }, [PREFIX, before]);
  const banner = page.locator('.calc .banner.error');
  if (await banner.isVisible()) throw new Error(`the page says: ${await banner.textContent()}`);
}

export async function addUnit(page, unit, buy) {
  const box = page.locator('.roster-add');
  await box.getByLabel('Type', { exact: true }).selectOption(unit.type);
  await box.getByLabel('Name', { exact: true }).fill(unit.name || '');
  await box.getByLabel('Ancestry', { exact: true }).selectOption(unit.ancestry);
  if (unit.experience) await box.getByLabel('Experience', { exact: true }).selectOption(unit.experience);
  await box.getByLabel('Equipment', { exact: true }).selectOption(unit.equipment || 'none');
  await box.getByLabel('Size (casualty die)', { exact: true }).selectOption(unit.size);
  await box.getByLabel('Mercenary (upkeep doubled)', { exact: true }).setChecked(!!unit.mercenary);
  await box.getByLabel('Bought: pay its price into the ledger', { exact: true }).setChecked(!!buy);
  await doStep(page, () => box.getByRole('button', { name: 'Add to the roster' }).click());
}

export async function battle(page, units) {
  const byId = new Map(units.filter((u) => u.id).map((u) => [u.id, u]));
  const rows = page.locator('.battle-row');
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const id = await row.getAttribute('data-id');
    const r = byId.get(id);
    await row.locator(`input[name="fought-${id}"]`).setChecked(!!r);
    if (!r) continue;
    await row.locator(`input[name="final-${id}"]`).fill(String(r.final));
    await row.locator(`input[name="removed-${id}"]`).setChecked(!!r.removed);
    await row.locator(`input[name="broke-${id}"]`).setChecked(!!r.broke_morale);
    await row.locator(`input[name="retreated-${id}"]`).setChecked(!!r.retreated);
  }
  await doStep(page, () => page.getByRole('button', { name: 'Apply battle' }).click());
}


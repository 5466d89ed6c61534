// The roster page's model (site/js/roster-model.js), driven with the wasm
// module as its engine and a storage in memory: each edit is sent as the
// request the core reads for the roster kept (and the core accepts it), its
// effect is checked against what the core's unit call, the clock or the
// choices made say it must be, and its undo gives back the roster kept before.
// Also: a roster another tab changed is never written over, links, and the
// page contract (site/js/page-contract.js) for every page.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { RosterModel, edits, newUnitDraft, unitOfDraft, syncBattleDrafts, battleUnits, upkeepUnits, payTotal,
  refusedWords } from '../../site/js/roster-model.js';
import { readRoster, writeRoster, deleteRoster, emptyRoster } from '../../site/js/roster-store.js';
import { pageProblems, controllerProblems } from '../../site/js/page-contract.js';
import * as rosterPage from '../../site/js/roster.js';
import * as warfarePage from '../../site/js/warfare.js';
import * as olympiaPage from '../../site/js/olympia.js';
import * as bloodiedPage from '../../site/js/bloodied.js';

// localStorage and sessionStorage as a browser has them (store.js reads them when called).
class MemoryStorage {
  #items = new Map();
  get length() { return this.#items.size; }
  key(i) { return [...this.#items.keys()][i] ?? null; }
  getItem(k) { return this.#items.has(k) ? this.#items.get(k) : null; }
  setItem(k, v) { this.#items.set(k, String(v)); }
  removeItem(k) { this.#items.delete(k); }
  clear() { this.#items.clear(); }
}
globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();
beforeEach(() => { localStorage.clear(); sessionStorage.clear(); });

// The engine: the wasm module's JSON call, and every request sent to it.
function engine() {
  const sent = [];
  return { sent, async call(fn, request, opts = {}) { sent.push({ fn, request: structuredClone(request), slot: opts.slot }); return call(fn, request); } };
}
// The roster and options kept for the roster shown, read from the store itself.
function kept(model) {
  const rec = readRoster(model.key);
  return rec && !rec.deleted ? { roster: rec.roster, options: rec.options } : null;
}
async function newModel(eng = engine()) {
  const model = new RosterModel(eng);
  model.start();
  assert.equal(model.firstVisit().ok, true);
  assert.deepEqual(await model.status(), { ok: true });
  return model;
}
const price = async (unit) => (await call('unit', { ruleset: 'warfare', unit })).card.price;
const unitNamed = (model, name) => model.summary.units.find((u) => u.name === name);

// Sends an edit (made from the model as it is), checks the request, undoes it
// (the roster kept is the one before again), sends it again, and answers the
// roster before and after.
async function editAndUndo(model, eng, makeEdit) {
  assert.deepEqual(await model.status(), { ok: true });
  const before = kept(model);
  const edit = makeEdit(model);
  assert.deepEqual(await model.act(edit), { ok: true }, edit.label);
  const { fn, request, slot } = eng.sent.at(-1);
  assert.equal(fn, 'roster');
  assert.equal(slot, 'roster-act');
  assert.deepEqual(request, { ruleset: 'warfare', roster: before.roster, action: edit.action, options: before.options });
  assert.notDeepEqual(kept(model).roster, before.roster, `${edit.label} changed nothing`);
  assert.equal(model.lastUndo().label, edit.label);
  assert.deepEqual(model.undo(), { ok: true });
  assert.deepEqual(kept(model), before, `Undo: ${edit.label}`);
  assert.equal(model.lastStep.label, `Undone: ${edit.label}`);
  assert.deepEqual(await model.status(), { ok: true });
  assert.deepEqual(await model.act(makeEdit(model)), { ok: true });
  return { before: before.roster, after: model.shown };
}

test('the Add form\'s unit is the one the core adds', async () => {
  assert.deepEqual(unitOfDraft(newUnitDraft()), { ancestry: 'human', type: 'infantry', size: 'd6', experience: 'regular', equipment: 'medium' });
  // Levies have no experience and at most light equipment; other troops at least light.
  const levies = { ...newUnitDraft(), name: '  Rabble ', type: 'levies', experience: 'veteran', equipment: 'heavy', mercenary: true, attitude: 'friendly' };
  assert.deepEqual(unitOfDraft(levies), { ancestry: 'human', type: 'levies', size: 'd6', name: 'Rabble', equipment: 'none', mercenary: true, attitude: 'friendly' });
  assert.equal(unitOfDraft({ ...levies, equipment: 'light' }).equipment, 'light');
  assert.equal(unitOfDraft({ ...newUnitDraft(), equipment: 'none' }).equipment, 'light');

  const eng = engine();
  const model = await newModel(eng);
  for (const draft of [levies, { ...newUnitDraft(), equipment: 'none', type: 'cavalry', name: 'Riders' }]) {
    const edit = edits.addUnit(draft, false);
    assert.equal(edit.label, `Add ${draft.name.trim()}`);
    assert.deepEqual(await model.act(edit), { ok: true });
  }
  const [a, b] = model.summary.units;
  assert.deepEqual([a.name, a.card.keywords.type, a.card.keywords.equipment, a.card.mercenary], ['Rabble', 'levies', 'none', true]);
  assert.deepEqual([b.name, b.card.keywords.type, b.card.keywords.equipment, b.card.keywords.experience], ['Riders', 'cavalry', 'light', 'regular']);
  assert.equal(model.summary.spent, 0, 'not bought');
});

test('every edit is a request the core accepts, does what it says, and its undo gives back the roster before', async () => {
  const eng = engine();
  const model = await newModel(eng);
  const infantry = { ...newUnitDraft(), name: 'Shields' };
  const levies = { ...newUnitDraft(), name: 'Rabble', type: 'levies', equipment: 'none' };

  // Bought: the ledger holds the price the core's unit call gives.
  let r = await editAndUndo(model, eng, () => edits.addUnit(infantry, true));
  const shieldsPrice = await price(unitOfDraft(infantry));
  assert.equal(model.summary.spent, shieldsPrice);
  assert.deepEqual(r.after.ledger.map((l) => l.gold), [shieldsPrice]);
  await editAndUndo(model, eng, () => edits.addUnit(levies, false));
  assert.equal(model.summary.spent, shieldsPrice);
  assert.deepEqual(model.summary.units.map((u) => u.name), ['Shields', 'Rabble']);

  // An improvement costs the difference between the two units' prices.
  const heavy = await price({ ...unitOfDraft(infantry), equipment: 'heavy' });
  await editAndUndo(model, eng, (m) => edits.improve(unitNamed(m, 'Shields'), 'equipment', 'heavy'));
  assert.equal(model.summary.spent, heavy);
  assert.equal(unitNamed(model, 'Shields').card.keywords.equipment, 'heavy');

  // The clock.
  r = await editAndUndo(model, eng, () => edits.nextDay());
  assert.equal(r.after.clock.day, r.before.clock.day + 1);
  r = await editAndUndo(model, eng, () => edits.advance(3));
  assert.equal(r.after.clock.day, r.before.clock.day + 3);

  // A battle: Shields end on 2, the levies removed (a die of 0); removed units leave the roster by default.
  r = await editAndUndo(model, eng, (m) => {
    syncBattleDrafts(m.battleDraft = {}, m.summary.units, kept(m).options);
    const shields = unitNamed(m, 'Shields');
    m.battleDraft[shields.id].final = 2;
    m.battleDraft[unitNamed(m, 'Rabble').id].final = 0;
    return edits.battle(m.summary.units, m.battleDraft, m.shown.clock.day);
  });
  assert.deepEqual(model.summary.units.map((u) => [u.name, u.casualties]), [['Shields', 2]]);
  assert.equal(r.after.battles.length, r.before.battles.length + 1);

  // A season with Shields unpaid: owed one season, nothing spent.
  r = await editAndUndo(model, eng, (m) => {
    const pay = {};
    const due = upkeepUnits(m.summary.units, pay);
    pay[unitNamed(m, 'Shields').id] = false;
    return edits.season(due, pay, m.shown.clock.season);
  });
  assert.equal(r.after.clock.season, r.before.clock.season + 1);
  assert.equal(unitNamed(model, 'Shields').unpaid_seasons, 1);
  assert.equal(model.summary.spent, heavy);

  await editAndUndo(model, eng, (m) => edits.renameUnit(unitNamed(m, 'Shields'), 'Old Guard'));
  assert.ok(unitNamed(model, 'Old Guard'));
  await editAndUndo(model, eng, () => edits.renameRoster('  The Host '));
  assert.equal(kept(model).roster.name, 'The Host');
  assert.equal(edits.renameRoster('   '), null);
  await editAndUndo(model, eng, (m) => edits.removeUnit(unitNamed(m, 'Old Guard')));
  assert.deepEqual(model.summary.units, []);

  // Undo after Undo goes back through every edit, newest first, to the empty army.
  let undone = 0;
  while (model.lastUndo()) { assert.deepEqual(model.undo(), { ok: true }); undone++; }
  assert.equal(undone, 10);
  assert.deepEqual(kept(model), { roster: emptyRoster('My army'), options: {} });
});

test('a field the core refuses comes back as its error, and nothing is kept', async () => {
  const model = await newModel();
  const before = kept(model);
  const r = await model.act(edits.advance(0));
  assert.equal(r.ok, false);
  assert.equal(r.error.path, '/action/days');
  assert.deepEqual(kept(model), before);
  assert.equal(model.lastUndo(), null);
});

test('a roster another tab changed is never written over, by an edit or an undo', async () => {
  const model = await newModel();
  const theirs = (name) => {
    const rec = readRoster(model.key);
    assert.equal(writeRoster({ ...rec, roster: { ...rec.roster, name } }, rec.rev).ok, true);
    return readRoster(model.key);
  };
  let other = theirs('Their army');
  const edit = edits.nextDay();
  const r = await model.act(edit);
  assert.deepEqual(r, { ok: false, refused: { stale: true, label: 'Next day', name: 'My army' } });
  assert.deepEqual(kept(model).roster, other.roster);
  assert.equal(model.entry().rev, other.rev, 'the model reads what the other tab saved');
  assert.match(refusedWords(r.refused), /^“My army” was changed in another tab or window after this page showed it, so “Next day” was not saved/);

  // Undo after Undo: the roster two edits ago; another tab's write between them still stops the second.
  const twoAgo = kept(model);
  assert.deepEqual(await model.act(edit), { ok: true });
  assert.deepEqual(await model.act(edits.renameRoster('Mine')), { ok: true });
  assert.deepEqual([model.undo().ok, model.undo().ok], [true, true]);
  assert.deepEqual(kept(model), twoAgo);
  assert.deepEqual(await model.act(edit), { ok: true });
  assert.deepEqual(await model.act(edits.renameRoster('Mine')), { ok: true });
  assert.equal(model.undo().ok, true);
  other = theirs('Theirs between');
  assert.equal(model.undo().refused.stale, true);
  assert.deepEqual(kept(model).roster, other.roster);

  assert.deepEqual(await model.act(edit), { ok: true });
  other = theirs('Theirs again');
  assert.equal(model.undo().refused.stale, true);
  assert.equal(model.lastUndo(), null, 'the undo entries of that roster are dropped');
  assert.deepEqual(kept(model).roster, other.roster);
});

test('rosters: new, duplicate and delete, each undone', async () => {
  const model = await newModel();
  assert.deepEqual(await model.act(edits.addUnit(newUnitDraft(), false)), { ok: true });
  const first = { key: model.key, ...kept(model) };

  assert.equal(model.duplicate().ok, true);
  assert.notEqual(model.key, first.key);
  assert.deepEqual(kept(model), { roster: { ...first.roster, name: 'My army (copy)' }, options: first.options });
  assert.equal(model.newRoster().ok, true);
  assert.deepEqual(kept(model), { roster: emptyRoster('Army 3'), options: {} });
  assert.equal(model.list.length, 3);

  const made = model.key;
  assert.deepEqual(model.undo(), { ok: true });
  assert.equal(readRoster(made).deleted, true, 'undoing a new roster deletes it');
  assert.equal(model.list.length, 2);

  model.pick(first.key);
  assert.deepEqual(model.remove(), { ok: true });
  assert.equal(readRoster(first.key).deleted, true);
  assert.equal(model.list.length, 1);
  assert.deepEqual(model.undo(), { ok: true });
  assert.equal(model.key, first.key);
  assert.deepEqual(kept(model), { roster: first.roster, options: first.options });
});

test('a link\'s roster is kept once, shown where it is kept, and not brought back once deleted', async () => {
  const model = await newModel();
  const link = { ruleset: 'roster', key: 'rLinked', roster: { ...emptyRoster('From a link') }, options: {} };
  const added = model.adopt(link);
  assert.equal(added.ok, true);
  assert.equal(added.name, 'From a link');
  assert.equal(model.key, 'rLinked');
  assert.deepEqual(kept(model), { roster: link.roster, options: {} });

  model.pick(model.list.find((e) => e.key !== 'rLinked').key);
  assert.deepEqual(model.adopt(link), { name: 'From a link', kept: true, same: true });
  assert.equal(model.key, 'rLinked');
  assert.deepEqual(model.adopt({ ...link, roster: { ...link.roster, name: 'Renamed' } }), { name: 'Renamed', kept: true, same: false });

  const marker = deleteRoster('rLinked', readRoster('rLinked').rev);
  assert.deepEqual(model.adopt(link), { name: 'From a link', deleted: true, rev: marker.record.rev });
  assert.equal(model.addEntry(link, 'Add it back', marker.record.rev).ok, true);
  assert.equal(model.key, 'rLinked', 'back under its own key');
  assert.equal(model.adopt({ ruleset: 'warfare', roster: {} }), null);
});

test('another tab: a change to the roster shown, to another one, and its deletion', async () => {
  const model = await newModel();
  const mine = model.key;
  const rec = readRoster(mine);
  writeRoster({ key: 'rOther', roster: emptyRoster('Other'), options: {} }, 0);
  assert.deepEqual(model.otherTab('rOther'), { others: true });
  assert.equal(model.list.length, 2);
  writeRoster({ ...rec, roster: { ...rec.roster, name: 'Renamed there' } }, rec.rev);
  assert.deepEqual(model.otherTab(mine), { changed: true, name: 'Renamed there' });
  deleteRoster(mine, rec.rev + 1);
  assert.deepEqual(model.otherTab(mine), { deleted: true, name: 'Renamed there' });
  assert.equal(model.key, 'rOther');
});

test('a first visit gets an empty army; once rosters were kept here, never again', () => {
  const model = new RosterModel(engine());
  model.start();
  assert.equal(model.key, null);
  assert.equal(model.firstVisit().ok, true);
  assert.deepEqual(kept(model), { roster: emptyRoster('My army'), options: {} });
  assert.equal(model.lastUndo(), null, 'not an edit to undo');
  deleteRoster(model.key, readRoster(model.key).rev);
  const next = new RosterModel(engine());
  next.start();
  assert.equal(next.firstVisit(), null);
  assert.deepEqual(next.list, []);
});

test('battle rows start from each unit\'s die, and the upkeep to pay is what is ticked', () => {
  const unit = (id, casualties, size, type, upkeep, due = upkeep) => ({ id, casualties, size, upkeep, upkeep_due: due, card: { keywords: { type } } });
  const units = [unit('u1', 4, 6, 'infantry', 22), unit('u2', 6, 6, 'levies', null), unit('u3', 8, 8, 'cavalry', 30, 60)];
  const drafts = syncBattleDrafts({}, units, {});
  assert.deepEqual(drafts.u1, { from: 4, size: 6, fought: true, final: 4, removed: false, broke: false, retreated: false, convert: true });
  assert.equal(syncBattleDrafts({}, units, { levy_survivors: 'disband' }).u2.convert, false);
  drafts.u1.final = 1;
  drafts.u2.final = 0;
  drafts.u3.fought = false;
  syncBattleDrafts(drafts, units, {});
  assert.equal(drafts.u1.final, 1, 'a row entered is kept while the die is the same');
  assert.deepEqual(battleUnits(units, drafts), [
    { id: 'u1', final: 1, removed: false, broke_morale: false, retreated: false },
    { id: 'u2', final: 0, removed: true, broke_morale: false, retreated: false, convert: true },
  ]);
  syncBattleDrafts(drafts, [{ ...units[0], casualties: 5 }], {});
  assert.equal(drafts.u1.final, 5, 'a unit whose die changed starts again');

  const pay = { u3: false };
  const due = upkeepUnits(units, pay);
  assert.deepEqual(due.map((u) => u.id), ['u1', 'u3']);
  assert.deepEqual(pay, { u1: true, u3: false });
  assert.equal(payTotal(due, pay), 22);
  pay.u3 = true;
  assert.equal(payTotal(due, pay), 82);
  assert.deepEqual(edits.season(due, pay, 2), { action: { type: 'season', pay: { u1: true, u3: true } }, label: 'End season 2' });
});

test('every page meets the page contract, and the check finds what a page lacks', () => {
  for (const page of [rosterPage, warfarePage, olympiaPage, bloodiedPage]) assert.deepEqual(pageProblems(page), [], page.id);
  assert.deepEqual(pageProblems({ id: 'x', title: 'X', empty: () => ({}), keepsItself: 'yes' }),
    ['page x: mount must be a function', 'page x: keepsItself, when given, must be a boolean']);
  assert.deepEqual(controllerProblems({ getScenario: () => ({}), setScenario() {}, roll: 1 }, 'x'),
    ['page x\'s controller: destroy must be a function', 'page x\'s controller: roll, when given, must be a function']);
});

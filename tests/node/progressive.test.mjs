// The page's odds run (site/js/odds-run.js runOdds), driven with the wasm module
// behind make-believe workers: a battle that solves at once is answered
// exactly; a larger one is shown sampled (first roughly, then all its trials,
// each the core's own answer for those battles) and then exact; the exact odds
// may end the sampling early; a budget the exact solve cannot meet leaves the
// sampled odds standing, with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import { runOdds } from '../../site/js/odds-run.js';
import { PAGE_PREVIEW_HALFWIDTH } from '../../site/js/engine/page-solver.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// An engine as runOdds uses it: calls answered by the wasm module after `delay` ms.
class FakeEngine {
  constructor({ delay = 0, helpers = [], upgrader = null } = {}) {
    Object.assign(this, { delay, helpers, up: upgrader, runs: 0, asked: [] });
  }
  async call(fn, request) {
    this.asked.push(typeof request === 'string' ? JSON.parse(request) : request);
    await sleep(this.delay);
    return call(fn, request);
  }
  cancelOdds() { this.runs++; }
  pool() { this.pooled = true; return this.helpers; }
  poolSize() { return this.helpers.length; }
  upgrader() { return this.up; }
  oddsBusy() { return false; }
}

const wf = (name, ancestry, experience, equipment, type, size) => ({ name, ancestry, experience, equipment, type, size });
const battle = (units, solver = undefined) => ({ ruleset: 'warfare', ...(solver ? { solver } : {}),
  attacker: { units: units.attacker }, defender: { units: units.defender } });
const small = { attacker: [wf('Shields', 'dwarf', 'regular', 'medium', 'infantry', 'd4')],
                defender: [wf('Fangs', 'orc', 'regular', 'medium', 'infantry', 'd4')] };
// The bench's 3v3 of d6: some 66,000 states, a tenth of a second or so exactly.
const mid = {
  attacker: [wf('Ironhearts', 'dwarf', 'regular', 'medium', 'infantry', 'd6'), wf('Gnome Bows', 'gnome', 'regular', 'light', 'archers', 'd6'),
             { name: 'Goblin Levy', ancestry: 'goblin', equipment: 'light', type: 'levies', size: 'd6' }],
  defender: [wf('Kobold Spears', 'kobold', 'regular', 'medium', 'infantry', 'd6'), wf('Goblin Bows', 'goblin', 'seasoned', 'light', 'archers', 'd6'),
             { name: 'Kobold Levy', ancestry: 'kobold', equipment: 'light', type: 'levies', size: 'd6' }] };

function run(engine, request, quick = true) {
  const shown = [], notes = [];
  const ui = { status: { textContent: '' }, stop: { hidden: true }, body: null };
  const preview = { show: (a) => shown.push(a), note: (t) => notes.push(t) };
  return runOdds(engine, request, { ...ui, preview, quick }).then((answer) => ({ answer, shown, notes, stop: ui.stop }));
}

test('a battle that solves at once is answered exactly, with nothing shown before', async () => {
  const engine = new FakeEngine({ helpers: [new FakeEngine(), new FakeEngine()], upgrader: new FakeEngine() });
  const { answer, shown } = await run(engine, battle(small));
  assert.equal(answer.method, 'exact');
  assert.deepEqual(answer.outcomes, (await call('odds', battle(small, { method: 'exact' }))).outcomes);
  assert.equal(shown.length, 0);
  assert.equal(engine.up.asked.length, 0, 'no exact solve behind');
  assert.ok(!engine.pooled, 'no sampling workers started for it');
  assert.ok(engine.helpers.every((e) => e.asked.length === 0));
});

test('a larger battle: sampled odds first (the core\'s for those battles), then the exact odds', async () => {
  const up = new FakeEngine();
  const engine = new FakeEngine({ helpers: [new FakeEngine({ delay: 3 }), new FakeEngine({ delay: 3 })], upgrader: up });
  const request = battle(mid, { trials: 30000, target_halfwidth: 0.004 });
  // quick false: as on the edit after one that needed the exact solve behind.
  const { answer, shown, notes, stop } = await run(engine, request, false);
  const exact = await call('odds', battle(mid, { method: 'exact', max_states: 5000000 }));
  assert.equal(answer.method, exact.method);
  assert.deepEqual(answer.outcomes, exact.outcomes);
  assert.equal(up.asked[0].solver.method, 'exact');
  assert.equal(up.asked[0].solver.max_states, 5000000, 'the largest state budget behind the sampled odds');
  assert.ok(shown.length >= 1 && shown.length <= 2, `shown ${shown.length} times`);
  const first = shown[0];
  assert.ok(first.trials < 30000 && first.trials % 1000 === 0);
  for (const id of Object.keys(first.ci95)) assert.ok((first.ci95[id][1] - first.ci95[id][0]) / 2 <= PAGE_PREVIEW_HALFWIDTH + 1e-12);
  for (const a of shown) {
    const same = await call('odds', battle(mid, { method: 'monte-carlo', trials: a.trials, target_halfwidth: 0 }));
    assert.deepEqual(a.outcomes, same.outcomes, `the core's sampled odds for ${a.trials} battles`);
  }
  assert.ok(notes.some((t) => /Sampled odds shown/.test(t)));
  assert.equal(stop.hidden, true, 'Stop goes once the run is over');
});

test('exact odds that come before the sampling ends stop it', async () => {
  const helpers = [new FakeEngine({ delay: 40 }), new FakeEngine({ delay: 40 })];
  const engine = new FakeEngine({ helpers, upgrader: new FakeEngine() });
  const request = battle(mid, { trials: 1000000, target_halfwidth: 0.0005 });
  const { answer, shown } = await run(engine, request, false);
  assert.match(answer.method, /^exact/);
  assert.equal(shown.length, 1, 'only the first sampled odds were shown');
  const blocks = helpers.reduce((n, h) => n + h.asked.reduce((k, q) => k + q.solver.blocks.count, 0), 0);
  assert.ok(blocks < 1000, `sampling stopped early (${blocks} of 1,000 blocks)`);
});

test('an exact solve past its budget leaves the sampled odds, and says why', async () => {
  const engine = new FakeEngine({ helpers: [new FakeEngine(), new FakeEngine()], upgrader: new FakeEngine() });
  const request = battle(mid, { max_states: 2000 });
  const { answer, shown } = await run(engine, request, false);
  assert.equal(answer.method.startsWith('exact'), false);
  assert.match(answer.upgrade.message, /state budget/);
  assert.doesNotMatch(answer.upgrade.message, /ask for/);
  assert.deepEqual(answer.outcomes, shown.at(-1).outcomes, 'the sampled odds shown last stand');
  const same = await call('odds', battle(mid, { method: 'monte-carlo', max_states: 2000 }));
  assert.deepEqual(answer.outcomes, same.outcomes);
});

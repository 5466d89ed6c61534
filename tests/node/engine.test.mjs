// The page's side of the worker (site/js/engine/engine.js), driven with
// make-believe workers the test answers by hand: quick calls are posted ahead
// of the worker's answers, never behind a long one; a call taken back restarts
// the worker and the rest are asked again; a restarted worker's late words are
// not heard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, Cancelled } from '../../site/js/engine/engine.js';

// Workers that keep what they are sent; `answer(w, id, value)` replies for one.
function workers() {
  const made = [];
  const make = () => {
    const w = { posted: [], terminated: false, onmessage: null, onerror: null,
      postMessage(m) { this.posted.push(m); }, terminate() { this.terminated = true; } };
    made.push(w);
    return w;
  };
  const calls = (w) => w.posted.filter((m) => !m.init).map((m) => `${m.fn}#${m.id}`);
  const answer = (w, id, value) => w.onmessage({ data: { id, result: JSON.stringify(value) } });
  return { made, make, calls, answer };
}
const settle = () => new Promise((r) => setTimeout(r, 0));
const idOf = (w, fn, k = 0) => w.posted.filter((m) => m.fn === fn)[k].id;

test('quick calls go to the worker together, and a long call after them; nothing goes behind a long one', async () => {
  const ws = workers();
  const e = new Engine('w.js', ws.make);
  const a = e.call('unit', { side: 'a' }, { slot: 'cards-attacker' });
  const d = e.call('unit', { side: 'd' }, { slot: 'cards-defender' });
  const o = e.call('odds', { battle: 1 }, { slot: 'odds' });
  const later = e.call('unit', { side: 'x' }, { slot: 'unit' });
  const w = ws.made[0];
  // Posted at once: the two armies' cards and the odds; the next waits behind the odds.
  assert.deepEqual(ws.calls(w), ['unit#1', 'unit#2', 'odds#3']);
  ws.answer(w, 1, { ok: true, who: 'a' });
  ws.answer(w, 2, { ok: true, who: 'd' });
  assert.deepEqual(await a, { ok: true, who: 'a' });
  assert.deepEqual(await d, { ok: true, who: 'd' });
  assert.deepEqual(ws.calls(w), ['unit#1', 'unit#2', 'odds#3'], 'nothing posted behind the odds while they run');
  ws.answer(w, 3, { ok: true, odds: 1 });
  assert.deepEqual(await o, { ok: true, odds: 1 });
  assert.deepEqual(ws.calls(w), ['unit#1', 'unit#2', 'odds#3', 'unit#4']);
  ws.answer(w, 4, { ok: true, who: 'x' });
  assert.deepEqual(await later, { ok: true, who: 'x' });
  assert.equal(ws.made.length, 1, 'no restart');
});

test('a posted call taken back restarts the worker; the others are asked again, in order, and answered', async () => {
  const ws = workers();
  const e = new Engine('w.js', ws.make);
  const a = e.call('unit', { side: 'a' }, { slot: 'cards-attacker' });
  const o = e.call('odds', { battle: 1 }, { slot: 'odds' });
  const first = ws.made[0];
  assert.deepEqual(ws.calls(first), ['unit#1', 'odds#2']);
  // A newer odds call takes the old one's slot: the old one was posted, so the worker goes.
  const o2 = e.call('odds', { battle: 2 }, { slot: 'odds' });
  await assert.rejects(o, Cancelled);
  assert.equal(first.terminated, true);
  const second = ws.made[1];
  assert.deepEqual(second.posted[0], { init: { module: null } }, 'the new worker is started first');
  assert.deepEqual(ws.calls(second), ['unit#1', 'odds#3'], 'the cards asked again, then the new odds');
  assert.equal(second.posted.find((m) => m.id === 3).request, JSON.stringify({ battle: 2 }));
  // The old worker's late answer is not heard; the new one's is.
  ws.answer(first, 1, { ok: true, from: 'old' });
  ws.answer(second, 1, { ok: true, from: 'new' });
  assert.deepEqual(await a, { ok: true, from: 'new' });
  ws.answer(second, 3, { ok: true, odds: 2 });
  assert.deepEqual(await o2, { ok: true, odds: 2 });
});

test('a long call under way is taken back by its slot; the calls queued behind go to the new worker', async () => {
  const ws = workers();
  const e = new Engine('w.js', ws.make);
  const o = e.call('odds', { battle: 1 }, { slot: 'odds' });
  const u = e.call('unit', { side: 'a' }, { slot: 'unit' });
  assert.deepEqual(ws.calls(ws.made[0]), ['odds#1']);
  e.cancel('odds');
  await assert.rejects(o, Cancelled);
  assert.equal(e.busy('odds'), false);
  assert.deepEqual(ws.calls(ws.made[1]), ['unit#2']);
  ws.answer(ws.made[1], 2, { ok: true });
  assert.deepEqual(await u, { ok: true });
});

test('a queued call taken back costs no restart; stop() ends everything', async () => {
  const ws = workers();
  const e = new Engine('w.js', ws.make);
  const o = e.call('odds', { battle: 1 }, { slot: 'odds' });
  const u = e.call('unit', {}, { slot: 'unit' });
  e.cancel('unit');
  await assert.rejects(u, Cancelled);
  assert.equal(ws.made.length, 1, 'the unit call was never posted');
  const t = e.call('tools', {}, { slot: 'tools' });
  e.stop();
  await assert.rejects(o, Cancelled);
  await assert.rejects(t, Cancelled);
  assert.equal(ws.made[0].terminated, true);
  assert.deepEqual(ws.calls(ws.made[1]), [], 'the new worker is asked nothing');
});

test('a worker that fails fails the call it was on, and the calls posted behind it are asked again', async () => {
  const ws = workers();
  const e = new Engine('w.js', ws.make);
  const a = e.call('unit', { n: 1 }, { slot: 'a' });
  const b = e.call('unit', { n: 2 }, { slot: 'b' });
  ws.made[0].onerror({ message: 'boom', preventDefault() {} });
  await assert.rejects(a, /the calculator stopped: boom/);
  assert.deepEqual(ws.calls(ws.made[1]), [`unit#${idOf(ws.made[0], 'unit', 1)}`]);
  ws.answer(ws.made[1], 2, { ok: true, n: 2 });
  assert.deepEqual(await b, { ok: true, n: 2 });
  await settle();
});

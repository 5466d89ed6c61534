// The page's side of the worker (site/js/engine/engine.js), with make-believe
// workers: a call whose worker stops (its script could not load, say) is asked
// once more of a fresh worker; if that one stops too, the call fails in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../site/js/engine/engine.js';

// Workers made in turn: `stops[k]` says whether the k-th stops at its first call
// (an error event, as a worker whose script failed raises); the others answer.
function workers(stops) {
  const made = [];
  const make = () => {
    const k = made.length;
    const w = {
      onmessage: null, onerror: null, terminated: false, calls: 0,
      postMessage(msg) {
        if (msg.init || this.terminated) return;
        this.calls++;
        setTimeout(() => {
          if (this.terminated) return;
          if (stops[k]) this.onerror?.({ message: 'script failed', preventDefault() {} });
          else this.onmessage?.({ data: { id: msg.id, result: JSON.stringify({ ok: true, worker: k, fn: msg.fn }) } });
        }, 1);
      },
      terminate() { this.terminated = true; },
    };
    made.push(w);
    return w;
  };
  return { made, make };
}

test('a call whose worker stops is answered by a fresh worker', async () => {
  const w = workers([true, false]);
  const engine = new Engine(null, w.make);
  const answer = await engine.call('odds', { a: 1 });
  assert.deepEqual(answer, { ok: true, worker: 1, fn: 'odds' });
  assert.equal(w.made.length, 2);
  assert.ok(w.made[0].terminated);
  // The fresh worker takes the next calls.
  assert.equal((await engine.call('roll', { a: 2 })).worker, 1);
});

test('a call whose fresh worker stops too fails, and the next call gets a worker of its own', async () => {
  const w = workers([true, true, false]);
  const engine = new Engine(null, w.make);
  await assert.rejects(engine.call('odds', { a: 1 }), /the calculator stopped: script failed/);
  assert.equal(w.made.length, 3);
  assert.equal((await engine.call('odds', { a: 1 })).worker, 2);
});

// The build writes its module's answers to each page's first calls for its
// example into the page's script (BATTLE_KNOWN.calls, site/js/first-calls.js).
test('a call the build answered is answered without a worker; any other text goes to the worker', async () => {
  const before = globalThis.BATTLE_KNOWN;
  globalThis.BATTLE_KNOWN = { version: '{"ok":true,"version":"v"}', calls: { odds: { '{"a":1}': '{"ok":true,"known":true}' } } };
  try {
    const w = workers([false]);
    const engine = new Engine(null, w.make);
    assert.deepEqual(await engine.call('odds', { a: 1 }), { ok: true, known: true });
    assert.deepEqual(await engine.call('odds', '{"a":1}'), { ok: true, known: true });
    assert.deepEqual(await engine.call('version', ''), { ok: true, version: 'v' });
    assert.equal(w.made[0].calls, 0, 'the worker was asked');
    // The same battle asked otherwise, or another function with that text: the worker.
    assert.equal((await engine.call('odds', '{"a": 1}')).worker, 0);
    assert.equal((await engine.call('roll', { a: 1 })).fn, 'roll');
    assert.equal((await engine.call('odds', { a: 2 })).worker, 0);
    assert.equal(w.made[0].calls, 3);
  } finally {
    globalThis.BATTLE_KNOWN = before;
  }
});

test('warmUp tells the worker the page once the worker has its init', () => {
  const sent = [];
  const engine = new Engine(null, () => ({ postMessage: (m) => sent.push(m), terminate() {} }));
  engine.warmUp('olympia');
  assert.deepEqual(sent, [{ init: { module: null } }, { warm: 'olympia' }]);
});

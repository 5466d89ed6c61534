// The page's side of the worker: calls return promises; a newer call with the
// same `slot` (say, "odds") cancels the older one, so the page never waits for
// stale work; stop() ends whatever is running.

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

// The cores the browser reports, at most 8: how many workers sample a battle.
export function coreCount() {
  return Math.max(1, Math.min(8, Number(globalThis.navigator?.hardwareConcurrency) || 1));
}

// What the module answers without a question (its rules and its version),
// and its answers to the calls each page makes for its example before its
// first odds (first-calls.js), as the build wrote them into the page's script
// (scripts/assemble-site.mjs): answered here at once, not by a worker still
// loading the module. A call is known only by its exact text.
function knownAnswer(fn, text) {
  const known = globalThis.BATTLE_KNOWN;
  const said = text === '' || text === '{}' ? known?.[fn] : known?.calls?.[fn]?.[text];
  return typeof said === 'string' ? JSON.parse(said) : null;
}

export class Engine {
  // `family`: shared by an engine and the engines it makes (the pool, the
  // exact solve behind sampled odds): the compiled wasm module, fetched and
  // compiled by the first worker and handed to every other one.
  constructor(workerUrl = 'js/engine/worker.js', makeWorker = null, family = null) {
    this.workerUrl = workerUrl;
    this.makeWorker = makeWorker || (() => new Worker(this.workerUrl));
    this.family = family || { module: null, compiler: null, waiters: [] };
    this.nextId = 1;
    this.pending = new Map(); // id -> {fn, request, slot, resolve, reject, onProgress}
    this.running = null;      // the id the worker is working on
    this.queue = [];
    this.worker = null;
    this.inited = false;      // the worker has its {init} message
    this.helpers = null;      // further engines for sampling on every core (made when a battle is first sampled)
    this.upgradeEngine = null; // the exact solve behind sampled odds (made when first needed)
    this.runs = 0;            // bumped by each odds run and by stop(): older runs see they are stale
    this.start();
  }

  // Engines that sample together: one worker per core the browser reports (at
  // most 8), each with its own instance of the one compiled module, beside
  // this one, which stays free for exact odds, rolls and the rest. None on a
  // single core. Made when a battle is first sampled, not before: most
  // battles are answered exactly by this engine alone.
  pool() {
    if (!this.helpers) {
      const cores = coreCount();
      this.helpers = cores > 1 ? Array.from({ length: cores }, () => new Engine(this.workerUrl, this.makeWorker, this.family)) : [];
    }
    return this.helpers;
  }

  // How many engines pool() gives (or would give: it makes none until asked).
  poolSize() {
    return this.helpers ? this.helpers.length : (coreCount() > 1 ? coreCount() : 0);
  }

  // The worker for the exact solve that goes on behind sampled odds: one of
  // its own, so that cancelling it (restarting its worker) never delays the
  // next edit's answer here.
  upgrader() {
    if (!this.upgradeEngine) this.upgradeEngine = new Engine(this.workerUrl, this.makeWorker, this.family);
    return this.upgradeEngine;
  }

  // An odds run is under way here or in the exact solve behind sampled odds.
  oddsBusy() {
    return this.busy('odds') || Boolean(this.upgradeEngine?.busy('odds'));
  }

  // Ends the odds run under way: its exact solve here and its sampling in the pool.
  cancelOdds() {
    this.runs++;
    this.cancel('odds');
    for (const e of this.helpers || []) e.cancel('odds');
    this.upgradeEngine?.cancel('odds');
  }

  start() {
    const worker = this.makeWorker();
    this.worker = worker;
    this.inited = false;
    worker.onmessage = (e) => this.receive(e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      // A worker that stopped (its script could not load, say): the call it
      // had is asked once more of a fresh worker, and fails only if that one stops too.
      const running = this.running && this.pending.get(this.running);
      if (running && !running.retried) {
        running.retried = true;
        this.queue.unshift(this.running);
        this.running = null;
        this.restart();
        return;
      }
      this.fail(new Error('the calculator stopped: ' + (e.message || 'worker error')));
    };
    // The worker's first message: the family's compiled module, or (for the
    // first worker, or when no module could be had) none, to compile its own.
    const f = this.family;
    const init = (module) => {
      if (this.worker !== worker) return; // restarted meanwhile: the new worker has its own
      worker.postMessage({ init: { module } });
      this.inited = true;
      this.pump();
    };
    if (f.module) init(f.module);
    else if (f.compiler && f.compiler !== this) f.waiters.push(init);
    else {
      f.compiler = this;
      init(null);
    }
  }

  // Has this engine's worker make `page`'s calls beforehand (worker.js,
  // warmUp), so that the page's next question finds the module compiled.
  warmUp(page) {
    if (this.inited) this.worker.postMessage({ warm: page });
  }

  // Restarts the worker, failing the running call and keeping the queue.
  restart(reason) {
    this.worker.terminate();
    const running = this.running && this.pending.get(this.running);
    if (running) {
      this.pending.delete(this.running);
      running.reject(reason);
    }
    this.running = null;
    this.start();
    this.pump();
  }

  fail(error) {
    this.restart(error);
  }

  call(fn, request, { slot = null, onProgress = null } = {}) {
    const text = typeof request === 'string' ? request : JSON.stringify(request ?? {});
    if (slot) this.cancel(slot);
    const known = knownAnswer(fn, text);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { fn, request: text, slot, resolve, reject, onProgress });
      this.queue.push(id);
      this.pump();
    });
  }

  cancel(slot) {
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      if (id === this.running) {
        this.restart(new Cancelled());
      } else {
        this.pending.delete(id);
        this.queue = this.queue.filter((q) => q !== id);
        p.reject(new Cancelled());
      }
    }
  }

  // Stops everything running or queued.
  stop() {
    this.runs++;
    for (const e of this.helpers || []) e.stop();
    this.upgradeEngine?.stop();
    for (const [id, p] of this.pending) {
      if (id !== this.running) p.reject(new Cancelled());
    }
    this.queue = [];
    for (const id of [...this.pending.keys()]) if (id !== this.running) this.pending.delete(id);
    if (this.running) this.restart(new Cancelled());
  }

  busy(slot) {
    for (const p of this.pending.values()) if (p.slot === slot) return true;
    return false;
  }

  pump() {
    if (!this.inited || this.running || this.queue.length === 0) return;
    const id = this.queue.shift();
    const p = this.pending.get(id);
    if (!p) return this.pump();
    this.running = id;
    this.worker.postMessage({ id, fn: p.fn, request: p.request });
  }

  receive(msg) {
    if (msg.started) return; // the worker has its {init}
    if ('module' in msg) {
      // The module this worker compiled, for every worker started from now on.
      const f = this.family;
      // None: it could not compile one, and each waiting worker tries on its own.
      f.module = msg.module;
      if (!f.module) f.compiler = null;
      for (const w of f.waiters.splice(0)) w(f.module);
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.progress) {
      p.onProgress?.(msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    if (this.running === msg.id) this.running = null;
    if (msg.error) p.reject(new Error(msg.error));
    else {
      let answer;
      try {
        answer = JSON.parse(msg.result);
      } catch {
        answer = { ok: false, error: { path: '', message: 'the calculator gave an unreadable answer' } };
      }
      p.resolve(answer);
    }
    this.pump();
  }
}

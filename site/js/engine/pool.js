// Monte Carlo on every core: the trials of a sampled answer are played in
// seeded blocks (the core's Rng::for_block), shared out to several workers,
// each with its own wasm module, and merged in block order. Because a block's
// battles depend only on (seed, block), and the early stop is checked only
// between blocks, in order, the answer for a (seed, trials) pair is the very
// answer one worker would give, however many workers there are.
//
// An engine here is anything with call(fn, request) -> Promise<answer>.

// The widest 95% Wilson interval over outcomes and events, as the core's
// widest_halfwidth() computes it (core/solve/montecarlo.hpp).
export function widest(t) {
  const n = t.total;
  if (n <= 0) return 1;
  const z = 1.959963984540054, z2n = (z * z) / n;
  let w = 0;
  for (const hits of [...t.outcomes, ...t.events]) {
    const p = hits / n;
    const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
    const centre = (p + z2n / 2) / (1 + z2n);
    w = Math.max(w, (Math.min(1, centre + half) - Math.max(0, centre - half)) / 2);
  }
  return w;
}

// Adds tally `b` into `a` (series by value), exactly: counts are whole numbers.
export function mergeInto(a, b) {
  if (!a) return structuredClone(b);
  a.total += b.total;
  a.steps += b.steps;
  b.outcomes.forEach((x, i) => { a.outcomes[i] += x; });
  b.events.forEach((x, i) => { a.events[i] += x; });
  b.series.forEach((pairs, i) => {
    const m = new Map(a.series[i]);
    for (const [v, w] of pairs) m.set(v, (m.get(v) || 0) + w);
    a.series[i] = [...m.entries()].sort((x, y) => x[0] - y[0]);
  });
  return a;
}

// Samples the battle of `request` (whose odds call answered `deferred`, with
// the solver settings it read) on `engines`, then asks `finish` (or
// `engines[0]`) for the answer built from the merged tallies. `onProgress({trials, planned,
// halfwidth, workers})` after each block merged; `cancelled()` true abandons
// the run (null is returned; calls in flight finish and are ignored).
// `interim: {halfwidth, show(answer)}`: once the merged blocks are that
// precise (and sampling goes on), their answer is built and handed to show()
// at once, while the rest is sampled.
export async function samplePool(engines, request, deferred, { onProgress = null, cancelled = () => false, finish = null, interim = null } = {}) {
  const solver = deferred.solver;
  const block = deferred.block;
  const planned = solver.trials;
  const blocks = Math.ceil(planned / block);
  const started = performance.now();
  const deadline = started + solver.time_limit_s * 1000;
  const done = new Map(); // block -> tally
  const inFlight = new Map(); // engine -> trials it has played of its current call (its progress reports)
  let merged = null, next = 0, upto = 0, stop = null, failure = null;
  let coreMs = 0;  // the core's time in every worker's calls, added up
  // A call takes several blocks once blocks turn out quick, to keep the
  // messages few; every block still comes back with its own tally.
  let perCall = 1;

  const blockRequest = (first, count) => ({ ...request, solver: { ...request.solver, method: 'monte-carlo',
    defer_sampling: false, trials: planned, seed: solver.seed, blocks: { first, count } } });

  const advance = () => {
    while (!stop && done.has(upto)) {
      merged = mergeInto(merged, done.get(upto));
      done.delete(upto);
      upto++;
      const hw = widest(merged);
      if (solver.target_halfwidth > 0 && merged.total >= 1000 && hw <= solver.target_halfwidth) stop = 'target width';
      else if (upto >= blocks) stop = 'trials';
      report(hw);
      if (interim && !stop && hw <= interim.halfwidth) {
        const show = interim.show;
        interim = null;
        answerFor(structuredClone(merged), 'interim').then((a) => { if (a && !cancelled()) show(a); }, () => {});
      }
    }
  };
  // The answer built by the core from merged tallies (as one worker's call would give it).
  const answerFor = async (tally, stopped) => {
    const a = await (finish || engines[0]).call('odds', { ...request, solver: { ...request.solver, method: 'monte-carlo',
      defer_sampling: false, trials: planned, seed: solver.seed, tally } });
    if (cancelled()) return null;
    if (a.ok) {
      // The sampling's time in the core (all workers), and the tallies' answer.
      a.time_ms = coreMs + (a.time_ms || 0);
      a.stopped_by = stopped;
      a.workers = engines.length;
      if (deferred.fallback) a.fallback = deferred.fallback;
    }
    return a;
  };
  let lastHalfwidth = 1;
  const report = (hw = lastHalfwidth) => {
    lastHalfwidth = hw;
    let playing = 0;
    for (const n of inFlight.values()) playing += n;
    onProgress?.({ trials: (merged?.total || 0) + playing, planned, halfwidth: hw, workers: engines.length });
  };

  const worker = async (engine) => {
    while (!stop && !failure && !cancelled() && next < blocks) {
      if (performance.now() > deadline) { stop = stop || 'time limit'; break; }
      const first = next;
      const count = Math.min(perCall, blocks - first);
      next += count;
      const t0 = performance.now();
      let a;
      try {
        inFlight.set(engine, 0);
        a = await engine.call('odds', blockRequest(first, count), {
          slot: 'odds',
          onProgress: (p) => { if (!cancelled() && p.phase === 'monte-carlo') { inFlight.set(engine, p.trials); report(); } },
        });
        inFlight.delete(engine);
      } catch (e) {
        if (cancelled()) return;
        failure = failure || { ok: false, error: { path: '', kind: 'failed', message: e.message } };
        return;
      }
      if (cancelled()) return;
      if (!a.ok) { failure = failure || a; return; }
      coreMs += a.time_ms || 0;
      a.tallies.forEach((t, i) => done.set(first + i, t));
      if (a.tallies.length < count) { stop = stop || 'time limit'; }  // the core ran out of time mid-call
      const ms = (performance.now() - t0) / Math.max(1, a.tallies.length);
      if (ms < 20 && perCall < 64) perCall *= 2;
      advance();
    }
  };
  await Promise.all(engines.map(worker));
  if (cancelled()) return null;
  if (failure) return failure;
  advance();
  if (!merged) return { ok: false, error: { path: '', kind: 'limit', message: 'the time limit passed before any battle was sampled' } };
  return answerFor(merged, stop === 'trials' || !stop ? 'trials' : stop);
}

// The bench's wasm side, as bc_bench --serve is its native side: reads
// requests from standard input, one JSON line each, {"w": workload, "warm":
// true | "once" | false, "runs": n, "ms": budget}, and answers each with one JSON line: the
// untimed calls if "warm", then at least n timed runs and more until `ms` has
// gone by, each timed as the page makes the call (request text in, answer text
// out). tests/bench/run.mjs starts it: node tests/bench/wasm-line.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const mod = await require(path.join(root, 'build', 'wasm', 'battle-node.cjs'))();
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

const runLine = (w, warm, minRuns, budgetMs) => {
  const texts = w.kind === 'calls' ? w.requests.map((q) => JSON.stringify(q)) : [JSON.stringify(w.request ?? null)];
  const once = () => (w.kind === 'dice' ? mod.diceChecksum(w.draws, w.seed, w.faces) : texts.map((q) => mod.call(w.call, q)).at(-1));
  if (warm) {
    // The dice line's one call runs its loop: one untimed call, as V8 cannot
    // move a running call onto optimised code. Other lines make untimed calls
    // for 1 s (bc_bench makes one): V8 runs new wasm code through its
    // baseline compiler and optimises the busy functions later, in background
    // threads whose CPU time this process's counts (on a busy machine a 5 ms
    // call took 20 calls, 0.4 s, to reach its optimised speed), so that the
    // timed runs measure the optimised code, as a page runs after its first
    // answers, and not the compiler. A line too long to run twice warms up
    // with a smaller request of the same call (`warm` is then that request):
    // a long cold call would run its main loop in baseline code throughout.
    // Warmed before (`warm` is "once": an earlier pass): one untimed call, as
    // bc_bench makes.
    if (w.kind === 'dice') once();
    else if (w.warm !== false) {
      const warmTexts = typeof w.warm === 'object' ? [JSON.stringify(w.warm)] : texts;
      const until = warm === 'once' ? 0 : performance.now() + 1000;
      do for (const q of warmTexts) mod.call(w.call, q);
      while (performance.now() < until);
    }
  }
  let best = Infinity, bestCpu = Infinity, last = null, runs = 0;
  const until = performance.now() + budgetMs;
  while (runs < minRuns || (runs < 1000 && performance.now() < until)) {
    const t0 = performance.now(), c0 = cpuMs();
    last = once();
    bestCpu = Math.min(bestCpu, cpuMs() - c0);
    best = Math.min(best, performance.now() - t0);
    ++runs;
  }
  // Read once: a short line makes hundreds of runs, all with the same answer.
  const timing = { name: w.name, ms: runs ? best : 0, cpu_ms: runs ? bestCpu : 0, runs };
  if (w.kind === 'dice') return { ...timing, checksum: String(last) };
  const a = last === null ? null : JSON.parse(last);
  return { ...timing, ok: a?.ok, method: a?.method, trials: a?.trials, states: a?.states, error: a?.error,
           expected_attacks: a?.expected_attacks, draws_per_trial: a?.draws_per_trial };
};

for await (const line of readline.createInterface({ input: process.stdin })) {
  const q = JSON.parse(line);
  console.log(JSON.stringify(runLine(q.w, q.warm ?? false, q.runs ?? 1, q.ms ?? 0)));
}

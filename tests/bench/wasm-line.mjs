// One bench line in wasm, in a node process of its own (run.mjs starts one
// per line and round): node tests/bench/wasm-line.mjs FILE, where FILE holds
// a list of one workload. Prints the line's result as one JSON line.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const mod = await require(path.join(root, 'build', 'wasm', 'battle-node.cjs'))();
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const runWasm = (w) => {
  let best = Infinity, bestCpu = Infinity, answer = null, last = null, checksum = null;
  const texts = w.kind === 'calls' ? w.requests.map((q) => JSON.stringify(q)) : [JSON.stringify(w.request ?? null)];
  // Untimed calls first (bc_bench makes one): V8 runs new wasm code through
  // its baseline compiler and optimises the busy functions later, in
  // background threads whose CPU time this process's counts. Calls go on for
  // at least 1 s (on a busy machine a 5 ms call took 20 calls, 0.4 s, to reach
  // its optimised speed), so that the timed runs measure the optimised code,
  // as a page runs after its first answers, and not the compiler.
  // A line too long to run twice warms up with a smaller request of the same
  // call (`warm` is then that request): V8 cannot swap optimised code into a
  // call already running, so one long cold call would run its main loop in
  // the baseline compiler's code from start to end.
  // The dice line's one call runs its loop: an untimed call first, as V8
  // cannot move a running call onto the optimised code.
  if (w.kind === 'dice') mod.diceChecksum(w.draws, w.seed, w.faces);
  if (w.kind !== 'dice' && w.warm !== false) {
    const warmTexts = typeof w.warm === 'object' ? [JSON.stringify(w.warm)] : texts;
    const until = performance.now() + 1000;
    do for (const q of warmTexts) mod.call(w.call, q);
    while (performance.now() < until);
  }
  // At least w.runs timed runs, and more until 1 s has gone by (as bc_bench
  // does): the best of many is steadier on a shared machine.
  const runsUntil = performance.now() + 1000;
  let runs = 0;
  while (runs < (w.runs ?? 1) || (w.kind !== 'dice' && runs < 1000 && performance.now() < runsUntil)) {
    const t0 = performance.now(), c0 = cpuMs();
    // Timed: the call as the page makes it, request text in and answer text
    // out (as bc_bench times the native call); reading the answer is not.
    if (w.kind === 'dice') checksum = mod.diceChecksum(w.draws, w.seed, w.faces);
    else for (const q of texts) last = mod.call(w.call, q);
    bestCpu = Math.min(bestCpu, cpuMs() - c0);
    best = Math.min(best, performance.now() - t0);
    ++runs;
  }
  // Read once: a short line makes hundreds of runs, all with the same answer.
  if (last !== null) answer = JSON.parse(last);
  return { name: w.name, ms: best, cpu_ms: bestCpu, runs, checksum, ok: answer?.ok, method: answer?.method,
           trials: answer?.trials, states: answer?.states, error: answer?.error,
           expected_attacks: answer?.expected_attacks, draws_per_trial: answer?.draws_per_trial };
};

const [w] = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify(runWasm(w)));

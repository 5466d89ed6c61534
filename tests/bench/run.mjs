// scripts/bench: every workload natively and in wasm (under node), side by side
// in one run, so the ratio is measured on the same machine at the same time.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { workloads } from './workloads.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = path.join(root, 'build');
// An optional argument keeps only the workloads whose names contain it (and
// the dice line, which the draw-bound figures need): node tests/bench/run.mjs olympia
const only = process.argv[2];
const all = workloads().filter((w) => !only || w.kind === 'dice' || w.name.includes(only));
// Memory lines run natively, each alone in its own process, for its peak RSS.
const memory = all.filter((w) => w.kind === 'memory');
const list = all.filter((w) => w.kind !== 'memory');
fs.mkdirSync(path.join(build, 'bench'), { recursive: true });
const file = path.join(build, 'bench', 'workloads.json');
fs.writeFileSync(file, JSON.stringify(list));

const native = execFileSync(path.join(build, 'native', 'bc_bench'), [file], { encoding: 'utf8', maxBuffer: 1 << 28 })
  .trim().split('\n').map((l) => JSON.parse(l));

const require = createRequire(import.meta.url);
const mod = await require(path.join(build, 'wasm', 'battle-node.cjs'))();
const wasm = [];
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const w of list) {
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
  wasm.push({ name: w.name, ms: best, cpu_ms: bestCpu, runs, checksum, ok: answer?.ok, method: answer?.method,
              trials: answer?.trials, states: answer?.states, error: answer?.error,
              expected_attacks: answer?.expected_attacks, draws_per_trial: answer?.draws_per_trial });
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
// Rates per CPU-second (the machine is shared; CPU time is what the work cost).
const perCpuSecond = (w, r) => {
  const count = w.rate?.count ?? r[w.rate?.field];
  return count && r.cpu_ms > 0 ? count / (r.cpu_ms / 1000) : 0;
};
const rate = (w, r) => {
  const x = w.rate ? perCpuSecond(w, r) : 0;
  return x ? `${Math.round(x).toLocaleString('en-US')} ${w.rate.unit} per CPU-second` : '';
};
// The draw-bound limit of a Monte Carlo line: 3 draws per attack (attacker,
// target, blow) at the dice line's measured CPU time per draw, in the same build.
const diceIndex = list.findIndex((x) => x.kind === 'dice');
const drawBound = (w, r, dice) => {
  if (!w.drawBound || !dice || !r.expected_attacks) return '';
  const msPerDraw = dice.cpu_ms / list[diceIndex].draws;
  const limit = 1000 / (3 * r.expected_attacks * msPerDraw);
  const got = perCpuSecond(w, r);
  const own = r.draws_per_trial ? `; the sampler drew ${r.draws_per_trial.toFixed(1)} per battle` : '';
  return `draw-bound limit ${Math.round(limit).toLocaleString('en-US')} battles/s (${r.expected_attacks.toFixed(1)} attacks x 3 draws x ${(msPerDraw * 1e6).toFixed(2)} ns), ${(100 * got / limit).toFixed(0)}% of it${own}`;
};
console.log('Benchmarks (best of the runs after untimed calls (native: one; wasm: 1 s of them, for V8 to optimise), wall clock and CPU time; native g++ -O3 vs wasm em++ -O3 under node ' + process.version + ')');
console.log('');
for (let i = 0; i < list.length; i++) {
  const w = list[i], n = native[i], m = wasm[i];
  console.log(w.name);
  for (const [label, r, dice] of [['native', n, native[diceIndex]], ['wasm  ', m, wasm[diceIndex]]]) {
    const bits = [`${fmt(r.ms)} ms`];
    if (r.cpu_ms !== undefined) bits.push(`${fmt(r.cpu_ms)} ms CPU`);
    if (r.method) bits.push(r.method);
    if (r.states) bits.push(`${r.states} states`);
    if (r.runs > 1) bits.push(`best of ${r.runs}`);
    const rt = rate(w, r);
    if (rt) bits.push(rt);
    if (r.ok === false) bits.push('FAILED: ' + JSON.stringify(r.error));
    console.log(`  ${label}  ${bits.join(', ')}`);
    const db = drawBound(w, r, dice);
    if (db) console.log(`          ${db}`);
  }
  console.log(`  wasm/native time ratio: ${(m.ms / n.ms).toFixed(2)} (CPU time: ${(m.cpu_ms / n.cpu_ms).toFixed(2)})`);
  // A sampled twin of an exact workload: the two methods side by side.
  const j = w.versus ? list.findIndex((x) => x.name === w.versus) : -1;
  if (j >= 0) {
    console.log(`  exact (${list[j].name.split(': ')[0]}) / this sampled run, time ratio: native ${(native[j].ms / n.ms).toPrecision(3)}, wasm ${(wasm[j].ms / m.ms).toPrecision(3)}`);
  }
  if (w.kind === 'dice') {
    console.log(`  same dice in both builds: ${n.checksum === m.checksum ? 'yes' : 'NO'} (checksum ${n.checksum})`);
  }
  console.log('');
}

for (const w of memory) {
  const f = path.join(build, 'bench', 'memory-workload.json');
  fs.writeFileSync(f, JSON.stringify([{ ...w, kind: undefined }]));
  const r = JSON.parse(execFileSync(path.join(build, 'native', 'bc_bench'), [f], { encoding: 'utf8' }).trim());
  const answer = r.ok ? (r.method || 'answered') : `stopped: ${r.error?.message}`;
  console.log(w.name);
  console.log(`  native  ${fmt(r.ms)} ms, ${fmt(r.cpu_ms)} ms CPU, peak resident memory ${fmt(r.max_rss_mb)} MB (bound: ${w.bound_mb} MB); ${answer}`);
  console.log('');
}

// Sizes of what a visitor downloads.
const sizeOf = (p) => {
  const raw = fs.readFileSync(p);
  return { raw: raw.length, gz: zlib.gzipSync(raw, { level: 9 }).length };
};
const rows = [];
const wasmFile = path.join(build, 'site', 'battle.wasm');
if (fs.existsSync(wasmFile)) rows.push(['wasm module (battle.wasm)', sizeOf(wasmFile)]);
const siteDir = path.join(build, 'site');
if (fs.existsSync(siteDir)) {
  let raw = 0, gz = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else { const s = sizeOf(p); raw += s.raw; gz += s.gz; }
    }
  };
  walk(siteDir);
  rows.push(['site, all files (build/site)', { raw, gz }]);
}
const single = path.join(root, 'dist', 'battle-calculator.html');
if (fs.existsSync(single)) rows.push(['single file (dist/battle-calculator.html)', sizeOf(single)]);
if (rows.length) {
  console.log('Sizes (bytes)');
  for (const [label, s] of rows) console.log(`  ${label.padEnd(44)} raw ${String(s.raw).padStart(9)}   gzip ${String(s.gz).padStart(9)}`);
}

// Issue 12's page target: from an edit to odds on screen, in Debian's Chromium
// on the built site (tests/bench/page-times.mjs; a 150 ms pause after the last
// keystroke is part of it). The medians of a few edits each. With a name
// filter, only when it matches "page".
if (!only || 'page'.includes(only)) {
  const { startServer, launch } = await import('../e2e/harness.mjs');
  const { measurePageTimes, measureToolTimes, median } = await import('./page-times.mjs');
  const { measureAdvice } = await import('./advise-times.mjs');
  let server = null, chrome = null;
  try {
    server = await startServer();
    chrome = await launch();
    const rules = JSON.parse(mod.rules('')).rulesets;
    const times = await measurePageTimes(chrome.browser, server.url, rules, { edits: 5 });
    const show = (t) => {
      console.log(`  ${t.name.padEnd(58)} ${median(t.ms).toFixed(0).padStart(5)} ms  (${t.ms.map((x) => x.toFixed(0)).join(', ')}; ${t.method ?? ''})`);
      if (t.final_method && t.final_method !== t.method)
        console.log(`  ${'  then, behind them, the final odds'.padEnd(58)} ${median(t.final_ms).toFixed(0).padStart(5)} ms  (${t.final_ms.map((x) => x.toFixed(0)).join(', ')}; ${t.final_method})`);
    };
    console.log('');
    const probe = await chrome.browser.newPage();
    const cores = await probe.evaluate(() => navigator.hardwareConcurrency);
    await probe.close();
    console.log(`Page: from an edit to odds on screen (median of 5 edits, 1280x800, ${cores} cores reported; wall time in Chromium; target 300 ms, the 6v6 1 s)`);
    times.forEach(show);
    // Issue 16's tools, from the click to the answer (targets: sweep and marginal 300 ms, advice 1 s).
    const tools = await measureToolTimes(chrome.browser, server.url, rules, { runs: 3 });
    const a = await measureAdvice(chrome.browser, server.url, rules, { runs: 3 });
    const advice = { name: 'Order advice, the S&F 2v2 at its start', ms: a.ms,
                     method: `${a.orders} orders, ${[...new Set(a.methods.map((x) => x.trim()))].join('/')}` };
    console.log('Page: decision tools, from the click to the answer (median of 3)');
    [...tools, advice].forEach(show);
    times.push(...tools, advice);
    fs.writeFileSync(path.join(build, 'bench', 'page-times.json'), JSON.stringify(times, null, 1));
  } catch (e) {
    console.log(`\nPage times not measured: ${e.message}`);
  } finally {
    await chrome?.close();
    await server?.close();
  }
}

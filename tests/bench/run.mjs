// scripts/bench: every workload natively and in wasm (under node), side by side
// in one run, so the ratio is measured on the same machine at the same time.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { workloads } from './workloads.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = path.join(root, 'build');
// An optional argument keeps only the workloads whose names contain it (and
// the dice line, which the draw-bound figures need): node tests/bench/run.mjs olympia
const only = process.argv[2];
const all = workloads().filter((w) => !only || w.kind === 'dice' || w.name.includes(only));
// Memory lines run natively, each alone in its own process, for its peak RSS;
// so does a state count too long to run in both builds ('count-all').
const memory = all.filter((w) => w.kind === 'memory' || w.kind === 'count-all');
const list = all.filter((w) => w.kind !== 'memory' && w.kind !== 'count-all');
fs.mkdirSync(path.join(build, 'bench'), { recursive: true });
fs.writeFileSync(path.join(build, 'bench', 'workloads.json'), JSON.stringify(list));

// The two sides, as servers that run one line on request (bc_bench --serve
// and tests/bench/wasm-line.mjs): four pairs, a native server and a wasm one
// each, the pairs pinned (with taskset, where it can) to the first core and the
// second in turn.
const canPin = os.cpus().length >= 2 && spawnSync('taskset', ['-c', '1', 'true']).status === 0;
const server = (core, file, args) => {
  const p = canPin ? spawn('taskset', ['-c', String(core), file, ...args]) : spawn(file, args);
  p.stderr.pipe(process.stderr);
  const lines = readline.createInterface({ input: p.stdout })[Symbol.asyncIterator]();
  return {
    ask: async (q) => {
      p.stdin.write(JSON.stringify(q) + '\n');
      const { value, done } = await lines.next();
      if (done) throw new Error(`${path.basename(file)} stopped`);
      return JSON.parse(value);
    },
    close: () => p.stdin.end(),
  };
};
const pairs = [0, 1, 0, 1].map((core) => ({
  native: server(core, path.join(build, 'native', 'bc_bench'), ['--serve']),
  wasm: server(core, process.execPath, [path.join(root, 'tests', 'bench', 'wasm-line.mjs')]),
  lines: new Set(),   // the lines this pair has run before (warmed up in full)
}));

// Each line, in each of three passes over all the lines (forward, backward,
// forward): native and wasm take turns of some
// 250 ms (at least one run), native then wasm, on the next pair in turn (one
// pass going on from where the last stopped), two turns or more, until each
// side has had 0.7 s in the pass; each side keeps its
// best run of all three passes. The two sides of a ratio are so measured
// within a fraction of a second of each other, on the same cores, and neither
// rests on one process, one core or one stretch of time. This machine is
// shared: for seconds to minutes one core runs the same code at two thirds or
// half the other's speed (a wasm line took 180 ms a run for 3 s, then 118 ms
// for 2 s, then 185 ms again, in one process), and a process mostly stays on
// its core. Run as one process of all native lines and then one of all wasm
// lines, single ratios moved from 1.4 to 2.5 between benches; with unpinned
// processes, a line or two a bench still went to 1.8-2.1; in one pass of 2 s a
// side, pinned, a line or two a bench went to 1.6-2.2 with every one of its
// eight wasm turns slow (the native turns between them were not). Pinned, a
// wasm process's collector shares its core (it adds some 10% to the wall time
// of the line with the largest answer, less to the rest). Turns of 125 ms were
// tried: a 150 ms line then ran once per turn, each time just after the other
// side had filled the caches. Before a pair's first turn on a line in a pass,
// both its servers warm up: the first time the pair runs the line, its wasm
// server makes untimed calls for 1 s (V8 optimises the busy code); later, one
// untimed call, as the native server always does.
const turnMs = 250, sideMs = 700, passes = 3;
const merge = (rs) => ({ ...rs.at(-1), ms: Math.min(...rs.map((r) => r.ms)), cpu_ms: Math.min(...rs.map((r) => r.cpu_ms)),
                          runs: rs.reduce((n, r) => n + r.runs, 0) });
const nRuns = list.map(() => []), wRuns = list.map(() => []), turns = list.map(() => 0);
for (let pass = 0; pass < passes; ++pass) {
  const order = list.map((_, i) => i);
  if (pass % 2) order.reverse();
  for (const i of order) {
    const w = list[i];
    const warmed = new Set();
    let nTime = 0, wTime = 0;
    for (let k = 0; k < 2 || ((nTime < sideMs || wTime < sideMs) && k < 8); ++k) {
      const p = pairs[turns[i]++ % pairs.length];
      if (!warmed.has(p)) {
        warmed.add(p);
        await p.native.ask({ w, warm: true, runs: 0, ms: 0 });
        await p.wasm.ask({ w, warm: p.lines.has(i) ? 'once' : true, runs: 0, ms: 0 });
        p.lines.add(i);
      }
      let t0 = performance.now();
      nRuns[i].push({ ...(await p.native.ask({ w, runs: 1, ms: turnMs })), pass });
      nTime += performance.now() - t0;
      t0 = performance.now();
      wRuns[i].push({ ...(await p.wasm.ask({ w, runs: 1, ms: turnMs })), pass });
      wTime += performance.now() - t0;
    }
  }
}
const native = nRuns.map(merge), wasm = wRuns.map(merge);
for (const p of pairs) {
  p.native.close();
  p.wasm.close();
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
console.log('Benchmarks (each line natively and in wasm by turns of ~' + turnMs + ' ms, going round four processes of each' + (canPin ? ', pinned to two cores in turn' : '') + ', each side ' + sideMs / 1000 + ' s or more in each of ' + passes + ' passes over the lines; the best of the runs after untimed calls (native: one; wasm: 1 s of them the first time a process runs the line, for V8 to optimise, then one), wall clock and CPU time; native g++ -O3 vs wasm em++ -O3 under node ' + process.version + ')');
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
  const perPass = (rs) => Array.from({ length: passes }, (_, k) => fmt(Math.min(...rs.filter((r) => r.pass === k).map((r) => r.ms)))).join(' / ');
  console.log(`  best of each pass, ms: native ${perPass(nRuns[i])}; wasm ${perPass(wRuns[i])}`);
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
  fs.writeFileSync(f, JSON.stringify([w.kind === 'memory' ? { ...w, kind: undefined } : w]));
  const r = JSON.parse(execFileSync(path.join(build, 'native', 'bc_bench'), [f], { encoding: 'utf8' }).trim());
  console.log(w.name);
  if (w.kind === 'count-all') {
    const n = (x) => Number(x).toLocaleString('en-US');
    const how = r.ok ? `${n(r.states)} states (${n(r.terminal)} of them ends)` : `not finished within ${n(w.max_states)} states and ${w.time_limit_s} s: ${n(r.states)} so far`;
    console.log(`  native  ${fmt(r.ms)} ms, ${fmt(r.cpu_ms)} ms CPU, peak resident memory ${fmt(r.max_rss_mb)} MB; ${how}`);
  } else {
    const answer = r.ok ? (r.method || 'answered') : `stopped: ${r.error?.message}`;
    console.log(`  native  ${fmt(r.ms)} ms, ${fmt(r.cpu_ms)} ms CPU, peak resident memory ${fmt(r.max_rss_mb)} MB (bound: ${w.bound_mb} MB); ${answer}`);
  }
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
    const require = createRequire(import.meta.url);
    const mod = await require(path.join(build, 'wasm', 'battle-node.cjs'))();
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

// Issue 37's first visit (tests/bench/first-visit.mjs), each visit with its own
// counting server. The load average says how shared the machine was. With a
// name filter, only when it matches "first-visit".
if (!only || 'first-visit'.includes(only)) {
  const { launch } = await import('../e2e/harness.mjs');
  const { printFirstVisits } = await import('./first-visit.mjs');
  let chrome = null;
  try {
    chrome = await launch();
    console.log('');
    const mod = await createRequire(import.meta.url)(path.join(build, 'wasm', 'battle-node.cjs'))();
    await printFirstVisits(chrome.browser, JSON.parse(mod.rules('')).rulesets);
    console.log(`  (load average ${os.loadavg().map((x) => x.toFixed(1)).join(', ')} on ${os.cpus().length} cores)`);
  } catch (e) {
    console.log(`\nFirst visit not measured: ${e.message}`);
  } finally {
    await chrome?.close();
  }
}

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
const list = workloads();
fs.mkdirSync(path.join(build, 'bench'), { recursive: true });
const file = path.join(build, 'bench', 'workloads.json');
fs.writeFileSync(file, JSON.stringify(list));

const native = execFileSync(path.join(build, 'native', 'bc_bench'), [file], { encoding: 'utf8', maxBuffer: 1 << 28 })
  .trim().split('\n').map((l) => JSON.parse(l));

const require = createRequire(import.meta.url);
const mod = await require(path.join(build, 'wasm', 'battle-node.cjs'))();
const wasm = [];
for (const w of list) {
  let best = Infinity, answer = null, checksum = null;
  for (let r = 0; r < (w.runs ?? 1); r++) {
    const t0 = performance.now();
    if (w.kind === 'dice') checksum = mod.diceChecksum(w.draws, w.seed, w.faces);
    else answer = JSON.parse(mod.call(w.call, JSON.stringify(w.request)));
    best = Math.min(best, performance.now() - t0);
  }
  wasm.push({ name: w.name, ms: best, checksum, ok: answer?.ok, method: answer?.method, trials: answer?.trials,
              states: answer?.states, error: answer?.error });
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const rate = (w, r) => {
  if (!w.rate) return '';
  const count = w.rate.count ?? r[w.rate.field];
  if (!count) return '';
  return `${Math.round(count / (r.ms / 1000)).toLocaleString('en-US')} ${w.rate.unit}`;
};
console.log('Benchmarks (best of the runs; native g++ -O3 vs wasm em++ -O3 under node ' + process.version + ')');
console.log('');
for (let i = 0; i < list.length; i++) {
  const w = list[i], n = native[i], m = wasm[i];
  console.log(w.name);
  for (const [label, r] of [['native', n], ['wasm  ', m]]) {
    const bits = [`${fmt(r.ms)} ms`];
    if (r.method) bits.push(r.method);
    if (r.states) bits.push(`${r.states} states`);
    const rt = rate(w, r);
    if (rt) bits.push(rt);
    if (r.ok === false) bits.push('FAILED: ' + JSON.stringify(r.error));
    console.log(`  ${label}  ${bits.join(', ')}`);
  }
  console.log(`  wasm/native time ratio: ${(m.ms / n.ms).toFixed(2)}`);
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

// The page's own times for the tools' targets, measured by the browser tests
// (tests/e2e/tools.test.mjs: wall time from the click to the answer, in Chromium).
const pageTimes = path.join(build, 'bench', 'page-times.json');
if (fs.existsSync(pageTimes)) {
  console.log('On the page (from the last browser test run, wall time in Chromium)');
  for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(pageTimes, 'utf8')))) console.log(`  ${k}: ${Math.round(v)} ms`);
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

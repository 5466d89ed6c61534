// Runs the browser test files, `jobs` at a time, the longest first (scripts/test):
//   node tests/e2e/run.mjs [jobs]
// The stage ends when its last file does. `node --test` starts files in name
// order, so the wiki's two files (each installs MediaWiki first) started last
// and ran on alone at the end; here the files listed in LONGEST start first,
// then the rest in name order. Output is TAP, as `node --test` prints it; the
// exit status is 1 if any test failed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

// Each 35-60 s of a run three files at a time on this project's 2-core machine.
const LONGEST = ['wiki', 'tools', 'still', 'storage', 'share', 'numbers', 'battle-keep', 'glance'];

const dir = path.dirname(fileURLToPath(import.meta.url));
const all = fs.readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).sort();
const first = LONGEST.map((n) => `${n}.test.mjs`).filter((f) => all.includes(f));
const files = [...first, ...all.filter((f) => !first.includes(f))].map((f) => path.join(dir, f));
const jobs = Number(process.argv[2] || 3);
if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`jobs must be a whole number from 1: ${process.argv[2]}`);

run({ files, concurrency: jobs })
  .on('test:fail', () => { process.exitCode = 1; })
  .compose(tap)
  .pipe(process.stdout);

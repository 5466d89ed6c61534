// Assembles the served site in build/site: the sources from site/ and the wasm
// module from build/wasm. Build outputs never go into site/ itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build', 'site');
fs.rmSync(out, { recursive: true, force: true });
fs.cpSync(path.join(root, 'site'), out, { recursive: true });
for (const f of ['battle.js', 'battle.wasm']) {
  fs.copyFileSync(path.join(root, 'build', 'wasm', f), path.join(out, f));
}
console.log(`site assembled in ${path.relative(root, out)}`);

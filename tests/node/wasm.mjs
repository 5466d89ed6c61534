// Loads the node build of the wasm module once for the API tests.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
let mod = null;
export async function wasm() {
  if (!mod) mod = await require(path.join(root, 'build', 'wasm', 'battle-node.cjs'))();
  return mod;
}
export const call = async (fn, req) => JSON.parse((await wasm()).call(fn, typeof req === 'string' ? req : JSON.stringify(req)));
// The native CLI: BC_NATIVE_CLI (scripts/test names its build/diff/battle), else build/native's.
export const nativeCli = path.resolve(root, process.env.BC_NATIVE_CLI || path.join('build', 'native', 'battle'));

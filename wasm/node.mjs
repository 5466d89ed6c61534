// The calculator for node programs: the wasm module behind a small async API
// that answers every call with JSON and survives the module failing. A legal
// request never makes the module abort (it answers {ok: false, kind: "limit"}
// instead), but if a bug ever does, this gives that call an error and starts a
// fresh module for the next one, instead of leaving a dead module behind.
//
//   import { createCalculator } from './wasm/node.mjs';
//   const calc = await createCalculator();
//   const answer = await calc.call('odds', { ruleset: 'bloodied-steel', units: [...] });
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export async function createCalculator({ modulePath = path.join(here, '..', 'build', 'wasm', 'battle-node.cjs') } = {}) {
  const factory = require(modulePath);
  let mod = await factory();
  let restarts = 0;
  return {
    get restarts() { return restarts; },
    // The module itself, for callers that need its other exports (setProgress).
    get module() { return mod; },
    async call(fn, request = {}) {
      const text = typeof request === 'string' ? request : JSON.stringify(request);
      try {
        return JSON.parse(fn === 'version' ? mod.version() : mod.call(String(fn), text));
      } catch (e) {
        restarts++;
        mod = await factory();
        return { ok: false, error: { path: '', kind: 'failed',
          message: `the calculator failed (${e && e.message ? e.message : String(e)}) and was restarted; this request was not answered` } };
      }
    },
  };
}

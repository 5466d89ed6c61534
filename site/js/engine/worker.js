// The Web Worker that owns the wasm module. Messages in: first {init:
// {module, warm}} (a compiled WebAssembly.Module, or null to fetch and
// compile battle.wasm here; the page whose calls to make beforehand, or none
// yet), then {id, fn, request}, or {warm: page id}; out: {started} for each
// {init}, {module} once, from a worker that compiled the module itself (so
// that the page hands it to every other worker, and battle.wasm is fetched
// and compiled once a visit), {id, progress} while a long solve runs, then
// {id, result} or {id, error}.
// The page cancels a run by terminating this worker and starting another.
/* global importScripts, createBattleModule */
'use strict';

let given = null;     // the module from the page ({init}, always the first message)
let compiling = null; // the module being fetched and compiled here
let ready = null;     // the instance

// The compiled module: the page's, or battle.wasm compiled here (streamed as
// it downloads), or the bytes a single offline file inlines.
function compiled() {
  if (given) return Promise.resolve(given);
  compiling ||= compile().then((mod) => {
    given = mod;
    self.postMessage({ module: mod });
    return mod;
  }, (e) => {
    compiling = null;
    self.postMessage({ module: null });
    throw e;
  });
  return compiling;
}

async function compile() {
  const inline = self.BATTLE_WASM_BASE64;
  if (inline) return WebAssembly.compile(Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)));
  const url = new URL('../../battle.wasm', self.location.href).href;
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // A host that sends the file with another type: the bytes, compiled from memory.
    const res = await fetch(url);
    if (!res.ok) throw new Error(`battle.wasm could not be loaded (HTTP ${res.status})`);
    return WebAssembly.compile(await res.arrayBuffer());
  }
}

function load() {
  if (!ready) {
    // A page that inlines everything (the offline single file) defines the
    // factory before this code runs; the served site loads it from battle.js.
    const module = compiled();
    module.catch(() => {});
    ready = (async () => {
      if (typeof createBattleModule === 'undefined') importScripts(self.BATTLE_MODULE_URL || '../../battle.js');
      const mod = await module;
      return new Promise((resolve, reject) => {
        createBattleModule({
          instantiateWasm(imports, receive) {
            WebAssembly.instantiate(mod, imports).then((instance) => receive(instance, mod), reject);
            return {};
          },
        }).then(resolve, reject);
      });
    })();
    ready.catch(() => { ready = null; });
  }
  return ready;
}

// The page's calls, made here beforehand (js/engine/warm-up.js; the build
// writes them as self.BATTLE_WARM), so that the page's next question finds
// the module's code compiled: at once for a link's battle (boot.js), else
// once the page's first odds are on screen (app.js; the build answered its
// example's first calls, and these calls made V8 optimise the solvers' code
// while the page was being built, on CPU the page needed). Once a worker; one
// call a task, so that a question from the page waits behind one at most, and
// none that the page has asked itself.
const asked = new Set(); // the functions the page has called
let warmed = false;
function warmUp(page) {
  if (warmed) return;
  warmed = true;
  const calls = [...(self.BATTLE_WARM?.[page] || [])];
  const next = () => {
    while (calls.length && asked.has(calls[0][0])) calls.shift();
    if (!ready || calls.length === 0) return;
    const [fn, request] = calls.shift();
    ready.then((mod) => {
      try {
        mod.call(fn, request);
      } catch {
        ready = null; // as after a failed call: the next call starts a fresh instance
        return;
      }
      setTimeout(next, 0);
    }, () => {});
  };
  next();
}

self.onmessage = async (event) => {
  const data = event.data || {};
  if (data.init) {
    self.postMessage({ started: true });
    given = data.init.module || null;
    // battle.wasm's download starts at once; battle.js (which blocks this
    // worker while it loads) waits until the messages already here are read.
    compiled().catch(() => {});
    const warm = data.init.warm;
    setTimeout(() => load().then(() => { if (warm) warmUp(warm); }, () => {}), 0);
    return;
  }
  if (data.warm) {
    load().then(() => warmUp(data.warm), () => {});
    return;
  }
  const { id, fn, request } = data;
  asked.add(fn);
  let mod;
  try {
    mod = await load();
  } catch (e) {
    self.postMessage({ id, error: 'the calculator could not start: ' + (e && e.message ? e.message : String(e)) });
    return;
  }
  let last = 0;
  mod.setProgress((json) => {
    const now = Date.now();
    if (now - last > 100) {
      last = now;
      self.postMessage({ id, progress: JSON.parse(json) });
    }
    return true;
  });
  try {
    let text;
    if (fn === 'version') text = mod.version();
    else if (fn === 'rules') text = mod.rules(request || '');
    else text = mod.call(String(fn), request);
    self.postMessage({ id, result: text });
  } catch (e) {
    // Only a bug in the module gets here: the C++ side answers bad input and
    // every limit itself. A module that aborted cannot be called again, so the
    // next request starts a fresh instance (of the same compiled module).
    ready = null;
    self.postMessage({ id, error: 'the calculator failed (' + (e && e.message ? e.message : String(e)) +
      ') and has been restarted; this answer was lost, so try again' });
  } finally {
    mod.setProgress(null);
  }
};

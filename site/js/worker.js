// The Web Worker that owns the wasm module. Messages in: {id, fn, request};
// out: {id, progress} while a long solve runs, then {id, result} or {id, error}.
// The page cancels a run by terminating this worker and starting another.
/* global importScripts, createBattleModule */
'use strict';

let ready = null;

function load() {
  if (!ready) {
    // A page that inlines everything (the offline single file) defines the
    // factory and the wasm's bytes (base64) before this code runs; the served
    // site loads the factory from battle.js and the module fetches battle.wasm.
    if (typeof createBattleModule === 'undefined') importScripts(self.BATTLE_MODULE_URL || '../battle.js');
    const inline = self.BATTLE_WASM_BASE64;
    ready = createBattleModule(inline
      ? { wasmBinary: Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) }
      : { locateFile: (file) => new URL('../' + file, self.location.href).href });
  }
  return ready;
}

self.onmessage = async (event) => {
  const { id, fn, request } = event.data || {};
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
    // next request starts a fresh one.
    ready = null;
    self.postMessage({ id, error: 'the calculator failed (' + (e && e.message ? e.message : String(e)) +
      ') and has been restarted; this answer was lost, so try again' });
  } finally {
    mod.setProgress(null);
  }
};

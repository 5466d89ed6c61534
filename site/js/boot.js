// Starts the calculator's worker as soon as the page's head is read, while the
// page's modules are still on their way (a module runs only once every module
// it imports has loaded): battle.wasm downloads and compiles meanwhile. The
// page (app.js) takes this worker for its engine; what the worker said before
// the page listened is said again to the page's own handler.
'use strict';
(function boot() {
  let worker = null;
  try {
    worker = new Worker(new URL('js/engine/worker.js', document.baseURI));
  } catch {
    return; // the page starts its own
  }
  const heard = [];
  let failed = false;
  worker.onmessage = (e) => heard.push(e);
  worker.onerror = (e) => { e.preventDefault(); failed = true; };
  worker.postMessage({ init: { module: null } });
  window.battleBoot = {
    // The worker, once (none if it failed to start: the page starts its own).
    take() {
      const w = worker;
      worker = null;
      if (!w || failed) {
        w?.terminate();
        return null;
      }
      w.onerror = null;
      setTimeout(() => { for (const e of heard.splice(0)) w.onmessage?.(e); }, 0);
      return w;
    },
  };
}());

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
  let up;
  const started = new Promise((resolve) => { up = resolve; });
  // Listeners of their own, which stay when the page takes the worker over.
  worker.addEventListener('message', (e) => { if (e.data?.started) up(); });
  worker.addEventListener('error', () => up());
  worker.onmessage = (e) => heard.push(e);
  worker.onerror = (e) => { e.preventDefault(); failed = true; };
  // A link's battle (an address with more than the page's name) is not one
  // the build answered (first-calls.js): its page's calls are made here at
  // once, while the page is built, as its own first calls will need the
  // module's code compiled (worker.js, warmUp). Otherwise they wait until the
  // page's first odds are on screen (app.js).
  const hash = location.hash.replace(/^#\/?/, '');
  const link = hash.includes('?');
  worker.postMessage({ init: { module: null, warm: link ? hash.split('?')[0] : null } });
  window.battleBoot = {
    // Settles once the worker has its first message (or failed to start). A
    // worker is given the messages posted to it only after the page's main
    // thread has heard that its script ran: the page waits for this before it
    // builds itself (a long task), so that battle.wasm loads meanwhile.
    started,
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

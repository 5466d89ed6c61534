// The skeleton every battle page mounts on (the page contract is in
// page-contract.js): the parts the Bloodied Steel, S&F and Olympia pages have
// alike, written once.
//   - the solver's settings and the tools (minimum force, sweeps, luck);
//   - an error from the core beside its field, its fold opened, or a field
//     emptied mid-edit waiting for its number (dom.js placeError);
//   - the edited → recompute loop: every edit tells the odds, the tools and
//     app.js (the address, the kept battle), then the odds are asked again
//     after a pause in the typing;
//   - the seed and the rolled battle with its log (each page may add its
//     own lines to it: S&F its rounds, units and the roster's Apply);
//   - the controller mount returns.
// A page gives its battle, its request, its words and its compute, and lays
// the parts out in its view.
import { h, replace, clear, numberInput, numberValue, placeError, clearFieldErrors, debounce, LOG_ATTRS } from './dom.js';
import { runRoll, randomSeed } from './odds-run.js';
import { solverPanel } from './solver-form.js';
import { mountTools } from './tools.js';

const PAUSE_MS = 150;  // the pause in typing before the odds are asked again

// ctx: the page's PageContext. The page's part:
//   id, prefix      its rule system's id, and the prefix of its elements' ids
//   scen()          the battle as the page holds it now (with .seed and .solver)
//   request(extra)  the core's request for it
//   explain(scen, err)  the core's error in words
//   waitsFor(err)   a wait instead of an error (an emptied field the page knows), or null
//   compute()       asks for the odds and shows them (called after the pause)
//   edited()        what else the page redraws after every edit (its print summary)
//   beforeEdit()    what must give way at once when the battle changes
//   errorRoots()    where the page's field errors are cleared (default: the whole page)
export function battlePage(ctx, { id, prefix, scen, request, explain, waitsFor = null, compute,
  edited: pageEdited = () => {}, beforeEdit = () => {}, errorRoots = null }) {
  let destroyed = false;
  let page = null;
  let view = null;
  const folds = [];  // [pattern of error paths, the box whose fold opens for them]
  const linked = () => request({ seed: scen().seed });
  const describe = (err) => explain(scen(), err);
  const solverBox = h('div');
  folds.push([/^\/solver/, solverBox]);

  const sk = {
    solverBox,
    describe,
    alive: () => !destroyed,
    tools: mountTools(ctx, { ruleset: id, prefix, getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label),
      explain: describe, linkChanged: () => ctx.changed(linked()) }),
    renderSolver: () => replace(solverBox, solverPanel(ctx, scen().solver, () => sk.edited())),
    // The page's odds view (odds-view.js), told of every edit.
    useView(v) { view = v; return v; },
    // A box with a fold that opens when an error's path matches.
    fold(pattern, box) { folds.push([pattern, box]); return box; },
    // The page is drawn into `root`.
    attach(root, element) { page = element; root.append(element); return element; },
    // The error beside its field (the odds card and strip say it too); returns
    // its words, or {waiting} for a field emptied mid-edit.
    showError(err) {
      for (const [pattern, box] of folds) {
        if (err.path && pattern.test(err.path)) box.querySelector('details')?.setAttribute('open', '');
      }
      return placeError(page, err, describe, { waitsFor });
    },
    clearError() {
      for (const root of errorRoots ? errorRoots() : [page]) clearFieldErrors(root);
    },
    recompute: debounce(() => { if (!destroyed) compute(); }, PAUSE_MS),
    // Asks for the odds of the battle as it is now (odds-view.js run): the
    // error beside its field, or render(answer, ms since asked).
    async odds(render) {
      const started = performance.now();
      await view.run(request(), { showError: sk.showError, clearError: sk.clearError, alive: sk.alive,
        render: (a) => render(a, performance.now() - started) });
    },
    edited({ structural = false } = {}) {
      beforeEdit();
      view.changed({ structural });
      sk.tools.changed();
      ctx.changed(linked());
      pageEdited();
      sk.recompute();
    },
    // The seed field and the rolled battle: {seedInput, rollBox, roll, newSeed, hasRolled, reset, keep}.
    // `outcomes` names the rolled outcome; `stale` is said over a rolled battle the edits made old.
    // A page may add to the rolled battle: `headText(answer, name)` the outcome's line, `aside` an
    // element under it (S&F: the roster's Apply), `details(answer)` one after the story.
    rolling({ outcomes, stale, logClass = 'log', outcomeClass = false, headText = (a, name) => `Seed ${a.seed}: ${name}`,
      aside = null, details = () => null }) {
      const rollBox = h('div', { class: 'roll-log' });
      view.track(rollBox, stale);
      const seedInput = numberInput(scen().seed, { min: 0, max: 9007199254740991,
        onInput: (el) => { scen().seed = numberValue(el); ctx.changed(linked()); } });
      seedInput.dataset.path = '/seed';
      let rolled = false;
      async function roll() {
        const answer = await runRoll(ctx.engine, request({ seed: numberValue(seedInput) }), { box: rollBox, showError: sk.showError });
        view.settle(rollBox);
        if (!answer) return;
        sk.clearError();
        rolled = true;
        const outcome = outcomes.find((o) => o.id === answer.outcome);
        const summary = answer.log.find((e) => e.step === 'summary');
        replace(rollBox,
          h('div', { class: 'roll-head' },
            h('p', { class: `roll-outcome${outcomeClass && outcome?.cls ? ` ${outcome.cls}` : ''}`, text: headText(answer, outcome ? outcome.name : answer.outcome) }),
            sk.tools.luckButton(answer)),
          aside,
          summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
          details(answer),
          h('ol', { class: logClass, attrs: LOG_ATTRS }, answer.log.filter((e) => e.step !== 'summary').map((e) => h('li', { class: 'step-' + e.step }, e.text))));
      }
      const newSeed = () => { scen().seed = randomSeed(); seedInput.value = String(scen().seed); ctx.changed(linked()); roll(); };
      return {
        seedInput, rollBox, roll, newSeed,
        hasRolled: () => rolled,
        reset() { rolled = false; seedInput.value = String(scen().seed); clear(rollBox); },
        // The rolled battle shown stays when the battle next changes (dimmed, under `words`),
        // with the `aside` above it.
        keep(words) { view.keep(rollBox, h('div', { class: 'roll-kept-box' }, h('p', { class: 'roll-kept', text: words }), aside)); },
      };
    },
    // What mount returns. `show(next)` takes another battle and redraws the
    // page's own parts; the skeleton resets the rest and asks for the odds.
    controller({ show, roll = null, hasRolled = null, reset = () => {}, destroy = () => {} }) {
      return {
        getScenario: linked,
        setScenario(next) {
          show(next);
          reset();
          sk.clearError();
          view.changed({ structural: true });
          sk.tools.changed();
          sk.recompute.flush();
        },
        ...(roll ? { roll } : {}),
        ...(hasRolled ? { hasRolled } : {}),
        linkParams: sk.tools.linkParams,
        readLinkParams: sk.tools.readLinkParams,
        destroy() { destroyed = true; destroy(); },
      };
    },
  };
  return sk;
}

// The calls each battle page makes for its own example before its first odds
// are on screen, written as the page writes them: the build asks them of the
// very module it ships and writes the answers into the page's script
// (scripts/assemble-site.mjs, as BATTLE_KNOWN.calls), and the engine answers
// such a call at once (engine/engine.js). A first visit then shows its
// example's odds without waiting on the worker: at 4x CPU slowdown on this
// 2-core machine, the worker's calls made V8 optimise the solvers' largest
// wasm functions (some 400 ms of CPU) while the page was still being built,
// and the first odds came some 450 ms later than with the answers known.
// Each is the page's own request (its model's normalise and request, the page
// solver's settings, the form a pool of workers asks in); the answers are
// exact (builtAnswer).
// tests/e2e/first-visit.test.mjs checks that a first visit asks the worker
// nothing before its first odds, so a change to how a page asks shows there.
import * as olympia from './olympia-model.js';
import * as bloodied from './bloodied-model.js';
import * as warfare from './warfare-model.js';
import { withPageSolver, askedRequest, PAGE_EXACT_TIME_S } from './engine/page-solver.js';

// Each page's calls besides its odds, in the order it makes them.
const BEFORE_ODDS = {
  // Each army priced and checked (warfare-model.js priceArmies); the attack
  // matrix (warfare-results.js) asks for the battle as the odds do.
  warfare: (scen) => [...warfare.SIDES.map(({ id }) => ['unit', warfare.armyRequest(scen, id)]), ['attack', warfare.request(scen)]],
};
const MODELS = { olympia, 'bloodied-steel': bloodied, warfare };

// [[fn, request text], ...] for every page whose rule system has an example:
// its odds asked as by one worker and as by a pool (odds-run.js).
export function firstCalls(rules) {
  const calls = [];
  for (const [id, model] of Object.entries(MODELS)) {
    const example = rules.rulesets?.[id]?.example;
    if (!example) continue;
    const scen = model.normalise(example, example);
    for (const [fn, request] of BEFORE_ODDS[id]?.(scen) ?? []) calls.push([fn, JSON.stringify(request)]);
    const odds = withPageSolver(model.request(scen));
    for (const parallel of [false, true]) calls.push(['odds', JSON.stringify(askedRequest(odds, parallel))]);
  }
  return calls;
}

// The build's answer to one of them, as the page reads it: `call(fn, text)`
// is the module's. A page's odds request tries exact odds for
// PAGE_EXACT_TIME_S only; an example solves in a fraction of that, but a
// build machine busy with other work could run past it and sample, so the
// build gives the attempt time enough and writes the exact answer under the
// page's request, as the module answers it where the attempt succeeds (the
// settings it echoes set back to the page's). Said to be the build's
// (`built`): the page does not show the build machine's time as its own
// (odds-view.js). Throws where the module refuses the call or cannot solve
// the odds exactly.
export function builtAnswer(call, fn, text) {
  const request = JSON.parse(text);
  const roomy = fn === 'odds' ? { ...request, solver: { ...request.solver, exact_time_s: 60 * PAGE_EXACT_TIME_S } } : request;
  const answer = JSON.parse(call(fn, JSON.stringify(roomy)));
  if (!answer.ok) throw new Error(`the core refused ${fn} ${text}: ${JSON.stringify(answer.error)}`);
  if (fn === 'odds') {
    if (!String(answer.method).startsWith('exact')) throw new Error(`${text} was answered ${answer.method}, not exactly`);
    answer.solver = { ...answer.solver, exact_time_s: request.solver.exact_time_s };
  }
  return JSON.stringify({ ...answer, built: true });
}

// How the page asks for odds (site/js/odds-run.js runs it): the solver
// settings a page's request gets before it goes to the engine. No DOM.
export const PAGE_EXACT_TIME_S = 0.25;
export const PAGE_UPGRADE_S = 30;
export const PAGE_UPGRADE_STATES = 5_000_000;  // the core's largest state budget
export const PAGE_PREVIEW_HALFWIDTH = 0.01;  // the first sampled odds shown, when exact ones follow
export const solverOf = (request) => (request.solver && typeof request.solver === 'object' ? request.solver : {});
// True when the page may answer `request` sampled first, exact after.
export function progressive(request) {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return false;
  const solver = solverOf(request);
  return (solver.method ?? 'auto') === 'auto' && solver.exact_time_s === undefined;
}
// What runOdds asks of the engine for `request` (after withPageSolver): where
// a pool of workers samples (`parallel`), the core answers "deferred" instead
// of sampling itself.
export function askedRequest(request, parallel) {
  return parallel ? { ...request, solver: { ...(request.solver || {}), defer_sampling: true } } : request;
}
export function withPageSolver(request) {
  if (!progressive(request)) return request;
  return { ...request, solver: { ...solverOf(request), exact_time_s: PAGE_EXACT_TIME_S } };
}
// The exact solve behind sampled odds: the request's own budgets where it sets
// them; otherwise, since nobody waits on it, the largest state budget (the
// memory budget still holds) and PAGE_UPGRADE_S.
export function upgradeRequest(request) {
  const solver = solverOf(request);
  const { exact_time_s: _, ...rest } = solver;
  return { ...request, solver: { ...rest, method: 'exact', max_states: solver.max_states ?? PAGE_UPGRADE_STATES,
    time_limit_s: Math.min(solver.time_limit_s ?? PAGE_UPGRADE_S, PAGE_UPGRADE_S) } };
}

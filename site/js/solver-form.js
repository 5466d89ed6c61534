// "How to compute": the solver settings every odds request may carry, as a
// collapsible form. Defaults and limits come from the core's rules().
import { h, lazyFold } from './dom.js';
import { optionsForm } from './options-form.js';
import { PAGE_EXACT_TIME_S } from './engine/page-solver.js';

export function solverOptions(defaults, limits) {
  return [
    { id: 'method', name: 'Method', type: 'choice', default: defaults.method,
      choices: [
        { id: 'auto', name: 'Exact when small enough, else sampled', text: 'Exact within the state budget; beyond it, Monte Carlo (the answer says so).' },
        { id: 'exact', name: 'Exact only', text: 'Fails past the state budget instead of sampling.' },
        { id: 'monte-carlo', name: 'Monte Carlo', text: 'Always sample, with 95% intervals.' }] },
    { id: 'trials', name: 'Monte Carlo battles (at most)', type: 'int', min: 1, max: limits.trials, default: defaults.trials },
    { id: 'target_halfwidth', name: 'Stop sampling at ± (0 = never)', type: 'number', min: 0, max: 0.5, default: defaults.target_halfwidth,
      text: 'Sampling stops early once every 95% interval is this narrow.' },
    { id: 'seed', name: 'Monte Carlo seed', type: 'int', min: 0, max: 9007199254740991, default: defaults.seed },
    { id: 'max_states', name: 'Exact solver: state budget', type: 'int', min: 1, max: limits.max_states, default: defaults.max_states },
    { id: 'time_limit_s', name: 'Time budget (seconds)', type: 'number', min: 0.01, max: limits.time_limit_s, default: defaults.time_limit_s },
    { id: 'exact_time_s', name: 'Exact attempt before sampling (seconds)', type: 'number', min: 0, max: limits.time_limit_s,
      default: PAGE_EXACT_TIME_S,
      text: 'With the first method: how long to try for an exact answer before sampling. Left as it is, a battle too large to solve in that moment is shown sampled at once, and its exact odds are worked out behind the sampled ones, within the budgets above, and replace them when they come. Set it to have one attempt of that length and then sampling only; 0 gives the attempt a quarter of the time budget.' },
  ];
}

// A <details> holding the form; `values` is the scenario's solver object.
// Open when the battle sets any of them; otherwise its form is built when the
// fold first opens (or an error names one of its fields): a first visit's odds
// do not wait for a form nobody has opened.
export function solverPanel(ctx, values, onChange) {
  const open = Object.keys(values).length > 0;
  const form = () => optionsForm(solverOptions(ctx.solverDefaults, ctx.solverLimits), values, '/solver', onChange);
  const summary = h('summary', { text: 'How to compute' });
  if (open) return h('details', { class: 'solver-panel', attrs: { open } }, summary, form());
  return lazyFold({ class: 'solver-panel' }, summary, form, { paths: ['/solver'] });
}

// The page contract: what app.js asks of a page module and of the page it
// mounts. Each page (warfare.js, bloodied.js, olympia.js, roster.js) is an ES
// module exporting a PageModule; app.js lists them in PAGES. A new page
// follows this, and the node tests hold every page to it (pageProblems). A
// battle page gets its controller, and the loop behind it, from the skeleton
// in battle-page.js.

/**
 * A page module: its exports.
 * @typedef {object} PageModule
 * @property {string} id  the page's name in links (`#/<id>`) and the `ruleset` of its files
 * @property {string} title  its name in the navigation and the window's title
 * @property {string} [ruleset]  the rule system whose rules it gets, when not `id` (the roster: 'warfare')
 * @property {boolean} [keepsItself]  the page keeps its own data: app.js keeps no battle for it,
 *   reads a link once and then drops it from the address, and the toolbar's Import hands it a link
 * @property {(rules: object) => object} empty  the scenario with nothing in it (Clear, a link that fails)
 * @property {(scenario: object) => boolean} [fits]  whether a kept battle has the shape the page
 *   edits (battle-store.js sets anything else aside instead of writing over it)
 * @property {(value: object, engine: object) => Promise<object>} [check]  reads a file's or a link's
 *   scenario: the core's answer {ok, error} with `value` (the scenario as the core read it);
 *   without it app.js asks the core's `check`
 * @property {(value: object, error: {path: string, message: string}, rules: object,
 *   solver: {solver: object, limits: object}) => string} [explain]  the core's error on `value` in
 *   words that name the unit and the field (else app.js says "a value in it …")
 * @property {(root: HTMLElement, ctx: PageContext, initial: object) => PageController} mount
 *   draws the page into `root` showing `initial` (a link's, the kept one, the rules' example or empty())
 */

/**
 * What app.js hands a page's mount.
 * @typedef {object} PageContext
 * @property {object} engine  engine/engine.js's Engine: call(fn, request, {slot}) asks the core in the worker
 * @property {object} rules  the page's rule system's part of the core's rules() answer
 * @property {object} solverDefaults  rules().solver
 * @property {object} solverLimits  rules().solver_limits
 * @property {boolean} embedded  shown in another page (a wiki): keeps nothing in this browser
 * @property {() => HTMLElement} toolbar  the shared toolbar (toolbar.js) for the page to place
 * @property {(scenario: object, label: string) => void} setAll  replaces the battle, undoably;
 *   the one replaced goes to Recent battles
 * @property {(label: string, opts?: {also?: Function, recent?: boolean, keep?: boolean}) => object} checkpoint
 *   before an edit that throws something away: the battle as it is goes on the undo stack
 * @property {(entry: object) => void} undo  undoes that entry (the note's Undo)
 * @property {(scenario: object) => void} changed  after every edit: kept, and put in the address
 */

/**
 * What mount returns.
 * @typedef {object} PageController
 * @property {() => object} getScenario  the scenario shown, as a file or link holds it
 * @property {(scenario: object) => void} setScenario  shows another scenario (a link followed in
 *   the open page, Undo, Reset, Import, Restore)
 * @property {() => void} destroy  the page is left: stop listening, ignore late answers
 * @property {() => void} [roll]  rolls the battle (a link with roll=1)
 * @property {() => boolean} [hasRolled]  whether a rolled battle is shown (links and Copy as… say so)
 * @property {() => Object<string, string>} [linkParams]  what the page keeps in its link beside the battle
 * @property {(params: URLSearchParams) => Promise<void>|void} [readLinkParams]  reads them back from a link
 */

const MODULE = { id: 'string', title: 'string', empty: 'function', mount: 'function' };
const MODULE_OPTIONAL = { ruleset: 'string', keepsItself: 'boolean', fits: 'function', check: 'function', explain: 'function' };
const CONTROLLER = { getScenario: 'function', setScenario: 'function', destroy: 'function' };
const CONTROLLER_OPTIONAL = { roll: 'function', hasRolled: 'function', linkParams: 'function', readLinkParams: 'function' };

function problems(what, value, required, optional) {
  if (!value || typeof value !== 'object') return [`${what} is not an object`];
  const out = [];
  for (const [k, type] of Object.entries(required)) {
    if (typeof value[k] !== type) out.push(`${what}: ${k} must be a ${type}`);
  }
  for (const [k, type] of Object.entries(optional)) {
    if (value[k] !== undefined && typeof value[k] !== type) out.push(`${what}: ${k}, when given, must be a ${type}`);
  }
  return out;
}

// What a page module lacks of the contract, in words: [] when it has it all.
export function pageProblems(page) {
  return problems(`page ${page?.id ?? '(no id)'}`, page, MODULE, MODULE_OPTIONAL);
}

// What a mounted page's controller lacks of the contract: [] when it has it all.
export function controllerProblems(controller, id = '') {
  return problems(`page ${id || '(mounted)'}'s controller`, controller, CONTROLLER, CONTROLLER_OPTIONAL);
}

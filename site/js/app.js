// The page shell: navigation between rule systems, the worker, the shared
// toolbar (reset, files, link, embed, print), the battle in the URL fragment
// with back/forward through edits, the compact embed view, and offline use.
import { Engine } from './engine/engine.js';
import { h, replace, button, debounce, afterOdds } from './dom.js';
import { encodeScenario, decodeScenario, parseScenarioJson, parseHash, makeHash, LinkError } from './share.js';
import { setReadOnly, scan, recoveryBanner } from './store.js';
import { knowBattle, remember, keptByThisTab, NOT_STORED } from './battle-store.js';
import { makeKeeper, idleKeeper } from './keeper.js';
import { makeUndo } from './undo.js';
import { makeToolbar } from './toolbar.js';
import { followHostView, reportHeight, fullUrl } from './embed-view.js';
import { renderNav, skipLinks } from './shell-view.js';
import { linkDice, linkRules, stampRules, withCurrentRules } from './versions.js';
import * as bloodied from './bloodied.js';
import * as warfare from './warfare.js';
import * as olympia from './olympia.js';
import * as roster from './roster.js';

const PAGES = [warfare, bloodied, olympia, roster];
// A page's rules: its ruleset's (a page such as the roster names the ruleset it belongs to).
const rulesOf = (p) => rules.rulesets[p.ruleset || p.id];
// A page may check its own files and links (the roster page does); battles go to the core's check.
const checkFor = (page, value) => (page.check ? page.check(value, engine) : engine.call('check', value));

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const embedded = new URLSearchParams(location.search).get('embed') === '1' || parseHash().params.get('embed') === '1';
if (embedded) document.body.classList.add('embed');
// A guest in someone else's page (an iframe) keeps out of that page's history.
const guest = window.parent !== window;
// Opened from disk: a link to this file works only on this computer.
const fromDisk = location.protocol === 'file:';
const singleFile = !!document.getElementById('worker-source');
// An embedded (or framed) calculator never writes what this browser keeps:
// a wiki page showing a battle must not replace the visitor's own.
setReadOnly(embedded || window.top !== window);

// The single offline file inlines the worker's code; the site loads it by URL.
// The first worker was started by js/boot.js while this code loaded.
function makeWorker() {
  const booted = window.battleBoot?.take();
  if (booted) return booted;
  const inline = document.getElementById('worker-source');
  if (inline) {
    const url = URL.createObjectURL(new Blob([inline.textContent], { type: 'text/javascript' }));
    return new Worker(url);
  }
  return new Worker(new URL('js/engine/worker.js', document.baseURI));
}
const engine = new Engine(null, makeWorker);

let rules = null;
let diceVersion = 1; // the core's dice (version() answers "dice")
let current = null; // {page, controller, hash, keeper (keeper.js)}
const notice = h('div', { class: 'banner notice', hidden: true, attrs: { role: 'alert' } });
const keepBox = h('div', { class: 'banner keep-note', hidden: true }); // keeper.js's words
const recovery = recoveryBanner();
const undo = makeUndo({ restore: restoreEntry });
// A page opened by another page's script (window.open) can be sent to link
// after link by it: such a link's battle is shown, but kept only once the user acts here.
const steered = () => { try { return !!window.opener && window.opener !== window; } catch { return true; } };

function say(text, kind = 'error', ...actions) {
  notice.hidden = !text;
  notice.className = `banner ${kind}`;
  replace(notice, text || '', ...actions, text ? button('Dismiss', () => { notice.hidden = true; }, { cls: 'small' }) : null);
}

function pageById(id) {
  return PAGES.find((p) => p.id === id && rulesOf(p));
}
function defaultPage() {
  return PAGES.find((p) => rulesOf(p));
}

// ---- the battle in the URL ----
// History entries this page made (its edits) are marked, so that stepping
// back and forward through them is told apart from a link pasted or opened.
const OWN = { battleCalculator: true };
const pushLink = debounce(async (page, scenario) => {
  if (current?.page !== page) return;
  const params = new URLSearchParams();
  params.set('b', await encodeScenario(stampRules(rulesOf(page), scenario)));
  addPageParams(params);
  if (embedded) params.set('embed', '1');
  const hash = makeHash(page.id, params);
  if (hash !== location.hash) {
    if (guest) history.replaceState(OWN, '', hash);
    else history.pushState(OWN, '', hash);
    current.hash = hash;
    updateFullLink();
  }
}, 600);

// What the page keeps beside the battle in its link (the Tools section's plans).
function addPageParams(params) {
  for (const [k, v] of Object.entries(current?.controller?.linkParams?.() || {})) params.set(k, v);
}

async function linkFor(scenario, { roll = false, embed = false } = {}) {
  const params = new URLSearchParams();
  params.set('b', await encodeScenario(stampRules(rulesOf(current.page), scenario)));
  addPageParams(params);
  if (roll) {
    params.set('roll', '1');
    params.set('dice', String(diceVersion));
  }
  const base = location.href.split('#')[0].split('?')[0];
  return `${base}${embed ? '?embed=1' : ''}${makeHash(current.page.id, params)}`;
}

// A scenario from a link, checked by the core before anything is shown:
// {value (as the core read it, where it says), rules (see versions.js)}.
async function scenarioFromParams(page, params) {
  const raw = params.has('b') ? await decodeScenario(params.get('b')) : parseScenarioJson(params.get('j'));
  if (raw.ruleset !== page.id) throw new LinkError(`it is for another rule system ("${String(raw.ruleset).slice(0, 40)}")`);
  const linked = linkRules(rulesOf(page), raw);
  const checked = await checkFor(page, linked.value);
  if (!checked.ok) throw new LinkError(explain(page, linked.value, checked.error));
  return { value: checked.value || linked.value, rules: linked };
}

// An error from the core in words that name the unit and the field.
function explain(page, value, error) {
  if (page.explain) return page.explain(value, error);
  return `${error.path ? 'a value in it' : 'the battle'} ${error.message}`;
}

// `source`: 'open' for a page opened or a link followed, 'history' for
// back/forward through this page's own edits, 'reload' for this page's own
// address loaded again.
let routing = null; // the fragment being routed: a hash change raises popstate and hashchange both
async function route(source = 'open') {
  routing = location.hash;
  const { id, params } = parseHash();
  const page = pageById(id) || defaultPage();
  let scenario = null;
  let fromLink = false;
  let badLink = null;
  let linkRulesInfo = null;
  if (params.has('b') || params.has('j')) {
    try {
      ({ value: scenario, rules: linkRulesInfo } = await scenarioFromParams(page, params));
      fromLink = true;
      say('');
    } catch (e) {
      badLink = e instanceof LinkError ? e.message : 'it could not be read';
      scenario = page.empty(rulesOf(page));
    }
  }
  // This tab's own address loaded again: when the battle kept is still the
  // one this tab last kept, it is newer than the address (written 600 ms
  // after an edit) and may hold a value being fixed, so it is the one shown.
  const latest = source === 'reload' && scenario && !embedded && !page.keepsItself && !steered() ? keptByThisTab(page.id) : null;
  if (latest) {
    scenario = latest;
    fromLink = false;
    badLink = null;
    linkRulesInfo = null;
  }
  const fromStore = (!scenario && current?.page !== page && !embedded && !page.keepsItself) || !!latest;
  if (current?.page === page) {
    if (scenario) {
      if (source !== 'history') checkpoint(fromLink ? 'Opened a link' : 'Opened a link that could not be read');
      current.controller.setScenario(scenario);
    }
  } else {
    show(page, scenario, fromStore);
  }
  current.hash = location.hash;
  if (!page.keepsItself) await current.controller.readLinkParams?.(params);
  const notes = [];
  if (fromLink && page.keepsItself) {
    // Read once: the page keeps it now, and a reload must not read it again.
    history.replaceState(OWN, '', makeHash(page.id, new URLSearchParams(embedded ? 'embed=1' : '')));
    current.hash = location.hash;
  } else if (fromLink) {
    keepOpened(page, source, notes);
  } else if (badLink) {
    say(`This link's battle could not be opened: ${badLink}. The calculator starts empty.${current.keeper.linkFailed()}`, 'error', current.keeper.hadButton());
  } else if (fromStore) {
    // Not awaited: a link followed meanwhile is routed at once. After the
    // odds: encoding the battle took a tenth of a first visit's time to its
    // odds at 4x CPU slowdown (94 ms of the page's thread, in a profile).
    afterOdds(() => addressHoldsBattle(page), 1500);
  }
  if (linkRulesInfo?.old) {
    notes.push({
      text: `This link was made when the ${page.title} rules were at version ${linkRulesInfo.made}, so the battle uses the rules as they were then, not the current ones (version ${linkRulesInfo.current}).`,
      action: button('Use the current rules', () => setAll(withCurrentRules(current.controller.getScenario()), 'Used the current rules'), { cls: 'small' }),
    });
  }
  if (params.get('roll') === '1') {
    const dice = linkDice(params);
    if (dice === diceVersion) current.controller.roll?.();
    else {
      notes.push({
        text: `This link's rolled battle was rolled with the calculator's ${dice < diceVersion ? 'old' : 'newer'} dice (version ${dice}); these are version ${diceVersion}, so rolling it now with seed ${current.controller.getScenario().seed} gives a different battle from the one in the link.`,
        action: button('Roll it with these dice', () => { notice.hidden = true; current.controller.roll?.(); }, { cls: 'small' }),
      });
    }
  }
  if (notes.length) say(notes.map((n) => n.text).join(' '), 'info', ...notes.map((n) => n.action).filter(Boolean));
}

// A battle opened from a link becomes the kept one, the one before going to
// Recent battles first (keeper.js: not while another page steers this one);
// stepping back and forward through one's own edits keeps each without
// filling the list.
function keepOpened(page, source, notes) {
  if (source === 'history') current.keeper.stepped(current.controller.getScenario());
  else notes.push(...current.keeper.opened({ steered: steered(), origin: source === 'reload' ? 'own' : 'link', say }));
}

// A battle shown from what the browser keeps gets its link in the address
// too, so that Back after the first edit brings it back.
async function addressHoldsBattle(page) {
  const at = location.hash;
  const params = parseHash().params;
  params.set('b', await encodeScenario(stampRules(rulesOf(page), current.controller.getScenario())));
  addPageParams(params);
  if (current?.page !== page || location.hash !== at) return; // moved on meanwhile
  const hash = makeHash(page.id, params);
  history.replaceState(OWN, '', hash);
  current.hash = hash;
}

// ---- the shared toolbar (toolbar.js) ----
const toolbar = makeToolbar({
  current: () => current, rules: () => rules, diceVersion: () => diceVersion, embedded, fromDisk, singleFile, engine,
  setAll: (s, label) => setAll(s, label), say, undoButton: () => undo.button(),
  pageById, rulesOf, checkFor, explain: (page, value, error) => explain(page, value, error), linkFor,
});

// Replaces the battle (undoable, under `label`); the kept one goes to Recent battles first.
function setAll(scenario, label = 'Replaced the battle') {
  checkpoint(label);
  current.controller.setScenario(scenario);
  const now = current.controller.getScenario();
  current.keeper.take(now, 'own');
  pushLink(current.page, now);
  say('');
}

// ---- undo ----
// Before an edit that throws something away: the battle as it is goes on the
// undo stack. opts: {also: run on undo, recent: the battle undone goes to
// Recent battles, keep: the battle as it is goes there now}.
function checkpoint(label, opts = {}) {
  const before = current.controller.getScenario();
  if (opts.keep && !embedded && !remember(current.page.id, before, 'own')) {
    say(`The battle before this change could not be put in Recent battles: ${NOT_STORED}. Undo brings it back while this page is open.`);
  }
  return undo.push(label, before, opts);
}

// Puts an undo entry's battle back, written as the user's own edit.
function restoreEntry(e) {
  const page = current.page;
  const now = JSON.parse(JSON.stringify(current.controller.getScenario()));
  if (e.push) undo.push(e.label, now);
  current.controller.setScenario(e.before);
  const restored = current.controller.getScenario();
  if (e.recent && !embedded && !remember(page.id, now, 'own', restored)) {
    say(`The battle this Undo replaced could not be put in Recent battles: ${NOT_STORED}.`);
  }
  e.also?.();
  current.keeper.stepped(restored);
  pushLink(page, restored);
}

// The compact view's way out: the same battle, without embed=1.
let fullLink = null;
function updateFullLink() {
  if (fullLink) fullLink.href = fullUrl();
}

// ---- pages ----
// `fromStore`: show the battle this browser keeps (else `scenario`, or the example).
function show(page, scenario, fromStore = false) {
  current?.controller?.destroy?.();
  current?.keeper?.destroy();
  engine.stop();
  undo.reset();
  main.replaceChildren(recovery, notice, keepBox);
  keepBox.hidden = true;
  renderNav(nav, PAGES.filter((p) => rulesOf(p)), page);
  document.title = `${page.title} — Battle odds calculator`;
  const host = h('div', { class: 'page-host' });
  main.append(host);
  const pageRules = rulesOf(page);
  const ctx = {
    engine,
    rules: pageRules,
    solverDefaults: rules.solver,
    solverLimits: rules.solver_limits,
    embedded,
    toolbar,
    // Replaces the battle; the one it replaces goes to Recent battles.
    setAll: (s, label) => setAll(s, label),
    // Before an edit that throws something away (see checkpoint).
    checkpoint: (label, opts) => checkpoint(label, opts),
    undo: (entry) => undo.undo(entry),
    changed: (s) => {
      current.keeper.edited(s);
      pushLink(page, s);
    },
  };
  current = { page, controller: null, hash: location.hash, keeper: null };
  current.keeper = page.keepsItself || embedded ? idleKeeper() : makeKeeper({
    id: page.id, title: page.title, box: keepBox,
    getScenario: () => current.controller.getScenario(),
    show: (s, label) => {
      if (label) checkpoint(label);
      current.controller.setScenario(s);
      pushLink(page, current.controller.getScenario());
    },
    restore: (s, label) => setAll(s, label),
  });
  const kept = current.keeper.read();
  if (fromStore) scenario = kept;
  current.controller = page.mount(host, ctx, scenario || pageRules.example || page.empty(pageRules));
  if (embedded) {
    fullLink = h('a', { href: fullUrl(), attrs: { target: '_blank', rel: 'noopener' } }, 'Open the full calculator',
      h('span', { class: 'sr-only', text: ' (in a new tab)' }), h('span', { attrs: { 'aria-hidden': 'true' }, text: ' ↗' }));
    main.append(h('p', { class: 'embed-foot' }, fullLink));
  }
}

async function boot() {
  try {
    // Known to the page (the build wrote them into it): answered at once.
    const [answer, ver] = await Promise.all([engine.call('rules', ''), engine.call('version', ''), window.battleBoot?.started]);
    if (!answer.ok) throw new Error(answer.error?.message || 'no rules');
    rules = answer;
    const v = document.getElementById('version');
    if (v) v.textContent = `Version ${answer.version}.`;
    if (ver.ok && Number.isSafeInteger(ver.dice)) diceVersion = ver.dice;
  } catch (e) {
    replace(main, h('p', { class: 'banner error', attrs: { role: 'alert' }, text: 'The calculator could not start: ' + e.message }));
    return;
  }
  skipLinks();
  for (const p of PAGES) if (p.fits) knowBattle(p.id, p.fits);
  if (!embedded) scan(); // anything unreadable (or of the wrong shape) is set aside now, before anything is written
  // A reload is told by the navigation itself, not only by history.state:
  // Chromium does not always carry the state over a reload (it was null in
  // 5 of 8 reloads a few seconds after an edit, on a loaded machine), and a
  // reload read as a link opened showed the address's older battle (a value
  // being fixed, or an edit lost) instead of the one kept a moment before.
  const reloaded = history.state?.battleCalculator || performance.getEntriesByType?.('navigation')?.[0]?.type === 'reload';
  await route(reloaded ? 'reload' : 'open');
  history.replaceState(OWN, '', location.href);
  window.addEventListener('popstate', (e) => route(e.state?.battleCalculator ? 'history' : 'open'));
  window.addEventListener('hashchange', () => { if (location.hash !== current?.hash && location.hash !== routing) route(); });
  if (embedded) { reportHeight(); followHostView(); }
  if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol) && !document.getElementById('worker-source')) offlineLater();
  // The module's code compiled for the page's next question, once its first
  // odds are on screen (worker.js, warmUp): not before, when V8 optimising
  // the solvers' code took CPU the page was being built with.
  afterOdds(() => { if (current) engine.warmUp(current.page.id); }, 3000);
}

// Offline use: the service worker is registered once the first odds are on
// screen, or 3 s after the page is up where none come (the roster): its
// install reads every file of the site and compiles the scripts again, which a
// first visit's odds waited behind (a trace at 4x CPU slowdown: 130 ms of the
// service worker's thread before the first odds, on a phone's cores shared
// with the page and its worker).
function offlineLater() {
  afterOdds(() => navigator.serviceWorker.register('sw.js').catch(() => { /* offline use is a bonus, not a requirement */ }), 3000);
}

boot();

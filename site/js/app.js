// The page shell: navigation between rule systems, the worker, the shared
// toolbar (reset, files, link, embed, print), the battle in the URL fragment
// with back/forward through edits, the compact embed view, and offline use.
import { Engine } from './engine.js';
import { h, replace, button, debounce } from './dom.js';
import { encodeScenario, decodeScenario, parseScenarioJson, parseHash, makeHash, LinkError } from './share.js';
import { setReadOnly, scan, kept, keep, replaceKept, recent, recoveryBanner } from './store.js';
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
function makeWorker() {
  const inline = document.getElementById('worker-source');
  if (inline) {
    const url = URL.createObjectURL(new Blob([inline.textContent], { type: 'text/javascript' }));
    return new Worker(url);
  }
  return new Worker(new URL('js/worker.js', document.baseURI));
}
const engine = new Engine(null, makeWorker);

let rules = null;
let diceVersion = 1; // the core's dice (version() answers "dice")
let current = null; // {page, controller, hash}
const notice = h('div', { class: 'banner notice', hidden: true, attrs: { role: 'alert' } });
const recovery = recoveryBanner();

// Private browsing or a full store: the battle still works, it just is not kept.
const saved = (id) => kept(id);
const save = (id, scenario) => keep(id, scenario);

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

// Links on a laptop; on a phone one button that opens them as a menu, so the
// header stays one line.
function renderNav(active) {
  const links = h('div', { class: 'nav-links', id: 'nav-links' }, PAGES.filter((p) => rulesOf(p)).map((p) =>
    h('a', { href: '#/' + p.id, class: p === active ? 'active' : '', attrs: { 'aria-current': p === active ? 'page' : null }, text: p.title,
      on: { click: () => setMenu(false) } })));
  const toggle = h('button', { class: 'nav-toggle', attrs: { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'nav-links', title: 'Choose a rule system' },
    on: { click: () => setMenu(toggle.getAttribute('aria-expanded') !== 'true') } },
  h('span', { class: 'sr-only', text: 'Rule system: ' }), active.title, h('span', { attrs: { 'aria-hidden': 'true' }, text: ' ▾' }));
  function setMenu(open) {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  }
  nav.onkeydown = (e) => { if (e.key === 'Escape' && nav.classList.contains('open')) { setMenu(false); toggle.focus(); } };
  replace(nav, toggle, links);
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
  if (page.explain) return page.explain(value, error, rulesOf(page), { solver: rules.solver, limits: rules.solver_limits });
  return `${error.path ? 'a value in it' : 'the battle'} ${error.message}`;
}

// `source`: 'open' for a page opened or a link followed, 'history' for
// back/forward through this page's own edits.
let routing = null; // the fragment being routed: a hash change raises popstate and hashchange both
async function route(source = 'open') {
  routing = location.hash;
  const { id, params } = parseHash();
  const page = pageById(id) || defaultPage();
  let scenario = null;
  let fromLink = false;
  let linkRulesInfo = null;
  if (params.has('b') || params.has('j')) {
    try {
      ({ value: scenario, rules: linkRulesInfo } = await scenarioFromParams(page, params));
      fromLink = true;
      say('');
    } catch (e) {
      const why = e instanceof LinkError ? e.message : 'it could not be read';
      say(`This link's battle could not be opened: ${why}. The calculator starts empty.`);
      scenario = page.empty(rulesOf(page));
    }
  } else if (current?.page !== page) {
    // An embedded calculator shows its own battle or the example, never the visitor's.
    scenario = embedded || page.keepsItself ? null : saved(page.id);
  }
  if (current?.page === page) {
    if (scenario) current.controller.setScenario(scenario);
  } else {
    show(page, scenario);
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
  }
  if (linkRulesInfo?.old) {
    notes.push({
      text: `This link was made when the ${page.title} rules were at version ${linkRulesInfo.made}, so the battle uses the rules as they were then, not the current ones (version ${linkRulesInfo.current}).`,
      action: button('Use the current rules', () => setAll(withCurrentRules(current.controller.getScenario())), { cls: 'small' }),
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

// A battle opened from a link becomes the kept one; the battle it replaces
// goes to Recent battles (stepping back and forward through one's own edits
// keeps each without filling the list). An embedded view keeps nothing.
function keepOpened(page, source, notes) {
  const now = current.controller.getScenario();
  if (source === 'history') {
    save(page.id, now);
    return;
  }
  const displaced = replaceKept(page.id, now);
  if (displaced && !embedded) {
    notes.push({
      text: `Opened the battle in the link. The ${page.title} battle you had before is kept in Recent battles.`,
      action: button('Restore it', () => setAll(displaced), { cls: 'small' }),
    });
  }
}

// ---- the shared toolbar ----
function toolbar() {
  const fileInput = h('input', { attrs: { type: 'file', accept: 'application/json,.json', hidden: true }, on: { change: () => importFile(fileInput) } });
  return h('div', { class: 'toolbar' },
    button('Reset to the example', () => setAll(rules.rulesets[current.page.id].example || current.page.empty(rules.rulesets[current.page.id])), { title: 'Replace this battle with the example battle' }),
    button('Clear', () => setAll(current.page.empty(rules.rulesets[current.page.id])), { title: 'Start from an empty battle' }),
    button('Export JSON', exportFile, { title: 'Download this battle as a JSON file (the command line reads it too)' }),
    button('Import JSON', () => fileInput.click(), { title: 'Load a battle from a JSON file' }),
    button('Copy link', copyLink, { title: 'Copy a link that reproduces this battle' }),
    embedded ? null : button('Recent battles…', openRecent, { title: 'Battles this one replaced: restore one' }),
    button('Embed…', openEmbed, { title: 'Code to put this calculator in a wiki page' }),
    button('Print', () => window.print(), { title: 'Print the battle, its odds and the rolled log' }),
    fileInput);
}

// Replaces the battle; the one it replaces goes to Recent battles.
function setAll(scenario) {
  current.controller.setScenario(scenario);
  const now = current.controller.getScenario();
  replaceKept(current.page.id, now);
  pushLink(current.page, now);
  say('');
}

function openRecent() {
  const page = current.page;
  const list = recent(page.id);
  const when = (at) => (Number.isFinite(at) ? new Date(at).toLocaleString() : '');
  const dlg = h('dialog', { class: 'dialog recent-battles' },
    h('h2', { text: `Recent ${page.title} battles` }),
    h('p', { class: 'muted', text: 'The battles that opening a link, importing a file, Reset or Clear replaced, newest first (kept in this browser only). Restoring one puts the current battle here too.' }),
    list.length ? h('ol', { class: 'recent-list' }, list.map((e) => h('li', {},
      h('span', { text: e.label || 'A battle' }), ' ', h('span', { class: 'muted small', text: when(e.at) }), ' ',
      button('Restore', () => { dlg.close(); setAll(e.scenario); say(`Restored “${e.label}”. The battle it replaced is in Recent battles.`, 'info'); }, { cls: 'small' }))))
      : h('p', { text: 'None yet.' }),
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
}

function exportFile() {
  // The file says which dice its seed rolls with, so an older file's roll can say it was made with older dice.
  const scenario = { ...current.controller.getScenario(), dice: diceVersion };
  const blob = new Blob([JSON.stringify(scenario, null, 2) + '\n'], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: `${current.page.id}-battle.json` } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function importFile(input) {
  const file = input.files[0];
  input.value = '';
  if (!file) return;
  try {
    if (file.size > 4 << 20) throw new LinkError('it is larger than 4 MB');
    const value = parseScenarioJson(await file.text());
    const page = pageById(value.ruleset);
    if (!page) throw new LinkError(`its rule system "${String(value.ruleset).slice(0, 40)}" is not one this calculator knows`);
    const checked = await checkFor(page, value);
    if (!checked.ok) throw new LinkError(explain(page, value, checked.error));
    const loaded = checked.value || value;
    if (page.keepsItself) {
      // The roster page adds it as it adds a link's roster.
      location.hash = makeHash(page.id, new URLSearchParams({ b: await encodeScenario(loaded) }));
      return;
    }
    if (page !== current.page) {
      const displaced = replaceKept(page.id, loaded);
      say(`Loaded ${file.name}: it is a ${page.title} battle, so the calculator now shows ${page.title}.` +
        (displaced ? ` The ${page.title} battle you had before is kept in Recent battles.` : ''), 'info');
      location.hash = '#/' + page.id;
      return;
    }
    setAll(loaded);
    say(`Loaded ${file.name}. The battle it replaced is in Recent battles.`, 'info');
  } catch (e) {
    say(`${file.name} was not loaded: ${e instanceof LinkError ? e.message : 'it could not be read'}. Nothing was changed.`);
  }
}

async function copyLink() {
  if (fromDisk) return offline('Share this battle', 'A link from this offline file opens only on this computer, where the file is. To share the battle, send its JSON: the calculator opens it with Import JSON, and the command line reads it too.');
  const link = await linkFor(current.controller.getScenario(), { roll: !!current.controller.hasRolled?.() });
  try {
    await navigator.clipboard.writeText(link);
    say('Link copied. Anyone who opens it sees this battle' + (current.controller.hasRolled?.() ? ', rolled with the same seed.' : '.'), 'info');
  } catch {
    openText('Link to this battle', link);
  }
}

function openText(title, text) {
  const area = h('textarea', { attrs: { readonly: true, rows: 4, 'aria-label': title }, value: text });
  const dlg = h('dialog', { class: 'dialog' }, h('h2', { text: title }), area,
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  area.select();
}

// The offline file's Copy link and Embed…: no link would work elsewhere, so
// it says so and offers the battle's JSON.
function offline(title, text) {
  const json = JSON.stringify(current.controller.getScenario(), null, 2) + '\n';
  const area = h('textarea', { attrs: { readonly: true, rows: 8, 'aria-label': 'The battle as JSON' }, value: json });
  const dlg = h('dialog', { class: 'dialog offline-dialog', attrs: { 'aria-labelledby': 'offline-h' } },
    h('h2', { id: 'offline-h', text: title }),
    h('p', { text }),
    area,
    h('div', { class: 'toolbar' },
      button('Copy JSON', async () => { area.select(); try { await navigator.clipboard.writeText(json); } catch { /* selected for copying by hand */ } }),
      button('Download JSON', exportFile),
      button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  area.select();
}

async function openEmbed() {
  if (fromDisk) return offline('Put this battle in a wiki page', 'This is the offline file: a wiki page cannot load a calculator from this computer, so this file cannot be embedded. Host the calculator\'s files on a web server and use Embed… there. Meanwhile, the battle\'s JSON:');
  const scenario = current.controller.getScenario();
  const page = current.page;
  const payload = await encodeScenario(stampRules(rulesOf(page), scenario));
  const here = location.href.split('#')[0].split('?')[0];
  const base = here.replace(/[^/]*$/, '');
  // The single file, served from a web server, embeds itself; it has no embed.js beside it.
  const src = singleFile ? here : `${base}index.html`;
  const iframe = `<iframe src="${src}?embed=1#/${page.id}?b=${payload}" title="${page.title} battle odds" style="width:100%;height:760px;border:0" loading="lazy"></iframe>`;
  const element = singleFile ? null : `<script src="${base}embed.js" defer><\/script>\n<battle-calculator ruleset="${page.id}" scenario="${payload}"></battle-calculator>`;
  const snippet = (label, text) => {
    const area = h('textarea', { attrs: { readonly: true, rows: 4, 'aria-label': label }, value: text });
    return h('div', { class: 'snippet' }, h('h3', { text: label }), area,
      button('Copy', async () => { area.select(); try { await navigator.clipboard.writeText(text); } catch { /* selected for copying by hand */ } }, { cls: 'small' }));
  };
  const dlg = h('dialog', { class: 'dialog' },
    h('h2', { text: 'Put this calculator in a wiki page' }),
    h('p', { class: 'muted', text: 'Either snippet shows this battle in the compact calculator: the battle, its odds and a link to the full calculator. The custom element grows and shrinks with its content at every width; it needs the page to allow a script. The iframe has a fixed height and scrolls inside itself when the calculator is taller. Both load the calculator from this address, so host the files where the wiki can reach them.' }),
    snippet('An iframe', iframe),
    element ? snippet('A custom element', element) : h('p', { class: 'muted', text: 'The custom element needs embed.js beside the calculator; this single file has none, so use the iframe.' }),
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
}

// ---- pages ----
function show(page, scenario) {
  current?.controller?.destroy?.();
  engine.stop();
  main.replaceChildren(recovery, notice);
  renderNav(page);
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
    setAll: (s) => setAll(s),
    changed: (s) => {
      save(page.id, s);
      pushLink(page, s);
    },
  };
  current = { page, controller: null, hash: location.hash };
  current.controller = page.mount(host, ctx, scenario || pageRules.example || page.empty(pageRules));
  if (embedded) {
    fullLink = h('a', { href: fullUrl(), attrs: { target: '_blank', rel: 'noopener' } }, 'Open the full calculator',
      h('span', { class: 'sr-only', text: ' (in a new tab)' }), h('span', { attrs: { 'aria-hidden': 'true' }, text: ' ↗' }));
    main.append(h('p', { class: 'embed-foot' }, fullLink));
  }
}

// The compact view's way out: the same battle, without embed=1.
let fullLink = null;
function fullUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  const { id, params } = parseHash(url.hash);
  params.delete('embed');
  url.hash = makeHash(id, params);
  return url.href;
}
function updateFullLink() {
  if (fullLink) fullLink.href = fullUrl();
}

// In an iframe, tell the embedding page how tall the calculator is. The body's
// own height, not the document's scroll height: that never falls below the
// iframe's current height, so a calculator that got shorter would never shrink.
function reportHeight() {
  if (!guest) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'battle-calculator:height', height }, '*');
  };
  new ResizeObserver(send).observe(document.body);
  send();
}

// Skip links move the keyboard without touching the fragment, which holds the battle.
function skipLinks() {
  for (const a of document.querySelectorAll('a.skip')) {
    a.addEventListener('click', (e) => {
      const target = document.getElementById(a.getAttribute('href').slice(1));
      if (!target) return;
      e.preventDefault();
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    });
  }
}

async function boot() {
  try {
    const answer = await engine.call('rules', '');
    if (!answer.ok) throw new Error(answer.error?.message || 'no rules');
    rules = answer;
    const v = document.getElementById('version');
    if (v) v.textContent = `Version ${answer.version}.`;
    const ver = await engine.call('version', '');
    if (ver.ok && Number.isSafeInteger(ver.dice)) diceVersion = ver.dice;
  } catch (e) {
    replace(main, h('p', { class: 'banner error', attrs: { role: 'alert' }, text: 'The calculator could not start: ' + e.message }));
    return;
  }
  skipLinks();
  if (!embedded) scan(); // anything unreadable is set aside now, before anything is written
  await route();
  history.replaceState(OWN, '', location.href);
  window.addEventListener('popstate', (e) => route(e.state?.battleCalculator ? 'history' : 'open'));
  window.addEventListener('hashchange', () => { if (location.hash !== current?.hash && location.hash !== routing) route(); });
  if (embedded) reportHeight();
  if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol) && !document.getElementById('worker-source')) {
    navigator.serviceWorker.register('sw.js').catch(() => { /* offline use is a bonus, not a requirement */ });
  }
}

boot();

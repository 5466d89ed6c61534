// The page shell: navigation between rule systems, the worker, and saving the
// current battle so that a reload loses nothing.
import { Engine } from './engine.js';
import { h, replace } from './dom.js';
import * as bloodied from './bloodied.js';

const PAGES = [bloodied];
const STORE = 'battle-calculator/v1/';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const engine = new Engine(new URL('./worker.js', import.meta.url).href);
let rules = null;
let current = null; // {page, controller}

function saved(id) {
  try {
    const text = localStorage.getItem(STORE + id);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function save(id, scenario) {
  try {
    localStorage.setItem(STORE + id, JSON.stringify(scenario));
  } catch {
    // Private browsing or a full store: the battle still works, it just is not kept.
  }
}

function pageFromHash() {
  const id = decodeURIComponent(location.hash.replace(/^#\/?/, '').split(/[/?]/)[0] || '');
  return PAGES.find((p) => p.id === id && rules.rulesets[p.id]) || PAGES.find((p) => rules.rulesets[p.id]);
}

function renderNav(active) {
  replace(nav, PAGES.filter((p) => rules.rulesets[p.id]).map((p) =>
    h('a', { href: '#/' + p.id, class: p === active ? 'active' : '', attrs: { 'aria-current': p === active ? 'page' : null }, text: p.title })));
}

function show(page) {
  if (current?.page === page) return;
  current?.controller?.destroy?.();
  engine.stop();
  main.replaceChildren();
  renderNav(page);
  document.title = `${page.title} — Battle odds calculator`;
  const ctx = {
    engine,
    rules: rules.rulesets[page.id],
    solverDefaults: rules.solver,
    changed: (scenario) => save(page.id, scenario),
  };
  current = { page, controller: page.mount(main, ctx, saved(page.id)) };
}

async function boot() {
  try {
    const answer = await engine.call('rules', '');
    if (!answer.ok) throw new Error(answer.error?.message || 'no rules');
    rules = answer;
    document.getElementById('version').textContent = `Version ${answer.version}.`;
  } catch (e) {
    replace(main, h('p', { class: 'banner error', attrs: { role: 'alert' }, text: 'The calculator could not start: ' + e.message }));
    return;
  }
  show(pageFromHash());
  window.addEventListener('hashchange', () => show(pageFromHash()));
}

boot();

// The page shell's own view: the header's navigation between rule systems and
// the skip links. (app.js routes; the pages draw themselves.)
import { h, replace } from './dom.js';

// Links on a laptop; on a phone one button that opens them as a menu, so the
// header stays one line.
export function renderNav(nav, pages, active) {
  const links = h('div', { class: 'nav-links', id: 'nav-links' }, pages.map((p) =>
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

// Skip links move the keyboard without touching the fragment, which holds the battle.
export function skipLinks() {
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

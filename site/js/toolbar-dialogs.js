// The shared toolbar's dialogs: Recent battles, a link or text to copy, the
// offline file's JSON, Embed…, and Export JSON's download. app.js owns the
// battle; these only show it and call back.
import { h, button } from './dom.js';
import { recent } from './battle-store.js';

function open(dlg) {
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}

// restore(entry): the page puts entry.scenario back (the current battle goes to the list).
export function openRecent(page, restore) {
  const list = recent(page.id);
  const when = (at) => (Number.isFinite(at) ? new Date(at).toLocaleString() : '');
  const item = (e) => h('li', { dataset: { origin: e.origin } },
    h('span', { text: e.label || 'A battle' }), ' ',
    h('span', { class: 'muted small', text: `${e.origin === 'link' ? 'from a link, ' : ''}${when(e.at)}` }), ' ',
    button('Restore', () => { dlg.close(); restore(e); }, { cls: 'small', label: `Restore ${e.label || 'this battle'}` }));
  const dlg = h('dialog', { class: 'dialog recent-battles' },
    h('h2', { text: `Recent ${page.title} battles` }),
    h('p', { class: 'muted', text: 'The battles that opening a link, importing a file, Reset, Clear or Restore replaced, newest first (kept in this browser only). ' +
      'It keeps your own last six and, apart from them, the last six that links brought, so links never push out a battle of yours. Restoring one puts the current battle here too.' }),
    list.length ? h('ol', { class: 'recent-list' }, list.map(item)) : h('p', { text: 'None yet.' }),
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  return open(dlg);
}

export function download(name, text) {
  const blob = new Blob([text], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function openText(title, text) {
  const area = h('textarea', { attrs: { readonly: true, rows: 4, 'aria-label': title }, value: text });
  open(h('dialog', { class: 'dialog' }, h('h2', { text: title }), area,
    h('div', { class: 'toolbar' }, button('Close', (e) => e.target.closest('dialog').close()))));
  area.select();
}

// The offline file's Copy link and Embed…: no link would work elsewhere, so
// it says so and offers the battle's JSON.
export function offline(title, text, scenario, exportFile) {
  const json = JSON.stringify(scenario, null, 2) + '\n';
  const area = h('textarea', { attrs: { readonly: true, rows: 8, 'aria-label': 'The battle as JSON' }, value: json });
  const dlg = h('dialog', { class: 'dialog offline-dialog', attrs: { 'aria-labelledby': 'offline-h' } },
    h('h2', { id: 'offline-h', text: title }),
    h('p', { text }),
    area,
    h('div', { class: 'toolbar' },
      button('Copy JSON', async () => { area.select(); try { await navigator.clipboard.writeText(json); } catch { /* selected for copying by hand */ } }),
      button('Download JSON', exportFile),
      button('Close', () => dlg.close())));
  open(dlg);
  area.select();
}

// {src: the calculator's address, payload: the battle's link code, element: embed.js's address or null}
export function openEmbed(page, { src, payload, element }) {
  const iframe = `<iframe src="${src}?embed=1#/${page.id}?b=${payload}" title="${page.title} battle odds" style="width:100%;height:760px;border:0" loading="lazy"></iframe>`;
  const tag = element ? `<script src="${element}" defer><\/script>\n<battle-calculator ruleset="${page.id}" scenario="${payload}"></battle-calculator>` : null;
  const snippet = (label, text) => {
    const area = h('textarea', { attrs: { readonly: true, rows: 4, 'aria-label': label }, value: text });
    return h('div', { class: 'snippet' }, h('h3', { text: label }), area,
      button('Copy', async () => { area.select(); try { await navigator.clipboard.writeText(text); } catch { /* selected for copying by hand */ } }, { cls: 'small' }));
  };
  const dlg = h('dialog', { class: 'dialog' },
    h('h2', { text: 'Put this calculator in a wiki page' }),
    h('p', { class: 'muted', text: 'Either snippet shows this battle in the compact calculator: the battle, its odds and a link to the full calculator. The custom element grows and shrinks with its content at every width; it needs the page to allow a script. The iframe has a fixed height and scrolls inside itself when the calculator is taller. Both load the calculator from this address, so host the files where the wiki can reach them.' }),
    snippet('An iframe', iframe),
    tag ? snippet('A custom element', tag) : h('p', { class: 'muted', text: 'The custom element needs embed.js beside the calculator; this single file has none, so use the iframe.' }),
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  open(dlg);
}

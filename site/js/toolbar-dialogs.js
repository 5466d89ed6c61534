// The shared toolbar's dialogs: Recent battles, a link or text to copy, the
// offline file's JSON, and Export JSON's download (Embed… is embed-dialog.js). app.js owns the
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

// Embed…: the current battle ready to paste where a group writes, one form
// per kind of page, each with what that page needs (docs/wiki.md, shipped as
// wiki/README.txt, has the steps).
import { h, button } from './dom.js';

// A plain iframe runs no script of the page around it, so it cannot follow
// the calculator's height: it takes most of the reader's screen and the
// calculator scrolls inside it, its odds in view.
export const FRAME_STYLE = 'width:100%;height:85vh;min-height:480px;max-height:1100px;border:0';

// {src: the calculator's address, payload: the battle's link code, element:
// embed.js's address or null, guide: the set-up steps' address or null}
export function embedForms(page, { src, payload, element }) {
  const frame = `${src}?embed=1#/${page.id}?b=${payload}`;
  const title = `${page.title} battle odds`;
  return [
    { id: 'mediawiki-tag', label: 'MediaWiki, with the BattleCalculator extension',
      needs: 'Your wiki\'s admin installs the BattleCalculator extension once and sets $wgBattleCalculatorUrl to this calculator\'s address.',
      text: `<battle-calculator ruleset="${page.id}" scenario="${payload}" />` },
    { id: 'mediawiki-template', label: 'MediaWiki, with the gadget and template (no server access)',
      needs: 'An interface admin adds the Battle calculator gadget and Template:Battle calculator once (wiki pages only, no server access).',
      text: `{{Battle calculator|ruleset=${page.id}|scenario=${payload}}}` },
    { id: 'obsidian', label: 'Obsidian',
      needs: 'Nothing: a note shows an iframe as it is (the calculator runs inside it, so the note needs no script).',
      text: `<iframe src="${frame}" title="${title}" style="${FRAME_STYLE}"></iframe>` },
    { id: 'dokuwiki', label: 'DokuWiki',
      needs: 'The iframe plugin (the {{url>…}} syntax); DokuWiki shows no raw HTML without it.',
      text: `{{url>${frame} 100%,800px noborder|${title}}}` },
    element ? { id: 'element', label: 'A custom element (a page that allows a script)',
      needs: 'The page may load one script; the calculator then grows and shrinks with its content at every width.',
      text: `<script src="${element}" defer><\/script>\n<battle-calculator ruleset="${page.id}" scenario="${payload}"></battle-calculator>` } : null,
    { id: 'iframe', label: 'An iframe (any page that allows one)',
      needs: 'An iframe takes most of the reader\'s screen; the calculator scrolls inside it with its odds in view.',
      text: `<iframe src="${frame}" title="${title}" style="${FRAME_STYLE}" loading="lazy"></iframe>` },
  ].filter(Boolean);
}

export function openEmbed(page, opts) {
  const snippet = (f) => {
    const area = h('textarea', { attrs: { readonly: true, rows: f.text.includes('\n') ? 4 : 3, 'aria-label': f.label } });
    area.value = f.text;
    return h('div', { class: 'snippet', dataset: { form: f.id } },
      h('h3', { text: f.label }),
      h('p', { class: 'muted small', text: f.needs }),
      area,
      button('Copy', async () => { area.select(); try { await navigator.clipboard.writeText(f.text); } catch { /* selected for copying by hand */ } }, { cls: 'small' }));
  };
  const dlg = h('dialog', { class: 'dialog embed-dialog' },
    h('h2', { text: 'Put this calculator in a wiki page' }),
    h('p', { class: 'muted' }, 'Pick the form for where your group writes. Each shows this battle in the compact calculator, loaded from this address (host the files where readers can reach them): ',
      opts.guide ? h('a', { href: opts.guide, attrs: { target: '_blank', rel: 'noopener' }, text: 'how to set up each wiki' }) : 'how to set up each wiki (docs/wiki.md)',
      '. Where no frame runs, Copy as… gives the odds as text.'),
    embedForms(page, opts).map(snippet),
    h('div', { class: 'toolbar' }, button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}

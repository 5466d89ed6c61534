// Copy as…: the battle's odds (or, once rolled, its report) as text for the
// places that run no script (a wiki page's wikitext, Markdown, a forum's
// BBCode, an e-mail, a blog post's HTML), each shown before it is copied, and
// Download chart: the outcome chart as SVG or PNG. The core writes every form
// (the "share" call): the same numbers as the odds, names always as text.
import { h, button, replace } from './dom.js';
import { Cancelled } from './engine/engine.js';

export const FORMS = [
  { id: 'wikitext', label: 'Wikitext', hint: 'MediaWiki (a wikitable)' },
  { id: 'markdown', label: 'Markdown', hint: 'GitHub, GitLab, Obsidian, Discord' },
  { id: 'bbcode', label: 'BBCode', hint: 'forums' },
  { id: 'text', label: 'Plain text', hint: 'an e-mail, 72 columns' },
  { id: 'html', label: 'HTML', hint: 'a blog post: no script, no styles' },
  { id: 'svg', label: 'SVG', hint: 'the chart, as text' },
];

function save(name, blob) {
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: name } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const svgUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

// The chart drawn at twice its size, for a sharp picture.
export async function chartPng(svg) {
  const img = new Image();
  img.src = svgUrl(svg);
  await img.decode();
  const canvas = h('canvas', { attrs: { width: img.naturalWidth * 2, height: img.naturalHeight * 2 } });
  const g = canvas.getContext('2d');
  g.scale(2, 2);
  g.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be made'))), 'image/png'));
}

// ask(kind): the core's answer for 'odds' or 'roll'. rolled: the seed when the
// battle shown was rolled, else null. name: the files' name ("olympia-battle").
export function openShare({ ask, rolled, name }) {
  let kind = 'odds', form = 'wikitext', answer = null;
  const status = h('p', { class: 'muted small share-status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const area = h('textarea', { attrs: { readonly: true, rows: 12, 'aria-label': 'The text to copy', spellcheck: 'false' } });
  const picture = h('img', { class: 'share-chart', attrs: { alt: '' }, hidden: true });
  const forms = h('div', { class: 'share-forms', attrs: { role: 'radiogroup', 'aria-label': 'Form' } });
  const copy = button('Copy', copyText, { cls: 'primary' });
  const svgButton = button('Download chart (SVG)', () => answer?.svg && save(`${name}-odds.svg`, new Blob([answer.svg], { type: 'image/svg+xml' })));
  const pngButton = button('Download chart (PNG)', downloadPng);

  function radio(group, value, label, hint, checked, onPick) {
    const input = h('input', { attrs: { type: 'radio', name: group, value }, checked, on: { change: () => onPick(value) } });
    return h('label', { class: 'share-choice' }, input, ' ', h('strong', { text: label }), hint ? h('span', { class: 'muted small', text: ` ${hint}` }) : null);
  }
  function drawForms() {
    const list = FORMS.filter((f) => kind === 'odds' || f.id !== 'svg');
    if (!list.some((f) => f.id === form)) form = 'wikitext';
    replace(forms, list.map((f) => radio('share-form', f.id, f.label, f.hint, f.id === form, (v) => { form = v; show(); })));
  }
  function show() {
    const ready = !!answer?.ok;
    area.value = ready ? answer[form] ?? '' : '';
    copy.disabled = !ready;
    svgButton.disabled = pngButton.disabled = !(ready && answer.svg);
    // A report has no chart: no chart buttons, rather than two that never work.
    svgButton.hidden = pngButton.hidden = kind === 'roll';
    picture.hidden = !(ready && form === 'svg' && answer.svg);
    if (!picture.hidden) {
      picture.src = svgUrl(answer.svg);
      picture.alt = 'The outcome chart';
    }
  }
  async function load() {
    answer = null;
    show();
    status.textContent = kind === 'roll' ? `Writing the report of the battle rolled with seed ${rolled}…` : 'Working out the odds for the snapshot…';
    let a;
    try {
      a = await ask(kind);
    } catch (e) {
      if (!(e instanceof Cancelled)) status.textContent = `Not made: ${e.message}`;
      return;
    }
    if (!dlg.isConnected) return;
    if (!a.ok) {
      status.textContent = `Not made: ${a.error?.message || 'the calculator could not write it'}. Fix the battle and try again.`;
      return;
    }
    answer = a;
    status.textContent = kind === 'roll' ? `The battle rolled with seed ${rolled}, as a report.`
      : `The odds (${a.method.startsWith('exact') ? 'exact' : 'sampled, with their ±'}), the expected losses and a link to this battle.`;
    show();
  }
  async function copyText() {
    const text = area.value;
    try {
      if (form === 'html' && window.ClipboardItem) {
        // Pasted into a rich editor (WordPress's), HTML arrives as a table; elsewhere as its text.
        await navigator.clipboard.write([new ClipboardItem({ 'text/html': new Blob([text], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) })]);
      } else {
        await navigator.clipboard.writeText(text);
      }
      status.textContent = `Copied as ${FORMS.find((f) => f.id === form).label}.`;
    } catch {
      area.select();
      status.textContent = 'The browser did not allow copying: the text is selected, copy it with Ctrl+C (⌘C).';
    }
  }
  async function downloadPng() {
    if (!answer?.svg) return;
    try {
      save(`${name}-odds.png`, await chartPng(answer.svg));
    } catch (e) {
      status.textContent = `The PNG was not made: ${e.message}. The SVG has the same chart.`;
    }
  }

  const dlg = h('dialog', { class: 'dialog share-dialog', attrs: { 'aria-labelledby': 'share-h' } },
    h('h2', { id: 'share-h', text: 'Copy as…' }),
    h('p', { class: 'muted small', text: 'For pages that run no calculator: the battle\'s odds as text, with a link that opens this battle. Names are always written as text, whatever characters they have.' }),
    rolled !== null ? h('div', { class: 'share-kind', attrs: { role: 'radiogroup', 'aria-label': 'What to copy' } },
      radio('share-kind', 'odds', 'The odds', null, true, (v) => { kind = v; drawForms(); load(); }),
      radio('share-kind', 'roll', `The rolled battle (seed ${rolled})`, null, false, (v) => { kind = v; drawForms(); load(); })) : null,
    forms, status, area, picture,
    h('div', { class: 'toolbar' }, copy, svgButton, pngButton, button('Close', () => dlg.close())));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  drawForms();
  dlg.showModal();
  load();
  return dlg;
}

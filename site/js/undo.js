// Undo on the battle pages. Every edit that throws something away (remove a
// unit, noble or tactic, Clear, Reset, Import, Restore, Fill from a turn
// report, armies taken from a roster or following it after Apply) first puts
// the battle as it was on a stack. The toolbar's Undo, the note the edit
// shows and Ctrl+Z (⌘Z) put it back. The stack is this tab's and starts
// empty with the page, so the first action after a reload is undone too.
// Typing in a field is the browser's own to undo: Ctrl+Z there undoes the
// typing when that is newer than the last edit on the stack. The note steps
// aside when the user types or clicks elsewhere, and after a few seconds
// (the toolbar's Undo and Ctrl+Z stay), so it never sits over the page's work.
import { h, replace, button } from './dom.js';

const MAX = 30;
const NOTE_MS = 10000;
const copy = (x) => JSON.parse(JSON.stringify(x));
const TEXT_TYPES = /^(text|search|number|email|url|tel|password)$/;
const isTextField = (el) => !!el && (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && TEXT_TYPES.test(el.type)) || el.isContentEditable);

// restore(entry): puts entry.before on the page (and runs entry.also, if any).
export function makeUndo({ restore }) {
  let stack = [];      // [{label, before, also, recent}]
  let clock = 0;       // orders the last edit on the stack against the last typing
  let pushedAt = 0;
  let typedAt = 0;
  const buttons = new Set();
  const note = h('div', { class: 'undo-note', hidden: true, attrs: { role: 'status' } });
  document.body.append(note);
  let timer = 0;
  const hide = () => { clearTimeout(timer); note.hidden = true; };
  // Not while the pointer or the keyboard is on it.
  const later = () => { clearTimeout(timer); timer = setTimeout(() => (note.matches(':hover, :focus-within') ? later() : hide()), NOTE_MS); };

  function render() {
    const top = stack[stack.length - 1];
    for (const b of buttons) {
      b.disabled = !top;
      b.title = top ? `Undo: ${top.label} (Ctrl+Z)` : 'Nothing to undo';
      b.setAttribute('aria-label', top ? `Undo: ${top.label}` : 'Undo');
    }
  }

  function tell(text) {
    const top = stack[stack.length - 1];
    replace(note, h('span', { class: 'undo-text', text }), h('span', { class: 'undo-actions' },
      top ? button('Undo', () => undo(), { cls: 'small primary', label: `Undo: ${top.label}` }) : null,
      button('Dismiss', hide, { cls: 'small' })));
    note.hidden = false;
    later();
  }

  // `label` says what the edit did ("Removed “Iron Wall”"); `before` is the
  // battle before it. opts.also runs on undo (the roster written back);
  // opts.recent: the battle undone goes to Recent battles.
  function push(label, before, opts = {}) {
    const entry = { label, before: copy(before), also: opts.also || null, recent: !!opts.recent };
    stack.push(entry);
    if (stack.length > MAX) stack.shift();
    pushedAt = ++clock;
    tell(`${label}.`);
    render();
    return entry;
  }

  // Undoes the last edit, or, given an entry no longer on top, puts back the
  // battle before it as a new edit (itself undoable).
  function undo(entry = null) {
    if (entry && stack[stack.length - 1] !== entry) {
      if (!stack.includes(entry)) return false;
      restore({ ...entry, label: `Put back the battle before: ${entry.label}`, push: true });
      return true;
    }
    const e = stack.pop();
    if (!e) return false;
    pushedAt = ++clock;
    restore(e);
    tell(`Undone: ${e.label}.`);
    render();
    return true;
  }

  // A page shown afresh: its own stack, and its own toolbar's button.
  function reset() {
    stack = [];
    buttons.clear();
    hide();
    render();
  }

  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.shiftKey || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
    if (!stack.length || document.querySelector('dialog[open]')) return;
    if (isTextField(e.target) && typedAt > pushedAt) return;
    e.preventDefault();
    undo();
  });
  // Typing: the note steps aside, and Ctrl+Z in the field is the browser's.
  document.addEventListener('input', (e) => {
    if (!e.isTrusted || !isTextField(e.target) || note.contains(e.target)) return;
    typedAt = ++clock;
    hide();
  }, true);
  document.addEventListener('pointerdown', (e) => { if (e.isTrusted && !note.contains(e.target)) hide(); }, true);

  return {
    push,
    undo,
    reset,
    // The toolbar's Undo button.
    button() {
      const b = button('Undo', () => undo(), { title: 'Nothing to undo', disabled: true });
      b.dataset.act = 'undo';
      buttons.add(b);
      render();
      return b;
    },
  };
}

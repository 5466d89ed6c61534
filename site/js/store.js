// What the calculator keeps in this browser (localStorage), read and written
// in one place so that
// - nothing unreadable is ever written over: it is moved to a recovery key,
//   and a banner offers it for export;
// - an embedded view writes nothing: its changes live in memory only;
// - a write the browser refuses (a full store) is answered false, never
//   half done. The kept battles are battle-store.js's, the rosters
//   roster-store.js's.
import { h, replace, button } from './dom.js';

export const ROOT = 'battle-calculator/';
export const RECOVERY = ROOT + 'recovery/';

let readOnly = false;
const overlay = new Map();    // read-only mode: key -> text, or null for removed
const stuck = new Set();      // unreadable keys that could not be moved aside: never written
const listeners = new Set();  // told when the set of recovered items changes
const shapes = new Map();     // key -> what its value must be, besides JSON (see scan)

// Embedded views (and anything framed) keep their changes in memory only.
export function setReadOnly(flag) { readOnly = !!flag; }
export function isReadOnly() { return readOnly; }

export function getText(key) {
  if (overlay.has(key)) return overlay.get(key);
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: nothing kept
  }
}

// False when the browser will not keep it (private browsing, a full store),
// or when the key holds unreadable data that could not be set aside.
export function setText(key, text) {
  if (stuck.has(key)) return false;
  if (readOnly) {
    overlay.set(key, text);
    return true;
  }
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  if (readOnly) {
    overlay.set(key, null);
    return;
  }
  try { localStorage.removeItem(key); } catch { /* nothing to remove */ }
}

export function keys(prefix) {
  const out = new Set();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k !== null && k.startsWith(prefix)) out.add(k);
    }
  } catch { /* storage disabled */ }
  for (const [k, v] of overlay) {
    if (!k.startsWith(prefix)) continue;
    if (v === null) out.delete(k); else out.add(k);
  }
  return [...out].sort();
}

// The value stored under `key`, or null. Text that is not JSON, or not the
// shape `valid` expects, is set aside (never overwritten) and null returned.
export function readJson(key, valid = () => true) {
  const text = getText(key);
  if (text === null || text === undefined) return null;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    setAside(key, text);
    return null;
  }
  if (!valid(value)) {
    setAside(key, text);
    return null;
  }
  return value;
}

export function writeJson(key, value) {
  return setText(key, JSON.stringify(value));
}

// Moves unreadable text to a recovery key, exactly as found. If that cannot
// be done (a full store, or an embedded view, which writes nothing), the key
// is left as it is and marked so that nothing writes over it.
export function setAside(key, text) {
  if (key.startsWith(RECOVERY)) return;
  if (!readOnly) {
    let target = RECOVERY + key;
    for (let n = 2; getText(target) !== null && getText(target) !== text; n++) target = `${RECOVERY}${key}#${n}`;
    if (setText(target, text) && getText(target) === text) {
      remove(key);
      stuck.delete(key);
      notify();
      return;
    }
  }
  stuck.add(key);
  notify();
}

// What the value under `key` must be (a kept battle of the page's shape), so
// that scan() sets aside a value of the wrong shape too.
export function expectShape(key, valid) { shapes.set(key, valid); }

// Reads every key the calculator keeps and sets aside what is not JSON, or
// not the shape expected of it.
export function scan() {
  for (const k of keys(ROOT)) {
    if (k.startsWith(RECOVERY)) continue;
    readJson(k, shapes.get(k));
  }
}

export function recovered() {
  return keys(RECOVERY).map((k) => ({ key: k.slice(RECOVERY.length), text: getText(k) ?? '' }));
}

function notify() { for (const fn of listeners) fn(); }

// Tells `fn` when another tab changes a key starting with `prefix` (or clears
// storage). Returns a function that stops listening.
export function onOtherTab(prefix, fn) {
  const listener = (e) => {
    if (e.storageArea && e.storageArea !== localStorage) return;
    if (e.key === null || e.key.startsWith(prefix)) fn(e.key);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

// A banner that stays while anything is set aside: export it, then delete it.
export function recoveryBanner() {
  const box = h('div', { class: 'banner recovery', hidden: true, attrs: { role: 'alert' } });
  let exported = false;
  function render() {
    const items = recovered();
    const stuckNow = [...stuck];
    box.hidden = !items.length && !stuckNow.length;
    if (box.hidden) return;
    const n = items.length + stuckNow.length;
    replace(box,
      h('p', {}, `Some data this calculator kept in this browser could not be read or used (${n} item${n === 1 ? '' : 's'}). `,
        items.length ? 'It has been set aside as it was, not written over: export it to keep it, or to repair it by hand.'
          : 'It has been left as it was and nothing will be written over it.'),
      items.length ? h('div', { class: 'toolbar' },
        button('Export the unreadable data', () => { exportRecovered(items); exported = true; render(); }, { cls: 'small' }),
        button('Delete it', () => { for (const it of items) remove(RECOVERY + it.key); render(); },
          { cls: 'small danger', disabled: !exported, title: exported ? 'Delete the set-aside data from this browser' : 'Export it first' })) : null);
  }
  listeners.add(render);
  onOtherTab(RECOVERY, render);
  render();
  return box;
}

function exportRecovered(items) {
  const text = JSON.stringify({ 'battle-calculator-recovery': 1, items }, null, 2) + '\n';
  const blob = new Blob([text], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: 'battle-calculator-unreadable-data.json' } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- shared by the kept battles and the rosters ----

const isObject = (v) => !!v && typeof v === 'object' && !Array.isArray(v);

// JSON with its keys in order, so that equal battles compare equal.
export function canonical(value) {
  return JSON.stringify(value, (k, v) => (isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((x) => [x, v[x]])) : v));
}

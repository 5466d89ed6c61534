// Building the page from data. Text is always set as text, never parsed as
// HTML, so a unit called "<img onerror=...>" is shown as those characters.

// h('div', {class: 'x', on: {click: fn}, attrs: {...}}, child, ...)
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  applyProps(el, props);
  append(el, children);
  return el;
}

// A fold (<details>) whose body is built when it is first opened: most folds
// under the odds are never opened, and a page draws its odds again on every
// change. Built on the summary's click (a key on the summary clicks it too), so
// it is there as the fold opens, and on `toggle` for a fold opened otherwise.
// build() returns the body's elements; `fold.build()` builds it from outside
// (a tool a roll reaches into). A fold holding fields names their paths'
// beginnings (`paths`, as '/options'): an error at such a path builds it
// (showFieldError), so the error finds its field.
export function lazyFold(props, summary, build, { paths = null } = {}) {
  const fold = h('details', props, summary);
  let built = false;
  const open = () => {
    if (built) return;
    built = true;
    delete fold.dataset.lazyPaths;
    append(fold, [build()]);
  };
  if (paths) fold.dataset.lazyPaths = paths.join(' ');
  fold.build = open;
  summary.addEventListener('click', open);
  fold.addEventListener('toggle', () => { if (fold.open) open(); });
  return fold;
}

// The printed summary (<section class="print-only">, hidden on screen), drawn
// by `draw(element)`. Its first drawing waits until it is needed: the page is
// printed (beforeprint, or print media as a test emulates it), or the page is
// idle after its first odds (or 2 s), so that a first visit's odds do not wait
// for what only a printout shows. Once drawn, each render() draws at once.
export function printSection(draw) {
  const element = h('section', { class: 'print-only card' });
  let drawn = false;
  let waiting = false;
  const print = matchMedia('print');
  const first = () => {
    print.removeEventListener('change', onMedia);
    removeEventListener('beforeprint', first);
    if (drawn) return;
    drawn = true;
    draw(element);
  };
  const onMedia = () => { if (print.matches) first(); };
  const idle = () => (window.requestIdleCallback ? requestIdleCallback(first, { timeout: 500 }) : setTimeout(first, 0));
  return {
    element,
    render() {
      if (drawn) { draw(element); return; }
      if (waiting) return;
      waiting = true;
      print.addEventListener('change', onMedia);
      addEventListener('beforeprint', first);
      afterOdds(idle, 2000);
    },
  };
}

// Runs `fn` once the page's next odds are painted (odds-view.js says so with a
// 'battle-odds-shown' event; `fn` runs in a task after the next frame), or
// after `ms` where none come first: work a first visit's odds need not wait for.
export function afterOdds(fn, ms) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    document.removeEventListener('battle-odds-shown', shown);
    fn();
  };
  const shown = () => requestAnimationFrame(() => setTimeout(run, 0));
  const timer = setTimeout(run, ms);
  document.addEventListener('battle-odds-shown', shown, { once: true });
}

// Builds the lazy folds under `root` that hold the field at `path` (lazyFold's `paths`).
function buildFoldsFor(root, path) {
  for (const d of root.querySelectorAll('details[data-lazy-paths]')) {
    if (d.dataset.lazyPaths.split(' ').some((b) => path === b || path.startsWith(b + '/'))) d.build?.();
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function applyProps(el, props) {
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = String(v);
    else if (k === 'on') for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else if (k === 'attrs') for (const [a, x] of Object.entries(v)) { if (x !== null && x !== undefined && x !== false) el.setAttribute(a, x === true ? '' : String(x)); }
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked' || k === 'disabled' || k === 'selected' || k === 'hidden') el[k] = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

// A labelled form field whose errors are shown beside it. `path` is the JSON
// Pointer the core uses for this value, so an error lands on the right field.
// `whose` (a unit's name, say) is read out with the label but not shown, so
// that ten "Arms" fields are told apart by a screen reader.
export function field(label, input, path, { hint = null, cls = '', whose = null } = {}) {
  const id = 'f' + Math.random().toString(36).slice(2, 10);
  input.id = id;
  if (path) input.dataset.path = path;
  const err = h('span', { class: 'field-error', attrs: { role: 'alert', 'aria-live': 'polite' } });
  if (path) err.dataset.errorFor = path;
  input.setAttribute('aria-describedby', id + '-e');
  err.id = id + '-e';
  const who = whose === null ? null : h('span', { class: 'sr-only', dataset: { whose: '' }, text: ` of ${whose || 'this unit'}` });
  return h('div', { class: 'field ' + cls }, h('label', { for: id }, label, who), input, hint ? h('span', { class: 'hint', text: hint }) : null, err);
}

// Keeps the unit's name in its row's buttons and hidden labels after a rename:
// every element with data-name-template gets its aria-label again.
export function renameRow(row, name) {
  const shown = name || 'this unit';
  for (const el of row.querySelectorAll('[data-name-template]')) el.setAttribute('aria-label', el.dataset.nameTemplate.replace('{}', shown));
  for (const el of row.querySelectorAll('[data-whose]')) el.textContent = ` of ${shown}`;
}

// A button whose accessible name names its unit ("Edit Iron Wall"), kept
// current by renameRow. `template` holds "{}" where the name goes.
export function unitButton(text, template, name, onClick, opts = {}) {
  const b = button(text, onClick, opts);
  b.dataset.nameTemplate = template;
  b.setAttribute('aria-label', template.replace('{}', name || 'this unit'));
  return b;
}

// A rolled battle's log scrolls inside its card: it takes the keyboard
// (Tab to it, then the arrow keys scroll it) and is named for a screen reader.
export const LOG_ATTRS = { tabindex: '0', 'aria-label': 'The rolled battle, step by step (scrolls)' };

export function numberInput(value, { min = null, max = null, step = 1, onInput } = {}) {
  return h('input', {
    attrs: { type: 'number', inputmode: 'numeric', min, max, step },
    value: value === undefined || value === null ? '' : String(value),
    on: { input: (e) => onInput?.(e.target) },
  });
}

export function textInput(value, { maxlength = 80, onInput, placeholder = null } = {}) {
  return h('input', {
    attrs: { type: 'text', maxlength, placeholder, autocomplete: 'off', spellcheck: 'false' },
    value: value ?? '',
    on: { input: (e) => onInput?.(e.target) },
  });
}

export function select(options, value, { onChange } = {}) {
  const el = h('select', { on: { change: (e) => onChange?.(e.target) } },
    options.map((o) => h('option', { value: o.id, text: o.name, selected: String(o.id) === String(value) })));
  el.value = String(value);
  return el;
}

export function button(text, onClick, { cls = '', title = null, type = 'button', disabled = false, label = null } = {}) {
  // Icon buttons are named by their title; text buttons by their text (or `label`).
  const name = label || (/\bicon\b/.test(cls) ? title : null);
  return h('button', { class: cls, attrs: { type, title, 'aria-label': name }, disabled, text, on: { click: onClick } });
}

// After a list is drawn again, puts the keyboard where the user's work goes
// on: the first element `selectors` finds, in order, inside `root`.
export function focusFirst(root, ...selectors) {
  for (const sel of selectors) {
    const el = sel && root.querySelector(sel);
    if (el && !el.disabled) {
      el.focus();
      return el;
    }
  }
  return null;
}

// What a number field holds, for the request: a number when it is one, else
// the text as typed, so the core can say exactly what is wrong with it.
export function numberValue(input) {
  const raw = input.value.trim();
  if (raw === '') return input.validity && input.validity.badInput ? 'not a number' : null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
}

// Marks the field at `path` (or its closest parent path) with `message`;
// returns whether a field was found. The words float just under the field
// (style.css), over what follows, so that nothing on the page moves.
export function showFieldError(root, path, message) {
  clearFieldErrors(root);
  if (!path) return false;
  buildFoldsFor(root, path);
  let p = path;
  while (p) {
    const input = root.querySelector(`[data-path="${cssEscape(p)}"]`);
    const err = root.querySelector(`[data-error-for="${cssEscape(p)}"]`);
    if (input || err) {
      if (input) input.setAttribute('aria-invalid', 'true');
      if (err) say(err, message);
      return true;
    }
    p = p.slice(0, Math.max(0, p.lastIndexOf('/')));
  }
  return false;
}

// The number field at `path`, when the user has emptied it (mid-edit: about
// to type another number), else null. Text that is not a number is not empty.
export function emptiedAt(root, path) {
  if (!path) return null;
  const input = root.querySelector(`input[type=number][data-path="${cssEscape(path)}"]`);
  return input && input.value.trim() === '' && !input.validity?.badInput ? input : null;
}

// The core's error `err` on the page: beside its field, or, when the field is
// one the user has emptied, not an error at all: a note asking for a number,
// and the page waits. So too for what `waitsFor(err)` names (an army the user
// has not filled yet, after Clear): {note (beside the field, or null), words} or null. `words(err)` puts
// an error in words (naming the unit and the field). Returns the error's
// words, or {waiting: words}.
export function placeError(root, err, words, { waitsFor = null } = {}) {
  const wait = emptiedAt(root, err.path) ? { note: 'type a number', words: words({ ...err, message: 'needs a number' }) } : waitsFor?.(err);
  if (wait) {
    clearFieldErrors(root);
    const note = wait.note && err.path && root.querySelector(`[data-error-for="${cssEscape(err.path)}"]`);
    if (note) {
      note.classList.add('note');
      say(note, wait.note);
    }
    return { waiting: wait.words };
  }
  showFieldError(root, err.path, err.message);
  return words(err);
}

// Sets a field's words, turned to open leftwards where they would run off
// the right of the screen.
function say(el, text) {
  el.textContent = readable(text);
  el.classList.remove('leftwards');
  const r = el.getBoundingClientRect();
  if (r.width && r.right > document.documentElement.clientWidth - 4) el.classList.add('leftwards');
}

export function clearFieldErrors(root) {
  for (const el of root.querySelectorAll('[aria-invalid="true"]')) el.removeAttribute('aria-invalid');
  for (const el of root.querySelectorAll('.field-error')) {
    el.textContent = '';
    el.classList.remove('note');
  }
}

function cssEscape(s) {
  return (window.CSS && CSS.escape) ? CSS.escape(s) : String(s).replace(/["\\]/g, '\\$&');
}

export function pct(p) {
  if (p === null || p === undefined || Number.isNaN(p)) return '–';
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const x = p * 100;
  if (x < 0.01) return '<0.01%';
  if (x > 99.99) return '>99.99%';
  return (x < 1 || x > 99 ? x.toFixed(2) : x.toFixed(1)) + '%';
}

// A number as en-US writes it ("5,000,001", "12.5"): at most `digits`
// decimals, thousands grouped. Written out rather than left to
// toLocaleString: the browser's first use of Intl loads its locale data,
// which took a quarter of a second on a slowed phone's first odds.
// The core's words as the page writes numbers and changes: thousands
// grouped ("5,000,001 states", "from 0 to 1,000,000"; not a seed, which is
// typed back as it is) and "→" for "->".
export function readable(text) {
  return String(text ?? '')
    .replace(/(?<![\d.,]|seed )(\d{5,})(?!\d|[.,]\d)/gi, (d) => d.replace(/\B(?=(\d{3})+$)/g, ','))
    .replace(/ -> /g, ' → ');
}

// `p` as pct() writes it, as one of the probabilities `all` of the same
// outcomes (which sum to 1): never "100%" while another of them is above 0,
// since that other one reads "<0.01%" beside it.
export function pctAmong(p, all) {
  const text = pct(p);
  if (text === '100%' && all.some((q) => q !== p && q > 0)) return '>99.99%';
  if (text === '0%' && p > 0) return '<0.01%';
  return text;
}

export function num(x, digits = 2) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  const n = Number(x);
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  if (Math.abs(n) >= 1e21) return String(n);
  const [whole, frac = ''] = rounded(Math.abs(n), digits).split('.');
  const decimals = frac.replace(/0+$/, '');
  const text = whole.replace(/\B(?=(\d{3})+$)/g, ',') + (decimals ? '.' + decimals : '');
  return n < 0 && text !== '0' ? '-' + text : text;
}
// `x` (not negative) to `digits` decimals, rounded half up from the shortest
// decimal that reads back as x (2.675 gives 2.68, as a person would write it).
function rounded(x, digits) {
  const s = String(x);
  if (s.includes('e')) return x.toFixed(digits);
  const [w, f = ''] = s.split('.');
  if (f.length <= digits) return s;
  const scaled = BigInt(w + f.slice(0, digits)) + (f[digits] >= '5' ? 1n : 0n);
  const t = scaled.toString().padStart(digits + 1, '0');
  return digits ? `${t.slice(0, -digits)}.${t.slice(-digits)}` : t;
}

export function debounce(fn, ms) {
  let t = null;
  const d = (...args) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
  d.flush = (...args) => {
    clearTimeout(t);
    fn(...args);
  };
  return d;
}

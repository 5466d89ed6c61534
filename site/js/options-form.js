// A form for a rule system's named options, built from rules() data:
// [{id, name, type: "choice"|"bool"|"int"|"number", choices, min, max, default, text}].
// Writes into `values` (leaving defaults out) and calls onChange.
import { h, field, select, numberInput, numberValue, lazyFold } from './dom.js';

export function optionsForm(list, values, basePath, onChange) {
  return h('div', { class: 'options-grid' }, list.map((o) => {
    const path = `${basePath}/${o.id}`;
    const current = values[o.id] ?? o.default;
    const set = (v) => {
      if (v === o.default || v === null) delete values[o.id];
      else values[o.id] = v;
      onChange();
    };
    let input;
    if (o.type === 'bool') {
      input = h('input', { attrs: { type: 'checkbox' }, checked: !!current, on: { change: (e) => set(e.target.checked) } });
      const f = field(o.name, input, path, { hint: o.text, cls: 'option bool' });
      return f;
    }
    if (o.type === 'choice') {
      // The hint says what the option is, then what the chosen value does:
      // written again at every change, so it never describes the last choice.
      const hintFor = (id) => [o.text, o.choices.find((c) => String(c.id) === String(id))?.text].filter(Boolean).join(' ');
      let hint = null;
      input = select(o.choices.map((c) => ({ id: c.id, name: c.name })), current, {
        onChange: (el) => {
          const text = hintFor(el.value);
          if (!hint && text) {
            hint = h('span', { class: 'hint' });
            input.after(hint);
          }
          if (hint) hint.textContent = text;
          set(el.value);
        },
      });
      const f = field(o.name, input, path, { hint: hintFor(current), cls: 'option' });
      hint = f.querySelector('.hint');
      return f;
    }
    input = numberInput(current, { min: o.min, max: o.max, step: o.type === 'number' ? 'any' : 1, onInput: (el) => set(numberValue(el)) });
    return field(o.name, input, path, { hint: o.text, cls: 'option num' });
  }));
}

// How many options differ from their defaults (a value equal to its default,
// as a link may carry, does not count).
export function changedCount(list, values) {
  return list.filter((o) => values[o.id] !== undefined && values[o.id] !== o.default).length;
}

// The rule options folded away under one heading that says how many differ
// from the book: groups [{title, list, values, basePath}]. Opens by itself
// when an error points inside it (open()).
export function rulesFold(groups, onChange, { note = null, headingId = null } = {}) {
  const heading = h('h2', { id: headingId, class: 'fold-title' });
  const count = () => groups.reduce((n, g) => n + changedCount(g.list, g.values), 0);
  const label = () => {
    const n = count();
    heading.textContent = `Rules (${n === 0 ? 'none' : n} changed from the book's defaults)`;
  };
  // The fields are built when the fold first opens (or an error points into
  // it): a page's first odds came later behind them (issue 37).
  const body = () => h('div', { class: 'fold-body' },
    note ? h('p', { class: 'muted small', text: note }) : null,
    groups.map((g) => [
      groups.length > 1 ? h('h3', { text: g.title }) : null,
      optionsForm(g.list, g.values, g.basePath, () => { label(); onChange(); }),
    ]));
  const fold = lazyFold({ class: 'rules-fold' }, h('summary', {}, heading), body, { paths: groups.map((g) => g.basePath) });
  label();
  return fold;
}

// For print: the options changed from the book's defaults, in a sentence.
export function changedText(list, values, word) {
  const changed = list.filter((o) => values[o.id] !== undefined && values[o.id] !== o.default)
    .map((o) => `${o.name}: ${o.choices ? (o.choices.find((c) => c.id === values[o.id])?.name ?? values[o.id]) : values[o.id]}`);
  return changed.length ? `${word} changed from the book's defaults: ${changed.join('; ')}.` : `${word}: the book's defaults.`;
}

// Words for an error's place among the options: "Rule “Attack order”".
export function optionWords(path, groups) {
  for (const g of groups) {
    if (!path.startsWith(g.basePath + '/')) continue;
    const id = path.slice(g.basePath.length + 1).split('/')[0];
    const o = g.list.find((x) => x.id === id);
    return `${g.word} “${o ? o.name : id.replace(/_/g, ' ')}”`;
  }
  return null;
}

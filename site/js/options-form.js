// A form for a rule system's named options, built from rules() data:
// [{id, name, type: "choice"|"bool"|"int"|"number", choices, min, max, default, text}].
// Writes into `values` (leaving defaults out) and calls onChange.
import { h, field, select, numberInput, numberValue } from './dom.js';

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
      input = select(o.choices.map((c) => ({ id: c.id, name: c.name })), current, { onChange: (el) => set(el.value) });
      const chosen = o.choices.find((c) => c.id === current);
      return field(o.name, input, path, { hint: [o.text, chosen?.text].filter(Boolean).join(' '), cls: 'option' });
    }
    input = numberInput(current, { min: o.min, max: o.max, step: o.type === 'number' ? 'any' : 1, onInput: (el) => set(numberValue(el)) });
    return field(o.name, input, path, { hint: o.text, cls: 'option num' });
  }));
}

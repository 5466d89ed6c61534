// The unit builder's form, part by part: the keyword fields or the printed
// stats, the size, the traits and the terms of hire. Each part edits `draft`
// (the unit being built) through `set(key, value)` (a value the card follows)
// or in place and then `render()` (a change that redraws the form).
import { h, field, numberInput, textInput, select, button, numberValue } from './dom.js';

const byId = (list) => list.map((x) => ({ id: x.id, name: x.name }));

// Built from keywords: ancestry, type, and experience and equipment (a
// levy's equipment only).
export function keywordFields(rules, draft, set, render) {
  const t = rules.tables;
  const types = t.types.filter((x) => x.keywords !== 'stats');
  const fields = [
    field('Ancestry', select(byId(t.ancestries), draft.ancestry, { onChange: (el) => set('ancestry', el.value) }), '/unit/ancestry'),
    field('Type', select(byId(types), draft.type, { onChange: (el) => { setType(rules, draft, el.value); render(); } }), '/unit/type')];
  if (draft.type !== 'levies') {
    fields.push(field('Experience', select(byId(t.experience), draft.experience, { onChange: (el) => set('experience', el.value) }), '/unit/experience'));
    fields.push(field('Equipment', select(byId(t.equipment), draft.equipment, { onChange: (el) => set('equipment', el.value) }), '/unit/equipment'));
  } else {
    fields.push(field('Equipment', select([{ id: 'none', name: 'None' }, { id: 'light', name: 'Light' }], draft.equipment || 'none', { onChange: (el) => set('equipment', el.value) }), '/unit/equipment',
      { hint: 'Levies have no experience; the book\'s printings disagree on their equipment.' }));
  }
  return fields;
}

// A new type: levies drop their experience and take the levy equipment
// option's default; any other type gets an experience and some equipment back.
function setType(rules, draft, type) {
  draft.type = type;
  if (type === 'levies') {
    delete draft.experience;
    draft.equipment = rules.options.find((o) => o.id === 'levy_equipment')?.default || 'none';
  } else {
    draft.experience = draft.experience || 'regular';
    if (draft.equipment === 'none') draft.equipment = 'light';
  }
}

// Built from a card's printed stats: any type, the five numbers and the printed cost.
export function statFields(t, draft, set) {
  const fields = [field('Type', select(byId(t.types), draft.type, { onChange: (el) => set('type', el.value) }), '/unit/type')];
  for (const [k, label] of [['attack', 'Attack'], ['power', 'Power'], ['defense', 'Defense'], ['toughness', 'Toughness'], ['morale', 'Morale']]) {
    fields.push(field(label, numberInput(draft[k] ?? (k === 'defense' || k === 'toughness' ? 10 : 0), { onInput: (el) => set(k, numberValue(el)) }), `/unit/${k}`, { cls: 'num' }));
  }
  fields.push(field('Printed cost (optional)', numberInput(draft.cost ?? '', { onInput: (el) => set('cost', numberValue(el)) }), '/unit/cost', { cls: 'num' }));
  return fields;
}

// The casualty die, and a cost modifier for a size the book does not price.
export function sizeFields(t, draft, set, render) {
  const fields = [field('Size (casualty die)', select(t.sizes.map((s) => ({ id: s.id, name: `${s.id}${s.cost_modifier ? ` (cost ×${s.cost_modifier})` : ' (not priced)'}` })), draft.size, {
    onChange: (el) => { draft.size = el.value; render(); },
  }), '/unit/size')];
  if (!t.sizes.find((s) => s.id === draft.size)?.cost_modifier) {
    fields.push(field('Cost modifier for this size', numberInput(draft.size_cost_modifier ?? '', { step: 0.01, onInput: (el) => set('size_cost_modifier', numberValue(el)) }), '/unit/size_cost_modifier', { hint: 'The book prices no d20; give a modifier to price the unit.' }));
  }
  return fields;
}

// The book's traits as boxes (an ancestry's own ticked for good, built from
// keywords), then the custom traits; `refresh()` after an edit the card follows.
export function traitsField(rules, draft, explicit, { refresh, render }) {
  const t = rules.tables;
  const known = t.traits.filter((x) => x.id);
  const chosen = new Set((draft.traits || []).filter((x) => typeof x === 'string'));
  const fromAncestry = new Set((t.ancestries.find((a) => a.id === draft.ancestry)?.traits) || []);
  const boxes = known.map((tr) => {
    const inherent = !explicit && fromAncestry.has(tr.id);
    const box = h('input', { attrs: { type: 'checkbox' }, checked: inherent || chosen.has(tr.id), disabled: inherent, on: { change: (e) => {
      const list = (draft.traits || []).filter((x) => x !== tr.id);
      if (e.target.checked) list.push(tr.id);
      draft.traits = list;
      refresh();
    } } });
    return h('label', { class: 'trait-box', attrs: { title: tr.text } }, box, ` ${tr.name}`, h('span', { class: 'muted small', text: ` ${tr.cost} gp` }));
  });
  return h('fieldset', { class: 'traits' }, h('legend', { text: 'Traits' }),
    h('p', { class: 'muted small', text: explicit ? 'Tick the traits the card lists.' : 'The ancestry\'s traits are ticked and cannot be removed; tick others the unit has.' }),
    h('div', { class: 'trait-grid' }, boxes),
    customTraitRows(rules.limits, draft, { refresh, render }),
    button('Add a custom trait', () => { draft.traits = [...(draft.traits || []), { name: 'Custom trait', cost: 0, text: '' }]; render(); }, { cls: 'small' }));
}

// A row for each trait given as {name, cost, text} (one of another book).
function customTraitRows(limits, draft, { refresh, render }) {
  const custom = (draft.traits || []).map((x, i) => [x, i]).filter(([x]) => typeof x === 'object');
  return custom.map(([x, i]) => h('div', { class: 'custom-trait' },
    field('Trait name', textInput(x.name, { maxlength: limits.trait_name_chars, onInput: (el) => { x.name = el.value; refresh(); } }), `/unit/traits/${i}/name`),
    field('Cost', numberInput(x.cost, { onInput: (el) => { x.cost = numberValue(el); refresh(); } }), `/unit/traits/${i}/cost`, { cls: 'num' }),
    field('Text', textInput(x.text, { maxlength: limits.trait_text_chars, onInput: (el) => { x.text = el.value; refresh(); } }), `/unit/traits/${i}/text`, { cls: 'wide' }),
    button('✕', () => { draft.traits.splice(i, 1); render(); }, { cls: 'icon danger', title: `Remove the trait ${x.name}` })));
}

export function hireFields(t, draft, set) {
  return h('fieldset', { class: 'hire' }, h('legend', { text: 'Hiring' }),
    field('Attitude of its ancestry', select(byId(t.attitudes), draft.attitude || 'allied', { onChange: (el) => set('attitude', el.value === 'allied' ? null : el.value) }), '/unit/attitude'),
    h('label', {}, h('input', { attrs: { type: 'checkbox' }, checked: !!draft.mercenary, on: { change: (e) => set('mercenary', e.target.checked || null) } }), ' Mercenary (upkeep doubled)'),
    h('label', {}, h('input', { attrs: { type: 'checkbox' }, checked: !!draft.unpaid, on: { change: (e) => set('unpaid', e.target.checked || null) } }), ' Unpaid (disadvantage on Morale checks)'));
}

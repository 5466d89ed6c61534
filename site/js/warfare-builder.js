// The unit builder: keywords (or a card's printed stats), traits, terms of
// hire; the card updates live from the core as you choose.
import { h, replace, clear, field, numberInput, textInput, select, button, numberValue, showFieldError,
  clearFieldErrors, debounce } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { cardView } from './warfare-card.js';
import { errorWords } from './error-words.js';

const byId = (list) => list.map((x) => ({ id: x.id, name: x.name }));

// A new unit starts here, every time: no name (it is named from its
// keywords, as the roster names a unit, unless one is typed).
export function defaultUnit(tables) {
  return { name: '', ancestry: 'human', experience: 'regular', equipment: 'medium', type: 'infantry', size: 'd6', traits: [] };
}

// A clean copy of a unit for the army (only the fields the format knows).
export function cleanUnit(u) {
  const out = {};
  for (const k of ['name', 'ancestry', 'experience', 'equipment', 'type', 'size', 'size_cost_modifier', 'traits', 'attitude',
    'mercenary', 'unpaid', 'attack', 'power', 'defense', 'toughness', 'morale', 'cost', 'morale_bonus', 'casualties', 'sapped', 'id']) {
    if (u[k] !== undefined && u[k] !== null && u[k] !== '') out[k] = k === 'traits' ? u[k].map((t) => (typeof t === 'object' ? { ...t } : t)) : u[k];
  }
  if (out.type === 'levies') delete out.experience;
  return out;
}

// The army's refusal of a unit with the same keywords as another (S&F p. 239):
// {unit, other} (their places in the army's list), or null for any other error.
// The core names the other unit by its path in "refers".
export function keywordClash(err) {
  const at = (path) => Number(String(path).match(/^\/(?:(?:attacker|defender)\/)?units\/(\d+)$/)?.[1] ?? -1);
  if (!err || at(err.path) < 0 || err.refers === undefined || at(err.refers) < 0) return null;
  return { unit: at(err.path), other: at(err.refers) };
}

export function isExplicit(u) {
  return u.type === 'fortification' || ['attack', 'power', 'defense', 'toughness', 'morale'].some((k) => u[k] !== undefined && u.ancestry === undefined);
}

// mount: returns {load(unit, target), element}. onCommit(unit, side, index|null).
export function makeBuilder(ctx, { onCommit }) {
  const rules = ctx.rules;
  const t = rules.tables;
  let draft = defaultUnit(t);
  let editing = null; // {side, index}
  let target = 'attacker'; // the army a new unit joins
  let explicit = false;

  const form = h('div', { class: 'builder-form' });
  const preview = h('div', { class: 'builder-card', attrs: { 'aria-live': 'polite' } });
  const status = h('p', { class: 'muted small' });
  const actions = h('div', { class: 'toolbar' });
  const refusal = h('p', { class: 'error small builder-refusal', attrs: { role: 'alert' } });
  const presets = select([{ id: '', name: 'Start from a preset…' }, ...t.presets.map((p, i) => ({ id: String(i), name: p.name }))], '', {
    onChange: (el) => {
      if (el.value === '') return;
      const p = t.presets[Number(el.value)];
      draft = { ...cleanUnit(p), traits: [...(p.traits || [])] };
      explicit = false;
      el.value = '';
      render();
    },
  });
  const root = h('div', { class: 'builder' },
    h('div', { class: 'builder-top' }, field('Preset', presets, null), modeSwitch()),
    h('div', { class: 'builder-body' }, form, h('div', {}, preview, status)),
    actions);

  function modeSwitch() {
    const kw = h('input', { attrs: { type: 'radio', name: 'wf-mode' }, checked: true, on: { change: () => { explicit = false; fromExplicit(); render(); } } });
    const ex = h('input', { attrs: { type: 'radio', name: 'wf-mode' }, on: { change: () => { explicit = true; toExplicit(); render(); } } });
    modeSwitch.kw = kw;
    modeSwitch.ex = ex;
    return h('fieldset', { class: 'mode' }, h('legend', { text: 'Build from' }),
      h('label', {}, kw, ' keywords'), h('label', {}, ex, ' printed stats (other books, fortifications)'));
  }

  // Switching to printed stats starts from the current card's numbers.
  let lastCard = null;
  function toExplicit() {
    const keep = { name: draft.name, type: draft.type === 'levies' ? 'infantry' : draft.type, size: draft.size, traits: [], attitude: draft.attitude, mercenary: draft.mercenary, unpaid: draft.unpaid };
    if (lastCard) Object.assign(keep, lastCard.stats, { traits: lastCard.traits.map((x) => (x.id ? x.id : { name: x.name, cost: x.cost, text: x.text })) });
    draft = keep;
  }
  function fromExplicit() {
    draft = { ...defaultUnit(t), name: draft.name, size: draft.size };
  }

  function set(key, value) {
    if (value === '' || value === null) delete draft[key];
    else draft[key] = value;
    refresh();
  }

  let nameInput = null;
  function render() {
    modeSwitch.kw.checked = !explicit;
    modeSwitch.ex.checked = explicit;
    clear(form);
    nameInput = textInput(draft.name, { maxlength: rules.limits.name_chars, placeholder: lastCard && !draft.name ? lastCard.label : 'from the keywords',
      onInput: (el) => set('name', el.value) });
    form.append(field('Name', nameInput, '/unit/name', { hint: 'Left empty, the unit is named from its keywords.' }));
    const types = explicit ? t.types : t.types.filter((x) => x.keywords !== 'stats');
    if (!explicit) {
      form.append(
        field('Ancestry', select(byId(t.ancestries), draft.ancestry, { onChange: (el) => set('ancestry', el.value) }), '/unit/ancestry'),
        field('Type', select(byId(types), draft.type, { onChange: (el) => { draft.type = el.value; if (el.value === 'levies') { delete draft.experience; draft.equipment = rules.options.find((o) => o.id === 'levy_equipment')?.default || 'none'; } else { draft.experience = draft.experience || 'regular'; if (draft.equipment === 'none') draft.equipment = 'light'; } render(); } }), '/unit/type'));
      if (draft.type !== 'levies') {
        form.append(field('Experience', select(byId(t.experience), draft.experience, { onChange: (el) => set('experience', el.value) }), '/unit/experience'));
        form.append(field('Equipment', select(byId(t.equipment), draft.equipment, { onChange: (el) => set('equipment', el.value) }), '/unit/equipment'));
      } else {
        form.append(field('Equipment', select([{ id: 'none', name: 'None' }, { id: 'light', name: 'Light' }], draft.equipment || 'none', { onChange: (el) => set('equipment', el.value) }), '/unit/equipment',
          { hint: 'Levies have no experience; the book\'s printings disagree on their equipment.' }));
      }
    } else {
      form.append(field('Type', select(byId(types), draft.type, { onChange: (el) => set('type', el.value) }), '/unit/type'));
      for (const [k, label] of [['attack', 'Attack'], ['power', 'Power'], ['defense', 'Defense'], ['toughness', 'Toughness'], ['morale', 'Morale']]) {
        form.append(field(label, numberInput(draft[k] ?? (k === 'defense' || k === 'toughness' ? 10 : 0), { onInput: (el) => set(k, numberValue(el)) }), `/unit/${k}`, { cls: 'num' }));
      }
      form.append(field('Printed cost (optional)', numberInput(draft.cost ?? '', { onInput: (el) => set('cost', numberValue(el)) }), '/unit/cost', { cls: 'num' }));
    }
    form.append(field('Size (casualty die)', select(t.sizes.map((s) => ({ id: s.id, name: `${s.id}${s.cost_modifier ? ` (cost ×${s.cost_modifier})` : ' (not priced)'}` })), draft.size, {
      onChange: (el) => { draft.size = el.value; render(); },
    }), '/unit/size'));
    if (!t.sizes.find((s) => s.id === draft.size)?.cost_modifier) {
      form.append(field('Cost modifier for this size', numberInput(draft.size_cost_modifier ?? '', { step: 0.01, onInput: (el) => set('size_cost_modifier', numberValue(el)) }), '/unit/size_cost_modifier', { hint: 'The book prices no d20; give a modifier to price the unit.' }));
    }
    form.append(traitsField(), hireFields());
    renderActions();
    refresh.flush();
  }

  function traitsField() {
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
    const custom = (draft.traits || []).map((x, i) => [x, i]).filter(([x]) => typeof x === 'object');
    const customRows = custom.map(([x, i]) => h('div', { class: 'custom-trait' },
      field('Trait name', textInput(x.name, { maxlength: rules.limits.trait_name_chars, onInput: (el) => { x.name = el.value; refresh(); } }), `/unit/traits/${i}/name`),
      field('Cost', numberInput(x.cost, { onInput: (el) => { x.cost = numberValue(el); refresh(); } }), `/unit/traits/${i}/cost`, { cls: 'num' }),
      field('Text', textInput(x.text, { maxlength: rules.limits.trait_text_chars, onInput: (el) => { x.text = el.value; refresh(); } }), `/unit/traits/${i}/text`, { cls: 'wide' }),
      button('✕', () => { draft.traits.splice(i, 1); render(); }, { cls: 'icon danger', title: `Remove the trait ${x.name}` })));
    return h('fieldset', { class: 'traits' }, h('legend', { text: 'Traits' }),
      h('p', { class: 'muted small', text: explicit ? 'Tick the traits the card lists.' : 'The ancestry\'s traits are ticked and cannot be removed; tick others the unit has.' }),
      h('div', { class: 'trait-grid' }, boxes),
      customRows,
      button('Add a custom trait', () => { draft.traits = [...(draft.traits || []), { name: 'Custom trait', cost: 0, text: '' }]; render(); }, { cls: 'small' }));
  }

  function hireFields() {
    return h('fieldset', { class: 'hire' }, h('legend', { text: 'Hiring' }),
      field('Attitude of its ancestry', select(byId(t.attitudes), draft.attitude || 'allied', { onChange: (el) => set('attitude', el.value === 'allied' ? null : el.value) }), '/unit/attitude'),
      h('label', {}, h('input', { attrs: { type: 'checkbox' }, checked: !!draft.mercenary, on: { change: (e) => set('mercenary', e.target.checked || null) } }), ' Mercenary (upkeep doubled)'),
      h('label', {}, h('input', { attrs: { type: 'checkbox' }, checked: !!draft.unpaid, on: { change: (e) => set('unpaid', e.target.checked || null) } }), ' Unpaid (disadvantage on Morale checks)'));
  }

  function renderActions() {
    // A refusal stays in view with the buttons (the bar keeps to the bottom of the dialog).
    replace(actions, refusal,
      editing ? button('Save changes', () => commit(editing.side), { cls: 'primary' })
        : button(`Add to the ${target}`, () => commit(target), { cls: 'primary' }),
      button('Cancel', () => ctx.onCancel?.()));
  }

  let valid = false;
  const refresh = debounce(async () => {
    let answer;
    try {
      answer = await ctx.engine.call('unit', { ruleset: 'warfare', unit: cleanUnit(draft), options: ctx.options() }, { slot: 'unit' });
    } catch (e) {
      if (!(e instanceof Cancelled)) status.textContent = e.message;
      return;
    }
    clearFieldErrors(root);
    refusal.textContent = '';
    if (!answer.ok) {
      valid = false;
      showFieldError(root, answer.error.path, answer.error.message);
      status.textContent = errorWords(answer.error, draft.name || 'This unit');
      preview.classList.add('stale');
      return;
    }
    valid = true;
    lastCard = answer.card;
    if (nameInput) nameInput.placeholder = answer.card.label;
    status.textContent = '';
    preview.classList.remove('stale');
    replace(preview, cardView(answer.card));
  }, 120);

  // Adds (or saves) the unit, unless its army would refuse it: the army
  // already has a unit with its keywords (one only, S&F p. 239). That is said
  // here, in the dialog, and nothing is added.
  async function commit(side) {
    if (!valid) {
      status.textContent = 'Fix the marked field before adding the unit.';
      return;
    }
    const unit = cleanUnit(draft);
    const where = editing;
    if (!unit.name) unit.name = freeName(lastCard.label, ctx.takenNames?.() || new Set(), true);
    const army = [...(ctx.army?.(where ? where.side : side) || [])];
    const at = where ? where.index : army.length;
    army.splice(at, where ? 1 : 0, unit);
    let answer;
    try {
      // A slot of its own: the preview's refresh (slot 'unit', after a
      // keystroke) must not cancel this check and lose the click.
      answer = await ctx.engine.call('unit', { ruleset: 'warfare', units: army, options: ctx.options() }, { slot: 'unit-add' });
    } catch (e) {
      if (!(e instanceof Cancelled)) status.textContent = e.message;
      return;
    }
    const clash = answer.ok ? null : keywordClash(answer.error);
    if (clash && (clash.unit === at || clash.other === at)) {
      const other = army[clash.unit === at ? clash.other : clash.unit];
      // The same keywords as this unit's: its card's label without the die.
      const keywords = lastCard.label.replace(/ d\d+$/, '');
      refusal.textContent = `Not added: the ${where ? where.side : side}'s army already has “${other?.name || 'a unit'}” with the keywords ${keywords}, ` +
        'and an army fields only one unit with the same keywords (S&F p. 239). Change a keyword here, or give that unit a larger size instead.';
      return;
    }
    onCommit(unit, side, where ? where.index : null, where ? where.side : null);
  }

  render();
  return {
    element: root,
    // A new unit for `side`: from the defaults, every time (never silently the last one built).
    start(side) {
      target = side;
      draft = defaultUnit(t);
      explicit = false;
      editing = null;
      lastCard = null;
      status.textContent = '';
      refusal.textContent = '';
      render();
    },
    // Loads a unit from an army for editing.
    edit(unit, side, index) {
      draft = JSON.parse(JSON.stringify(unit));
      explicit = isExplicit(unit);
      editing = { side, index };
      render();
    },
    done() {
      editing = null;
      draft = defaultUnit(t);
      explicit = false;
      render();
    },
    refresh: () => refresh(),
  };
}

// The first of "Name 2", "Name 3", ... that no unit has (`self`: or the name
// itself, when no unit has it).
export function freeName(name, taken, self = false) {
  if (self && !taken.has(name)) return name;
  let n = nextName(name);
  while (taken.has(n)) n = nextName(n);
  return n;
}

function nextName(name) {
  const m = String(name || 'Unit').match(/^(.*?)(?: (\d+))?$/);
  return `${m[1]} ${m[2] ? Number(m[2]) + 1 : 2}`;
}

// The builder as the battle page shows it: a dialog over the armies (full
// screen on a phone), titled for a new unit or the unit edited, giving the
// keyboard back to what opened it. `ctx` as makeBuilder's; `unitOf(side,
// index)` the unit edited; `onCommit(unit, side, index, fromSide)` after
// Add or Save, the dialog closed. Returns {element, open(side, index?)}.
export function builderDialog(ctx, { unitOf, onCommit }) {
  const sideWord = (side) => (side === 'attacker' ? 'attacker' : 'defender');
  let opener = null;
  const builder = makeBuilder({ ...ctx, onCancel: () => dialog.close() }, {
    onCommit(unit, side, index, fromSide) {
      builder.done();
      opener = null;
      dialog.close();
      onCommit(unit, side, index, fromSide);
    },
  });
  const title = h('h2', { id: 'wf-builder-h' });
  const dialog = h('dialog', { class: 'dialog builder-dialog', attrs: { 'aria-labelledby': 'wf-builder-h' } },
    h('div', { class: 'card-head' }, title, button('Close', () => dialog.close(), { cls: 'small', title: 'Close the unit builder without changes' })),
    builder.element);
  dialog.addEventListener('close', () => {
    if (opener?.isConnected) opener.focus();
    opener = null;
  });
  function open(side, index = null) {
    opener = document.activeElement;
    if (index === null) {
      builder.start(side);
      title.textContent = `New unit for the ${sideWord(side)}`;
    } else {
      const u = unitOf(side, index);
      builder.edit(u, side, index);
      title.textContent = `Edit ${u.name || 'this unit'}`;
    }
    dialog.showModal();
    dialog.querySelector('.builder-form input')?.focus();
  }
  return { element: dialog, open };
}

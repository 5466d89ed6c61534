// The unit builder: keywords (or a card's printed stats), traits, terms of
// hire; the card updates live from the core as you choose.
import { h, replace, clear, field, textInput, select, button, showFieldError, clearFieldErrors, debounce } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { cardView } from './warfare-card.js';
import { errorWords } from './error-words.js';
import { keywordFields, statFields, sizeFields, traitsField, hireFields } from './warfare-unit-fields.js';

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
  let lastCard = null; // the core's card for the draft, when it took it
  let valid = false;
  let nameInput = null;

  const ui = builderParts(t, {
    preset(p) {
      draft = { ...cleanUnit(p), traits: [...(p.traits || [])] };
      explicit = false;
      render();
    },
    mode(stats) {
      explicit = stats;
      draft = stats ? statsDraft(draft, lastCard) : { ...defaultUnit(t), name: draft.name, size: draft.size };
      render();
    },
  });

  function set(key, value) {
    if (value === '' || value === null) delete draft[key];
    else draft[key] = value;
    refresh();
  }

  function render() {
    ui.kw.checked = !explicit;
    ui.ex.checked = explicit;
    clear(ui.form);
    nameInput = textInput(draft.name, { maxlength: rules.limits.name_chars, placeholder: lastCard && !draft.name ? lastCard.label : 'from the keywords',
      onInput: (el) => set('name', el.value) });
    ui.form.append(field('Name', nameInput, '/unit/name', { hint: 'Left empty, the unit is named from its keywords.' }),
      ...(explicit ? statFields(t, draft, set) : keywordFields(rules, draft, set, render)),
      ...sizeFields(t, draft, set, render),
      traitsField(rules, draft, explicit, { refresh, render }),
      hireFields(t, draft, set));
    renderActions();
    refresh.flush();
  }

  function renderActions() {
    // A refusal stays in view with the buttons (the bar keeps to the bottom of the dialog).
    replace(ui.actions, ui.refusal,
      editing ? button('Save changes', () => commit(editing.side), { cls: 'primary' })
        : button(`Add to the ${target}`, () => commit(target), { cls: 'primary' }),
      button('Cancel', () => ctx.onCancel?.()));
  }

  // The core's check of the draft, 120 ms after the last change; `checking`
  // is the latest one, settled once it has answered (or given way to a newer one).
  let checking = Promise.resolve();
  const refresh = debounce(() => {
    checking = (async () => {
      const answer = await askUnit(ctx, { ruleset: 'warfare', unit: cleanUnit(draft), options: ctx.options() }, 'unit', ui.status);
      if (!answer) return;
      const card = showUnitAnswer(ui, answer, draft.name);
      valid = card !== null;
      if (!card) return;
      lastCard = card;
      if (nameInput) nameInput.placeholder = card.label;
    })();
  }, 120);

  // Adds (or saves) the unit, unless its army would refuse it: the army
  // already has a unit with its keywords (one only, S&F p. 239). That is said
  // here, in the dialog, and nothing is added.
  async function commit(side) {
    // The click waits for the core's word on the unit as it now stands: a
    // change still in its pause is checked now, and a check on its way is
    // awaited (a click as the dialog opened, before the first card came, was lost).
    refresh.flush();
    for (let seen = null; seen !== checking;) {
      seen = checking;
      await seen;
    }
    if (!valid) {
      ui.status.textContent = 'Fix the marked field before adding the unit.';
      return;
    }
    const unit = cleanUnit(draft);
    const where = editing;
    if (!unit.name) unit.name = freeName(lastCard.label, ctx.takenNames?.() || new Set(), true);
    const { army, at } = armyWith(ctx, unit, side, where);
    // A slot of its own: the preview's refresh (slot 'unit', after a
    // keystroke) must not cancel this check and lose the click.
    const answer = await askUnit(ctx, { ruleset: 'warfare', units: army, options: ctx.options() }, 'unit-add', ui.status);
    if (!answer) return;
    const clash = answer.ok ? null : keywordClash(answer.error);
    if (clash && (clash.unit === at || clash.other === at)) {
      ui.refusal.textContent = clashWords(where ? where.side : side, army[clash.unit === at ? clash.other : clash.unit], lastCard);
      return;
    }
    onCommit(unit, side, where ? where.index : null, where ? where.side : null);
  }

  // The form for `unit`, from printed stats or not (`stats`), edited at `at` {side, index} or new (null).
  function load(unit, stats, at) {
    draft = unit;
    explicit = stats;
    editing = at;
    render();
  }

  render();
  return {
    element: ui.root,
    // A new unit for `side`: from the defaults, every time (never silently the last one built).
    start(side) {
      target = side;
      lastCard = null;
      ui.status.textContent = '';
      ui.refusal.textContent = '';
      load(defaultUnit(t), false, null);
    },
    // Loads a unit from an army for editing.
    edit: (unit, side, index) => load(JSON.parse(JSON.stringify(unit)), isExplicit(unit), { side, index }),
    done: () => load(defaultUnit(t), false, null),
    refresh: () => refresh(),
  };
}

// The builder's elements: the preset menu and the mode switch over the form,
// the card and its status beside it, the buttons under them. `on.preset(p)`
// when a preset is chosen; `on.mode(stats)` when the mode switch is turned.
function builderParts(t, on) {
  const form = h('div', { class: 'builder-form' });
  const preview = h('div', { class: 'builder-card', attrs: { 'aria-live': 'polite' } });
  const status = h('p', { class: 'muted small' });
  const actions = h('div', { class: 'toolbar' });
  const refusal = h('p', { class: 'error small builder-refusal', attrs: { role: 'alert' } });
  const presets = select([{ id: '', name: 'Start from a preset…' }, ...t.presets.map((p, i) => ({ id: String(i), name: p.name }))], '', {
    onChange: (el) => {
      if (el.value === '') return;
      const p = t.presets[Number(el.value)];
      el.value = '';
      on.preset(p);
    },
  });
  const kw = h('input', { attrs: { type: 'radio', name: 'wf-mode' }, checked: true, on: { change: () => on.mode(false) } });
  const ex = h('input', { attrs: { type: 'radio', name: 'wf-mode' }, on: { change: () => on.mode(true) } });
  const root = h('div', { class: 'builder' },
    h('div', { class: 'builder-top' }, field('Preset', presets, null),
      h('fieldset', { class: 'mode' }, h('legend', { text: 'Build from' }),
        h('label', {}, kw, ' keywords'), h('label', {}, ex, ' printed stats (other books, fortifications)'))),
    h('div', { class: 'builder-body' }, form, h('div', {}, preview, status)),
    actions);
  return { root, form, preview, status, actions, refusal, kw, ex };
}

// Switching to printed stats starts from the current card's numbers and traits.
function statsDraft(draft, card) {
  const keep = { name: draft.name, type: draft.type === 'levies' ? 'infantry' : draft.type, size: draft.size, traits: [], attitude: draft.attitude, mercenary: draft.mercenary, unpaid: draft.unpaid };
  if (card) Object.assign(keep, card.stats, { traits: card.traits.map((x) => (x.id ? x.id : { name: x.name, cost: x.cost, text: x.text })) });
  return keep;
}

// The army `unit` joins (`side`'s) or stays in (`where`: {side, index}, the
// unit edited), with it in its place: the unit edited's, or last. Returns {army, at}.
function armyWith(ctx, unit, side, where) {
  const army = [...(ctx.army?.(where ? where.side : side) || [])];
  const at = where ? where.index : army.length;
  army.splice(at, where ? 1 : 0, unit);
  return { army, at };
}

// The engine's answer to a 'unit' call on `slot`, or null when the call was
// cancelled (a newer one took its slot) or failed (its words in `status`).
async function askUnit(ctx, request, slot, status) {
  try {
    return await ctx.engine.call('unit', request, { slot });
  } catch (e) {
    if (!(e instanceof Cancelled)) status.textContent = e.message;
    return null;
  }
}

// The core's answer for the draft, shown: a refusal marks its field and says
// why under the dimmed card; else the new card. Returns that card, or null.
function showUnitAnswer(ui, answer, name) {
  clearFieldErrors(ui.root);
  ui.refusal.textContent = '';
  if (!answer.ok) {
    showFieldError(ui.root, answer.error.path, answer.error.message);
    ui.status.textContent = errorWords(answer.error, name || 'This unit');
    ui.preview.classList.add('stale');
    return null;
  }
  ui.status.textContent = '';
  ui.preview.classList.remove('stale');
  replace(ui.preview, cardView(answer.card));
  return answer.card;
}

// Why `side`'s army refuses the unit whose card is `card`: `other`, already in it, has its keywords.
function clashWords(side, other, card) {
  // The same keywords as this unit's: its card's label without the die.
  const keywords = card.label.replace(/ d\d+$/, '');
  return `Not added: the ${side}'s army already has “${other?.name || 'a unit'}” with the keywords ${keywords}, ` +
    'and an army fields only one unit with the same keywords (S&F p. 239). Change a keyword here, or give that unit a larger size instead.';
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
//
// The builder itself (its form, and the core's card for the default unit) is
// made when the dialog first opens (issue 37): a page's first odds came a
// round trip of the worker later behind that card, and most visits build no unit.
export function builderDialog(ctx, { unitOf, onCommit }) {
  const sideWord = (side) => (side === 'attacker' ? 'attacker' : 'defender');
  let opener = null;
  let made = null;
  const builder = () => {
    if (made) return made;
    made = makeBuilder({ ...ctx, onCancel: () => dialog.close() }, {
      onCommit(unit, side, index, fromSide) {
        made.done();
        opener = null;
        dialog.close();
        onCommit(unit, side, index, fromSide);
      },
    });
    dialog.append(made.element);
    return made;
  };
  const title = h('h2', { id: 'wf-builder-h' });
  const dialog = h('dialog', { class: 'dialog builder-dialog', attrs: { 'aria-labelledby': 'wf-builder-h' } },
    h('div', { class: 'card-head' }, title, button('Close', () => dialog.close(), { cls: 'small', title: 'Close the unit builder without changes' })));
  dialog.addEventListener('close', () => {
    if (opener?.isConnected) opener.focus();
    opener = null;
  });
  function open(side, index = null) {
    opener = document.activeElement;
    if (index === null) {
      builder().start(side);
      title.textContent = `New unit for the ${sideWord(side)}`;
    } else {
      const u = unitOf(side, index);
      builder().edit(u, side, index);
      title.textContent = `Edit ${u.name || 'this unit'}`;
    }
    dialog.showModal();
    dialog.querySelector('.builder-form input')?.focus();
  }
  return { element: dialog, open };
}

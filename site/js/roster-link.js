// The warfare battle page's link to rosters: take a roster's army onto a
// side, and give a rolled battle's result back. A result is applied only when
// the battle was rolled from the roster as it is now (same units, same
// casualty dice); otherwise the page says why and offers to reload the
// armies. After an apply the armies follow the roster, and the roster records
// which roll it was (seed, dice version, starting dice). A side of the battle
// can also become a new roster ("Save this side as a roster").
import { h, replace, field, select, button, textInput } from './dom.js';
import { explain } from './roster.js';
import { STAYS_HERE, newKey, loadRosters, findRoster, writeRoster, callRoster, onRosterChange } from './roster-store.js';
import { rosterFromUnits } from './roster-make.js';
import { SIDES, sideName, makeApplier } from './roster-link-apply.js';

const FROM = 'battle-calculator/v2/roster-from'; // per tab: which roster each side came from

// An engine that tells `onRoll` about every rolled battle (with its request);
// everything else goes straight to the real engine.
function watchRolls(engine, onRoll) {
  return new Proxy(engine, {
    get(target, key) {
      if (key === 'call') {
        return async (fn, request, opts) => {
          const answer = await target.call(fn, request, opts);
          if (fn === 'roll' && answer && answer.ok) onRoll(answer, typeof request === 'string' ? JSON.parse(request) : request);
          return answer;
        };
      }
      const v = target[key];
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

function loadFrom(embedded) {
  try {
    const v = embedded ? null : JSON.parse(sessionStorage.getItem(FROM) || 'null');
    return { attacker: typeof v?.attacker === 'string' ? v.attacker : null, defender: typeof v?.defender === 'string' ? v.defender : null };
  } catch {
    return { attacker: null, defender: null };
  }
}

// The picker: a roster, a side, and Take. It shows the link as it is: the
// side last taken or saved (side0), with the roster it comes from (a
// defender just saved as a roster reads "Defender's army", Defender), and
// choosing a side shows its roster until a roster is chosen.
function pickerRow(list, from, side0, onTake) {
  const fieldedOn = (side) => (list.some((e) => e.key === from[side]) ? from[side] : list[0].key);
  const choose = select(list.map((e) => ({ id: e.key, name: e.roster.name || 'Army' })), fieldedOn(side0));
  const sideSel = select(SIDES.map(([id, name]) => ({ id, name })), side0);
  let picked = false; // a roster the user chose stays chosen
  choose.addEventListener('change', () => { picked = true; });
  sideSel.addEventListener('change', () => { if (!picked) choose.value = fieldedOn(sideSel.value); });
  return h('div', { class: 'roster-link-row' },
    field('Roster', choose, null), field('Side', sideSel, null),
    button('Take armies from a roster', () => onTake(choose.value, sideSel.value)));
}

// "Save this side as a roster": a side of the battle, as a new roster.
function saveRow(ctx, getUnits, onSave) {
  const sides = SIDES.filter(([id]) => getUnits(id).length);
  if (!sides.length) return h('p', { class: 'muted small', text: 'Build an army to save it as a roster.' });
  const sideSel = select(sides.map(([id, name]) => ({ id, name })), sides[0][0]);
  const name = textInput(`${sides[0][1]}'s army`, { maxlength: ctx.rules.limits?.name_chars ?? 80 });
  sideSel.addEventListener('change', () => { name.value = `${sideName(sideSel.value)}'s army`; });
  return h('div', { class: 'roster-link-row roster-save' },
    field('Army to save', sideSel, null), field('Name of the new roster', name, null),
    button('Save this side as a roster', () => onSave(sideSel.value, name.value.trim() || `${sideName(sideSel.value)}'s army`)));
}

// For site/js/warfare.js: mount(...) { const link = rosterLink(ctx, {...}); ctx = link.ctx; ... link.element }
// setUnits(side, units, label) puts a roster's army on a side; with a label
// (what the user did), the battle before is undoable (ctx.checkpoint).
// getUnits(side): the side's units as they are. keepRoll(words): the rolled
// battle shown is kept (dimmed, marked with the words) when the armies next
// change, instead of being dropped: the one just applied to a roster.
// link.applyControl goes beside the rolled battle: Apply and Undo apply
// (roster-link-apply.js).
export function rosterLink(ctx, { setUnits, getUnits = () => [], keepRoll = () => {} }) {
  const from = loadFrom(ctx.embedded); // roster keys the armies came from
  let lastSide = null; // the side last taken from (or saved as) a roster
  const status = h('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const box = h('div', { class: 'roster-link' });
  const applier = makeApplier({ ctx, from, take, render, status, keepRoll });
  const summary = h('summary', { text: 'Armies from a roster' });
  const element = h('details', { class: 'roster-bridge' },
    summary,
    h('p', { class: 'muted small', text: 'Field a roster\'s units with their casualty dice and unpaid flags, and after a roll give the result back to the roster. ' + STAYS_HERE }),
    box, status);

  function saveFrom() {
    if (ctx.embedded) return;
    try { sessionStorage.setItem(FROM, JSON.stringify(from)); } catch { /* not kept */ }
  }

  // The fold's content is drawn while it is open (and again as it opens:
  // below), not for a first visit's odds to wait on.
  function render() {
    applier.render();
    if (element.open) drawBox();
  }
  function drawBox() {
    const list = loadRosters();
    if (!list.length) {
      replace(box, h('p', { class: 'muted small' }, 'No rosters yet: save a side of this battle as one (below), or ', h('a', { href: '#/roster', text: 'make one on the Roster page' }), '.'),
        saveRow(ctx, getUnits, saveSide));
      return;
    }
    replace(box, pickerRow(list, from, lastSide || 'attacker', (key, side) => take(key, side, { label: true })), saveRow(ctx, getUnits, saveSide));
  }

  async function saveSide(side, name) {
    const units = getUnits(side);
    status.textContent = `Saving the ${side}'s army as a roster…`;
    const made = await rosterFromUnits(ctx.engine, explain, name, units);
    if (!made.ok) {
      status.textContent = `Not saved as a roster: ${made.why}. Nothing was changed.`;
      return;
    }
    const key = newKey();
    const res = writeRoster({ key, roster: made.roster, options: made.options }, 0);
    if (!res.ok) {
      status.textContent = 'Not saved as a roster: this browser would not keep it (private browsing or a full store). Nothing was changed.';
      return;
    }
    // The side now comes from the roster (its units carry the roster's ids),
    // so a rolled battle's result can be applied to it.
    if (!await take(key, side, { quiet: true, label: `Saved the ${side}'s army as the roster “${name}”` })) return;
    status.textContent = `Saved the ${side}'s ${units.length} unit${units.length === 1 ? '' : 's'} as the roster “${name}” (see the Army roster page). ` +
      `The ${side}'s army now comes from it: after a roll, Apply result beside the rolled battle records it there.`;
  }

  // The roster's army on `side`; false (said in the status) if the core refused.
  // label: the user asked (undoable), true for the words "Took …", or the words.
  async function take(key, side, { quiet = false, label = null } = {}) {
    const entry = findRoster(key);
    if (!entry) {
      status.textContent = 'That roster is no longer kept in this browser.';
      return false;
    }
    const answer = await callRoster(ctx.engine, entry, 'army');
    if (!answer.ok) {
      status.textContent = `${entry.roster.name}: ${explain(entry, answer.error)}`;
      return false;
    }
    from[side] = key;
    lastSide = side;
    saveFrom();
    applier.forget();
    setUnits(side, answer.units, label === true ? `Took the ${side}'s army from “${entry.roster.name}”` : label);
    if (!quiet) {
      status.textContent = `${sideName(side)}: ${answer.units.length} unit(s) from “${entry.roster.name}”` +
        (answer.skipped.length ? `; left out: ${answer.skipped.map((s) => `${s.name} (${s.why})`).join(', ')}` : '') + '.';
    }
    render();
    return true;
  }

  render();
  // Drawn on the summary's click (before the fold shows), and on `toggle` for a fold opened otherwise.
  summary.addEventListener('click', () => { if (!element.open) drawBox(); });
  element.addEventListener('toggle', () => { if (element.open) render(); });
  const stop = onRosterChange(() => {
    if (!element.isConnected) { stop(); return; } // the page was left
    render();
    applier.recheck();
  });
  return {
    element,
    applyControl: applier.element,
    ctx: { ...ctx, engine: watchRolls(ctx.engine, applier.rolled) },
  };
}

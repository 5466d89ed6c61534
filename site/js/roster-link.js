// The warfare battle page's link to rosters: take a roster's army onto a
// side, and give a rolled battle's result back. A result is applied only when
// the battle was rolled from the roster as it is now (same units, same
// casualty dice); otherwise the page says why and offers to reload the
// armies. After an apply the armies follow the roster, and the roster records
// which roll it was (seed, dice version, starting dice). A side of the battle
// can also become a new roster ("Save this side as a roster").
import { h, replace, field, select, button, textInput, readable } from './dom.js';
import { canonical } from './store.js';
import { explain } from './roster.js';
import { STAYS_HERE, newKey, loadRosters, findRoster, writeRoster, callRoster, onRosterChange } from './roster-store.js';
import { battleOfRoll } from './roster-luck.js';
import { rosterFromUnits } from './roster-make.js';

const SIDES = [['attacker', 'Attacker'], ['defender', 'Defender']];
const FROM = 'battle-calculator/v2/roster-from'; // per tab: which roster each side came from
const sideName = (side) => (side === 'attacker' ? 'Attacker' : 'Defender');

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

// For site/js/warfare.js: mount(...) { const link = rosterLink(ctx, {...}); ctx = link.ctx; ... link.element }
// setUnits(side, units, label) puts a roster's army on a side; with a label
// (what the user did), the battle before is undoable (ctx.checkpoint).
// getUnits(side): the side's units as they are. keepRoll(words): the rolled
// battle shown is kept (dimmed, marked with the words) when the armies next
// change, instead of being dropped: the one just applied to a roster.
// link.applyControl goes beside the rolled battle: Apply and Undo apply.
export function rosterLink(ctx, { setUnits, getUnits = () => [], keepRoll = () => {} }) {
  const from = loadFrom(ctx.embedded); // roster keys the armies came from
  let lastSide = null; // the side last taken from (or saved as) a roster
  let lastRoll = null;  // {answer, request}
  let verdict = null;   // the last roll checked against the rosters: {ok, why, sides}
  let checking = 0;
  let undo = null;      // [{key, before, rev, side}]
  const status = h('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const box = h('div', { class: 'roster-link' });
  const applyStatus = h('p', { class: 'small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const applyButtons = h('div', { class: 'toolbar' });
  const applyWhy = h('div');
  const applyControl = h('div', { class: 'roster-apply', hidden: true }, applyButtons, applyWhy, applyStatus);
  const element = h('details', { class: 'roster-bridge' },
    h('summary', { text: 'Armies from a roster' }),
    h('p', { class: 'muted small', text: 'Field a roster\'s units with their casualty dice and unpaid flags, and after a roll give the result back to the roster. ' + STAYS_HERE }),
    box, status);

  function saveFrom() {
    if (ctx.embedded) return;
    try { sessionStorage.setItem(FROM, JSON.stringify(from)); } catch { /* not kept */ }
  }

  function render() {
    const list = loadRosters();
    renderApply();
    if (!list.length) {
      replace(box, h('p', { class: 'muted small' }, 'No rosters yet: save a side of this battle as one (below), or ', h('a', { href: '#/roster', text: 'make one on the Roster page' }), '.'),
        saveRow());
      return;
    }
    // The side last taken or saved, with the roster it comes from: the
    // picker shows the link as it is (a defender just saved as a roster reads
    // "Defender's army", Defender), and choosing a side shows its roster
    // until a roster is chosen.
    const fieldedOn = (side) => (list.some((e) => e.key === from[side]) ? from[side] : list[0].key);
    const side0 = lastSide || 'attacker';
    const choose = select(list.map((e) => ({ id: e.key, name: e.roster.name || 'Army' })), fieldedOn(side0));
    const sideSel = select(SIDES.map(([id, name]) => ({ id, name })), side0);
    let picked = false; // a roster the user chose stays chosen
    choose.addEventListener('change', () => { picked = true; });
    sideSel.addEventListener('change', () => { if (!picked) choose.value = fieldedOn(sideSel.value); });
    replace(box,
      h('div', { class: 'roster-link-row' },
        field('Roster', choose, null), field('Side', sideSel, null),
        button('Take armies from a roster', () => take(choose.value, sideSel.value, { label: true }))),
      saveRow());
  }

  // "Save this side as a roster": a side of the battle, as a new roster.
  function saveRow() {
    const sides = SIDES.filter(([id]) => getUnits(id).length);
    if (!sides.length) return h('p', { class: 'muted small', text: 'Build an army to save it as a roster.' });
    const sideSel = select(sides.map(([id, name]) => ({ id, name })), sides[0][0]);
    const name = textInput(`${sides[0][1]}'s army`, { maxlength: ctx.rules.limits?.name_chars ?? 80 });
    sideSel.addEventListener('change', () => { name.value = `${sideName(sideSel.value)}'s army`; });
    return h('div', { class: 'roster-link-row roster-save' },
      field('Army to save', sideSel, null), field('Name of the new roster', name, null),
      button('Save this side as a roster', () => saveSide(sideSel.value, name.value.trim() || `${sideName(sideSel.value)}'s army`)));
  }

  // Apply and Undo apply, beside the rolled battle: shown for a roll of
  // units that came from a roster, and after an apply.
  function renderApply() {
    const ready = !!(lastRoll && verdict?.ok);
    const relevant = lastRoll && (checking || ready || (verdict && !verdict.none));
    applyControl.hidden = !relevant && !undo && !applyStatus.textContent;
    const names = ready ? verdict.sides.map((x) => `“${x.entry.roster.name}”`).join(' and ') : '';
    replace(applyButtons,
      relevant || undo ? button(ready ? `Apply result to ${names}` : 'Apply result to roster', () => apply(), { cls: 'primary', disabled: !ready }) : null,
      undo ? button('Undo apply', () => undoApply()) : null);
    if (lastRoll && checking) replace(applyWhy, h('p', { class: 'muted small', text: 'Checking the roll against the roster…' }));
    else if (lastRoll && verdict && !verdict.ok && !verdict.none) {
      replace(applyWhy, h('div', { class: 'roster-stale' },
        h('p', { class: 'small', dataset: { field: 'apply-why' }, text: `This roll cannot be applied: ${verdict.why}` }),
        verdict.reload ? button('Reload the armies from the roster', () => reloadArmies(), { cls: 'small' }) : null));
    } else replace(applyWhy);
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
    lastRoll = null;
    verdict = null;
    setUnits(side, answer.units, label === true ? `Took the ${side}'s army from “${entry.roster.name}”` : label);
    if (!quiet) {
      status.textContent = `${sideName(side)}: ${answer.units.length} unit(s) from “${entry.roster.name}”` +
        (answer.skipped.length ? `; left out: ${answer.skipped.map((s) => `${s.name} (${s.why})`).join(', ')}` : '') + '.';
    }
    render();
    return true;
  }

  async function reloadArmies() {
    const names = [];
    for (const [side] of SIDES) {
      if (from[side] && await take(from[side], side, { quiet: true, label: 'Reloaded the armies from the roster' })) names.push(`${sideName(side).toLowerCase()} from “${findRoster(from[side]).roster.name}”`);
    }
    applyStatus.textContent = names.length ? `Armies reloaded: ${names.join(', ')}. Roll again to apply a result.` : applyStatus.textContent;
  }

  // Whether `roll` was rolled from the rosters as they are now: every unit
  // with a roster id stands on the roster, unchanged, with the die it started
  // from. Answers {ok, sides: [{side, entry, units}]} or {ok: false, why, reload}.
  async function judge(roll) {
    const sides = [];
    for (const [side] of SIDES) {
      const rolled = (roll.answer.units || []).filter((u) => u.side === side && u.id !== undefined);
      if (!rolled.length) continue;
      const key = from[side];
      const entry = key && findRoster(key);
      if (!entry) {
        return { ok: false, reload: false, why: key ? `the ${side}'s roster is no longer kept in this browser.`
          : `the ${side}'s units were not taken from a roster on this page (take them again to apply a result).` };
      }
      const army = await callRoster(ctx.engine, entry, 'army');
      if (!army.ok) return { ok: false, reload: false, why: `“${entry.roster.name}”: ${explain(entry, army.error)}` };
      const asked = roll.request?.[side]?.units || [];
      for (const u of rolled) {
        const now = army.units.find((a) => a.id === u.id);
        const name = `“${u.name}”`;
        if (!now) return { ok: false, reload: true, why: `${name} is not on “${entry.roster.name}” as it is now.` };
        if (now.casualties !== u.start) {
          return { ok: false, reload: true, why: `the roll started ${name} at ${u.start}, but “${entry.roster.name}” has them at ${now.casualties} now (the roster changed after the armies were taken).` };
        }
        const mine = asked.find((a) => a.id === u.id);
        if (mine && canonical(mine) !== canonical(now)) {
          return { ok: false, reload: true, why: `${name} was changed on this page, so the roll is not of the roster's unit.` };
        }
      }
      sides.push({ side, entry, units: rolled });
    }
    if (!sides.length) return { ok: false, reload: false, none: true, why: 'no unit in this battle came from a roster.' };
    return { ok: true, sides };
  }

  async function check(roll) {
    checking++;
    renderApply();
    let v;
    try {
      v = await judge(roll);
    } catch (e) {
      v = { ok: false, reload: false, why: e.message };
    } finally {
      checking--;
    }
    if (roll === lastRoll) verdict = v;
    renderApply();
  }

  async function apply() {
    const roll = lastRoll;
    if (!roll) return;
    const v = await judge(roll); // afresh: another tab may have changed a roster since
    if (!v.ok) {
      verdict = v;
      render();
      return;
    }
    const done = [];
    const said = [];
    for (const { side, entry, units } of v.sides) {
      // The roll is named, so the core refuses it unless each unit starts
      // from the die the roster has now, and keeps it with the battle. The
      // battle itself and every unit of both sides go too, so the kept record
      // can later say how lucky the result was (site/js/roster-luck.js).
      const action = { type: 'battle', side, units, roll: { seed: roll.answer.seed, dice: roll.answer.dice ?? 1 },
        ...battleOfRoll(roll) };
      const answer = await callRoster(ctx.engine, entry, action);
      let failure = null;
      let res = null;
      if (!answer.ok) failure = explain(entry, answer.error);
      else {
        res = writeRoster({ ...entry, roster: answer.roster }, entry.rev);
        if (!res.ok) failure = res.stale ? 'it was changed in another tab since this roll was checked; reload the armies and roll again' : 'this browser would not keep it (private browsing or a full store)';
        else said.push(`“${answer.roster.name}”: ${readable(answer.events.map((e) => e.text).join(' '))}`);
      }
      if (failure) {
        const back = rollBack(done);
        applyStatus.textContent = `Not applied to “${entry.roster.name}”: ${failure}.${back}`;
        render();
        return;
      }
      done.push({ key: entry.key, before: entry, rev: res.record.rev, side });
    }
    undo = done;
    lastRoll = null;
    verdict = null;
    applyStatus.textContent = `Applied to ${said.join(' ')}`;
    // The page's Undo (and Ctrl+Z) puts back the armies and the rosters both.
    ctx.checkpoint(`Applied the result to ${done.map((d) => `“${d.before.roster.name}”`).join(' and ')}`, { also: () => undoApply({ follow: false }) });
    // The rolled battle stays on the page, dimmed and marked: it is the one the roster now holds.
    keepRoll(`Applied to ${done.map((d) => `“${d.before.roster.name}”`).join(' and ')}: the rolled battle below is recorded there, and the armies now follow the roster.`);
    await follow(done);
    applyStatus.textContent += ' The armies now follow the roster.';
    render();
  }

  // Puts rosters written so far back as they were; says what could not be.
  function rollBack(done) {
    const failed = [];
    for (const d of [...done].reverse()) if (!writeRoster(d.before, d.rev).ok) failed.push(`“${d.before.roster.name}”`);
    return failed.length ? ` ${failed.join(', ')} changed meanwhile and kept the result.` : done.length ? ' Nothing was changed.' : '';
  }

  // The armies on this page become the rosters' armies as they are now.
  async function follow(done) {
    for (const d of done) if (from[d.side] === d.key) await take(d.key, d.side, { quiet: true });
  }

  // follow: the armies on the page follow the rosters put back (not when the
  // page's own Undo has put the armies back already).
  async function undoApply({ follow: armies = true } = {}) {
    if (!undo) return;
    const back = [];
    const refused = [];
    for (const d of undo) {
      if (writeRoster(d.before, d.rev).ok) back.push(d);
      else refused.push(`“${d.before.roster.name}”`);
    }
    undo = null;
    if (armies && back.length) keepRoll(`Undone: ${back.map((d) => `“${d.before.roster.name}”`).join(' and ')} ${back.length === 1 ? 'is' : 'are'} as before this battle, and the armies follow it again.`);
    if (armies) await follow(back);
    applyStatus.textContent = (back.length ? `Undone: ${back.map((d) => `“${d.before.roster.name}”`).join(', ')} as before the result; the armies ${armies ? 'follow it' : 'are as they were'}.` : '') +
      (refused.length ? ` Not undone: ${refused.join(', ')} changed since the result was applied.` : '');
    // The page's own Undo may have taken the rolled battle (and Apply beside it) off the page.
    if (!applyControl.isConnected) status.textContent = applyStatus.textContent;
    render();
  }

  render();
  element.addEventListener('toggle', () => { if (element.open) render(); });
  const stop = onRosterChange(() => {
    if (!element.isConnected) { stop(); return; } // the page was left
    render();
    if (lastRoll) check(lastRoll);
  });
  return {
    element,
    applyControl,
    ctx: { ...ctx, engine: watchRolls(ctx.engine, (answer, request) => { lastRoll = { answer, request }; verdict = null; applyStatus.textContent = ''; check(lastRoll); }) },
  };
}

// The warfare battle page's Apply control (roster-link.js's other half):
// a rolled battle is checked against the rosters its armies came from, and
// when it was rolled from them as they are now, Apply gives its result to
// each roster; Undo apply puts them back.
import { h, replace, button, readable } from './dom.js';
import { canonical } from './store.js';
import { explain } from './roster.js';
import { findRoster, writeRoster, callRoster } from './roster-store.js';
import { battleOfRoll } from './roster-luck.js';

export const SIDES = [['attacker', 'Attacker'], ['defender', 'Defender']];
export const sideName = (side) => (side === 'attacker' ? 'Attacker' : 'Defender');

// “North”, “South”: the rosters of applied records ({before: entry}), in words.
const quoted = (records, sep = ' and ') => records.map((d) => `“${d.before.roster.name}”`).join(sep);

// Whether `roll` was rolled from the rosters as they are now (`from`: the
// roster key each side came from): every unit with a roster id stands on the
// roster, unchanged, with the die it started from. Answers
// {ok, sides: [{side, entry, units}]} or {ok: false, why, reload}.
async function judgeRoll(engine, from, roll) {
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
    const army = await callRoster(engine, entry, 'army');
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

// Gives the roll's result to each side's roster (judgeRoll's sides) in turn.
// Answers {done: [{key, before, rev, side}], said: [words]}, or at the first
// roster that refuses, {failed: words}, the rosters written before it put back.
async function writeResult(engine, roll, sides) {
  const done = [];
  const said = [];
  for (const { side, entry, units } of sides) {
    // The roll is named, so the core refuses it unless each unit starts
    // from the die the roster has now, and keeps it with the battle. The
    // battle itself and every unit of both sides go too, so the kept record
    // can later say how lucky the result was (site/js/roster-luck.js).
    const action = { type: 'battle', side, units, roll: { seed: roll.answer.seed, dice: roll.answer.dice ?? 1 },
      ...battleOfRoll(roll) };
    const answer = await callRoster(engine, entry, action);
    let failure = null;
    let res = null;
    if (!answer.ok) failure = explain(entry, answer.error);
    else {
      res = writeRoster({ ...entry, roster: answer.roster }, entry.rev);
      if (!res.ok) failure = res.stale ? 'it was changed in another tab since this roll was checked; reload the armies and roll again' : 'this browser would not keep it (private browsing or a full store)';
      else said.push(`“${answer.roster.name}”: ${readable(answer.events.map((e) => e.text).join(' '))}`);
    }
    if (failure) return { failed: `Not applied to “${entry.roster.name}”: ${failure}.${rollBack(done)}` };
    done.push({ key: entry.key, before: entry, rev: res.record.rev, side });
  }
  return { done, said };
}

// Writes each record's roster back as it was before, unless it changed since:
// {back: the records put back, refused: the others}.
function putBack(records) {
  const back = [];
  const refused = [];
  for (const d of records) (writeRoster(d.before, d.rev).ok ? back : refused).push(d);
  return { back, refused };
}

// Puts rosters written so far back as they were; says what could not be.
function rollBack(done) {
  const { refused } = putBack([...done].reverse());
  return refused.length ? ` ${quoted(refused, ', ')} changed meanwhile and kept the result.` : done.length ? ' Nothing was changed.' : '';
}

// The Apply control of rosterLink (roster-link.js), which gives it `from`
// (the roster key each side came from), take(key, side, opts) (a roster's
// army on a side), render() (the whole link: calls this one's render) and
// `status` (its words, for when the control has left the page).
// Answers {element, render, forget (the armies changed: the roll is not
// theirs), rolled(answer, request) (a battle was rolled), recheck}.
export function makeApplier({ ctx, from, take, render, status, keepRoll }) {
  let lastRoll = null;  // {answer, request}
  let verdict = null;   // the last roll checked against the rosters: {ok, why, sides}
  let checking = 0;
  let undo = null;      // [{key, before, rev, side}]
  const applyStatus = h('p', { class: 'small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const applyButtons = h('div', { class: 'toolbar' });
  const applyWhy = h('div');
  const element = h('div', { class: 'roster-apply', hidden: true }, applyButtons, applyWhy, applyStatus);

  // Apply and Undo apply, beside the rolled battle: shown for a roll of
  // units that came from a roster, and after an apply.
  function renderApply() {
    const ready = !!(lastRoll && verdict?.ok);
    const relevant = lastRoll && (checking || ready || (verdict && !verdict.none));
    element.hidden = !relevant && !undo && !applyStatus.textContent;
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

  async function reloadArmies() {
    const names = [];
    for (const [side] of SIDES) {
      if (from[side] && await take(from[side], side, { quiet: true, label: 'Reloaded the armies from the roster' })) names.push(`${sideName(side).toLowerCase()} from “${findRoster(from[side]).roster.name}”`);
    }
    applyStatus.textContent = names.length ? `Armies reloaded: ${names.join(', ')}. Roll again to apply a result.` : applyStatus.textContent;
  }

  async function check(roll) {
    checking++;
    renderApply();
    let v;
    try {
      v = await judgeRoll(ctx.engine, from, roll);
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
    const v = await judgeRoll(ctx.engine, from, roll); // afresh: another tab may have changed a roster since
    if (!v.ok) {
      verdict = v;
      render();
      return;
    }
    const { done, said, failed } = await writeResult(ctx.engine, roll, v.sides);
    if (failed) {
      applyStatus.textContent = failed;
      render();
      return;
    }
    undo = done;
    lastRoll = null;
    verdict = null;
    applyStatus.textContent = `Applied to ${said.join(' ')}`;
    // The page's Undo (and Ctrl+Z) puts back the armies and the rosters both.
    ctx.checkpoint(`Applied the result to ${quoted(done)}`, { also: () => undoApply({ follow: false }) });
    // The rolled battle stays on the page, dimmed and marked: it is the one the roster now holds.
    keepRoll(`Applied to ${quoted(done)}: the rolled battle below is recorded there, and the armies now follow the roster.`);
    await follow(done);
    applyStatus.textContent += ' The armies now follow the roster.';
    render();
  }

  // The armies on this page become the rosters' armies as they are now.
  async function follow(done) {
    for (const d of done) if (from[d.side] === d.key) await take(d.key, d.side, { quiet: true });
  }

  // follow: the armies on the page follow the rosters put back (not when the
  // page's own Undo has put the armies back already).
  async function undoApply({ follow: armies = true } = {}) {
    if (!undo) return;
    const { back, refused } = putBack(undo);
    undo = null;
    if (armies && back.length) keepRoll(`Undone: ${quoted(back)} ${back.length === 1 ? 'is' : 'are'} as before this battle, and the armies follow it again.`);
    if (armies) await follow(back);
    applyStatus.textContent = (back.length ? `Undone: ${quoted(back, ', ')} as before the result; the armies ${armies ? 'follow it' : 'are as they were'}.` : '') +
      (refused.length ? ` Not undone: ${quoted(refused, ', ')} changed since the result was applied.` : '');
    // The page's own Undo may have taken the rolled battle (and Apply beside it) off the page.
    if (!element.isConnected) status.textContent = applyStatus.textContent;
    render();
  }

  return {
    element,
    render: renderApply,
    forget() { lastRoll = null; verdict = null; },
    rolled(answer, request) { lastRoll = { answer, request }; verdict = null; applyStatus.textContent = ''; check(lastRoll); },
    recheck() { if (lastRoll) check(lastRoll); },
  };
}

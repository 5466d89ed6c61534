// The warfare battle page's link to rosters: take a roster's army onto a
// side, and give a rolled battle's result back. A result is applied only when
// the battle was rolled from the roster as it is now (same units, same
// casualty dice); otherwise the page says why and offers to reload the
// armies. After an apply the armies follow the roster, and the roster records
// which roll it was (seed, dice version, starting dice).
import { h, replace, field, select, button } from './dom.js';
import { canonical } from './store.js';
import { explain } from './roster.js';
import { STAYS_HERE, loadRosters, findRoster, writeRoster, callRoster, onRosterChange } from './roster-store.js';
import { battleOfRoll } from './roster-luck.js';

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
export function rosterLink(ctx, { setUnits }) {
  const from = loadFrom(ctx.embedded); // roster keys the armies came from
  let lastRoll = null;  // {answer, request}
  let verdict = null;   // the last roll checked against the rosters: {ok, why, sides}
  let checking = 0;
  let undo = null;      // [{key, before, rev, side}]
  const status = h('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const box = h('div', { class: 'roster-link' });
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
    if (!list.length) {
      replace(box, h('p', { class: 'muted small' }, 'No rosters yet: ', h('a', { href: '#/roster', text: 'make one on the Roster page' }), '.'));
      return;
    }
    const choose = select(list.map((e) => ({ id: e.key, name: e.roster.name || 'Army' })), list[0].key);
    const sideSel = select(SIDES.map(([id, name]) => ({ id, name })), 'attacker');
    const ready = !!(lastRoll && verdict?.ok);
    const applyBtn = button('Apply result to roster', () => apply(), { cls: 'primary', disabled: !ready });
    const undoBtn = button('Undo apply', () => undoApply(), { disabled: !undo });
    let why = null;
    if (lastRoll && checking) why = h('p', { class: 'muted small', text: 'Checking the roll against the roster…' });
    else if (lastRoll && verdict && !verdict.ok) {
      why = h('div', { class: 'roster-stale' },
        h('p', { class: 'small', dataset: { field: 'apply-why' }, text: `This roll cannot be applied: ${verdict.why}` }),
        verdict.reload ? button('Reload the armies from the roster', () => reloadArmies(), { cls: 'small' }) : null);
    }
    replace(box,
      h('div', { class: 'roster-link-row' },
        field('Roster', choose, null), field('Side', sideSel, null),
        button('Take armies from a roster', () => take(choose.value, sideSel.value, { label: true }))),
      h('div', { class: 'toolbar' }, applyBtn, undoBtn),
      why);
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
      status.textContent = `${entry.roster.name}: ${explain(entry, answer.error, ctx.rules, 'army')}`;
      return false;
    }
    from[side] = key;
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
    status.textContent = names.length ? `Armies reloaded: ${names.join(', ')}. Roll again to apply a result.` : status.textContent;
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
      if (!army.ok) return { ok: false, reload: false, why: `“${entry.roster.name}”: ${explain(entry, army.error, ctx.rules, 'army')}` };
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
    if (!sides.length) return { ok: false, reload: false, why: 'no unit in this battle came from a roster.' };
    return { ok: true, sides };
  }

  async function check(roll) {
    checking++;
    render();
    let v;
    try {
      v = await judge(roll);
    } catch (e) {
      v = { ok: false, reload: false, why: e.message };
    } finally {
      checking--;
    }
    if (roll === lastRoll) verdict = v;
    render();
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
      if (!answer.ok) failure = explain(entry, answer.error, ctx.rules, action);
      else {
        res = writeRoster({ ...entry, roster: answer.roster }, entry.rev);
        if (!res.ok) failure = res.stale ? 'it was changed in another tab since this roll was checked; reload the armies and roll again' : 'this browser would not keep it (private browsing or a full store)';
        else said.push(`“${answer.roster.name}”: ${answer.events.map((e) => e.text).join(' ')}`);
      }
      if (failure) {
        const back = rollBack(done);
        status.textContent = `Not applied to “${entry.roster.name}”: ${failure}.${back}`;
        render();
        return;
      }
      done.push({ key: entry.key, before: entry, rev: res.record.rev, side });
    }
    undo = done;
    lastRoll = null;
    verdict = null;
    status.textContent = `Applied to ${said.join(' ')}`;
    // The page's Undo (and Ctrl+Z) puts back the armies and the rosters both.
    ctx.checkpoint(`Applied the result to ${done.map((d) => `“${d.before.roster.name}”`).join(' and ')}`, { also: () => undoApply({ follow: false }) });
    await follow(done);
    status.textContent += ' The armies now follow the roster.';
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
    if (armies) await follow(back);
    status.textContent = (back.length ? `Undone: ${back.map((d) => `“${d.before.roster.name}”`).join(', ')} as before the result; the armies ${armies ? 'follow it' : 'are as they were'}.` : '') +
      (refused.length ? ` Not undone: ${refused.join(', ')} changed since the result was applied.` : '');
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
    ctx: { ...ctx, engine: watchRolls(ctx.engine, (answer, request) => { lastRoll = { answer, request }; verdict = null; check(lastRoll); }) },
  };
}

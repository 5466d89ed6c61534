// Army rosters kept in this browser (localStorage, on this device only), the
// core's "roster" call, files and links, and the small bridge the warfare
// battle page uses to take its armies from a roster and give a rolled
// battle's result back.
import { h, replace, field, select, button } from './dom.js';

const STORE_KEY = 'battle-calculator/v1/rosters';
export const STAYS_HERE = 'Rosters are kept in this browser on this device only (its local storage): nothing is sent anywhere. Export a roster to keep a copy or to move it to another device.';

export function newKey() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return 'r' + a[0].toString(36) + a[1].toString(36);
}

export function emptyRoster(name = 'New army') {
  return { name, clock: { day: 1, week: 1, season: 1 }, next_id: 1, units: [], ledger: [] };
}

// [{key, roster, options}], newest edits kept in place.
export function loadRosters() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || '[]');
    return Array.isArray(list) ? list.filter((e) => e && typeof e.key === 'string' && e.roster && typeof e.roster === 'object')
      .map((e) => ({ key: e.key, roster: e.roster, options: e.options && typeof e.options === 'object' ? e.options : {} })) : [];
  } catch {
    return [];
  }
}

// False when the browser will not keep them (private browsing, a full store).
export function saveRosters(list) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(list));
    return true;
  } catch {
    return false;
  }
}

export function findRoster(key) {
  return loadRosters().find((e) => e.key === key) || null;
}

// Stores one roster (replacing the one with its key); returns the list.
export function putRoster(entry) {
  const list = loadRosters();
  const i = list.findIndex((e) => e.key === entry.key);
  if (i >= 0) list[i] = entry; else list.push(entry);
  saveRosters(list);
  return list;
}

export function rosterRequest(entry, action) {
  return { ruleset: 'warfare', roster: entry.roster, action, options: entry.options || {} };
}

export function callRoster(engine, entry, action, slot = null) {
  return engine.call('roster', rosterRequest(entry, action), slot ? { slot } : {});
}

// The file and link format: {"ruleset": "roster", "roster": {...}, "options": {...}}.
export function exportValue(entry) {
  return { ruleset: 'roster', key: entry.key, roster: entry.roster, options: entry.options || {} };
}

export function exportFile(entry) {
  const text = JSON.stringify(exportValue(entry), null, 2) + '\n';
  const blob = new Blob([text], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), attrs: { download: `${safeName(entry.roster.name)}-roster.json` } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function safeName(name) {
  return String(name || 'army').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'army';
}

// A file's text as a roster entry, or an Error saying why not. Accepts the
// export format or a bare roster; the core checks it before it is kept.
export function parseRosterText(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('it is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('it is not a roster');
  if (value.ruleset === 'roster') return { roster: value.roster, options: value.options || {}, key: value.key };
  if (Array.isArray(value.units) && !value.attacker) return { roster: value, options: {} };
  throw new Error(value.ruleset ? `it is a ${String(value.ruleset).slice(0, 40)} battle, not a roster` : 'it is not a roster');
}

// Asks the core to read the roster as it is; ok:false names the field.
export async function checkRoster(engine, entry) {
  return callRoster(engine, entry, 'status');
}

// ---- the warfare battle page's link to rosters ----

// An engine that tells `onRoll` about every rolled battle; everything else
// goes straight to the real engine.
function watchRolls(engine, onRoll) {
  return new Proxy(engine, {
    get(target, key) {
      if (key === 'call') {
        return async (fn, request, opts) => {
          const answer = await target.call(fn, request, opts);
          if (fn === 'roll' && answer && answer.ok) onRoll(answer);
          return answer;
        };
      }
      const v = target[key];
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

const SIDES = [['attacker', 'Attacker'], ['defender', 'Defender']];

// For site/js/warfare.js: mount(...) { const link = rosterLink(ctx, {...}); ctx = link.ctx; ... link.element }
// setUnits(side, units) puts a roster's army on a side.
export function rosterLink(ctx, { setUnits }) {
  const from = { attacker: null, defender: null }; // roster keys the armies came from
  let lastRoll = null;
  let undo = null; // [{entry before}]
  const status = h('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
  const box = h('div', { class: 'roster-link' });
  const element = h('details', { class: 'roster-bridge' },
    h('summary', { text: 'Armies from a roster' }),
    h('p', { class: 'muted small', text: 'Field a roster\'s units with their casualty dice and unpaid flags, and after a roll give the result back to the roster. ' + STAYS_HERE }),
    box, status);

  function render() {
    const list = loadRosters();
    if (!list.length) {
      replace(box, h('p', { class: 'muted small' }, 'No rosters yet: ', h('a', { href: '#/roster', text: 'make one on the Roster page' }), '.'));
      return;
    }
    const choose = select(list.map((e) => ({ id: e.key, name: e.roster.name || 'Army' })), list[0].key);
    const sideSel = select(SIDES.map(([id, name]) => ({ id, name })), 'attacker');
    const applyBtn = button('Apply result to roster', () => apply(), { cls: 'primary', disabled: !lastRoll || !(from.attacker || from.defender) });
    const undoBtn = button('Undo apply', () => undoApply(), { disabled: !undo });
    replace(box,
      h('div', { class: 'roster-link-row' },
        field('Roster', choose, null), field('Side', sideSel, null),
        button('Take armies from a roster', () => take(choose.value, sideSel.value))),
      h('div', { class: 'toolbar' }, applyBtn, undoBtn));
  }

  async function take(key, side) {
    const entry = findRoster(key);
    if (!entry) return;
    const answer = await callRoster(ctx.engine, entry, 'army');
    if (!answer.ok) {
      status.textContent = `${entry.roster.name}: ${answer.error.path} ${answer.error.message}`;
      return;
    }
    from[side] = key;
    setUnits(side, answer.units);
    status.textContent = `${side === 'attacker' ? 'Attacker' : 'Defender'}: ${answer.units.length} unit(s) from “${entry.roster.name}”` +
      (answer.skipped.length ? `; left out: ${answer.skipped.map((s) => `${s.name} (${s.why})`).join(', ')}` : '') + '.';
    render();
  }

  async function apply() {
    if (!lastRoll) return;
    const before = [];
    const done = [];
    for (const [side] of SIDES) {
      const key = from[side];
      const entry = key && findRoster(key);
      if (!entry) continue;
      const units = (lastRoll.units || []).filter((u) => u.side === side && u.id !== undefined);
      if (!units.length) continue;
      const answer = await callRoster(ctx.engine, entry, { type: 'battle', side, units });
      if (!answer.ok) {
        status.textContent = `Not applied to “${entry.roster.name}”: ${answer.error.path} ${answer.error.message}`;
        continue;
      }
      before.push(entry);
      putRoster({ ...entry, roster: answer.roster });
      done.push(`“${answer.roster.name}”: ${answer.events.filter((e) => e.type !== 'battle').map((e) => e.text).join(' ')}`);
    }
    if (before.length) {
      undo = before;
      lastRoll = null;
      status.textContent = `Applied to ${done.join(' ')}`;
    } else if (!status.textContent) {
      status.textContent = 'No roster units in this battle.';
    }
    render();
  }

  function undoApply() {
    if (!undo) return;
    for (const entry of undo) putRoster(entry);
    status.textContent = `Undone: ${undo.map((e) => `“${e.roster.name}”`).join(', ')} as before the result.`;
    undo = null;
    render();
  }

  render();
  element.addEventListener('toggle', () => { if (element.open) render(); });
  return {
    element,
    ctx: { ...ctx, engine: watchRolls(ctx.engine, (answer) => { lastRoll = answer; render(); }) },
  };
}

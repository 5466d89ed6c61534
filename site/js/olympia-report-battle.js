// Battle sections of an Olympia turn report: "X attacks Y!", both stacks as
// listed, "Y is victorious!", what each side lost and what became of each noble.
import { countOf, classify } from './olympia-report-words.js';
import { fits } from './olympia-report-text.js';
import { entriesOf, readEntry, sideOf, unfinished, clauses } from './olympia-report-listing.js';

export const ATTACK = /^(.+?) \[([0-9a-z]{1,8})\] attacks (.+?) \[([0-9a-z]{1,8})\]!$/i;
const VICTOR = /^(.+?) \[([0-9a-z]{1,8})\] is victorious!$/i;
const NO_VICTOR = /^No victor emerges from the fight\.$/;
const FATE = /^(.+?) \[([0-9a-z]{1,8})\] (was taken prisoner\.|was captured|was wounded\.|was killed\.|was destroyed\.|was wiped out\.|survived a fatal wound!)$/i;
const LOST = /^(.+?) lost (.+)\.$/;
// The Age of Gods lets nobles join a battle under way: they are in no stack listed.
const JOINS = /^(.+?) \[([0-9a-z]{1,8})\] joins the battle in defense of (.+?) \[([0-9a-z]{1,8})\]!$/i;

// The stack listed from `i` on (up to a blank line): [stack, next index].
function bannerStack(lines, i, day, words) {
  while (i < lines.length && !lines[i].text && lines[i].day === day) i++;
  let j = i;
  while (j < lines.length && lines[j].text && lines[j].day === day) j++;
  const { entries } = entriesOf(lines, i, j);
  const units = entries.map((e) => readEntry(e, words));
  return [units.length ? { indent: units[0].indent, units } : null, j];
}

export function readBattle(lines, at, used, words) {
  const day = lines[at].day;
  const head = lines[at].text.match(ATTACK);
  const battle = { line: lines[at].n, attacker: null, defender: null, outcome: null, notes: [], unread: [], fates: [], lost: [], joined: [] };
  const [a, i1] = bannerStack(lines, at + 1, day, words);
  const [b, i2] = bannerStack(lines, i1, day, words);
  for (let k = at; k < i2; k++) used.add(k);
  battle.attacker = a && sideOf(a, 'attacker', words);
  battle.defender = b && sideOf(b, 'defender', words);
  let i = i2;
  let result = false;
  let detail = 0;
  let last = null;
  for (; i < lines.length && lines[i].day === day; i++) {
    const t = lines[i].text;
    if (fits(t) && ATTACK.test(t)) break;
    let m;
    if (!result) {
      if (fits(t) && (m = t.match(VICTOR))) { result = true; battle.victor = { name: m[1], id: m[2] }; }
      else if (NO_VICTOR.test(t)) { result = true; battle.outcome = 'tie'; }
      else if (fits(t) && (m = t.match(JOINS))) battle.joined.push({ name: m[1], id: m[2], helps: m[4] });
      else if (t) detail++;
      used.add(i);
      continue;
    }
    if (!t) { last = null; used.add(i); continue; }
    if (lines[i].indent === 0) break;
    used.add(i);
    if (fits(t) && (m = t.match(FATE))) { battle.fates.push({ name: m[1], id: m[2], what: m[3], line: lines[i].n }); last = null; }
    else if (last && (!/[.!]$/.test(last.end) || unfinished(last.end.slice(-300)))) { last.text += ' ' + t; last.end = t; }
    else if (/^.+? lost /.test(t)) { last = { text: t, end: t, line: lines[i].n }; battle.lost.push(last); }
    else battle.unread.push({ line: lines[i].n, text: t, why: 'not a line of a battle\'s result' });
  }
  if (detail) battle.detail = detail;
  if (!result) battle.notes.push('The text stops before the battle\'s result ("… is victorious!"): the outcome and the losses are not in it.');
  else settle(battle, head, words);
  return [battle, i];
}

// Who won, who lost what, what became of each noble, by the result lines.
function settle(battle, head, words) {
  const A = battle.attacker?.nobles || [];
  const D = battle.defender?.nobles || [];
  if (battle.victor) {
    if (A.some((n) => n.id === battle.victor.id) || battle.victor.id === head[2]) battle.outcome = 'attacker';
    else if (D.some((n) => n.id === battle.victor.id) || battle.victor.id === head[4]) battle.outcome = 'defender';
    else battle.notes.push(`${battle.victor.name} [${battle.victor.id}] is named the victor, but is in neither stack listed: the outcome is not read.`);
  }
  // G2 writes the winner's losses first (the attacker's after a tie), each
  // under its leader's name; a side that lost nobody gets no line.
  const first = battle.outcome === 'defender' ? 'defender' : 'attacker';
  const order = [first, first === 'attacker' ? 'defender' : 'attacker'];
  const lead = { attacker: A[0]?.name, defender: D[0]?.name };
  const losses = { attacker: null, defender: null };
  battle.lost.forEach((l, idx) => {
    const m = fits(l.text, 5000) ? l.text.match(LOST) : null;
    const byName = ['attacker', 'defender'].filter((s) => lead[s] === m?.[1]);
    // Leaders of one name (two garrisons): the order tells them apart only when both sides lost men.
    const side = byName.length === 1 ? byName[0] : (byName.length === 2 && battle.lost.length === 2 && battle.outcome ? order[idx] : null);
    if (!m || !side || losses[side]) {
      battle.unread.push({ line: l.line, text: l.text, why: m ? 'whose losses these are is not clear from the names' : 'not a list of losses' });
      return;
    }
    losses[side] = { men: {}, unknown: [] };
    for (const c of clauses(m[2])) {
      const k = c.match(/^(\S+) (.+)$/);
      const n = k ? countOf(k[1]) : null;
      const what = n === null ? null : classify(k[2], words);
      if (what?.kind) losses[side].men[what.kind] = (losses[side].men[what.kind] || 0) + n;
      else losses[side].unknown.push({ text: c, why: what ? what.why : 'not a number of men' });
    }
  });
  const fateById = new Map(battle.fates.map((f) => [f.id, f]));
  battle.survivors = {};
  for (const side of ['attacker', 'defender']) {
    const st = battle[side];
    if (!st) continue;
    const start = {};
    for (const n of st.nobles) for (const [k, v] of Object.entries(n.troops)) start[k] = (start[k] || 0) + v;
    const lost = losses[side]?.men || {};
    let men = {};
    const notes = [];
    const ids = new Set(st.nobles.map((n) => n.id));
    const joined = battle.joined.filter((j) => ids.has(j.helps) || (side === 'defender' && j.helps === head[4]));
    for (const k of new Set([...Object.keys(start), ...Object.keys(lost)])) {
      const left = (start[k] || 0) - (lost[k] || 0);
      if (left < 0) notes.push(`lost ${lost[k]} ${words.kinds.get(k)?.plural ?? k} but the stack listed ${start[k] || 0}: survivors of that kind not known`);
      else men[k] = left;
    }
    if (!losses[side]) notes.push('no losses are listed for this side: the engine lists a side\'s losses whenever it lost men, so (if the paste is whole) none were lost');
    const nobles = [...st.nobles, ...joined].map((n) => {
      const f = fateById.get(n.id);
      return { name: n.name, ...fateOf(f), ...(joined.includes(n) ? { joined: true } : {}) };
    });
    if (joined.length) {
      men = null;
      notes.length = 0;
      notes.push(`${joined.length} noble${joined.length > 1 ? 's' : ''} joined the battle after it began (${joined.map((j) => j.name).join(', ')}): their men are in no stack listed, so the survivors are not known from this text`);
    }
    battle.survivors[side] = { men, unknown: losses[side]?.unknown || [], nobles, notes };
  }
  const listed = new Set([...A, ...D, ...battle.joined].map((n) => n.id));
  for (const f of battle.fates) {
    if (!listed.has(f.id)) battle.unread.push({ line: f.line, text: `${f.name} [${f.id}] ${f.what}`, why: 'this noble is in neither stack listed' });
  }
}

// A noble's fate in the calculator's words: hit (wounded in battle), killed
// (died of it), captured. A prisoner's wound is not reported: hit is null.
function fateOf(f) {
  if (!f) return { hit: false, killed: false, captured: false };
  const w = f.what;
  if (/prisoner|captured/.test(w)) return { hit: null, killed: false, captured: true };
  if (/killed|destroyed|wiped out/.test(w)) return { hit: true, killed: true, captured: false };
  return { hit: true, killed: false, captured: false };
}

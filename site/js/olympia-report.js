// Reads what an Olympia player pastes from a turn report: a stack as the
// engine lists it ("Wevor [x8p], behind 5, with two soldiers, 60 archers,
// accompanied by: ..."), a noble's own section ("Combat: attack 80, ...",
// "Break point: 50%", the inventory), or a battle section ("X attacks Y!",
// both stacks, "Y is victorious!", what each side lost, what became of each
// noble). The wording is the G2 engine's (combat.c, display.c, report.c);
// the Age of Gods variant writes the same lines with kinds of men of its own.
// Nothing is guessed: what the text does not say is reported as not said,
// and what cannot be read is listed with the reason. No DOM, so node tests
// run this very code.

import { reportWords, classify, TAG_WORDS } from './olympia-report-words.js';
import { cleanText, splitLine, fits } from './olympia-report-text.js';
import { ENTRY, entriesOf, readEntry, stacksOf, isStack, sideOf, readNobleSection } from './olympia-report-listing.js';
import { ATTACK, readBattle } from './olympia-report-battle.js';

// The reader for the calculator's rules: `rules`, the core's Olympia rules()
// answer, gives the kinds of men (names and ratings) and the structures it reads.
export function reportReader(rules) {
  const words = reportWords(rules);
  return {
    readReport: (raw) => readReport(raw, words),
    battleResult: (raw, opts) => battleResult(raw, words, opts),
    classify: (name) => classify(name, words),
  };
}

// ---- the whole paste ----

// Everything the text holds: {stacks, battles, unread, notes, variant}. Each
// stack is a calculator side ({nobles, structure}) with what of it was not read.
function readReport(raw, words) {
  const { lines: textLines, notes } = cleanText(raw);
  const lines = textLines.map((l, i) => splitLine(l, i + 1));
  const used = new Set();
  const stacks = [];
  const battles = [];
  // Battle sections first: their stacks are the banners.
  for (let i = 0; i < lines.length; i++) {
    if (!fits(lines[i].text) || !ATTACK.test(lines[i].text)) continue;
    const [b, next] = readBattle(lines, i, used, words);
    battles.push(b);
    for (const side of ['attacker', 'defender']) if (b[side]) stacks.push({ ...b[side], battle: battles.length - 1 });
    i = next - 1;
  }
  // Noble sections: each gives one noble; together they are one stack, the first leading.
  const section = { source: 'noble sections', nobles: [], structure: null, unknown: [], notes: [], lines: [] };
  for (let i = 0; i < lines.length; i++) {
    if (used.has(i) || !/^Combat: +attack \d+, defense \d+, missile \d+$/.test(lines[i].text)) continue;
    const r = readNobleSection(lines, i, words);
    r.used.forEach((k) => used.add(k));
    if (!r.noble.name) section.notes.push(`The noble at line ${lines[i].n} is not named in the text: called "Noble ${section.nobles.length + 1}".`);
    r.noble.name = (r.noble.name || `Noble ${section.nobles.length + 1}`).slice(0, 80);
    section.nobles.push(r.noble);
    section.unknown.push(...r.unknown.map((u) => ({ ...u, who: r.noble.name })));
    if (r.noble.under) section.notes.push(`${r.noble.name} is stacked under ${r.noble.under}: he does not lead his stack; paste his leader's section first to make the leader's break point count.`);
    delete r.noble.under;
    if (r.noble.others) section.notes.push(`${r.noble.name}: ${r.noble.others} other item${r.noble.others > 1 ? 's' : ''} of his inventory (gold, goods, horses) are not men and not read.`);
    section.lines.push(lines[i].n);
  }
  if (section.nobles.length) stacks.push(section);
  // Stack listings: runs of entries outside battles and sections.
  // A heading ("Buffalo Plains [ap71], plain, in Imperia") is not a unit: an
  // entry counts when it is a day's event, indented under a heading, or plainly a unit.
  const unitLike = (l) => l.day !== null || l.indent > 0 || /, with |accompanied by:$|, behind \d/.test(l.text);
  // Where each run of lines (one day's, up to a blank line or a line already read) ends.
  const runEnd = new Array(lines.length + 1).fill(lines.length);
  for (let i = lines.length - 1; i >= 0; i--) {
    if (used.has(i) || !lines[i].text) runEnd[i] = i;
    else runEnd[i] = i + 1 < lines.length && lines[i + 1].day === lines[i].day ? runEnd[i + 1] : i + 1;
  }
  const seen = new Set();
  for (let i = 0; i < lines.length; i++) {
    if (used.has(i) || !ENTRY.test(lines[i].text) || !unitLike(lines[i])) continue;
    const { entries, stop } = entriesOf(lines, i, runEnd[i]);
    for (let k = i; k < stop; k++) used.add(k);
    for (const st of stacksOf(entries.map((e) => readEntry(e, words)))) {
      if (!isStack(st)) continue;
      const side = sideOf(st, 'listing', words);
      const key = JSON.stringify(toSide(side));
      if (!seen.has(key)) stacks.push(side);
      seen.add(key);
    }
    i = Math.max(i, stop - 1);
  }
  const unread = [];
  for (let i = 0; i < lines.length; i++) if (!used.has(i) && lines[i].text) unread.push({ line: lines[i].n, text: lines[i].text });
  for (const b of battles) unread.push(...b.unread);
  const all = textLines.join('\n');
  // Only the Age of Gods writes combat rounds, skill levels "(Level 3)" and its own kinds of men.
  const variant = /^[ \t]*(\d{1,2}: *)?Combat round: /m.test(all) || /\[\d+\], \(Level \d+\)/.test(all) || TAG_WORDS.test(all)
    ? { id: 'tag', why: 'It is from Olympia: The Age of Gods (its combat rounds, skill levels or kinds of men show it): that game\'s men share some names with G2\'s, but the calculator uses G2\'s ratings.' }
    : null;
  for (const s of stacks) s.notStated = notStated(s);
  return { stacks, battles, unread, notes, variant };
}

// What the calculator needs that the text did not say, in words.
function notStated(stack) {
  const out = [];
  const ns = stack.nobles;
  if (ns.some((n) => n.attack === undefined)) out.push('ratings (attack 80, defense 80, missile 0 used)');
  if (ns.some((n) => n.health === undefined)) out.push('health (100 used)');
  // A battle's stacks name "behind N" whenever it is not 0 (combat.c); G2's other listings never do.
  if (stack.source === 'listing' && ns.some((n) => n.behind === undefined)) out.push('behind, for those without "behind N" (0 used; G2 names it in battles, not in its other listings)');
  if (stack.source === 'noble sections' && ns.some((n) => n.behind === undefined)) out.push('behind (0 used)');
  if (ns.length && ns[0].break_point === undefined) out.push('the leader\'s break point (50% used)');
  return out;
}

// A stack as the calculator's side: report ids dropped (the core takes only its own fields).
export function toSide(stack) {
  const side = { nobles: stack.nobles.map(({ id, others, ...n }) => n) };
  if (stack.structure) side.structure = { ...stack.structure };
  return side;
}

// For "How lucky was I": the first battle section's outcome and survivors.
// {ok: true, outcome, survivors: {attacker: {men, unknown, nobles, notes}, defender: …},
// start: {attacker, defender} (calculator sides), notes, unread} or {ok: false, reason}.
function battleResult(raw, words, { index = 0 } = {}) {
  const r = readReport(raw, words);
  const b = r.battles[index];
  if (!b) return { ok: false, reason: 'No battle section found: paste from the line "… attacks …!" to the lines after "… is victorious!".' };
  if (!b.survivors) return { ok: false, reason: b.notes.join(' ') || 'The battle\'s result is not in the text.' };
  const side = (s) => (s ? toSide(s) : null);
  return {
    ok: true,
    outcome: b.outcome,
    survivors: b.survivors,
    start: { attacker: side(b.attacker), defender: side(b.defender) },
    notes: [...r.notes, ...b.notes, ...(r.variant ? [r.variant.why] : [])],
    unread: b.unread,
    battles: r.battles.length,
  };
}

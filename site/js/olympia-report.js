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

// ---- words ----

// The men the calculator knows, by its kind id, with the names G2 reports
// print for one and for several ("elite guard" is its own plural) and their
// attack, defense and missile (G2 lib/item; the rulebook's table, as the core's).
const KIND_WORDS = {
  peasant: ['peasant', 'peasants', 1, 1, 0], worker: ['worker', 'workers', 1, 1, 0], sailor: ['sailor', 'sailors', 1, 1, 0],
  soldier: ['soldier', 'soldiers', 5, 5, 0], pikeman: ['pikeman', 'pikemen', 5, 30, 0],
  swordsman: ['swordsman', 'swordsmen', 15, 15, 0], pirate: ['pirate', 'pirates', 5, 5, 0],
  knight: ['knight', 'knights', 45, 45, 0], elite_guard: ['elite guard', 'elite guard', 90, 90, 0],
  crossbowman: ['crossbowman', 'crossbowmen', 1, 1, 25], archer: ['archer', 'archers', 5, 5, 50],
  elite_archer: ['elite archer', 'elite archers', 10, 10, 75], blessed_soldier: ['blessed soldier', 'blessed soldiers', 5, 5, 0],
  catapult: ['catapult', 'catapults', 25, 200, 25], battering_ram: ['battering ram', 'battering rams', 30, 250, 0],
  siege_tower: ['siege tower', 'siege towers', 30, 250, 0],
};
export const KIND_TABLE = KIND_WORDS;
const KIND_OF = new Map(Object.entries(KIND_WORDS).flatMap(([id, [one, many]]) => [[one, id], [many, id], [`${one}s`, id]]));

// G2 items that fight (lib/item gives them combat values) but that the
// calculator has no kind for, and the prominent items that do not fight.
const G2_OTHER_FIGHTERS = new Set(['ghost warrior', 'ghost warriors', 'angry peasant', 'angry peasants', 'elf', 'elves',
  'spirit', 'spirits', 'undead', 'savage', 'savages', 'skeleton', 'skeletons', 'barbarian', 'barbarians', 'nazgul',
  'ratspider', 'ratspiders', 'centaur', 'centaurs', 'minotaur', 'minotaurs', 'giant spider', 'giant spiders', 'rat',
  'rats', 'lion', 'lions', 'giant bird', 'giant birds', 'giant lizard', 'giant lizards', 'bandit', 'bandits', 'chimera',
  'harpie', 'harpies', 'dragon', 'dragons', 'orc', 'orcs', 'gorgon', 'gorgons', 'wolf', 'wolves', 'cyclops', 'giant',
  'giants', 'faery', 'faerie', 'hound', 'hounds']);
const G2_NOT_FIGHTING = new Set(['wild horse', 'wild horses', 'riding horse', 'riding horses', 'warmount', 'warmounts',
  'winged horse', 'winged horses', 'ox', 'oxen']);
// Kinds only the Age of Gods variant has (its turn reports), so a text with them is from that game.
const TAG_WORDS = /\b(lt\. foot|hvy\. foot|lt\. xbowm[ae]n|hvy\. xbowm[ae]n|paladins?|horse archers?|skirmishers?)\b/;

const STRUCTURES = ['castle', 'tower', 'galley', 'roundship', 'temple', 'mine', 'inn'];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

// "ten" -> 10, "1,038" -> 1038; null when it is not a count.
export function countOf(word) {
  const w = String(word).toLowerCase();
  const i = NUMBER_WORDS.indexOf(w);
  if (i >= 0) return i;
  if (/^\d{1,3}(,\d{3})*$|^\d+$/.test(w)) return Number(w.replace(/,/g, ''));
  return null;
}

// What a name of men is to the calculator: {kind} or {why} it is not read.
export function classify(name) {
  const n = name.toLowerCase().replace(/\s+/g, ' ').trim();
  if (KIND_OF.has(n)) return { kind: KIND_OF.get(n) };
  if (G2_NOT_FIGHTING.has(n)) return { carried: true, why: 'carried, does not fight' };
  if (G2_OTHER_FIGHTERS.has(n)) return { why: 'fights in G2, but the calculator has no such kind' };
  if (TAG_WORDS.test(n)) return { why: 'an Age of Gods kind; the calculator knows G2\'s kinds only' };
  return { why: 'not a kind of men the calculator knows' };
}

// ---- the text as pasted ----

export const MAX_CHARS = 200000;
const ENTITIES = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', '#39': '\'' };

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (m, e) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return safeChar(parseInt(k.slice(2), 16), m);
    if (k.startsWith('#')) return safeChar(Number(k.slice(1)), m);
    return ENTITIES[k] ?? m;
  });
}
const safeChar = (code, m) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m);

// Text as the report shows it: a web page's tags and entities undone (a G2
// page is one <pre>, so its lines stand; a page of <tt> lines broken by <br>
// is laid out as the browser would),
// non-breaking spaces and tabs made spaces, and a mail quote ("> ") removed.
export function cleanText(raw) {
  let s = String(raw ?? '');
  const notes = [];
  if (s.length > MAX_CHARS) {
    s = s.slice(0, MAX_CHARS);
    notes.push(`Only the first ${MAX_CHARS.toLocaleString('en')} characters were read.`);
  }
  s = s.replace(/\r\n?/g, '\n');
  if (/<(pre|br|tt|p|b|font|hr|div|name)\b[^<>]{0,200}>/i.test(s)) {
    const pre = /<pre\b/i.test(s) || !/<(br|p|tt|div)\b/i.test(s);
    if (!pre) s = s.replace(/\s+/g, ' ');
    s = s.replace(/<(br|p|\/p|div|\/div|hr|\/tr)\b[^<>]{0,200}>/gi, '\n').replace(/<[a-z/!][^<>]{0,500}>/gi, '');
    // A browser drops the spaces that start a laid-out line (not &nbsp;).
    if (!pre) s = s.replace(/^ +/gm, '');
    notes.push('The text was read from a web page\'s HTML.');
  }
  s = decodeEntities(s).replace(/\u00a0/g, ' ');
  let lines = s.split('\n').map((l) => expandTabs(l).trimEnd());
  // A mail's quote marks ("> "); an order echoed in a report comes after the day (" 5: > use 9341").
  if (lines.some((l) => /^\s*>/.test(l))) lines = lines.map((l) => l.replace(/^(\s*>)+ ?/, ''));
  return { lines, notes };
}

function expandTabs(line) {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

// A line: its day ("21: " in front of each event), its indent after the day, its words.
function splitLine(src, n) {
  // The Age of Gods marks the player's own units in a listing with a "*" in the indent.
  // (One \s* before the optional "12:" and its own after it: two \s* in a
  // row backtrack over every split of a long run of spaces.)
  const line = src.replace(/^(\s*(?:\d{1,2}:\s*)?)\* /, '$1  ');
  const m = line.match(/^\s{0,4}(\d{1,2}):( *)(.*)$/);
  if (m) return { n, day: Number(m[1]), indent: Math.max(0, m[2].length - 1), text: m[3].trim() };
  const t = line.trimStart();
  return { n, day: null, indent: line.length - t.length, text: t.trim() };
}

// ---- stack listings ----

// A unit as listed: "Name [id]" then a comma or the end of the line ("Name [id]
// went west" and "Gave ... to Name [id]." are events, not listings).
const ENTRY = /^([^\[\]]{1,160}?) \[([0-9a-z]{1,8})\](?=$|,)/i;
const CONNECTIVES = new Set(['of', 'the', 'and', 'with', 'by', 'de', 'del', 'la', 'le', 'von', 'van', 'to', 'from',
  'for', 'a', 'an', 'in', 'at', 'on', 'lt.', 'hvy.', 'wielding', 'wearing']);

// Whether a listing's text must go on in the next line: the engine breaks
// lines between words, so an entry cut after a comma, a joining word, an
// open quote or a half-named place or weapon is not finished. `tail` is the
// end of the text so far (a clause is short), `quoted` whether a quote is open.
function unfinished(tail, quoted = false) {
  if (quoted || tail.endsWith(',')) return true;
  const last = tail.slice(tail.lastIndexOf(' ') + 1);
  if (CONNECTIVES.has(last.toLowerCase())) return true;
  const k = tail.lastIndexOf(', ');
  const clause = k < 0 ? tail : tail.slice(k + 2);
  if (clause.includes(']')) return false;
  if (/^(wielding|wearing)\b/.test(clause) || /\bguards\b/.test(clause)) return true;
  return /^(arrived|entered|exited|departed)\b/.test(clause) && /^[A-Z]/.test(last);
}
const quotes = (t) => (t.match(/"/g) || []).length % 2 === 1;

// Entries (one unit each, continued lines joined) from lines[from..to):
// {entries, stop}, stop being the first line that is neither.
function entriesOf(lines, from, to) {
  const out = [];
  let cur = null;
  for (let i = from; i < to; i++) {
    const l = lines[i];
    const first = l.text.split(' ', 1)[0];
    const starts = ENTRY.test(l.text) && !/^[^,]*\]\.$/.test(l.text) && !(cur && CONNECTIVES.has(first));
    if (cur && (unfinished(cur.tail, cur.quoted) || (!starts && l.indent >= cur.indent))) {
      cur.text += ' ' + l.text;
      cur.tail = (cur.tail + ' ' + l.text).slice(-300);
      cur.quoted = cur.quoted !== quotes(l.text);
      cur.lines.push(l.n);
    } else if (starts) {
      cur = { indent: l.indent, text: l.text, first: l.text, tail: l.text.slice(-300), quoted: quotes(l.text), lines: [l.n] };
      out.push(cur);
    } else {
      return { entries: out, stop: i };
    }
  }
  return { entries: out, stop: to };
}

// "a, "b, c", d" -> ['a', '"b, c"', 'd']: a banner in quotes may hold commas.
function clauses(text) {
  const out = [];
  let buf = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && c === ',' && text[i + 1] === ' ') {
      out.push(buf.trim());
      buf = '';
      i++;
    } else buf += c;
  }
  if (buf.trim()) out.push(buf.trim());
  return out;
}

const MOVEMENT = /^(arrived|went|entered|exited|departed|left|returned|flew|sailed)\b/;

// One unit's entry: name, id, what it says of itself, its men.
function readEntry(e) {
  const m = e.first.match(ENTRY);
  const unit = { name: m[1].trim(), id: m[2], lines: e.lines, indent: e.indent, titles: [], troops: {}, unknown: [],
    carried: [], unread: [], members: false, owner: false, prisoner: false };
  let rest = e.text.slice(m[0].length).replace(/^,\s*/, '');
  if (/(^|, )accompanied by:$/.test(rest)) { unit.members = true; rest = rest.replace(/,? ?accompanied by:$/, ''); }
  if (/(^|, )owner:$/.test(rest)) { unit.owner = true; rest = rest.replace(/,? ?owner:$/, ''); }
  let withMen = false;
  for (let c of clauses(rest)) {
    if (!withMen && c.startsWith('with ')) { withMen = true; c = c.slice(5); }
    let k;
    if (c === 'prisoner') unit.prisoner = true;
    else if (c === 'ally') unit.ally = true;
    else if ((k = c.match(/^behind (\d)$/))) unit.behind = Number(k[1]);
    else if ((k = c.match(/^number: ([\d,]+)$/))) unit.number = countOf(k[1]);
    else if ((k = c.match(/^defense (\d+)$/))) unit.defense = Number(k[1]);
    else if ((k = c.match(/^(\d+)% damaged$/))) unit.damage = Number(k[1]);
    else if (MOVEMENT.test(c)) unit.moved = c;
    else if (withMen) readMen(unit, c);
    else unit.titles.push(c);
  }
  return unit;
}

function readMen(unit, clause) {
  const c = clause.replace(/ guards .*$/, '').replace(/\.$/, '');
  const m = c.match(/^(\S+) (.+)$/);
  const n = m ? countOf(m[1]) : null;
  if (n === null) { unit.unread.push({ text: clause, why: 'not a number of men' }); return; }
  const what = classify(m[2]);
  if (what.kind) unit.troops[what.kind] = (unit.troops[what.kind] || 0) + n;
  else (what.carried ? unit.carried : unit.unknown).push({ text: c, count: n, name: m[2], why: what.why });
}

// Units into stacks: a unit no more indented than the stack's first starts a
// new stack; a more indented one is in the stack above it.
function stacksOf(units) {
  const stacks = [];
  let top = null;
  for (const u of units) {
    if (!top || u.indent <= top.indent) {
      top = { indent: u.indent, units: [u] };
      stacks.push(top);
    } else top.units.push(u);
  }
  return stacks;
}

// A listing's first unit has men, a place in the line, company or a
// structure to own; a route ("East, to Ocean [at76], 2 days"), a skill or a
// place named in passing has none of these.
function isStack(st) {
  const u = st.units[0];
  if (/^[-:*]|:/.test(u.name)) return false;
  return u.members || u.owner || u.behind !== undefined || u.number !== undefined ||
    Object.keys(u.troops).length > 0 || u.unknown.length > 0 || u.carried.length > 0;
}

// A stack as the calculator's side: nobles in order, the first leads; a
// structure housing them when the text names one the calculator knows.
function sideOf(stack, source) {
  const nobles = [];
  const unknown = [];
  const notes = [];
  let structure = null;
  stack.units.forEach((u, i) => {
    const kind = u.titles[0]?.toLowerCase();
    if (i === 0 && (u.owner || STRUCTURES.includes(kind)) && !Object.keys(u.troops).length) {
      if (STRUCTURES.includes(kind)) {
        structure = { kind };
        if (u.defense !== undefined) structure.defense = u.defense;
        if (u.damage !== undefined) structure.damage = Math.min(u.damage, 99);
      } else notes.push(`${u.name} [${u.id}] (${u.titles[0] || 'a place'}) houses the stack: not a structure the calculator knows, so it is left out.`);
      const level = u.titles.find((t) => /^level \d+$/.test(t));
      if (structure && level) notes.push(`${u.name}'s ${level} is not read: its defense is read as printed.`);
      return;
    }
    if (u.prisoner) { notes.push(`${u.name} [${u.id}] is a prisoner: left out, as prisoners do not fight.`); return; }
    const noble = { name: u.name.slice(0, 80), troops: { ...u.troops } };
    if (u.behind !== undefined) noble.behind = u.behind;
    // A band ("Pirate [127432], pirates, number: 15"; "Savage [82687], savage"
    // when alone) is one unit of its kind with the rest as his men; he fights
    // with the kind's ratings (display.c liner_desc_char, report.c char_rep_combat).
    // "knight" is also a noble's rank, so it names no band.
    const first = (u.titles[0] || '').toLowerCase();
    const number = u.number ?? ((KIND_OF.has(first) || G2_OTHER_FIGHTERS.has(first)) && first !== 'knight' ? 1 : undefined);
    if (number) {
      const band = classify(first);
      if (band.kind) {
        const [one, , attack, defense, missile] = KIND_WORDS[band.kind];
        Object.assign(noble, { attack, defense, missile });
        if (number > 1) noble.troops[band.kind] = (noble.troops[band.kind] || 0) + number - 1;
        notes.push(`${u.name} [${u.id}] is ${number > 1 ? `a band of ${number} ${u.titles[0]}: read as one of them leading the other ${number - 1}` : `a lone ${one}: read as one`}, with a ${one}'s ratings.`);
      } else unknown.push({ who: u.name, text: `${number} ${u.titles[0]}`, why: `${u.name} is himself ${number > 1 ? `a band of ${u.titles[0]}` : `a ${u.titles[0]}`} (${band.why}): read as one noble with the page's default ratings` });
    }
    for (const t of u.titles.filter((x) => /^(wielding|wearing) /.test(x))) {
      unknown.push({ who: u.name, text: t, why: 'an item\'s bonus is not in a listing: the calculator takes ratings with items, so add it to his ratings' });
    }
    for (const x of [...u.unknown, ...u.carried, ...u.unread]) unknown.push({ who: u.name, text: x.text, why: x.why });
    nobles.push(Object.assign(noble, { id: u.id }));
  });
  return { source, nobles, structure, unknown, notes, lines: stack.units.flatMap((u) => u.lines) };
}

// ---- noble sections ----

// One noble's own section: the lines from "Health:" to the inventory.
function readNobleSection(lines, at) {
  const noble = { troops: {} };
  const unknown = [];
  const used = [];
  const m = lines[at].text.match(/^Combat: +attack (\d+), defense (\d+), missile (\d+)$/);
  Object.assign(noble, { attack: Number(m[1]), defense: Number(m[2]), missile: Number(m[3]) });
  used.push(at);
  // The fields above "Combat:" (Location, Loyalty, Health) run without a blank line.
  let top = at;
  while (top > 0 && lines[top - 1].text && at - top < 8) top--;
  // The name: the section's heading ("Billy Joe [4042]", above the day's
  // events) or a vision's ("receives a vision of X [id]:").
  for (let i = top - 1; i >= 0 && i >= top - 400; i--) {
    const t = lines[i].text;
    const heading = lines[i].day === null && lines[i].indent === 0;
    const v = (fits(t) && t.match(/receives a vision of (.+?) \[([0-9a-z]{1,8})\]:$/i)) || (heading && t.match(/^([^\[\]]{1,80}) \[([0-9a-z]{1,8})\]$/i));
    if (v) { noble.name = v[1]; noble.id = v[2]; used.push(i); break; }
    if (/^(Combat|Inventory|Capacity):/.test(t)) break;
  }
  // The section runs on to its inventory (skills and the rest between are passed over).
  let end = at;
  for (let i = top; i < lines.length && i < at + 400; i++) {
    const t = lines[i].text;
    let k;
    if (i > at && /^(Location|Loyalty|Health|Combat):/.test(t)) break;
    if ((k = t.match(/^Health: +(\d+)%/))) noble.health = Math.max(1, Number(k[1]));
    else if ((k = t.match(/^behind (\d) +\((front line|stay behind) in combat\)$/))) noble.behind = Number(k[1]);
    else if ((k = t.match(/^Break point: +(\d+)%/))) noble.break_point = Number(k[1]);
    else if ((k = t.match(/^Stacked under: +(.+)$/))) noble.under = k[1];
    else if (i > at && /^Inventory:$/.test(t)) i = readInventory(lines, i + 1, noble, unknown);
    else if (!/^(Location|Loyalty|Stacked under|Capacity):/.test(t) || i < at) continue;
    end = i;
  }
  for (let i = top; i <= end; i++) used.push(i);
  return { noble, unknown, used };
}

// Inventory rows: "536  soldiers [12]  53,600  cap 53,600 (5,5,0)". The
// "(attack,defense,missile)" at the end marks a fighter; "+40 defense" an item's bonus.
function readInventory(lines, from, noble, unknown) {
  let i = from;
  for (; i < lines.length; i++) {
    const t = lines[i].text;
    if (/^(qty +name +weight|-+ +-+ +-+|=+)$/.test(t)) continue;
    const r = fits(t) && t.match(/^([\d,]+) +(.+?) \[([0-9a-z]{1,8})\] +[\d,]+(?: +(.*))?$/i);
    if (!r) break;
    const [, qty, name, , extra = ''] = r;
    const n = countOf(qty);
    const bonus = extra.match(/\+\d+ (attack|defense|missile)/g);
    const fighter = /\(\d+,\d+,\d+\)/.test(extra);
    const what = classify(name);
    if (what.kind) noble.troops[what.kind] = (noble.troops[what.kind] || 0) + n;
    else if (fighter) unknown.push({ who: noble.name, text: `${qty} ${name}`, why: what.carried ? 'carried, does not fight' : what.why });
    else if (bonus) unknown.push({ who: noble.name, text: `${name} (${bonus.join(', ')})`, why: 'an item\'s bonus is not added: the calculator takes ratings with items, so add it if he wields it' });
    else noble.others = (noble.others || 0) + 1;
  }
  return i - 1;
}

// ---- battle sections ----

const ATTACK = /^(.+?) \[([0-9a-z]{1,8})\] attacks (.+?) \[([0-9a-z]{1,8})\]!$/i;
const VICTOR = /^(.+?) \[([0-9a-z]{1,8})\] is victorious!$/i;
const NO_VICTOR = /^No victor emerges from the fight\.$/;
const FATE = /^(.+?) \[([0-9a-z]{1,8})\] (was taken prisoner\.|was captured|was wounded\.|was killed\.|was destroyed\.|was wiped out\.|survived a fatal wound!)$/i;
const LOST = /^(.+?) lost (.+)\.$/;
// A report's lines are under 80 characters; these patterns are tried only on
// lines of a sane length, so a pasted megabyte on one line cannot stall them.
const fits = (t, max = 400) => t.length <= max;
// The Age of Gods lets nobles join a battle under way: they are in no stack listed.
const JOINS = /^(.+?) \[([0-9a-z]{1,8})\] joins the battle in defense of (.+?) \[([0-9a-z]{1,8})\]!$/i;

// The stack listed from `i` on (up to a blank line): [stack, next index].
function bannerStack(lines, i, day) {
  while (i < lines.length && !lines[i].text && lines[i].day === day) i++;
  let j = i;
  while (j < lines.length && lines[j].text && lines[j].day === day) j++;
  const { entries } = entriesOf(lines, i, j);
  const units = entries.map(readEntry);
  return [units.length ? { indent: units[0].indent, units } : null, j];
}

function readBattle(lines, at, used) {
  const day = lines[at].day;
  const head = lines[at].text.match(ATTACK);
  const battle = { line: lines[at].n, attacker: null, defender: null, outcome: null, notes: [], unread: [], fates: [], lost: [], joined: [] };
  const [a, i1] = bannerStack(lines, at + 1, day);
  const [b, i2] = bannerStack(lines, i1, day);
  for (let k = at; k < i2; k++) used.add(k);
  battle.attacker = a && sideOf(a, 'attacker');
  battle.defender = b && sideOf(b, 'defender');
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
  else settle(battle, head);
  return [battle, i];
}

// Who won, who lost what, what became of each noble, by the result lines.
function settle(battle, head) {
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
      const what = n === null ? null : classify(k[2]);
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
      if (left < 0) notes.push(`lost ${lost[k]} ${KIND_WORDS[k][1]} but the stack listed ${start[k] || 0}: survivors of that kind not known`);
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

// ---- the whole paste ----

// Everything the text holds: {stacks, battles, unread, notes, variant}. Each
// stack is a calculator side ({nobles, structure}) with what of it was not read.
export function readReport(raw) {
  const { lines: textLines, notes } = cleanText(raw);
  const lines = textLines.map((l, i) => splitLine(l, i + 1));
  const used = new Set();
  const stacks = [];
  const battles = [];
  // Battle sections first: their stacks are the banners.
  for (let i = 0; i < lines.length; i++) {
    if (!fits(lines[i].text) || !ATTACK.test(lines[i].text)) continue;
    const [b, next] = readBattle(lines, i, used);
    battles.push(b);
    for (const side of ['attacker', 'defender']) if (b[side]) stacks.push({ ...b[side], battle: battles.length - 1 });
    i = next - 1;
  }
  // Noble sections: each gives one noble; together they are one stack, the first leading.
  const section = { source: 'noble sections', nobles: [], structure: null, unknown: [], notes: [], lines: [] };
  for (let i = 0; i < lines.length; i++) {
    if (used.has(i) || !/^Combat: +attack \d+, defense \d+, missile \d+$/.test(lines[i].text)) continue;
    const r = readNobleSection(lines, i);
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
    for (const st of stacksOf(entries.map(readEntry))) {
      if (!isStack(st)) continue;
      const side = sideOf(st, 'listing');
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
export function battleResult(raw, { index = 0 } = {}) {
  const r = readReport(raw);
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

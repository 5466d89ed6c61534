// Stack listings and nobles' own sections of an Olympia turn report: units
// as the engine lists them ("Wevor [x8p], behind 5, with two soldiers, ...")
// made into calculator sides, and a noble's "Combat:" section with its inventory.
import { countOf, classify, G2_OTHER_FIGHTERS } from './olympia-report-words.js';
import { fits } from './olympia-report-text.js';

// A unit as listed: "Name [id]" then a comma or the end of the line ("Name [id]
// went west" and "Gave ... to Name [id]." are events, not listings).
export const ENTRY = /^([^\[\]]{1,160}?) \[([0-9a-z]{1,8})\](?=$|,)/i;
const CONNECTIVES = new Set(['of', 'the', 'and', 'with', 'by', 'de', 'del', 'la', 'le', 'von', 'van', 'to', 'from',
  'for', 'a', 'an', 'in', 'at', 'on', 'lt.', 'hvy.', 'wielding', 'wearing']);

// Whether a listing's text must go on in the next line: the engine breaks
// lines between words, so an entry cut after a comma, a joining word, an
// open quote or a half-named place or weapon is not finished. `tail` is the
// end of the text so far (a clause is short), `quoted` whether a quote is open.
export function unfinished(tail, quoted = false) {
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
export function entriesOf(lines, from, to) {
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
export function clauses(text) {
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
export function readEntry(e, words) {
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
    else if (withMen) readMen(unit, c, words);
    else unit.titles.push(c);
  }
  return unit;
}

function readMen(unit, clause, words) {
  const c = clause.replace(/ guards .*$/, '').replace(/\.$/, '');
  const m = c.match(/^(\S+) (.+)$/);
  const n = m ? countOf(m[1]) : null;
  if (n === null) { unit.unread.push({ text: clause, why: 'not a number of men' }); return; }
  const what = classify(m[2], words);
  if (what.kind) unit.troops[what.kind] = (unit.troops[what.kind] || 0) + n;
  else (what.carried ? unit.carried : unit.unknown).push({ text: c, count: n, name: m[2], why: what.why });
}

// Units into stacks: a unit no more indented than the stack's first starts a
// new stack; a more indented one is in the stack above it.
export function stacksOf(units) {
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
export function isStack(st) {
  const u = st.units[0];
  if (/^[-:*]|:/.test(u.name)) return false;
  return u.members || u.owner || u.behind !== undefined || u.number !== undefined ||
    Object.keys(u.troops).length > 0 || u.unknown.length > 0 || u.carried.length > 0;
}

// A stack as the calculator's side: nobles in order, the first leads; a
// structure housing them when the text names one the calculator knows.
export function sideOf(stack, source, words) {
  const nobles = [];
  const unknown = [];
  const notes = [];
  let structure = null;
  stack.units.forEach((u, i) => {
    const kind = u.titles[0]?.toLowerCase();
    if (i === 0 && (u.owner || words.structures.has(kind)) && !Object.keys(u.troops).length) {
      if (words.structures.has(kind)) {
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
    const number = u.number ?? ((words.kindOf.has(first) || G2_OTHER_FIGHTERS.has(first)) && first !== 'knight' ? 1 : undefined);
    if (number) {
      const band = classify(first, words);
      if (band.kind) {
        const { name: one, attack, defense, missile } = words.kinds.get(band.kind);
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
export function readNobleSection(lines, at, words) {
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
    else if (i > at && /^Inventory:$/.test(t)) i = readInventory(lines, i + 1, noble, unknown, words);
    else if (!/^(Location|Loyalty|Stacked under|Capacity):/.test(t) || i < at) continue;
    end = i;
  }
  for (let i = top; i <= end; i++) used.push(i);
  return { noble, unknown, used };
}

// Inventory rows: "536  soldiers [12]  53,600  cap 53,600 (5,5,0)". The
// "(attack,defense,missile)" at the end marks a fighter; "+40 defense" an item's bonus.
function readInventory(lines, from, noble, unknown, words) {
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
    const what = classify(name, words);
    if (what.kind) noble.troops[what.kind] = (noble.troops[what.kind] || 0) + n;
    else if (fighter) unknown.push({ who: noble.name, text: `${qty} ${name}`, why: what.carried ? 'carried, does not fight' : what.why });
    else if (bonus) unknown.push({ who: noble.name, text: `${name} (${bonus.join(', ')})`, why: 'an item\'s bonus is not added: the calculator takes ratings with items, so add it if he wields it' });
    else noble.others = (noble.others || 0) + 1;
  }
  return i - 1;
}

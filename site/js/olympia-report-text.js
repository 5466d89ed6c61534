// The text of a pasted Olympia turn report as lines: a web page's HTML undone,
// tabs and mail quotes removed, each line's day and indent.

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
export function splitLine(src, n) {
  // The Age of Gods marks the player's own units in a listing with a "*" in the indent.
  // (One \s* before the optional "12:" and its own after it: two \s* in a
  // row backtrack over every split of a long run of spaces.)
  const line = src.replace(/^(\s*(?:\d{1,2}:\s*)?)\* /, '$1  ');
  const m = line.match(/^\s{0,4}(\d{1,2}):( *)(.*)$/);
  if (m) return { n, day: Number(m[1]), indent: Math.max(0, m[2].length - 1), text: m[3].trim() };
  const t = line.trimStart();
  return { n, day: null, indent: line.length - t.length, text: t.trim() };
}


// A report's lines are under 80 characters; patterns are tried only on lines
// of a sane length, so a pasted megabyte on one line cannot stall them.
export const fits = (t, max = 400) => t.length <= max;

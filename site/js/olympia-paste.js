// "Paste from a turn report" on the Olympia page: a dialog where a player
// pastes part of a turn report, sees what was read and what was not, and
// fills one side's stack with it only when he says so. The reading is
// olympia-report.js's; this file only shows it.
import { h, replace, button, select, debounce } from './dom.js';
import { reportReader, toSide } from './olympia-report.js';
import { MAX_CHARS } from './olympia-report-text.js';

const SOURCES = { attacker: 'the attacker in a battle', defender: 'the defender in a battle', listing: 'a stack listing', 'noble sections': 'noble sections' };

// A long list shows its first items and says how many more there are.
const LIST_MAX = 40;
const STACKS_MAX = 200;
function list(cls, items, item) {
  return [h('ul', { class: cls }, items.slice(0, LIST_MAX).map(item)),
    items.length > LIST_MAX ? h('p', { class: 'muted small', text: `and ${items.length - LIST_MAX} more.` }) : null];
}

// "20 soldiers, 6 archers" in the calculator's words.
function menText(troops, kinds) {
  const parts = Object.entries(troops).map(([k, n]) => {
    const d = kinds.find((x) => x.id === k);
    return `${n} ${d ? (n === 1 ? d.name : d.plural) : k}`;
  });
  return parts.length ? parts.join(', ') : 'no men';
}

function stackLabel(s, i) {
  const lead = s.nobles[0]?.name || 'nobody';
  const more = s.nobles.length > 1 ? ` and ${s.nobles.length - 1} more` : '';
  const where = s.battle !== undefined ? `battle ${s.battle + 1}, ${SOURCES[s.source]}` : SOURCES[s.source];
  return `${i + 1}. ${lead}${more} (${where})`;
}

const count = (n) => n.toLocaleString('en');
function newlines(text, from = 0, to = text.length) {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

// A paste (or a drop) that would make the text longer than the reader reads
// (MAX_CHARS) is cut before the text box gets it: laying out megabytes of
// text would freeze the tab, and the reader would not look at them anyway.
// Answers the words saying what was left out, or null when it all fits.
function cutToFit(area, text) {
  const start = area.selectionStart ?? area.value.length;
  const end = area.selectionEnd ?? start;
  const before = area.value.slice(0, start);
  const after = area.value.slice(end);
  if (before.length + text.length + after.length <= MAX_CHARS) return null;
  let room = Math.max(0, MAX_CHARS - before.length - after.length);
  if (room > 0 && /[\ud800-\udbff]/.test(text[room - 1])) room--; // not half a character
  const kept = text.slice(0, room);
  area.value = before + kept + after;
  area.setSelectionRange(before.length + kept.length, before.length + kept.length);
  const line = newlines(text, 0, room) + 1; // where the cut falls, in the pasted text
  const startsWith = text.slice(room, room + 60).replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return `The pasted text has ${count(text.length)} characters, more than the ${count(MAX_CHARS)} this dialog reads, so only its first ${count(room)} were pasted. ` +
    `Left out: the other ${count(text.length - room)} characters, from line ${count(line)} of the pasted text${startsWith ? ` (“${startsWith}…”)` : ''} on. ` +
    'Paste just the part of the report with the stack or battle you want.';
}

// What was read of the chosen stack `s` (of the report `r`), for the
// preview: its nobles and their men, its structure as the `side` uses it,
// the entries not read, and the reader's notes.
function stackParts(s, r, { side, structureNow, kinds }) {
  const parts = [h('h3', { text: `Read: ${s.nobles.length} noble${s.nobles.length > 1 ? 's' : ''} (from ${SOURCES[s.source]})` }),
    h('ol', { class: 'paste-nobles' }, s.nobles.slice(0, LIST_MAX).map((n, i) => h('li', {},
      h('strong', { text: n.name }),
      i === 0 ? h('span', { class: 'muted', text: ' (leads)' }) : null,
      ': ', menText(n.troops, kinds),
      n.behind !== undefined ? `; behind ${n.behind}` : '',
      n.attack !== undefined ? `; attack ${n.attack}, defense ${n.defense}, missile ${n.missile}` : '',
      n.health !== undefined ? `; health ${n.health}` : '',
      i === 0 && n.break_point !== undefined ? `; break point ${n.break_point}%` : ''))),
    s.nobles.length > LIST_MAX ? h('p', { class: 'muted small', text: `and ${s.nobles.length - LIST_MAX} more nobles.` }) : null];
  if (s.structure) {
    parts.push(h('p', { text: side === 'defender'
      ? `In a ${s.structure.kind}${s.structure.defense !== undefined ? ` (defense ${s.structure.defense}${s.structure.damage ? `, ${s.structure.damage}% damaged` : ''})` : ''}: the defender's structure is set to it.`
      : `They are in a ${s.structure.kind}: only the defender's structure counts, so it is not used.` }));
  } else if (side === 'defender' && structureNow) {
    parts.push(h('p', { class: 'muted', text: `The text names no structure: the defender's ${structureNow} is kept.` }));
  }
  if (s.unknown.length) {
    parts.push(h('h3', { text: `Not read (${s.unknown.length})` }),
      list('paste-unknown', s.unknown, (u) => h('li', {}, h('strong', { text: u.who }), `: ${u.text} — ${u.why}`)));
  }
  if (s.notStated.length) parts.push(h('p', { class: 'paste-unsaid', text: `Not in the text, so the page's defaults are used: ${s.notStated.join('; ')}.` }));
  const notes = [...s.notes, ...(r.variant ? [r.variant.why] : [])];
  if (notes.length) parts.push(list('paste-notes', notes, (t) => h('li', { text: t })));
  return parts;
}

// The lines of the text not used: how many, the first few in a fold.
function unreadLines(unread) {
  const shown = unread.slice(0, 8);
  return h('details', { class: 'paste-lines' },
    h('summary', { text: `${unread.length} line${unread.length > 1 ? 's' : ''} of the text not used` }),
    h('ul', {}, shown.map((u) => h('li', { text: `Line ${u.line}: ${u.text}${u.why ? ` (${u.why})` : ''}` }))),
    unread.length > shown.length ? h('p', { class: 'muted small', text: `and ${unread.length - shown.length} more.` }) : null);
}

// What a battle section's result (battleResult's answer `r`) gives the luck
// tool: {known: the outcome and both sides' survivors are there, words}.
function luckWords(r, stacks, kinds) {
  const known = r.ok && r.outcome && r.start.attacker && r.start.defender && r.survivors.attacker?.men && r.survivors.defender?.men;
  if (!known) {
    return { known: false, words: `How lucky was this? needs the battle's outcome and both sides' survivors: ${r.ok ? [...r.survivors.attacker?.notes || [], ...r.survivors.defender?.notes || []].join('; ') || 'the text does not give them' : r.reason}` };
  }
  const left = (s) => menText(r.survivors[s].men, kinds);
  // Men the calculator cannot field are left out of both the battle and its luck: say so.
  const missing = stacks.filter((s) => s.battle === 0 && (s.source === 'attacker' || s.source === 'defender'))
    .reduce((n, s) => n + s.unknown.filter((u) => !/does not fight/.test(u.why)).length, 0);
  return { known: true, words: `The battle's result: ${r.outcome === 'tie' ? 'no victor' : `the ${r.outcome} won`}; the attacker kept ${left('attacker')}, the defender ${left('defender')}.` +
    (missing ? ` Caution: ${missing} ${missing === 1 ? 'entry' : 'entries'} of the stacks that fight or change ratings could not be read (listed above), so the luck is for the battle without them.` : '') };
}

// A paste or a drop into `area` that would not fit is cut (cutToFit), and
// `cutNote` says what was left out.
function guardPaste(area, cutNote) {
  const intercept = (e, data) => {
    const text = data?.getData('text/plain') ?? '';
    const cut = cutToFit(area, text);
    if (cut === null) { cutNote.hidden = true; return; }
    e.preventDefault();
    cutNote.textContent = cut;
    cutNote.hidden = false;
    area.dispatchEvent(new Event('input'));
  };
  area.addEventListener('paste', (e) => intercept(e, e.clipboardData));
  area.addEventListener('drop', (e) => intercept(e, e.dataTransfer));
}

// opts: {side: 'attacker'|'defender', sideName, rules (the core's Olympia rules: kinds, structures),
// check(side) -> Promise<null|words>, apply(side, stack)}
// luck(result): given, a battle section with its result offers "How lucky was
// this?" (battleResult's answer, for the Tools section's luck tool).
export function openPasteDialog({ side, sideName, rules, structureNow, check, apply, luck = null }) {
  const kinds = rules.kinds;
  const { readReport, battleResult } = reportReader(rules);
  const who = sideName.toLowerCase();
  const area = h('textarea', { attrs: { rows: 9, spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'paste-hint',
    placeholder: '21:    Wevor [x8p], behind 5, with two soldiers,\n21:    60 archers, accompanied by: …' } });
  const areaId = 'paste-text';
  area.id = areaId;
  const chooser = h('div', { class: 'paste-choose' });
  const preview = h('div', { class: 'paste-preview', attrs: { 'aria-live': 'polite' } });
  const fill = button(`Fill the ${who}'s stack`, () => confirm(), { cls: 'primary', disabled: true });
  const lucky = button('How lucky was this?', () => judge(), {
    title: 'Fill both stacks with this battle\'s and rank its result among all the battle\'s results (Tools: How lucky was I)' });
  lucky.hidden = true;
  const luckWhy = h('p', { class: 'muted small paste-luck', attrs: { 'aria-live': 'polite' } });
  const cutNote = h('p', { class: 'paste-cut small', hidden: true, attrs: { role: 'status' } });
  let result = null;
  let report = null;
  let chosen = null;
  let run = 0;

  const dlg = h('dialog', { class: 'dialog paste-dialog', attrs: { 'aria-labelledby': 'paste-h' } },
    h('h2', { id: 'paste-h', text: `Paste the ${who}'s stack from a turn report` }),
    h('p', { id: 'paste-hint', class: 'muted small', text: 'Paste a stack as the report lists it (a noble and his men, “accompanied by:” the rest), ' +
      'one or more nobles\' own sections (Combat, Break point, Inventory), or a battle section (from “… attacks …!” on). ' +
      'Lines from a web page or a mail, with their day numbers, are fine. Nothing changes until you press Fill.' }),
    h('label', { for: areaId, text: 'Report text' }), area, cutNote,
    chooser, preview, luckWhy,
    h('div', { class: 'toolbar' }, fill, lucky, button('Cancel', () => dlg.close())));

  const read = debounce(() => {
    report = readReport(area.value);
    // A whole report can list thousands of stacks: the first STACKS_MAX are offered.
    const found = report.stacks.filter((s) => s.nobles.length);
    const stacks = found.slice(0, STACKS_MAX);
    // A battle's own side for this dialog first; otherwise the first stack found.
    const pick = Math.max(0, stacks.findIndex((s) => s.source === side)) || 0;
    chosen = stacks[pick] || null;
    if (stacks.length > 1) {
      const sel = select(stacks.map((s, i) => ({ id: i, name: stackLabel(s, i) })), pick, {
        onChange: (el) => { chosen = stacks[Number(el.value)]; show(); },
      });
      sel.id = 'paste-which';
      replace(chooser, h('label', { for: 'paste-which', text: found.length > stacks.length
        ? `The text holds ${found.length} stacks; the first ${stacks.length} are offered: use` : `The text holds ${stacks.length} stacks: use` }), sel);
    } else replace(chooser);
    showResult();
    show();
  }, 200);

  // A battle section with its result: its outcome and survivors for the luck tool.
  function showResult() {
    result = null;
    lucky.hidden = true;
    luckWhy.textContent = '';
    if (!luck || !report?.battles.length) return;
    const r = battleResult(area.value);
    const said = luckWords(r, report.stacks, kinds);
    luckWhy.textContent = said.words;
    if (!said.known) return;
    result = r;
    lucky.hidden = false;
  }

  function judge() {
    if (!result) return;
    dlg.close();
    luck(result);
  }

  async function show() {
    const mine = ++run;
    fill.disabled = true;
    if (!area.value.trim()) { replace(preview); return; }
    const r = report;
    const parts = [];
    if (!chosen) {
      parts.push(h('p', { class: 'paste-none', text: 'No stack, noble section or battle section was found in this text. ' +
        'Paste lines such as “Name [id], behind 5, with 20 soldiers, accompanied by:” or a noble\'s “Combat:” and “Break point:” lines.' }));
    } else parts.push(stackParts(chosen, r, { side, structureNow, kinds }));
    if (r.unread.length) parts.push(unreadLines(r.unread));
    for (const t of r.notes) parts.push(h('p', { class: 'muted small', text: t }));
    replace(preview, parts);
    if (!chosen) return;
    // The core checks the stack as it would any battle, before anything changes.
    const problem = await check(toSide(chosen));
    if (mine !== run) return;
    if (problem) preview.append(h('p', { class: 'paste-error', attrs: { role: 'alert' }, text: `This stack cannot be used: ${problem}` }));
    else fill.disabled = false;
  }

  function confirm() {
    if (!chosen || fill.disabled) return;
    // Closed first: closing gives the keyboard back to where it was, and the page then puts it in the filled stack.
    dlg.close();
    apply(toSide(chosen), chosen);
  }

  area.addEventListener('input', () => { fill.disabled = true; lucky.hidden = true; read(); });
  guardPaste(area, cutNote);
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  area.focus();
  return dlg;
}

// "How lucky was this?" for a battle kept in a roster. A rolled battle
// applied to a roster is kept with the battle itself and every unit's final
// die (core/warfare/roster/roster.hpp, BattleRecord), so the core's `luck` tool can
// rank the result among all the battle's results long after the roll, from
// the record's own numbers. Two hooks: battleOfRoll() for the battle page's
// apply (roster-link.js), luckButton() beside each kept battle (roster.js).
import { h, replace, button, pct } from './dom.js';
import { Cancelled } from './engine/engine.js';

// What a `battle` action carries besides the roster's own units: the battle
// as rolled (the core drops its seed and solver), its outcome and every
// unit of both sides (the core takes the other side's only for the record).
export function battleOfRoll(roll) {
  const battle = roll?.request;
  if (!battle || typeof battle !== 'object' || !roll.answer?.outcome) return {};
  return { battle, outcome: roll.answer.outcome, units: roll.answer.units };
}

const SIDE_NAME = { attacker: 'Attacker', defender: 'Defender' };
// The luck tool ranks wins, losses and draws; an endless battle is none of them.
const RANKED = new Set(['attacker', 'defender', 'draw']);

// The request for the core's `luck` tool from a kept record, or null.
export function luckRequest(record) {
  if (!record?.battle || !record.result || !RANKED.has(record.outcome)) return null;
  return { ...record.battle, luck: { actual: { outcome: record.outcome, attacker: record.result.attacker, defender: record.result.defender } } };
}

// A percentile in words: where the result sits among all results.
export function luckWords(percentile) {
  if (percentile < 10) return 'very unlucky';
  if (percentile < 30) return 'unlucky';
  if (percentile <= 70) return 'about as lucky as expected';
  if (percentile <= 90) return 'lucky';
  return 'very lucky';
}

// The button (and the place for its answer) beside a kept battle, or a short
// note why there is none; null for a battle kept without its battle.
export function luckButton(record, engine, { rosterName = '' } = {}) {
  if (!record?.battle) return null;
  if (!luckRequest(record)) {
    return h('p', { class: 'muted small rl-none', text: 'How lucky was this? An endless battle has no win or loss to rank.' });
  }
  const out = h('div', { class: 'roster-luck-out', attrs: { 'aria-live': 'polite' } });
  const label = `How lucky was this? The battle of day ${record.day}${record.seed !== undefined ? `, seed ${record.seed}` : ''}`;
  const btn = button('How lucky was this?', () => run(), { cls: 'small', title: 'Where this result falls among all the results this battle could have had' });
  btn.setAttribute('aria-label', label);
  btn.dataset.luck = '';

  async function run() {
    btn.disabled = true;
    replace(out, h('p', { class: 'muted small', text: 'Working out every result this battle could have had…' }));
    let a;
    try {
      a = await engine.call('luck', luckRequest(record), {
        slot: 'roster-luck',
        // Between solves the tool says which it is on; within one, the solver says how far.
        onProgress: (p) => {
          const said = p?.phase === 'tool' ? `step ${p.done + 1} of ${p.total}${p.what ? `: ${p.what}` : ''}`
            : p?.phase === 'monte-carlo' ? `sampled ${p.trials} of ${p.planned} battles`
              : p?.states !== undefined ? `${p.states} positions so far` : '';
          if (said && out.firstChild) out.firstChild.textContent = `Working it out… ${said}`;
        },
      });
    } catch (e) {
      btn.disabled = false;
      if (e instanceof Cancelled) { replace(out); return; }
      replace(out, h('p', { class: 'small error', text: `Could not work it out: ${e.message}` }));
      return;
    }
    btn.disabled = false;
    if (!a?.ok) {
      replace(out, h('p', { class: 'small error', text: `Could not work it out: ${a?.error?.message || 'no answer'}${a?.error?.path ? ` (${a.error.path})` : ''}` }));
      return;
    }
    out.dataset.method = a.method || '';
    replace(out, showLuck(a, record, rosterName));
  }
  return h('div', { class: 'roster-luck' }, btn, out);
}

// Each side: its percentile in words and on a bar from unluckiest (0) to
// luckiest (100), marked where this result fell (the percentile counts half
// of the results ranked the same); in numbers, the battles it was luckier
// than and those it was as lucky as.
function showLuck(a, record, rosterName) {
  const sampled = a.method && !String(a.method).startsWith('exact');
  const rows = ['attacker', 'defender'].map((side) => {
    const r = a.sides?.[side];
    if (!r) return null;
    const whose = side === record.side ? ` (${rosterName ? `“${rosterName}”` : 'this roster'})` : '';
    const impossible = !(r.equal > 0);
    const p = Math.max(0, Math.min(100, r.percentile));
    const headline = impossible
      ? ': this result cannot happen under these rules and numbers'
      : ` was ${luckWords(p)}: luckier than ${Math.round(100 * r.worse)}% of battles, as lucky as ${Math.round(100 * r.equal)}%`;
    // At either end "at least this good" reads oddly (100% for the worst), so say which end.
    const share = ` (${pct(r.equal)} of battles end this way)`;
    const detail = r.worse <= 0 ? `The worst result this side could have had${share}.`
      : r.better <= 0 ? `The best result this side could have had${share}.`
        : `A result at least this good came in ${pct(r.at_least)} of battles`;
    const marker = h('span', { class: 'rl-mark', attrs: { 'aria-hidden': 'true' } });
    marker.style.left = `${p}%`;
    const ci = r.at_least_ci95 ? ` (95% interval ${pct(r.at_least_ci95[0])}–${pct(r.at_least_ci95[1])})` : '';
    return h('div', { class: `rl-side ${side}`, dataset: { side, percentile: String(r.percentile) } },
      h('p', { class: 'rl-head' }, h('strong', { text: `${SIDE_NAME[side]}${whose}` }), `${headline}.`),
      impossible ? null : h('div', { class: 'rl-scale', attrs: { role: 'img', 'aria-label': `${SIDE_NAME[side]}: percentile ${Math.round(p)} of 100, ${luckWords(p)}` } },
        h('div', { class: 'rl-track' }, marker),
        h('div', { class: 'rl-ends', attrs: { 'aria-hidden': 'true' } }, h('span', { text: 'unluckiest' }), h('span', { text: 'typical' }), h('span', { text: 'luckiest' }))),
      h('p', { class: 'muted small', text: detail.endsWith('.') ? detail : `${detail}${ci}.` }));
  });
  return [h('p', { class: 'small rl-outcome', text: `${outcomeWords(record.outcome)}. Ranked against every result this battle could have had${sampled ? ' (sampled)' : ''}:` }), rows,
    a.definition ? h('p', { class: 'muted small', text: a.definition }) : null];
}

const outcomeWords = (o) => (o === 'draw' ? 'A draw' : `The ${o} won`);

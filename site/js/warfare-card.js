// A Strongholds & Followers unit card, drawn from the core's "unit" answer.
import { h, num } from './dom.js';

const STATS = [
  ['attack', 'Attack', true],
  ['defense', 'Defense', false],
  ['power', 'Power', true],
  ['toughness', 'Toughness', false],
  ['morale', 'Morale', true],
];

const signed = (v) => (v >= 0 ? `+${v}` : String(v));

export function gold(n) {
  return n === null || n === undefined ? '—' : `${num(n, 3)} gp`;
}

// The full card: keywords, stats, die, traits with their text, cost and upkeep.
export function cardView(card, { casualties = null } = {}) {
  const stats = h('dl', { class: 'card-stats' },
    STATS.map(([key, label, bonus]) => [
      h('dt', { text: label }),
      h('dd', { text: bonus ? signed(card.stats[key]) : String(card.stats[key]) }),
    ]),
    h('dt', { text: 'Size' }),
    h('dd', { text: casualties === null ? card.die : `${casualties} / ${card.size} (${card.die})` }));
  const traits = card.traits.length
    ? h('ul', { class: 'card-traits' }, card.traits.map((t) => h('li', {},
      h('strong', { text: t.name }), t.cost ? h('span', { class: 'muted', text: ` (${gold(t.cost)})` }) : null,
      ': ', t.text || '')))
    : h('p', { class: 'muted small', text: 'No traits.' });
  const money = h('p', { class: 'card-cost' },
    card.cost === null || card.cost === undefined ? 'Cost: not priced (see the note)' : `Cost ${gold(card.cost)}`,
    card.price !== undefined && card.price !== null && card.price !== card.cost ? ` · price ${gold(card.price)}` : '',
    card.upkeep !== undefined && card.upkeep !== null ? ` · upkeep ${gold(card.upkeep)} a season` : '',
    card.mercenary ? ' · mercenary' : '', card.unpaid ? ' · unpaid' : '');
  return h('article', { class: 'unit-card' },
    h('header', {}, h('h3', { text: card.name || card.label }), h('p', { class: 'muted small', text: card.label })),
    stats, traits, money,
    (card.notes || []).map((n) => h('p', { class: 'card-note small', text: n })));
}

// One line for lists: "Attack +3 · Defense 13 · ... · d6".
export function statLine(card) {
  const s = card.stats;
  return `A ${signed(s.attack)} · P ${signed(s.power)} · D ${s.defense} · T ${s.toughness} · M ${signed(s.morale)} · ${card.die}`;
}

// The warfare page's results: the battle's odds, each unit's casualty die at
// the end, the single-attack matrix, and a rolled battle with its log.
import { h, replace, pct, num, lazyFold } from './dom.js';
import { distChart } from './charts.js';
import { Cancelled } from './engine/engine.js';
import { rollCard } from './odds-run.js';
import { makeOddsView } from './odds-view.js';

const OUTCOMES = [
  { id: 'attacker', name: 'Attacker wins', short: 'Attacker', cls: 'attacker' },
  { id: 'defender', name: 'Defender wins', short: 'Defender', cls: 'defender' },
  { id: 'draw', name: 'Both broken or gone', short: 'Draw', cls: 'draw' },
];

// The chance that the battle never ends (not among the bars above), and the
// part of it that sampling only stopped: battles that went 1,000 rounds with
// no lasting change, which the exact odds would follow to their end.
function endlessNote(a) {
  const endless = a.outcomes?.endless || 0;
  if (endless <= 0) return null;
  const unproved = Math.min(a.endless_unproved || 0, endless);
  const proved = endless - unproved;
  return h('p', { class: 'endless-note' },
    proved > 0 ? `Endless: ${pct(proved)} of battles never end (a loop no roll of the dice can break; not counted as a win, a loss or a draw). ` : null,
    unproved > 0 ? h('span', { text: `${proved > 0 ? 'Besides, ' : 'Endless: '}${pct(unproved)} of the sampled battles were stopped after 1,000 rounds with no lasting change, without proof that they could never end, and are counted as endless: ask for exact odds to follow them to their real end.` }) : null);
}

// sk: the page's skeleton (battle-page.js), which rolls the battle.
// rollAside: an element shown under a rolled battle's outcome (the roster's Apply result).
export function makeResults(ctx, sk, { request, rollAside = null }) {
  const { showError, clearError, describe } = sk;
  const view = sk.useView(makeOddsView(ctx, { prefix: 'wf', outcomes: OUTCOMES, solverBox: sk.solverBox }));
  const matrixBox = h('div', { class: 'matrix-box' });
  view.track(matrixBox, 'The units changed: the pairings come with the new odds.');
  const rolling = sk.rolling({ outcomes: OUTCOMES, outcomeClass: true, stale: 'The units changed: roll the battle again.',
    headText: (a, name) => `Seed ${a.seed}: ${name} after ${a.rounds} round${a.rounds === 1 ? '' : 's'}`,
    aside: rollAside, details: unitLines });
  const { seedInput, rollBox, roll, newSeed } = rolling;

  const element = h('div', { class: 'results-col' },
    view.card,
    h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-matrix-h' } },
      h('h2', { id: 'wf-matrix-h', text: 'One order, every pairing' }),
      h('p', { class: 'muted small', text: 'For each unit attacking each enemy once: the chance its Attack check hits, and the casualties it inflicts (rows attack, columns defend). Illegal pairings under the order of battle are marked.' }),
      matrixBox),
    rollCard({ prefix: 'wf', seedInput, rollBox, seedPath: '/seed', roll, newSeed }));

  async function compute() {
    const started = performance.now();
    // The pairings come once, with the first odds (sampled or exact).
    let paired = false;
    await view.run(request(), { showError, clearError,
      render: (a) => {
        renderOdds(a, performance.now() - started);
        if (!paired) matrix();
        paired = true;
      } });
  }

  function renderOdds(a, wall) {
    const how = a.method.startsWith('exact')
      ? `Exact odds over ${num(a.states, 0)} states${a.dropped > 0 ? ` (probability ${a.dropped.toExponential(1)} left out)` : ''}`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ` (${a.fallback.message})` : ''}`;
    view.show(a, how, wall);
    const units = (a.units || []).map((u) => lazyFold({ class: `unit-result ${u.side}`, dataset: { side: u.side, index: String(u.index) } },
      h('summary', {},
        h('span', { class: 'u-name', text: `${u.side === 'attacker' ? 'Attacker' : 'Defender'}: ${u.name}` }),
        h('span', { class: 'u-stat u-removed', text: `removed ${pct(u.removed)}${u.removed_ci95 ? ` (${pct(u.removed_ci95[0])} – ${pct(u.removed_ci95[1])})` : ''}` }),
        h('span', { class: 'u-stat muted', text: `d${u.die} at ${u.start} → mean ${num(u.mean_final)}` })),
      () => distChart(u.final || {}, { title: `${u.name}: casualty die at the end (0 = removed)`, xLabel: 'Die', highlight: 0, cls: u.side })));
    replace(view.details,
      endlessNote(a),
      a.expected_rounds !== undefined ? h('p', { class: 'muted expected-rounds', text: `Expected length: ${num(a.expected_rounds)} rounds.` }) : null,
      h('h3', { text: 'Units' }),
      units.length ? h('div', { class: 'unit-results' }, units) : h('p', { class: 'muted', text: 'No units.' }));
  }

  // One call gives every unit against every enemy, each cell exact for one order.
  async function matrix() {
    const req = request();
    const att = req.attacker.units, def = req.defender.units;
    if (!att.length || !def.length) {
      replace(matrixBox, h('p', { class: 'muted', text: 'Add units to both armies.' }));
      view.settle(matrixBox);
      return;
    }
    let answer;
    try {
      answer = await ctx.engine.call('attack', req, { slot: 'attack-matrix' });
    } catch (e) {
      if (e instanceof Cancelled) return;
      replace(matrixBox, h('p', { class: 'error', text: e.message }));
      return;
    }
    if (!answer.ok) {
      replace(matrixBox, h('p', { class: 'error', text: `Not computed: ${describe(answer.error)}` }));
      return;
    }
    view.settle(matrixBox);
    const cell = (c) => {
      if (!c.legal) return h('td', { class: 'illegal', attrs: { title: c.reason } }, h('span', { text: 'cannot attack' }), h('div', { class: 'muted small', text: c.reason }));
      const dist = Object.entries(c.casualties).map(([k, p]) => `${k}: ${pct(p)}`).join(', ');
      return h('td', { attrs: { title: `Casualties ${dist}` }, dataset: { hit: String(c.hit) } },
        h('div', { text: `hit ${pct(c.hit)}${c.charge ? ' (charge)' : ''}` }),
        h('div', { class: 'muted small', text: `${num(c.expected_casualties)} casualties` }),
        h('div', { class: 'muted small', text: dist }));
    };
    const table = (rows, from, to, fromName, toName) => h('div', { class: 'table-scroll' },
      h('table', { class: 'matrix', dataset: { side: fromName.toLowerCase() } },
        h('caption', { class: 'muted small', text: `${fromName}'s units (rows) attacking the ${toName.toLowerCase()}'s (columns)` }),
        h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, h('span', { class: 'sr-only', text: `${fromName} ↓, ${toName.toLowerCase()} →` })), to.map((u) => h('th', { attrs: { scope: 'col' }, text: u.name })))),
        h('tbody', {}, rows.map((r, i) => h('tr', {}, h('th', { attrs: { scope: 'row' }, text: from[i].name }), r.map(cell))))));
    replace(matrixBox,
      h('h3', { text: 'The attacker\'s units attacking' }), table(answer.matrix.attacker, att, def, 'Attacker', 'Defender'),
      h('h3', { text: 'The defender\'s units attacking' }), table(answer.matrix.defender, def, att, 'Defender', 'Attacker'));
  }

  return {
    element,
    view,
    compute,
    roll,
    hasRolled: rolling.hasRolled,
    reset: rolling.reset,
    // The rolled battle shown stays when the armies next change (dimmed, under `words`).
    // The roster's Apply control (rollAside) comes along, above the dimmed battle.
    keepRoll: rolling.keep,
  };
}

// A rolled battle's units: each one's casualty die from start to end, and what befell it.
function unitLines(answer) {
  const flags = (u) => [u.removed ? 'removed' : null, u.retreated ? 'left the field' : null, u.rallied ? 'rallied' : null,
    u.broke_morale ? 'failed a Morale check' : null].filter(Boolean).join(', ');
  return h('ul', { class: 'roll-units' }, answer.units.map((u) => h('li', { text: `${u.side === 'attacker' ? 'Attacker' : 'Defender'}: ${u.name}: casualty die ${u.start} → ${u.final}${flags(u) ? ` (${flags(u)})` : ''}` })));
}

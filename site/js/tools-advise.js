// The S&F battle page's order advisor: for the side about to act, at the
// start or at a moment the user sets up, every order the rules allow with the
// chance to win if it is given and the policy plays on (the core's "advise"
// call). Names come from the user's armies: always set as text.
import { h, replace, clear, field, numberInput, select, button, showFieldError, clearFieldErrors, pct, num, numberValue } from './dom.js';
import { Cancelled } from './engine/engine.js';

const SIDE_NAMES = { attacker: 'Attacker', defender: 'Defender' };
const other = (s) => (s === 'attacker' ? 'defender' : 'attacker');
// A unit's casualty die as the army has it: its casualties, else its full die ("d6" or 6).
const dieNow = (u) => {
  if (Number.isInteger(u.casualties)) return u.casualties;
  const m = String(u.size ?? '').match(/^d?(\d+)$/);
  return m ? Number(m[1]) : null;
};

// The moment's once-a-battle marks, each offered only for a unit the rules give it to.
const MARKS = [
  { key: 'courage_used', text: 'Courage used', has: (x, card) => hasTrait(card, 'courageous') },
  { key: 'savage_used', text: 'Savage used', has: (x, card) => hasTrait(card, 'savage') },
  { key: 'sapped', text: 'Walls sapped', has: (x) => x.type === 'fortification' },
];
const hasTrait = (card, id) => Boolean(card?.traits?.some((t) => t.id === id));

// `battle()` gives the page's request (armies, options, policy, solver);
// `cards()` the core's card of each unit ({attacker: [...], defender: [...]},
// null where not priced yet), for the traits the moment's marks depend on.
export function mountAdvisor(ctx, { battle, cards = () => ({ attacker: [], defender: [] }) }) {
  // The moment: kept while the armies keep their units, so edits elsewhere do not lose it.
  const moment = { mode: 'start', side: 'attacker', first: '', round: 1, ordersGiven: 0, units: { attacker: [], defender: [] } };
  let shape = '';
  let running = false;

  const status = h('p', { class: 'small muted advise-status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const errorBox = h('p', { class: 'field-error advise-error', attrs: { role: 'alert' } });
  const resultBox = h('div', { class: 'advise-result' });
  const setupBox = h('div', { class: 'advise-setup' });
  const go = button('Advise', () => run(), { cls: 'primary' });
  const stop = button('Stop', () => ctx.engine.cancel('advise'), { cls: 'small' });
  stop.hidden = true;
  const element = adviseCard(moment, () => render(), { setupBox, actions: [go, stop, status], errorBox, resultBox });

  const units = () => {
    const b = battle();
    return { attacker: b.attacker?.units || [], defender: b.defender?.units || [] };
  };
  // The marks unit `x` (side `s`, index `i`) may carry, from its card.
  const marksOf = (x, s, i) => MARKS.filter((k) => k.has(x, cards()[s]?.[i]));
  const perTurn = () => Number(battle().options?.orders_per_turn) || 1;

  // Unit rows follow the armies; a changed army starts its rows again from the units' dice.
  function syncUnits() {
    const u = units();
    const marks = { attacker: u.attacker.map((x, i) => marksOf(x, 'attacker', i)), defender: u.defender.map((x, i) => marksOf(x, 'defender', i)) };
    const next = armyShape(u, marks, perTurn());
    if (next === shape) return;
    shape = next;
    followArmies(moment, u, marks);
  }

  function render() {
    syncUnits();
    renderSetup(setupBox, moment, { units, perTurn, marksOf });
  }

  async function run() {
    if (running) return;
    running = true;
    clearFieldErrors(element);
    errorBox.textContent = '';
    resultBox.classList.add('stale');
    stop.hidden = false;
    go.disabled = true;
    status.textContent = 'Weighing the orders…';
    let answer = null;
    try {
      answer = await ctx.engine.call('advise', adviseRequest(battle(), moment, perTurn()), {
        slot: 'advise',
        onProgress: (p) => {
          if (p.phase === 'advise') status.textContent = `Weighing order ${p.order + 1} of ${p.orders}: ${p.text}…`;
        },
      });
    } catch (e) {
      status.textContent = e instanceof Cancelled ? 'Stopped. Press Advise to weigh the orders again.' : '';
      if (!(e instanceof Cancelled)) errorBox.textContent = e.message;
    } finally {
      // Counted for tests and scripts that wait for this run's answer.
      element.dataset.runs = String(Number(element.dataset.runs || 0) + 1);
      running = false;
      stop.hidden = true;
      go.disabled = false;
    }
    if (!answer) return;
    if (!answer.ok) {
      status.textContent = '';
      errorBox.textContent = `Not advised: ${answer.error.message}`;
      if (answer.error.path) showFieldError(setupBox, answer.error.path, answer.error.message);
      errorBox.textContent = `Not advised: ${answer.error.message}`;
      return;
    }
    status.textContent = `${answer.orders.length} order${answer.orders.length === 1 ? '' : 's'} weighed in ${num(answer.time_ms / 1000, 2)} s.`;
    resultBox.classList.remove('stale');
    replace(resultBox, ...advice(answer));
  }

  render();
  return {
    element,
    // The battle changed: earlier advice is out of date, and the unit rows follow the armies.
    changed() {
      if (running) ctx.engine.cancel('advise');
      resultBox.classList.add('stale');
      this.cardsChanged();
    },
    // The cards came (or changed): the marks offered follow the units' traits.
    cardsChanged() {
      const before = shape;
      syncUnits();
      if (shape !== before) render();
    },
  };
}

// The advisor's card: its title and words, the choice of when (a change of
// it calls `render`), the moment's setup, the actions and the answer.
function adviseCard(moment, render, { setupBox, actions, errorBox, resultBox }) {
  const modeName = 'advise-mode-' + Math.random().toString(36).slice(2, 8);
  const radio = (value, text) => h('label', { class: 'advise-radio' },
    h('input', { attrs: { type: 'radio', name: modeName, value }, checked: moment.mode === value,
      on: { change: () => { moment.mode = value; render(); } } }), ' ', text);
  return h('section', { class: 'card advise', attrs: { 'aria-labelledby': 'wf-advise-h' } },
    h('h2', { id: 'wf-advise-h', text: 'Order advisor' }),
    h('p', { class: 'small muted', text: 'Which order should the side about to act give? Each order the rules allow, with the chance to win if it is given and the policy plays on from there: exact where the battle solves exactly, sampled with 95% intervals beyond.' }),
    h('fieldset', { class: 'advise-modes' }, h('legend', { text: 'When' }),
      radio('start', 'At the start of the battle'), radio('set', 'At a moment I set up')),
    setupBox,
    h('div', { class: 'advise-actions' }, ...actions),
    errorBox, resultBox);
}

// What the unit rows depend on: the units' dice and names, the marks each may
// carry, the orders a turn. The rows start again when it changes.
function armyShape(u, marks, perTurn) {
  return JSON.stringify([u.attacker.map(dieNow), u.defender.map(dieNow), u.attacker.map((x) => x.name), u.defender.map((x) => x.name),
    [marks.attacker, marks.defender].map((side) => side.map((ks) => ks.map((k) => k.key).join())), perTurn]);
}

// The moment's unit rows after the armies changed (`u` their units, `marks`
// the marks each may carry).
function followArmies(moment, u, marks) {
  // A unit still in its place keeps what was set for it; a new or moved one starts from the army.
  for (const s of ['attacker', 'defender']) {
    const before = moment.units[s];
    // An engagement with a unit no longer in the enemy army is dropped.
    for (const m of before) if (m.engaged !== '' && Number(m.engaged) >= u[other(s)].length) m.engaged = '';
    moment.units[s] = u[s].map((x, i) => (before[i] && before[i].name === x.name && before[i].from === dieNow(x) ? before[i]
      : { name: x.name, from: dieNow(x), die: dieNow(x), exhausted: false, resting: false, engaged: '', charged: false, rallied: false,
        courage_used: false, savage_used: false, sapped: false }));
    // A mark the unit no longer has (its traits changed) is dropped.
    moment.units[s].forEach((m, i) => { for (const k of MARKS) if (m[k.key] && !marks[s][i].includes(k)) m[k.key] = false; });
  }
}

// The setup of the moment: the side about to act, and for a moment set up
// its round, its order and every unit's row.
function renderSetup(setupBox, moment, { units, perTurn, marksOf }) {
  clear(setupBox);
  const sideSel = select([{ id: 'attacker', name: 'Attacker' }, { id: 'defender', name: 'Defender' }], moment.side,
    { onChange: (el) => { moment.side = el.value; } });
  setupBox.append(h('div', { class: 'advise-row' },
    field('Side about to act', sideSel, '/situation/side', { hint: moment.mode === 'start' ? 'with initiative "rolled", whichever side won it' : null })));
  if (moment.mode !== 'set') return;
  setupBox.firstChild.append(...momentFields(moment, perTurn()));
  const u = units();
  for (const s of ['attacker', 'defender']) {
    const foes = [{ id: '', name: 'not engaged' }, ...u[other(s)].map((x, i) => ({ id: String(i), name: `with ${x.name || '(unnamed)'}` }))];
    const rows = u[s].map((x, i) => unitRow(x, moment.units[s][i], `/situation/${s}/${i}`, foes, marksOf(x, s, i)));
    setupBox.append(h('div', { class: `advise-side ${s}` }, h('h3', { text: SIDE_NAMES[s] }), rows));
  }
}

// A moment set up: its round, who acts first, and with more than one order a
// turn how many were given already (the next may not be the turn's first).
function momentFields(moment, turns) {
  const round = numberInput(moment.round, { min: 1, max: 10000, onInput: (el) => { moment.round = numberValue(el); } });
  const firstSel = select([{ id: '', name: 'the side about to act' }, { id: 'attacker', name: 'Attacker' }, { id: 'defender', name: 'Defender' }], moment.first,
    { onChange: (el) => { moment.first = el.value; } });
  const out = [field('Round', round, '/situation/round', { cls: 'num' }),
    field('First to act each round', firstSel, '/situation/first', { hint: 'who has the initiative' })];
  if (turns > 1) {
    if (moment.ordersGiven > turns - 1) moment.ordersGiven = 0;
    const given = numberInput(moment.ordersGiven, { min: 0, max: turns - 1, onInput: (el) => { moment.ordersGiven = numberValue(el); } });
    out.push(field('Orders already given this turn', given, '/situation/orders_given', { cls: 'num', hint: `of ${turns} a turn` }));
  }
  return out;
}

// One unit's row of the moment: its die, whom it is engaged with, its marks.
// `m` is the unit's state in the moment, `path` its place in the request.
function unitRow(x, m, path, foes, marks) {
  const die = numberInput(m.die ?? '', { min: 0, max: 20, onInput: (el) => { m.die = numberValue(el); } });
  const check = (key, text) => h('label', { class: 'advise-check' },
    h('input', { attrs: { type: 'checkbox', 'data-path': `${path}/${key}`, 'aria-label': `${text}: ${x.name || 'this unit'}` }, checked: m[key],
      on: { change: (e) => { m[key] = e.target.checked; } } }), ' ', text);
  const eng = select(foes, m.engaged, { onChange: (el) => { m.engaged = el.value; } });
  return h('div', { class: 'advise-unit', dataset: { path } },
    h('strong', { text: x.name || '(unnamed)' }),
    field('Die', die, `${path}/die`, { cls: 'num', whose: x.name }),
    field('Engaged', eng, `${path}/engaged`, { whose: x.name }),
    h('div', { class: 'advise-checks' }, x.type === 'fortification' ? null : check('exhausted', 'Exhausted'),
      x.type === 'cavalry' ? check('resting', 'Resting') : null, check('charged', 'Charged'), check('rallied', 'Rallied'),
      marks.map((k) => check(k.key, k.text))),
    h('span', { class: 'field-error', dataset: { errorFor: path } }));
}

// The core's "advise" request: the battle (without its seed) and the moment.
function adviseRequest(b, moment, perTurn) {
  const r = JSON.parse(JSON.stringify(b));
  delete r.seed;
  const situation = { side: moment.side };
  if (moment.mode === 'set') {
    situation.round = moment.round ?? 1;
    if (moment.first) situation.first = moment.first;
    if (perTurn > 1 && moment.ordersGiven !== 0) situation.orders_given = moment.ordersGiven;
    for (const s of ['attacker', 'defender'])
      situation[s] = moment.units[s].map((m) => {
        const x = {};
        if (m.die !== null && m.die !== '') x.die = m.die;
        for (const k of ['exhausted', 'resting', 'charged', 'rallied', ...MARKS.map((mk) => mk.key)]) if (m[k]) x[k] = true;
        if (m.engaged !== '') x.engaged = Number(m.engaged);
        return x;
      });
  }
  r.situation = situation;
  return r;
}

// The core's note speaks of request fields; on the page the choices are the form's.
const noteText = (a) => {
  if (a.situation !== 'start') return `At the moment set up: round ${a.round}, the ${a.side} to give its next order.`;
  const ini = a.options?.initiative;
  return `At the start of the battle, with the ${a.side} acting first` + (ini === 'rolled'
    ? ' (initiative is rolled: choose the other side above for its advice).'
    : ini === a.side ? ' (rule option "Initiative").' : `, though the rule option "Initiative" gives the first order to the ${other(a.side)}.`);
};
const interval = (o, k) => (o.ci95 ? ` (${pct(o.ci95[k][0])}–${pct(o.ci95[k][1])})` : '');

// The advice shown: the moment in words, the best order against the policy's, every order's odds.
function advice(a) {
  const best = a.orders[a.best];
  const pol = a.orders[a.policy_choice];
  const summary = !best ? 'No order could be weighed within the limits.'
    : best === pol ? `The policy's own order is the best: ${best.text}.`
      : `Best: ${best.text} (${pct(best.win)} to win). The policy would give: ${pol ? `${pol.text} (${pol.win === undefined ? 'not weighed' : pct(pol.win)})` : '—'}.`;
  return [
    h('p', { class: 'advise-note small', text: noteText(a) }),
    h('p', { class: 'advise-summary', text: summary }),
    h('div', { class: 'table-wrap' }, h('table', { class: 'advise-table' },
      h('caption', { class: 'sr-only', text: `Orders for the ${a.side}, best first` }),
      h('thead', {}, h('tr', {}, ['#', 'Order', 'Win', 'Lose', 'Draw', 'How'].map((t) => h('th', { attrs: { scope: 'col' }, text: t })))),
      h('tbody', {}, a.orders.map(orderRow))))];
}

// One order's row: its rank, words and badges, its odds and how they were found.
function orderRow(o) {
  return h('tr', { class: [o.best ? 'is-best' : '', o.policy ? 'is-policy' : ''].join(' ').trim() || null },
    h('td', { class: 'num', text: o.rank ?? '–' }),
    h('td', {}, h('span', { text: o.text }),
      o.best ? h('span', { class: 'badge best', text: 'best' }) : null,
      o.policy ? h('span', { class: 'badge policy', text: 'policy' }) : null,
      o.method === 'none' ? h('div', { class: 'small muted', text: o.reason }) : null),
    h('td', { class: 'num' }, h('strong', { text: o.method === 'none' ? '–' : pct(o.win) }), o.ci95 ? h('div', { class: 'small muted', text: interval(o, 'win').trim() }) : null),
    h('td', { class: 'num', text: o.method === 'none' ? '–' : pct(o.lose) }),
    h('td', { class: 'num', text: o.method === 'none' ? '–' : pct((o.draw || 0) + (o.endless || 0)) }),
    h('td', { class: 'small', text: o.method === 'exact' ? 'exact' : o.method === 'monte-carlo' ? `sampled, ${num(o.trials, 0)}` : 'not weighed' }));
}

// The warfare page's results: the battle's odds, each unit's casualty die at
// the end, the single-attack matrix, and a rolled battle with its log.
import { h, replace, clear, field, numberInput, button, numberValue, pct, num } from './dom.js';
import { outcomeBars, distChart } from './charts.js';
import { Cancelled } from './engine.js';

const OUTCOMES = [
  { id: 'attacker', name: 'Attacker wins', cls: 'attacker' },
  { id: 'defender', name: 'Defender wins', cls: 'defender' },
  { id: 'draw', name: 'Both broken or gone', cls: 'draw' },
];

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export function makeResults(ctx, { request, solverBox, getSeed, setSeed, cards, showError, clearError }) {
  const status = h('div', { class: 'status', attrs: { role: 'status', 'aria-live': 'polite' } });
  const body = h('div', { class: 'odds-body' });
  const matrixBox = h('div', { class: 'matrix-box' });
  const rollBox = h('div', { class: 'roll-log' });
  const stop = button('Stop', () => ctx.engine.cancel('odds'), { cls: 'small', title: 'Stop computing' });
  stop.hidden = true;
  const seedInput = numberInput(getSeed(), { min: 0, max: 9007199254740991, onInput: (el) => setSeed(numberValue(el)) });
  let rolled = false;

  const element = h('div', { class: 'results-col' },
    h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-odds-h' } },
      h('div', { class: 'card-head' }, h('h2', { id: 'wf-odds-h', text: 'Odds' }), stop), solverBox, status, body),
    h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-matrix-h' } },
      h('h2', { id: 'wf-matrix-h', text: 'One order, every pairing' }),
      h('p', { class: 'muted small', text: 'For each unit attacking each enemy once: the chance its Attack check hits, and the casualties it inflicts (rows attack, columns defend). Illegal pairings under the order of battle are marked.' }),
      matrixBox),
    h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-roll-h' } },
      h('h2', { id: 'wf-roll-h', text: 'Roll the battle' }),
      h('div', { class: 'roll-controls' },
        field('Seed', seedInput, '/seed', { hint: 'The same seed rolls the same battle.' }),
        button('Roll battle', () => roll(), { cls: 'primary' }),
        button('New seed', () => { const s = randomSeed(); seedInput.value = String(s); setSeed(s); roll(); })),
      rollBox));

  async function compute() {
    const started = performance.now();
    const slow = setTimeout(() => { stop.hidden = false; status.textContent = 'Computing…'; }, 250);
    body.classList.add('stale');
    let answer;
    try {
      answer = await ctx.engine.call('odds', request(), {
        slot: 'odds',
        onProgress: (p) => {
          status.textContent = p.phase === 'monte-carlo'
            ? `Sampling: ${num(p.trials, 0)} of ${num(p.planned, 0)} battles…`
            : `Exact solve: ${num(p.states, 0)} states, ${pct(p.settled)} settled…`;
        },
      });
    } catch (e) {
      clearTimeout(slow);
      stop.hidden = true;
      status.textContent = e instanceof Cancelled ? 'Stopped. Edit the battle to compute again.' : e.message;
      return;
    }
    clearTimeout(slow);
    stop.hidden = true;
    if (!answer.ok) {
      showError(answer.error);
      status.textContent = 'Odds not updated: fix the marked field.';
      return;
    }
    clearError();
    body.classList.remove('stale');
    renderOdds(answer, performance.now() - started);
    matrix();
  }

  function renderOdds(a, wall) {
    const how = a.method === 'exact'
      ? `Exact odds over ${num(a.states, 0)} states${a.dropped > 0 ? ` (probability ${a.dropped.toExponential(1)} left out)` : ''}`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ` (${a.fallback.message})` : ''}`;
    status.textContent = `${how} · ${num(a.time_ms, 0)} ms in the core, ${num(wall, 0)} ms in all.`;
    const items = OUTCOMES.map((o) => ({ label: o.name, p: a.outcomes[o.id] ?? 0, cls: o.cls,
      ...(a.ci95 ? { lo: a.ci95[o.id][0], hi: a.ci95[o.id][1] } : {}) }));
    const units = (a.units || []).map((u) => h('details', { class: `unit-result ${u.side}` },
      h('summary', {},
        h('span', { class: 'u-name', text: u.name }),
        h('span', { class: 'u-stat', text: `removed ${pct(u.removed)}` }),
        u.mean_die !== undefined ? h('span', { class: 'u-stat muted', text: `die ${u.start} → mean ${num(u.mean_die)}` }) : null),
      distChart(u.final_die || {}, { title: `${u.name}: casualty die at the end`, xLabel: 'Die', highlight: 0 })));
    replace(body,
      outcomeBars(items, { caption: 'Outcome of the battle' }),
      a.expected_rounds !== undefined ? h('p', { class: 'muted', text: `Expected length: ${num(a.expected_rounds)} rounds.` }) : null,
      h('h3', { text: 'Units' }),
      units.length ? h('div', { class: 'unit-results' }, units) : h('p', { class: 'muted', text: 'No units.' }));
  }

  async function matrix() {
    const req = request();
    const att = req.attacker.units, def = req.defender.units;
    if (!att.length || !def.length) {
      replace(matrixBox, h('p', { class: 'muted', text: 'Add units to both armies.' }));
      return;
    }
    const table = (from, to, fromName, toName) => {
      const head = h('tr', {}, h('th', { text: `${fromName} ↓ / ${toName} →` }), to.map((u) => h('th', { text: u.name })));
      const rows = from.map((u) => h('tr', {}, h('th', { text: u.name }), to.map(() => h('td', { class: 'pending', text: '…' }))));
      return { el: h('table', { class: 'matrix' }, h('thead', {}, head), h('tbody', {}, rows)), rows };
    };
    const a = table(att, def, 'Attacker', 'Defender');
    const d = table(def, att, 'Defender', 'Attacker');
    replace(matrixBox, h('h3', { text: 'The attacker\'s units attacking' }), a.el, h('h3', { text: 'The defender\'s units attacking' }), d.el);
    const fill = async (rows, from, to, fromSide) => {
      for (let i = 0; i < from.length; i++) {
        for (let j = 0; j < to.length; j++) {
          let answer;
          try {
            answer = await ctx.engine.call('attack', { ruleset: 'warfare', options: req.options, policy: req.policy,
              attacker: from[i], defender: to[j], ...(fromSide === 'defender' ? { attacker_side: 'defender' } : {}) }, { slot: `attack-${fromSide}-${i}-${j}` });
          } catch (e) {
            if (e instanceof Cancelled) return;
            throw e;
          }
          const cell = rows[i].children[j + 1];
          cell.className = '';
          clear(cell);
          if (!answer.ok) { cell.textContent = '—'; cell.title = answer.error.message; continue; }
          if (answer.legal === false) { cell.className = 'illegal'; cell.textContent = 'cannot attack'; cell.title = answer.reason || ''; continue; }
          const cas = answer.casualties || {};
          const expected = Object.entries(cas).reduce((s, [k, p]) => s + Number(k) * p, 0);
          cell.append(h('div', { text: `hit ${pct(answer.hit)}` }), h('div', { class: 'muted small', text: `${num(expected)} casualties` }));
          cell.title = Object.entries(cas).map(([k, p]) => `${k}: ${pct(p)}`).join(', ');
        }
      }
    };
    await fill(a.rows, att, def, 'attacker');
    await fill(d.rows, def, att, 'defender');
  }

  async function roll() {
    const seed = numberValue(seedInput);
    replace(rollBox, h('p', { class: 'muted', text: 'Rolling…' }));
    let answer;
    try {
      answer = await ctx.engine.call('roll', request({ seed }), { slot: 'roll' });
    } catch (e) {
      if (!(e instanceof Cancelled)) replace(rollBox, h('p', { class: 'error', text: e.message }));
      return;
    }
    if (!answer.ok) {
      showError(answer.error);
      replace(rollBox, h('p', { class: 'error', text: 'Not rolled: fix the marked field.' }));
      return;
    }
    rolled = true;
    const outcome = OUTCOMES.find((o) => o.id === answer.outcome);
    const summary = answer.log.find((e) => e.step === 'summary');
    replace(rollBox,
      h('p', { class: 'roll-outcome ' + (outcome?.cls || ''), text: `Seed ${answer.seed}: ${outcome ? outcome.name : answer.outcome}` }),
      summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
      h('ol', { class: 'log' }, answer.log.filter((e) => e.step !== 'summary').map((e) => h('li', { class: 'step-' + e.step }, e.text))));
  }

  return {
    element,
    compute,
    roll,
    hasRolled: () => rolled,
    reset() { rolled = false; clear(rollBox); seedInput.value = String(getSeed()); },
  };
}

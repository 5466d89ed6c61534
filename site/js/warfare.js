// Strongholds & Followers warfare: build units, field two armies, set the
// rule options and the policy, and get the battle's odds, a single-attack
// matrix and a rolled battle.
import { h, replace, clear, field, numberInput, select, button, numberValue, showFieldError, clearFieldErrors,
  debounce } from './dom.js';
import { Cancelled } from './engine.js';
import { makeBuilder, cleanUnit } from './warfare-builder.js';
import { cardView, statLine, gold } from './warfare-card.js';
import { optionsForm } from './options-form.js';
import { makeResults } from './warfare-results.js';
import { solverPanel } from './solver-form.js';
import { rosterLink } from './roster-link.js';

export const id = 'warfare';
export const title = 'Strongholds & Followers';

const SIDES = [
  { id: 'attacker', name: 'Attacker' },
  { id: 'defender', name: 'Defender' },
];

export function empty() {
  return { ruleset: id, options: {}, policy: {}, attacker: { units: [] }, defender: { units: [] }, seed: 1 };
}

function normalise(s, rules) {
  const src = s && typeof s === 'object' ? s : (rules.example || empty());
  const side = (x) => ({ ...(x && typeof x === 'object' ? x : {}), units: Array.isArray(x?.units) ? x.units.map((u) => ({ ...u })) : [] });
  return {
    ruleset: id,
    options: { ...(src.options || {}) },
    policy: { ...(src.policy || {}) },
    attacker: side(src.attacker),
    defender: side(src.defender),
    seed: Number.isSafeInteger(src.seed) ? src.seed : 1,
    solver: src.solver && typeof src.solver === 'object' ? { ...src.solver } : {},
    // Older rules, kept by a battle from an old link (versions.js); the core checks it.
    ...(src.rules_version !== undefined ? { rules_version: src.rules_version } : {}),
  };
}

export function mount(root, ctx, initial) {
  const roster = rosterLink(ctx, { setUnits: (side, units) => { scen[side].units = units; changed(); } });
  ctx = roster.ctx; // the same engine, telling the roster link about rolls
  const rules = ctx.rules;
  let scen = normalise(initial, rules);
  let destroyed = false;
  const cards = { attacker: [], defender: [] }; // the core's cards for each army
  const totals = { attacker: null, defender: null };

  const banner = h('div', { class: 'banner error', hidden: true, attrs: { role: 'alert' } });
  const armiesBox = h('div', { class: 'armies' });
  const optionsBox = h('div', { class: 'options-box' });
  const printSummary = h('section', { class: 'print-only card' });

  const request = (extra = {}) => {
    const r = { ruleset: id, options: scen.options, policy: scen.policy, attacker: scen.attacker, defender: scen.defender, ...extra };
    if (Object.keys(scen.solver).length) r.solver = scen.solver;
    if (scen.rules_version !== undefined) r.rules_version = scen.rules_version;
    return r;
  };
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const results = makeResults(ctx, { request, solverBox, getSeed: () => scen.seed, setSeed: (s) => { scen.seed = s; ctx.changed(request({ seed: scen.seed })); }, cards, showError, clearError });

  const builder = makeBuilder({ ...ctx, options: () => scen.options }, {
    onCommit(unit, side, index, fromSide) {
      if (index === null) scen[side].units.push(unit);
      else {
        // Keep the unit's current casualties when it is edited.
        const old = scen[fromSide].units[index];
        if (old && old.casualties !== undefined) unit.casualties = old.casualties;
        scen[fromSide].units[index] = unit;
      }
      builder.done();
      changed();
    },
  });

  const page = h('div', { class: 'calc', dataset: { ruleset: id } },
    h('div', { class: 'page-head' },
      h('h1', { text: 'Strongholds & Followers: warfare' }),
      h('p', { class: 'lede', text: 'Build units from ancestry, experience, equipment, type and size, field them in two armies, and see who holds the field: d20 Attack and Power checks, casualty dice, morale, charges and the order of battle, exactly where the battle is small enough and sampled beyond.' }),
      ctx.toolbar()),
    banner, printSummary,
    h('div', { class: 'layout' },
      h('div', { class: 'col-edit' },
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-builder-h' } },
          h('h2', { id: 'wf-builder-h', text: 'Unit builder' }), builder.element),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-armies-h' } },
          h('h2', { id: 'wf-armies-h', text: 'Armies' }), roster.element, armiesBox),
        h('section', { class: 'card', attrs: { 'aria-labelledby': 'wf-options-h' } },
          h('h2', { id: 'wf-options-h', text: 'Rules and policy' }),
          h('p', { class: 'muted small', text: 'Where the book leaves a point open, the choice is yours; the defaults are shown.' }),
          optionsBox)),
      h('div', { class: 'col-results' }, results.element)));
  root.append(page);

  // ---- armies ----
  function renderArmies() {
    clear(armiesBox);
    for (const side of SIDES) {
      const list = scen[side.id].units;
      const rows = list.map((u, i) => unitRow(side.id, u, i));
      const total = totals[side.id];
      armiesBox.append(h('div', { class: `army ${side.id}`, dataset: { path: `/${side.id}/units` } },
        h('h3', {}, side.name, ' ', h('span', { class: 'muted small', text: `(${list.length} unit${list.length === 1 ? '' : 's'}${total ? `, ${gold(total.cost)}, upkeep ${gold(total.upkeep)} a season` : ''})` })),
        h('span', { class: 'field-error', dataset: { errorFor: `/${side.id}/units` } }),
        rows.length ? h('div', { class: 'army-units' }, rows) : h('p', { class: 'muted', text: 'No units yet: build one above and add it.' })));
    }
  }

  function unitRow(side, u, i) {
    const card = cards[side][i];
    const path = `/${side}/units/${i}`;
    const die = card ? card.size : null;
    const cas = numberInput(u.casualties ?? die ?? '', { min: 1, max: die || 20, onInput: (el) => {
      const v = numberValue(el);
      if (v === null || v === die) delete u.casualties; else u.casualties = v;
      edited();
    } });
    return h('div', { class: 'army-unit', dataset: { path } },
      h('div', { class: 'army-unit-main' },
        h('strong', { text: u.name || '(unnamed)' }),
        h('span', { class: 'muted small', text: card ? ` ${card.label}` : '' }),
        h('div', { class: 'small', text: card ? `${statLine(card)} · ${card.cost === null ? 'not priced' : gold(card.cost)}` : '' }),
        h('span', { class: 'field-error', dataset: { errorFor: path } })),
      field('Casualty die now', cas, `${path}/casualties`, { cls: 'num' }),
      h('div', { class: 'row-actions' },
        button('Edit', () => builder.edit(u, side, i), { cls: 'small', title: `Edit ${u.name}` }),
        button('Copy', () => { scen[side].units.splice(i + 1, 0, { ...JSON.parse(JSON.stringify(u)), name: `${u.name} (copy)` }); changed(); }, { cls: 'small', title: `Duplicate ${u.name}` }),
        button('Card', () => printCard(card, u), { cls: 'small', title: `Print the card of ${u.name}`, disabled: !card }),
        button('✕', () => { scen[side].units.splice(i, 1); changed(); }, { cls: 'icon danger', title: `Remove ${u.name}` })));
  }

  function printCard(card) {
    const holder = h('div', { class: 'print-card' }, cardView(card));
    document.body.append(holder);
    document.body.classList.add('printing-card');
    const done = () => { document.body.classList.remove('printing-card'); holder.remove(); window.removeEventListener('afterprint', done); };
    window.addEventListener('afterprint', done);
    window.print();
    setTimeout(done, 1000);
  }

  // The core prices each army and checks it (one unit per keywords).
  async function refreshCards() {
    let ok = true;
    for (const side of SIDES) {
      let answer;
      try {
        answer = await ctx.engine.call('unit', { ruleset: id, units: scen[side.id].units, options: scen.options }, { slot: 'cards-' + side.id });
      } catch (e) {
        if (e instanceof Cancelled) return false;
        throw e;
      }
      if (!answer.ok) {
        ok = false;
        cards[side.id] = [];
        totals[side.id] = null;
        renderArmies();
        showError({ ...answer.error, path: answer.error.path.replace(/^\/units/, `/${side.id}/units`) });
        continue;
      }
      cards[side.id] = answer.cards;
      totals[side.id] = answer.total;
    }
    if (ok) renderArmies();
    return ok;
  }

  // ---- options and policy ----
  function renderOptions() {
    replace(optionsBox,
      h('h3', { text: 'Rule options' }),
      optionsForm(rules.options || [], scen.options, '/options', () => edited()),
      (rules.policy || []).length ? [h('h3', { text: 'Policy (choices the commanders make)' }),
        optionsForm(rules.policy, scen.policy, '/policy', () => edited())] : null);
  }

  // ---- errors ----
  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    const placed = showFieldError(page, err.path, err.message);
    banner.hidden = false;
    replace(banner, `${err.path ? describe(err.path) : 'The battle'}: ${err.message}`, placed ? ' (marked below)' : '');
  }
  function clearError() {
    clearFieldErrors(armiesBox);
    clearFieldErrors(optionsBox);
    clearFieldErrors(solverBox);
    banner.hidden = true;
  }
  function describe(path) {
    const m = path.match(/^\/(attacker|defender)\/units\/(\d+)(?:\/(.+))?/);
    if (!m) return path;
    const u = scen[m[1]].units[Number(m[2])];
    return `${m[1] === 'attacker' ? 'Attacker' : 'Defender'}'s ${u?.name ? `“${u.name}”` : `unit ${Number(m[2]) + 1}`}${m[3] ? `, ${m[3]}` : ''}`;
  }

  // ---- edits ----
  const recompute = debounce(async () => {
    if (destroyed) return;
    clearError();
    if (await refreshCards()) results.compute();
  }, 150);
  function edited() {
    ctx.changed(request({ seed: scen.seed }));
    renderPrintSummary();
    recompute();
  }
  function changed() {
    renderArmies();
    edited();
  }

  function renderPrintSummary() {
    const row = (cells, tag = 'td') => h('tr', {}, cells.map((c) => h(tag, { text: String(c ?? '') })));
    replace(printSummary, h('h2', { text: 'The armies' }), SIDES.map((side) => [
      h('h3', { text: side.name }),
      h('table', { class: 'print-table' },
        h('thead', {}, row(['Unit', 'Keywords', 'Stats', 'Casualty die'], 'th')),
        h('tbody', {}, scen[side.id].units.map((u, i) => {
          const c = cards[side.id][i];
          return row([u.name, c?.label, c ? statLine(c) : '', u.casualties ?? c?.size ?? '']);
        })))]));
  }

  function setScenario(next) {
    scen = normalise(next, rules);
    results.reset();
    renderArmies();
    renderOptions();
    renderSolver();
    renderPrintSummary();
    recompute();
  }

  renderArmies();
  renderOptions();
  renderSolver();
  renderPrintSummary();
  recompute();

  return {
    getScenario: () => request({ seed: scen.seed }),
    setScenario,
    roll: () => results.roll(),
    hasRolled: () => results.hasRolled(),
    destroy() { destroyed = true; },
  };
}

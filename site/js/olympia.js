// The Olympia PBEM calculator: two stacks of nobles with their men, the
// defender's structure, the rule options; exact or sampled odds as you edit,
// and a rolled battle written like a turn report.
import { h, replace, clear, numberInput, button, numberValue, placeError, clearFieldErrors, num, debounce,
  focusFirst, LOG_ATTRS } from './dom.js';
import { runRoll, randomSeed } from './odds-run.js';
import { rulesFold } from './options-form.js';
import { solverPanel } from './solver-form.js';
import { errorWords } from './error-words.js';
import { makeOddsView } from './odds-view.js';
import { mountTools } from './tools.js';
import { openPasteDialog } from './olympia-paste.js';
import { OUTCOMES, kindLabel as kindLabelOf, emptyBattle, fitsBattle, normalise, request as requestOf, withStack as stackFrom,
  namesText, toTheDeath, waitingStack } from './olympia-model.js';
import { stacksView, oddsDetails, pageLayout } from './olympia-view.js';

export const id = 'olympia';
export const title = 'Olympia PBEM';

// A kind of men with its ratings: "Pikeman 5/30", "Archer 5/5/50" (olympia-model.js).
export const kindLabel = kindLabelOf;

// An error from the core in words, named by the core: "Osswid: soldiers
// must be a whole number from 0 to 100000".
export function explain(value, err) {
  return errorWords(err, 'The battle');
}

export const empty = emptyBattle;
// Whether a stored battle has the shape this page edits (olympia-model.js).
export const fits = fitsBattle;

export function mount(root, ctx, initial) {
  const rules = ctx.rules;
  let scen = normalise(initial, rules.example);
  let destroyed = false;
  let rolled = false;

  const stacks = stacksView({ rules, scen: () => scen, edited: () => edited(), structural: () => structural(),
    checkpoint: (label) => ctx.checkpoint(label), paste: (side) => pasteInto(side) });
  const { stackOf } = stacks;
  const optionsBox = h('div', { class: 'card fold-card' });
  const rollBox = h('div', { class: 'roll-log' });
  const pasteNote = h('div', { class: 'banner info ol-paste-note', hidden: true, attrs: { role: 'status' } });
  const solverBox = h('div');
  const renderSolver = () => replace(solverBox, solverPanel(ctx, scen.solver, () => edited()));
  const seedInput = numberInput(scen.seed, { min: 0, max: 9007199254740991, onInput: (el) => { scen.seed = numberValue(el); ctx.changed(request({ seed: scen.seed })); } });
  seedInput.dataset.path = '/seed';
  const view = makeOddsView(ctx, { prefix: 'ol', outcomes: OUTCOMES, solverBox });
  view.track(rollBox, 'The stacks changed: roll the battle again.');
  const tools = mountTools(ctx, { ruleset: id, prefix: 'ol', getBattle: () => request(), setAll: (s, label) => ctx.setAll(s, label),
    explain: (err) => explain(scen, err),
    linkChanged: () => ctx.changed(request({ seed: scen.seed })) });

  const newSeed = () => { scen.seed = randomSeed(); seedInput.value = String(scen.seed); ctx.changed(request({ seed: scen.seed })); roll(); };
  const page = pageLayout({ toolbar: ctx.toolbar(), stacks, pasteNote, optionsBox, toTheDeath: deathPreset, strip: view.strip, card: view.card,
    seedInput, roll, newSeed, rollBox, tools: tools.element });
  root.append(page);

  // A stack read from a turn report replaces the side's nobles (and the
  // defender's structure when the text names one); the battle before goes to
  // Recent battles and the note offers it back.
  function pasteInto(side) {
    openPasteDialog({
      side: side.id, sideName: side.name, rules, structureNow: scen.defender.structure?.kind || null,
      check: async (read) => {
        const value = request({ seed: scen.seed, [side.id]: withStack(side.id, read) });
        const answer = await ctx.engine.call('check', value).catch(() => null);
        if (!answer) return 'the calculator could not check it';
        return answer.ok ? null : explain(value, answer.error);
      },
      apply: (read) => {
        const entry = ctx.checkpoint(`Filled the ${side.name.toLowerCase()}'s stack from a report`, { keep: true, recent: true });
        scen[side.id] = withStack(side.id, read);
        filled(entry, `Filled the ${side.name.toLowerCase()}'s stack from the report: ${namesText(read)}.`, side.id);
      },
      // A battle section with its result: both stacks as the battle began, then its luck.
      luck: (r) => {
        const entry = ctx.checkpoint('Filled both stacks with a pasted battle', { keep: true, recent: true });
        scen.attacker = withStack('attacker', r.start.attacker);
        scen.defender = withStack('defender', r.start.defender);
        filled(entry, `Filled both stacks with the pasted battle (${namesText(r.start.attacker)} against ${namesText(r.start.defender)}) to rank its result.`, 'attacker');
        const men = (s) => Object.fromEntries(Object.entries(r.survivors[s].men).map(([k, n]) => [k, { left: n }]));
        tools.showLuck({ outcome: r.outcome, sides: { attacker: { men: men('attacker') }, defender: { men: men('defender') } } });
      },
    });
  }
  // The stacks changed from a paste: Recent battles keeps the battle before
  // (ctx.checkpoint), the note offers it back as Undo does.
  function filled(entry, text, focusSide) {
    structural();
    replace(pasteNote, h('span', { text: `${text} The stacks before are kept in Recent battles.` }),
      button('Undo', () => {
        ctx.undo(entry);
        focusFirst(stackOf(focusSide), 'button');
      }, { cls: 'small', title: 'Put the stacks back as they were before the paste (the pasted ones go to Recent battles)' }),
      button('Dismiss', () => { pasteNote.hidden = true; }, { cls: 'small' }));
    pasteNote.hidden = false;
    focusFirst(stackOf(focusSide), 'button');
  }
  const withStack = (sideId, read) => stackFrom(scen, sideId, read);

  function deathPreset() {
    ctx.checkpoint('Set both break points to 0');
    toTheDeath(scen);
    structural();
  }

  // ---- edits ----
  const computeSoon = debounce(compute, 150);
  function edited({ structural: units = false } = {}) {
    view.changed({ structural: units });
    tools.changed();
    stacks.renderPrintSummary();
    ctx.changed(request({ seed: scen.seed }));
    computeSoon();
  }
  function structural() {
    stacks.render();
    edited({ structural: true });
  }
  function renderOptions() {
    replace(optionsBox, rulesFold([{ list: rules.options, values: scen.options, basePath: '/options' }], () => edited(),
      { note: 'Where the rulebook leaves a point open, the choice is yours; the defaults are the plainest reading.', headingId: 'ol-options-h' }));
  }
  function setScenario(next) {
    scen = normalise(next, rules.example);
    pasteNote.hidden = true;
    seedInput.value = String(scen.seed);
    rolled = false;
    clearError();
    stacks.render();
    renderOptions();
    renderSolver();
    stacks.renderPrintSummary();
    view.changed({ structural: true });
    tools.changed();
    clear(rollBox);
    computeSoon.flush();
  }

  const request = (extra = {}) => requestOf(scen, extra);

  // The error beside its field (the odds card and strip say it too); returns
  // its words, or {waiting} for a field emptied mid-edit (dom.js placeError).
  function showError(err) {
    if (err.path && err.path.startsWith('/solver')) solverBox.querySelector('details')?.setAttribute('open', '');
    if (err.path && err.path.startsWith('/options')) optionsBox.querySelector('details')?.setAttribute('open', '');
    return placeError(page, err, (e) => explain(scen, e), { waitsFor: (e) => waitingStack(scen, e) });
  }
  function clearError() {
    clearFieldErrors(page);
  }

  // ---- odds ----
  async function compute() {
    if (destroyed) return;
    const started = performance.now();
    await view.run(request(), { showError, clearError, alive: () => !destroyed,
      render: (a) => renderOdds(a, performance.now() - started) });
  }

  function renderOdds(a, wallMs) {
    const method = a.method.startsWith('exact')
      ? `Exact odds (${num(a.states, 0)} states)`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ' (too many states for exact odds)' : ''}`;
    view.show(a, method, wallMs);
    replace(view.details, ...oddsDetails(a, rules.kinds));
  }

  // ---- roll ----
  async function roll() {
    const seed = numberValue(seedInput);
    const answer = await runRoll(ctx.engine, request({ seed }), { box: rollBox, showError });
    view.settle(rollBox);
    if (!answer) return;
    clearError();
    rolled = true;
    const outcome = OUTCOMES.find((o) => o.id === answer.outcome);
    const entries = answer.log.filter((e) => e.step !== 'summary');
    const summary = answer.log.find((e) => e.step === 'summary');
    replace(rollBox,
      h('div', { class: 'roll-head' }, h('p', { class: 'roll-outcome', text: `Seed ${answer.seed}: ${outcome ? outcome.name : answer.outcome}` }),
        tools.luckButton(answer)),
      summary ? h('blockquote', { class: 'story', text: summary.text }) : null,
      h('ol', { class: 'log ol-report', attrs: LOG_ATTRS }, entries.map((e) => h('li', { class: 'step-' + e.step }, e.text))));
  }

  stacks.render();
  renderOptions();
  renderSolver();
  stacks.renderPrintSummary();
  compute();

  return {
    getScenario: () => request({ seed: scen.seed }),
    scenario: () => request({ seed: scen.seed }),
    setScenario,
    roll,
    hasRolled: () => rolled,
    linkParams: tools.linkParams,
    readLinkParams: tools.readLinkParams,
    destroy() { destroyed = true; },
  };
}

// The Olympia PBEM calculator: two stacks of nobles with their men, the
// defender's structure, the rule options; exact or sampled odds as you edit,
// and a rolled battle written like a turn report.
import { h, replace, button, num, focusFirst } from './dom.js';
import { rulesFold } from './options-form.js';
import { errorWords } from './error-words.js';
import { makeOddsView } from './odds-view.js';
import { battlePage } from './battle-page.js';
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

  const sk = battlePage(ctx, { id, prefix: 'ol', scen: () => scen, request: (extra = {}) => requestOf(scen, extra), explain,
    waitsFor: (e) => waitingStack(scen, e), compute: () => sk.odds(renderOdds), edited: () => stacks.renderPrintSummary() });
  const stacks = stacksView({ rules, scen: () => scen, edited: () => sk.edited(), structural: () => structural(),
    checkpoint: (label) => ctx.checkpoint(label), paste: (side) => pasteInto(side) });
  const { stackOf } = stacks;
  const optionsBox = sk.fold(/^\/options/, h('div', { class: 'card fold-card' }));
  const pasteNote = h('div', { class: 'banner info ol-paste-note', hidden: true, attrs: { role: 'status' } });
  const view = sk.useView(makeOddsView(ctx, { prefix: 'ol', outcomes: OUTCOMES, solverBox: sk.solverBox }));
  const rolling = sk.rolling({ outcomes: OUTCOMES, logClass: 'log ol-report', stale: 'The stacks changed: roll the battle again.' });
  const { seedInput, roll, newSeed, rollBox } = rolling;
  const tools = sk.tools;
  sk.attach(root, pageLayout({ toolbar: ctx.toolbar(), stacks, pasteNote, optionsBox, toTheDeath: deathPreset, strip: view.strip, card: view.card,
    seedInput, roll, newSeed, rollBox, tools: tools.element }));

  // A stack read from a turn report replaces the side's nobles (and the
  // defender's structure when the text names one); the battle before goes to
  // Recent battles and the note offers it back.
  function pasteInto(side) {
    openPasteDialog({
      side: side.id, sideName: side.name, rules, structureNow: scen.defender.structure?.kind || null,
      check: async (read) => {
        const value = requestOf(scen, { seed: scen.seed, [side.id]: withStack(side.id, read) });
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

  function structural() {
    stacks.render();
    sk.edited({ structural: true });
  }
  function renderOptions() {
    replace(optionsBox, rulesFold([{ list: rules.options, values: scen.options, basePath: '/options' }], () => sk.edited(),
      { note: 'Where the rulebook leaves a point open, the choice is yours; the defaults are the plainest reading.', headingId: 'ol-options-h' }));
  }
  function renderAll() {
    stacks.render();
    renderOptions();
    sk.renderSolver();
    stacks.renderPrintSummary();
  }

  function renderOdds(a, wallMs) {
    const method = a.method.startsWith('exact')
      ? `Exact odds (${num(a.states, 0)} states)`
      : `Monte Carlo: ${num(a.trials, 0)} battles, 95% intervals shown${a.fallback ? ' (too many states for exact odds)' : ''}`;
    view.show(a, method, wallMs);
    replace(view.details, ...oddsDetails(a, rules.kinds));
  }

  renderAll();
  sk.odds(renderOdds);
  return sk.controller({
    show(next) { scen = normalise(next, rules.example); pasteNote.hidden = true; renderAll(); },
    roll, hasRolled: rolling.hasRolled, reset: rolling.reset,
  });
}

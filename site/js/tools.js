// The Tools section of a battle page (issue 16): decision tools that solve
// the battle many times — compare plans, sweep one number, marginal value,
// minimum force, how lucky was I. Each runs in the worker like the odds
// (engine.call with a slot of its own, "tool:sweep"), shows its progress with a Stop button,
// and is dimmed, with the reason, the moment the battle changes.
//
// TOOLS is the list the section is built from: a further tool joins it with
// {id, title, blurb, rulesets?, mount(tc)} (see tools-compare.js for one).
// The S&F order advisor (issue 16's tool 6) is built apart, on branch
// 'advisor': it joins the list from tools-advise.js with rulesets: ['warfare'].
import { h, button, field, select, lazyFold } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { compareTool } from './tools-compare.js';
import { sweepTool } from './tools-sweep.js';
import { marginalTool } from './tools-marginal.js';
import { minimumTool } from './tools-minimum.js';
import { luckTool } from './tools-luck.js';
import { toolRunner, cap } from './tools-run.js';

export const TOOLS = [compareTool, sweepTool, marginalTool, minimumTool, luckTool];

const SIDES = {
  olympia: [{ id: 'attacker', name: 'the attacker' }, { id: 'defender', name: 'the defender' }],
  warfare: [{ id: 'attacker', name: 'the attacker' }, { id: 'defender', name: 'the defender' }],
  'bloodied-steel': [{ id: 'tribunan', name: 'the Tribunan' }, { id: 'ashen', name: 'the Ashen' }],
};

// page: {ruleset, prefix, getBattle() (the battle as odds takes it), explain(err)
// (the page's words for an error in the battle), setAll(scenario, label) (replace the
// battle, keeping the old one in Recent battles), linkChanged() (the link must
// be written again)}.
export function mountTools(ctx, page) {
  const sides = SIDES[page.ruleset];
  let side = sides[0].id;
  const listeners = new Set();
  const sideSelect = select(sides.map((s) => ({ id: s.id, name: cap(s.name.replace(/^the /, '')) })), side, {
    onChange: (el) => { side = el.value; for (const fn of listeners) fn('side'); },
  });
  const info = toolsInfo(ctx, page);
  const runner = toolRunner(ctx, page, { side: () => side, fields: () => info.fields() });

  const tc = {
    ruleset: page.ruleset,
    prefix: page.prefix,
    engine: ctx.engine,
    limits: ctx.rules?.limits || {},
    sides,
    side: () => side,
    sideName: (id = side) => sides.find((s) => s.id === id)?.name || id,
    battle: () => page.getBattle(),
    setAll: (s, label) => page.setAll(s, label),
    linkChanged: () => page.linkChanged(),
    explain: (err) => page.explain(err),
    onChange: (fn) => listeners.add(fn),
    info: info.get,
    runBox: runner.runBox,
    run: runner.run,
    luckFromRoll: null,  // set by the luck tool
  };

  const items = TOOLS.filter((t) => !t.rulesets || t.rulesets.includes(page.ruleset)).map((t) => toolItem(t, tc));
  const fold = toolsFold(page, items, sideSelect);
  const element = h('section', { class: 'card tools-card', attrs: { 'aria-labelledby': `${page.prefix}-tools-h` } }, fold);
  const item = (id) => items.find((i) => i.t.id === id);

  function showLuck(answer) {
    const luck = item('luck');
    if (!luck) return;
    fold.open = true;
    luck.d.open = true;
    luck.d.scrollIntoView({ block: 'start' });
    luck.d.querySelector('summary').focus({ preventScroll: true });
    luck.built().fromRoll(answer);
  }

  return {
    element,
    // The battle changed: a running tool stops, every result says it is for the battle before.
    changed() {
      info.forget();
      runner.battleChanged();
      for (const fn of listeners) fn('battle');
    },
    // A result's numbers (a rolled battle's answer, or one shaped like it):
    // "How lucky was I" opened, filled and run.
    showLuck,
    // A rolled battle: "How lucky was I" with its numbers.
    luckButton(rollAnswer) {
      return button('How lucky was this?', () => showLuck(rollAnswer),
        { cls: 'small', title: 'Where this rolled result falls among all the battle\'s results (Tools: How lucky was I)' });
    },
    // Plans travel in the link beside the battle. A compare tool not built
    // yet has no plans: it is built for a link that brings some.
    linkParams: () => item('compare')?.mounted?.linkParams?.() || {},
    readLinkParams(params) {
      const compare = item('compare');
      if (!compare || (!compare.mounted && !params.get('plans'))) return undefined;
      return compare.built().readLinkParams?.(params);
    },
  };
}

export class ToolError extends Error {}

// The core's description of what the tools can do in the battle as it is:
// asked once per battle, and two tools opening at once share the one call.
function toolsInfo(ctx, page) {
  let info = null;          // the core's "tools" answer for the battle as it is
  let infoFor = null;       // the battle text it was asked for
  let pending = null;       // {text, promise} of the call under way
  return {
    get() {
      const battle = page.getBattle();
      const text = JSON.stringify(battle);
      if (info && infoFor === text) return Promise.resolve(info);
      if (pending && pending.text === text) return pending.promise;
      const promise = ctx.engine.call('tools', battle, { slot: 'tools-info' }).then((a) => {
        if (!a.ok) throw new ToolError(page.explain(a.error));
        info = a;
        infoFor = text;
        return a;
      }, (e) => {
        if (e instanceof Cancelled) return null;
        throw e;
      }).finally(() => { if (pending?.promise === promise) pending = null; });
      pending = { text, promise };
      return promise;
    },
    fields: () => info?.fields,
    forget() { info = null; },
  };
}

// One tool's fold in the list: its summary (title and blurb) and its body.
// The body (fields, buttons, run box) is built when the fold is first opened
// (dom.js lazyFold; issue 37): most tools are never opened, and a page's
// first odds come sooner without them. Whatever reaches into a tool from
// outside calls `built()` first. `mounted` is null until then.
function toolItem(t, tc) {
  const item = { t, d: null, mounted: null, built: () => { item.d.build(); return item.mounted; } };
  item.d = lazyFold({ class: 'tool', dataset: { tool: t.id } },
    h('summary', {}, h('span', { class: 'tool-title', text: t.title }), ' ', h('span', { class: 'muted small', text: t.blurb })),
    () => {
      const body = h('div', { class: 'tool-body' });
      item.mounted = t.mount(tc, body);
      return body;
    });
  item.d.addEventListener('toggle', () => { if (item.d.open) item.mounted?.opened?.(); });
  return item;
}

// The Tools fold: its title with the tools named, the side they report, the tools.
function toolsFold(page, items, sideSelect) {
  return h('details', { class: 'tools-fold' },
    h('summary', {}, h('h2', { class: 'fold-title', id: `${page.prefix}-tools-h`, text: 'Tools' }),
      h('span', { class: 'muted small', text: ` ${items.map((i) => i.t.title.charAt(0).toLowerCase() + i.t.title.slice(1)).join(', ')}` })),
    h('div', { class: 'tools-side' },
      field('Chances to win for', sideSelect, null, { hint: 'Every tool reports this side\'s chance to win.' })),
    h('ul', { class: 'tools-list' }, items.map((i) => h('li', {}, i.d))));
}

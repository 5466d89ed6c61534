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
import { h, replace, button, field, select, num, readable } from './dom.js';
import { Cancelled } from './engine/engine.js';
import { compareTool } from './tools-compare.js';
import { sweepTool } from './tools-sweep.js';
import { marginalTool } from './tools-marginal.js';
import { minimumTool } from './tools-minimum.js';
import { luckTool } from './tools-luck.js';

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
  let info = null;          // the core's "tools" answer for the battle as it is
  let infoFor = null;       // the battle text it was asked for
  let pending = null;       // {text, promise} of the call under way
  const boxes = new Set();  // every tool's run box, dimmed when the battle changes
  const listeners = new Set();
  const sideSelect = select(sides.map((s) => ({ id: s.id, name: cap(s.name.replace(/^the /, '')) })), side, {
    onChange: (el) => { side = el.value; for (const fn of listeners) fn('side'); },
  });

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
    // The core's description of what the tools can do in this battle.
    // Asked once per battle: two tools opening at once share the one call.
    info() {
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
    runBox,
    run,
    luckFromRoll: null,  // set by the luck tool
  };

  const items = TOOLS.filter((t) => !t.rulesets || t.rulesets.includes(page.ruleset)).map((t) => {
    const body = h('div', { class: 'tool-body' });
    const mounted = t.mount(tc, body);
    const d = h('details', { class: 'tool', dataset: { tool: t.id } },
      h('summary', {}, h('span', { class: 'tool-title', text: t.title }), ' ', h('span', { class: 'muted small', text: t.blurb })),
      body);
    d.addEventListener('toggle', () => { if (d.open) mounted.opened?.(); });
    return { t, d, mounted };
  });
  const fold = h('details', { class: 'tools-fold' },
    h('summary', {}, h('h2', { class: 'fold-title', id: `${page.prefix}-tools-h`, text: 'Tools' }),
      h('span', { class: 'muted small', text: ` ${items.map((i) => i.t.title.charAt(0).toLowerCase() + i.t.title.slice(1)).join(', ')}` })),
    h('div', { class: 'tools-side' },
      field('Chances to win for', sideSelect, null, { hint: 'Every tool reports this side\'s chance to win.' })),
    h('ul', { class: 'tools-list' }, items.map((i) => h('li', {}, i.d))));
  const element = h('section', { class: 'card tools-card', attrs: { 'aria-labelledby': `${page.prefix}-tools-h` } }, fold);

  // Runs a tool in the worker: progress and Stop in `box`, the answer or null.
  // `battle`: another battle than the one in the editor (a saved plan).
  // `ownWords(err)`: the tool's words for an error in its own fields, or null.
  async function run(fn, fields, box, battle = null, ownWords = null) {
    // Luck ranks the result for both sides: it takes no side.
    const request = { ...(battle || page.getBattle()), [fn]: fn === 'luck' ? fields : { side, ...fields } };
    box.slot = `tool:${fn}`;
    box.why = null;
    box.out.classList.remove('stale');
    box.note.textContent = '';
    const started = performance.now();
    const slow = setTimeout(() => { box.stop.hidden = false; }, 250);
    box.status.textContent = 'Working…';
    box.status.classList.remove('error');
    let last = null;
    let answer;
    try {
      answer = await ctx.engine.call(fn, request, {
        slot: box.slot,
        onProgress: (p) => {
          if (p.phase === 'tool') last = p;
          box.status.textContent = progressText(last, p);
        },
      });
    } catch (e) {
      if (e instanceof Cancelled) {
        box.status.textContent = box.why || '';
        return null;
      }
      box.status.textContent = readable(e.message);
      box.status.classList.add('error');
      return null;
    } finally {
      clearTimeout(slow);
      box.stop.hidden = true;
    }
    const ms = performance.now() - started;
    box.out.dataset.ms = String(Math.round(ms));
    if (!answer.ok) {
      const err = answer.error;
      const own = err.path && err.path.startsWith(`/${fn}`);
      box.status.textContent = readable(own ? (ownWords?.(err) || `${toolFieldWords(err.path)}: ${withLabels(err.message)}`)
        : battle ? `The first plan: ${err.path || 'the battle'} ${err.message}` : `The battle: ${page.explain(err)}`);
      box.status.classList.add('error');
      return null;
    }
    const work = answer.work || {};
    box.status.textContent = readable(`${answer.complete === false ? `Stopped early by ${answer.stopped_by}: showing what was done. ` : ''}` +
      `${num(work.solves, 0)} ${work.solves === 1 ? 'solve' : 'solves'} in ${num(ms, 0)} ms.`);
    return answer;
  }

  // A path in a tool's error ("/attacker/units/1/casualties") in the words the
  // sweep's list uses for it ("Silver Bows's casualty die now").
  function withLabels(message) {
    const fields = [...(info?.fields || [])].sort((a, b) => b.path.length - a.path.length);
    return fields.reduce((m, f) => m.split(f.path).join(f.label), String(message));
  }

  // A tool's status line, Stop button and result area.
  function runBox() {
    const box = {
      status: h('p', { class: 'status tool-status', attrs: { role: 'status', 'aria-live': 'polite' } }),
      note: h('p', { class: 'muted small tool-note' }),
      out: h('div', { class: 'tool-out' }),
      slot: null,
      why: null,  // said when the run is cancelled
    };
    box.stop = button('Stop', () => { box.why = 'Stopped.'; ctx.engine.cancel(box.slot); }, { cls: 'small', title: 'Stop this tool' });
    box.stop.hidden = true;
    box.head = h('div', { class: 'tool-run' }, box.status, box.stop);
    boxes.add(box);
    return box;
  }
  function showLuck(answer) {
    const luck = items.find((i) => i.t.id === 'luck');
    if (!luck) return;
    fold.open = true;
    luck.d.open = true;
    luck.d.scrollIntoView({ block: 'start' });
    luck.d.querySelector('summary').focus({ preventScroll: true });
    luck.mounted.fromRoll(answer);
  }

  return {
    element,
    // The battle changed: a running tool stops, every result says it is for the battle before.
    changed() {
      info = null;
      for (const b of boxes) {
        if (b.slot && ctx.engine.busy(b.slot)) {
          b.why = 'The battle changed while this ran: run it again.';
          ctx.engine.cancel(b.slot);
        }
        if (!b.out.firstChild || b.out.classList.contains('stale')) continue;
        b.out.classList.add('stale');
        b.note.textContent = 'The battle changed: these results are for the battle before it. Run the tool again.';
      }
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
    // Plans travel in the link beside the battle.
    linkParams: () => items.find((i) => i.t.id === 'compare')?.mounted.linkParams?.() || {},
    readLinkParams: (params) => items.find((i) => i.t.id === 'compare')?.mounted.readLinkParams?.(params),
  };
}

export class ToolError extends Error {}

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

// "/sweep/to" -> "Sweep, to"
function toolFieldWords(path) {
  const parts = path.split('/').filter(Boolean);
  const words = { sweep: 'Sweep', compare: 'Compare plans', marginal: 'Marginal value', minimum: 'Minimum force', luck: 'How lucky was I',
    from: 'from', to: 'to', step: 'step', path: 'the number to sweep', target: 'target', max: 'at most', kind: 'kind of men',
    noble: 'noble', unit: 'unit', actual: 'what happened', outcome: 'outcome', plans: 'plans', battle: 'battle', steps: 'steps' };
  return parts.map((p) => words[p] || p.replace(/_/g, ' ')).join(', ');
}

function progressText(tool, p) {
  const head = tool ? `${cap(tool.tool)}: ${num(tool.done, 0)} of ${num(tool.total, 0)} done${tool.what ? ` (now: ${tool.what})` : ''}` : 'Working';
  if (!p || p.phase === 'tool') return `${head}…`;
  if (p.phase === 'monte-carlo') return `${head}; sampling ${num(p.trials, 0)} of ${num(p.planned, 0)} battles…`;
  return `${head}; exact solve, ${num(p.states, 0)} states…`;
}

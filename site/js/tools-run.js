// How a tool runs (tools.js): its run box (status line, Stop button, result
// area), its call in the worker with progress, and the answer's or the
// error's words in the box. Every box is kept, so that a change of the battle
// stops its run and dims its results.
import { h, button, num, readable } from './dom.js';
import { Cancelled } from './engine/engine.js';

export const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

// `side()`: the side every tool reports; `fields()`: the core's list of the
// battle's numbers (its "tools" answer), for the words of an error's path.
export function toolRunner(ctx, page, { side, fields }) {
  const boxes = new Set();  // every tool's run box, dimmed when the battle changes

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

  // Runs a tool in the worker: progress and Stop in `box`, the answer or null.
  // `battle`: another battle than the one in the editor (a saved plan).
  // `ownWords(err)`: the tool's words for an error in its own fields, or null.
  async function run(fn, toolFields, box, battle = null, ownWords = null) {
    // Luck ranks the result for both sides: it takes no side.
    const request = { ...(battle || page.getBattle()), [fn]: fn === 'luck' ? toolFields : { side: side(), ...toolFields } };
    box.slot = `tool:${fn}`;
    box.why = null;
    box.out.classList.remove('stale');
    box.note.textContent = '';
    const started = performance.now();
    const called = await callShowingProgress(fn, request, box);
    if (!called) return null;
    const { answer } = called;
    const ms = performance.now() - started;
    box.out.dataset.ms = String(Math.round(ms));
    if (!answer.ok) {
      box.status.textContent = readable(errorWords(fn, answer.error, battle, ownWords));
      box.status.classList.add('error');
      return null;
    }
    const work = answer.work || {};
    box.status.textContent = readable(`${answer.complete === false ? `Stopped early by ${answer.stopped_by}: showing what was done. ` : ''}` +
      `${num(work.solves, 0)} ${work.solves === 1 ? 'solve' : 'solves'} in ${num(ms, 0)} ms.`);
    return answer;
  }

  // The engine's call, its progress in the box's status and Stop shown once
  // it takes a while: {answer}, or null (stopped, or the worker failed: the
  // box says which).
  async function callShowingProgress(fn, request, box) {
    const slow = setTimeout(() => { box.stop.hidden = false; }, 250);
    box.status.textContent = 'Working…';
    box.status.classList.remove('error');
    let last = null;
    try {
      return { answer: await ctx.engine.call(fn, request, {
        slot: box.slot,
        onProgress: (p) => {
          if (p.phase === 'tool') last = p;
          box.status.textContent = progressText(last, p);
        },
      }) };
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
  }

  // An error answer in words: in the tool's own fields, in a saved plan, or in the battle.
  function errorWords(fn, err, battle, ownWords) {
    const own = err.path && err.path.startsWith(`/${fn}`);
    if (own) return ownWords?.(err) || `${toolFieldWords(err.path)}: ${withLabels(err.message, fields())}`;
    return battle ? `The first plan: ${err.path || 'the battle'} ${err.message}` : `The battle: ${page.explain(err)}`;
  }

  // The battle changed: a running tool stops, every result says it is for the battle before.
  function battleChanged() {
    for (const b of boxes) {
      if (b.slot && ctx.engine.busy(b.slot)) {
        b.why = 'The battle changed while this ran: run it again.';
        ctx.engine.cancel(b.slot);
      }
      if (!b.out.firstChild || b.out.classList.contains('stale')) continue;
      b.out.classList.add('stale');
      b.note.textContent = 'The battle changed: these results are for the battle before it. Run the tool again.';
    }
  }

  return { runBox, run, battleChanged };
}

// A path in a tool's error ("/attacker/units/1/casualties") in the words the
// sweep's list uses for it ("Silver Bows's casualty die now").
function withLabels(message, fields) {
  const sorted = [...(fields || [])].sort((a, b) => b.path.length - a.path.length);
  return sorted.reduce((m, f) => m.split(f.path).join(f.label), String(message));
}

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

// Compare plans: up to four copies of the battle ("Plan A", "Plan B", …),
// each solved, side by side, with each plan's difference from Plan A. A plan
// is a copy of the battle as it was when saved; the plans travel in the link.
import { h, replace, button, textInput, num } from './dom.js';
import { encodeScenario, decodeScenario } from './share.js';
import { chanceText, chanceBars, table, deltaText, signed } from './tools-view.js';

const MAX = 4;
const letter = (i) => String.fromCharCode(65 + i);
const copy = (x) => JSON.parse(JSON.stringify(x));

export const compareTool = {
  id: 'compare',
  title: 'Compare plans',
  blurb: 'up to four versions of this battle side by side',
  mount(tc, body) {
    let plans = [];        // [{name, battle}]
    let encoded = null;    // the plans as a link parameter
    let undo = null;       // {label, plans} to put back
    const box = tc.runBox();
    const list = h('ol', { class: 'plan-list' });
    const addButton = button('', () => addPlan(), { cls: 'small', title: 'Keep a copy of the battle as it is now' });
    const runButton = button('Compare', () => compare(), { cls: 'primary', title: 'Solve every plan and show them side by side' });
    const undoBox = h('div', { class: 'tool-undo', attrs: { role: 'status', 'aria-live': 'polite' } });

    replace(body,
      h('p', { class: 'muted small', text: 'A plan is a copy of the battle as it is when you save it. Edit the battle, save it again as another plan, and compare: the first plan is Plan A, and every other plan is shown with its difference from it. The link to this page carries the plans.' }),
      list, undoBox,
      h('div', { class: 'toolbar' }, addButton, runButton),
      box.head, box.note, box.out);
    render();

    function changedPlans(label = null, before = null) {
      undo = label ? { label, plans: before } : null;
      render();
      encoded = null;
      if (!plans.length) { tc.linkChanged(); return; }
      const snapshot = plans;
      encodeScenario({ ruleset: tc.ruleset, plans }).then((text) => {
        if (plans === snapshot) { encoded = text; tc.linkChanged(); }
      });
    }

    function addPlan() {
      if (plans.length >= MAX) return;
      plans = [...plans, { name: `Plan ${letter(plans.length)}`, battle: copy(tc.battle()) }];
      changedPlans();
      list.querySelector(`li:last-child input`)?.focus();
    }

    // What a plan's row does: rename it, replace it with the battle as it is now, remove it.
    const rowActions = {
      rename(i, name) { plans[i] = { ...plans[i], name }; plans = [...plans]; changedPlans(); },
      replaceWithBattle(i, p) {
        const before = plans;
        plans = plans.map((x, k) => (k === i ? { ...x, battle: copy(tc.battle()) } : x));
        changedPlans(`Replaced ${p.name || 'the plan'} with the battle as it is now.`, before);
      },
      remove(i, p) {
        const before = plans;
        plans = plans.filter((_, k) => k !== i);
        changedPlans(`Removed ${p.name || 'a plan'}.`, before);
        list.querySelector('input')?.focus() || addButton.focus();
      },
    };

    function render() {
      addButton.textContent = plans.length >= MAX ? `At most ${MAX} plans` : `Save the battle as Plan ${letter(plans.length)}`;
      addButton.disabled = plans.length >= MAX;
      runButton.disabled = plans.length === 0;
      replace(list, plans.length ? plans.map((p, i) => planRow(tc, p, i, rowActions)) : h('li', { class: 'muted small', text: 'No plans yet.' }));
      replace(undoBox, undo ? [h('span', { class: 'small', text: undo.label }), ' ',
        button('Undo', () => { plans = undo.plans; changedPlans(); }, { cls: 'small' })] : '');
    }

    async function compare() {
      if (!plans.length) return;
      const [first, ...rest] = plans;
      const fields = { name: first.name || 'Plan A', plans: rest.map((p, i) => ({ name: p.name || `Plan ${letter(i + 1)}`, battle: p.battle })) };
      const a = await box.runWith(first.battle, 'compare', fields);
      if (!a) return;
      replace(box.out, ...comparison(tc, a));
    }

    // The run helper with the plan's own battle instead of the one in the editor.
    box.runWith = (battle, fn, fields) => tc.run(fn, fields, box, battle);

    return {
      linkParams: () => (plans.length && encoded ? { plans: encoded } : {}),
      async readLinkParams(params) {
        const text = params.get('plans');
        if (!text) {
          if (plans.length) { plans = []; undo = null; render(); }
          return;
        }
        try {
          plans = await plansFromLink(text, tc.ruleset);
          encoded = text;
          undo = null;
          render();
        } catch (e) {
          replace(undoBox, h('span', { class: 'small error', text: `The link's plans could not be read (${e.message}); the battle itself opened.` }));
        }
      },
    };
  },
};

// A plan's row: its name (edited in place), what it holds, and Open, Replace and Remove.
function planRow(tc, p, i, actions) {
  const name = textInput(p.name, { maxlength: 40, onInput: (el) => actions.rename(i, el.value) });
  name.setAttribute('aria-label', `Name of plan ${i + 1}`);
  return h('li', { class: 'plan-row', dataset: { index: String(i) } },
    name,
    h('span', { class: 'muted small plan-what', text: summary(tc.ruleset, p.battle) }),
    h('span', { class: 'row-actions' },
      button('Open', () => tc.setAll(copy(p.battle), `Opened the plan “${p.name || 'a plan'}”`), { cls: 'small', label: `Open ${p.name || 'this plan'} in the editor`, title: 'Edit this plan: the battle you have now goes to Recent battles' }),
      button('Replace', () => actions.replaceWithBattle(i, p),
        { cls: 'small', label: `Replace ${p.name || 'this plan'} with the battle as it is now`, title: 'Replace this plan with the battle as it is now' }),
      button('✕', () => actions.remove(i, p), { cls: 'icon danger', title: `Remove ${p.name || 'this plan'}` })));
}

// "3 + 2 nobles, 24 men against 9" and the like: what a plan holds, at a glance.
function summary(ruleset, b) {
  try {
    if (ruleset === 'olympia') {
      const men = (s) => (b[s]?.nobles || []).reduce((t, n) => t + Object.values(n.troops || {}).reduce((a, x) => a + (Number(x) || 0), 0), 0);
      return `${men('attacker')} men against ${men('defender')}, break points ${b.attacker?.nobles?.[0]?.break_point ?? 50}% and ${b.defender?.nobles?.[0]?.break_point ?? 50}%`;
    }
    if (ruleset === 'warfare') return `${b.attacker?.units?.length ?? 0} units against ${b.defender?.units?.length ?? 0}`;
    const arms = (n) => (b.units || []).filter((u) => u.nation === n).reduce((t, u) => t + (Number(u.arms) || 0), 0);
    return `Arms ${arms('tribunan')} against ${arms('ashen')}`;
  } catch {
    return '';
  }
}

// The comparison shown: each plan's chance to win in bars, then the plans side by side.
function comparison(tc, a) {
  const side = tc.sideName(a.side);
  const other = tc.sides.find((s) => s.id !== a.side);
  const names = a.plans.map((p) => p.name);
  const rows = [
    [`Chance to win (${side})`, ...a.plans.map((p) => chanceText(p, 'win'))],
    ['Chance to lose', ...a.plans.map((p) => chanceText(p, 'lose'))],
    ['Neither', ...a.plans.map((p) => chanceText(p, 'draw'))],
    [`Expected loss of ${tc.sideName(a.side)} (${a.loss_word})`, ...a.plans.map((p) => num(p.losses[a.side].total))],
    [`Expected loss of ${other.name} (${a.loss_word})`, ...a.plans.map((p) => num(p.losses[other.id].total))],
    [`Win: difference from ${names[0]}`, ...a.plans.map((p, i) => (i === 0 ? '—' : deltaText(p.difference.win)))],
    [`Own losses: difference`, ...a.plans.map((p, i) => (i === 0 ? '—' : signed(p.difference.losses[a.side])))],
    [`Enemy losses: difference`, ...a.plans.map((p, i) => (i === 0 ? '—' : signed(p.difference.losses[other.id])))],
  ];
  return [
    chanceBars(a.plans.map((p, i) => ({ label: p.name, p: p.win, text: chanceText(p, 'win'), cls: a.side, mark: null, i })), { caption: `Chance to win for ${side}, by plan` }),
    table('The plans side by side', ['', ...names], rows, 'compare-table'),
    a.plans.some((p) => p.ci95) ? h('p', { class: 'muted small', text: 'Sampled plans show 95% intervals; a difference smaller than the intervals may be chance.' }) : null];
}

// The plans a link carries, checked: at most MAX, each with a name and a battle.
async function plansFromLink(text, ruleset) {
  const v = await decodeScenario(text);
  if (v.ruleset !== ruleset || !Array.isArray(v.plans)) throw new Error('not plans for this battle');
  return v.plans.slice(0, MAX).filter((p) => p && typeof p.battle === 'object' && p.battle)
    .map((p, i) => ({ name: typeof p.name === 'string' ? p.name.slice(0, 40) : `Plan ${letter(i)}`, battle: p.battle }));
}

// The kept battle of the page shown, for this tab: the revision it last read
// or wrote (battle-store.js), what it does when another tab writes, and the
// words when a write is refused (another tab wrote first) or cannot be kept
// (a full store). Nothing is ever dropped without saying so: a refused or
// failed write leaves the battle on the page, and each choice offered keeps
// both battles, one of them in Recent battles.
import { h, replace, button } from './dom.js';
import { keptRecord, writeKept, replaceKept, onKeptChange, remember, markTab, NOT_STORED } from './battle-store.js';

// Says `text` in the keeper's banner, with buttons `actions` and Dismiss;
// no text hides it.
function sayIn(box, kind, text, actions) {
  if (text && !box.hidden && box.dataset.text === text) return; // said already: not read out again at every keystroke
  box.dataset.text = text || '';
  box.hidden = !text;
  box.className = `banner keep-note ${kind}`;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  replace(box, text ? h('span', { text }) : '', ...actions,
    text ? button('Dismiss', () => { box.hidden = true; }, { cls: 'small' }) : null);
  // A change not kept is not to be missed: the words come into view (once: said again, they are not).
  const r = box.getBoundingClientRect();
  if (kind === 'error' && (r.bottom < 0 || r.top > innerHeight)) box.scrollIntoView({ block: 'start' });
}

// The choice offered when this tab's write was refused (another tab wrote
// first): keep this page's battle, or show the one kept there; the other
// goes to Recent battles either way. For makeKeeper, whose take and failed
// these are: settle() ends the conflict, showKept(rec) puts the kept battle
// on the page as this tab's. Answers offer(), which says it with the buttons.
function conflictChoice({ id, title, say, getScenario, take, failed, settle, showKept }) {
  function keepMine() {
    settle();
    const res = take(getScenario(), 'own');
    if (res.ok) say('info', 'This page\'s battle is kept; the one from the other tab is in Recent battles.');
  }
  function showTheirs() {
    const rec = keptRecord(id);
    if (!rec) { keepMine(); return; }
    // This page's battle goes to Recent battles first; if that cannot be written, nothing changes.
    if (!remember(id, getScenario(), 'own', rec.scenario)) { failed('This page\'s battle could not be put in Recent battles:'); return; }
    showKept(rec);
    say('info', 'This page now shows the battle kept in the other tab; the one it showed is in Recent battles.');
  }
  return () => say('error', `This ${title} battle was changed in another tab or window after this page showed it, so this page's change was not kept here. ` +
      'Choose which to keep; the other goes to Recent battles.',
    button('Keep this page\'s battle', keepMine, { cls: 'small' }),
    button('Show the one kept there', showTheirs, { cls: 'small' }));
}

// A battle from a link, for makeKeeper: opened, linkFailed and hadButton of
// its answer. take and clear are the keeper's; detach(): the battle shown is
// not the kept one.
function linkOpening({ id, title, getScenario, restore, take, clear, detach }) {
  // A link's battle is on the page: kept now (the one before goes to Recent
  // battles), or, when another page steers this one, once the user acts.
  // Answers notes for the page's banner: [{text, action}].
  function opened({ steered, origin, say: tell }) {
    clear(); // what it said was about the battle before
    if (steered) {
      detach();
      return [{
        text: `Another page opened this calculator and can still send it elsewhere, so the battle in this link is not kept in this browser until you change it or press Keep this battle; the ${title} battle you had stays the one kept.`,
        action: button('Keep this battle', () => {
          const notes = keepLinked(origin);
          tell(notes.map((n) => n.text).join(' '), 'info', ...notes.map((n) => n.action).filter(Boolean));
        }, { cls: 'small' }),
      }];
    }
    return keepLinked(origin);
  }
  function keepLinked(origin) {
    const res = take(getScenario(), origin);
    if (!res.ok) return [{ text: 'Opened the battle in the link.' }]; // the keeper's own banner says why it is not kept
    if (!res.displaced) return [];
    return [{
      text: `Opened the battle in the link. The ${title} battle you had before is kept in Recent battles.`,
      action: button('Restore it', () => restore(res.displaced, 'Restored the battle you had before'), { cls: 'small' }),
    }];
  }

  // A link that could not be read: the page starts empty and the kept battle
  // stays kept until the user changes this one (it then goes to Recent battles).
  function linkFailed() {
    clear();
    detach();
    return keptRecord(id) ? ` The ${title} battle you had is still the one kept in this browser; your first change here puts it in Recent battles.` : '';
  }
  function hadButton() {
    const had = keptRecord(id)?.scenario;
    return had ? button('Open the battle you had', () => restore(had, 'Opened the battle you had'), { cls: 'small' }) : null;
  }

  return { opened, linkFailed, hadButton };
}

// show(scenario, label): puts a battle on the page (undoable, under `label`);
// restore(scenario, label): replaces the battle as Restore does (app.js's setAll).
export function makeKeeper({ id, title, box, getScenario, show, restore }) {
  let base = 0;          // the revision this tab's battle comes from (0: none kept)
  let detached = false;  // the battle shown is not the kept one (a link not kept, a write that failed)
  let conflict = null;   // {current}: a write was refused, another tab wrote first
  let full = false;      // the last write was refused by the browser
  const mine = new Set(); // revisions this tab wrote

  const say = (kind, text, ...actions) => sayIn(box, kind, text, actions);
  const clear = () => { if (!box.hidden && !conflict) box.hidden = true; };
  // This tab wrote revision `rev`: it works from it now.
  const wrote = (rev) => { base = rev; mine.add(rev); markTab(id, rev); };

  function failed(what) {
    full = true;
    markTab(id, null);
    say('error', `${what} ${NOT_STORED}. ` +
      'The battle stays on this page and in its address: Export JSON or Copy link keeps a copy.');
  }

  // A write was refused: the choice is offered (conflictChoice).
  function refused(current) {
    conflict = { current };
    markTab(id, null);
    offerChoice();
  }
  const offerChoice = conflictChoice({ id, title, say, getScenario, take, failed,
    settle: () => { conflict = null; },
    showKept(rec) {
      conflict = null;
      full = false;
      base = rec.rev;
      detached = false;
      markTab(id, rec.rev);
      show(rec.scenario, 'Showed the battle kept in the other tab');
    } });

  // Keeps `scenario` in place of the kept battle, which goes to Recent battles
  // first. Answers battle-store's replaceKept answer.
  function take(scenario, origin) {
    const res = replaceKept(id, scenario, origin);
    if (!res.ok) {
      detached = true;
      failed('This battle is not kept in this browser, and the battle kept before is still the one kept:');
      return res;
    }
    wrote(res.rev);
    detached = false;
    full = false;
    conflict = null; // the battle kept before is in Recent battles now
    clear();
    return res;
  }

  // An edit on the page: written over this tab's revision.
  function edited(scenario) {
    if (conflict) { refused(keptRecord(id)); return; } // still waiting for the choice
    if (detached) {
      const res = take(scenario, 'own');
      if (res.ok && res.displaced) {
        say('info', `This battle is now the one kept in this browser; the ${title} battle you had before is in Recent battles.`,
          button('Restore it', () => restore(res.displaced, 'Restored the battle you had before'), { cls: 'small' }));
      }
      return;
    }
    const res = writeKept(id, scenario, base, 'own');
    if (res.ok) {
      wrote(res.rev);
      if (full) { full = false; clear(); }
    } else if (res.stale) refused(res.current);
    else failed('This change is not kept in this browser:');
  }

  // Another tab wrote the kept battle. With nothing unkept here, this page
  // shows it (the battle this page showed is where that one started, or went
  // to Recent battles); otherwise the choice is offered.
  const stop = onKeptChange(id, (rec) => {
    if (detached || !rec || rec.rev === base) return;
    if (conflict || full) { refused(rec); return; }
    base = rec.rev;
    markTab(id, rec.rev);
    show(rec.scenario, null);
    say('info', `The ${title} battle was changed in another tab; this page now shows it as kept there.`);
  });

  // Writing a step back or forward (Back, Undo): over this tab's own
  // revision as any edit; over another tab's, that battle goes to Recent
  // battles first (this tab's older battle is no step of it).
  function stepped(scenario) {
    const rec = keptRecord(id);
    if (detached || conflict || !rec || rec.rev !== base || mine.has(rec.rev)) edited(scenario);
    else take(scenario, 'own');
  }

  const links = linkOpening({ id, title, getScenario, restore, take, clear, detach: () => { detached = true; markTab(id, null); } });

  return {
    // The kept battle, read for showing: this tab now works from its revision.
    read() {
      const rec = keptRecord(id);
      base = rec ? rec.rev : 0;
      detached = false;
      return rec ? rec.scenario : null;
    },
    take,
    edited,
    stepped,
    ...links,
    destroy: stop,
  };
}

// An embedded view, or a page that keeps its own data (the roster), keeps no battle here.
export function idleKeeper() {
  const none = () => ({ ok: true, displaced: null });
  return { read: () => null, take: none, edited() {}, stepped() {}, opened: () => [], linkFailed: () => '', hadButton: () => null, destroy() {} };
}

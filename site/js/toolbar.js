// The battle pages' shared toolbar: Reset, Clear, Undo, Export and Import
// JSON, Copy link, Recent battles, Embed, Copy as… and Print. The battle itself is
// app.js's: `app` gives the page shown, setAll (replace the battle, undoable)
// and say (the page's banner).
import { h, button } from './dom.js';
import { encodeScenario, parseScenarioJson, makeHash, LinkError } from './share.js';
import { replaceKept, NOT_STORED } from './battle-store.js';
import { stampRules } from './versions.js';
import { openRecent, openText, offline, download } from './toolbar-dialogs.js';
import { openEmbed as embedDialog } from './embed-dialog.js';
import { openShare } from './share-dialog.js';

export function makeToolbar(app) {
  const cur = () => app.current();
  const { embedded, say } = app;

  function exportFile() {
    // The file says which dice its seed rolls with, so an older file's roll can say it was made with older dice.
    const scenario = { ...cur().controller.getScenario(), dice: app.diceVersion() };
    download(`${cur().page.id}-battle.json`, JSON.stringify(scenario, null, 2) + '\n');
  }

  async function importFile(input) {
    const file = input.files[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > 4 << 20) throw new LinkError('it is larger than 4 MB');
      const value = parseScenarioJson(await file.text());
      const page = app.pageById(value.ruleset);
      if (!page) throw new LinkError(`its rule system "${String(value.ruleset).slice(0, 40)}" is not one this calculator knows`);
      const checked = await app.checkFor(page, value);
      if (!checked.ok) throw new LinkError(app.explain(page, value, checked.error));
      const loaded = checked.value || value;
      if (page.keepsItself) {
        // The roster page adds it as it adds a link's roster.
        location.hash = makeHash(page.id, new URLSearchParams({ b: await encodeScenario(loaded) }));
        return;
      }
      if (page !== cur().page) {
        // Kept for that rule system (its battle before goes to Recent battles first), then shown.
        if (embedded) { // keeps nothing: the battle goes in the link
          location.hash = makeHash(page.id, new URLSearchParams({ b: await encodeScenario(loaded), embed: '1' }));
          return;
        }
        const res = replaceKept(page.id, loaded, 'own');
        if (!res.ok) throw new LinkError(`it is a ${page.title} battle, to be kept for that rule system, and ${NOT_STORED}`);
        say(`Loaded ${file.name}: it is a ${page.title} battle, so the calculator now shows ${page.title}.` +
          (res.displaced ? ` The ${page.title} battle you had before is kept in Recent battles.` : ''), 'info');
        location.hash = '#/' + page.id;
        return;
      }
      app.setAll(loaded, `Loaded ${file.name}`);
      say(`Loaded ${file.name}. The battle it replaced is in Recent battles.`, 'info');
    } catch (e) {
      say(`${file.name} was not loaded: ${e instanceof LinkError ? e.message : 'it could not be read'}. Nothing was changed.`);
    }
  }

  async function copyLink() {
    const c = cur().controller;
    if (app.fromDisk) return offline('Share this battle', 'A link from this offline file opens only on this computer, where the file is. To share the battle, send its JSON: the calculator opens it with Import JSON, and the command line reads it too.', c.getScenario(), exportFile);
    const link = await app.linkFor(c.getScenario(), { roll: !!c.hasRolled?.() });
    try {
      await navigator.clipboard.writeText(link);
      say('Link copied. Anyone who opens it sees this battle' + (c.hasRolled?.() ? ', rolled with the same seed.' : '.'), 'info');
    } catch {
      openText('Link to this battle', link);
    }
  }

  async function openEmbed() {
    const { page, controller } = cur();
    if (app.fromDisk) return offline('Put this battle in a wiki page', 'This is the offline file: a wiki page cannot load a calculator from this computer, so this file cannot be embedded. Host the calculator\'s files on a web server and use Embed… there. Meanwhile, the battle\'s JSON:', controller.getScenario(), exportFile);
    const payload = await encodeScenario(stampRules(app.rulesOf(page), controller.getScenario()));
    const here = location.href.split('#')[0].split('?')[0];
    const base = here.replace(/[^/]*$/, '');
    // The single file, served from a web server, embeds itself; it has no embed.js beside it.
    embedDialog(page, { src: app.singleFile ? here : `${base}index.html`, payload, element: app.singleFile ? null : `${base}embed.js`,
      guide: app.singleFile ? null : `${base}wiki/README.txt` });
  }

  // Copy as…: the snapshot links to this battle where this page is served from a web address the core accepts.
  async function openCopyAs() {
    const { page, controller } = cur();
    const scenario = stampRules(app.rulesOf(page), controller.getScenario());
    const here = location.href.split('#')[0].split('?')[0];
    const share = /^https?:\/\/[A-Za-z0-9._~:/?=&%+@-]+$/.test(here) ? { link_base: here, code: await encodeScenario(scenario) } : {};
    openShare({ rolled: controller.hasRolled?.() ? scenario.seed : null, name: `${page.id}-battle`,
      ask: (kind) => app.engine.call('share', { ...scenario, share: { ...share, roll: kind === 'roll' } }, { slot: 'share' }) });
  }

  return function toolbar() {
    const fileInput = h('input', { attrs: { type: 'file', accept: 'application/json,.json', hidden: true }, on: { change: () => importFile(fileInput) } });
    const pageRules = () => app.rules().rulesets[cur().page.id];
    return h('div', { class: 'toolbar' },
      button('Reset to the example', () => app.setAll(pageRules().example || cur().page.empty(pageRules()), 'Reset to the example'), { title: 'Replace this battle with the example battle (Undo brings it back)' }),
      button('Clear', () => app.setAll(cur().page.empty(pageRules()), 'Cleared the battle'), { title: 'Start from an empty battle (Undo brings this one back)' }),
      app.undoButton(),
      button('Export JSON', exportFile, { title: 'Download this battle as a JSON file (the command line reads it too)' }),
      button('Import JSON', () => fileInput.click(), { title: 'Load a battle from a JSON file' }),
      button('Copy link', copyLink, { title: 'Copy a link that reproduces this battle' }),
      embedded ? null : button('Recent battles…', () => openRecent(cur().page, (e) => {
        app.setAll(e.scenario, `Restored “${e.label}”`);
        say(`Restored “${e.label}”. The battle it replaced is in Recent battles.`, 'info');
      }), { title: 'Battles this one replaced: restore one' }),
      button('Embed…', openEmbed, { title: 'Code to put this calculator in a wiki page' }),
      button('Copy as…', openCopyAs, { title: 'The odds as wikitext, Markdown, BBCode, text or HTML, and the chart as SVG or PNG' }),
      button('Print', () => window.print(), { title: 'Print the battle, its odds and the rolled log' }),
      fileInput);
  };
}

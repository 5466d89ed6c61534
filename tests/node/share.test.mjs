// The share call's snapshots under node (the page's wasm module): Markdown
// read back through a GitHub-flavoured Markdown renderer (micromark with its
// GFM extension, raw HTML let through, so a name that became markup would
// show), with the same numbers as `odds`, every name as text, and the native
// CLI's answer the same as the module's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { call, nativeCli } from './wasm.mjs';
import { pct } from '../../site/js/dom.js';

const HOSTILE = '<script>|}{| **x** [[y]]';
const OUTCOMES = {
  'bloodied-steel': ['tribunan', 'ashen', 'retreat', 'none'],
  olympia: ['attacker', 'defender', 'tie'],
  warfare: ['attacker', 'defender', 'draw'],
};

const example = async (id) => (await call('rules', { ruleset: id })).rulesets[id].example;
const decode = (s) => s.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

// The tables of rendered HTML: [[row cells as text]].
function tables(html) {
  return [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((t) =>
    [...t[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => decode(c[1]))));
}

function render(md) {
  return micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });
}

// A battle of each rule system with the hostile name on one of its units.
async function hostile(id) {
  const b = structuredClone(await example(id));
  if (id === 'bloodied-steel') b.units[0].name = HOSTILE;
  else if (id === 'olympia') b.attacker.nobles[0].name = HOSTILE;
  else b.attacker.units[0].name = HOSTILE;
  return b;
}

for (const id of Object.keys(OUTCOMES)) {
  test(`${id}: the Markdown renders as GitHub shows it, with the numbers of odds and the name as text`, async () => {
    const battle = await hostile(id);
    const odds = await call('odds', battle);
    assert.equal(odds.ok, true);
    const a = await call('share', { ...battle, share: { link_base: 'https://example.org/battle/' } });
    assert.equal(a.ok, true, JSON.stringify(a.error));
    const html = render(a.markdown);
    const [outcomes, losses] = tables(html);
    assert.deepEqual(outcomes[0], ['Outcome', 'Chance']);
    assert.equal(outcomes.length, OUTCOMES[id].length + 1);
    OUTCOMES[id].forEach((o, i) => {
      assert.equal(outcomes[i + 1].length, 2);
      assert.equal(outcomes[i + 1][1], pct(odds.outcomes[o]), `${o}: the chance odds gives, written as the page writes it`);
    });
    // Every loss row has its six cells: the name's pipes split nothing.
    for (const row of losses) assert.equal(row.length, 6, JSON.stringify(row));
    const names = losses.slice(1).map((r) => r[1]);
    if (id === 'olympia') assert.match(a.markdown, /\\<script\\>\\\|\\\}\\\{\\\| \\\*\\\*x\\\*\\\* \\\[\\\[y\\\]\\\]/);
    else assert.ok(names.includes(HOSTILE), `the unit's name as it is: ${JSON.stringify(names)}`);
    // Nothing of the name became markup: no script, no emphasis, one link (ours).
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<(strong|em)>x<\/(strong|em)>/);
    const links = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => decode(m[1]));
    assert.deepEqual(links, [a.link]);
    assert.match(a.link, new RegExp(`^https://example\\.org/battle/#/${id}\\?j=`));
    // The link holds the battle: its JSON read back is the battle shared.
    assert.deepEqual(JSON.parse(decodeURIComponent(a.link.split('?j=')[1])), battle);
    // The armies line names the name as text too.
    assert.ok(decode(html.split('</p>')[0]).includes(HOSTILE));
  });
}

test('sampled odds copy with their ± and the numbers of the same sampling', async () => {
  const battle = { ...(await example('warfare')), solver: { method: 'monte-carlo', trials: 3000, seed: 9, target_halfwidth: 0 } };
  const odds = await call('odds', battle);
  const a = await call('share', battle);
  assert.equal(a.ok, true);
  const [outcomes] = tables(render(a.markdown));
  OUTCOMES.warfare.forEach((o, i) => {
    const half = (odds.ci95[o][1] - odds.ci95[o][0]) / 2;
    assert.equal(outcomes[i + 1][1], `${pct(odds.outcomes[o])} ± ${pct(half)}`);
  });
  assert.match(a.text, /sampled: 3,000 battles, 95% intervals/);
});

test('the text form fits 72 columns, the HTML runs nothing, and the CLI answers as the module does', async () => {
  const battle = await hostile('olympia');
  const request = { ...battle, share: { link_base: 'https://example.org/battle/', code: '2.AbCd-_' } };
  const a = await call('share', request);
  assert.equal(a.link, 'https://example.org/battle/#/olympia?b=2.AbCd-_');
  for (const line of a.text.split('\n')) if (line !== a.link) assert.ok([...line].length <= 72, line);
  assert.ok(a.text.split('\n').includes(a.link), 'the link alone on its line');
  assert.doesNotMatch(a.html, /<script|\son\w+=|style=|javascript:/i);
  assert.ok(a.html.includes('&lt;script&gt;|}{| **x** [[y]]'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-'));
  const file = path.join(dir, 'battle.json');
  fs.writeFileSync(file, JSON.stringify(request));
  const r = spawnSync(nativeCli, ['share', file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  assert.equal(r.status, 0, r.stderr);
  const native = JSON.parse(r.stdout);
  for (const form of ['wikitext', 'markdown', 'bbcode', 'text', 'html', 'svg']) assert.equal(native[form], a[form], form);
});

test('a rolled battle copies as its report; bad settings name their field', async () => {
  const battle = { ...(await example('olympia')), seed: 5 };
  const roll = await call('roll', battle);
  const a = await call('share', { ...battle, share: { roll: true } });
  assert.equal(a.ok, true);
  assert.equal(a.svg, undefined);
  const lines = roll.log.filter((e) => e.step !== 'summary').map((e) => e.text);
  const listed = [...render(a.markdown).matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => decode(m[1]));
  assert.deepEqual(listed.slice(0, lines.length), lines, 'the turn report, line by line');
  assert.ok(a.text.includes(roll.log.find((e) => e.step === 'summary').text.slice(0, 40)));
  const bad = await call('share', { ...battle, share: { link_base: 'javascript:alert(1)//' } });
  assert.equal(bad.ok, false);
  assert.equal(bad.error.path, '/share/link_base');
});

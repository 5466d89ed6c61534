// Each page puts the core's errors in words from the core's "label" (the thing
// and the field, read by the core from the request), never from the error's
// JSON path or its message text: a label the core did not give (swapped in
// here) is what the page says, and an error without one is the page's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './wasm.mjs';
import * as bloodied from '../../site/js/bloodied.js';
import * as olympia from '../../site/js/olympia.js';
import * as warfare from '../../site/js/warfare.js';
import * as roster from '../../site/js/roster.js';
import { keywordClash } from '../../site/js/warfare-builder.js';

const example = async (ruleset) => (await call('rules', { ruleset })).rulesets[ruleset].example;

// Each page with a battle it would send, one bad field in it, and the words
// expected for it, worked out from the request (its unit's name) and the
// rules (a kind's plural).
const cases = [
  { page: bloodied, ruleset: 'bloodied-steel', whole: 'The battle',
    spoil: (b) => { b.units[0].arms = -1; return `${b.units[0].name}: Arms`; } },
  { page: olympia, ruleset: 'olympia', whole: 'The battle',
    spoil: (b, rules) => {
      b.attacker.nobles[0].troops.soldier = -1;
      return `${b.attacker.nobles[0].name}: ${rules.kinds.find((k) => k.id === 'soldier').plural}`;
    } },
  { page: warfare, ruleset: 'warfare', whole: 'The battle',
    spoil: (b) => { delete b.defender.units[1].name; b.defender.units[1].casualties = 99; return 'The defender\'s unit 2: casualty die'; } },
];

for (const c of cases) {
  test(`${c.ruleset}: explain() says the core's label, then its message`, async () => {
    const battle = await example(c.ruleset);
    const rules = (await call('rules', { ruleset: c.ruleset })).rulesets[c.ruleset];
    const label = c.spoil(battle, rules);
    const answer = await call('odds', battle);
    assert.equal(answer.ok, false);
    assert.equal(answer.error.label, label);
    assert.equal(c.page.explain(battle, answer.error), `${label} ${answer.error.message}`);
    // The words follow the label, whatever the path says.
    const swapped = { ...answer.error, label: 'Somebody else: another field', field: 'another field' };
    assert.equal(c.page.explain(battle, swapped), `Somebody else: another field ${answer.error.message}`);
    // A label that names a thing alone: the message after a colon.
    const thing = { ...answer.error, label: 'Somebody else', field: undefined };
    assert.equal(c.page.explain(battle, thing), `Somebody else: ${answer.error.message}`);
    // No label (the request as a whole): the page's own word for it.
    const { label: _l, field: _f, ...bare } = answer.error;
    assert.equal(c.page.explain(battle, bare), `${c.whole}: ${answer.error.message}`);
  });
}

test('roster: explain() names an action\'s unit by its id, as the core labels it', async () => {
  const unit = { ...(await example('warfare')).attacker.units[0], name: 'Shields' };
  const entry = { roster: { name: 'North', units: [{ id: 'u3', unit }] }, options: {} };
  const answer = await call('roster', { ruleset: 'warfare', ...entry,
    action: { type: 'battle', side: 'attacker', outcome: 'attacker', units: [{ id: 'u3', final: 99 }] } });
  assert.equal(answer.ok, false);
  assert.equal(answer.error.path, '/action/units/0/final');
  assert.equal(roster.explain(entry, answer.error), `Shields: die at the end ${answer.error.message}`);
  const { label: _l, field: _f, ...bare } = answer.error;
  assert.equal(roster.explain(entry, bare), `The roster: ${answer.error.message}`);
});

test('the builder reads a clash of keywords from the paths the core gives', async () => {
  const unit = (await example('warfare')).attacker.units[0];
  const answer = await call('unit', { ruleset: 'warfare', units: [unit, { ...unit, name: 'Again', size: 'd8' }] });
  assert.equal(answer.ok, false);
  assert.deepEqual(keywordClash(answer.error), { unit: 1, other: 0 });
  // With the other unit's path in "refers", that is what counts.
  assert.deepEqual(keywordClash({ path: '/units/3', refers: '/units/1', message: 'clashes' }), { unit: 3, other: 1 });
  assert.equal(keywordClash({ path: '/units/3/casualties', message: 'must be a whole number' }), null);
});

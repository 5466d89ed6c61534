// A roster made from a battle's army: the battle page's "Save this side as a
// roster" and the roster page's import of a battle file. Each unit joins the
// new roster through the core's own "add" action, as on the roster page, so
// its casualty die and unpaid flag come along and a unit the roster cannot
// take (two with the same keywords, a fortification) is refused in words.
import { emptyRoster, callRoster } from './roster-store.js';

export const SIDE_WORDS = { attacker: 'the attacker', defender: 'the defender' };

// A battle file's armies, when `value` is a Strongholds & Followers battle
// (as the battle page exports it): [{side, units}] for the sides with units; else null.
export function battleSides(value) {
  if (!value || typeof value !== 'object' || value.ruleset !== 'warfare') return null;
  const sides = ['attacker', 'defender'].map((side) => ({ side, units: value[side]?.units }))
    .filter((s) => Array.isArray(s.units) && s.units.length);
  return sides.length ? sides : null;
}

// A unit of a battle as a roster takes it: its keywords or stats, traits and
// terms, with its casualty die; not a roster id it may carry from elsewhere.
function forRoster(unit) {
  const { id: _, ...u } = unit && typeof unit === 'object' ? unit : {};
  return u;
}

// Answers {ok: true, roster, options} (not yet kept) or {ok: false, why}: the
// words naming the unit the core refused (`explain`: roster.js's, passed in
// so that this module does not import the page that imports it).
export async function rosterFromUnits(engine, explain, name, units, options = {}) {
  let entry = { roster: emptyRoster(name), options };
  for (const unit of units) {
    const action = { type: 'add', unit: forRoster(unit), buy: false };
    const answer = await callRoster(engine, entry, action);
    if (!answer.ok) return { ok: false, why: explain(entry, answer.error) };
    entry = { ...entry, roster: answer.roster };
  }
  return { ok: true, roster: entry.roster, options };
}

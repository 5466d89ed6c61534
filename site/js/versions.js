// Which dice and which rules a saved battle was made under.
//
// Dice: rolls carry the core's dice version ("dice" in roll and version()
// answers). A link that opens a rolled battle names the dice it was rolled
// with ("&roll=1&dice=2"); links made before dice versions have no "dice" and
// were rolled with version 1.
//
// Rules (Strongholds & Followers, issue 13): when the core's rules() gives a
// warfare "rules_version", a request may carry "rules_version" to be read
// under the rules of that version (1: the defaults before the change). A
// link made before rules versions has none, so it is read as version 1; links
// made now carry the current version. The page's own battle carries
// "rules_version" only while it keeps older rules.

export function linkDice(params) {
  const d = params.get('dice');
  return d !== null && /^\d{1,6}$/.test(d) ? Number(d) : 1;
}

// The current rules version of a rule system, or null when the core has none.
export function currentRules(pageRules) {
  const v = pageRules?.rules_version;
  return Number.isSafeInteger(v) && v >= 1 ? v : null;
}

const isWarfare = (value) => value && value.ruleset === 'warfare';

// A battle read from a link, as the page should run it: {value, made, current,
// old}. `old` when the link's rules are older than the current ones: `value`
// then asks for them ("rules_version": made).
export function linkRules(pageRules, value) {
  const current = currentRules(pageRules);
  if (current === null || !isWarfare(value)) return { value, made: null, current, old: false };
  const made = value.rules_version === undefined ? 1 : value.rules_version;
  if (made === current) {
    const { rules_version: _, ...rest } = value;
    return { value: rest, made, current, old: false };
  }
  // Newer than this page, or not a version at all: the core's check says what is wrong.
  if (!Number.isSafeInteger(made) || made > current) return { value, made, current, old: false };
  return { value: { ...value, rules_version: made }, made, current, old: true };
}

// A battle as written into a link: it names the rules it is read under.
export function stampRules(pageRules, scenario) {
  const current = currentRules(pageRules);
  if (current === null || !isWarfare(scenario) || scenario.rules_version !== undefined) return scenario;
  return { ...scenario, rules_version: current };
}

export function withCurrentRules(scenario) {
  const { rules_version: _, ...rest } = scenario;
  return rest;
}

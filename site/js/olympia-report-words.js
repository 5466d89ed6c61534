// The words of an Olympia turn report for men and structures: the
// calculator's kinds of men as the core's rules() lists them, the names G2
// prints for them, and what the reader knows of G2's other items.

// The kinds of men and structures the calculator knows, from the core's
// Olympia rules() (kinds: {id, name, plural, attack, defense, missile};
// structures: {id}), with the names a report prints for a kind: one, several
// (G2's own plural may be the name, as in "elite guard"), or the name and "s".
export function reportWords(rules) {
  const kinds = new Map((rules?.kinds || []).map((k) => [k.id, k]));
  const kindOf = new Map([...kinds.values()].flatMap((k) =>
    [k.name, k.plural, `${k.name}s`].map((w) => [String(w).toLowerCase(), k.id])));
  return { kinds, kindOf, structures: new Set((rules?.structures || []).map((s) => s.id)) };
}

// G2 items that fight (lib/item gives them combat values) but that the
// calculator has no kind for, and the prominent items that do not fight.
export const G2_OTHER_FIGHTERS = new Set(['ghost warrior', 'ghost warriors', 'angry peasant', 'angry peasants', 'elf', 'elves',
  'spirit', 'spirits', 'undead', 'savage', 'savages', 'skeleton', 'skeletons', 'barbarian', 'barbarians', 'nazgul',
  'ratspider', 'ratspiders', 'centaur', 'centaurs', 'minotaur', 'minotaurs', 'giant spider', 'giant spiders', 'rat',
  'rats', 'lion', 'lions', 'giant bird', 'giant birds', 'giant lizard', 'giant lizards', 'bandit', 'bandits', 'chimera',
  'harpie', 'harpies', 'dragon', 'dragons', 'orc', 'orcs', 'gorgon', 'gorgons', 'wolf', 'wolves', 'cyclops', 'giant',
  'giants', 'faery', 'faerie', 'hound', 'hounds']);
const G2_NOT_FIGHTING = new Set(['wild horse', 'wild horses', 'riding horse', 'riding horses', 'warmount', 'warmounts',
  'winged horse', 'winged horses', 'ox', 'oxen']);
// Kinds only the Age of Gods variant has (its turn reports), so a text with them is from that game.
export const TAG_WORDS = /\b(lt\. foot|hvy\. foot|lt\. xbowm[ae]n|hvy\. xbowm[ae]n|paladins?|horse archers?|skirmishers?)\b/;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

// "ten" -> 10, "1,038" -> 1038; null when it is not a count.
export function countOf(word) {
  const w = String(word).toLowerCase();
  const i = NUMBER_WORDS.indexOf(w);
  if (i >= 0) return i;
  if (/^\d{1,3}(,\d{3})*$|^\d+$/.test(w)) return Number(w.replace(/,/g, ''));
  return null;
}

// What a name of men is to the calculator: {kind} or {why} it is not read.
export function classify(name, words) {
  const n = name.toLowerCase().replace(/\s+/g, ' ').trim();
  if (words.kindOf.has(n)) return { kind: words.kindOf.get(n) };
  if (G2_NOT_FIGHTING.has(n)) return { carried: true, why: 'carried, does not fight' };
  if (G2_OTHER_FIGHTERS.has(n)) return { why: 'fights in G2, but the calculator has no such kind' };
  if (TAG_WORDS.test(n)) return { why: 'an Age of Gods kind; the calculator knows G2\'s kinds only' };
  return { why: 'not a kind of men the calculator knows' };
}

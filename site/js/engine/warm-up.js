// The calls a worker makes beforehand for the page, once the page's first
// odds are on screen (worker.js, warmUp), so that the page's next questions
// find the module's code ready: V8 compiles a wasm function the first time it
// is called, and in Chromium (whose wasm code space is write-protected
// between compiles) that made the S&F page's first price of its armies take
// some 50-80 ms and its first odds some 140-250 ms, where the same calls took
// 10 and 40-60 ms once warm. They were made while the page was still being
// built, until the build answered each page's first calls for its example
// (first-calls.js): they then only took CPU from the page being built.
// Each call is the rule system's own example, or for S&F the example cut to
// one unit a side: it runs the code the example runs in a third of the time.
// Written into the worker by scripts/assemble-site.mjs (as
// self.BATTLE_WARM), from the rules of the very build it goes with.

// The rule systems warmed up on their example cut to one unit a side.
const CUT = new Set(['warfare']);

// A copy of `example` with each side's first unit or noble only.
function cut(example) {
  const copy = structuredClone(example);
  for (const side of ['attacker', 'defender']) {
    for (const list of ['units', 'nobles']) {
      if (Array.isArray(copy[side]?.[list])) copy[side][list] = copy[side][list].slice(0, 1);
    }
  }
  return copy;
}

// {page id: [[fn, request text], ...]} from the core's rules answer: for each
// rule system with an example, the calls its page makes before its first
// odds (S&F prices each army first).
export function warmUpCalls(rules) {
  const calls = {};
  for (const [id, ruleset] of Object.entries(rules.rulesets || {})) {
    if (!ruleset.example) continue;
    const small = CUT.has(id) ? cut(ruleset.example) : ruleset.example;
    const list = [];
    if (Array.isArray(small.attacker?.units) && ruleset.calls?.includes('unit')) {
      list.push(['unit', JSON.stringify({ ruleset: id, units: small.attacker.units, options: small.options || {} })]);
    }
    list.push(['odds', JSON.stringify(small)]);
    calls[id] = list;
  }
  return calls;
}

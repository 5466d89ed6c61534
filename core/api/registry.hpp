// The one registry: every rule system offers one Ruleset (its odds, roll,
// rules, further calls and the tools' facts), and the calls every rule system
// answers (the decision tools) are listed beside them. The API and the tools
// both read it; only its list (core/registry/registry.cpp) names them all.
// To add a rule system: write `api::Ruleset <name>::ruleset()` in
// core/<name>/ruleset.cpp and its tools' facts in core/<name>/tool_facts.cpp,
// and list it in core/registry/registry.cpp.
#pragma once
#include <vector>

#include "api/api.hpp"
#include "api/solver.hpp"

namespace bc {
namespace bloodied {
api::Ruleset ruleset();
const tools::Facts& tool_facts();
}
namespace warfare {
api::Ruleset ruleset();
const tools::Facts& tool_facts();
}
namespace olympia {
api::Ruleset ruleset();
const tools::Facts& tool_facts();
}

namespace api {
std::vector<Ruleset> all_rulesets();
const std::vector<SharedCall>& shared_calls();
// Calls over the whole API, request text to answer text (the snapshots of a
// battle, core/share/), by name.
const std::map<std::string, std::function<std::string(const std::string&)>>& whole_calls();

// A rule system whose odds, roll and check all start from one scenario read by
// `parse` (Bloodied Steel, Olympia); the roll's seed and log flag by read_seed() and read_log().
template <class Scenario>
Ruleset scenario_ruleset(std::string id, std::string name, Scenario (*parse)(const In&),
                         json (*odds)(const Scenario&, const In& solver),
                         json (*roll)(const Scenario&, std::uint64_t seed, bool log), json (*rules)()) {
    Ruleset r;
    r.id = std::move(id);
    r.name = std::move(name);
    r.odds = [parse, odds](const In& req) {
        const Scenario s = parse(req);  // the scenario's errors come before the solver's
        return odds(s, req.object("solver"));
    };
    r.roll = [parse, roll](const In& req) {
        const Scenario s = parse(req);
        return roll(s, read_seed(req), read_log(req));
    };
    r.check = [parse](const In& req) { parse(req); };
    r.rules = rules;
    return r;
}
}
}  // namespace bc

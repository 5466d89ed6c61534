#include "api/registry.hpp"
#include "bloodied/bloodied.hpp"

namespace bc::bloodied {

api::Ruleset ruleset() {
    api::Ruleset r = api::scenario_ruleset<Scenario>("bloodied-steel", "Bloodied Steel", parse, odds, roll, rules_json);
    r.facts = &tool_facts();
    return r;
}

}  // namespace bc::bloodied

#include "api/registry.hpp"
#include "bloodied/bloodied.hpp"

namespace bc::bloodied {

api::Ruleset ruleset() {
    return api::scenario_ruleset<Scenario>("bloodied-steel", "Bloodied Steel", parse, odds, roll, rules_json);
}

}  // namespace bc::bloodied

// Every rule system offers one Ruleset (its odds, roll, rules and further calls).
// To add one: write `api::Ruleset <name>::ruleset()` in core/<name>/ruleset.cpp and
// list it in registry.cpp.
#pragma once
#include <vector>

#include "api/api.hpp"

namespace bc {
namespace bloodied {
api::Ruleset ruleset();
}
namespace warfare {
api::Ruleset ruleset();
}
namespace olympia {
api::Ruleset ruleset();
}

namespace api {
std::vector<Ruleset> all_rulesets();
}
}  // namespace bc

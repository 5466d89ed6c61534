// Decision tools (issue 16): answers that take many solves of one battle —
// compare plans, sweep one number, marginal value, minimum force, how lucky
// was I. Each is a JSON call like "odds": the request is the battle itself
// (the same scenario odds reads, with its solver) plus the tool's own object
// ("compare", "sweep", "marginal", "minimum", "luck"). Every point a tool
// reports is one call of the rule system's own odds on a changed copy of the
// battle, so it is exact wherever that single solve is exact.
#pragma once
#include <string>
#include <vector>

#include "api/api.hpp"

namespace bc::tools {

// The calls, by name: "tools" (what the others can be asked for in this
// battle), "compare", "sweep", "marginal", "minimum", "luck".
const std::vector<std::string>& names();
json run(const std::string& name, const api::Ruleset& ruleset, const In& request);

}  // namespace bc::tools

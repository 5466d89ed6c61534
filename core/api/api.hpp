// The JSON API: the same functions back the wasm module, the CLI and the tests.
// Every answer is {"ok":true,...} or {"ok":false,"error":{"path","message","kind"}};
// an input error's place is also in words ("label", and "field": api/label.hpp).
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "json/input.hpp"

namespace bc::tools {
class Facts;  // what the decision tools need of a rule system (tools/facts.hpp)
}

namespace bc::api {

struct Ruleset {
    std::string id;
    std::string name;
    std::function<json(const In&)> odds;
    std::function<json(const In&)> roll;
    // Reads and checks a scenario without solving it (for imports and links).
    std::function<void(const In&)> check;
    std::function<json()> rules;
    // Further calls a rule system offers (for example "unit", "attack").
    std::map<std::string, std::function<json(const In&)>> extra;
    // What the decision tools need to know of it (core/<system>/tool_facts.cpp).
    const tools::Facts* facts = nullptr;
};

// A call that every rule system answers through its Ruleset (the decision
// tools): listed in the registry (core/registry/), so that the API reads it
// there and includes no tool.
struct SharedCall {
    std::string name;
    std::function<json(const Ruleset&, const In&)> run;
};

const std::vector<Ruleset>& rulesets();

std::string odds(const std::string& request);
std::string roll(const std::string& request);
// All rule systems' tables and options; a request naming one ruleset narrows it.
std::string rules(const std::string& request = "");
std::string version();
// Checks a scenario without solving it: {"ok": true} or the first error.
std::string check(const std::string& request);
// Plain dice from the project's generator: {"seed", "faces", "count"}.
std::string dice(const std::string& request);
// Any of the above, or a ruleset's extra call, by name.
std::string call(const std::string& function, const std::string& request);

extern const char* const kVersion;

}  // namespace bc::api

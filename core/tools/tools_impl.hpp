// The tools' entry points (tools.cpp dispatches to them) and what they share.
#pragma once
#include <string>

#include "tools/runner.hpp"

namespace bc::tools {

json compare_tool(const api::Ruleset& ruleset, const In& req);
json sweep_tool(const api::Ruleset& ruleset, const In& req);
json marginal_tool(const api::Ruleset& ruleset, const In& req);
json minimum_tool(const api::Ruleset& ruleset, const In& req);
json luck_tool(const api::Ruleset& ruleset, const In& req);
json info_tool(const api::Ruleset& ruleset, const In& req);

// Closes an answer: "complete", and when a bound stopped the work early,
// "stopped_by" (which bound) — the answer then holds what was done.
inline void finish(json& out, const Runner& run, const std::string& stopped) {
    out["complete"] = stopped.empty();
    if (!stopped.empty()) out["stopped_by"] = stopped;
    out["work"] = run.work();
}

}  // namespace bc::tools

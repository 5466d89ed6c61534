#include "tools/tools.hpp"

#include "tools/facts.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

const std::vector<std::string>& names() {
    static const std::vector<std::string> n = {"tools", "compare", "sweep", "marginal", "minimum", "luck"};
    return n;
}

json run(const std::string& name, const api::Ruleset& ruleset, const In& req) {
    if (name == "tools") return info_tool(ruleset, req);
    if (name == "compare") return compare_tool(ruleset, req);
    if (name == "sweep") return sweep_tool(ruleset, req);
    if (name == "marginal") return marginal_tool(ruleset, req);
    if (name == "minimum") return minimum_tool(ruleset, req);
    if (name == "luck") return luck_tool(ruleset, req);
    throw InputError("", "there is no tool called \"" + name + "\"");
}

// What the tools can be asked for in this battle: its sides, the numbers a
// sweep can change (with their ranges), one-click sweeps, what minimum force
// searches and what luck needs entered.
json info_tool(const api::Ruleset& ruleset, const In& req) {
    const Request r = split(req, "", {});
    if (ruleset.check) ruleset.check(In(r.battle, ""));
    const Facts& f = facts_of(ruleset);
    json sides = json::array();
    for (std::size_t i = 0; i < f.sides().size(); ++i)
        sides.push_back({{"id", f.sides()[i]}, {"name", f.side_name(static_cast<int>(i))}});
    json fields = json::array();
    for (const auto& x : f.fields(r.battle)) fields.push_back(x.to_json());
    return {{"calls", names()},
            {"sides", sides},
            {"loss_word", f.loss_word()},
            {"fields", fields},
            {"presets", f.presets(r.battle)},
            {"minimum", f.minimum_info(r.battle)},
            {"luck", f.luck_info(r.battle)},
            {"limits", {{"plans", 4}, {"sweep_points", 101}, {"max_changes", 200}, {"max_solves", 200}}}};
}

}  // namespace bc::tools

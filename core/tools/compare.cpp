// Compare plans: up to four variants of one battle side by side, each one
// solve, with each plan's difference from the first (Plan A).
#include "tools/facts.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

namespace {
constexpr std::size_t kMaxPlans = 4;

json difference(const json& p, const json& a, const std::vector<std::string>& sides) {
    json d = {{"win", p["win"].get<double>() - a["win"].get<double>()},
              {"lose", p["lose"].get<double>() - a["lose"].get<double>()},
              {"draw", p["draw"].get<double>() - a["draw"].get<double>()}};
    json losses = json::object();
    for (const auto& s : sides)
        losses[s] = p["losses"][s]["total"].get<double>() - a["losses"][s]["total"].get<double>();
    d["losses"] = losses;
    return d;
}
}  // namespace

json compare_tool(const api::Ruleset& ruleset, const In& req) {
    const Request r = split(req, "compare", {"side", "name", "plans"});
    const Facts& f = facts_of(ruleset);
    const In tool(r.tool, "/compare");
    const int side = read_side(tool, f.sides());
    std::vector<std::pair<std::string, json>> plans;
    plans.emplace_back(tool.text("name", 40, "Plan A"), r.battle);
    const auto list = tool.list("plans", kMaxPlans - 1);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const In& p = list[i];
        p.must_be_object();
        p.only({"name", "battle"});
        const In b = p.object("battle", false);
        json battle = b.raw();
        if (battle.contains("ruleset") && battle["ruleset"] != ruleset.id)
            b.fail_at("ruleset", "must be \"" + ruleset.id + "\", like the battle it is compared with");
        battle["ruleset"] = ruleset.id;
        battle.erase("dice");
        // Every plan is solved the same way: the request's solver settings.
        battle.erase("solver");
        if (r.battle.contains("solver")) battle["solver"] = r.battle["solver"];
        plans.emplace_back(p.text("name", 40, "Plan " + std::string(1, static_cast<char>('B' + i))), battle);
    }

    Runner run(ruleset, "compare", r.solver, plans.size());
    json out = {{"side", f.sides()[static_cast<std::size_t>(side)]}, {"loss_word", f.loss_word()}};
    json rows = json::array();
    std::string stopped;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        run.progress(i, plans.size(), plans[i].first);
        const std::string prefix = i == 0 ? "" : "/compare/plans/" + std::to_string(i - 1) + "/battle";
        json odds;
        try {
            odds = run.odds(plans[i].second, [&](const InputError& e) {
                if (i > 0) throw InputError(prefix + e.path(), e.what());
            });
        } catch (const Stopped& s) {
            stopped = s.why;
            break;
        }
        json row = point_json(f, odds, side);
        row["name"] = plans[i].first;
        row["odds"] = odds;
        rows.push_back(row);
    }
    for (auto& row : rows) row["difference"] = difference(row, rows[0], f.sides());
    out["plans"] = rows;
    finish(out, run, stopped);
    return out;
}

}  // namespace bc::tools

// Marginal value: the change in a side's chance to win from one more of each
// thing it could add (a man of each kind for each noble; a die size or an
// experience step for each unit, also per gold piece; a point of Arms, Armour
// or Size for each unit), ranked.
#include <algorithm>

#include "tools/facts.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

namespace {
constexpr std::size_t kDefaultChanges = 40, kMaxChanges = 200;
}

json marginal_tool(const api::Ruleset& ruleset, const In& req) {
    const Facts& f = facts_of(ruleset);
    // The rule system may read more fields (S&F: "steps").
    std::vector<std::string> known = {"side", "max_changes"};
    for (const auto& k : f.marginal_fields()) known.push_back(k);
    const Request r = split(req, "marginal", known);
    const In tool(r.tool, "/marginal");
    const int side = read_side(tool, f.sides());
    const std::size_t max_changes = read_bound(tool, "max_changes", kDefaultChanges, kMaxChanges);
    std::vector<Change> changes = f.changes(r.battle, side, tool);

    json skipped = json::array();
    std::vector<Change*> todo;
    for (auto& c : changes) {
        if (!c.skipped.empty())
            skipped.push_back({{"label", c.label}, {"unit", c.unit}, {"what", c.what}, {"why", c.skipped}});
        else if (todo.size() >= max_changes)
            skipped.push_back({{"label", c.label}, {"unit", c.unit}, {"what", c.what},
                               {"why", "past the limit of " + std::to_string(max_changes) + " changes (max_changes)"}});
        else
            todo.push_back(&c);
    }

    Runner run(ruleset, "marginal", r.solver, todo.size() + 1);
    run.progress(0, todo.size() + 1, "the battle as it is");
    json base;
    try {
        base = run.odds(r.battle);
    } catch (const Stopped& s) {
        throw LimitError("the battle as it is could not be solved within the limits: " + s.why);
    }
    const json base_point = point_json(f, base, side);
    const double p0 = base_point["win"].get<double>();
    json rows = json::array();
    std::string stopped;
    for (std::size_t i = 0; i < todo.size(); ++i) {
        Change& c = *todo[i];
        run.progress(i + 1, todo.size() + 1, c.label);
        json odds;
        try {
            odds = run.odds(c.battle);
        } catch (const Stopped& s) {
            stopped = s.why;
            break;
        } catch (const InputError& e) {
            // A change the rules refuse in this battle (for example two units with
            // the same keywords): listed with the rules' reason, not an error of the request.
            skipped.push_back({{"label", c.label}, {"unit", c.unit}, {"what", c.what}, {"why", e.what()}});
            continue;
        }
        json row = point_json(f, odds, side);
        row["label"] = c.label;
        row["unit"] = c.unit;
        row["what"] = c.what;
        row["delta"] = row["win"].get<double>() - p0;
        if (c.priced) {
            row["cost"] = c.cost;
            if (c.cost > 0) row["per_gold"] = row["delta"].get<double>() / c.cost;
        }
        rows.push_back(row);
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const json& a, const json& b) { return a["delta"].get<double>() > b["delta"].get<double>(); });
    json by_gold = json::array();
    {
        std::vector<const json*> priced;
        for (const auto& row : rows)
            if (row.contains("per_gold")) priced.push_back(&row);
        std::stable_sort(priced.begin(), priced.end(), [](const json* a, const json* b) {
            return (*a)["per_gold"].get<double>() > (*b)["per_gold"].get<double>();
        });
        for (const json* p : priced)
            by_gold.push_back({{"label", (*p)["label"]}, {"per_gold", (*p)["per_gold"]}, {"cost", (*p)["cost"]},
                               {"delta", (*p)["delta"]}});
    }
    json out = {{"side", f.sides()[static_cast<std::size_t>(side)]},
                {"loss_word", f.loss_word()},
                {"base", base_point},
                {"changes", rows},
                {"skipped", skipped}};
    if (!by_gold.empty()) out["by_gold"] = by_gold;
    finish(out, run, stopped);
    return out;
}

}  // namespace bc::tools

// Minimum force: the least of something that reaches a target chance to win
// (90% unless asked), or a plain "not reachable within the limits" saying
// what the limits were.
#include <map>

#include "tools/facts.hpp"
#include "tools/pointer.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

json minimum_tool(const api::Ruleset& ruleset, const In& req) {
    const Facts& f = facts_of(ruleset);
    std::vector<std::string> known = {"side", "target", "max_solves"};
    for (const auto& k : f.minimum_fields()) known.push_back(k);
    const Request r = split(req, "minimum", known);
    const In tool(r.tool, "/minimum");
    const int side = read_side(tool, f.sides());
    const double target = tool.number("target", 0.0001, 1, 0.9);
    Runner run(ruleset, "minimum", r.solver, read_bound(tool, "max_solves", 30, 200));
    json out = f.minimum(run, r, side, target, tool);
    out["side"] = f.sides()[static_cast<std::size_t>(side)];
    out["target"] = target;
    out["loss_word"] = f.loss_word();
    out["work"] = run.work();
    return out;
}

json least_value(Runner& run, const Facts& f, const json& battle, const std::string& path, std::int64_t lo,
                 std::int64_t hi, double target, int side, bool monotone, const std::string& noun) {
    std::map<std::int64_t, json> solved;  // value -> its point
    auto win = [&](std::int64_t v) {
        auto it = solved.find(v);
        if (it == solved.end()) {
            run.progress(run.solves(), run.max_solves(), std::to_string(v) + " " + noun);
            json p = point_json(f, run.odds(with_number(battle, path, v)), side);
            p["value"] = v;
            it = solved.emplace(v, p).first;
        }
        return it->second["win"].get<double>();
    };
    json out = {{"path", path}, {"noun", noun}, {"from", lo}, {"max", hi}};
    std::string stopped, method;
    std::int64_t found = -1;
    const std::int64_t room = static_cast<std::int64_t>(run.max_solves() - run.solves());
    try {
        if (!monotone && hi - lo + 1 <= room) {
            // Every value in turn: the least one that reaches the target, for certain.
            method = "scan";
            for (std::int64_t v = lo; v <= hi && found < 0; ++v)
                if (win(v) >= target) found = v;
        } else {
            method = "bisection";
            std::int64_t bad = lo - 1, good = -1;
            if (win(lo) >= target) good = lo;
            for (std::int64_t d = 1; good < 0; d *= 2) {
                const std::int64_t v = std::min(hi, lo + d);
                if (win(v) >= target)
                    good = v;
                else
                    bad = v;
                if (v == hi) break;
            }
            if (good >= 0) {
                while (good - bad > 1) {
                    const std::int64_t mid = bad + (good - bad) / 2;
                    (win(mid) >= target ? good : bad) = mid;
                }
                found = good;
            }
        }
    } catch (const Stopped& s) {
        stopped = s.why;
    }
    out["method"] = method;
    json tried = json::array();
    for (const auto& [v, p] : solved) tried.push_back({{"value", v}, {"win", p["win"]}});
    out["tried"] = tried;
    if (found >= 0) {
        out["reachable"] = true;
        out["value"] = found;
        out["point"] = solved.at(found);
        if (solved.count(found - 1)) out["one_less"] = solved.at(found - 1);
        std::string note = found == lo ? "Already " + std::to_string(lo) + " " + noun + " reach it."
                                       : std::to_string(found) + " " + noun + " reach it and " +
                                             std::to_string(found - 1) + " do not.";
        if (method == "scan")
            note += " Every value from " + std::to_string(lo) + " up was solved, so none smaller reaches it.";
        else if (!monotone && found > lo)
            note += " Found by doubling and halving: more need not mean better here (break points), so a smaller "
                    "value below one that fell short might reach it too; a sweep shows every value.";
        out["note"] = note;
    } else {
        out["reachable"] = false;
        double best = -1;
        std::int64_t at = lo;
        for (const auto& [v, p] : solved) {
            const double win = p["win"].get<double>();
            if (win > best) best = win, at = v;
        }
        std::string why = stopped.empty() ? "up to " + std::to_string(hi) + " " + noun
                                          : "stopped by " + stopped + " after " + std::to_string(solved.size()) +
                                                " solves";
        out["note"] = "Not reachable within the limits (" + why + "); the best chance to win found was " +
                      percent(std::max(0.0, best)) + " with " + std::to_string(at) + " " + noun + ".";
        if (!stopped.empty()) out["stopped_by"] = stopped;
    }
    return out;
}

}  // namespace bc::tools

#include "tools/luck.hpp"

#include <algorithm>

#include "api/solver.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

json luck_tool(const api::Ruleset& ruleset, const In& req) {
    const Request r = split(req, "luck", {"actual"});
    const Facts& f = facts_of(ruleset);
    const In tool(r.tool, "/luck");
    if (!tool.has("actual"))
        tool.fail_at("actual", "is required: what happened (the outcome and what each side had left)");
    Runner run(ruleset, "luck", r.solver, 2);
    json out;
    try {
        out = f.luck(run, r, tool.object("actual", false));
    } catch (const Stopped& s) {
        // Nothing to rank without the battle's own distribution: a limit error naming the bound.
        const bool time = s.why.rfind("the time limit", 0) == 0;
        throw LimitError("how lucky was I needs the battle's odds first, and " +
                         (time ? "they were not ready within " + s.why + ": give it a longer time limit, or ask for Monte Carlo"
                               : "they could not be had: " + s.why));
    }
    out["definition"] =
        "A result is ranked for each side by its outcome for that side (a win, then a result that is neither a "
        "win nor a loss, then a loss) and, within the same outcome, by what that side has left (" +
        f.loss_word() + "). \"At least this good\" is the chance of a result ranked the same or better.";
    out["loss_word"] = f.loss_word();
    out["work"] = run.work();
    return out;
}

json rank_json(const std::map<std::int64_t, double>& dist, std::int64_t observed) {
    double better = 0, equal = 0, worse = 0;
    for (const auto& [v, p] : dist) (v > observed ? better : v == observed ? equal : worse) += p;
    const double total = better + equal + worse;
    json j = {{"at_least", better + equal}, {"better", better}, {"equal", equal}, {"worse", worse},
              {"percentile", total > 0 ? 100 * (worse + equal / 2) / total : 0.0}};
    // Mass the distribution does not hold: an endless battle, or values left out.
    if (total < 1 - 1e-9) j["unranked"] = 1 - total;
    return j;
}

json mark_json(const json& dist_p, std::int64_t observed) {
    double at_least = 0, exactly = 0;
    for (auto it = dist_p.begin(); it != dist_p.end(); ++it) {
        const std::int64_t v = std::stoll(it.key());
        const double p = it.value().get<double>();
        if (v >= observed) at_least += p;
        if (v == observed) exactly += p;
    }
    return {{"value", observed}, {"at_least", at_least}, {"exactly", exactly}};
}

std::string luck_words(const std::string& side_name, const json& rank) {
    const double at_least = rank["at_least"].get<double>(), eq = rank["equal"].get<double>();
    std::string s = "A result at least this good for " + side_name + ": " + percent(at_least) + " of battles";
    if (eq <= 0)
        s += " (this result is impossible under these rules and numbers: check what was entered).";
    else
        // Luckier than the results ranked below it, and as lucky as those
        // ranked the same: "at least this good" and these add up. (The
        // percentile, which counts half of the ties, is for a mark on a scale:
        // in words, a result ranked last was "luckier than" a third of them.)
        s += "; luckier than " + percent(rank["worse"].get<double>()) + " of them, as lucky as " + percent(eq) + ".";
    return s;
}

json solve_scored(const ScoredState& root, Tally& tally, const SolverRequest& req) {
    return solve_any(root, tally, req);
}

SolverRequest scored_request(Runner& run, const Request& req) {
    SolverRequest s = req.solver;
    s.time_limit_s = run.begin_solve();
    return s;
}

json sides_luck_json(const Tally& t, const std::vector<std::string>& ids, const std::vector<std::string>& names,
                     const std::vector<std::int64_t>& observed, double trials) {
    json out = json::object();
    for (std::size_t s = 0; s < ids.size(); ++s) {
        json r = rank_json(t.p_series(s), observed[s]);
        r["score"] = observed[s];
        if (trials > 0) {
            const auto [lo, hi] = wilson95(r["at_least"].get<double>() * trials, trials);
            r["at_least_ci95"] = {lo, hi};
        }
        r["text"] = luck_words(names[s], r);
        out[ids[s]] = r;
    }
    return out;
}

json scored_luck_answer(Runner& run, const Request& req, const ScoredState& root, std::vector<std::string> outcomes,
                        const std::vector<std::string>& ids, const std::vector<std::string>& names,
                        const std::vector<std::int64_t>& observed, json marks, json actual, json odds) {
    Schema schema;
    schema.outcomes = std::move(outcomes);
    for (const auto& id : ids) schema.series.push_back("luck/" + id);
    Tally tally(schema);
    const json meta = solve_scored(root, tally, scored_request(run, req));
    const bool sampled = meta.value("method", "") != "exact";
    json out = {{"sides", sides_luck_json(tally, ids, names, observed, sampled ? tally.total() : 0)},
                {"marks", std::move(marks)},
                {"actual", std::move(actual)},
                {"method", meta.value("method", "")},
                {"odds", std::move(odds)}};
    if (meta.contains("fallback")) out["fallback"] = meta["fallback"];
    return out;
}

}  // namespace bc::tools

#include "api/solver.hpp"

#include <algorithm>
#include <sstream>

namespace bc {

namespace {
ProgressFn& progress_fn() {
    static ProgressFn fn;
    return fn;
}
}  // namespace

void set_progress(ProgressFn fn) { progress_fn() = std::move(fn); }

bool report_progress(const json& p) {
    auto& fn = progress_fn();
    return fn ? fn(p) : true;
}

std::uint64_t read_seed(const In& req) { return static_cast<std::uint64_t>(req.integer("seed", 0, kMaxSeed, 1)); }
bool read_log(const In& req) { return req.boolean("log", true); }

SolverRequest parse_solver(const In& s) {
    s.only({"method", "path", "trials", "seed", "target_halfwidth", "max_states", "max_memory_mb", "time_limit_s", "prune",
            "exact_time_s", "defer_sampling", "blocks", "tally"});
    SolverRequest r;
    r.method = s.choice("method", {"auto", "exact", "monte-carlo"}, "auto");
    r.path = s.choice("path", {"auto", "generic"}, "auto");
    r.trials = static_cast<std::uint64_t>(
        s.integer("trials", 1, static_cast<std::int64_t>(SolverLimits::kMaxTrials), 20'000));
    r.seed = read_seed(s);
    r.target_halfwidth = s.number("target_halfwidth", 0, 0.5, 0.005);
    r.max_states = static_cast<std::uint64_t>(
        s.integer("max_states", 1, static_cast<std::int64_t>(SolverLimits::kMaxStates), 1'000'000));
    r.max_memory_mb = s.integer("max_memory_mb", 16, SolverLimits::kMaxMemoryMb, SolverLimits::kDefaultMemoryMb);
    r.time_limit_s = s.number("time_limit_s", 0.01, SolverLimits::kMaxSeconds, 30);
    r.prune = s.number("prune", 0, 1e-3, 0);
    r.exact_time_s = s.number("exact_time_s", 0, SolverLimits::kMaxSeconds, 0);
    read_page_sampling(s, r);
    return r;
}

json solver_json(const SolverRequest& s) {
    return {{"method", s.method},           {"path", s.path},             {"trials", s.trials},         {"seed", s.seed},
            {"target_halfwidth", s.target_halfwidth}, {"max_states", s.max_states}, {"max_memory_mb", s.max_memory_mb},
            {"time_limit_s", s.time_limit_s}, {"prune", s.prune}, {"exact_time_s", s.exact_time_s}};
}

ExactOptions exact_options(const SolverRequest& req, double time_limit_s) {
    ExactOptions eo;
    eo.max_states = req.max_states;
    eo.max_bytes = static_cast<std::size_t>(req.max_memory_mb) << 20;
    eo.prune = req.prune;
    eo.time_limit_s = time_limit_s;
    eo.progress = [](const ExactProgress& p) {
        return report_progress({{"phase", "exact"},
                                {"states", p.states},
                                {"max_states", p.max_states},
                                {"settled", p.settled},
                                {"bytes", p.bytes},
                                {"levels_done", p.levels_done},
                                {"levels_waiting", p.levels_waiting}});
    };
    return eo;
}

MonteCarloOptions monte_carlo_options(const SolverRequest& req, double time_limit_s) {
    MonteCarloOptions mo;
    mo.trials = req.trials;
    mo.seed = req.seed;
    mo.target_halfwidth = req.target_halfwidth;
    mo.block = kBlockTrials;
    // What is left of the time limit after an exact attempt; a whisker at least,
    // so that a sampled answer says how far it got instead of nothing.
    mo.time_limit_s = std::max(time_limit_s, 0.01);
    mo.progress = [](const MonteCarloProgress& p) {
        return report_progress(
            {{"phase", "monte-carlo"}, {"trials", p.trials}, {"planned", p.planned}, {"halfwidth", p.halfwidth}});
    };
    return mo;
}

json exact_answer(const ExactStatus& st) {
    return {{"method", "exact"}, {"states", st.states}, {"dropped", st.dropped}, {"peak_bytes", st.peak_bytes}};
}

json monte_carlo_answer(const MonteCarloStatus& st, const SolverRequest& req) {
    return {{"method", "monte-carlo"},
            {"trials", st.trials},
            {"seed", req.seed},
            {"stopped_by", st.stopped_by.empty() ? "trials" : st.stopped_by},
            {"max_halfwidth", st.max_halfwidth}};
}

double exact_attempt_s(const SolverRequest& req) {
    if (req.method == "exact") return req.time_limit_s;
    const double share = req.time_limit_s * kAutoExactShare;
    return req.exact_time_s > 0 ? std::min(req.exact_time_s, req.time_limit_s) : share;
}

ExactTry exact_try(const ExactStatus& st) {
    ExactTry t;
    t.complete = st.complete;
    if (st.complete) t.answer = exact_answer(st);
    t.stopped_by = st.stopped_by;
    t.states = st.states;
    return t;
}

namespace {

// Why an "auto" request samples after an exact solve stopped in a budget.
json fallback_json(const ExactTry& t, const SolverRequest& req) {
    std::string why = t.stopped_by;
    if (why == "state too large") why = "largest state it can store";
    if (why == "time limit") {
        std::ostringstream s;
        s << "time for an exact attempt (" << exact_attempt_s(req) << " s)";
        why = s.str();
    }
    return {{"from", "exact"},
            {"reason", t.stopped_by},
            {"states", t.states},
            {"message", "the exact solve reached its " + why + " after " + std::to_string(t.states) +
                            " states, so these odds are sampled"}};
}

}  // namespace

bool settle_exact(const ExactTry& t, const SolverRequest& req, json& out) {
    if (t.complete) {
        out = t.answer;
        return true;
    }
    if (t.stopped_by == "cancelled") throw std::runtime_error("cancelled");
    const bool declined = t.stopped_by.empty();
    if (req.method == "exact")
        throw LimitError(declined ? t.refusal
                                  : "the exact solve stopped at its " + t.stopped_by + " after " +
                                        std::to_string(t.states) + " states; ask for Monte Carlo or a larger budget");
    out["fallback"] = declined ? t.skip : fallback_json(t, req);
    return false;
}

json outcomes_json(const Tally& t) {
    json o = json::object();
    for (std::size_t i = 0; i < t.schema().outcomes.size(); ++i) o[t.schema().outcomes[i]] = t.p_outcome(i);
    return o;
}

json outcomes_ci_json(const Tally& t) {
    json o = json::object();
    for (std::size_t i = 0; i < t.schema().outcomes.size(); ++i) {
        auto [lo, hi] = wilson95(t.outcome(i), t.total());
        o[t.schema().outcomes[i]] = {lo, hi};
    }
    return o;
}

json series_json(const Tally& t, std::size_t i, double floor) {
    json o = json::object();
    for (const auto& [v, p] : t.p_series(i))
        if (p >= floor) o[std::to_string(v)] = p;
    return o;
}

json event_ci_json(const Tally& t, std::size_t i) {
    auto [lo, hi] = wilson95(t.event(i), t.total());
    return {lo, hi};
}

}  // namespace bc

// The "solver" part of an odds request, shared by every rule system.
#pragma once
#include <cstdint>
#include <string>

#include "json/input.hpp"
#include "solve/exact.hpp"
#include "solve/montecarlo.hpp"
#include "solve/tally.hpp"

namespace bc {

struct SolverLimits {
    static constexpr std::uint64_t kMaxTrials = 5'000'000;
    static constexpr std::uint64_t kMaxStates = 5'000'000;
    static constexpr double kMaxSeconds = 120;
};

struct SolverRequest {
    std::string method = "auto";  // auto | exact | monte-carlo
    std::uint64_t trials = 20'000;
    std::uint64_t seed = 1;
    double target_halfwidth = 0.005;  // Monte Carlo stops once every 95% interval is this narrow
    std::uint64_t max_states = 1'000'000;
    double time_limit_s = 30;
    double prune = 0;
};

// Seeds run from 0 to 2^53 - 1, the largest whole number JavaScript keeps exactly.
inline constexpr std::int64_t kMaxSeed = 9007199254740991LL;
// A request's "seed" for a roll (default 1).
std::uint64_t read_seed(const In& req);

SolverRequest parse_solver(const In& solver);
json solver_json(const SolverRequest& s);

// Progress reports from a long solve. The wasm build forwards them to the
// page's worker; returning false cancels.
using ProgressFn = std::function<bool(const json&)>;
void set_progress(ProgressFn fn);
bool report_progress(const json& p);

// Runs the exact solver, or Monte Carlo when asked or when the exact solve
// exceeds its budget ("auto"). Fills the common fields of an odds response.
template <ChanceState S>
json solve_any(const S& root, Tally& tally, const SolverRequest& req) {
    json out = json::object();
    if (req.method != "monte-carlo") {
        ExactOptions eo;
        eo.max_states = req.max_states;
        eo.prune = req.prune;
        eo.time_limit_s = req.method == "exact" ? req.time_limit_s : req.time_limit_s / 4;
        eo.progress = [](std::uint64_t states, double settled) {
            return report_progress({{"phase", "exact"}, {"states", states}, {"settled", settled}});
        };
        Tally t(tally.schema());
        const ExactStatus st = solve_exact(root, t, eo);
        if (st.complete) {
            tally.merge(t);
            out["method"] = "exact";
            out["states"] = st.states;
            out["dropped"] = st.dropped;
            return out;
        }
        if (req.method == "exact" || st.stopped_by == "cancelled")
            throw std::runtime_error("the exact solve stopped (" + st.stopped_by + ") after " +
                                     std::to_string(st.states) +
                                     " states; ask for Monte Carlo or a larger budget");
        out["fallback"] = {{"from", "exact"},
                           {"reason", st.stopped_by},
                           {"states", st.states},
                           {"message", "the exact solve exceeded its " + st.stopped_by +
                                           " after " + std::to_string(st.states) +
                                           " states, so these odds are sampled"}};
    }
    MonteCarloOptions mo;
    mo.trials = req.trials;
    mo.seed = req.seed;
    mo.target_halfwidth = req.target_halfwidth;
    mo.time_limit_s = req.time_limit_s;
    mo.progress = [](std::uint64_t done, std::uint64_t planned) {
        return report_progress({{"phase", "monte-carlo"}, {"trials", done}, {"planned", planned}});
    };
    const MonteCarloStatus st = solve_monte_carlo(root, tally, mo);
    if (st.stopped_by == "cancelled") throw std::runtime_error("cancelled");
    out["method"] = "monte-carlo";
    out["trials"] = st.trials;
    out["seed"] = req.seed;
    out["stopped_by"] = st.stopped_by.empty() ? "trials" : st.stopped_by;
    out["max_halfwidth"] = st.max_halfwidth;
    return out;
}

// {"name": p} for every outcome, and for Monte Carlo {"name": [lo, hi]}.
json outcomes_json(const Tally& t);
json outcomes_ci_json(const Tally& t);
// A series as {"value": p, ...}, leaving out values below `floor`.
json series_json(const Tally& t, std::size_t i, double floor = 1e-12);
json event_ci_json(const Tally& t, std::size_t i);

}  // namespace bc

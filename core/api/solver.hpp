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
    // The exact solver's memory budget: a browser tab's worth by default, and
    // at most what keeps the whole process under 1 GB.
    static constexpr std::int64_t kDefaultMemoryMb = 512;
    static constexpr std::int64_t kMaxMemoryMb = 768;
};

struct SolverRequest {
    std::string method = "auto";  // auto | exact | monte-carlo
    std::uint64_t trials = 20'000;
    std::uint64_t seed = 1;
    double target_halfwidth = 0.005;  // Monte Carlo stops once every 95% interval is this narrow
    std::uint64_t max_states = 1'000'000;
    std::int64_t max_memory_mb = SolverLimits::kDefaultMemoryMb;
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

// The share of the time limit an "auto" request gives its exact attempt
// before sampling in what is left (so the two together stay within it).
inline constexpr double kAutoExactShare = 0.25;

ExactOptions exact_options(const SolverRequest& req, double time_limit_s);
MonteCarloOptions monte_carlo_options(const SolverRequest& req, double time_limit_s);
// The answer's fields for a complete exact solve, and for a sampled one.
json exact_answer(const ExactStatus& st);
json monte_carlo_answer(const MonteCarloStatus& st, const SolverRequest& req);
// Why an "auto" request samples instead ("fallback" in the answer).
json fallback_json(const ExactStatus& st);

// Runs the exact solver, or Monte Carlo when asked or when the exact solve
// exceeds its budget ("auto"). Fills the common fields of an odds response.
// `sample` plays the Monte Carlo trials (the generic state's, or a rule
// system's faster sampler of the same battle).
template <ChanceState S, class Sample>
json solve_any(const S& root, Tally& tally, const SolverRequest& req, Sample&& sample) {
    const Deadline deadline(req.time_limit_s);
    json out = json::object();
    if (req.method != "monte-carlo") {
        Tally t(tally.schema());
        const ExactStatus st = solve_exact(
            root, t, exact_options(req, req.method == "exact" ? req.time_limit_s : req.time_limit_s * kAutoExactShare));
        if (st.complete) {
            tally.merge(t);
            return exact_answer(st);
        }
        if (st.stopped_by == "cancelled") throw std::runtime_error("cancelled");
        if (req.method == "exact")
            throw LimitError("the exact solve stopped at its " + st.stopped_by + " after " + std::to_string(st.states) +
                             " states; ask for Monte Carlo or a larger budget");
        out["fallback"] = fallback_json(st);
    }
    const MonteCarloStatus st = sample(tally, monte_carlo_options(req, deadline.left()));
    if (st.stopped_by == "cancelled") throw std::runtime_error("cancelled");
    out.update(monte_carlo_answer(st, req));
    return out;
}

template <ChanceState S>
json solve_any(const S& root, Tally& tally, const SolverRequest& req) {
    return solve_any(root, tally, req,
                     [&root](Tally& t, const MonteCarloOptions& mo) { return solve_monte_carlo(root, t, mo); });
}

// {"name": p} for every outcome, and for Monte Carlo {"name": [lo, hi]}.
json outcomes_json(const Tally& t);
json outcomes_ci_json(const Tally& t);
// A series as {"value": p, ...}, leaving out values below `floor`.
json series_json(const Tally& t, std::size_t i, double floor = 1e-12);
json event_ci_json(const Tally& t, std::size_t i);

}  // namespace bc

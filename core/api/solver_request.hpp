// The "solver" part of an odds request, shared by every rule system: what it
// asks, and the fields of an answer. solver.hpp holds the policy that uses it.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
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
    // auto: the rule system picks its fastest path; generic: only the one
    // statement of the rules (its chance state, every field of it in the key,
    // sampled step by step), so that a fast path can be checked against it.
    std::string path = "auto";
    std::uint64_t trials = 20'000;
    std::uint64_t seed = 1;
    double target_halfwidth = 0.005;  // Monte Carlo stops once every 95% interval is this narrow
    std::uint64_t max_states = 1'000'000;
    std::int64_t max_memory_mb = SolverLimits::kDefaultMemoryMb;
    double time_limit_s = 30;
    double prune = 0;
    // "auto" only: seconds its exact attempt may take before sampling (0: a
    // quarter of time_limit_s). The page asks for a short attempt, so that an
    // edit of a battle too large to solve quickly is answered by sampling at once.
    double exact_time_s = 0;
    // For a page that samples in several workers: page_sampling.hpp.
    bool defer_sampling = false;   // answer {"method": "deferred"} instead of sampling
    std::uint64_t first_block = 0; // sample blocks first_block .. first_block + blocks - 1
    std::uint64_t blocks = 0;      // 0: sample as usual; else answer each block's raw tally
    json tally;                    // the merged raw tallies: answer from them without sampling
    // Set by a rule system that knows the exact solve is hopeless: sample
    // straight away, with this as the answer's "fallback".
    json skip_exact;
};

// Trials per seeded Monte Carlo block (montecarlo.hpp), for every rule system.
inline constexpr std::uint64_t kBlockTrials = 1'000;

// Seeds run from 0 to 2^53 - 1, the largest whole number JavaScript keeps exactly.
inline constexpr std::int64_t kMaxSeed = 9007199254740991LL;
// A request's "seed" for a roll (default 1).
std::uint64_t read_seed(const In& req);
// A roll request's "log" (default true): false answers without the battle's
// log, every number still there (for programs that roll many battles).
bool read_log(const In& req);

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

// Seconds the exact solve may take: all of time_limit_s for "exact", the
// attempt's share for "auto".
double exact_attempt_s(const SolverRequest& req);
ExactOptions exact_options(const SolverRequest& req, double time_limit_s);
MonteCarloOptions monte_carlo_options(const SolverRequest& req, double time_limit_s);
// The answer's fields for a complete exact solve, and for a sampled one.
json exact_answer(const ExactStatus& st);
json monte_carlo_answer(const MonteCarloStatus& st, const SolverRequest& req);

// {"name": p} for every outcome, and for Monte Carlo {"name": [lo, hi]}.
json outcomes_json(const Tally& t);
json outcomes_ci_json(const Tally& t);
// A series as {"value": p, ...}, leaving out values below `floor`.
json series_json(const Tally& t, std::size_t i, double floor = 1e-12);
json event_ci_json(const Tally& t, std::size_t i);

}  // namespace bc

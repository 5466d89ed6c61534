// The "solver" part of an odds request, shared by every rule system.
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
    // For a page that samples in several workers (site/js/pool.js):
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

// A whole answer that replaces the rule system's own (a deferred sampling, or
// raw block tallies): set while solving, returned by api::odds.
std::optional<json>& answer_override();
// A tally as plain numbers, and back (checked against the schema).
json tally_json(const Tally& t);
void load_tally(const In& in, Tally& t);

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

// What one exact path did with a request: the generic solver (solve_exact)
// and a rule system's fast exact paths (Olympia's sweeps) all say it so.
struct ExactTry {
    bool complete = false;
    json answer;             // complete: the answer's exact fields (method, states, ...)
    std::string stopped_by;  // stopped inside a budget ("cancelled": asked to stop)
    std::uint64_t states = 0;
    // Declined before starting (the path knew the battle is past its budget):
    json skip;               // why "auto" samples instead ({"from", "reason", "message", ...})
    std::string refusal;     // the limit error's words for method "exact"
};
ExactTry exact_try(const ExactStatus& st);
// The one exact-then-fallback policy, for every rule system: true when the
// try answered (out is its fields; the caller keeps its tally). Otherwise a
// cancel is thrown as such, method "exact" gets a LimitError in words, and
// "auto" gets the answer's "fallback" in `out` (then it samples).
bool settle_exact(const ExactTry& t, const SolverRequest& req, json& out);

// Runs the exact solver, or Monte Carlo when asked or when the exact solve
// exceeds its budget ("auto"). Fills the common fields of an odds response.
// `sample` plays the Monte Carlo trials (the generic state's, or a rule
// system's faster sampler of the same battle).
template <ChanceState S, class Sample>
json solve_any(const S& root, Tally& tally, const SolverRequest& req, Sample&& sample) {
    const Deadline deadline(req.time_limit_s);
    json out = json::object();
    if (!req.skip_exact.is_null()) {
        out["fallback"] = req.skip_exact;
    } else if (req.method != "monte-carlo") {
        Tally t(tally.schema());
        if (settle_exact(exact_try(solve_exact(root, t, exact_options(req, exact_attempt_s(req)))), req, out)) {
            tally.merge(t);
            return out;
        }
    }
    if (!req.tally.is_null()) {
        // The page's workers sampled the blocks; the answer is built from their merged tallies.
        load_tally(In(req.tally, "/solver/tally"), tally);
        MonteCarloStatus st;
        st.trials = static_cast<std::uint64_t>(tally.total());
        st.max_halfwidth = widest_halfwidth(tally);
        st.stopped_by = req.target_halfwidth > 0 && st.max_halfwidth <= req.target_halfwidth ? "target width" : "";
        out.update(monte_carlo_answer(st, req));
        return out;
    }
    if (req.defer_sampling) {
        json d = {{"method", "deferred"}, {"block", kBlockTrials}, {"solver", solver_json(req)}};
        if (out.contains("fallback")) d["fallback"] = out["fallback"];
        answer_override() = d;
        return out;
    }
    if (req.blocks > 0) {
        const auto t0 = std::chrono::steady_clock::now();
        json raw = json::array();
        for (std::uint64_t k = req.first_block; k < req.first_block + req.blocks; ++k) {
            // The last block of a run of `trials` may be short, as in one call.
            if (k * kBlockTrials >= req.trials) break;
            Tally t(tally.schema());
            MonteCarloOptions mo = monte_carlo_options(req, deadline.left());
            mo.first_block = k;
            mo.trials = std::min(kBlockTrials, req.trials - k * kBlockTrials);
            mo.target_halfwidth = 0;
            const MonteCarloStatus st = sample(t, mo);
            if (st.stopped_by == "cancelled") throw std::runtime_error("cancelled");
            if (!st.complete) break;  // only whole blocks: a (seed, block) always means the same battles
            raw.push_back(tally_json(t));
        }
        // time_ms: the page adds up its workers' to say how long the core sampled.
        answer_override() = json{{"method", "monte-carlo-blocks"}, {"first_block", req.first_block}, {"tallies", raw},
                                 {"time_ms", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()}};
        return out;
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

// The page's sampling protocol (site/js/engine/pool.js), a thin layer under
// solve_any's policy for a page that samples in several workers:
//   1. one worker asks with "defer_sampling": the exact answer when the policy
//      finds one, else {"method": "deferred"} (with the "fallback" and the
//      solver the blocks are to use): sampling is left to the pool;
//   2. each worker asks for "blocks" {first, count} of seeded trials
//      (kBlockTrials each) and gets their raw tallies, so that a (seed, block)
//      always means the same battles however the blocks are shared out;
//   3. one call with the merged "tally" answers from it without sampling.
// The answers of 1 and 2 replace the rule system's own (answer_override).
#pragma once
#include <chrono>
#include <optional>
#include <stdexcept>

#include "api/solver_request.hpp"

namespace bc {

// A whole answer that replaces the rule system's own (a deferred sampling, or
// raw block tallies): set while solving, returned by api::odds.
std::optional<json>& answer_override();
// A tally as plain numbers, and back (checked against the schema).
json tally_json(const Tally& t);
void load_tally(const In& in, Tally& t);
// The request's "defer_sampling", "blocks" and "tally", checked (parse_solver).
void read_page_sampling(const In& solver, SolverRequest& r);

// True when the request's sampling is the page's: sample_for_page answers it.
inline bool page_samples(const SolverRequest& req) {
    return !req.tally.is_null() || req.defer_sampling || req.blocks > 0;
}

// `out` holds what the exact attempt said (its "fallback"); `sample` plays
// trials as in solve_any.
template <class Sample>
void sample_for_page(Tally& tally, const SolverRequest& req, json& out, const Deadline& deadline, Sample&& sample) {
    if (!req.tally.is_null()) {
        // The page's workers sampled the blocks; the answer is built from their merged tallies.
        load_tally(In(req.tally, "/solver/tally"), tally);
        MonteCarloStatus st;
        st.trials = static_cast<std::uint64_t>(tally.total());
        st.max_halfwidth = widest_halfwidth(tally);
        st.stopped_by = req.target_halfwidth > 0 && st.max_halfwidth <= req.target_halfwidth ? "target width" : "";
        out.update(monte_carlo_answer(st, req));
        return;
    }
    if (req.defer_sampling) {
        json d = {{"method", "deferred"}, {"block", kBlockTrials}, {"solver", solver_json(req)}};
        if (out.contains("fallback")) d["fallback"] = out["fallback"];
        answer_override() = d;
        return;
    }
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
}

}  // namespace bc

// The one exact-then-fallback policy, for every rule system: solve_any()
// tries the exact solve (the generic one, or a rule system's fast exact path
// through settle_exact), then samples, in this call or (page_sampling.hpp) in
// the page's workers.
#pragma once
#include "api/page_sampling.hpp"
#include "api/solver_request.hpp"

namespace bc {

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
    if (page_samples(req)) {
        sample_for_page(tally, req, out, deadline, sample);
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

}  // namespace bc

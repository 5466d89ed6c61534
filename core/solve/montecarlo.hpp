// Sampled odds: play the battle many times with the project's generator.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "dice/rng.hpp"
#include "solve/state.hpp"
#include "solve/tally.hpp"

namespace bc {

struct MonteCarloOptions {
    std::uint64_t trials = 100'000;    // at most this many
    std::uint64_t seed = 1;
    double target_halfwidth = 0;       // stop once every 95% interval is this narrow (0: never)
    std::uint64_t min_trials = 1'000;  // before stopping early
    double time_limit_s = 0;           // 0: none
    std::uint64_t max_steps = 10'000'000;  // per battle
    // Called every `chunk` trials, and at least every `report_s` seconds when
    // battles are long, with (trials done, trials planned); returning false
    // stops (complete = false).
    std::function<bool(std::uint64_t, std::uint64_t)> progress;
    std::uint64_t chunk = 1'000;
    double report_s = 0.25;
};

struct MonteCarloStatus {
    bool complete = false;      // ran all planned trials or met the target width
    std::string stopped_by;     // "", "target width", "time limit", "cancelled"
    std::uint64_t trials = 0;
    double max_halfwidth = 1;   // widest 95% interval half-width over outcomes and events
};

inline double widest_halfwidth(const Tally& t) {
    double w = 0;
    const double n = t.total();
    for (std::size_t i = 0; i < t.schema().outcomes.size(); ++i) {
        auto [lo, hi] = wilson95(t.outcome(i), n);
        w = std::max(w, (hi - lo) / 2);
    }
    for (std::size_t i = 0; i < t.schema().events.size(); ++i) {
        auto [lo, hi] = wilson95(t.event(i), n);
        w = std::max(w, (hi - lo) / 2);
    }
    return w;
}

template <ChanceState S>
MonteCarloStatus solve_monte_carlo(const S& root, Tally& tally, const MonteCarloOptions& opt = {}) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    MonteCarloStatus st;
    Rng rng(opt.seed);
    Outcomes scratch;
    auto last_report = start;
    for (std::uint64_t t = 0; t < opt.trials; ++t) {
        S s = root;
        double steps = 0;
        std::uint64_t n = 0;
        while (!s.is_terminal()) {
            if (++n > opt.max_steps) throw std::runtime_error("a battle did not end within the step limit");
            steps += step_weight_of(s);
            s.apply(draw(s, rng, scratch), nullptr);
        }
        Recorder rec(tally, 1.0);
        s.record(rec);
        tally.add_total(1.0);
        tally.add_steps(steps);
        st.trials = t + 1;
        // The early stop is checked at fixed trial counts only, so a seeded
        // run stops at the same place on every machine.
        const bool boundary = st.trials % opt.chunk == 0;
        if (boundary && opt.target_halfwidth > 0 && st.trials >= opt.min_trials &&
            widest_halfwidth(tally) <= opt.target_halfwidth) {
            st.stopped_by = "target width";
            break;
        }
        bool due = boundary;
        // The clock is read every 16 battles, or after every long one (a battle of
        // thousands of steps costs far more than reading it).
        if (!due && ((st.trials & 15) == 0 || n > 4096) && opt.report_s > 0)
            due = std::chrono::duration<double>(Clock::now() - last_report).count() > opt.report_s;
        if (due) {
            last_report = Clock::now();
            if (opt.time_limit_s > 0 &&
                std::chrono::duration<double>(Clock::now() - start).count() > opt.time_limit_s) {
                st.stopped_by = "time limit";
                break;
            }
            if (opt.progress && !opt.progress(st.trials, opt.trials)) {
                st.stopped_by = "cancelled";
                break;
            }
        }
    }
    st.complete = st.stopped_by.empty() || st.stopped_by == "target width";
    st.max_halfwidth = widest_halfwidth(tally);
    return st;
}

}  // namespace bc

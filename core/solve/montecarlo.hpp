// Sampled odds: play the battle many times with the project's generator.
//
// Trials run in blocks; block k draws from Rng::for_block(seed, k). So the
// battles of a (seed, trials) pair do not depend on who plays which block:
// several workers taking whole blocks, merged in block order, give exactly
// the answer of one worker playing them in turn. The early stop at the target
// width is only ever checked between blocks, for the same reason.
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

struct MonteCarloProgress {
    std::uint64_t trials = 0, planned = 0;
    double halfwidth = 1;  // the widest 95% interval's half-width so far
};

struct MonteCarloOptions {
    std::uint64_t trials = 100'000;    // at most this many
    std::uint64_t seed = 1;
    double target_halfwidth = 0;       // stop once every 95% interval is this narrow (0: never)
    std::uint64_t min_trials = 1'000;  // before stopping early
    double time_limit_s = 0;           // 0: none
    std::uint64_t max_steps = kStepLimit;  // per battle
    std::uint64_t block = 1'000;       // trials per seeded block
    std::uint64_t first_block = 0;     // a worker's share: blocks first_block, first_block + 1, ...
    // Called after every block, and at least every `report_s` seconds when
    // battles are long; returning false stops (complete = false).
    std::function<bool(const MonteCarloProgress&)> progress;
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

// Plays the trials block by block with `play_block(rng, tally, n, deadline,
// between)`, which plays up to `n` battles of one block from `rng`, records
// them into `tally` (outcomes, steps, add_total per battle) and returns how
// many it played: fewer only when the deadline passed or `between()` (to be
// called now and then between battles; true means stop) said so. A sampler
// that counts in its own arrays adds them to the tally once per block.
template <class PlayBlock>
MonteCarloStatus run_monte_carlo_blocks(PlayBlock&& play_block, Tally& tally, const MonteCarloOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const Deadline deadline(opt.time_limit_s);
    auto last_report = Clock::now();
    MonteCarloStatus st;
    const std::uint64_t block = std::max<std::uint64_t>(opt.block, 1);
    const std::uint64_t before_run = static_cast<std::uint64_t>(tally.total());
    auto report = [&] {
        if (!opt.progress) return true;
        return opt.progress({static_cast<std::uint64_t>(tally.total()) - before_run, opt.trials, widest_halfwidth(tally)});
    };
    // Between battles: the clock, and progress at most every report_s.
    auto between = [&] {
        if (deadline.passed()) {
            st.stopped_by = "time limit";
            return true;
        }
        const auto now = Clock::now();
        if (opt.report_s > 0 && std::chrono::duration<double>(now - last_report).count() > opt.report_s) {
            last_report = now;
            if (!report()) {
                st.stopped_by = "cancelled";
                return true;
            }
        }
        return false;
    };
    for (std::uint64_t k = opt.first_block; st.trials < opt.trials && st.stopped_by.empty(); ++k) {
        Rng rng = Rng::for_block(opt.seed, k);
        const std::uint64_t n = std::min(block, opt.trials - st.trials);
        const std::uint64_t played = play_block(rng, tally, n, deadline, between);
        st.trials += played;
        if (played < n || !st.stopped_by.empty()) {
            if (st.stopped_by.empty()) st.stopped_by = "time limit";
            break;
        }
        if (opt.target_halfwidth > 0 && st.trials >= opt.min_trials && widest_halfwidth(tally) <= opt.target_halfwidth) {
            st.stopped_by = "target width";
            break;
        }
        last_report = Clock::now();
        if (!report()) st.stopped_by = "cancelled";
    }
    st.complete = st.stopped_by.empty() || st.stopped_by == "target width";
    st.max_halfwidth = widest_halfwidth(tally);
    return st;
}

// Plays trials with `play_one(rng, tally, deadline)`, which plays one battle
// and records it into `tally` with weight 1 (its outcome, its steps, and
// add_total(1)); it may give up on a very long battle once the deadline has
// passed, recording nothing and returning false. A sampler that counts ends
// in its own arrays records each battle's steps only, and adds the rest to
// the tally in `end_block(tally)`, called after each block's battles.
template <class PlayOne, class EndBlock>
MonteCarloStatus run_monte_carlo(PlayOne&& play_one, Tally& tally, const MonteCarloOptions& opt, EndBlock&& end_block) {
    return run_monte_carlo_blocks(
        [&](Rng& rng, Tally& t, std::uint64_t n, const Deadline& deadline, auto&& between) -> std::uint64_t {
            std::uint64_t played = 0;
            while (played < n) {
                const double before = t.steps();
                if (!play_one(rng, t, deadline)) break;
                ++played;
                // The clock is read every 16 battles, or after every long one.
                if (((played & 15) == 0 || t.steps() - before > 4096) && between()) break;
            }
            end_block(t);
            return played;
        },
        tally, opt);
}

template <class PlayOne>
MonteCarloStatus run_monte_carlo(PlayOne&& play_one, Tally& tally, const MonteCarloOptions& opt) {
    return run_monte_carlo(play_one, tally, opt, [](Tally&) {});
}

// The generic state's battle, one outcome drawn per chance node.
template <ChanceState S>
MonteCarloStatus solve_monte_carlo(const S& root, Tally& tally, const MonteCarloOptions& opt = {}) {
    Outcomes scratch;
    return run_monte_carlo(
        [&](Rng& rng, Tally& t, const Deadline& deadline) {
            S s = root;
            double steps = 0;
            std::uint64_t n = 0;
            while (!s.is_terminal()) {
                if (++n > opt.max_steps) throw LimitError(step_limit_message(opt.max_steps));
                if ((n & 0xffff) == 0 && deadline.passed()) return false;
                steps += step_weight_of(s);
                s.apply(draw(s, rng, scratch), nullptr);
            }
            Recorder rec(t, 1.0);
            s.record(rec);
            t.add_total(1.0);
            t.add_steps(steps);
            return true;
        },
        tally, opt);
}

}  // namespace bc

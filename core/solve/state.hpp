// The interface every rule system's battle state implements (see ARCHITECTURE.md):
// a copyable value that is terminal or a chance node listing its outcomes with
// whole-number weights. Choices players make are taken inside apply() by a named
// policy carried in the state, so the solvers only ever see chance.
#pragma once
#include <chrono>
#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "dice/rng.hpp"
#include "solve/key.hpp"
#include "solve/log.hpp"
#include "solve/tally.hpp"

namespace bc {

// Work stopped by a bound (steps, time, memory) rather than by bad input: the
// API answers it with kind "limit" and the reason, never blaming a field.
struct LimitError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The most chance steps one battle may take, whether sampled or rolled: a
// battle that has not ended by then is reported as a limit.
inline constexpr std::uint64_t kStepLimit = 100'000'000;
inline std::string step_limit_message(std::uint64_t steps) {
    return "a battle did not end within the step limit (" + std::to_string(steps) +
           " chance steps): it may never end under these rules and options";
}

// A point in time work must stop by (none: never).
class Deadline {
public:
    Deadline() = default;
    explicit Deadline(double seconds)
        : set_(seconds > 0),
          at_(std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds))) {}
    bool passed() const { return set_ && std::chrono::steady_clock::now() > at_; }
    // Seconds left (a large number when none is set).
    double left() const {
        if (!set_) return 1e18;
        return std::chrono::duration<double>(at_ - std::chrono::steady_clock::now()).count();
    }

private:
    bool set_ = false;
    std::chrono::steady_clock::time_point at_{};
};

// The deadline of the request being answered: the API sets it from the
// request's time limit, so that a roll of a huge battle stops in time too.
inline Deadline& work_deadline() {
    thread_local Deadline d;
    return d;
}

struct Outcome {
    std::uint32_t code;    // passed back to apply()
    std::uint64_t weight;  // probability = weight / sum of weights
};
using Outcomes = std::vector<Outcome>;

template <class S>
concept ChanceState = std::copyable<S> && requires(const S& cs, S& s, Outcomes& out, Recorder& rec,
                                                   std::uint32_t code, Log* log, KeyWriter& kw, KeyReader& kr) {
    { cs.is_terminal() } -> std::convertible_to<bool>;
    cs.chance_outcomes(out);  // fills `out` (cleared by the caller)
    s.apply(code, log);       // deterministic; narrates into log when not null
    // The canonical key (key.hpp): equal keys mean equal futures and equal
    // records. unpack() rebuilds, on any state of the same battle, every field
    // the future and record() depend on (fields kept only for logs may reset).
    cs.pack(kw);
    s.unpack(kr);
    // Never decreases along a transition; cycles stay within one value.
    { cs.progress() } -> std::convertible_to<std::uint64_t>;
    cs.record(rec);  // a terminal state's features
};

// A state may roll real dice for a chance node (so a log can show the faces);
// it must pick each outcome code with exactly the listed weights. The generic
// tests check that by enumerating every sequence of dice it can draw.
template <class S>
concept RollsOwnDice = requires(const S& cs, Dice& d) {
    { cs.sample(d) } -> std::convertible_to<std::uint32_t>;
};

// A state may say how much its chance node counts toward "expected steps"
// (for example, 1 for an attack and 0 for a morale check). Default 1.
template <class S>
concept WeighsSteps = requires(const S& cs) {
    { cs.step_weight() } -> std::convertible_to<double>;
};

// A state may pack its key and work out its progress in one pass (the
// exact solver asks both of every child); it must equal progress() for a
// state that is not terminal (a terminal state's progress is never asked).
template <class S>
concept PacksProgress = requires(const S& cs, KeyWriter& kw) {
    { cs.pack_progress(kw) } -> std::convertible_to<std::uint64_t>;
};

// A state may stop, in the exact solver's own copies, short of its next
// chance node, at a point that more paths share (S&F: before the turn ends
// and the next order is picked); its key is taken there, and unpack() goes
// on to the chance node. The work after that point is then done once per
// state expanded instead of once per move into it.
template <class S>
concept PausesForSolver = requires(S& s) { s.pause_for_solver(); };

template <class S>
double step_weight_of(const S& s) {
    if constexpr (WeighsSteps<S>)
        return s.step_weight();
    else
        return 1.0;
}

// One outcome of a chance node, drawn from `dice`.
template <ChanceState S>
std::uint32_t draw(const S& s, Dice& dice, Outcomes& scratch) {
    if constexpr (RollsOwnDice<S>) {
        return s.sample(dice);
    } else {
        scratch.clear();
        s.chance_outcomes(scratch);
        std::uint64_t total = 0;
        for (const auto& o : scratch) total += o.weight;
        std::uint64_t r = total <= 0xffffffffULL ? dice.below(static_cast<std::uint32_t>(total))
                                                 : throw std::logic_error("weights too large");
        for (const auto& o : scratch) {
            if (r < o.weight) return o.code;
            r -= o.weight;
        }
        return scratch.back().code;
    }
}

// Plays one battle to its end with `dice`, narrating into `log`.
template <ChanceState S>
S play(S state, Dice& dice, Log* log, std::uint64_t max_steps = kStepLimit,
       const Deadline& deadline = work_deadline()) {
    Outcomes scratch;
    std::uint64_t steps = 0;
    while (!state.is_terminal()) {
        if (++steps > max_steps) throw LimitError(step_limit_message(max_steps));
        if ((steps & 0xffff) == 0 && deadline.passed())
            throw LimitError("the battle did not end within the time limit");
        state.apply(draw(state, dice, scratch), log);
    }
    return state;
}

}  // namespace bc

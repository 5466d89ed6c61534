// Olympia: a Monte Carlo sampler that keeps running totals instead of asking
// the chance state for its outcomes at every attack.
//
// The chance of each effect of the next attack (a man of group t killed, a man
// inside targeted and missed, the structure struck for k points) is kept as a
// whole-number weight over one common denominator D = C x T0 x T1 x L: C men
// able to attack, T each side's target weight, L the lcm of every (rating +
// defense) x variants pair. Between changes of shape (a group emptied, the
// structure struck, its bonus used up) only counts change, so a kill updates a
// few running sums (Stockfish's do_move, not a recount of the board); a change
// of shape recomputes them from survey() (field.hpp), the rules' own statement.
//
// Rulebook order: a miss changes nothing, so runs of misses are skipped: one
// draw over the effects' weights picks the next effect, and the attacks it
// took are counted by their expectation, D / (sum of weights) (the battle's
// outcome does not depend on them; expected_attacks stays unbiased and less
// noisy). Misses that count toward a structure's targeting limit are effects
// and are drawn like any other. Engine order: each attack uses a slot, so
// each attack is one draw over its side's D (a miss is the rest). An attack
// that would kill an ordinary man (not the last of his group, not breaking
// his side) is applied without a branch on hit or miss: a miss applies the
// same updates times 0. A hit or miss at random is a branch the processor
// mispredicts half the time, and that was most of an attack's cost.
// When D would not fit in 63 bits the sampler draws attacker, target and blow
// with the chance state's own draws (field.hpp), until the next change of shape.
//
// The files: sampler.cpp the battles and their loops (the hot code, compiled
// for speed in wasm: see CMakeLists.txt), sampler_shape.cpp the start and the
// shapes' weights, sample_tally.cpp the tally. Every chance is a blow's
// (hit.hpp).
#pragma once
#include <cstdint>
#include <vector>

#include "dice/rng.hpp"
#include "olympia/olympia.hpp"
#include "solve/montecarlo.hpp"
#include "solve/tally.hpp"

namespace bc::olympia {

// Sampled battles counted in flat arrays, added to a Tally in one go (a
// battle's series value is an array index, not a map insertion).
class SampleTally {
public:
    SampleTally(const Battle& b, const Schema& schema);
    void outcome(std::size_t i) { ++outcomes_[i]; }
    void value(std::size_t s, std::int64_t v) {
        auto& h = series_[s];
        const std::size_t k = static_cast<std::size_t>(v - h.lo);
        ++h.count[k];
        if (k < h.first) h.first = k;
        if (k + 1 > h.last) h.last = k + 1;
    }
    void event(std::size_t i, bool happened) {
        if (happened) events_[i] += 1.0;
    }
    void event_chance(std::size_t i, double p) { events_[i] += p; }
    void battle_done(double steps) {
        ++total_;
        steps_ += steps;
    }
    std::uint64_t battles() const { return total_; }
    // Adds everything to `t` and starts again from nothing.
    void flush(Tally& t);

private:
    struct Hist {
        std::int64_t lo = 0;
        std::vector<std::uint64_t> count;
        std::size_t first = 0, last = 0;  // touched range
    };
    std::vector<std::uint64_t> outcomes_;
    std::vector<Hist> series_;
    std::vector<double> events_;
    std::uint64_t total_ = 0;
    double steps_ = 0;
};

class Bits;

class Sampler {
public:
    explicit Sampler(const Battle& b);
    // Plays one battle from the start and records it. False: the deadline
    // passed during a very long battle, which is dropped unrecorded. Past
    // max_steps attacks: LimitError.
    bool play(Rng& rng, SampleTally& out, const Deadline& deadline = Deadline(), std::uint64_t max_steps = kStepLimit);
    // The last battle's end (for tests): result, men of each entity, structure.
    int result() const { return cur_.result; }
    bool stalemate() const { return cur_.stalemate; }
    const std::int32_t* counts() const { return cur_.n.data(); }
    Works works() const { return cur_.works; }
    // Bounded draws taken so far, and the last battle's attacks (counted, or
    // by their expectation where misses were skipped).
    std::uint64_t draws() const { return draws_; }
    double last_steps() const { return steps_; }
    // Whether the start's common denominator was too wide (draws as the state).
    bool draws_as_state() const { return root_shape_.naive; }

private:
    struct Att {
        int e;
        std::int64_t rating;
        bool siege;
    };
    struct Tgt {
        int e;  // entity, or structure_index (whose count n[] holds as 1)
        std::int64_t defense;
    };
    // What a kill of a target changes, kept with the shape.
    struct Victim {
        std::int32_t e;
        std::int32_t attacker;  // index among its side's attackers, or -1
        std::int64_t value4;
        std::int64_t standing;  // 0 for a siege engine
        bool siege;
        // A man who attacks with blows (not a siege engine, not the
        // structure): the engine loop's branch-free kill takes him.
        bool plain = false;
        // Where his row of q[side] starts; for the others, a row of zeros
        // after the attackers' rows (the branch-free kill reads it, times 0).
        std::uint32_t row = 0;
    };
    // What changes during a battle; restored from the root each battle.
    struct Cur {
        std::vector<std::int32_t> n;  // men of each entity, then 1 for the structure
        Works works;
        std::int32_t slots[2] = {0, 0};
        int turn = 0;
        std::int64_t value4[2] = {0, 0}, standing[2] = {0, 0};
        int result = kRunning;
        bool stalemate = false;
        // Running sums. h[S][t]: over side 1-S's non-siege attackers, men x q.
        std::vector<std::uint64_t> h[2];
        std::uint64_t wsum[2] = {0, 0};  // over side S's targets, n x h: the weight of striking S
        std::int64_t men[2] = {0, 0};    // C: able to attack
        std::int64_t plain[2] = {0, 0};  // of them not siege engines
        std::int64_t tw[2] = {0, 0};     // T: target weight (the structure counts 1)
        std::uint64_t siege_sum = 0;     // attacker's siege men x qsiege
    };
    // Who strikes whom, between changes of shape.
    struct Shape {
        std::vector<Att> atts[2];
        std::vector<Tgt> tgts[2];
        std::vector<std::uint64_t> q[2];  // q[s][a * tgts[1-s].size() + t]: rating x L / ((r + d) nv)
        std::vector<std::uint64_t> qsiege;  // per attacker-side siege engine: r x L / ((r + d) 6)
        std::vector<std::int32_t> att_of;   // entity -> index among its side's attackers, or -1
        std::vector<std::int32_t> tgt_of;   // entity -> index among its side's targets, or -1
        int works_target = -1;              // the structure's index among the defender's targets
        std::vector<Victim> victims[2];     // parallel to tgts
        std::uint64_t L = 1;
        bool counting = false;
        bool naive = false;  // D too large: draw as the state does
    };

    bool reshape();  // recomputes shape and sums; false: a stalemate
    // reshape()'s parts (sampler_shape.cpp).
    void list_sides();
    std::uint64_t span(const Att& a, const Tgt& t) const;
    bool common_denominator(const Tgt& works, std::uint64_t& L) const;
    void weigh_pairs(const Tgt& works, std::uint64_t L);
    void sum_weights();
    // Out of line: its throw (a message built from strings) would otherwise
    // sit inside the samplers' loops, and wasm pays for that on every attack.
    [[gnu::cold, gnu::noinline]] void long_battle(std::uint64_t attacks);
    void stalemate();
    void clamp_slots();
    bool kill(int e);  // true: the battle ended or its shape changed
    bool kill_at(int side, std::size_t target);
    bool strike(int side, std::uint64_t y, std::uint64_t w, std::uint64_t cw, std::uint64_t sw);
    void counted();
    void run_rulebook(Rng& rng);
    void run_engine(Rng& rng);
    void rulebook_loop(Bits& rng, std::uint64_t& draws, double& steps);
    template <bool Extra>  // counted misses or siege blows
    void engine_loop(Bits& rng, std::uint64_t& draws, std::uint64_t& attacks);
    void attack_naive(Rng& rng, int side);  // as the state draws; side -1: both
    std::uint64_t counted_weight(int s) const;

    const Battle& b_;
    std::int64_t threshold_[2];
    std::vector<std::int64_t> value4_;  // per entity
    Field field_;
    Cur root_, cur_;
    Shape root_shape_, shape_;
    bool reshaped_ = false;  // shape_ differs from root_shape_
    bool dirty_ = false;
    std::uint64_t draws_ = 0;
    double steps_ = 0;
    const Deadline* deadline_ = nullptr;
    std::uint64_t max_steps_ = kStepLimit, naive_attacks_ = 0;
    bool abandoned_ = false;
};

// Monte Carlo with the sampler, in the solver's seeded blocks
// (run_monte_carlo_blocks): each block's battles counted in flat arrays and
// added to the tally at its end. *draws: bounded draws taken.
MonteCarloStatus sample_battles(const Battle& b, Tally& tally, const MonteCarloOptions& opt,
                                std::uint64_t* draws = nullptr);

}  // namespace bc::olympia

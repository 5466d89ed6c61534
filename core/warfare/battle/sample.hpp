// Sampling a battle: the chance node as data (DrawSpec, for the graph
// sampler), the graph sampler (battle/sample.cpp) and the plain sampler that
// plays one state step by step.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "solve/montecarlo.hpp"
#include "warfare/battle/state.hpp"

namespace bc::warfare {

// State::draw() as data (State::draw_spec()), for the graph sampler to repeat
// at a state it has seen without the state: the kind of chance node, its
// outcome slots and the weights out of 400 draw() compares against.
// draw_slot() draws exactly what draw() draws from the same generator, and
// code[slot] is draw()'s outcome code. Rocks hurled at a fortification are
// not described (Other): the sampler draws those from the state.
struct DrawSpec {
    enum Kind : std::uint8_t { Other, Uniform, Check, Attack };
    Kind kind = Other;
    std::uint8_t slots = 0;  // Uniform: its n; Check 2; Attack 6
    std::uint16_t a = 0, b = 0, c = 0;  // Check: pass weight; Attack: miss, miss + hit, Power pass weight
    std::array<std::uint8_t, 6> code{};  // Attack: the outcome code of each slot (merged())
    std::uint32_t code_of(std::uint32_t slot) const { return kind == Attack ? code[slot] : slot; }
};
inline std::uint32_t draw_slot(const DrawSpec& d, Rng& rng) {
    switch (d.kind) {
        case DrawSpec::Uniform:
            return rng.below(d.slots);
        case DrawSpec::Check:
            return rng.below(400) < d.a ? 1 : 0;
        case DrawSpec::Attack: {
            const std::uint32_t r = rng.below(400);
            if (r < d.a) return 0;
            if (r < d.b) return 1 + (rng.below(400) < d.c ? 1 : 0);
            std::uint32_t k = rng.below(400) < d.c ? 1 : 0;
            k += rng.below(400) < d.c ? 1 : 0;
            return 3 + k;
        }
        default:
            return 0;
    }
}

// Sampled odds of the battle from `root` (the solver's Monte Carlo, with the
// state's own one-number draws).
// It walks a graph of the states its battles have met (battle/sample.cpp) and
// plays exactly the battles sample_battle_generic() plays, one state at a
// time. The graph holds at most `max_bytes`, about 100 bytes a state. The
// default, 8 MB, holds the first 81,000 of the 141,803 states the everyday
// 3v3's 39,000 battles meet: a graph that stays in the processor's caches
// walks faster, and states first met late are seldom met again (with room
// for all of them, the 3v3 samples 15% slower).
struct GraphStats {
    std::size_t nodes = 0, bytes = 0;  // the graph's
    std::uint64_t walked = 0;          // outcomes drawn and followed in the graph
    std::uint64_t taken = 0;           // outcomes played by the rules and added to it
    std::uint64_t played_on = 0;       // battles finished by the rules alone (graph full, rocks, endless rule)
};
constexpr std::size_t kGraphBytes = std::size_t{8} << 20;
class GraphSampler {
public:
    explicit GraphSampler(const State& root, std::size_t max_bytes = kGraphBytes);
    ~GraphSampler();
    // Samples as sample_battle() does, the graph kept from one run to the next.
    MonteCarloStatus run(Tally& tally, const MonteCarloOptions& mo);
    GraphStats stats() const;

private:
    class Graph;
    std::unique_ptr<Graph> g_;
};
MonteCarloStatus sample_battle(const State& root, Tally& tally, const MonteCarloOptions& mo,
                               std::size_t max_bytes = kGraphBytes, GraphStats* stats = nullptr);
MonteCarloStatus sample_battle_generic(const State& root, Tally& tally, const MonteCarloOptions& mo);

}  // namespace bc::warfare

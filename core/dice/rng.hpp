// The project's own seeded generator and its own mapping to dice.
// std::uniform_int_distribution differs between g++ and em++ (TOOLCHAIN.md #8),
// so every mapping from raw bits to a die is written here, in integer arithmetic
// only, and gives the same numbers natively and in WebAssembly.
#pragma once
#include <cstdint>

namespace bc {

// splitmix64: expands one 64-bit seed into the generator's state.
std::uint64_t splitmix64(std::uint64_t& x);

// Source of dice. The battle code asks for dice through this interface so that
// a test can substitute a source that enumerates every possible roll.
class Dice {
public:
    virtual ~Dice() = default;
    // A whole number in [0, n), every value equally likely; n >= 1.
    virtual std::uint32_t below(std::uint32_t n) = 0;
    // One die with `faces` faces: 1..faces.
    std::uint32_t d(std::uint32_t faces) { return below(faces) + 1; }
};

// xoshiro256** (Blackman and Vigna, 2018), seeded with splitmix64.
class Rng final : public Dice {
public:
    explicit Rng(std::uint64_t seed);
    // A raw state, for checking against the algorithm's published vectors.
    static Rng from_state(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d);
    std::uint64_t next();
    // Unbiased: rejects the low values that would over-represent some residues.
    std::uint32_t below(std::uint32_t n) override;
    std::uint64_t below64(std::uint64_t n);
    // [0, 1) with 53 random bits.
    double uniform01();
    // Jump to an independent stream, for parallel or chunked trials.
    void jump();

private:
    std::uint64_t s_[4];
};

// Draws `draws` dice of `faces` faces from seed and folds them into one number:
// a cheap check that two builds roll the same dice, and the dice benchmark.
std::uint64_t dice_checksum(std::uint64_t draws, std::uint64_t seed, std::uint32_t faces);

}  // namespace bc

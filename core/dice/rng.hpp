// The project's own seeded generator and its own mapping to dice.
// std::uniform_int_distribution differs between g++ and em++ (TOOLCHAIN.md #8),
// so every mapping from raw bits to a die is written here, in integer arithmetic
// only, and gives the same numbers natively and in WebAssembly.
#pragma once
#include <cstdint>

namespace bc {

// The dice version: which generator and mapping to dice a seeded roll used.
// 1: xoshiro256** with a rejection-and-modulo mapping (until November 2026).
// 2: the same generator with Lemire's multiply-and-shift mapping (one draw,
//    no division in the common case). A roll answer and a link say which.
inline constexpr int kDiceVersion = 2;

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
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    // Unbiased, by Lemire's method: the top 32 bits of one draw times n, high
    // half kept; the rare low halves that would over-represent some values are
    // drawn again. The inline body keeps the sampler's hot loops free of calls.
    std::uint32_t below(std::uint32_t n) override {
        std::uint64_t m = (next() >> 32) * n;
        if (static_cast<std::uint32_t>(m) < n) {
            const std::uint32_t floor = (0u - n) % n;
            while (static_cast<std::uint32_t>(m) < floor) m = (next() >> 32) * n;
        }
        return static_cast<std::uint32_t>(m >> 32);
    }
    // One die, without the virtual call Dice::d makes: clang does not see
    // through it when compiling to wasm, and the call costs more than the draw.
    std::uint32_t d(std::uint32_t faces) { return below(faces) + 1; }
    // [0, 1) with 53 random bits.
    double uniform01();
    // Jump to an independent stream.
    void jump();
    // The generator for block `k` of a seeded Monte Carlo run: blocks are
    // seeded apart so that any number of workers, each taking whole blocks,
    // draws the very same battles as one worker taking them in turn.
    static Rng for_block(std::uint64_t seed, std::uint64_t k);

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

// Draws `draws` dice of `faces` faces from seed and folds them into one number:
// a cheap check that two builds roll the same dice, and the dice benchmark.
std::uint64_t dice_checksum(std::uint64_t draws, std::uint64_t seed, std::uint32_t faces);

}  // namespace bc

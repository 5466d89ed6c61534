#include "dice/rng.hpp"

namespace bc {

std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed) {
    for (auto& w : s_) w = splitmix64(seed);
}

Rng Rng::from_state(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
    Rng r(0);
    r.s_[0] = a;
    r.s_[1] = b;
    r.s_[2] = c;
    r.s_[3] = d;
    return r;
}

Rng Rng::for_block(std::uint64_t seed, std::uint64_t k) {
    // Two splitmix steps mix the block number into the seed; the generator's
    // own seeding then spreads it over its four words.
    std::uint64_t x = seed;
    const std::uint64_t a = splitmix64(x);
    std::uint64_t y = a ^ k;
    return Rng(splitmix64(y));
}

double Rng::uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

void Rng::jump() {
    static constexpr std::uint64_t kJump[] = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL,
                                              0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
    std::uint64_t t[4] = {0, 0, 0, 0};
    for (std::uint64_t word : kJump) {
        for (int b = 0; b < 64; ++b) {
            if (word & (std::uint64_t{1} << b)) {
                for (int i = 0; i < 4; ++i) t[i] ^= s_[i];
            }
            next();
        }
    }
    for (int i = 0; i < 4; ++i) s_[i] = t[i];
}

std::uint64_t dice_checksum(std::uint64_t draws, std::uint64_t seed, std::uint32_t faces) {
    Rng r(seed);
    std::uint64_t h = 0;
    for (std::uint64_t i = 0; i < draws; ++i) h = h * 31 + r.d(faces);
    return h;
}

}  // namespace bc

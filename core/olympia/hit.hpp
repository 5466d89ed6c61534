// Olympia: one blow and its chances, stated once (G2 rulebook 14.1, 14.4)
// for the chance state (battle.cpp), the running-totals sampler and its
// draws as the state (sampler*.cpp), and the exact paths' shapes (shapes.hpp).
//
// A blow of an attacker with rating r on a target with defense d hits with
// chance r / (r + d). A hit has `variants` effects, each as likely: one for
// most targets (a man killed, a noble wounded, one point off a structure),
// two on a blessed soldier (killed, or spared by the gods: in effect a miss),
// six for a siege engine on a structure (5 to 10 points). Ratings are in
// quarter points (olympia.hpp); a structure's defense is whole points, so it
// counts four quarters each, on itself and on the men inside it while its
// bonus counts.
#pragma once
#include <cstdint>

#include "olympia/olympia.hpp"

namespace bc::olympia {

// The structure's place among the targets: after every entity.
inline int structure_index(const Battle& b) { return static_cast<int>(b.ents.size()); }
inline bool works_standing(const Battle& b, const Works& w) { return b.structure.present && w.dmg < 100; }
// The men inside get the structure's defense until bonus_limit of them have
// been targeted.
inline bool bonus_counting(const Battle& b, const Works& w) {
    return works_standing(b, w) && w.def > 0 && w.targeted < b.bonus_limit;
}

// Defense of entity t (or of the structure, t == structure_index) in quarter
// points: men inside add the structure's defense while the bonus counts.
inline std::int64_t defense_of(const Battle& b, int t, const Works& w) noexcept {
    const std::int64_t works4 = static_cast<std::int64_t>(w.def) * 4;
    if (t == structure_index(b)) return works4;
    const Entity& e = b.ents[static_cast<std::size_t>(t)];
    return e.side == kDefender && bonus_counting(b, w) ? e.d4 + works4 : e.d4;
}

// A siege engine's hit on a structure: six variants, blow codes 2..7.
inline constexpr int kSiegeVariants = 6;
inline constexpr int kFirstSiegeBlow = 2;
// The last blow code of any hit.
inline constexpr int kLastBlow = kFirstSiegeBlow + kSiegeVariants - 1;
// Points of blow code v (1..kLastBlow) on a structure: 1, or 5..10 for a siege engine.
inline constexpr std::int32_t works_points(int v) { return v == 1 ? 1 : 3 + v; }

// One blow's chances over the whole-number denominator span(): a miss weighs
// miss(), each hit variant `rating`. Blow codes: 0 a miss, first..last() a hit.
struct Blow {
    std::int64_t rating = 0, defense = 0;
    int variants = 1;  // 1, 2 (a blessed soldier) or kSiegeVariants
    int first = 1;     // 1, or kFirstSiegeBlow
    constexpr std::int64_t span() const noexcept { return (rating + defense) * variants; }
    constexpr std::int64_t miss() const noexcept { return defense * variants; }
    constexpr int last() const noexcept { return first + variants - 1; }
    // The blow code that a draw x, 0 <= x < span(), names.
    constexpr int code(std::int64_t x) const noexcept {
        return x < miss() ? 0 : first + static_cast<int>((x - miss()) / rating);
    }
    // The chance of one hit variant.
    double p_variant() const noexcept { return static_cast<double>(rating) / static_cast<double>(span()); }
};

// The blow of attacker a (striking with `rating`) on target t (defense_of).
inline Blow blow(const Battle& b, int a, std::int64_t rating, int t, std::int64_t defense) noexcept {
    if (t == structure_index(b)) {
        if (b.ents[static_cast<std::size_t>(a)].siege) return {rating, defense, kSiegeVariants, kFirstSiegeBlow};
        return {rating, defense, 1, 1};
    }
    return {rating, defense, b.ents[static_cast<std::size_t>(t)].blessed ? 2 : 1, 1};
}

// What blow code v does to target t.
enum class BlowEffect { kMiss, kSpared, kFalls, kWorks };
inline BlowEffect effect_of(const Battle& b, int t, int v) noexcept {
    if (v == 0) return BlowEffect::kMiss;
    if (t == structure_index(b)) return BlowEffect::kWorks;
    return v == 2 ? BlowEffect::kSpared : BlowEffect::kFalls;  // only a blessed soldier has a second variant
}

}  // namespace bc::olympia

// Olympia: what the counts imply at one moment of a battle, stated once for the
// chance state (battle.cpp) and every fast path (sampler, recurrences): who can
// be struck and who can strike, with what rating and defense; what a blow does
// to a structure; when a side breaks; and what a finished battle records.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "dice/rng.hpp"
#include "olympia/hit.hpp"
#include "olympia/olympia.hpp"

namespace bc::olympia {

// A hit of `points` on the structure: defense first, then damage (the rest
// carries over only by option, unless defense was already gone).
void hit_works(const Battle& b, Works& w, std::int32_t points) noexcept;

// noexcept matters in wasm: with JavaScript-based exceptions every call that
// might throw, made where something must be cleaned up, goes out through
// JavaScript and back (an invoke_ trampoline).
//
// Fills who may strike and be struck now. n: men of each entity (nobles 0 or 1). Keeps the order of entities, which
// seeded rolls depend on.
void survey(const Battle& b, const std::int32_t* n, const Works& w, Field& f);

// One attack as the rules roll it, from what survey() found: an attacker
// among the men of sides s0..s1 able to strike (each man as likely), a target
// among those he may strike (each man as likely; a siege engine strikes only
// the structure), then the blow (hit.hpp). One draw each, in this order,
// whether taken in one chance node or three: the chance state and the
// sampler's draws as the state both roll with these.
int draw_attacker(const Field& f, int s0, int s1, Dice& dice);
const std::vector<Field::Target>& targets_for(const Battle& b, const Field& f, int a) noexcept;
int draw_target(const Battle& b, const Field& f, int a, Dice& dice);
// Attacker a's blow on target t: his rating as surveyed, t's defense now.
Blow blow_in(const Battle& b, const Field& f, const Works& w, int a, int t) noexcept;
inline int draw_blow(const Blow& blow, Dice& dice) {
    return blow.code(dice.below(static_cast<std::uint32_t>(blow.span())));
}
// Engine order: the side whose slot is next (the other's when this one's are used up).
inline int next_side(std::int64_t slots0, std::int64_t slots1, int turn) {
    return (turn ? slots1 : slots0) > 0 ? turn : (slots0 > 0 ? 0 : 1);
}

// Break: strength (value4) below its start and at or below the break point, or
// nobody standing. The largest strength at which a side has broken:
inline std::int64_t break_threshold(const Battle& b, int side) {
    const std::int64_t start = b.start4[side];
    return std::min(start - 1, start * b.break_point[side] / 100);
}
// kRunning, or who won (both broken: a tie).
int judge(const Battle& b, const std::int64_t value4[2], const std::int64_t standing[2]) noexcept;
std::int64_t side_value4(const Battle& b, const std::int32_t* n, int side) noexcept;
// Living men (not siege engines) and, if asked, unwounded nobles.
std::int64_t side_standing(const Battle& b, const std::int32_t* n, int side, bool with_nobles) noexcept;

// A finished battle, as every solver records it (Schema from State::schema).
struct End {
    const std::int32_t* n;
    Works works;
    int result;
    bool stalemate;
};
// Sink: Recorder, or any type with outcome/value/event/event_chance.
template <class Sink>
void record_end(const Battle& b, const End& end, Sink& r) {
    r.outcome(static_cast<std::size_t>(end.result));
    std::size_t si = 0;
    for (const auto& ms : b.men_series) {
        std::int64_t men = 0;
        for (int e : ms.ents) men += end.n[e];
        r.value(si++, men);
    }
    if (b.structure.present) {
        r.value(si++, end.works.def);
        r.value(si++, end.works.dmg);
    }
    // After the battle: wounds, then prisoners from the loser's survivors.
    int loser = -1;
    Chance c{0, 1};
    if (!end.stalemate && (end.result == kAttackerWins || end.result == kDefenderWins)) {
        loser = end.result == kAttackerWins ? kDefender : kAttacker;
        const bool nobles = b.options.prisoners_count_nobles;
        c = capture_chance(side_standing(b, end.n, 1 - loser, nobles), side_standing(b, end.n, loser, nobles));
    }
    std::size_t ei = 0;
    for (const auto& nb : b.nobles) {
        const bool hit = end.n[nb.entity] == 0;
        const double killed = hit ? p_killed_by_wound(nb.health) : 0.0;
        r.event(ei++, hit);
        r.event_chance(ei++, killed);
        r.event_chance(ei++, nb.side == loser ? (1.0 - killed) * c.p() : 0.0);
    }
    if (b.structure.present) r.event(ei++, end.works.dmg >= 100);
}

}  // namespace bc::olympia

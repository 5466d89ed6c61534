// Olympia: what the counts imply at one moment of a battle, stated once for the
// chance state (battle.cpp) and every fast path (sampler, recurrences): who can
// be struck and who can strike, with what rating and defense; what a blow does
// to a structure; when a side breaks; and what a finished battle records.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "olympia/olympia.hpp"

namespace bc::olympia {

inline int structure_index(const Battle& b) { return static_cast<int>(b.ents.size()); }
inline bool works_standing(const Battle& b, const Works& w) { return b.structure.present && w.dmg < 100; }
inline bool bonus_counting(const Battle& b, const Works& w) {
    return works_standing(b, w) && w.def > 0 && w.targeted < b.bonus_limit;
}

// Defense of entity t (or of the structure, t == structure_index) in quarter
// points: men inside add the structure's defense while the bonus counts.
std::int64_t defense_of(const Battle& b, int t, const Works& w) noexcept;
// How a hit of attacker a on target t splits: 1 (a kill, a wound, one point),
// 2 (a blessed soldier dies or is spared, even odds), 6 (a siege engine's 5-10
// points on a structure, each as likely).
int variants(const Battle& b, int a, int t) noexcept;
// A hit of `points` on the structure: defense first, then damage (the rest
// carries over only by option, unless defense was already gone).
void hit_works(const Battle& b, Works& w, std::int32_t points) noexcept;
// Points of blow variant v (1..) on a structure: 1, or 5..10 for v = 2..7.
inline std::int32_t works_points(int v) { return v == 1 ? 1 : 3 + v; }

// noexcept matters in wasm: with JavaScript-based exceptions every call that
// might throw, made where something must be cleaned up, goes out through
// JavaScript and back (an invoke_ trampoline).
//
// Fills who may strike and be struck now. n: men of each entity (nobles 0 or 1). Keeps the order of entities, which
// seeded rolls depend on.
void survey(const Battle& b, const std::int32_t* n, const Works& w, Field& f);

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

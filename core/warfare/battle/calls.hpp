// The battle calls (battle/calls.cpp, battle/count.cpp): odds, a rolled battle
// with its log, single-order odds ("attack") and the count of states.
#pragma once
#include <cstddef>
#include <cstdint>

#include "json/input.hpp"
#include "warfare/battle/battle.hpp"

namespace bc::warfare {

// `request`: the whole request, whose battle (all but its solver and seed)
// names the graph a worker keeps between block calls (nullptr: none kept).
json battle_odds(const Battle& b, const In& solver, const json* request = nullptr);
json battle_roll(const Battle& b, std::uint64_t seed, std::size_t max_log = BattleLimits::kLogEntries, bool with_log = true);
json attack_call(const In& req);
// How many states the exact solver would reach ("states" call): at most
// max_states, within time_limit_s; "complete" says whether it got to the end.
json count_states(const Battle& b, std::uint64_t max_states, double time_limit_s);
json states_call(const In& req);
json units_json(const Battle& b);

}  // namespace bc::warfare

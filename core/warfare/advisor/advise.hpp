// The order advisor: for the side about to act, every order the rules allow,
// with the odds of the battle if it is given and the policy plays on. A
// moment of the battle (Moment) is set up from the request, the state paused
// there (State::at_moment, advisor/moment.cpp) lists the orders (Order) and
// gives one; advisor/calls.cpp weighs each.
#pragma once
#include <cstdint>
#include <vector>

#include "json/input.hpp"
#include "warfare/battle/battle.hpp"

namespace bc::warfare {

struct Order {
    enum Kind : std::uint8_t { Attack, Feed, Sap, Disengage, Retreat, Hold };
    Kind kind = Attack;
    int actor = -1, target = -1;  // an attack's target -1: picked at random (policy "random")
    bool charge = false;
    bool operator==(const Order&) const = default;
};
struct UnitMoment {
    int die = 0;  // 0: removed
    int engaged = -1;
    bool exhausted = false, resting = false, charged = false, rallied = false;
    bool courage_used = false, savage_used = false, sapped = false;
};
struct Moment {
    std::vector<UnitMoment> units;  // one per unit of the battle
    int side = kAttacker;           // about to act
    int first = kAttacker;          // acts first each round
    int round = 1;
    int orders_given = 0;           // this turn, before the order asked about
};

// The "advise" call (advisor/calls.cpp).
json advise_call(const In& req);

}  // namespace bc::warfare

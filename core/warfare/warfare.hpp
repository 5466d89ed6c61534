// Strongholds & Followers (MCDM, 2019), the Warfare chapter: the calls this
// rule system offers through the JSON API.
#pragma once
#include "json/input.hpp"

namespace bc::warfare {

struct ArmyLimits {
    static constexpr std::size_t kUnitsPerSide = 12;
    static constexpr std::size_t kUnitsInList = 100;  // the "unit" call's list of cards
};

json rules_json();
json unit_call(const In& req);     // one card ("unit") or a list of cards ("units")
json improve_call(const In& req);  // the cost of improving a unit

}  // namespace bc::warfare

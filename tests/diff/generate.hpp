// Random battles for the differential test (tests/diff/README.md): small
// armies of every rule system, drawn from the project's own generator so that
// a seed names a battle. Options, policy values, kinds, ancestries and traits
// are read from the rule system's own rules() answer, so that a new option or
// trait is covered as soon as the core offers it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "dice/rng.hpp"
#include "json/input.hpp"

namespace bc::diff {

// The rule systems the generator knows ("bloodied-steel", "olympia", "warfare").
const std::vector<std::string>& systems();

// One battle request of `system` (without "solver" and "seed"). Every
// choice comes from `rng`; the same generator state gives the same battle.
json random_battle(const std::string& system, Rng& rng);

}  // namespace bc::diff

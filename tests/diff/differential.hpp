// The differential test (tests/diff/README.md): a battle's odds against the
// battle's own rolls, and every fast path against the one statement of the
// rules, through the JSON API as a user calls it.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "json/input.hpp"

namespace bc::diff {

// What an odds answer predicts: for each observable ("outcome", "unit 2
// final", "men attacker soldier", ...) a distribution over its values.
using Dist = std::map<std::string, double>;
using Prediction = std::map<std::string, Dist>;
// What one rolled battle shows: each observable's value.
using Observation = std::map<std::string, std::string>;

Prediction predicted(const json& odds_answer);
Observation observed(const json& roll_answer);

// The two-sided tail probability of seeing `x` or something further from the
// mean in `n` draws of a Bernoulli(p): 2 * min(P(X <= x), P(X >= x)), at most 1.
double binomial_two_sided(std::uint64_t x, std::uint64_t n, double p);

struct Settings {
    std::uint64_t rolls = 2000;        // seeded rolls per battle
    std::uint64_t trials = 20000;      // sampled odds' trials (both sampling paths)
    double alpha = 1e-6;               // a cell fails below this tail probability
    double exact_tolerance = 1e-9;     // fast exact path against the generic one
    std::uint64_t max_states = 300000; // exact budget: larger battles are skipped
    double time_limit_s = 20;
    std::uint64_t confirm_factor = 8;  // a flagged battle is rolled again, this many times more, with fresh seeds
    int key_walks = 4;                 // walks through the chance state checking its key (keys.hpp)
    std::uint64_t key_nodes = 600;     // nodes checked at most
};

struct Finding {
    std::string check;       // "key", "rolls", "exact, generic path", "sampled, <path>"
    std::string observable, value;
    double expected = 0, seen = 0;  // probabilities (seen: a frequency or the other path's value)
    std::uint64_t n = 0;            // draws behind `seen` (0: an exact comparison)
    double tail = 0;                // its two-sided tail probability (exact comparisons: the difference)
    std::string text() const;
};

struct BattleResult {
    bool skipped = false;            // past the exact budget, or refused as input
    std::string skip_reason;
    std::string method, path;        // the exact answer's
    std::uint64_t cells = 0;         // comparisons made (and key nodes checked)
    std::uint64_t censored = 0;      // observables not judged: some draws stopped by the endless rule's cap
    std::uint64_t rolls = 0;
    std::vector<Finding> findings;   // confirmed disagreements
    std::vector<Finding> unconfirmed;  // flagged by the first rolls, not by the confirming ones
};

// Every check on one battle; `roll_seed` seeds its rolls (roll i: a seed
// derived from roll_seed and i) and its sampled odds.
BattleResult check_battle(const json& battle, const Settings& s, std::uint64_t roll_seed);

}  // namespace bc::diff

// Bloodied Steel (BlogNomic, "Battles" rule, enacted 2 Aug 2021).
// Tribunan and Ashen units with Arms, Armour and Size; each nation rolls one
// DICE6 per point of Arms of each of its units, and the totals cut down the
// other nation's units.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "solve/log.hpp"
#include "solve/state.hpp"

namespace bc::bloodied {

enum Nation : int { kTribunan = 0, kAshen = 1 };
inline const char* nation_id(int n) { return n == kTribunan ? "tribunan" : "ashen"; }
inline const char* nation_name(int n) { return n == kTribunan ? "Tribunan" : "Ashen"; }

enum class Effect { Total, Arms, Armour, Size };

struct Unit {
    std::string name;
    int nation = kTribunan;
    std::int64_t arms = 0, armour = 0, size = 0;
};

struct Tactic {
    std::string name;
    Effect effect = Effect::Total;
    int nation = kTribunan;  // for Effect::Total
    int unit = -1;           // for the other effects: index into units
    json target;             // as given, for writing the scenario back
    std::int64_t amount = 0;
};

struct Scenario {
    std::vector<Unit> units;
    std::vector<Tactic> tactics;
};

// Limits on a request (see README "Limits and guarantees").
struct Limits {
    static constexpr std::size_t kUnits = 2000;
    static constexpr std::size_t kTactics = 200;
    static constexpr std::int64_t kArms = 1000;
    static constexpr std::int64_t kArmour = 1'000'000;
    static constexpr std::int64_t kSize = 1'000'000;
    static constexpr std::int64_t kAmount = 1'000'000;
    static constexpr std::int64_t kDicePerNation = 2'000'000;
    static constexpr std::size_t kName = 80;
};

Scenario parse(const In& request);
json to_json(const Scenario& s);
json rules_json();

// Step 1: the scenario with its tactics applied, in order.
struct Battle {
    std::vector<Unit> units;            // after tactics
    std::int64_t bonus[2] = {0, 0};     // added to each nation's Total
    std::int64_t dice[2] = {0, 0};      // DICE6 rolled by each nation
    std::vector<std::size_t> rollers[2];  // units (by index) that roll, in order
};
Battle prepare(const Scenario& s, Log* log);

// What one DICE6 adds to a Total: 1-3 nothing, 4-5 one, 6 two.
inline int contribution(int face) { return face >= 6 ? 2 : face >= 4 ? 1 : 0; }
// Steps 3 and 5: a unit's Size after the enemy Total meets its Armour.
inline std::int64_t size_after(std::int64_t size, std::int64_t enemy_total, std::int64_t armour) {
    if (enemy_total <= armour || size <= 0) return size;
    const std::int64_t cut = enemy_total - armour;
    return size > cut ? size - cut : 0;
}
// Step 6.
inline bool destroyed(std::int64_t size) { return size <= 0; }
// Step 7, as an outcome index: 0 tribunan, 1 ashen, 2 retreat, 3 none.
int outcome_of(bool tribunan_left, bool ashen_left);
extern const std::vector<std::string> kOutcomes;

// The battle as a chance state: one DICE6 at a time.
class State {
public:
    // With a log, units that roll no dice and empty phases are narrated too.
    explicit State(std::shared_ptr<const Battle> b, Log* log = nullptr);
    bool is_terminal() const { return phase_ == 2; }
    void chance_outcomes(Outcomes& out) const;
    void apply(std::uint32_t face, Log* log);
    void pack(KeyWriter& w) const;
    void unpack(KeyReader& r);
    std::uint64_t progress() const { return rolled_; }
    void record(Recorder& r) const;

    std::int64_t total(int nation) const { return total_[nation]; }
    static Schema schema(const Battle& b);
    // Steps 3 to 7 and the story, once the dice are in.
    void narrate_end(Log& log) const;

private:
    void skip_to_next_roller(Log* log);
    void close_phase(Log* log);

    std::shared_ptr<const Battle> b_;
    int phase_ = 0;          // 0 Tribunan dice, 1 Ashen dice, 2 done
    std::size_t roller_ = 0; // index into b_->rollers[phase_]
    std::int64_t die_ = 0;   // dice rolled by the current unit
    std::int64_t total_[2] = {0, 0};
    std::uint64_t rolled_ = 0;
    std::vector<int> faces_;  // the current unit's dice, for the log
};

// Answers for the API.
json odds(const Scenario& s, const In& solver);
json roll(const Scenario& s, std::uint64_t seed, bool with_log = true);

}  // namespace bc::bloodied

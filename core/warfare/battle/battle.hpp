// Strongholds & Followers (MCDM, 2019), Warfare chapter, "Battle": two armies
// of units trade orders until one side is removed, retreats or both stall.
// This header holds the battle as read from a request: its units, options and
// policy, and the tables prepare_battle() derives from them (pair odds, the
// order of battle, what the canonical key keeps). The chance state that plays
// it is State (battle/state.hpp).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "solve/log.hpp"
#include "warfare/options.hpp"
#include "warfare/units/unit.hpp"

namespace bc::warfare {

enum Side : int { kAttacker = 0, kDefender = 1 };
inline const char* side_id(int s) { return s == kAttacker ? "attacker" : "defender"; }
extern const std::vector<std::string> kBattleOutcomes;  // attacker, defender, draw, endless

struct BattleUnit {
    Unit unit;
    int side = kAttacker;
    int index = 0;  // within its side
    std::string id;
    bool has_id = false;
    int max = 6;    // the casualty die's faces
    int start = 6;  // its value when the battle begins
    bool sapped = false;  // fortifications: walls already sapped (Twisting Roots)
    bool leader = false;  // stands for its side's leader (option "leader")
    // Derived by prepare_battle():
    bool siege_type = false;     // targets and is protected as a siege engine
    bool checks_undead = false;  // must pass a Morale check to attack an undead unit
};

struct BattleLimits {
    static constexpr std::size_t kUnitsPerSide = 12;
    static constexpr std::size_t kIdChars = 64;
    static constexpr int kQueue = 40;
    static constexpr std::size_t kLogEntries = Log::kDefaultLimit;  // a rolled battle's log keeps at most
};

// One attacker against one target, from their cards: the Attack check's hit
// and critical weights (out of 400) with disadvantage, none, advantage, and the
// Power check's success weight without and with advantage.
struct PairOdds {
    std::int16_t hit[3] = {0, 0, 0}, crit[3] = {0, 0, 0};
    std::int16_t power[2] = {0, 0};
    // Expected casualties x 400^3 (before an Undead check and doubling effects)
    // by [advantage + 1][Power advantage].
    std::int64_t value[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    // The order of battle: allowed by the two types, and the types on the
    // target's side (besides the target) that forbid it while on the field.
    bool legal = true;
    std::uint8_t blocked_by = 0;
    // Expected value without / with a Charge, when it never changes (`fixed`).
    bool fixed = false;
    std::int64_t fixed_value[2] = {0, 0};
};

// Pass weight out of 400 of a d20 check with advantage (+1), none (0) or
// disadvantage (-1) of `bonus` against `dc`; natural 1s fail when `nat1`.
int pass_weight(int adv, int bonus, int dc, bool nat1);

// What the battle state reads of a unit in its inner loops, side by side in
// one small record (BattleUnit keeps the whole card, names and all).
struct UnitFact {
    std::int8_t side = 0, max = 6, morale = 0;
    Type type = Type::Infantry;
    std::uint32_t traits = 0;
    bool siege = false, siege_type = false, checks_undead = false, unpaid = false;
};

// Which of a unit's fields the canonical key holds (State::key_layout).
struct BattleKey {
    std::uint8_t die_bits = 3;
    std::uint16_t flags = 0;     // the flags that can matter for this unit
    std::uint8_t flag_bits = 0;  // up to the highest of them
    bool engages = false;        // some unit can charge (or a moment engaged one), and this is no fortification: engagement is kept
    std::uint32_t undead = 0;    // undead enemies it must check against
    // Courageous, once the unit has rallied at 1, can turn no check it could
    // still face (State::courage_layout); false: it always may.
    bool courage_settles = false;
};

struct Battle {
    Options opt;
    Policy pol;
    int rules_version = kRulesVersion;  // whose defaults filled the options the request left out
    std::vector<BattleUnit> units;  // the attacker's, then the defender's
    bool had_infantry[2] = {false, false};
    int leader[2] = {-1, -1};  // the unit marked "leader" on each side
    std::uint32_t forts[2] = {0, 0};  // each side's fortifications, as unit bits
    int first[3] = {0, 0, 0};         // side s's units are first[s] .. first[s + 1] - 1
    int count = 0;                    // units.size(), by prepare_battle()
    bool heals = false;    // Regenerate or Ravenous: casualty dice can go up
    bool any_undead = false;
    std::vector<PairOdds> pairs;  // [attacker * units + target], by prepare_battle()
    std::vector<BattleKey> key;   // per unit, by prepare_battle()
    std::vector<UnitFact> facts;  // per unit, by prepare_battle()
    bool any_charge = false;
    // An order's moment sets up an engagement (the advisor): engagement is
    // kept in the key even where no unit can charge.
    bool set_engaged = false;
    // Walls can be engaged (a charger, and a fortification, which keeps its
    // side of an engagement out of the key): unpack() restores it.
    bool walls_engage = false;
    // Some unit's plan reads casualty dice (Ravenous feeding, Martial on current
    // dice, targeting the weakest or strongest): only then does a die's change
    // make the sampler's remembered plans stale.
    bool plans_read_dice = true;
    bool full_key = false;  // tests: pack every field (the canonical key is checked against it)
    std::uint8_t unit_bits = 1, order_bits = 1;  // key widths
};

// The order of battle for one attacker and one target, from their types: the
// attack refused outright (its words), or the types on the target's side that
// shield it while on the field (each with its words). The battle's pair
// tables (may_attack) and its reasons in words (illegal) both read this.
struct OrderOfBattle {
    const char* refused = nullptr;
    struct Shield {
        std::uint8_t by;  // type bits
        const char* why;
    };
    std::vector<Shield> shields;
};
OrderOfBattle order_of_battle(const BattleUnit& a, const BattleUnit& t);

// One unit of an army, with its "id" and "sapped" fields.
BattleUnit read_battle_unit(const In& u, int side, int index, const UnitReadOptions& ro);

// Fills the derived fields (flags, pair odds) once the units are read.
void prepare_battle(Battle& b);

// Reads "rules_version", "options" and "policy" of a request into `b`.
void read_rules(const In& req, Battle& b);

// Reads {"attacker": {"units": [...]}, "defender": {...}, "options", "policy"}.
// `extra` names further fields the caller reads (solver, seed).
Battle parse_battle(const In& req, std::initializer_list<const char*> extra);

}  // namespace bc::warfare

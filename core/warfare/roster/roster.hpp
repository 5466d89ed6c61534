// A Strongholds & Followers army kept between battles (S&F, Warfare chapter:
// Unit Upkeep and Improvement, Unit Recovery, levies). The roster is a value:
// every action reads one roster and returns a new one with the events that
// made the difference, so the page keeps the old one for undo.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "warfare/options.hpp"
#include "warfare/units/unit.hpp"

namespace bc::warfare {

// One unit on the roster: the builder's unit and what the book asks a
// player to remember about it between battles.
struct RosterUnit {
    std::string id;
    UnitSpec spec;            // spec.size is the unit's size now (it shrinks when recovery stops on a die)
    int current = 0;          // the casualty die's value now; spec.size when whole
    int battles = 0;          // battles survived without breaking or retreating, towards experience
    std::optional<int> recover_day;     // the day a casualty comes back (the day after a battle)
    int wounded_days = 0;               // days towards the next week's growth
    std::optional<int> equipment_season, size_season, experience_season;  // last improvements
    std::optional<int> training_until;  // experience training ends at the start of this day
    int unpaid_seasons = 0;
    std::optional<int> levy_until;      // levies kept after a battle: they go home after this day
    std::optional<bool> levy_convert;   // levies: become Green Infantry when they go (else the option decides)
};

struct LedgerEntry {
    int day = 1, season = 1;
    std::string kind, id, name, text;
    std::int64_t gold = 0;  // paid out (never negative)
};

// A battle applied to the roster: when, what it says, and for a rolled battle
// the roll it came from (seed, dice version, each unit's starting die), so a
// result can always be traced to the roll that produced it. With the battle
// itself (both armies, options, policy) and every unit's final die, the
// record holds all that "How lucky was this?" needs, long after the page
// that rolled it is gone.
struct BattleRecord {
    int day = 1, season = 1;
    std::string text;
    std::optional<std::int64_t> seed;
    std::optional<int> dice;
    std::vector<std::pair<std::string, int>> start;  // unit id -> casualty die when the roll began
    std::vector<std::pair<std::string, int>> final;  // unit id -> die the result gave it (0: removed)
    std::string side;     // the side the roster fought on, "" when not given
    std::string outcome;  // the battle's outcome ("attacker", "defender", "draw", "endless"), "" when not given
    json battle;          // null, or the battle as "odds" reads it, its rules_version pinned
    std::vector<int> result[2];  // with `battle`: every unit's final die, each side in the battle's order
};

struct Roster {
    std::string name;
    int day = 1, season = 1;
    int next_id = 1;
    std::vector<RosterUnit> units;
    std::vector<LedgerEntry> ledger;
    std::vector<BattleRecord> battles;
};

// The points the book leaves open, as options (rules(): "roster_options").
struct RosterOptions {
    int levy_stay_days = 0;                       // levies go home after the battle (0) or N days later
    std::string levy_survivors = "green-infantry";  // green-infantry | disband
    std::string removed_units = "disband";        // disband | reform
    bool enforce_limits = true;                   // improvement_limits: enforce | warn
    int unpaid_disband = 2;                       // seasons unpaid before a unit disbands
    bool pay_arrears = true;                      // paying a unit also pays the seasons it is owed
    bool training_blocks_battle = false;          // a unit training for experience cannot be fielded
};

struct RosterLimits {
    static constexpr std::size_t kUnits = 100;
    static constexpr std::size_t kLedger = 2000;
    static constexpr std::size_t kBattles = 500;  // the oldest are dropped past this
    // A kept battle's JSON: a whole record of 12 v 12 keyword units with names
    // at their 60-character limit is about 6.4 KB; a larger battle (explicit
    // stats everywhere) is kept without it.
    static constexpr std::size_t kBattleBytes = 12'000;
    // All kept battles together: the oldest lose their battle past this, so a
    // roster stays well inside a request (4 MB) and a browser's storage.
    static constexpr std::size_t kBattlesBytes = 1'500'000;
    static constexpr std::size_t kName = 80;
    static constexpr std::size_t kText = 300;
    static constexpr int kDay = 1'000'000;
    static constexpr int kSeason = 100'000;
    static constexpr int kAdvanceDays = 3660;
    static constexpr int kLevyStay = 30;
};

const std::vector<OptionDef>& roster_option_defs();

// Limits a test can lower to see them hold (RosterLimits has the real ones).
struct RosterBounds {
    std::size_t battles = RosterLimits::kBattles;
    std::size_t battle_bytes = RosterLimits::kBattleBytes;
    std::size_t battles_bytes = RosterLimits::kBattlesBytes;
};

Roster parse_roster(const In& in, const UnitReadOptions& ro, const RosterBounds& bounds = {});
json roster_json(const Roster& r);

// The bytes of JSON all kept battles take (RosterLimits::kBattlesBytes).
std::size_t kept_battle_bytes(const Roster& r);

// The unit as it is now (its casualty die's value and the unpaid flag set).
UnitSpec fielded_spec(const RosterUnit& u);

// What happened: one event per change, with the gold it cost.
struct Event {
    std::string type, id, name, text;
    std::optional<std::int64_t> gold;
    json data = json::object();
};

json roster_call(const In& req, const RosterBounds& bounds = {});

}  // namespace bc::warfare

// Rule options and the policy, as data (json/options.hpp): rules() lists them
// for the page, and the same definitions check a request. Every point the book
// leaves open, or words in a way the program must choose between, is one of
// these, with the book's plain reading as the default.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "json/options.hpp"

namespace bc::warfare {

// Rules version 2 made the book's plain reading the default on ten points
// (issue 13); a request with "rules_version": 1 gets the defaults from before.
inline constexpr int kRulesVersion = 2;

const std::vector<OptionDef>& option_defs();
const std::vector<OptionDef>& policy_defs();

enum class Initiative : std::uint8_t { Rolled, Attacker, Defender };
enum class Cavalry : std::uint8_t { AfterAttack, OddRounds, Off };
enum class Natural1 : std::uint8_t { None, AttackMisses, AllChecksFail };
enum class Disengage : std::uint8_t { ChargerCheck, Issue, Free };

// The rules as chosen (see option_defs() for what each one settles).
struct Options {
    std::string levy_equipment = "none";
    bool refresh_all = false;                // refresh: "all" (everyone on the field) or "side"
    int orders_per_turn = 1;
    Initiative initiative = Initiative::Rolled;
    Cavalry cavalry = Cavalry::AfterAttack;
    bool cavalry_rest_after_order = false;   // cavalry_rest: "order" (any attack order), not "attack"
    bool crit_needs_hit = false;             // natural_20: "critical-if-hits"
    Natural1 natural_1 = Natural1::None;
    bool never_count_twice = true;           // failed_diminished: "one-casualty"
    bool morale_casualty_checks = false;     // a failed check's casualty prompts a diminished check
    bool diminished_after = false;           // diminished_check: "after" the casualty, not "already"
    bool diminished_per_hit = false;         // diminished_checks: "per-hit", not "per-casualty"
    bool rally = true;
    bool retreat_rally = true;               // a unit at 1 failing its retreat check may rally
    Disengage disengage = Disengage::ChargerCheck;
    bool charge_engages_always = false;      // charge_engages: "always" (the trait), not "success"
    bool engaged_ignore_order = true;
    bool engaged_feed = true;                // an engaged Ravenous unit may feed
    bool martial_uses_die = false;           // martial_size: "die", not "current"
    bool hurl_rocks_crit_double = false;     // hurl_rocks_critical: "double"
    bool infantry_loss_retreat = true;
    bool leader_disbands = true;             // leader: "disbands", not "fights-on"
    int retreat_dc = 15;
    int retreat_below[2] = {0, 0};           // retreat_below_attacker / _defender
    bool retreat_needs_fresh = true;
    bool water = false;                      // terrain: "water"
    bool undead_once = false;                // undead_check: "once" per attacker, pass or fail
    int undead_dc = 15;
    bool undead_levies = false;              // levies check before attacking undead too
    bool fort_morale = false;                // fortification_morale: "checks", not "none"
    bool siege_trait_full = false;           // siege_engine_trait: "full", not "adds"
};

enum class Targeting : std::uint8_t { Best, Random, Weakest, Strongest };
enum class Feed : std::uint8_t { WhenDiminished, WhenHurt, Never };
enum class Sap : std::uint8_t { WhenUseful, Always, Never };

struct Policy {
    Targeting targeting = Targeting::Best;
    bool unit_by_card = false;               // unit: "card", not "best"
    bool charge = true;
    Feed feed = Feed::WhenDiminished;
    Sap sap = Sap::WhenUseful;
    bool ties_by_expected = false;           // target_ties: "expected", not "card"
    bool disengage_to_charge = false;        // disengage: "to-charge", not "when-stuck"
    bool courageous_rally_only = false;      // courageous: "rally", not "first"
};

// `earlier`: a request of rules version 1, whose missing fields take the
// defaults from before version 2.
Options parse_options(const In& in, bool earlier = false);
Policy parse_policy(const In& in, bool earlier = false);
json options_json(const Options& o);
json policy_json(const Policy& p);
// A request's "rules_version" (1 or 2; default the current one).
int read_rules_version(const In& req);

}  // namespace bc::warfare

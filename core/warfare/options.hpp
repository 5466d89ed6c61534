// Rule options and the policy, as data: rules() lists them for the page, and
// the same definitions check a request. Every point the book leaves open is
// one of these, with a default.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "json/input.hpp"

namespace bc::warfare {

struct ChoiceDef {
    std::string id, name, text;
};

struct OptionDef {
    std::string id, name, type;  // type: "choice" | "bool" | "int"
    std::vector<ChoiceDef> choices;
    json def;
    int min = 0, max = 0;
    std::string text;  // why it is an option: what the book says or leaves open
};

// Building an option's description (also used by the roster's options).
OptionDef option_choice(std::string id, std::string name, std::vector<ChoiceDef> choices, std::string def,
                        std::string text);
OptionDef option_flag(std::string id, std::string name, bool def, std::string text);
OptionDef option_int(std::string id, std::string name, int def, int lo, int hi, std::string text);

const std::vector<OptionDef>& option_defs();
const std::vector<OptionDef>& policy_defs();
json defs_json(const std::vector<OptionDef>& defs);

// Reads an object against the definitions: unknown fields and bad values are
// errors naming the field; missing ones take their defaults.
std::map<std::string, json> read_values(const In& in, const std::vector<OptionDef>& defs);

// The rules as chosen (see option_defs() for what each one settles).
struct Options {
    std::string levy_equipment = "none";
    bool refresh_all = false;                // refresh: "all" (the book's literal words) or "side"
    int orders_per_turn = 1;
    std::string initiative = "rolled";       // attacker | defender | rolled
    std::string cavalry = "after-attack";    // after-attack | odd-rounds | off
    bool crit_needs_hit = false;             // natural_20: "critical-if-hits"
    std::string natural_1 = "none";          // none | attack-misses | all-checks-fail
    bool never_count_twice = true;           // failed_diminished: "one-casualty"
    bool morale_casualty_checks = false;     // a failed check's casualty prompts a diminished check
    bool diminished_after = false;           // diminished_check: "after" the casualty, not "already"
    bool diminished_per_hit = false;         // diminished_checks: "per-hit", not "per-casualty"
    bool rally = true;
    std::string disengage = "issue";         // issue | charger-check | free
    bool engaged_ignore_order = true;
    bool martial_uses_die = false;           // martial_size: "die", not "current"
    bool hurl_rocks_crit_double = false;     // hurl_rocks_critical: "double"
    bool infantry_loss_retreat = true;
    int retreat_dc = 15;
    int retreat_below[2] = {0, 0};           // retreat_below_attacker / _defender
    bool retreat_needs_fresh = true;
    bool water = false;                      // terrain: "water"
    bool undead_once = false;                // undead_check: "once" per attacker, pass or fail
};

struct Policy {
    std::string targeting = "best";          // best | random | weakest | strongest
    std::string unit = "best";               // best | card
    bool charge = true;
    std::string feed = "when-diminished";    // when-diminished | when-hurt | never
    bool sap = true;
    bool disengage_to_charge = false;        // disengage: "to-charge", not "when-stuck"
    bool courageous_rally_only = false;      // courageous: "rally", not "first"
};

Options parse_options(const In& in);
Policy parse_policy(const In& in);
json options_json(const Options& o);
json policy_json(const Policy& p);

}  // namespace bc::warfare

// What the tools need to know about one rule system: its sides, what a side
// loses, the numbers in a battle worth sweeping, the things a side could add,
// the minimum-force search and the luck of a result. One implementation per
// rule system, beside its rules (core/<system>/tool_facts.cpp), given to the
// tools by its Ruleset; the tools themselves are generic and include no rule
// system.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/runner.hpp"

namespace bc::tools {

// A number in the battle that a sweep can change.
struct Field {
    std::string path;   // JSON Pointer into the battle
    std::string label;  // "Osswid's soldiers", "the attacker's break point"
    std::string group;  // a side's id, or "options"
    std::string one, many;  // men: "knight", "knights" ("one more knight"); else empty
    std::int64_t min = 0, max = 0;
    std::int64_t value = 0;  // in effect now (a default filled in)
    std::int64_t step = 1;   // a sensible step (2 for a die's faces)
    json to_json() const;
};

// What a side loses, part by part (a kind of men, a unit): start minus the
// mean left after the battle.
struct LossPart {
    std::string label;
    double start = 0, mean_left = 0;
};

// One thing the marginal-value tool can add, or why the rules reject it.
struct Change {
    std::string label;     // "+1 soldier for Osswid"
    std::string what;      // "soldier", "size", "experience", "arms", ...
    std::string unit;      // the noble or unit it is for
    json battle;           // the changed battle (null when skipped)
    std::string skipped;   // why the rules reject it
    bool priced = false;   // S&F: the builder's cost of the change
    double cost = 0;
};

class Facts {
public:
    virtual ~Facts() = default;
    virtual std::vector<std::string> sides() const = 0;
    virtual std::string side_name(int side) const = 0;  // "the attacker"
    // What the losses are counted in: "men", "casualty dice", "Size".
    virtual std::string loss_word() const = 0;
    virtual std::vector<LossPart> losses(const json& odds, int side) const = 0;
    virtual std::vector<Field> fields(const json& battle) const = 0;
    // One-click sweeps the page offers (Olympia: both break points 0-100).
    virtual json presets(const json& battle) const { (void)battle; return json::array(); }
    virtual std::vector<Change> changes(const json& battle, int side, const In& tool) const = 0;
    // The fields of the "marginal" object this rule system reads beyond the common ones.
    virtual std::vector<std::string> marginal_fields() const { return {}; }
    virtual json minimum(Runner& run, const Request& req, int side, double target, const In& tool) const = 0;
    virtual std::vector<std::string> minimum_fields() const = 0;
    // The battle's own description of what "minimum" can search ("tools" call).
    virtual json minimum_info(const json& battle) const = 0;
    virtual json luck(Runner& run, const Request& req, const In& actual) const = 0;
    // What "luck" needs entered, with the battle's own names and starting numbers.
    virtual json luck_info(const json& battle) const = 0;
};

// The rule system's own facts (its Ruleset's, from the registry).
const Facts& facts_of(const api::Ruleset& ruleset);

// "Osswid's", "Silver Bows'".
inline std::string possessive(const std::string& name) {
    return !name.empty() && (name.back() == 's' || name.back() == 'S') ? name + "'" : name + "'s";
}

// Chances of `side` from an odds answer of this rule system.
Chances chances_of(const json& odds, const std::vector<std::string>& sides, int side);
// {"total", "parts": [{"label", "start", "mean_left", "lost"}]} for each side.
json losses_json(const Facts& f, const json& odds);
// One solve summed up: chances for `side` and both sides' losses.
json point_json(const Facts& f, const json& odds, int side);

// Minimum force along one number: the least value at `path` in [lo, hi] whose
// chance to win reaches `target`. Where more need not mean better
// (`monotone` false) every value is solved in turn when the solves allow it,
// else it doubles then halves its way there, which finds a value that reaches
// the target with the one below it not reaching it. `noun` names the number
// ("soldiers", "Arms of First Cohort").
json least_value(Runner& run, const Facts& f, const json& battle, const std::string& path, std::int64_t lo,
                 std::int64_t hi, double target, int side, bool monotone, const std::string& noun);

}  // namespace bc::tools

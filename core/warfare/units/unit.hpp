// A Strongholds & Followers unit: what the user asked for (keywords or the
// stats printed in another book), the card that follows from the tables, and
// what it costs. Kept free of battle state so an army roster can reuse it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "warfare/tables.hpp"

namespace bc::warfare {

struct CustomTrait {
    std::string name;
    int cost = 0;
    std::string text;
};

// A unit as given. Keyword units name ancestry, experience, equipment, type
// and size; explicit units give their five stats instead.
struct UnitSpec {
    std::string name;
    std::string id;              // optional, echoed back: a roster's stable id for the unit
    bool explicit_stats = false;
    std::string ancestry;    // keyword units
    std::string experience;  // "" for levies; optional label on explicit units (Undead reads it)
    std::string equipment;   // "none" or "light" for levies
    Type type = Type::Infantry;
    int size = 6;                // casualty die faces
    int size_cost_percent = 0;   // the user's modifier for a die the book does not price (d20)
    Bonuses stats;               // explicit units: Attack, Power, Defense, Toughness (totals), Morale
    std::uint32_t added_traits = 0;  // known traits beyond the ancestry's and type's
    std::vector<CustomTrait> custom;
    std::optional<std::int64_t> cost_override;  // explicit units: the printed cost
    std::string attitude = "allied";
    bool mercenary = false;
    bool unpaid = false;
    int morale_bonus = 0;                // fortifications: to their side's Morale checks while standing
    std::optional<int> casualties;       // the casualty die's current value (battles)
};

// The card: stats from the tables (or as given) and all traits.
struct Unit {
    UnitSpec spec;
    int attack = 0, power = 0, defense = 10, toughness = 10, morale = 0;
    std::uint32_t traits = 0;
    bool has(Trait t) const { return (traits & bit(t)) != 0; }
    bool is(Type t) const { return spec.type == t; }
    int die() const { return spec.size; }
    int start() const { return spec.casualties ? *spec.casualties : spec.size; }
    // Siege units: siege engines and units with the Siege Engine trait.
    bool siege() const { return is(Type::SiegeEngine) || has(Trait::SiegeEngine); }
};

// An exact amount of gold: num / den. Costs are multiplied out exactly and
// rounded once, at the end.
struct Gold {
    std::int64_t num = 0, den = 1;
    static Gold of(std::int64_t n, std::int64_t d);
    Gold operator+(const Gold& o) const { return of(num * o.den + o.num * den, den * o.den); }
    Gold operator-(const Gold& o) const { return of(num * o.den - o.num * den, den * o.den); }
    Gold times(std::int64_t n, std::int64_t d) const { return of(num * n, den * d); }
    // The nearest gold piece; a half rounds up.
    std::int64_t rounded() const;
    double value() const { return static_cast<double>(num) / static_cast<double>(den); }
};

struct Costing {
    bool priced = false;
    std::string unpriced_why;
    int bonuses = 0;         // Attack + Power + Defense + Toughness bonuses
    int morale = 0;          // Morale bonus (counted twice)
    int type_percent = 0;    // x100
    int size_percent = 0;    // x100
    int traits_cost = 0;
    bool overridden = false; // a printed cost was given
    Gold exact;
    std::int64_t cost = 0;
    // What the buyer pays: attitude applies to price and upkeep, mercenaries double upkeep.
    bool buyable = true;
    Gold price_exact;
    std::int64_t price = 0;
    bool has_upkeep = true;
    Gold upkeep_exact;
    std::int64_t upkeep = 0;
};

struct UnitReadOptions {
    std::string levy_equipment = "none";  // when a levy's equipment is not given
    bool allow_casualties = true;
};

// Reads and checks one unit; errors name the field.
UnitSpec parse_unit(const In& u, const UnitReadOptions& opt = {});
Unit build(const UnitSpec& spec);
Costing cost_of(const Unit& u);
// "Dwarf Elite Heavy Infantry d6", or the name for explicit units.
std::string keyword_label(const UnitSpec& s);
// The same keywords (ancestry, experience, equipment, type): an army may field only one.
bool same_keywords(const UnitSpec& a, const UnitSpec& b);
// Checks a list of units for the one-unit-per-keywords rule; `path` is the list's.
void check_army(const std::vector<UnitSpec>& units, const std::string& path);

json unit_json(const UnitSpec& s);  // the spec written back, for export
json card_json(const Unit& u);      // stats, die, traits with text, cost, upkeep, notes
json cost_json(const Costing& c);

// Improving a unit (equipment, experience or size) costs the difference between
// the new and the old unit (S&F p. 239).
struct Improvement {
    UnitSpec from, to;
    bool priced = false;
    Gold exact;
    std::int64_t cost = 0;
    std::vector<std::string> notes;
};
Improvement improve(const UnitSpec& from, const In& changes);

// The one next step up of a unit by one kind ("size", "experience" or
// "equipment"): its value ("d8", "veteran", "light"), or "" and why there is
// none (a fortification, levies' experience, a unit given by its stats, the
// top of the ladder, no bigger size the book prices). The roster's offers and
// rules and the decision tools all step by this.
struct NextStep {
    std::string to, why;
};
NextStep next_step(const UnitSpec& s, const std::string& kind);
json improvement_json(const Improvement& imp);

struct UnitLimits {
    static constexpr std::size_t kName = 60;
    static constexpr std::size_t kId = 64;
    static constexpr std::size_t kTraits = 12;
    static constexpr std::size_t kTraitName = 40;
    static constexpr std::size_t kTraitText = 300;
    static constexpr int kTraitCost = 10000;
    static constexpr int kStatMin = -10, kStatMax = 30;
    static constexpr int kDefenseMax = 40;
    static constexpr std::int64_t kCost = 1'000'000;
    static constexpr int kMoraleBonus = 10;
};

}  // namespace bc::warfare

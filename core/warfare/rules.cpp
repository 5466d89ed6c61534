// rules(): every table and option, so the page builds its choices from data.
#include "warfare/battle/battle.hpp"
#include "warfare/options.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/tables.hpp"
#include "warfare/units/unit.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare {

namespace {

json bonuses_json(const Bonuses& b) {
    return {{"attack", b.attack}, {"power", b.power}, {"defense", b.defense}, {"toughness", b.toughness},
            {"morale", b.morale}};
}

json trait_ids_of(std::uint32_t bits) {
    json out = json::array();
    for (const auto& t : traits())
        if (bits & bit(t.trait)) out.push_back(t.id);
    return out;
}

json preset(const BookCard& b) {
    json u = {{"name", b.name},           {"ancestry", b.ancestry}, {"experience", b.experience},
              {"equipment", b.equipment}, {"type", b.type},         {"size", b.size}};
    return u;
}

}  // namespace

json tables_json() {
    json anc = json::array(), exp = json::array(), eq = json::array(), ty = json::array(), sz = json::array(),
         tr = json::array(), at = json::array(), cards = json::array(), presets = json::array();
    for (const auto& a : ancestries()) {
        json j = bonuses_json(a.bonuses);
        j["id"] = a.id;
        j["name"] = a.name;
        j["traits"] = trait_ids_of(a.traits);
        j["traits_as_printed"] = a.traits_as_printed;
        anc.push_back(j);
    }
    for (const auto& e : experiences()) {
        json j = bonuses_json(e.bonuses);
        j["id"] = e.id;
        j["name"] = e.name;
        exp.push_back(j);
    }
    for (const auto& e : equipments()) {
        json j = bonuses_json(e.bonuses);
        j["id"] = e.id;
        j["name"] = e.name;
        eq.push_back(j);
    }
    for (const auto& t : types()) {
        json j = bonuses_json(t.bonuses);
        j["id"] = t.id;
        j["name"] = t.name;
        j["cost_modifier"] = t.cost_percent ? json(t.cost_percent / 100.0) : json(nullptr);
        j["traits"] = trait_ids_of(t.traits);
        j["keywords"] = t.type == Type::Fortification ? "stats" : t.type == Type::Levies ? "levies" : "all";
        ty.push_back(j);
    }
    for (const auto& s : sizes())
        sz.push_back({{"id", s.id}, {"faces", s.faces},
                      {"cost_modifier", s.cost_percent ? json(s.cost_percent / 100.0) : json(nullptr)}});
    for (const auto& t : traits())
        tr.push_back({{"id", t.id}, {"name", t.name}, {"cost", t.cost}, {"priced", t.priced}, {"text", t.text}});
    for (const auto& a : attitudes())
        at.push_back({{"id", a.id}, {"name", a.name},
                      {"cost_modifier", a.cost_percent ? json(a.cost_percent / 100.0) : json(nullptr)},
                      {"text", a.text}});
    for (const auto& b : book_cards()) {
        cards.push_back({{"name", b.name}, {"unit", preset(b)}, {"book_cost", b.book_cost},
                         {"table_cost", b.table_cost}, {"note", b.note}});
        presets.push_back(preset(b));
    }
    return {{"ancestries", anc}, {"experience", exp},  {"equipment", eq},        {"types", ty},
            {"sizes", sz},       {"traits", tr},       {"attitudes", at},        {"book_cards", cards},
            {"presets", presets}, {"trait_aliases", {{"frenzy", "feast"}, {"martial-advantage", "martial"}}}};
}

json rules_json() {
    return {
        {"name", "Strongholds & Followers: Warfare"},
        {"source", "MCDM, Strongholds & Followers (2019), the Warfare chapter"},
        {"tables", tables_json()},
        {"cost",
         {{"formula", "(Attack + Power + Defense + Toughness bonuses + 2 x Morale bonus) x type modifier x size "
                      "modifier x 10 + the traits' costs + 30, rounded to the nearest gold piece only at the end "
                      "(a half rounds up)"},
          {"upkeep", "a tenth of the cost each season; mercenaries pay twice that; levies cannot be kept"},
          {"attitude", "the buyer pays cost x the attitude's modifier, and the same share more upkeep"},
          {"improvement", "the cost of the improved unit minus the cost of the old one (call \"improve\")"},
          {"army", "an army fields only one unit with identical keywords (ancestry, experience, equipment, type)"}}},
        {"rules_version", kRulesVersion},
        {"rules_version_1", "Requests with \"rules_version\": 1 take the defaults from before version 2 for every "
                            "option or policy field they leave out (listed as default_rules_version_1)."},
        {"not_modelled",
         {"Leaders and the player characters: the book disbands an army whose leader is defeated, or whose PCs are "
          "defeated in the encounter. Only a unit marked \"leader\" (option leader) stands for a leader here.",
          "Allies retreating when a fortification falls: the calculator does not know which units are allies "
          "pledged for roleplaying reasons, so they stay and make their Morale checks.",
          "Retreats the GM rules out by position, and battle magic.",
          "A battle the GM ends early for one of these reasons is not what the odds describe."}},
        {"options", defs_json(option_defs())},
        {"policy", defs_json(policy_defs())},
        {"roster_options", defs_json(roster_option_defs())},
        {"limits",
         {{"units_per_side", ArmyLimits::kUnitsPerSide},
          {"units_in_list", ArmyLimits::kUnitsInList},
          {"name_chars", UnitLimits::kName},
          {"traits_per_unit", UnitLimits::kTraits},
          {"trait_name_chars", UnitLimits::kTraitName},
          {"trait_text_chars", UnitLimits::kTraitText},
          {"trait_cost", {-UnitLimits::kTraitCost, UnitLimits::kTraitCost}},
          {"attack_power_morale", {UnitLimits::kStatMin, UnitLimits::kStatMax}},
          {"defense_toughness", {0, UnitLimits::kDefenseMax}},
          {"printed_cost", {-UnitLimits::kCost, UnitLimits::kCost}},
          {"size_cost_modifier", {0.01, 10}},
          {"morale_bonus", {0, UnitLimits::kMoraleBonus}}}},
        {"example",
         {{"ruleset", "warfare"},
          // A battle saved now says which rules it was made under (a link without it reads as version 1).
          {"rules_version", kRulesVersion},
          {"attacker",
           {{"units",
             {{{"name", "Ironheart Defenders"}, {"ancestry", "dwarf"}, {"experience", "seasoned"},
               {"equipment", "medium"}, {"type", "infantry"}, {"size", "d6"}},
              {{"name", "Silver Bows"}, {"ancestry", "elf"}, {"experience", "regular"}, {"equipment", "light"},
               {"type", "archers"}, {"size", "d4"}}}}}},
          {"defender",
           {{"units",
             {{{"name", "Red Fangs"}, {"ancestry", "orc"}, {"experience", "regular"}, {"equipment", "medium"},
               {"type", "infantry"}, {"size", "d6"}},
              {{"name", "Hill Riders"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "light"},
               {"type", "cavalry"}, {"size", "d4"}}}}}},
          {"seed", 1}}},
        {"battle_limits", {{"units_per_side", BattleLimits::kUnitsPerSide}, {"id_chars", BattleLimits::kIdChars}}},
        {"unit_example",
         {{"ruleset", "warfare"},
          {"unit",
           {{"name", "Rockbreakers"}, {"ancestry", "dwarf"}, {"experience", "elite"}, {"equipment", "heavy"},
            {"type", "infantry"}, {"size", "d6"}, {"traits", json::array()}}}}},
    };
}

}  // namespace bc::warfare

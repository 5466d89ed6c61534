#include <algorithm>

#include "bloodied/bloodied.hpp"

namespace bc::bloodied {

const std::vector<std::string> kOutcomes = {"tribunan", "ashen", "retreat", "none"};

int outcome_of(bool tribunan_left, bool ashen_left) {
    if (tribunan_left && ashen_left) return 2;
    if (tribunan_left) return 0;
    if (ashen_left) return 1;
    return 3;
}

namespace {
const std::vector<std::string> kNations = {"tribunan", "ashen"};
const std::vector<std::string> kEffects = {"total", "arms", "armour", "size"};

Effect effect_of(const std::string& s) {
    if (s == "arms") return Effect::Arms;
    if (s == "armour") return Effect::Armour;
    if (s == "size") return Effect::Size;
    return Effect::Total;
}
const char* effect_id(Effect e) {
    switch (e) {
        case Effect::Arms: return "arms";
        case Effect::Armour: return "armour";
        case Effect::Size: return "size";
        default: return "total";
    }
}
}  // namespace

Scenario parse(const In& r) {
    r.only({"ruleset", "title", "units", "tactics", "solver", "seed", "log"});
    Scenario s;
    const auto units = r.list("units", Limits::kUnits);
    for (std::size_t i = 0; i < units.size(); ++i) {
        const In& u = units[i];
        u.must_be_object();
        u.only({"name", "nation", "arms", "armour", "size"});
        Unit x;
        x.name = u.text("name", Limits::kName, "Unit " + std::to_string(i + 1));
        x.nation = u.choice("nation", kNations) == "tribunan" ? kTribunan : kAshen;
        x.arms = u.integer("arms", 0, Limits::kArms);
        x.armour = u.integer("armour", 0, Limits::kArmour);
        x.size = u.integer("size", 0, Limits::kSize);
        s.units.push_back(std::move(x));
    }
    const auto tactics = r.list("tactics", Limits::kTactics);
    for (std::size_t i = 0; i < tactics.size(); ++i) {
        const In& t = tactics[i];
        t.must_be_object();
        t.only({"name", "target", "effect", "amount"});
        Tactic x;
        x.name = t.text("name", Limits::kName, "Tactic " + std::to_string(i + 1));
        x.effect = effect_of(t.choice("effect", kEffects));
        x.amount = t.integer("amount", -Limits::kAmount, Limits::kAmount);
        const In target = t.field("target");
        x.target = target.raw();
        if (x.effect == Effect::Total) {
            x.nation = target.as_choice(kNations) == "tribunan" ? kTribunan : kAshen;
        } else if (target.raw().is_number()) {
            if (s.units.empty()) target.fail("names a unit, but the battle has no units");
            x.unit = static_cast<int>(target.as_integer(0, static_cast<std::int64_t>(s.units.size()) - 1));
        } else if (target.raw().is_string()) {
            const std::string name = target.as_text(Limits::kName);
            int found = -1, count = 0;
            for (std::size_t k = 0; k < s.units.size(); ++k)
                if (s.units[k].name == name) {
                    if (found < 0) found = static_cast<int>(k);
                    ++count;
                }
            if (count == 0) target.fail("must name a unit in this battle (by its name or its number from 0)");
            if (count > 1)
                target.fail("matches " + std::to_string(count) +
                            " units with that name; give the unit's number from 0 instead");
            x.unit = found;
        } else {
            target.fail("must be a unit's name or its number from 0, for an " + std::string(effect_id(x.effect)) +
                        " tactic");
        }
        s.tactics.push_back(std::move(x));
    }
    // Limits that only tactics can break.
    Battle b = prepare(s, nullptr);
    for (int n = 0; n < 2; ++n)
        if (b.dice[n] > Limits::kDicePerNation)
            r.fail_at("units", std::string("the ") + nation_name(n) + " units would roll " +
                                   std::to_string(b.dice[n]) + " DICE6 in all; at most " +
                                   std::to_string(Limits::kDicePerNation));
    return s;
}

json to_json(const Scenario& s) {
    json units = json::array(), tactics = json::array();
    for (const auto& u : s.units)
        units.push_back({{"name", u.name}, {"nation", nation_id(u.nation)}, {"arms", u.arms},
                         {"armour", u.armour}, {"size", u.size}});
    for (const auto& t : s.tactics)
        tactics.push_back({{"name", t.name}, {"target", t.target}, {"effect", effect_id(t.effect)},
                           {"amount", t.amount}});
    return {{"ruleset", "bloodied-steel"}, {"units", units}, {"tactics", tactics}};
}

Battle prepare(const Scenario& s, Log* log) {
    Battle b;
    b.units = s.units;
    for (const auto& t : s.tactics) {
        const std::string sign = t.amount >= 0 ? "+" : "";
        if (t.effect == Effect::Total) {
            b.bonus[t.nation] += t.amount;
            if (log)
                log->add("tactics", t.name + ": " + sign + std::to_string(t.amount) + " to the " +
                                        nation_name(t.nation) + " Total",
                         {{"tactic", t.name}, {"nation", nation_id(t.nation)}, {"effect", "total"}, {"amount", t.amount}});
            continue;
        }
        Unit& u = b.units[static_cast<std::size_t>(t.unit)];
        std::int64_t* field = t.effect == Effect::Arms ? &u.arms : t.effect == Effect::Armour ? &u.armour : &u.size;
        const char* what = t.effect == Effect::Arms ? "Arms" : t.effect == Effect::Armour ? "Armour" : "Size";
        const std::int64_t before = *field;
        *field += t.amount;
        if (log)
            log->add("tactics",
                     t.name + ": " + sign + std::to_string(t.amount) + " " + what + " to " + u.name + " (" +
                         std::to_string(before) + " \u2192 " + std::to_string(*field) + ")",
                     {{"tactic", t.name}, {"unit", t.unit}, {"effect", effect_id(t.effect)}, {"amount", t.amount},
                      {"before", before}, {"after", *field}});
    }
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        const Unit& u = b.units[i];
        b.rollers[u.nation].push_back(i);
        // Arms pushed below zero by a tactic roll no dice.
        if (u.arms > 0) b.dice[u.nation] += u.arms;
    }
    return b;
}

json rules_json() {
    return {
        {"name", "Bloodied Steel"},
        {"source", "BlogNomic, proposal \"Bloodied Steel\" (the Battles rule), enacted 2 August 2021"},
        {"nations", {{{"id", "tribunan"}, {"name", "Tribunan"}, {"retreats", "one territory south"}},
                     {{"id", "ashen"}, {"name", "Ashen"}, {"retreats", "one territory north"}}}},
        {"die", {{"faces", 6}, {"adds", {{"1", 0}, {"2", 0}, {"3", 0}, {"4", 1}, {"5", 1}, {"6", 2}}}}},
        {"effects",
         {{{"id", "total"}, {"name", "Total"}, {"target", "nation"}, {"text", "add N to a nation's Total"}},
          {{"id", "arms"}, {"name", "Arms"}, {"target", "unit"}, {"text", "add N Arms to a unit"}},
          {{"id", "armour"}, {"name", "Armour"}, {"target", "unit"}, {"text", "add N Armour to a unit"}},
          {{"id", "size"}, {"name", "Size"}, {"target", "unit"}, {"text", "add N Size to a unit"}}}},
        {"outcomes",
         {{{"id", "tribunan"}, {"name", "Tribunan victorious"}},
          {{"id", "ashen"}, {"name", "Ashen victorious"}},
          {{"id", "retreat"}, {"name", "Both retreat"}},
          {{"id", "none"}, {"name", "No units left"}}}},
        {"steps",
         {"Apply the battle's Tactics in chronological order.",
          "Tribunan Total: one DICE6 per Arms of each Tribunan unit; 1-3 add 0, 4-5 add 1, 6 adds 2.",
          "Each Ashen unit loses Size equal to the amount by which the Tribunan Total exceeds its Armour (to 0).",
          "Ashen Total: the same for every Ashen unit, including any reduced to Size 0.",
          "Each Tribunan unit loses Size equal to the amount by which the Ashen Total exceeds its Armour.",
          "Units with Size 0 or lower are destroyed.",
          "If both nations have units left, all retreat; otherwise the nation with units left is Victorious."}},
        {"options", json::array()},
        {"limits",
         {{"units", Limits::kUnits}, {"tactics", Limits::kTactics}, {"arms", Limits::kArms},
          {"armour", Limits::kArmour}, {"size", Limits::kSize}, {"amount", Limits::kAmount},
          {"dice_per_nation", Limits::kDicePerNation}, {"name_chars", Limits::kName}}},
        {"example",
         {{"ruleset", "bloodied-steel"},
          {"units",
           {{{"name", "First Cohort"}, {"nation", "tribunan"}, {"arms", 4}, {"armour", 2}, {"size", 5}},
            {{"name", "Grey Host"}, {"nation", "ashen"}, {"arms", 3}, {"armour", 1}, {"size", 6}}}},
          {"tactics", {{{"name", "Ambush"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 2}}}}}},
    };
}

}  // namespace bc::bloodied

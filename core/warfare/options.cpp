#include "warfare/options.hpp"

namespace bc::warfare {

OptionDef option_choice(std::string id, std::string name, std::vector<ChoiceDef> choices, std::string def,
                        std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "choice";
    d.choices = std::move(choices);
    d.def = std::move(def);
    d.text = std::move(text);
    return d;
}

OptionDef option_flag(std::string id, std::string name, bool def, std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "bool";
    d.def = def;
    d.text = std::move(text);
    return d;
}

OptionDef option_int(std::string id, std::string name, int def, int lo, int hi, std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "int";
    d.def = def;
    d.min = lo;
    d.max = hi;
    d.text = std::move(text);
    return d;
}

const std::vector<OptionDef>& option_defs() {
    static const std::vector<OptionDef> defs = {
        option_choice("levy_equipment", "Levies' equipment",
               {{"none", "None", "Levies have no equipment rating (S&F p. 235: \"no equipment rating or experience\")."},
                {"light", "Light", "Levies always have Light equipment (S&F p. 233)."}},
               "none",
               "The book's printings disagree about levies' equipment. This is the default for levies whose "
               "equipment is not given; a unit may name either."),
        option_choice("refresh", "Refreshing units",
               {{"side", "Per side", "A side's units refresh when all of that side's units are exhausted."},
                {"all", "All units", "All units refresh only when every unit on the field is exhausted (the "
                                     "book's literal words); a side with none fresh passes its turn."}},
               "side",
               "The book refreshes units once all are exhausted without saying whose: each side's own, or "
               "everyone on the field."),
        option_int("orders_per_turn", "Orders per turn", 1, 1, 12,
              "Each player issues one order a turn and the GM as many as there are players: how many orders "
              "each side issues per turn."),
        option_choice("initiative", "Initiative",
               {{"rolled", "Rolled", "Each side is equally likely to act first."},
                {"attacker", "Attacker first", "The attacking army acts first."},
                {"defender", "Defender first", "The defending army acts first."}},
               "rolled", "Which side issues the first order: the book follows the encounter's initiative."),
        option_choice("cavalry", "Cavalry's every other round",
               {{"after-attack", "Rest after attacking",
                 "A cavalry unit that attacks while not engaged stays exhausted for its side's next round."},
                {"odd-rounds", "Odd rounds only",
                 "Cavalry not engaged may attack only in the battle's 1st, 3rd, 5th ... round (a round is one turn of each side)."},
                {"off", "No limit", "Cavalry attacks every round."}},
               "after-attack",
               "Cavalry attack only in alternate rounds unless engaged; the book does not say which "
               "rounds those are."),
        option_choice("natural_20", "Natural 20",
               {{"critical", "Always a critical hit", "A natural 20 on an Attack check hits and gives two Power checks."},
                {"critical-if-hits", "Critical only if it hits",
                 "A natural 20 is a critical hit only when the total reaches the Defense."}},
               "critical", "The book calls a rolled 20 a critical hit without saying whether it always hits."),
        option_choice("natural_1", "Natural 1",
               {{"none", "No special effect", "A 1 is just a low roll."},
                {"attack-misses", "Attack misses", "A natural 1 on an Attack check always misses."},
                {"all-checks-fail", "Every check fails",
                 "A natural 1 fails any Attack, Power or Morale check."}},
               "none", "The book says nothing about natural 1s."),
        option_choice("failed_diminished", "Failed diminished check",
               {{"one-casualty", "One casualty",
                 "The failed check's decrement and its \"another casualty\" are the same casualty."},
                {"two-casualties", "Two casualties",
                 "Every failed Morale check decrements the die, and the diminished check's failure adds "
                 "another casualty on top."}},
               "one-casualty",
               "The book says both that failing a Morale check decrements the die and that a diminished unit "
               "failing its check suffers another casualty; counted once by default."),
        option_flag("morale_casualty_checks", "Morale casualties prompt diminished checks", false,
             "Whether a casualty from a failed Morale check makes a diminished unit check again (a chain)."),
        option_choice("diminished_check", "When the diminished check applies",
               {{"already", "Already diminished", "Only a unit diminished before the casualty checks."},
                {"after", "Diminished after it", "The casualty that makes a unit diminished already prompts the check."}},
               "already", "A diminished unit checks on each casualty; the book leaves open whether the casualty that diminishes it counts."),
        option_choice("diminished_checks", "Diminished checks per",
               {{"per-casualty", "Casualty", "One check for each casualty (two for a Brutal hit)."},
                {"per-hit", "Hit", "One check for each successful Power check, however many casualties it inflicts."}},
               "per-casualty", "Multi-casualty hits: one diminished check, or one per casualty."),
        option_flag("rally", "Rally", true,
             "A unit that would be removed makes a DC 15 Morale check to stay at 1, once per battle."),
        option_choice("disengage", "Disengaging",
               {{"issue", "Charger freely, target with a check",
                 "The charging unit disengages as an order; the engaged target needs a DC 13 Morale check as an order."},
                {"charger-check", "Charger with a check",
                 "Only the charging unit may disengage, with a DC 13 Morale check as an order (the Charge trait's text)."},
                {"free", "Either, freely", "Either unit disengages as an order, without a check."}},
               "issue", "The book's paragraphs on engaging disagree about who may disengage and how."),
        option_flag("engaged_ignore_order", "Engaged units ignore the order of battle", true,
             "Engaged units may only attack each other; on by default they may do so even where the order of "
             "battle would forbid it (infantry striking back at cavalry)."),
        option_choice("martial_size", "Martial compares",
               {{"current", "Current casualty die", "The unit's current die value against the target's."},
                {"die", "Die size", "The unit's casualty die (d8 > d6) against the target's."}},
               "current", "Martial compares the two units' sizes; the book does not say whether that is the size now or the die."),
        option_choice("hurl_rocks_critical", "Hurl Rocks on a critical hit",
               {{"single", "No extra", "Hurl Rocks inflicts its casualties once."},
                {"double", "Twice", "A critical hit inflicts Hurl Rocks' casualties twice."}},
               "single", "Hurl Rocks skips the Power check, so the book's two Power checks on a 20 do not apply."),
        option_flag("infantry_loss_retreat", "Losing all infantry means retreat", true,
             "A side that had infantry and has lost all of it retreats: its remaining units leave the field."),
        option_int("retreat_dc", "Retreat Morale DC", 15, 1, 30,
              "Units ordered to retreat make a Morale check; the book gives no DC."),
        option_int("retreat_below_attacker", "Attacker retreats below", 0, 0, 12,
              "The attacker orders a retreat when fewer than this many of its units remain (0: never)."),
        option_int("retreat_below_defender", "Defender retreats below", 0, 0, 12,
              "The defender orders a retreat when fewer than this many of its units remain (0: never)."),
        option_flag("retreat_needs_fresh", "Retreat only when fresh", true,
             "The book allows the retreat order only when all of the side's units are fresh."),
        option_choice("terrain", "Terrain",
               {{"land", "Land", "No terrain penalties."},
                {"water", "Water", "Units without Amphibious attack with disadvantage."}},
               "land", "The book names terrain penalties for water without giving them: disadvantage here."),
        option_choice("undead_check", "Morale check to attack undead",
               {{"until-passed", "Until passed", "A unit checks before each attack on that undead unit until it passes once."},
                {"once", "Once", "A unit checks once per undead unit, pass or fail."}},
               "until-passed", "Each attacker checks against an undead unit only once; the book leaves open whether a failed check counts as that once."),
    };
    return defs;
}

const std::vector<OptionDef>& policy_defs() {
    static const std::vector<OptionDef> defs = {
        option_choice("targeting", "Targets",
               {{"best", "Most expected casualties", "The legal target with the highest expected casualties from this order."},
                {"random", "Random", "Any legal target, equally likely."},
                {"weakest", "Weakest", "The legal target with the lowest casualty die."},
                {"strongest", "Strongest", "The legal target with the highest casualty die."}},
               "best", "Who each unit attacks (only targets it can hurt)."),
        option_choice("unit", "Which unit acts",
               {{"best", "Most expected casualties", "The fresh unit whose attack promises the most casualties."},
                {"card", "Card order", "The first fresh unit in the army's list."}},
               "best", "Which fresh unit a side orders next."),
        option_flag("charge", "Charge when allowed", true, "Units with Charge charge whenever they can."),
        option_choice("feed", "Ravenous units feed",
               {{"when-diminished", "When diminished", "Feed when the unit itself is diminished."},
                {"when-hurt", "When hurt", "Feed whenever its casualty die is below its maximum."},
                {"never", "Never", "Always attack instead."}},
               "when-diminished", "When a Ravenous unit spends its order feeding rather than attacking."),
        option_flag("sap", "Twisting Roots sap walls", true,
             "A unit with Twisting Roots saps an enemy fortification (once) before attacking."),
        option_choice("disengage", "Disengage",
               {{"when-stuck", "When stuck", "Only when an engaged unit cannot attack the unit it is engaged with."},
                {"to-charge", "To charge again", "A charging unit disengages so it can charge again."}},
               "when-stuck", "When an engaged unit spends its order disengaging."),
        option_choice("courageous", "Courageous",
               {{"first", "First failure", "Turn the first failed Morale check into a success."},
                {"rally", "Save for a rally", "Keep it for a failed rally check."}},
               "first", "Which failed Morale check a Courageous unit turns into a success."),
    };
    return defs;
}

json defs_json(const std::vector<OptionDef>& defs) {
    json out = json::array();
    for (const auto& d : defs) {
        json j = {{"id", d.id}, {"name", d.name}, {"type", d.type}, {"default", d.def}, {"text", d.text}};
        if (d.type == "choice") {
            json cs = json::array();
            for (const auto& c : d.choices) cs.push_back({{"id", c.id}, {"name", c.name}, {"text", c.text}});
            j["choices"] = cs;
        }
        if (d.type == "int") {
            j["min"] = d.min;
            j["max"] = d.max;
        }
        out.push_back(j);
    }
    return out;
}

std::map<std::string, json> read_values(const In& in, const std::vector<OptionDef>& defs) {
    in.must_be_object();
    std::vector<std::string> known;
    for (const auto& d : defs) known.push_back(d.id);
    in.only(known);
    std::map<std::string, json> v;
    for (const auto& d : defs) {
        if (d.type == "bool") {
            v[d.id] = in.boolean(d.id, d.def.get<bool>());
        } else if (d.type == "int") {
            v[d.id] = in.integer(d.id, d.min, d.max, d.def.get<int>());
        } else {
            std::vector<std::string> ids;
            for (const auto& c : d.choices) ids.push_back(c.id);
            v[d.id] = in.choice(d.id, ids, d.def.get<std::string>());
        }
    }
    return v;
}

Options parse_options(const In& in) {
    auto v = read_values(in, option_defs());
    auto s = [&](const char* k) { return v[k].get<std::string>(); };
    auto b = [&](const char* k) { return v[k].get<bool>(); };
    auto i = [&](const char* k) { return v[k].get<int>(); };
    Options o;
    o.levy_equipment = s("levy_equipment");
    o.refresh_all = s("refresh") == "all";
    o.orders_per_turn = i("orders_per_turn");
    o.initiative = s("initiative");
    o.cavalry = s("cavalry");
    o.crit_needs_hit = s("natural_20") == "critical-if-hits";
    o.natural_1 = s("natural_1");
    o.never_count_twice = s("failed_diminished") == "one-casualty";
    o.morale_casualty_checks = b("morale_casualty_checks");
    o.diminished_after = s("diminished_check") == "after";
    o.diminished_per_hit = s("diminished_checks") == "per-hit";
    o.rally = b("rally");
    o.disengage = s("disengage");
    o.engaged_ignore_order = b("engaged_ignore_order");
    o.martial_uses_die = s("martial_size") == "die";
    o.hurl_rocks_crit_double = s("hurl_rocks_critical") == "double";
    o.infantry_loss_retreat = b("infantry_loss_retreat");
    o.retreat_dc = i("retreat_dc");
    o.retreat_below[0] = i("retreat_below_attacker");
    o.retreat_below[1] = i("retreat_below_defender");
    o.retreat_needs_fresh = b("retreat_needs_fresh");
    o.water = s("terrain") == "water";
    o.undead_once = s("undead_check") == "once";
    return o;
}

Policy parse_policy(const In& in) {
    auto v = read_values(in, policy_defs());
    Policy p;
    p.targeting = v["targeting"].get<std::string>();
    p.unit = v["unit"].get<std::string>();
    p.charge = v["charge"].get<bool>();
    p.feed = v["feed"].get<std::string>();
    p.sap = v["sap"].get<bool>();
    p.disengage_to_charge = v["disengage"].get<std::string>() == "to-charge";
    p.courageous_rally_only = v["courageous"].get<std::string>() == "rally";
    return p;
}

json options_json(const Options& o) {
    return {{"levy_equipment", o.levy_equipment},
            {"refresh", o.refresh_all ? "all" : "side"},
            {"orders_per_turn", o.orders_per_turn},
            {"initiative", o.initiative},
            {"cavalry", o.cavalry},
            {"natural_20", o.crit_needs_hit ? "critical-if-hits" : "critical"},
            {"natural_1", o.natural_1},
            {"failed_diminished", o.never_count_twice ? "one-casualty" : "two-casualties"},
            {"morale_casualty_checks", o.morale_casualty_checks},
            {"diminished_check", o.diminished_after ? "after" : "already"},
            {"diminished_checks", o.diminished_per_hit ? "per-hit" : "per-casualty"},
            {"rally", o.rally},
            {"disengage", o.disengage},
            {"engaged_ignore_order", o.engaged_ignore_order},
            {"martial_size", o.martial_uses_die ? "die" : "current"},
            {"hurl_rocks_critical", o.hurl_rocks_crit_double ? "double" : "single"},
            {"infantry_loss_retreat", o.infantry_loss_retreat},
            {"retreat_dc", o.retreat_dc},
            {"retreat_below_attacker", o.retreat_below[0]},
            {"retreat_below_defender", o.retreat_below[1]},
            {"retreat_needs_fresh", o.retreat_needs_fresh},
            {"terrain", o.water ? "water" : "land"},
            {"undead_check", o.undead_once ? "once" : "until-passed"}};
}

json policy_json(const Policy& p) {
    return {{"targeting", p.targeting},
            {"unit", p.unit},
            {"charge", p.charge},
            {"feed", p.feed},
            {"sap", p.sap},
            {"disengage", p.disengage_to_charge ? "to-charge" : "when-stuck"},
            {"courageous", p.courageous_rally_only ? "rally" : "first"}};
}

}  // namespace bc::warfare

#include "warfare/options.hpp"


namespace bc::warfare {

namespace {
constexpr const char* kOrders = "Battle, Issuing an Order";
}  // namespace

// The book's words are quoted in `book` (S&F, the Warfare chapter, by section);
// `text` says in our words what the program does with them.
const std::vector<OptionDef>& option_defs() {
    static const std::vector<OptionDef> defs = {
        quoting(option_choice("levy_equipment", "Levies' equipment",
               {{"none", "None", "Levies have no equipment rating."},
                {"light", "Light", "Levies always have Light equipment."}},
               "none",
               "The book's two descriptions of levies disagree about their equipment. This is the default for "
               "levies whose equipment is not given; a unit may name either."),
               "\"Levies have no equipment rating or experience rating\" (Creating Your Own Units); \"Levies have "
               "no experience level and always have Light equipment\" (Type)."),
        quoting(option_choice("refresh", "Refreshing units",
               {{"side", "Per side", "A side's units refresh as soon as all of that side's units are exhausted, "
                                     "mid-turn included."},
                {"all", "All units", "Units refresh only when every unit on the field is exhausted; a side "
                                     "with none fresh passes its turn."}},
               "side",
               "The book does not say whose units must all be exhausted: each side's own, or everyone's."),
               "\"Once all units are exhausted, all units are immediately refreshed.\" (" + std::string(kOrders) + ")"),
        quoting(option_int("orders_per_turn", "Orders per turn", 1, 1, 12,
              "How many orders each side issues per turn (the GM issues one per player)."),
              "\"On a player's turn, they may issue one order to a fresh allied unit.\" \"Each turn, the GM may "
              "issue an order to a number of enemy units equal to the number of players.\" (" + std::string(kOrders) + ")"),
        quoting(option_choice("initiative", "Initiative",
               {{"rolled", "Rolled", "Each side is equally likely to act first."},
                {"attacker", "Attacker first", "The attacking army acts first."},
                {"defender", "Defender first", "The defending army acts first."}},
               "rolled", "Which side issues the first order: at the table it follows the encounter's initiative."),
               "\"Roll initiative and set up your encounter normally\" (Battle, The Encounter)."),
        quoting(option_choice("cavalry", "Cavalry's every other round",
               {{"after-attack", "Rest after attacking",
                 "A cavalry unit that attacks while not engaged stays exhausted through its side's next refresh."},
                {"odd-rounds", "Odd rounds only",
                 "Cavalry not engaged may attack only in the battle's 1st, 3rd, 5th ... round (a round is one turn of each side)."},
                {"off", "No limit", "Cavalry attacks every round."}},
               "after-attack", "The book does not say which rounds are cavalry's."),
               "\"Cavalry can only attack every other round, unless engaged.\" (Battle, Attack)"),
        quoting(option_choice("cavalry_rest", "What makes cavalry rest",
               {{"attack", "An attack made", "Only an Attack check actually rolled counts as cavalry's attack."},
                {"order", "An attack order",
                 "Any attack order counts, even one spent on a failed Morale check to attack an undead unit."}},
               "attack", "With cavalry \"after-attack\": the rule limits attacks, so an order that never attacked "
                         "does not make cavalry rest."),
               "\"Cavalry can only attack every other round, unless engaged.\" (Battle, Attack)", "order"),
        quoting(option_choice("natural_20", "Natural 20",
               {{"critical", "Always a critical hit", "A natural 20 on an Attack check hits and gives two Power checks."},
                {"critical-if-hits", "Critical only if it hits",
                 "A natural 20 is a critical hit only when the total reaches the Defense."}},
               "critical", "The book calls a rolled 20 a critical hit without saying whether it always hits."),
               "\"Rolling a 20 on an Attack check is a critical hit and the attacking unit makes two Power tests "
               "against the target.\" (Battle, Attack)"),
        option_choice("natural_1", "Natural 1",
               {{"none", "No special effect", "A 1 is just a low roll."},
                {"attack-misses", "Attack misses", "A natural 1 on an Attack check always misses."},
                {"all-checks-fail", "Every check fails",
                 "A natural 1 fails any Attack, Power or Morale check."}},
               "none", "The book says nothing about natural 1s."),
        quoting(option_choice("failed_diminished", "Failed diminished check",
               {{"one-casualty", "One casualty",
                 "The failed check's decrement and its \"another casualty\" are the same casualty."},
                {"two-casualties", "Two casualties",
                 "Every failed Morale check decrements the die, and the diminished check's failure adds "
                 "another casualty on top."}},
               "one-casualty", "Two sentences could count one failure twice; counted once by default."),
               "\"Failing a Morale check decrements the unit's casualty die.\" (Morale) \"If it fails, it "
               "immediately suffers another casualty.\" (Battle, Diminished)"),
        quoting(option_flag("morale_casualty_checks", "Morale casualties prompt diminished checks", false,
             "Whether a casualty from a failed Morale check (diminished, Horrify, Undead, a fallen "
             "fortification, disengaging or retreating) makes a diminished unit check again (a chain)."),
             "\"While diminished, it must make a DC 15 Morale check each time it suffers a casualty.\" (Battle, Diminished)"),
        quoting(option_choice("diminished_check", "When the diminished check applies",
               {{"already", "Already diminished", "Only a unit diminished before the casualty checks."},
                {"after", "Diminished after it", "The casualty that makes a unit diminished already prompts the check."}},
               "already", "The book leaves open whether the casualty that diminishes a unit prompts a check."),
               "\"While diminished, it must make a DC 15 Morale check each time it suffers a casualty.\" (Battle, Diminished)"),
        quoting(option_choice("diminished_checks", "Diminished checks per",
               {{"per-casualty", "Casualty", "One check for each casualty (two for a Brutal hit)."},
                {"per-hit", "Hit", "One check for each successful Power check, however many casualties it inflicts "
                                   "(with \"already\": only if diminished before that hit)."}},
               "per-casualty", "Multi-casualty hits: one diminished check, or one per casualty."),
               "\"each time it suffers a casualty\" (Battle, Diminished)"),
        quoting(option_flag("rally", "Rally", true,
             "A unit that would be removed makes a DC 15 Morale check to stay at 1, once per battle."),
             "\"Any unit that would be removed from battle can be rallied.\" (Battle, Rally)"),
        quoting(option_flag("retreat_rally", "Rally on a failed retreat check", true,
             "A unit at 1 that fails its Morale check on retreating may be rallied like any other (off: it is removed)."),
             "\"Any unit that would be removed from battle can be rallied.\" (Battle, Rally)", false),
        quoting(option_choice("disengage", "Disengaging",
               {{"charger-check", "Charger with a check",
                 "Only the charging unit may disengage: a DC 13 Morale check as an order."},
                {"issue", "Charger freely, target with a check",
                 "The charging unit disengages freely as an order; the engaged target may try a DC 13 Morale check as an order."},
                {"free", "Either, freely", "Either unit disengages as an order, without a check."}},
               "charger-check", "The book lets only the attacking unit disengage, with a DC 13 Morale check."),
               "\"Unless otherwise specified, the attacking unit can choose to disengage as an order. The defending "
               "unit cannot disengage. As an order, the attacking unit can make a DC 13 Morale check to disengage on "
               "a subsequent turn.\" (Battle, Engage and Disengage) \"The charging unit is then Engaged with the "
               "defending unit and must make a DC 13 Morale check to disengage.\" (Charge)",
               "issue"),
        quoting(option_choice("charge_engages", "A Charge engages",
               {{"success", "On a successful Power check", "The charger becomes engaged only when a Power check of "
                                                           "its Charge succeeds (for Hurl Rocks: when it hits)."},
                {"always", "Always", "The charger becomes engaged after every Charge, even a miss."}},
               "success", "The Battle section ties engaging to a successful Power check; the trait's text does not."),
               "\"On a successful Power check, a Charge inflicts two casualties, and the charging unit becomes engaged "
               "with the defending unit.\" (Battle, Charge) \"The charging unit is then Engaged with the defending "
               "unit\" (Charge)",
               "always"),
        quoting(option_flag("engaged_ignore_order", "Engaged units ignore the order of battle", true,
             "Engaged units may only attack each other; on by default they may do so even where the order of "
             "battle would forbid it (infantry striking back at cavalry)."),
             "\"While engaged, both units may only attack each other.\" (Battle, Engage and Disengage)"),
        quoting(option_flag("engaged_feed", "Engaged Ravenous units may feed", true,
             "Engaging limits attacks only, so an engaged Ravenous unit may still spend its order feeding."),
             "\"While engaged, both units may only attack each other.\" (Battle, Engage and Disengage) \"While there "
             "is a diminished enemy unit, this unit can spend a round feeding on the corpses.\" (Ravenous)",
             false),
        quoting(option_choice("martial_size", "Martial compares",
               {{"current", "Current casualty die", "The unit's current die value against the target's."},
                {"die", "Die size", "The unit's casualty die (d8 > d6) against the target's."}},
               "current", "Size is both the die and what is left of it; the trait does not say which."),
               "\"if this unit's size is greater than their target's\" (Martial)"),
        quoting(option_choice("hurl_rocks_critical", "Hurl Rocks on a critical hit",
               {{"single", "No extra", "Hurl Rocks inflicts its casualties once."},
                {"double", "Twice", "A critical hit inflicts Hurl Rocks' casualties twice."}},
               "single", "Hurl Rocks makes no Power check, so a critical hit's two Power checks have nothing to double."),
               "\"If this unit succeeds on an Attack check, it inflicts 2 casualties.\" (Hurl Rocks)"),
        quoting(option_flag("infantry_loss_retreat", "Losing all infantry means retreat", true,
             "A side that had infantry and has lost all of it retreats: its remaining units leave the field."),
             "\"If either side loses all their infantry, their remaining units retreat.\" (Victory and Defeat)"),
        quoting(option_choice("leader", "A leader's unit is removed",
               {{"disbands", "The army disbands", "When a unit marked \"leader\" is removed, its side's other units "
                                                  "leave the field and the other side wins."},
                {"fights-on", "Fights on", "A leader's unit is a unit like any other."}},
               "disbands", "Applies only to a unit marked \"leader\": true; the program does not model leaders "
                           "themselves, only a unit standing for one."),
               "\"If the enemy leader is defeated, the army immediately disbands.\" (Victory and Defeat)"),
        quoting(option_int("retreat_dc", "Retreat Morale DC", 15, 1, 30,
              "Units ordered to retreat make a Morale check; the book gives no DC, so 15, the DC of every other "
              "Morale check it names."),
              "\"All of your units immediately make a Morale check and are removed from the battle\" (Ordering a Retreat)"),
        option_int("retreat_below_attacker", "Attacker retreats below", 0, 0, 12,
              "The attacker orders a retreat when fewer than this many of its units remain (0: never)."),
        option_int("retreat_below_defender", "Defender retreats below", 0, 0, 12,
              "The defender orders a retreat when fewer than this many of its units remain (0: never)."),
        quoting(option_flag("retreat_needs_fresh", "Retreat only when fresh", true,
             "A retreat is ordered only when none of the side's units is exhausted (resting cavalry included)."),
             "\"You can only give this order when all of your side's units are fresh.\" (Ordering a Retreat)"),
        quoting(option_choice("terrain", "Terrain",
               {{"land", "Land", "No terrain penalties."},
                {"water", "Water", "Units without Amphibious attack with disadvantage."}},
               "land", "The book names terrain penalties without giving them: disadvantage here."),
               "\"This unit does not suffer terrain penalties for fighting in water or on land.\" (Amphibious)"),
        quoting(option_choice("undead_check", "Morale check to attack undead",
               {{"until-passed", "Until passed", "A unit checks before each attack on that undead unit until it passes once."},
                {"once", "Once", "A unit checks once per undead unit, pass or fail."}},
               "until-passed", "The book leaves open whether a failed check counts as that once."),
               "\"Each enemy unit need only do this once.\" (Undead)"),
        quoting(option_int("undead_dc", "Undead Morale DC", 15, 1, 30,
              "The trait gives no DC; 15 is the DC of every other Morale check the book names (diminished, "
              "rally, Horrify, a fallen fortification)."),
              "\"Green and Regular troops must pass a Morale check to attack this unit.\" (Undead)"),
        quoting(option_flag("undead_levies", "Levies check to attack undead", false,
             "The trait names Green and Regular troops; levies have no experience, so by default they do not check."),
             "\"Green and Regular troops must pass a Morale check to attack this unit.\" (Undead) \"Levies have no "
             "equipment rating or experience rating\" (Creating Your Own Units)",
             true),
        quoting(option_choice("fortification_morale", "Fortifications and Morale",
               {{"none", "No Morale checks", "Walls make no Morale checks: they are neither diminished nor rallied "
                                             "and cannot be horrified; a casualty at 1 removes them."},
                {"checks", "Like units", "Walls make diminished, rally and Horrify checks like other units, with "
                                         "their own morale bonus."}},
               "none", "The book gives fortifications a Morale bonus for their defenders, not a Morale of their own."),
               "\"Typically, defending a fortification grants the defending units a Morale bonus.\" (Type)",
               "checks"),
        quoting(option_choice("siege_engine_trait", "The Siege Engine trait",
               {{"adds", "Adds siege abilities", "The unit keeps its type's targets and protections and may also "
                                                 "attack fortifications (with siege advantage against sapped walls)."},
                {"full", "A siege engine in full", "The unit attacks and is protected as a siege engine: only "
                                                   "infantry, levies, archers and fortifications, and shielded by its side's "
                                                   "infantry, archers and cavalry."}},
               "adds", "A trait adds abilities; it does not take away the targets the unit's type allows."),
               "\"Aerial: ... Can attack any unit.\" \"Siege Engine: Can attack infantry, levies, archers, and "
               "fortifications.\" (Battle, Attack) \"Siege Engines: Typically catapults and trebuchets, but also "
               "monsters like treants, if pressed into service.\" (Type)",
               "full"),
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
        quoting(option_choice("target_ties", "Ties between targets",
               {{"card", "Earlier card", "Targets equal under the targeting rule go to the earlier card."},
                {"expected", "Expected casualties, then card",
                 "Under weakest or strongest, equal dice go to the target with more expected casualties, then the earlier card."}},
               "card", "How a tie between equally good targets is broken."),
               "", "expected"),
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
        quoting(option_choice("sap", "Twisting Roots sap walls",
               {{"when-useful", "When it helps", "Sap an unsapped enemy fortification (once) when a siege unit of the "
                                                 "same side makes Power checks against it (not Hurl Rocks)."},
                {"always", "Always", "Sap an unsapped enemy fortification before attacking, helpful or not."},
                {"never", "Never", "Attack instead."}},
               "when-useful", "Sapping helps only siege units that make Power checks against the walls."),
               "\"As an action, this unit can sap the walls of a fortification. siege units have advantage on power "
               "checks against sapped fortifications.\" (Twisting Roots)",
               "always"),
        option_choice("disengage", "Disengage",
               {{"when-stuck", "When stuck", "Only when an engaged unit cannot hurt the unit it is engaged with."},
                {"to-charge", "To charge again", "A charging unit disengages so it can charge again."}},
               "when-stuck", "When an engaged unit spends its order disengaging."),
        option_choice("courageous", "Courageous",
               {{"first", "First failure", "Turn the first failed Morale check into a success."},
                {"rally", "Save for a rally", "Keep it for a failed rally check."}},
               "first", "Which failed Morale check a Courageous unit turns into a success."),
    };
    return defs;
}

namespace {
// Choice ids in the order of their enum's values.
constexpr const char* kInitiativeIds[] = {"rolled", "attacker", "defender"};
constexpr const char* kCavalryIds[] = {"after-attack", "odd-rounds", "off"};
constexpr const char* kNatural1Ids[] = {"none", "attack-misses", "all-checks-fail"};
constexpr const char* kDisengageIds[] = {"charger-check", "issue", "free"};
constexpr const char* kTargetingIds[] = {"best", "random", "weakest", "strongest"};
constexpr const char* kFeedIds[] = {"when-diminished", "when-hurt", "never"};
constexpr const char* kSapIds[] = {"when-useful", "always", "never"};

template <class E, std::size_t N>
E pick(const json& v, const char* const (&ids)[N]) {
    for (std::size_t i = 0; i < N; ++i)
        if (v.get<std::string>() == ids[i]) return static_cast<E>(i);
    return static_cast<E>(0);  // read_values has checked the value
}
template <class E, std::size_t N>
const char* name_of(E e, const char* const (&ids)[N]) {
    return ids[static_cast<std::size_t>(e)];
}
}  // namespace

int read_rules_version(const In& req) {
    return static_cast<int>(req.integer("rules_version", 1, kRulesVersion, kRulesVersion));
}

Options parse_options(const In& in, bool earlier) {
    auto v = read_values(in, option_defs(), earlier);
    auto s = [&](const char* k) { return v[k].get<std::string>(); };
    auto b = [&](const char* k) { return v[k].get<bool>(); };
    auto i = [&](const char* k) { return v[k].get<int>(); };
    Options o;
    o.levy_equipment = s("levy_equipment");
    o.refresh_all = s("refresh") == "all";
    o.orders_per_turn = i("orders_per_turn");
    o.initiative = pick<Initiative>(v["initiative"], kInitiativeIds);
    o.cavalry = pick<Cavalry>(v["cavalry"], kCavalryIds);
    o.cavalry_rest_after_order = s("cavalry_rest") == "order";
    o.crit_needs_hit = s("natural_20") == "critical-if-hits";
    o.natural_1 = pick<Natural1>(v["natural_1"], kNatural1Ids);
    o.never_count_twice = s("failed_diminished") == "one-casualty";
    o.morale_casualty_checks = b("morale_casualty_checks");
    o.diminished_after = s("diminished_check") == "after";
    o.diminished_per_hit = s("diminished_checks") == "per-hit";
    o.rally = b("rally");
    o.retreat_rally = b("retreat_rally");
    o.disengage = pick<Disengage>(v["disengage"], kDisengageIds);
    o.charge_engages_always = s("charge_engages") == "always";
    o.engaged_ignore_order = b("engaged_ignore_order");
    o.engaged_feed = b("engaged_feed");
    o.martial_uses_die = s("martial_size") == "die";
    o.hurl_rocks_crit_double = s("hurl_rocks_critical") == "double";
    o.infantry_loss_retreat = b("infantry_loss_retreat");
    o.leader_disbands = s("leader") == "disbands";
    o.retreat_dc = i("retreat_dc");
    o.retreat_below[0] = i("retreat_below_attacker");
    o.retreat_below[1] = i("retreat_below_defender");
    o.retreat_needs_fresh = b("retreat_needs_fresh");
    o.water = s("terrain") == "water";
    o.undead_once = s("undead_check") == "once";
    o.undead_dc = i("undead_dc");
    o.undead_levies = b("undead_levies");
    o.fort_morale = s("fortification_morale") == "checks";
    o.siege_trait_full = s("siege_engine_trait") == "full";
    return o;
}

Policy parse_policy(const In& in, bool earlier) {
    // Before version 2 "sap" was true or false; a saved request may still say so.
    json copy;
    const In* src = &in;
    In legacy = in;
    if (in.raw().is_object() && in.raw().contains("sap") && in.raw()["sap"].is_boolean()) {
        copy = in.raw();
        copy["sap"] = copy["sap"].get<bool>() ? (earlier ? "always" : "when-useful") : "never";
        legacy = In(copy, in.path());
        src = &legacy;
    }
    auto v = read_values(*src, policy_defs(), earlier);
    Policy p;
    p.targeting = pick<Targeting>(v["targeting"], kTargetingIds);
    p.ties_by_expected = v["target_ties"].get<std::string>() == "expected";
    p.unit_by_card = v["unit"].get<std::string>() == "card";
    p.charge = v["charge"].get<bool>();
    p.feed = pick<Feed>(v["feed"], kFeedIds);
    p.sap = pick<Sap>(v["sap"], kSapIds);
    p.disengage_to_charge = v["disengage"].get<std::string>() == "to-charge";
    p.courageous_rally_only = v["courageous"].get<std::string>() == "rally";
    return p;
}

json options_json(const Options& o) {
    return {{"levy_equipment", o.levy_equipment},
            {"refresh", o.refresh_all ? "all" : "side"},
            {"orders_per_turn", o.orders_per_turn},
            {"initiative", name_of(o.initiative, kInitiativeIds)},
            {"cavalry", name_of(o.cavalry, kCavalryIds)},
            {"cavalry_rest", o.cavalry_rest_after_order ? "order" : "attack"},
            {"natural_20", o.crit_needs_hit ? "critical-if-hits" : "critical"},
            {"natural_1", name_of(o.natural_1, kNatural1Ids)},
            {"failed_diminished", o.never_count_twice ? "one-casualty" : "two-casualties"},
            {"morale_casualty_checks", o.morale_casualty_checks},
            {"diminished_check", o.diminished_after ? "after" : "already"},
            {"diminished_checks", o.diminished_per_hit ? "per-hit" : "per-casualty"},
            {"rally", o.rally},
            {"retreat_rally", o.retreat_rally},
            {"disengage", name_of(o.disengage, kDisengageIds)},
            {"charge_engages", o.charge_engages_always ? "always" : "success"},
            {"engaged_ignore_order", o.engaged_ignore_order},
            {"engaged_feed", o.engaged_feed},
            {"martial_size", o.martial_uses_die ? "die" : "current"},
            {"hurl_rocks_critical", o.hurl_rocks_crit_double ? "double" : "single"},
            {"infantry_loss_retreat", o.infantry_loss_retreat},
            {"leader", o.leader_disbands ? "disbands" : "fights-on"},
            {"retreat_dc", o.retreat_dc},
            {"retreat_below_attacker", o.retreat_below[0]},
            {"retreat_below_defender", o.retreat_below[1]},
            {"retreat_needs_fresh", o.retreat_needs_fresh},
            {"terrain", o.water ? "water" : "land"},
            {"undead_check", o.undead_once ? "once" : "until-passed"},
            {"undead_dc", o.undead_dc},
            {"undead_levies", o.undead_levies},
            {"fortification_morale", o.fort_morale ? "checks" : "none"},
            {"siege_engine_trait", o.siege_trait_full ? "full" : "adds"}};
}

json policy_json(const Policy& p) {
    return {{"targeting", name_of(p.targeting, kTargetingIds)},
            {"target_ties", p.ties_by_expected ? "expected" : "card"},
            {"unit", p.unit_by_card ? "card" : "best"},
            {"charge", p.charge},
            {"feed", name_of(p.feed, kFeedIds)},
            {"sap", name_of(p.sap, kSapIds)},
            {"disengage", p.disengage_to_charge ? "to-charge" : "when-stuck"},
            {"courageous", p.courageous_rally_only ? "rally" : "first"}};
}

}  // namespace bc::warfare

// Reading a battle request: two armies of units as the unit builder reads
// them, each unit with an optional "id" echoed back (and, for fortifications,
// "sapped"), plus options and policy.
#include "warfare/battle/battle.hpp"

namespace bc::warfare {

BattleUnit read_battle_unit(const In& u, int side, int index, const UnitReadOptions& ro) {
    u.must_be_object();
    // The builder's reader knows neither field: read them here and hand over the rest.
    json copy = u.raw();
    BattleUnit bu;
    if (u.has("id")) {
        bu.id = u.text("id", BattleLimits::kIdChars);
        bu.has_id = true;
        copy.erase("id");
    }
    if (u.has("sapped")) {
        bu.sapped = u.boolean("sapped");
        if (!u.has("type") || u.field("type").raw() != "fortification")
            u.fail_at("sapped", "only a fortification's walls can be sapped");
        copy.erase("sapped");
    }
    if (u.has("leader")) {
        bu.leader = u.boolean("leader");
        if (bu.leader && u.has("type") && u.field("type").raw() == "fortification")
            u.fail_at("leader", "a fortification cannot stand for a leader");
        copy.erase("leader");
    }
    bu.unit = build(parse_unit(In(copy, u.path()), ro));
    bu.side = side;
    bu.index = index;
    bu.max = bu.unit.die();
    bu.start = bu.unit.start();
    return bu;
}

namespace {

void read_side(const In& side, int s, const UnitReadOptions& ro, Battle& b) {
    side.must_be_object();
    side.only({"name", "units"});
    if (side.has("name")) side.text("name", UnitLimits::kName);
    const auto list = side.list("units", BattleLimits::kUnitsPerSide, false);
    if (list.empty()) side.fail_at("units", "must list at least one unit");
    std::vector<BattleUnit> units;
    std::vector<UnitSpec> specs;
    for (std::size_t i = 0; i < list.size(); ++i) {
        units.push_back(read_battle_unit(list[i], s, static_cast<int>(i), ro));
        specs.push_back(units.back().unit.spec);
    }
    check_army(specs, pointer_join(side.path(), "units"));
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (!units[i].leader) continue;
        if (b.leader[s] >= 0)
            list[i].fail_at("leader", "only one unit a side can stand for its leader");
        b.leader[s] = static_cast<int>(b.units.size() + i);
    }
    for (auto& u : units) b.units.push_back(std::move(u));
}

}  // namespace

void read_rules(const In& req, Battle& b) {
    b.rules_version = read_rules_version(req);
    const bool earlier = b.rules_version < kRulesVersion;
    b.opt = parse_options(req.object("options"), earlier);
    b.pol = parse_policy(req.object("policy"), earlier);
}

Battle parse_battle(const In& req, std::initializer_list<const char*> extra) {
    req.must_be_object();
    std::vector<std::string> known = {"ruleset", "rules_version", "attacker", "defender", "options", "policy"};
    for (const char* e : extra) known.emplace_back(e);
    req.only(known);
    Battle b;
    read_rules(req, b);
    UnitReadOptions ro;
    ro.levy_equipment = b.opt.levy_equipment;
    read_side(req.object("attacker", false), kAttacker, ro, b);
    read_side(req.object("defender", false), kDefender, ro, b);
    prepare_battle(b);
    return b;
}

}  // namespace bc::warfare

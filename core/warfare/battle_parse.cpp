// Reading a battle request: two armies of units as the unit builder reads
// them, each unit with an optional "id" echoed back, plus options and policy.
#include "warfare/battle.hpp"

namespace bc::warfare {

namespace {

void read_side(const In& side, int s, const UnitReadOptions& ro, Battle& b) {
    side.must_be_object();
    side.only({"name", "units"});
    if (side.has("name")) side.text("name", UnitLimits::kName);
    const auto list = side.list("units", BattleLimits::kUnitsPerSide, false);
    if (list.empty()) side.fail_at("units", "must list at least one unit");
    std::vector<UnitSpec> specs;
    std::vector<std::string> ids;
    std::vector<bool> has_ids;
    for (const In& u : list) {
        u.must_be_object();
        // The builder's reader knows no "id": read it here and hand over the rest.
        json copy = u.raw();
        std::string id;
        const bool has_id = u.has("id");
        if (has_id) {
            id = u.text("id", BattleLimits::kIdChars);
            copy.erase("id");
        }
        const In rest(copy, u.path());
        specs.push_back(parse_unit(rest, ro));
        ids.push_back(id);
        has_ids.push_back(has_id);
    }
    check_army(specs, pointer_join(side.path(), "units"));
    for (std::size_t i = 0; i < specs.size(); ++i) {
        BattleUnit bu;
        bu.unit = build(specs[i]);
        bu.side = s;
        bu.index = static_cast<int>(i);
        bu.id = ids[i];
        bu.has_id = has_ids[i];
        bu.max = bu.unit.die();
        bu.start = bu.unit.start();
        b.units.push_back(std::move(bu));
    }
}

}  // namespace

Battle parse_battle(const In& req, std::initializer_list<const char*> extra) {
    req.must_be_object();
    std::vector<std::string> known = {"ruleset", "attacker", "defender", "options", "policy"};
    for (const char* e : extra) known.emplace_back(e);
    req.only(known);
    Battle b;
    b.opt = parse_options(req.object("options"));
    b.pol = parse_policy(req.object("policy"));
    UnitReadOptions ro;
    ro.levy_equipment = b.opt.levy_equipment;
    read_side(req.object("attacker", false), kAttacker, ro, b);
    read_side(req.object("defender", false), kDefender, ro, b);
    prepare_battle(b);
    return b;
}

}  // namespace bc::warfare

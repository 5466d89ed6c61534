#include "warfare/options.hpp"
#include "warfare/units/unit.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare {

json unit_call(const In& req) {
    req.only({"ruleset", "unit", "units", "options"});
    const Options opt = parse_options(req.object("options"));
    UnitReadOptions ro;
    ro.levy_equipment = opt.levy_equipment;
    if (req.has("unit") == req.has("units"))
        req.fail_at("unit", "give one unit as \"unit\" or a list as \"units\"");
    if (req.has("unit")) return {{"card", card_json(build(parse_unit(req.object("unit", false), ro)))}};

    const auto list = req.list("units", ArmyLimits::kUnitsInList);
    std::vector<UnitSpec> specs;
    for (const In& u : list) specs.push_back(parse_unit(u, ro));
    check_army(specs, pointer_join(req.path(), "units"));
    json cards = json::array();
    std::int64_t cost = 0, upkeep = 0, price = 0;
    bool all_priced = true;
    for (const auto& s : specs) {
        const Unit u = build(s);
        const Costing c = cost_of(u);
        cards.push_back(card_json(u));
        if (s.type == Type::Fortification) continue;
        if (!c.priced) {
            all_priced = false;
            continue;
        }
        cost += c.cost;
        if (c.buyable) price += c.price;
        if (c.buyable && c.has_upkeep) upkeep += c.upkeep;
    }
    // Each unit is priced and rounded on its own, as each has its own card.
    return {{"cards", cards},
            {"total", {{"cost", cost}, {"price", price}, {"upkeep", upkeep}, {"all_priced", all_priced}}}};
}

json improve_call(const In& req) {
    req.only({"ruleset", "unit", "improve", "options"});
    const Options opt = parse_options(req.object("options"));
    UnitReadOptions ro;
    ro.levy_equipment = opt.levy_equipment;
    const UnitSpec from = parse_unit(req.object("unit", false), ro);
    return improvement_json(improve(from, req.object("improve", false)));
}

}  // namespace bc::warfare

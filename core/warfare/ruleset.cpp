#include "api/registry.hpp"
#include "warfare/roster.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare {

api::Ruleset ruleset() {
    api::Ruleset r;
    r.id = "warfare";
    r.name = "Strongholds & Followers warfare";
    r.odds = [](const In&) -> json { throw std::runtime_error("battles are not implemented yet"); };
    r.roll = [](const In&) -> json { throw std::runtime_error("battles are not implemented yet"); };
    r.rules = [] { return rules_json(); };
    r.extra["unit"] = [](const In& req) { return unit_call(req); };
    r.extra["improve"] = [](const In& req) { return improve_call(req); };
    r.extra["roster"] = [](const In& req) { return roster_call(req); };
    return r;
}

}  // namespace bc::warfare

#include "api/registry.hpp"
#include "api/solver.hpp"
#include "warfare/advisor/advise.hpp"
#include "warfare/battle/battle.hpp"
#include "warfare/battle/calls.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare {

api::Ruleset ruleset() {
    api::Ruleset r;
    r.id = "warfare";
    r.name = "Strongholds & Followers warfare";
    // A saved battle carries both its solver settings and its seed, so each
    // call checks the other's field and then leaves it alone.
    r.odds = [](const In& req) {
        const Battle b = parse_battle(req, {"solver", "seed", "log"});
        read_seed(req);
        read_log(req);
        return battle_odds(b, req.object("solver"), &req.raw());
    };
    r.roll = [](const In& req) {
        const Battle b = parse_battle(req, {"seed", "solver", "log"});
        parse_solver(req.object("solver"));
        return battle_roll(b, read_seed(req), BattleLimits::kLogEntries, read_log(req));
    };
    r.check = [](const In& req) {
        parse_battle(req, {"solver", "seed", "log"});
        parse_solver(req.object("solver"));
        read_seed(req);
        read_log(req);
    };
    r.rules = [] { return rules_json(); };
    r.extra["unit"] = [](const In& req) { return unit_call(req); };
    r.extra["improve"] = [](const In& req) { return improve_call(req); };
    r.extra["attack"] = [](const In& req) { return attack_call(req); };
    r.extra["states"] = [](const In& req) { return states_call(req); };
    r.extra["advise"] = [](const In& req) { return advise_call(req); };
    r.extra["roster"] = [](const In& req) { return roster_call(req); };
    r.facts = &tool_facts();
    return r;
}

}  // namespace bc::warfare

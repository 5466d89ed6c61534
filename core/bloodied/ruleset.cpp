#include "api/registry.hpp"
#include "bloodied/bloodied.hpp"

namespace bc::bloodied {

api::Ruleset ruleset() {
    api::Ruleset r;
    r.id = "bloodied-steel";
    r.name = "Bloodied Steel";
    r.odds = [](const In& req) {
        const auto s = parse(req);
        return odds(s, req.object("solver"));
    };
    r.roll = [](const In& req) {
        const auto s = parse(req);
        const auto seed = static_cast<std::uint64_t>(req.integer("seed", 0, 9007199254740991LL, 1));
        return roll(s, seed);
    };
    r.check = [](const In& req) { parse(req); };
    r.rules = [] { return rules_json(); };
    return r;
}

}  // namespace bc::bloodied

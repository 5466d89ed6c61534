// Helpers for the Strongholds & Followers battle tests: units by their stats,
// battles as requests, and the API calls with their answers checked.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "api/api.hpp"
#include "fraction.hpp"
#include "warfare/battle/state.hpp"

namespace wtest {

using bc::json;
using bctest::Frac;
using bctest::frac;

inline json call(const std::string& fn, const json& req) { return json::parse(bc::api::call(fn, req.dump())); }

inline json ok(const std::string& fn, const json& req) {
    const json out = call(fn, req);
    INFO(fn << " " << req.dump() << " -> " << out.dump().substr(0, 2000));
    REQUIRE(out["ok"] == true);
    return out;
}

inline json error_of(const std::string& fn, const json& req) {
    const json out = call(fn, req);
    INFO(out.dump());
    REQUIRE(out["ok"] == false);
    return out["error"];
}

// A unit given by its stats (Attack, Power, Defense, Toughness, Morale).
inline json U(const std::string& name, const char* type, int atk, int pow, int def, int tough, int mor, int die,
       json traits = json::array(), json extra = json::object()) {
    json u = {{"name", name},   {"type", type},       {"attack", atk}, {"power", pow},
              {"defense", def}, {"toughness", tough}, {"morale", mor}, {"size", die},
              {"traits", traits}};
    for (auto it = extra.begin(); it != extra.end(); ++it) u[it.key()] = it.value();
    return u;
}

inline json fort(const std::string& name, int def, int tough, int die, json extra = json::object()) {
    json u = {{"name", name}, {"type", "fortification"}, {"defense", def}, {"toughness", tough}, {"size", die}};
    for (auto it = extra.begin(); it != extra.end(); ++it) u[it.key()] = it.value();
    return u;
}

// One order of `a` against `d`: the attack call's answer for the pair.
inline json attack(const json& a, const json& d, json options = json::object(), json policy = json::object()) {
    if (options.is_null()) options = json::object();
    if (policy.is_null()) policy = json::object();
    const json out = ok("attack", {{"ruleset", "warfare"}, {"attacker", a}, {"defender", d}, {"options", options},
                                   {"policy", policy}});
    return out["attack"];
}

// Armies as lists (a braced list of one json would not make an array).
inline json battle(const std::vector<json>& att, const std::vector<json>& def, const json& options = json::object(),
            const json& policy = json::object()) {
    json a = json::array(), d = json::array();
    for (const auto& u : att) a.push_back(u);
    for (const auto& u : def) d.push_back(u);
    return {{"ruleset", "warfare"},
            {"attacker", {{"units", a}}},
            {"defender", {{"units", d}}},
            {"options", options},
            {"policy", policy}};
}

inline json odds(json req, const json& solver = {{"method", "exact"}}) {
    req["solver"] = solver;
    return ok("odds", req);
}

inline double P(const json& cell, const char* k) { return cell["casualties"][k].get<double>(); }
inline void same(double got, const Frac& want) { CHECK(got == Approx(want.value()).margin(1e-12)); }
inline void same(const json& got, const Frac& want) { same(got.get<double>(), want); }
// Two exact answers agree (to 1e-12).
inline void equal(const json& a, const json& b) { CHECK(a.get<double>() == Approx(b.get<double>()).margin(1e-12)); }

inline std::shared_ptr<const bc::warfare::Battle> parsed(const json& req) {
    return std::make_shared<const bc::warfare::Battle>(
        bc::warfare::parse_battle(bc::In(req, ""), {"solver", "seed"}));
}

// A target that cannot be hurt and cannot hurt (with natural_20 "critical-if-hits").
inline const json kNoCrit = {{"natural_20", "critical-if-hits"}};

// Trolls (Regenerate) the riders hurt only on a Power 20 (two checks on a
// critical), once every other round, while the trolls regenerate every turn:
// they stay at 4..6 for ever and cannot hurt the riders back. The archers
// remove the riders if the attacker acts first; otherwise the riders remove
// them first, and the battle is endless: 1/2 each.
inline json half_endless() {
    const json trolls = U("Trolls", "infantry", 0, 0, 10, 20, 0, 6, {"regenerate"});
    const json bows = U("Bows", "archers", 30, 30, 0, 0, 0, 4, json::array(), {{"casualties", 1}});
    const json riders = U("Riders", "cavalry", 30, 0, 10, 10, 0, 4, json::array(), {{"casualties", 1}});
    return battle({trolls, bows}, {riders}, {{"rally", false}}, {{"charge", false}});
}


}  // namespace wtest

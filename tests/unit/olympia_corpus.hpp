// Olympia battles that between them use every rule option: both attack
// orders, terrain, weather, structures (targeting limit, collapse, siege
// engines, overflow), rear rows, blessed soldiers, break points 0 and 100,
// noncombatants, stalemates, prisoner ratios, noble health. Small enough for
// the generic chance state to solve each exactly in a moment, so every fast
// path can be checked against it.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "olympia/olympia.hpp"

namespace olytest {

using bc::json;

inline json noble(const char* name, json troops = json::object(), json extra = json::object()) {
    json n = {{"name", name}, {"troops", troops}};
    for (auto& [k, v] : extra.items()) n[k] = v;
    return n;
}

// Vectors, not json lists: a one-element brace list would be read as the
// element itself by some compilers.
inline json battle(const std::vector<json>& attacker, const std::vector<json>& defender, json options = json::object(),
                   json structure = nullptr) {
    json a = json::array(), d = json::array();
    for (const auto& n : attacker) a.push_back(n);
    for (const auto& n : defender) d.push_back(n);
    json out = json::object();
    out["ruleset"] = "olympia";
    out["options"] = std::move(options);
    out["attacker"] = json::object();
    out["attacker"]["nobles"] = a;
    out["defender"] = json::object();
    out["defender"]["nobles"] = d;
    if (!structure.is_null()) out["defender"]["structure"] = structure;
    return out;
}

inline std::shared_ptr<const bc::olympia::Battle> prepared(const json& req) {
    return std::make_shared<bc::olympia::Battle>(bc::olympia::prepare(bc::olympia::parse(bc::In(req, "")), false));
}

struct Case {
    std::string name;
    json request;
};

// Battles in the open field (no structure): every path may take these.
inline std::vector<Case> field_corpus() {
    std::vector<Case> c;
    c.push_back({"plain", battle({noble("A", {{"soldier", 3}})}, {noble("B", {{"soldier", 3}})})});
    c.push_back({"uneven, two kinds",
                 battle({noble("A", {{"soldier", 4}, {"swordsman", 1}})}, {noble("B", {{"pikeman", 2}, {"knight", 1}})})});
    c.push_back({"rear rows and missiles",
                 battle({noble("A", {{"soldier", 2}}), noble("R", {{"archer", 2}}, {{"behind", 1}})},
                        {noble("B", {{"pikeman", 2}}), noble("S", {{"crossbowman", 1}}, {{"behind", 2}}),
                         noble("T", json::object(), {{"behind", 3}, {"missile", 20}})})});
    c.push_back({"rain", battle({noble("A", {{"archer", 2}, {"soldier", 1}})},
                                {noble("B", {{"crossbowman", 2}, {"elite_archer", 1}})}, {{"weather", "rain"}})});
    c.push_back({"fog, rear archers", battle({noble("A", {{"soldier", 2}}), noble("R", {{"elite_archer", 2}}, {{"behind", 1}})},
                                             {noble("B", {{"soldier", 3}})}, {{"weather", "fog"}})});
    c.push_back({"wind", battle({noble("A", {{"elite_archer", 2}})}, {noble("B", {{"crossbowman", 3}})}, {{"weather", "wind"}})});
    c.push_back({"ship", battle({noble("A", {{"pirate", 3}})}, {noble("B", {{"knight", 1}, {"sailor", 2}})}, {{"terrain", "ship"}})});
    c.push_back({"swamp", battle({noble("A", {{"elite_guard", 1}, {"soldier", 1}})}, {noble("B", {{"knight", 2}})},
                                 {{"terrain", "swamp"}})});
    c.push_back({"blessed, to the death",
                 battle({noble("A", {{"blessed_soldier", 3}}, {{"break_point", 0}})},
                        {noble("B", {{"swordsman", 2}}, {{"break_point", 0}})})});
    c.push_back({"break point 100 against 0",
                 battle({noble("A", {{"soldier", 3}}, {{"break_point", 100}})}, {noble("B", {{"soldier", 2}}, {{"break_point", 0}})})});
    c.push_back({"noncombatants idle",
                 battle({noble("A", {{"peasant", 2}, {"soldier", 2}})}, {noble("B", {{"worker", 2}, {"soldier", 1}})})});
    c.push_back({"noncombatants fight",
                 battle({noble("A", {{"peasant", 2}, {"soldier", 1}})}, {noble("B", {{"sailor", 1}, {"soldier", 1}})},
                        {{"attackers_noncombatants_fight", true}})});
    c.push_back({"health and men-only prisoners",
                 battle({noble("A", {{"soldier", 3}}, {{"health", 30}}), noble("C", {{"soldier", 1}}, {{"health", 55}})},
                        {noble("B", {{"soldier", 2}}, {{"health", 70}})}, {{"prisoner_ratio", "men"}})});
    c.push_back({"a noble without men, and a stalemate tie",
                 battle({noble("A", {{"peasant", 1}}, {{"attack", 0}, {"break_point", 0}}), noble("C", {{"soldier", 1}})},
                        {noble("B", {{"worker", 1}}, {{"attack", 0}, {"break_point", 0}})}, {{"stalemate", "tie"}})});
    c.push_back({"nobody can strike", battle({noble("A", {{"peasant", 1}}, {{"attack", 0}})},
                                             {noble("B", json::object(), {{"attack", 0}})})});
    // Ratings whose (attack + defense) sums share no factors: the sampler's
    // common denominator passes 2^62 and it draws attacker, target and blow.
    c.push_back({"ratings past the sampler's 62 bits",
                 battle({noble("A", json::object(), {{"attack", 9973}, {"defense", 9857}}),
                         noble("C", json::object(), {{"attack", 9967}, {"defense", 9851}}),
                         noble("E", json::object(), {{"attack", 9949}, {"defense", 9839}})},
                        {noble("B", json::object(), {{"attack", 9941}, {"defense", 9931}}),
                         noble("D", json::object(), {{"attack", 9929}, {"defense", 9923}}),
                         noble("F", json::object(), {{"attack", 9907}, {"defense", 9901}})})});
    c.push_back({"noble ratings 0", battle({noble("A", json::object(), {{"attack", 0}, {"defense", 0}, {"missile", 9}})},
                                           {noble("B", {{"soldier", 1}}, {{"defense", 0}})})});
    return c;
}

// Battles at a structure: the targeting limit, collapse, siege engines.
inline std::vector<Case> works_corpus() {
    std::vector<Case> c;
    c.push_back({"tower, low defense",
                 battle({noble("A", {{"soldier", 3}})}, {noble("B", {{"pikeman", 2}})}, json::object(),
                        {{"kind", "tower"}, {"defense", 3}})});
    c.push_back({"inn, the targeting limit often reached",
                 battle({noble("A", {{"soldier", 2}}, {{"break_point", 0}})}, {noble("B", {{"peasant", 5}}, {{"attack", 1}})},
                        json::object(), {{"kind", "inn"}, {"defense", 20}, {"damage", 95}})});
    c.push_back({"inn near collapse, a ram",
                 battle({noble("A", {{"battering_ram", 1}, {"soldier", 2}})}, {noble("B", {{"soldier", 2}})}, json::object(),
                        {{"kind", "inn"}, {"defense", 4}, {"damage", 80}})});
    c.push_back({"castle, no overflow, catapult and blessed",
                 battle({noble("A", {{"catapult", 1}, {"soldier", 1}})}, {noble("B", {{"blessed_soldier", 2}})},
                        {{"siege_overflow", false}}, {{"kind", "castle"}, {"defense", 6}, {"damage", 90}})});
    c.push_back({"stalemate after collapse",
                 battle({noble("A", {{"catapult", 1}}, {{"attack", 0}})}, {noble("B", json::object(), {{"attack", 0}})},
                        json::object(), {{"kind", "mine"}, {"defense", 0}, {"damage", 95}})});
    c.push_back({"galley, rear row inside",
                 battle({noble("A", {{"soldier", 2}})}, {noble("B", {{"soldier", 1}}), noble("R", {{"archer", 1}}, {{"behind", 1}})},
                        {{"weather", "rain"}}, {{"kind", "galley"}, {"defense", 2}})});
    return c;
}

// Every case in both attack orders.
inline std::vector<Case> both_orders(const std::vector<Case>& in) {
    std::vector<Case> out;
    for (const auto& c : in)
        for (const char* order : {"rulebook", "engine"}) {
            Case x = c;
            x.name += std::string(" (") + order + ")";
            x.request["options"]["attack_order"] = order;
            out.push_back(std::move(x));
        }
    return out;
}

}  // namespace olytest

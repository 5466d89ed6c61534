// Olympia PBEM battles: rulebook examples, hand-worked odds, exact against
// sampled odds, the generic chance-state checks, and bad input.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>
#include <memory>

#include "api/api.hpp"
#include "fraction.hpp"
#include "generic_checks.hpp"
#include "olympia/olympia.hpp"
#include "solve/exact.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_olympia {

using namespace bc;
using bctest::Frac;
using bctest::frac;

namespace {

json noble(const char* name, json troops = json::object(), json extra = json::object()) {
    json n = {{"name", name}, {"troops", troops}};
    for (auto& [k, v] : extra.items()) n[k] = v;
    return n;
}

// Vectors, not json: a one-element brace list would be read as the element
// itself by some compilers (clang/libc++ under em++), not as a list.
json battle(const std::vector<json>& attacker, const std::vector<json>& defender, json options = json::object()) {
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
    return out;
}

json answer(const std::string& call, const json& req) {
    const json out = json::parse(api::call(call, req.dump()));
    INFO(out.dump().substr(0, 2000));
    REQUIRE(out["ok"] == true);
    return out;
}

json odds_of(json req, const json& solver = json::object()) {
    req["solver"] = solver;
    return answer("odds", req);
}

json error_of(const std::string& call, const json& req) {
    const json out = json::parse(api::call(call, req.dump()));
    REQUIRE(out["ok"] == false);
    return out["error"];
}

std::shared_ptr<olympia::Battle> prepared(const json& req, bool detailed = false) {
    return std::make_shared<olympia::Battle>(olympia::prepare(olympia::parse(In(req, "")), detailed));
}

double p(const json& out, const char* o) { return out["outcomes"][o].get<double>(); }

// The root's chance outcomes as exact fractions of their total.
std::vector<std::pair<olympia::State, Frac>> children(const olympia::State& s) {
    Outcomes outs;
    s.chance_outcomes(outs);
    std::uint64_t total = 0;
    for (const auto& o : outs) total += o.weight;
    std::vector<std::pair<olympia::State, Frac>> out;
    for (const auto& o : outs) {
        olympia::State c = s;
        c.apply(o.code, nullptr);
        out.emplace_back(c, frac(static_cast<long long>(o.weight), static_cast<long long>(total)));
    }
    return out;
}

}  // namespace

TEST_CASE("Olympia: the rulebook's break examples (230 breaks at 115, 340 at 170)", "[olympia]") {
    const json pikes = battle({noble("Osswid", {{"pikeman", 2}})}, {noble("Bran", {{"soldier", 30}})});
    const json knights = battle({noble("Osswid", {{"knight", 2}})}, {noble("Bran", {{"soldier", 30}})});
    const json a = odds_of(pikes), b = odds_of(knights);
    CHECK(a["sides"]["attacker"]["strength"] == 230.0);
    CHECK(a["sides"]["attacker"]["breaks_at"] == 115.0);
    CHECK(b["sides"]["attacker"]["strength"] == 340.0);
    CHECK(b["sides"]["attacker"]["breaks_at"] == 170.0);
    // With pikemen the noble fights on when both fall (160 > 115), so he can be
    // struck; with knights the stack breaks as the second knight falls (160 <= 170),
    // before the noble is ever a target.
    CHECK(a["sides"]["attacker"]["nobles"][0]["hit"].get<double>() > 0.01);
    CHECK(b["sides"]["attacker"]["nobles"][0]["hit"].get<double>() == 0.0);
}

TEST_CASE("Olympia: hit chance A/(A+B): attack 90 against defense 45 hits 2/3 of the time", "[olympia]") {
    // Engine order: the attacker's lone noble strikes first, at the lone enemy noble.
    const json req = battle({noble("A", json::object(), {{"attack", 90}})}, {noble("B", json::object(), {{"defense", 45}})},
                            {{"attack_order", "engine"}});
    const olympia::State root(prepared(req));
    Frac hit(0);
    for (const auto& [child, pr] : children(root))
        if (child.is_terminal() && child.result() == olympia::kAttackerWins) hit = hit + pr;
    CHECK(hit == frac(2, 3));
    // The whole duel: A hits 2/3 first; B (80 against 80) hits 1/2.
    // P(A) = (2/3) / (1 - (1/3)(1/2)) = 4/5.
    CHECK(p(odds_of(req), "attacker") == Approx(frac(4, 5).value()).margin(1e-12));
    // Rulebook order: each attack is either noble's with 1/2.
    // P(A) = (1/2)(2/3) / ((1/2)(2/3) + (1/2)(1/2)) = 4/7.
    json rb = req;
    rb["options"]["attack_order"] = "rulebook";
    CHECK(p(odds_of(rb), "attacker") == Approx(frac(4, 7).value()).margin(1e-12));
}

TEST_CASE("Olympia: a lone noble against a lone noble", "[olympia]") {
    const json rb = battle({noble("A")}, {noble("B")});
    const json r = odds_of(rb);
    CHECK(r["method"] == "exact-recurrence");
    CHECK(p(r, "attacker") == Approx(0.5).margin(1e-12));
    CHECK(p(r, "defender") == Approx(0.5).margin(1e-12));
    CHECK(p(r, "tie") == 0.0);
    // Engine order: the attacker strikes first; each blow hits 1/2:
    // P = 1/2 + 1/4 P, so P = 2/3.
    json en = rb;
    en["options"]["attack_order"] = "engine";
    const json e = odds_of(en);
    CHECK(p(e, "attacker") == Approx(frac(2, 3).value()).margin(1e-12));
    CHECK(p(e, "defender") == Approx(frac(1, 3).value()).margin(1e-12));
    // Expected attacks: 1 / (1/2) = 2 in both orders.
    CHECK(r["expected_attacks"].get<double>() == Approx(2.0));
    CHECK(e["expected_attacks"].get<double>() == Approx(2.0));
}

TEST_CASE("Olympia: a man inside a tower adds its defense; the tower is one more target", "[olympia]") {
    json req = battle({noble("A")}, {noble("B", {{"pikeman", 1}})}, {{"attack_order", "engine"}});
    req["defender"]["structure"] = {{"kind", "tower"}};
    const auto b = prepared(req);
    const olympia::State root(b);
    int pike = -1;
    for (std::size_t i = 0; i < b->ents.size(); ++i)
        if (b->ents[i].kind == olympia::kind_index("pikeman")) pike = static_cast<int>(i);
    REQUIRE(pike >= 0);
    Frac killed(0), struck(0);
    for (const auto& [child, pr] : children(root)) {
        if (child.count(pike) == 0) killed = killed + pr;
        if (child.structure_defense() == 39) struck = struck + pr;
    }
    // Half the time the pikeman (30 + 40): 80/150; half the time the tower (40): 80/120.
    CHECK(killed == frac(1, 2) * frac(80, 150));
    CHECK(struck == frac(1, 2) * frac(80, 120));
}

TEST_CASE("Olympia: weather and terrain change ratings exactly", "[olympia]") {
    auto strength = [](json troops, json options) {
        return odds_of(battle({noble("A", troops)}, {noble("B")}, options))["sides"]["attacker"]["strength"].get<double>();
    };
    CHECK(strength({{"archer", 2}}, json::object()) == 160 + 2 * 55);
    CHECK(strength({{"archer", 2}}, {{"weather", "rain"}}) == 160 + 2 * 30);
    CHECK(strength({{"archer", 2}}, {{"weather", "fog"}}) == 160 + 2 * 17.5);
    CHECK(strength({{"crossbowman", 4}}, {{"weather", "wind"}}) == 160 + 4 * 7.25);
    CHECK(strength({{"knight", 1}}, {{"terrain", "swamp"}}) == 160 + 40);
    CHECK(strength({{"pirate", 1}}, {{"terrain", "ship"}}) == 160 + 30);
    CHECK(strength({{"catapult", 3}}, json::object()) == 160);  // siege engines are left out
}

TEST_CASE("Olympia: wounds and prisoners, worked by hand", "[olympia]") {
    CHECK(olympia::capture_chance(1, 1).p() == 0.25);
    CHECK(olympia::capture_chance(2, 1).p() == 0.5);
    CHECK(olympia::capture_chance(3, 1).p() == 0.75);
    CHECK(olympia::capture_chance(30, 1).p() == 0.75);
    CHECK(olympia::capture_chance(1, 5).p() == 0.25);
    CHECK(olympia::capture_chance(3, 2).p() == 0.375);
    CHECK(olympia::capture_chance(4, 0).p() == 0.75);
    CHECK(olympia::p_killed_by_wound(100) == 0.01);
    CHECK(olympia::p_killed_by_wound(40) == Approx(0.61));
    CHECK(olympia::p_killed_by_wound(1) == 1.0);

    // A (health 40) against B: each wins 1/2. The winner stands alone; the
    // loser is wounded, so nobody of his is left: capture 3/4 of the survivors.
    const json out = odds_of(battle({noble("A", json::object(), {{"health", 40}})}, {noble("B")}));
    const json& a = out["sides"]["attacker"]["nobles"][0];
    const json& b = out["sides"]["defender"]["nobles"][0];
    CHECK(a["hit"].get<double>() == Approx(0.5));
    CHECK(a["killed"].get<double>() == Approx(0.5 * 61 / 100));
    CHECK(a["wounded"].get<double>() == Approx(0.5 * 39 / 100));
    CHECK(a["captured"].get<double>() == Approx(0.5 * 39 / 100 * 0.75));
    CHECK(b["killed"].get<double>() == Approx(0.5 * 1 / 100));
    CHECK(b["captured"].get<double>() == Approx(0.5 * 99 / 100 * 0.75));

    // A: noble + 4 soldiers, fighting to the death. B: noble + 2 soldiers
    // with break point 95 (180 breaks at 171: his first loss). A's noble is
    // struck only when his soldiers are gone, and then A has lost. So when A
    // wins he has k soldiers and his noble standing, B one soldier and his
    // (unhurt) noble: capture chance clamp((k + 1) / 2 / 4, 1/4, 3/4), or
    // counting men only clamp(k / 1 / 4, 1/4, 3/4).
    for (const char* ratio : {"standing", "men"}) {
        INFO(ratio);
        const json req = battle({noble("A", {{"soldier", 4}}, {{"break_point", 0}})},
                                {noble("B", {{"soldier", 2}}, {{"break_point", 95}})}, {{"prisoner_ratio", ratio}});
        const json o = odds_of(req);
        const json& dist = o["sides"]["attacker"]["men"]["soldier"]["p"];
        const bool standing = std::string(ratio) == "standing";
        double expect = 0;
        for (int k = 0; k <= 4; ++k) {
            double pk = dist.value(std::to_string(k), 0.0);
            if (k == 0) pk -= p(o, "defender");  // B wins only by striking A's noble after his last soldier
            const Frac c = standing ? frac(std::clamp(k + 1, 2, 6), 8) : frac(std::clamp(k, 1, 3), 4);
            expect += pk * c.value();
        }
        CHECK(o["sides"]["defender"]["nobles"][0]["hit"].get<double>() == 0.0);
        CHECK(o["sides"]["defender"]["nobles"][0]["captured"].get<double>() == Approx(expect).margin(1e-12));
    }
}

TEST_CASE("Olympia: every chance node passes the generic checks", "[olympia]") {
    std::vector<json> battles = {
        battle({noble("A", {{"soldier", 3}, {"archer", 2}}), noble("R", {{"archer", 2}}, {{"behind", 1}})},
               {noble("B", {{"pikeman", 2}, {"blessed_soldier", 2}})}),
        battle({noble("A", {{"soldier", 2}, {"catapult", 1}, {"peasant", 2}})},
               {noble("B", {{"blessed_soldier", 2}, {"crossbowman", 1}}), noble("C", {{"worker", 1}}, {{"behind", 2}})},
               {{"attack_order", "engine"}, {"weather", "rain"}}),
        battle({noble("A", {{"knight", 1}, {"sailor", 2}})}, {noble("B", {{"pirate", 2}})},
               {{"terrain", "ship"}, {"attackers_noncombatants_fight", true}, {"weather", "fog"}}),
    };
    battles[0]["defender"]["structure"] = {{"kind", "tower"}, {"defense", 3}};
    battles[1]["defender"]["structure"] = {{"kind", "castle"}, {"defense", 6}, {"damage", 90}};
    int i = 0;
    for (const auto& req : battles) {
        INFO(req.dump());
        for (bool detailed : {false, true}) {
            const auto b = prepared(req, detailed);
            bctest::check_playthroughs(olympia::State(b), olympia::State::schema(*b), 20, 40 + i++, 300);
        }
    }
}

TEST_CASE("Olympia: exact and Monte Carlo odds agree (rear rows, structures, blessed soldiers)", "[olympia]") {
    std::vector<json> battles = {
        // Rear rows: archers behind, and a rear noble who cannot attack.
        battle({noble("A", {{"soldier", 3}}), noble("R", {{"archer", 2}}, {{"behind", 2}})},
               {noble("B", {{"pikeman", 2}, {"soldier", 1}}), noble("S", {{"crossbowman", 2}}, {{"behind", 1}})}),
        // A structure with a siege engine against it, in the engine order.
        battle({noble("A", {{"soldier", 3}, {"battering_ram", 1}})}, {noble("B", {{"soldier", 3}})},
               {{"attack_order", "engine"}}),
        // Blessed soldiers, fighting to the death.
        battle({noble("A", {{"blessed_soldier", 3}}, {{"break_point", 0}})},
               {noble("B", {{"swordsman", 2}}, {{"break_point", 0}})}),
    };
    battles[1]["defender"]["structure"] = {{"kind", "inn"}, {"defense", 4}, {"damage", 80}};
    const double n = 20000;
    for (const auto& req : battles) {
        INFO(req.dump());
        const json exact = odds_of(req, {{"method", "exact"}});
        const json mc = odds_of(req, {{"method", "monte-carlo"}, {"trials", 20000}, {"seed", 11}, {"target_halfwidth", 0}});
        REQUIRE(exact["method"].get<std::string>().rfind("exact", 0) == 0);
        REQUIRE(mc["trials"] == 20000);
        // Within four standard errors (a miss has probability below 1e-4 per check).
        auto close = [n](double sampled, double truth) {
            return std::fabs(sampled - truth) <= 4 * std::sqrt(truth * (1 - truth) / n) + 1e-9;
        };
        for (const auto& o : olympia::kOutcomes) {
            INFO(o);
            CHECK(close(p(mc, o.c_str()), p(exact, o.c_str())));
        }
        for (const char* side : {"attacker", "defender"}) {
            const double h = exact["sides"][side]["nobles"][0]["hit"].get<double>();
            CHECK(close(mc["sides"][side]["nobles"][0]["hit"].get<double>(), h));
        }
        if (!exact["structure"].is_null()) {
            const double c = exact["structure"]["collapsed"].get<double>();
            CHECK(c > 0.0);
            CHECK(close(mc["structure"]["collapsed"].get<double>(), c));
        }
    }
}

TEST_CASE("Olympia: noble + 20 soldiers against noble + 20 soldiers is solved exactly in both orders", "[olympia]") {
    json req = battle({noble("A", {{"soldier", 20}})}, {noble("B", {{"soldier", 20}})});
    const json r = odds_of(req);
    CHECK(r["method"] == "exact-recurrence");
    // The same stacks: the rulebook order is symmetric.
    CHECK(p(r, "attacker") == Approx(0.5).margin(1e-9));
    req["options"]["attack_order"] = "engine";
    const json e = odds_of(req);
    CHECK(e["method"] == "exact-cycles");
    CHECK(p(e, "attacker") + p(e, "defender") + p(e, "tie") == Approx(1.0).margin(1e-9));
    CHECK(p(e, "attacker") > 0.5);  // striking first is worth something
}

TEST_CASE("Olympia: a seeded roll is a turn report that adds up", "[olympia]") {
    json req = battle({noble("Osswid", {{"soldier", 6}, {"archer", 2}}), noble("Aelric", {{"archer", 2}}, {{"behind", 1}})},
                      {noble("Bran", {{"pikeman", 3}, {"blessed_soldier", 2}})});
    req["defender"]["structure"] = {{"kind", "tower"}};
    req["seed"] = 99;
    const json a = answer("roll", req), b = answer("roll", req);
    CHECK(a == b);
    CHECK(a["seed"] == 99);
    const json& log = a["log"];
    REQUIRE(log.size() > 3);
    CHECK(log.back()["step"] == "summary");
    int breaks = 0;
    std::map<std::string, int> killed;
    for (const auto& e : log) {
        if (e["step"] == "break") ++breaks;
        if (e["step"] == "hit" && e.value("killed", false)) killed[e["target"].get<std::string>()]++;
    }
    CHECK(breaks >= 1);
    const json& men = a["sides"]["defender"]["men"];
    CHECK(men["pikeman"]["start"].get<int>() - men["pikeman"]["left"].get<int>() == killed["Bran's pikeman"]);
    const std::string outcome = a["outcome"].get<std::string>();
    CHECK((outcome == "attacker" || outcome == "defender" || outcome == "tie"));
}

TEST_CASE("Olympia: seeded rolls happen as often as the exact odds say (chi-square)", "[olympia]") {
    const json req = battle({noble("A", {{"soldier", 2}})}, {noble("B", {{"pikeman", 1}})});
    const json exact = odds_of(req);
    const auto b = prepared(req, true);
    const int n = 4000;
    std::vector<double> seen(3, 0.0), pr(3, 0.0);
    for (std::size_t o = 0; o < 3; ++o) pr[o] = p(exact, olympia::kOutcomes[o].c_str());
    for (int seed = 1; seed <= n; ++seed) {
        Rng rng(static_cast<std::uint64_t>(seed));
        const auto end = play(olympia::State(b), rng, nullptr);
        seen[static_cast<std::size_t>(end.result())] += 1;
    }
    double chi = 0;
    CHECK(bctest::chi_square_passes(seen, pr, n, &chi));
    INFO("chi-square " << chi);
}

TEST_CASE("Olympia: bad input names the field", "[olympia]") {
    json ok = battle({noble("A", {{"soldier", 2}})}, {noble("B")});
    json s = ok;
    s["attacker"]["nobles"][0]["troops"]["dragon"] = 1;
    CHECK(error_of("odds", s)["path"] == "/attacker/nobles/0/troops/dragon");
    s = ok;
    s["attacker"]["nobles"][0]["troops"]["soldier"] = -3;
    auto e = error_of("roll", s);
    CHECK(e["path"] == "/attacker/nobles/0/troops/soldier");
    CHECK(e["message"].get<std::string>().find("0 to") != std::string::npos);
    s = ok;
    s["defender"]["nobles"][0]["break_point"] = 101;
    CHECK(error_of("odds", s)["path"] == "/defender/nobles/0/break_point");
    s = ok;
    s["defender"]["nobles"][0]["health"] = 0;
    CHECK(error_of("check", s)["path"] == "/defender/nobles/0/health");
    s = ok;
    s["attacker"]["nobles"][0]["behind"] = 10;
    CHECK(error_of("odds", s)["path"] == "/attacker/nobles/0/behind");
    s = ok;
    s["attacker"]["nobles"] = json::array();
    CHECK(error_of("odds", s)["path"] == "/attacker/nobles");
    s = ok;
    s["attacker"]["structure"] = {{"kind", "tower"}};
    CHECK(error_of("odds", s)["path"] == "/attacker/structure");
    s = ok;
    s["defender"]["structure"] = {{"kind", "hut"}};
    CHECK(error_of("odds", s)["path"] == "/defender/structure/kind");
    s["defender"]["structure"] = {{"kind", "castle"}, {"damage", 100}};
    CHECK(error_of("odds", s)["path"] == "/defender/structure/damage");
    s = ok;
    s["options"]["attack_order"] = "random";
    CHECK(error_of("odds", s)["path"] == "/options/attack_order");
    s = ok;
    s["options"]["morale"] = true;
    CHECK(error_of("odds", s)["path"] == "/options/morale");
    s = ok;
    s["attacker"]["nobles"][0]["attack"] = "strong";
    CHECK(error_of("odds", s)["path"] == "/attacker/nobles/0/attack");
    s = ok;
    s.erase("defender");
    CHECK(error_of("odds", s)["path"] == "/defender");
    CHECK(json::parse(api::check(ok.dump()))["ok"] == true);
}

TEST_CASE("Olympia: rules() lists every option with its default", "[olympia]") {
    const json r = json::parse(api::rules(R"({"ruleset":"olympia"})"));
    REQUIRE(r["ok"] == true);
    const json& o = r["rulesets"]["olympia"];
    CHECK(o["kinds"].size() == 16);
    std::set<std::string> ids;
    for (const auto& d : o["options"]) {
        CHECK(d.contains("default"));
        CHECK(!d["text"].get<std::string>().empty());
        ids.insert(d["id"].get<std::string>());
    }
    for (const char* id : {"attack_order", "terrain", "weather", "attackers_noncombatants_fight", "stalemate",
                           "siege_overflow", "prisoner_ratio"})
        CHECK(ids.count(id) == 1);
    // The example scenario is valid.
    CHECK(json::parse(api::check(o["example"].dump()))["ok"] == true);
}

}  // namespace file_test_olympia

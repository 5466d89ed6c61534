// The order advisor ("advise"): each order's odds checked against the same
// battle worked another way (the "attack" call's casualty distribution for
// the order, then the odds of the battle that follows), the policy's choice
// against plain odds, the orders listed against the order of battle, bounds
// and bad moments.
#include <set>
#include <tuple>

#include "api/solver.hpp"
#include "warfare_helpers.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_advise {

using namespace wtest;

namespace {

const json kMindless = json::array({"mindless"});

json advise(json req, const json& solver = {{"method", "exact"}}) {
    req["solver"] = solver;
    return ok("advise", req);
}

// The casualty distribution of one order (0, 1, 2, 3, 4 or more).
std::vector<double> casualties(const json& battle_req, int side, int a, int t) {
    const json m = ok("attack", battle_req)["matrix"][side == 0 ? "attacker" : "defender"][a][t];
    REQUIRE(m["legal"] == true);
    std::vector<double> p;
    for (const char* k : {"0", "1", "2", "3", "4+"}) p.push_back(m["casualties"][k].get<double>());
    return p;
}

const json* find_order(const json& ans, const std::string& kind, int actor, int target, bool charge) {
    for (const auto& o : ans["orders"])
        if (o["kind"] == kind && o.value("actor", -1) == actor && o.value("target", -1) == target &&
            o.value("charge", false) == charge)
            return &o;
    return nullptr;
}

}  // namespace

TEST_CASE("Advise: a 1v1 attack's odds equal the attack's casualties times the odds of the battle after it",
          "[warfare-advise]") {
    // Mindless units make no Morale checks, so after the attacker's only
    // order the battle is a fresh one with the defender acting first.
    const json a = U("Spears", "infantry", 2, 2, 12, 12, 0, 4, kMindless);
    const json d = U("Shields", "infantry", 1, 1, 13, 13, 0, 4, kMindless);
    json req = battle({a}, {d}, {{"initiative", "attacker"}});
    const json ans = advise(req);
    REQUIRE(ans["side"] == "attacker");
    REQUIRE(ans["orders"].size() == 1);
    const auto cas = casualties(req, 0, 0, 0);
    double want = cas[4];  // four or more: the d4 is removed, the attacker wins
    for (int k = 0; k < 4; ++k) {
        json rest = battle({a}, {U("Shields", "infantry", 1, 1, 13, 13, 0, 4, kMindless, {{"casualties", 4 - k}})},
                           {{"initiative", "defender"}});
        want += cas[static_cast<std::size_t>(k)] * odds(rest)["outcomes"]["attacker"].get<double>();
    }
    const json& o = ans["orders"][0];
    CHECK(o["method"] == "exact");
    CHECK(o["best"] == true);
    CHECK(o["policy"] == true);
    CHECK(o["win"].get<double>() == Approx(want).margin(1e-12));
}

TEST_CASE("Advise: every 2v2 attack's odds, and the best, equal the attack then the policy from the moment after",
          "[warfare-advise]") {
    // The moment after "unit a attacks unit t" (k casualties) is a situation
    // the advisor reads: the defender to act, a exhausted, t's die down by k.
    const std::vector<json> att = {U("Pikes", "infantry", 2, 1, 12, 12, 0, 4, kMindless),
                                   U("Bows", "archers", 3, 0, 11, 10, 0, 4, kMindless)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 0, 4, kMindless),
                                   U("Slings", "archers", 2, 0, 11, 11, 0, 4, kMindless)};
    const json req = battle(att, def, {{"initiative", "attacker"}});
    const json ans = advise(req);
    int checked = 0;
    double best_want = -1;
    for (const auto& o : ans["orders"]) {
        REQUIRE(o["kind"] == "attack");
        REQUIRE(o["method"] == "exact");
        const int a = o["actor"].get<int>(), t = o["target"].get<int>() - 2;
        const auto cas = casualties(req, 0, a, t);
        double want = 0;
        for (int k = 0; k <= 4; ++k) {
            const double p = cas[static_cast<std::size_t>(k)];
            if (p == 0) continue;
            json sit = {{"side", "defender"}, {"first", "attacker"}};
            json as = json::array({json::object(), json::object()}), ds = json::array({json::object(), json::object()});
            as[a]["exhausted"] = true;
            ds[t]["die"] = std::max(0, 4 - k);
            sit["attacker"] = as;
            sit["defender"] = ds;
            json r = req;
            r["situation"] = sit;
            const json next = advise(r);
            const json& pol = next["orders"][next["policy_choice"].get<int>()];
            want += p * pol["lose"].get<double>();  // the defender's loss is the attacker's win
        }
        CHECK(o["win"].get<double>() == Approx(want).margin(1e-12));
        if (o["best"] == true) best_want = want;
        ++checked;
    }
    CHECK(checked >= 3);
    REQUIRE(ans["orders"][0]["best"] == true);
    CHECK(ans["orders"][0]["win"].get<double>() == Approx(best_want).margin(1e-12));
    for (std::size_t i = 1; i < ans["orders"].size(); ++i)
        CHECK(ans["orders"][i]["win"].get<double>() <= ans["orders"][i - 1]["win"].get<double>());
}

TEST_CASE("Advise: the policy's choice has the plain odds of the battle", "[warfare-advise]") {
    const std::vector<json> att = {U("Knights", "cavalry", 3, 2, 13, 12, 2, 6, json::array({"charge"})),
                                   U("Bows", "archers", 2, 1, 11, 10, 1, 6)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 6),
                                   U("Levy", "levies", 0, 0, 10, 10, 0, 6)};
    for (const char* side : {"attacker", "defender"}) {
        const json req = battle(att, def, {{"initiative", side}});
        const json ans = advise(req);
        CHECK(ans["side"] == side);
        const json& pol = ans["orders"][ans["policy_choice"].get<int>()];
        REQUIRE(pol["policy"] == true);
        const json plain = odds(req)["outcomes"];
        const std::string me = side, foe = me == "attacker" ? "defender" : "attacker";
        CHECK(pol["win"].get<double>() == Approx(plain[me].get<double>()).margin(1e-12));
        CHECK(pol["lose"].get<double>() == Approx(plain[foe].get<double>()).margin(1e-12));
        CHECK(pol["draw"].get<double>() == Approx(plain["draw"].get<double>()).margin(1e-12));
    }
    // Rolled initiative: the advice is for the side named (default the attacker).
    json req = battle(att, def);
    req["situation"] = {{"side", "defender"}};
    const json ans = advise(req);
    const json& pol = ans["orders"][ans["policy_choice"].get<int>()];
    const json plain = odds(battle(att, def, {{"initiative", "defender"}}))["outcomes"];
    CHECK(pol["win"].get<double>() == Approx(plain["defender"].get<double>()).margin(1e-12));
}

TEST_CASE("Advise: the orders listed are the legal ones (the attack call's order of battle, charges, engagement)",
          "[warfare-advise]") {
    // Infantry cannot attack cavalry; infantry and levies cannot attack
    // archers while infantry stands; infantry cannot attack infantry while levies stand.
    const std::vector<json> att = {U("Foot", "infantry", 2, 2, 12, 12, 1, 4),
                                   U("Riders", "cavalry", 2, 2, 12, 12, 1, 4, json::array({"charge"})),
                                   U("Bows", "archers", 2, 1, 11, 10, 1, 4)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 4),
                                   U("Horse", "cavalry", 1, 1, 12, 12, 1, 4),
                                   U("Slings", "archers", 2, 0, 11, 11, 1, 4),
                                   U("Levy", "levies", 0, 0, 10, 10, 0, 4)};
    const json req = battle(att, def, {{"initiative", "attacker"}});
    const json matrix = ok("attack", req)["matrix"]["attacker"];
    const json ans = advise(req, {{"method", "monte-carlo"}, {"trials", 200}, {"target_halfwidth", 0}});
    std::set<std::tuple<int, int, bool>> want, got;
    for (int a = 0; a < 3; ++a)
        for (int t = 0; t < 4; ++t)
            if (matrix[a][t]["legal"] == true) {
                want.insert({a, 3 + t, false});
                if (a == 1) want.insert({a, 3 + t, true});  // Charge, nobody engaged yet
            }
    for (const auto& o : ans["orders"]) {
        REQUIRE(o["kind"] == "attack");
        got.insert({o["actor"].get<int>(), o["target"].get<int>(), o["charge"].get<bool>()});
    }
    CHECK(got == want);
    CHECK(want.count({0, 4, false}) == 0);  // infantry on cavalry

    // An engaged unit may attack only its foe, or disengage; an exhausted one gives no order.
    json r = req;
    r["situation"] = {{"attacker", json::array({{{"exhausted", true}}, {{"engaged", 0}, {"charged", true}}, json::object()})}};
    const json e = advise(r, {{"method", "monte-carlo"}, {"trials", 200}, {"target_halfwidth", 0}});
    std::set<std::tuple<std::string, int, int>> seen;
    for (const auto& o : e["orders"]) {
        CHECK(o["actor"] != 0);
        if (o["actor"] == 1) seen.insert({o["kind"].get<std::string>(), o["actor"].get<int>(), o["target"].get<int>()});
    }
    CHECK(seen == std::set<std::tuple<std::string, int, int>>{{"attack", 1, 3}, {"disengage", 1, 3}});
    for (const auto& o : e["orders"])
        if (o["kind"] == "attack") CHECK(o["charge"] == false);
    CHECK(e["situation"] == "set");
}

TEST_CASE("Advise: the state budget makes orders sampled with intervals, or not weighed when exact is required",
          "[warfare-advise]") {
    const std::vector<json> att = {U("Pikes", "infantry", 2, 1, 12, 12, 1, 6), U("Bows", "archers", 3, 0, 11, 10, 1, 6)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 6), U("Slings", "archers", 2, 0, 11, 11, 1, 6)};
    const json req = battle(att, def, {{"initiative", "attacker"}});
    const json s = advise(req, {{"method", "auto"}, {"max_states", 50}, {"trials", 2000}, {"target_halfwidth", 0}});
    REQUIRE(s["orders"].size() >= 2);
    for (const auto& o : s["orders"]) {
        CHECK(o["method"] == "monte-carlo");
        CHECK(o["fallback"].is_object());
        CHECK(o["trials"].get<double>() <= 2000);
        const double lo = o["ci95"]["win"][0].get<double>(), hi = o["ci95"]["win"][1].get<double>();
        CHECK(lo <= o["win"].get<double>());
        CHECK(o["win"].get<double>() <= hi);
    }
    // The sampled odds agree with the exact ones within 0.05 (2,000 battles: over 4 standard deviations).
    const json exact = advise(req);
    for (const auto& o : s["orders"]) {
        const json* e = find_order(exact, o["kind"].get<std::string>(), o.value("actor", -1), o.value("target", -1), o.value("charge", false));
        REQUIRE(e != nullptr);
        CHECK(std::abs(o["win"].get<double>() - (*e)["win"].get<double>()) <= 0.05);
    }
    CHECK(s["orders"].size() == exact["orders"].size());
    const json x = advise(req, {{"method", "exact"}, {"max_states", 50}});
    for (const auto& o : x["orders"]) {
        CHECK(o["method"] == "none");
        CHECK(o["reason"].get<std::string>().find("states") != std::string::npos);
        CHECK(o["best"] == false);
    }
    CHECK(x["best"] == -1);
}

TEST_CASE("Advise: one time limit for the whole call; progress per order; cancel", "[warfare-advise]") {
    const std::vector<json> att = {U("A1", "infantry", 2, 1, 12, 12, 1, 12), U("A2", "archers", 3, 0, 11, 10, 1, 12),
                                   U("A3", "cavalry", 2, 2, 12, 12, 1, 12)};
    const std::vector<json> def = {U("D1", "infantry", 1, 2, 12, 12, 1, 12), U("D2", "archers", 2, 0, 11, 11, 1, 12),
                                   U("D3", "cavalry", 2, 2, 12, 12, 1, 12)};
    const json req = battle(att, def, {{"initiative", "attacker"}});
    // 0.01 s shared by several orders leaves none its minimum slice.
    const json t = advise(req, {{"method", "auto"}, {"time_limit_s", 0.01}});
    REQUIRE(t["orders"].size() >= 3);
    for (const auto& o : t["orders"]) {
        CHECK(o["method"] == "none");
        CHECK(o["reason"].get<std::string>().find("time limit") != std::string::npos);
    }
    // Progress names each order before it is weighed; returning false cancels.
    std::vector<int> seen;
    bc::set_progress([&](const json& p) {
        if (p["phase"] == "advise") seen.push_back(p["order"].get<int>());
        return seen.size() < 2;
    });
    const json c = call("advise", [&] { json r = req; r["solver"] = {{"method", "monte-carlo"}, {"trials", 500}}; return r; }());
    bc::set_progress(nullptr);
    CHECK(c["ok"] == false);
    CHECK(c["error"]["message"] == "cancelled");
    CHECK(seen == std::vector<int>{0, 1});
}

TEST_CASE("Advise: a bad moment is an error naming the unit, the field and its path", "[warfare-advise]") {
    const std::vector<json> att = {U("Pikes", "infantry", 2, 1, 12, 12, 1, 6), U("Bows", "archers", 3, 0, 11, 10, 1, 6)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 6, json::array(), {{"id", "axes"}}),
                                   U("Riders", "cavalry", 2, 0, 11, 11, 1, 6)};
    const json req = battle(att, def);
    auto err = [&](const json& sit) {
        json r = req;
        r["situation"] = sit;
        return error_of("advise", r);
    };
    json e = err({{"attacker", json::array({{{"die", 7}}})}});
    CHECK(e["path"] == "/situation/attacker/0/die");
    CHECK(e["message"].get<std::string>().find("Pikes") != std::string::npos);
    CHECK(e["message"].get<std::string>().find("\"die\"") != std::string::npos);
    e = err({{"defender", json::array({json::object(), {{"courage_used", true}}})}});
    CHECK(e["path"] == "/situation/defender/1/courage_used");
    CHECK(e["message"].get<std::string>().find("Riders") != std::string::npos);
    e = err({{"attacker", json::array({{{"engaged", "nobody"}}})}});
    CHECK(e["path"] == "/situation/attacker/0/engaged");
    e = err({{"attacker", json::array({{{"engaged", "axes"}}, {{"engaged", 0}}})}});
    CHECK(e["path"] == "/situation/attacker/1/engaged");
    CHECK(e["message"].get<std::string>().find("Bows") != std::string::npos);
    e = err({{"attacker", json::array({{{"resting", true}}})}});
    CHECK(e["path"] == "/situation/attacker/0/resting");
    e = err({{"orders_given", 1}});
    CHECK(e["path"] == "/situation/orders_given");
    e = err({{"defender", json::array({{{"die", 0}}, {{"die", 0}}})}});
    CHECK(e["path"] == "/situation");
    e = err({{"attacker", json::array({{{"dice", 3}}})}});
    CHECK(e["path"] == "/situation/attacker/0/dice");
    e = err({{"attacker", json::array({json::object(), json::object(), json::object()})}});
    CHECK(e["path"] == "/situation/attacker");
    // The engagement named from one side is the pair's: the advice still answers.
    json r = req;
    r["situation"] = {{"attacker", json::array({{{"engaged", "axes"}}})}};
    const json ok_ans = advise(r, {{"method", "monte-carlo"}, {"trials", 100}});
    CHECK(find_order(ok_ans, "attack", 0, 2, false) != nullptr);
    CHECK(find_order(ok_ans, "attack", 0, 3, false) == nullptr);
    // "advise" is listed among the calls.
    const json rules = json::parse(bc::api::rules(R"({"ruleset":"warfare"})"));
    const auto& calls = rules["rulesets"]["warfare"]["calls"];
    CHECK(std::find(calls.begin(), calls.end(), "advise") != calls.end());
}

TEST_CASE("Advise: a retreat the options force is the only order; a side with no fresh unit holds", "[warfare-advise]") {
    const std::vector<json> att = {U("Pikes", "infantry", 2, 1, 12, 12, 1, 4), U("Bows", "archers", 3, 0, 11, 10, 1, 4)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 4), U("Slings", "archers", 2, 0, 11, 11, 1, 4)};
    // Below two units the attacker retreats: with Bows gone it leaves the field, and the defender wins.
    json req = battle(att, def, {{"retreat_below_attacker", 2}});
    req["situation"] = {{"attacker", json::array({json::object(), {{"die", 0}}})}};
    const json r = advise(req);
    REQUIRE(r["orders"].size() == 1);
    CHECK(r["orders"][0]["kind"] == "retreat");
    CHECK(r["orders"][0]["policy"] == true);
    CHECK(r["orders"][0]["win"].get<double>() == 0.0);
    CHECK(r["orders"][0]["lose"].get<double>() == 1.0);
    // Every attacker unit exhausted: no order is open, and the state's own turn (hold) is the one listed.
    json h = battle(att, def, {{"initiative", "attacker"}});
    h["situation"] = {{"attacker", json::array({{{"exhausted", true}}, {{"exhausted", true}}})}};
    const json held = advise(h);
    REQUIRE(held["orders"].size() == 1);
    CHECK(held["orders"][0]["kind"] == "hold");
    CHECK(held["orders"][0]["policy"] == true);
    // The same battle with the defender to act from a fresh start: holding hands it the turn.
    json d = battle(att, def, {{"initiative", "attacker"}});
    d["situation"] = {{"side", "defender"}, {"first", "attacker"}, {"attacker", json::array({json::object(), json::object()})}};
    const json next = advise(d);
    const json& pol = next["orders"][next["policy_choice"].get<int>()];
    CHECK(held["orders"][0]["win"].get<double>() == Approx(pol["lose"].get<double>()).margin(1e-12));
}

TEST_CASE("Advise: an engagement set up is kept by the key, with walls or where no unit can charge (issue 34)", "[warfare-advise]") {
    // Every order's odds with the canonical key against the generic path
    // (every field keyed): equal to 1e-12. Without Charge in the battle the
    // key had left engagement out, so an engaged pair set up at a moment was
    // solved as if free; walls engaged by a charger lost their side of it.
    auto same_advice = [](const json& req) {
        const json a = advise(req), g = advise(req, {{"method", "exact"}, {"path", "generic"}});
        REQUIRE(a["orders"].size() == g["orders"].size());
        for (const auto& o : a["orders"]) {
            INFO(o["text"]);
            // (Orders with equal odds may rank either way round.)
            const json* p = nullptr;
            for (const auto& x : g["orders"])
                if (x["text"] == o["text"]) p = &x;
            REQUIRE(p != nullptr);
            CHECK(o["win"].get<double>() == Approx((*p)["win"].get<double>()).margin(1e-12));
            CHECK(o["lose"].get<double>() == Approx((*p)["lose"].get<double>()).margin(1e-12));
        }
        return a;
    };
    // No Charge anywhere: Pikes engaged with Slings may strike only them (the
    // order of battle keeps infantry off archers behind infantry, but not
    // engaged units), and the Slings only the Pikes.
    const std::vector<json> att = {U("Pikes", "infantry", 2, 1, 12, 12, 1, 4), U("Bows", "archers", 3, 0, 11, 10, 1, 4)};
    const std::vector<json> def = {U("Axes", "infantry", 1, 2, 12, 12, 1, 4),
                                   U("Slings", "archers", 2, 0, 11, 11, 1, 4, json::array(), {{"id", "slings"}})};
    json req = battle(att, def);
    req["situation"] = {{"attacker", json::array({{{"engaged", "slings"}}})}};
    const json engaged = same_advice(req);
    CHECK(find_order(engaged, "attack", 0, 2, false) == nullptr);  // Pikes may not strike Axes
    CHECK(find_order(engaged, "attack", 0, 3, false) != nullptr);
    // Riders that charged the walls, which are at 1: the walls' side of the engagement is kept.
    const json riders = U("Riders", "cavalry", 3, 3, 12, 12, 1, 4, json::array({"siege-engine"}));
    json walls = fort("Walls", 14, 12, 4, {{"casualties", 1}});
    json w = battle({riders}, {U("Foot", "infantry", 0, 2, 15, 14, 3, 4), walls});
    w["situation"] = {{"attacker", json::array({{{"engaged", 1}, {"charged", true}}})}};
    same_advice(w);
    // Walls are engaged only by a unit that charged them.
    w["situation"] = {{"attacker", json::array({{{"engaged", 1}}})}};
    const json e = error_of("advise", w);
    CHECK(e["path"] == "/situation/attacker/0/engaged");
    CHECK(e["message"].get<std::string>().find("charged") != std::string::npos);
}

}  // namespace file_test_warfare_advise

#include <catch2/catch.hpp>
#include <memory>

#include "api/api.hpp"
#include "bloodied/bloodied.hpp"
#include "fraction.hpp"
#include "generic_checks.hpp"
#include "solve/exact.hpp"
#include "solve/montecarlo.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_bloodied {

using namespace bc;
using bctest::Frac;
using bctest::frac;

namespace {

json odds_of(const json& scenario, const json& solver = json::object()) {
    json req = scenario;
    req["solver"] = solver;
    const json out = json::parse(api::odds(req.dump()));
    INFO(out.dump());
    REQUIRE(out["ok"] == true);
    return out;
}

json unit(const char* name, const char* nation, int arms, int armour, int size) {
    return {{"name", name}, {"nation", nation}, {"arms", arms}, {"armour", armour}, {"size", size}};
}

json error_of(const std::string& call, const json& req) {
    const json out = json::parse(api::call(call, req.dump()));
    REQUIRE(out["ok"] == false);
    return out["error"];
}

bloodied::Scenario scenario_of(const json& j) { return bloodied::parse(In(j, "")); }

// Exact probability that `dice` DICE6 add up to at least k, by enumerating the
// 6^dice rolls (small dice only).
Frac at_least_enumerated(int dice, int k) {
    long long hits = 0, all = 1;
    for (int i = 0; i < dice; ++i) all *= 6;
    for (long long code = 0; code < all; ++code) {
        long long c = code;
        int total = 0;
        for (int i = 0; i < dice; ++i) {
            total += bloodied::contribution(static_cast<int>(c % 6) + 1);
            c /= 6;
        }
        if (total >= k) ++hits;
    }
    return frac(hits, all);
}

}  // namespace

TEST_CASE("Bloodied Steel: one unit of Arms 1 gives a Total of 0, 1, 2 with 1/2, 1/3, 1/6") {
    const json s = {{"ruleset", "bloodied-steel"},
                    {"units", {unit("A", "tribunan", 1, 0, 1), unit("B", "ashen", 0, 0, 1)}}};
    const json out = odds_of(s);
    // The closed form names itself, as every fast path does.
    CHECK(out["method"] == "exact-closed-form");
    CHECK(out["path"] == "closed form");
    const json generic = odds_of(s, {{"path", "generic"}});
    CHECK(generic["method"] == "exact");
    CHECK(generic["path"] == "chance state");
    for (const auto& [o, p] : out["outcomes"].items()) CHECK(generic["outcomes"][o].get<double>() == Approx(p.get<double>()).margin(1e-12));
    const json& p = out["totals"]["tribunan"]["p"];
    CHECK(p["0"].get<double>() == Approx(0.5));
    CHECK(p["1"].get<double>() == Approx(1.0 / 3));
    CHECK(p["2"].get<double>() == Approx(1.0 / 6));
    // B (Armour 0, Size 1) is destroyed by any Total above 0; A cannot be hurt.
    CHECK(out["units"][1]["destroyed"].get<double>() == Approx(0.5));
    CHECK(out["units"][1]["final_size"]["1"].get<double>() == Approx(0.5));
    CHECK(out["units"][0]["destroyed"].get<double>() == 0.0);
    CHECK(out["outcomes"]["tribunan"].get<double>() == Approx(0.5));
    CHECK(out["outcomes"]["retreat"].get<double>() == Approx(0.5));
}

TEST_CASE("Bloodied Steel: the issue's example battle, worked by hand") {
    // First Cohort: 4 dice against Grey Host's Armour 1 + Size 6: the Host falls
    // at a Total of 7 or 8: 8/1296 + 1/1296 = 1/144.
    // Grey Host: 3 dice + 2 (Ambush) against Armour 2 + Size 5: the Cohort falls
    // when the dice give 5 or 6: 6/216 + 1/216 = 7/216.
    const json s = {{"ruleset", "bloodied-steel"},
                    {"units", {unit("First Cohort", "tribunan", 4, 2, 5), unit("Grey Host", "ashen", 3, 1, 6)}},
                    {"tactics", {{{"name", "Ambush"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 2}}}}};
    const Frac host_falls = frac(1, 144), cohort_falls = frac(7, 216);
    CHECK(at_least_enumerated(4, 7) == host_falls);
    CHECK(at_least_enumerated(3, 5) == cohort_falls);
    const json out = odds_of(s);
    const Frac one(1);
    CHECK(out["outcomes"]["tribunan"].get<double>() == Approx(((one - cohort_falls) * host_falls).value()));
    CHECK(out["outcomes"]["ashen"].get<double>() == Approx(((one - host_falls) * cohort_falls).value()));
    CHECK(out["outcomes"]["retreat"].get<double>() ==
          Approx(((one - host_falls) * (one - cohort_falls)).value()));
    CHECK(out["outcomes"]["none"].get<double>() == Approx((host_falls * cohort_falls).value()));
    // The Cohort keeps Size 5 unless the Ashen Total beats Armour 2: a Total of
    // 2 + dice > 2 means the dice add at least 1: 1 - 1/8.
    CHECK(out["units"][0]["final_size"]["5"].get<double>() == Approx(1.0 / 8));
}

TEST_CASE("Bloodied Steel: closed-form odds equal the generic exact solver on many battles") {
    Rng rng(2024);
    for (int trial = 0; trial < 25; ++trial) {
        json units = json::array();
        const int n = 2 + static_cast<int>(rng.below(3));
        for (int i = 0; i < n; ++i)
            units.push_back(unit(("u" + std::to_string(i)).c_str(), i == 0 ? "tribunan" : i == 1 ? "ashen" : (rng.below(2) ? "ashen" : "tribunan"),
                                 static_cast<int>(rng.below(4)), static_cast<int>(rng.below(3)),
                                 static_cast<int>(rng.below(5))));
        json tactics = json::array();
        if (rng.below(2)) tactics.push_back({{"name", "t"}, {"target", "tribunan"}, {"effect", "total"}, {"amount", -1}});
        if (rng.below(2)) tactics.push_back({{"name", "s"}, {"target", 1}, {"effect", "armour"}, {"amount", -2}});
        if (rng.below(2)) tactics.push_back({{"name", "z"}, {"target", 0}, {"effect", "size"}, {"amount", -1}});
        const json s = {{"ruleset", "bloodied-steel"}, {"units", units}, {"tactics", tactics}};
        INFO(s.dump());
        const json closed = odds_of(s);
        auto battle = std::make_shared<bloodied::Battle>(bloodied::prepare(scenario_of(s), nullptr));
        Tally t(bloodied::State::schema(*battle));
        const auto st = solve_exact(bloodied::State(battle), t);
        REQUIRE(st.complete);
        for (std::size_t o = 0; o < 4; ++o)
            CHECK(closed["outcomes"][bloodied::kOutcomes[o]].get<double>() == Approx(t.p_outcome(o)).margin(1e-12));
        for (std::size_t u = 0; u < battle->units.size(); ++u) {
            CHECK(closed["units"][u]["destroyed"].get<double>() == Approx(t.p_event(u)).margin(1e-12));
            for (const auto& [v, p] : t.p_series(u))
                CHECK(closed["units"][u]["final_size"].value(std::to_string(v), 0.0) == Approx(p).margin(1e-12));
        }
    }
}

TEST_CASE("Bloodied Steel: every chance node passes the generic checks") {
    const json s = {{"ruleset", "bloodied-steel"},
                    {"units", {unit("a", "tribunan", 2, 1, 3), unit("z", "tribunan", 0, 0, 2), unit("b", "ashen", 3, 0, 4)}}};
    auto battle = std::make_shared<bloodied::Battle>(bloodied::prepare(scenario_of(s), nullptr));
    bctest::check_playthroughs(bloodied::State(battle), bloodied::State::schema(*battle), 30, 8);
}

TEST_CASE("Bloodied Steel: Monte Carlo agrees with the exact odds") {
    const json s = {{"ruleset", "bloodied-steel"},
                    {"units", {unit("a", "tribunan", 3, 1, 3), unit("b", "ashen", 3, 1, 3), unit("c", "ashen", 1, 0, 1)}}};
    const json exact = odds_of(s);
    const json mc = odds_of(s, {{"method", "monte-carlo"}, {"trials", 20000}, {"seed", 5}, {"target_halfwidth", 0}});
    CHECK(mc["method"] == "monte-carlo");
    CHECK(mc["trials"] == 20000);
    for (const auto& o : bloodied::kOutcomes) {
        INFO(o);
        const double p = exact["outcomes"][o].get<double>();
        CHECK(mc["ci95"][o][0].get<double>() <= p);
        CHECK(p <= mc["ci95"][o][1].get<double>());
    }
}

TEST_CASE("Bloodied Steel: 1,000 units of 20 Arms are solved exactly") {
    json units = json::array();
    for (int i = 0; i < 1000; ++i)
        units.push_back(unit(("u" + std::to_string(i)).c_str(), i % 2 ? "ashen" : "tribunan", 20, 6600 + i, 10));
    const json out = odds_of({{"ruleset", "bloodied-steel"}, {"units", units}});
    CHECK(out["method"] == "exact-closed-form");
    double sum = 0;
    for (const auto& [k, v] : out["outcomes"].items()) sum += v.get<double>();
    CHECK(sum == Approx(1.0).epsilon(1e-12));
    // 10,000 dice a side: mean 2/3 each.
    CHECK(out["totals"]["tribunan"]["mean"].get<double>() == Approx(10000.0 * 2 / 3).epsilon(1e-10));
    CHECK(out["totals"]["ashen"]["dice"] == 10000);
}

TEST_CASE("Bloodied Steel: a rolled battle follows the steps and its dice add up") {
    const json s = {{"ruleset", "bloodied-steel"},
                    {"units", {unit("First Cohort", "tribunan", 4, 2, 5), unit("Idle", "tribunan", 0, 9, 1),
                               unit("Grey Host", "ashen", 3, 1, 6)}},
                    {"tactics", {{{"name", "Ambush"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 2}},
                                 {{"name", "Drill"}, {"target", "First Cohort"}, {"effect", "arms"}, {"amount", 1}}}},
                    {"seed", 77}};
    const json a = json::parse(api::roll(s.dump()));
    REQUIRE(a["ok"] == true);
    const json b = json::parse(api::roll(s.dump()));
    CHECK(a == b);  // the same seed rolls the same battle
    const auto& log = a["log"];
    std::vector<std::string> steps;
    for (const auto& e : log) {
        const auto step = e["step"].get<std::string>();
        if (steps.empty() || steps.back() != step) steps.push_back(step);
    }
    const std::vector<std::string> want = {"tactics",      "tribunan-dice", "tribunan-total", "ashen-losses",
                                           "ashen-dice",   "ashen-total",   "tribunan-losses"};
    REQUIRE(steps.size() >= want.size());
    for (std::size_t i = 0; i < want.size(); ++i) CHECK(steps[i] == want[i]);
    CHECK(log.back()["step"] == "summary");
    int trib = 0, ash = 0;
    for (const auto& e : log)
        if (e["step"] == "tribunan-dice" || e["step"] == "ashen-dice") {
            int adds = 0;
            for (const json& f : e["dice"]) adds += bloodied::contribution(f.get<int>());
            CHECK(adds == e["adds"].get<int>());
            (e["step"] == "tribunan-dice" ? trib : ash) += adds;
        }
    CHECK(a["totals"]["tribunan"] == trib);
    CHECK(a["totals"]["ashen"] == ash + 2);
    // Drill made the Cohort roll 5 dice.
    for (const auto& e : log)
        if (e["step"] == "tribunan-dice" && e["unit"] == 0) CHECK(e["dice"].size() == 5);
    const auto host_after = bloodied::size_after(6, a["totals"]["tribunan"].get<int>(), 1);
    CHECK(a["units"][2]["final_size"] == host_after);
    CHECK(a["seed"] == 77);
}

TEST_CASE("Bloodied Steel: bad input names the field") {
    json s = {{"ruleset", "bloodied-steel"}, {"units", {unit("a", "tribunan", -1, 0, 1)}}};
    auto e = error_of("odds", s);
    CHECK(e["path"] == "/units/0/arms");
    CHECK(e["message"].get<std::string>().find("0 to 1000") != std::string::npos);

    s["units"][0] = unit("a", "roman", 1, 0, 1);
    CHECK(error_of("odds", s)["path"] == "/units/0/nation");

    s["units"][0] = unit("a", "ashen", 1, 0, 5000000);
    CHECK(error_of("roll", s)["path"] == "/units/0/size");

    s["units"][0] = unit("a", "ashen", 1, 0, 1);
    s["units"][0]["colour"] = "red";
    CHECK(error_of("odds", s)["path"] == "/units/0/colour");

    s["units"][0].erase("colour");
    s["tactics"] = {{{"name", "x"}, {"target", "Nobody"}, {"effect", "arms"}, {"amount", 1}}};
    CHECK(error_of("odds", s)["path"] == "/tactics/0/target");
    s["tactics"][0]["target"] = 3;
    CHECK(error_of("odds", s)["path"] == "/tactics/0/target");
    s["tactics"][0]["target"] = "a";
    s["tactics"][0]["effect"] = "morale";
    CHECK(error_of("odds", s)["path"] == "/tactics/0/effect");
    s["tactics"][0]["effect"] = "arms";
    s["tactics"][0]["amount"] = 2.5;
    CHECK(error_of("odds", s)["path"] == "/tactics/0/amount");

    CHECK(error_of("odds", {{"ruleset", "chess"}})["path"] == "/ruleset");
    const json bad = json::parse(api::odds("{not json"));
    CHECK(bad["ok"] == false);
    CHECK(bad["error"]["path"] == "");
    const json solver = json::parse(api::odds(json{{"ruleset", "bloodied-steel"}, {"solver", {{"trials", 0}}}}.dump()));
    CHECK(solver["error"]["path"] == "/solver/trials");
}

TEST_CASE("Bloodied Steel: duplicate names must be targeted by number") {
    json s = {{"ruleset", "bloodied-steel"},
              {"units", {unit("Twin", "tribunan", 1, 0, 1), unit("Twin", "ashen", 1, 0, 1)}},
              {"tactics", {{{"name", "x"}, {"target", "Twin"}, {"effect", "size"}, {"amount", 1}}}}};
    const auto e = error_of("odds", s);
    CHECK(e["path"] == "/tactics/0/target");
    CHECK(e["message"].get<std::string>().find("number") != std::string::npos);
    s["tactics"][0]["target"] = 1;
    CHECK(odds_of(s)["units"][1]["size"] == 2);
}

TEST_CASE("API: rules and version") {
    const json r = json::parse(api::rules());
    REQUIRE(r["ok"] == true);
    CHECK(r["rulesets"]["bloodied-steel"]["die"]["adds"]["6"] == 2);
    CHECK(r["rulesets"]["bloodied-steel"]["limits"]["units"] == bloodied::Limits::kUnits);
    const json one = json::parse(api::rules(R"({"ruleset":"bloodied-steel"})"));
    CHECK(one["rulesets"].size() == 1);
    const json v = json::parse(api::version());
    CHECK(v["ok"] == true);
    CHECK(v["version"] == api::kVersion);
}

TEST_CASE("Bloodied Steel: seeded battles happen as often as the exact odds say (chi-square)") {
    for (const json& s :
         {json{{"ruleset", "bloodied-steel"},
               {"units", {unit("a", "tribunan", 5, 2, 4), unit("b", "ashen", 4, 1, 4), unit("c", "ashen", 2, 0, 2)}}},
          json{{"ruleset", "bloodied-steel"},
               {"units", {unit("a", "tribunan", 3, 0, 2), unit("b", "ashen", 3, 0, 2)}},
               {"tactics", {{{"name", "t"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 1}}}}}}) {
        const json exact = odds_of(s);
        auto battle = std::make_shared<bloodied::Battle>(bloodied::prepare(scenario_of(s), nullptr));
        const int n = 20000;
        std::vector<double> seen(4, 0.0), p(4, 0.0);
        for (std::size_t o = 0; o < 4; ++o) p[o] = exact["outcomes"][bloodied::kOutcomes[o]].get<double>();
        for (int seed = 1; seed <= n; ++seed) {
            Rng rng(static_cast<std::uint64_t>(seed));  // as roll() seeds each battle
            const auto end = play(bloodied::State(battle), rng, nullptr);
            Tally t(bloodied::State::schema(*battle));
            Recorder rec(t, 1.0);
            end.record(rec);
            for (std::size_t o = 0; o < 4; ++o) seen[o] += t.outcome(o);
        }
        double chi = 0;
        INFO(s.dump());
        CHECK(bctest::chi_square_passes(seen, p, n, &chi));
        INFO("chi-square " << chi);
    }
}

}  // namespace file_test_bloodied

// Endless Strongholds & Followers battles (issue 13.6): a loop with dice still
// rolled and nothing ever changing for good. Sampling and rolling end it by
// the endless rule (battle/endless.cpp) and report the outcome "endless".
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "warfare/battle/calls.hpp"
#include "warfare_helpers.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_battle_endless {

using namespace wtest;

namespace {

json with_seed(json req, int seed) {
    req["seed"] = seed;
    return req;
}

}  // namespace

TEST_CASE("Warfare endless battles: a roll ends by the endless rule with a bounded log", "[warfare-battle]") {
    int endless = 0;
    for (int seed = 1; seed <= 12; ++seed) {
        const json r = ok("roll", with_seed(half_endless(), seed));
        const bool defender_first = r["log"][0]["side"] == "defender";
        CHECK(r["outcome"] == (defender_first ? "endless" : "attacker"));
        if (!defender_first) continue;
        ++endless;
        // Proved after 48 rounds with no lasting change (round 1 removes the archers).
        CHECK(r["rounds"].get<int>() >= 50);
        CHECK(r["rounds"].get<int>() <= 53);
        CHECK(r["log"].size() < 400);
        CHECK(r["units"][0]["final"].get<int>() >= 4);
        CHECK(r["log"][r["log"].size() - 2]["outcome"] == "endless");
    }
    CHECK(endless > 0);
}

TEST_CASE("Warfare endless battles: sampled odds report the endless share", "[warfare-battle]") {
    json req = half_endless();
    req["solver"] = {{"method", "monte-carlo"}, {"trials", 4000}, {"seed", 7}, {"target_halfwidth", 0}};
    const json o = ok("odds", req);
    CHECK(o["method"] == "monte-carlo");
    // Within 4 standard errors of 1/2 (a 99.99% bound; the seed is fixed).
    CHECK(std::fabs(o["outcomes"]["endless"].get<double>() - 0.5) <= 4 * std::sqrt(0.25 / 4000));
    CHECK(o["ci95"]["endless"][0].get<double>() < o["outcomes"]["endless"].get<double>());
    CHECK(o["outcomes"]["endless"].get<double>() + o["outcomes"]["attacker"].get<double>() == Approx(1.0));
    // As in exact odds, an endless battle's rounds count until it stopped
    // changing (not the ~50 until the rule proved it endless), to within the
    // four rounds the rule looks at.
    const double exact_rounds = odds(half_endless())["expected_rounds"].get<double>();
    CHECK(std::fabs(o["expected_rounds"].get<double>() - exact_rounds) <= 4 * o["outcomes"]["endless"].get<double>());
    // An endless battle has no final dice: the trolls' distribution sums to
    // the share that ended.
    double sum = 0;
    for (const auto& [k, v] : o["units"][0]["final"].items()) sum += v.get<double>();
    CHECK(sum == Approx(o["outcomes"]["attacker"].get<double>()));
}

TEST_CASE("Warfare endless battles: the round cap ends what the search cannot settle", "[warfare-battle]") {
    // Two d20 trolls that hurt each other only on Power 20s, regenerating
    // every turn: a removal stays possible (the search says so), but it would
    // take a streak no roll will see. After 1,000 rounds with no lasting change
    // the battle is counted as endless.
    const json t1 = U("Trolls", "infantry", 30, 0, 10, 20, 0, 20, {"regenerate", "mindless"});
    json t2 = t1;
    t2["name"] = "Other trolls";
    const json r = ok("roll", with_seed(battle({t1}, {t2}), 1));
    CHECK(r["outcome"] == "endless");
    CHECK(r["rounds"].get<int>() >= 1000);
    CHECK(r["rounds"].get<int>() <= 1006);  // looked at every four rounds
    CHECK(r["log"].size() <= bc::warfare::BattleLimits::kLogEntries + 1);
    // The log bound holds with a small limit too: the battle still ends, and
    // the log keeps its first and last steps with a note of what it left out.
    const auto b = parsed(battle({t1}, {t2}));
    const json small = bc::warfare::battle_roll(*b, 1, 100);
    CHECK(small["outcome"] == "endless");
    const std::size_t n = small["log"].size();
    CHECK(n == 101);
    CHECK(small["log"][50]["step"] == "omitted");
    CHECK(small["log"][n - 2]["outcome"] == "endless");
    CHECK(small["log"][n - 1]["step"] == "summary");
}

TEST_CASE("Warfare endless battles: exact odds give the endless share as an outcome", "[warfare-battle]") {
    const json o = odds(half_endless());
    CHECK(o["method"] == "exact");
    same(o["outcomes"]["endless"], frac(1, 2));
    same(o["outcomes"]["attacker"], frac(1, 2));
    // No final dice for the endless half: the trolls end at 6 when the archers win at once.
    same(o["units"][0]["final"]["6"], frac(1, 2));
    same(o["units"][2]["removed"], frac(1, 2));
    // A battle that is endless for certain.
    json sure = half_endless();
    sure["options"]["initiative"] = "defender";
    same(odds(sure)["outcomes"]["endless"], Frac(1));
}

}  // namespace file_test_warfare_battle_endless

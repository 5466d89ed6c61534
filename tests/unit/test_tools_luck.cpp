// How lucky was I: the chance of a result at least this good, checked against
// distributions worked out apart — every dice roll of a small Bloodied Steel
// battle, a plain recursion over an Olympia battle's chance tree, and seeded
// rolls of an S&F battle (within a stated bound).
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <memory>
#include <tuple>

#include "api/api.hpp"
#include "tools/runner.hpp"
#include "olympia/olympia.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_tools_luck {

using bc::json;

namespace {
json call(const std::string& fn, const json& req) { return json::parse(bc::api::call(fn, req.dump())); }

// The ranking the tools document: outcome for the side (win 2, neither 1, loss 0), then what it has left.
struct End {
    int rank[2];
    std::int64_t left[2];
};
bool at_least_as_good(const End& e, const End& seen, int side) {
    return e.rank[side] > seen.rank[side] || (e.rank[side] == seen.rank[side] && e.left[side] >= seen.left[side]);
}

json bloodied_small() {
    return {{"ruleset", "bloodied-steel"},
            {"units",
             {{{"name", "Cohort"}, {"nation", "tribunan"}, {"arms", 2}, {"armour", 1}, {"size", 3}},
              {{"name", "Second"}, {"nation", "tribunan"}, {"arms", 0}, {"armour", 0}, {"size", 2}},
              {{"name", "Host"}, {"nation", "ashen"}, {"arms", 2}, {"armour", 0}, {"size", 3}}}},
            {"tactics", {{{"name", "Drums"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 1}}}}};
}
}  // namespace

TEST_CASE("luck (Bloodied Steel): at least this good equals the sum over every roll of the dice", "[tools]") {
    // Every face of the 4 DICE6 (2 Tribunan, 2 Ashen): 1296 equally likely rolls.
    const int add[7] = {0, 0, 0, 0, 1, 1, 2};
    std::vector<End> ends;
    std::vector<std::array<std::int64_t, 3>> finals;
    for (int f = 0; f < 1296; ++f) {
        int x = f;
        std::int64_t t = 0, a = 1;  // the Ashen Total has the tactic's +1
        for (int k = 0; k < 2; ++k, x /= 6) t += add[x % 6 + 1];
        for (int k = 0; k < 2; ++k, x /= 6) a += add[x % 6 + 1];
        auto after = [](std::int64_t size, std::int64_t enemy, std::int64_t armour) {
            return enemy <= armour ? size : std::max<std::int64_t>(0, size - (enemy - armour));
        };
        const std::array<std::int64_t, 3> s = {after(3, a, 1), after(2, a, 0), after(3, t, 0)};
        const bool tl = s[0] > 0 || s[1] > 0, al = s[2] > 0;
        End e{};
        e.rank[0] = tl && !al ? 2 : !tl && al ? 0 : 1;
        e.rank[1] = al && !tl ? 2 : !al && tl ? 0 : 1;
        e.left[0] = s[0] + s[1];
        e.left[1] = s[2];
        ends.push_back(e);
        finals.push_back(s);
    }
    // Each actual result that can happen, and one that cannot.
    for (const auto& seen : std::vector<std::array<std::int64_t, 3>>{{3, 2, 0}, {1, 0, 2}, {0, 0, 3}, {2, 2, 1}, {3, 1, 3}}) {
        json req = bloodied_small();
        req["luck"] = {{"actual", {{"units", {seen[0], seen[1], seen[2]}}}}};
        const json a = call("luck", req);
        REQUIRE(a["ok"] == true);
        CHECK(a["method"] == "exact");
        End s{};
        const bool tl = seen[0] > 0 || seen[1] > 0, al = seen[2] > 0;
        s.rank[0] = tl && !al ? 2 : !tl && al ? 0 : 1;
        s.rank[1] = al && !tl ? 2 : !al && tl ? 0 : 1;
        s.left[0] = seen[0] + seen[1];
        s.left[1] = seen[2];
        for (int side = 0; side < 2; ++side) {
            double at_least = 0, equal = 0;
            for (const auto& e : ends) {
                if (at_least_as_good(e, s, side)) at_least += 1.0 / 1296;
                if (e.rank[side] == s.rank[side] && e.left[side] == s.left[side]) equal += 1.0 / 1296;
            }
            const json& r = a["sides"][side == 0 ? "tribunan" : "ashen"];
            CHECK(r["at_least"].get<double>() == Approx(at_least).margin(1e-12));
            CHECK(r["equal"].get<double>() == Approx(equal).margin(1e-12));
            CHECK(r["percentile"].get<double>() == Approx(100 * (1 - at_least + equal / 2)).margin(1e-9));
            // In words: luckier than the results ranked below it, as lucky as those ranked the same.
            CHECK(r["worse"].get<double>() == Approx(1 - at_least).margin(1e-12));
            if (equal > 0) {
                const std::string text = r["text"].get<std::string>();
                INFO(text);
                CHECK(text.find("; luckier than " + bc::tools::percent(r["worse"].get<double>()) + " of them, as lucky as " +
                                bc::tools::percent(equal) + ".") != std::string::npos);
            }
        }
        // The marks on each unit's chart: the chance of at least the Size seen.
        for (int u = 0; u < 3; ++u) {
            double p = 0;
            for (const auto& f : finals) p += f[static_cast<std::size_t>(u)] >= seen[static_cast<std::size_t>(u)] ? 1.0 / 1296 : 0;
            CHECK(a["marks"][u]["at_least"].get<double>() == Approx(p).margin(1e-12));
        }
    }
}

TEST_CASE("luck (Bloodied Steel): what was entered is checked", "[tools]") {
    json req = bloodied_small();
    req["luck"] = {{"actual", {{"units", {1, 2}}}}};
    CHECK(call("luck", req)["error"]["path"] == "/luck/actual/units");
    req["luck"] = {{"actual", {{"units", {4, 0, 0}}}}};
    CHECK(call("luck", req)["error"]["path"] == "/luck/actual/units/0");
    req["luck"] = {{"actual", {{"outcome", "ashen"}, {"units", {1, 0, 0}}}}};
    const json a = call("luck", req);
    CHECK(a["error"]["path"] == "/luck/actual/outcome");
    CHECK(a["error"]["message"].get<std::string>().find("\"tribunan\"") != std::string::npos);
    req.erase("luck");
    CHECK(call("luck", req)["error"]["path"] == "/luck/actual");
}

namespace {
// P(result, attacker's men, defender's men) by a plain recursion over the
// chance tree: a blow that changes nothing (a miss) is a loop on the same
// state, taken out by dividing by the chance of leaving it.
using Joint = std::map<std::tuple<int, std::int64_t, std::int64_t>, double>;
std::vector<std::uint64_t> key_of(const bc::olympia::State& s) {
    bc::KeyWriter w;
    s.pack(w);
    return {w.data(), w.data() + w.size()};
}
Joint enumerate(const bc::olympia::State& s, const bc::olympia::Battle& b, std::map<std::vector<std::uint64_t>, Joint>& memo) {
    const auto key = key_of(s);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    Joint out;
    if (s.is_terminal()) {
        std::int64_t men[2] = {0, 0};
        for (std::size_t e = 0; e < b.ents.size(); ++e)
            if (!b.ents[e].is_noble) men[b.ents[e].side] += s.count(static_cast<int>(e));
        out[{s.result(), men[0], men[1]}] = 1;
    } else {
        bc::Outcomes outs;
        s.chance_outcomes(outs);
        double total = 0, stay = 0;
        std::vector<std::pair<bc::olympia::State, double>> next;
        for (const auto& o : outs) {
            bc::olympia::State n = s;
            n.apply(o.code, nullptr);
            total += static_cast<double>(o.weight);
            if (key_of(n) == key)
                stay += static_cast<double>(o.weight);
            else
                next.emplace_back(n, static_cast<double>(o.weight));
        }
        for (const auto& [n, w] : next)
            for (const auto& [k, p] : enumerate(n, b, memo)) out[k] += p * w / (total - stay);
    }
    memo[key] = out;
    return out;
}
}  // namespace

TEST_CASE("luck (Olympia): at least this good equals the sum of the joint distribution worked apart", "[tools]") {
    const json battle = {{"ruleset", "olympia"},
                         {"attacker", {{"nobles", {{{"name", "A"}, {"troops", {{"soldier", 3}, {"archer", 1}}}}}}}},
                         {"defender", {{"nobles", {{{"name", "D"}, {"break_point", 30}, {"troops", {{"pikeman", 3}}}}}}}}};
    auto b = std::make_shared<const bc::olympia::Battle>(bc::olympia::prepare(bc::olympia::parse(bc::In(battle, "")), false));
    std::map<std::vector<std::uint64_t>, Joint> memo;
    const Joint joint = enumerate(bc::olympia::State(b), *b, memo);
    double sum = 0;
    for (const auto& [k, p] : joint) sum += p;
    REQUIRE(sum == Approx(1).margin(1e-12));
    const json odds = call("odds", battle);
    struct Seen {
        const char* outcome;
        int soldiers, archers, pikemen;
    };
    for (const Seen& seen : {Seen{"attacker", 2, 1, 1}, Seen{"defender", 0, 1, 2}, Seen{"attacker", 3, 1, 0}, Seen{"defender", 1, 0, 3}}) {
        json req = battle;
        req["luck"] = {{"actual",
                        {{"outcome", seen.outcome},
                         {"attacker", {{"soldier", seen.soldiers}, {"archer", seen.archers}}},
                         {"defender", {{"pikeman", seen.pikemen}}}}}};
        const json a = call("luck", req);
        REQUIRE(a["ok"] == true);
        CHECK(a["method"] == "exact");
        const int result = std::string(seen.outcome) == "attacker" ? 0 : std::string(seen.outcome) == "defender" ? 1 : 2;
        auto rank = [](int r, int side) { return r == 2 ? 1 : r == side ? 2 : 0; };
        End s{{rank(result, 0), rank(result, 1)}, {seen.soldiers + seen.archers, seen.pikemen}};
        for (int side = 0; side < 2; ++side) {
            double at_least = 0;
            for (const auto& [k, p] : joint) {
                const End e{{rank(std::get<0>(k), 0), rank(std::get<0>(k), 1)}, {std::get<1>(k), std::get<2>(k)}};
                if (at_least_as_good(e, s, side)) at_least += p;
            }
            CHECK(a["sides"][side == 0 ? "attacker" : "defender"]["at_least"].get<double>() ==
                  Approx(at_least).margin(1e-12));
        }
        // The marks: the chance of at least the men seen, from the odds the page charts.
        for (const auto& m : a["marks"]) {
            double p = 0;
            for (const auto& [v, x] : odds["sides"][m["side"].get<std::string>()]["men"][m["kind"].get<std::string>()]["p"].items())
                if (std::stoll(v) >= m["value"].get<std::int64_t>()) p += x.get<double>();
            CHECK(m["at_least"].get<double>() == Approx(p).margin(1e-12));
        }
    }
}

TEST_CASE("luck (Olympia): what was entered is checked, naming the field", "[tools]") {
    const json battle = {{"ruleset", "olympia"},
                         {"attacker", {{"nobles", {{{"name", "A"}, {"troops", {{"soldier", 3}}}}}}}},
                         {"defender", {{"nobles", {{{"name", "D"}, {"troops", {{"pikeman", 3}}}}}}}}};
    auto err = [&](json actual) {
        json r = battle;
        r["luck"] = {{"actual", actual}};
        return call("luck", r)["error"];
    };
    CHECK(err({{"outcome", "attacker"}, {"attacker", {{"soldier", 1}}}, {"defender", json::object()}})["path"] ==
          "/luck/actual/defender/pikeman");
    CHECK(err({{"outcome", "attacker"}, {"attacker", {{"soldier", 4}}}, {"defender", {{"pikeman", 0}}}})["path"] ==
          "/luck/actual/attacker/soldier");
    CHECK(err({{"outcome", "attacker"}, {"attacker", {{"soldier", 1}, {"knight", 1}}}, {"defender", {{"pikeman", 0}}}})["path"] ==
          "/luck/actual/attacker/knight");
    CHECK(err({{"outcome", "nobody"}, {"attacker", {{"soldier", 1}}}, {"defender", {{"pikeman", 0}}}})["path"] ==
          "/luck/actual/outcome");
}

// A one-unit-a-side S&F battle, and a luck request for an attacker's win
// with `left` dice on its unit.
json sf_duel() {
    return {{"ruleset", "warfare"},
            {"attacker", {{"units", {{{"name", "Ironhearts"}, {"ancestry", "dwarf"}, {"experience", "regular"},
                                      {"equipment", "medium"}, {"type", "infantry"}, {"size", "d4"}}}}}},
            {"defender", {{"units", {{{"name", "Red Fangs"}, {"ancestry", "orc"}, {"experience", "regular"},
                                      {"equipment", "medium"}, {"type", "infantry"}, {"size", "d4"}}}}}}};
}
json sf_duel_luck(int left) {
    json req = sf_duel();
    req["luck"] = {{"actual", {{"outcome", "attacker"}, {"attacker", {left}}, {"defender", {0}}}}};
    return req;
}

TEST_CASE("luck (S&F): at least this good is a part of a win's mass, all of it at one die left; what was entered is checked", "[tools]") {
    const json battle = sf_duel();
    json req = sf_duel_luck(2);
    const json a = call("luck", req);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["method"] == "exact");
    // A win for the attacker with at least 1 die left is every win: with 2 left, a part of it.
    const double win = call("odds", battle)["outcomes"]["attacker"].get<double>();
    const double at_least = a["sides"]["attacker"]["at_least"].get<double>();
    CHECK(at_least < win);
    CHECK(at_least > 0);
    CHECK(call("luck", sf_duel_luck(1))["sides"]["attacker"]["at_least"].get<double>() == Approx(win).margin(1e-12));
    // What was entered is checked.
    req["luck"]["actual"] = {{"outcome", "attacker"}, {"attacker", {5}}, {"defender", {0}}};
    CHECK(call("luck", req)["error"]["path"] == "/luck/actual/attacker/0");
    req["luck"]["actual"] = {{"outcome", "attacker"}, {"attacker", {1, 1}}, {"defender", {0}}};
    CHECK(call("luck", req)["error"]["path"] == "/luck/actual/attacker");
}

TEST_CASE("luck (S&F): at least this good agrees with seeded rolls", "[tools][heavy][scale]") {
    const json battle = sf_duel();
    const double at_least = call("luck", sf_duel_luck(2))["sides"]["attacker"]["at_least"].get<double>();
    // 4,000 seeded rolls: the share of results at least as good lies within 4 standard errors.
    const int n = 4000;
    int hits = 0;
    for (int seed = 1; seed <= n; ++seed) {
        json r = battle;
        r["seed"] = seed;
        const json roll = call("roll", r);
        REQUIRE(roll["ok"] == true);
        const bool won = roll["outcome"] == "attacker";
        if (won && roll["units"][0]["final"].get<int>() >= 2) ++hits;
    }
    const double se = std::sqrt(at_least * (1 - at_least) / n);
    CHECK(std::fabs(hits / static_cast<double>(n) - at_least) < 4 * se);
}

}  // namespace file_test_tools_luck

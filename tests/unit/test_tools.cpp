// The decision tools (core/tools/): each answer checked against values worked
// another way — a sweep's points and a compare's differences against single
// odds calls, a minimum force against the solves on either side of it and
// (S&F) against every cheaper combination, and every bound with a small limit.
#include <catch2/catch.hpp>
#include <cmath>

#include "api/api.hpp"
#include "api/solver.hpp"
#include "tools/runner.hpp"
#include "warfare/units/unit.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_tools {

using bc::json;
using bc::tools::percent;

namespace {
json call(const std::string& fn, const json& req) { return json::parse(bc::api::call(fn, req.dump())); }

double win_of(const json& battle, const char* side) {
    const json a = call("odds", battle);
    REQUIRE(a["ok"] == true);
    return a["outcomes"][side].get<double>();
}

json at(json battle, const std::string& path, std::int64_t v) {
    battle[json::json_pointer(path)] = v;
    return battle;
}

// Two nobles against two nobles (the issue's break-point case), the attacker's
// leader with one peasant.
json two_nobles(bool peasant) {
    json a = {{"name", "A1"}, {"troops", json::object()}};
    if (peasant) a["troops"]["peasant"] = 1;
    return {{"ruleset", "olympia"},
            {"attacker", {{"nobles", {a, {{"name", "A2"}}}}}},
            {"defender", {{"nobles", {{{"name", "D1"}}, {{"name", "D2"}}}}}}};
}

json olympia_example() {
    return {{"ruleset", "olympia"},
            {"attacker", {{"nobles", {{{"name", "Osswid"}, {"troops", {{"soldier", 6}, {"archer", 2}}}}}}}},
            {"defender", {{"nobles", {{{"name", "Bran"}, {"troops", {{"pikeman", 4}}}}}}}}};
}

json warfare_1v1() {
    return {{"ruleset", "warfare"},
            {"attacker",
             {{"units",
               {{{"name", "Ironhearts"}, {"ancestry", "dwarf"}, {"experience", "regular"}, {"equipment", "medium"},
                 {"type", "infantry"}, {"size", "d4"}}}}}},
            {"defender",
             {{"units",
               {{{"name", "Red Fangs"}, {"ancestry", "orc"}, {"experience", "regular"}, {"equipment", "medium"},
                 {"type", "infantry"}, {"size", "d4"}}}}}}};
}

json bloodied_example() {
    return {{"ruleset", "bloodied-steel"},
            {"units",
             {{{"name", "First Cohort"}, {"nation", "tribunan"}, {"arms", 4}, {"armour", 2}, {"size", 5}},
              {{"name", "Grey Host"}, {"nation", "ashen"}, {"arms", 3}, {"armour", 1}, {"size", 6}}}},
            {"tactics", {{{"name", "Ambush"}, {"target", "ashen"}, {"effect", "total"}, {"amount", 2}}}}};
}
}  // namespace

TEST_CASE("tools: the issue's break-point case: two nobles gain from a peasant (0.50 -> 0.64)", "[tools]") {
    CHECK(win_of(two_nobles(false), "attacker") == Approx(0.5).margin(1e-12));
    const double with = win_of(two_nobles(true), "attacker");
    CHECK(with > 0.64);
    CHECK(with < 0.645);
}

TEST_CASE("tools: a sweep's points equal single solves, and its 'worse' marks are exactly the drops", "[tools]") {
    for (const char* side : {"attacker", "defender"}) {
        json req = two_nobles(true);
        const std::string path = std::string("/") + side + "/nobles/0/break_point";
        req["sweep"] = {{"path", path}, {"from", 0}, {"to", 100}, {"step", 10}};
        const json a = call("sweep", req);
        REQUIRE(a["ok"] == true);
        REQUIRE(a["complete"] == true);
        REQUIRE(a["points"].size() == 11);
        CHECK(a["work"]["solves"] == 11);
        std::vector<std::pair<std::int64_t, std::int64_t>> drops;
        std::size_t unseen = 0;
        double prev = -1;
        for (std::size_t i = 0; i < 11; ++i) {
            const json& p = a["points"][i];
            CHECK(p["value"] == static_cast<std::int64_t>(10 * i));
            const json single = call("odds", at(two_nobles(true), path, 10 * static_cast<std::int64_t>(i)));
            CHECK(p["win"].get<double>() == single["outcomes"]["attacker"].get<double>());
            CHECK(p["lose"].get<double>() == single["outcomes"]["defender"].get<double>());
            CHECK(p["draw"].get<double>() == single["outcomes"]["tie"].get<double>());
            const double men = single["sides"]["attacker"]["men"]["peasant"]["mean"].get<double>();
            CHECK(p["losses"]["attacker"]["total"].get<double>() == Approx(1 - men).margin(1e-15));
            const double w = p["win"].get<double>();
            if (i > 0 && w < prev - 1e-12) {
                if (percent(prev) != percent(w)) drops.emplace_back(10 * (i - 1), 10 * i);
                else ++unseen;
            }
            prev = w;
        }
        REQUIRE(a["worse"].size() == drops.size());
        CHECK(a["worse_unseen"] == unseen);
        for (std::size_t k = 0; k < drops.size(); ++k) {
            CHECK(a["worse"][k]["from"] == drops[k].first);
            CHECK(a["worse"][k]["to"] == drops[k].second);
            CHECK(a["worse"][k]["text"].get<std::string>().find("lowers the attacker's chance to win") != std::string::npos);
        }
        if (drops.empty()) CHECK(a["worse_text"].get<std::string>().rfind("Nowhere", 0) == 0);
    }
}

TEST_CASE("tools: a sweep lists only the drops its words can show; the smaller ones are counted in the summary", "[tools]") {
    // The Olympia example, the attacker's chance as the defender's pikemen go
    // from 0 to 20: it starts above 99.99%, where a drop reads ">99.99% to >99.99%".
    json req = olympia_example();
    req["sweep"] = {{"path", "/defender/nobles/0/troops/pikeman"}, {"from", 0}, {"to", 20}, {"side", "attacker"}};
    const json a = call("sweep", req);
    REQUIRE(a["ok"] == true);
    std::size_t drops = 0, unseen = 0;
    for (std::size_t i = 1; i < a["points"].size(); ++i) {
        const double before = a["points"][i - 1]["win"].get<double>(), now = a["points"][i]["win"].get<double>();
        if (now < before - 1e-12) ++(percent(before) == percent(now) ? unseen : drops);
    }
    REQUIRE(unseen > 0);
    CHECK(a["worse"].size() == drops);
    CHECK(a["worse_unseen"] == unseen);
    for (const auto& w : a["worse"]) CHECK(percent(w["win_from"].get<double>()) != percent(w["win_to"].get<double>()));
    CHECK(a["worse_text"].get<std::string>().find(std::to_string(unseen) + (unseen == 1 ? " other step lowers" : " other steps lower") +
                                                  " it by less than that") != std::string::npos);
}

TEST_CASE("tools: more of something worse is said in words, per kind of men", "[tools]") {
    // Soldiers against pikemen at break point 50: the sweep says where one more soldier hurts.
    json req = olympia_example();
    req["sweep"] = {{"path", "/attacker/nobles/0/troops/soldier"}, {"from", 0}, {"to", 6}};
    const json a = call("sweep", req);
    REQUIRE(a["ok"] == true);
    CHECK(a["label"] == "Osswid's soldiers");
    CHECK(a["one"] == "soldier");
    for (const auto& w : a["worse"]) {
        CHECK(w["to"].get<std::int64_t>() == w["from"].get<std::int64_t>() + 1);
        CHECK(w["text"].get<std::string>().rfind("One more soldier (Osswid's soldiers ", 0) == 0);
        CHECK(w["win_to"].get<double>() < w["win_from"].get<double>());
    }
}

TEST_CASE("tools: sweeps of the other rule systems equal single solves", "[tools]") {
    json b = bloodied_example();
    b["sweep"] = {{"path", "/units/1/armour"}, {"from", 0}, {"to", 6}, {"step", 2}, {"side", "ashen"}};
    json a = call("sweep", b);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["points"].size() == 4);
    for (std::size_t i = 0; i < 4; ++i)
        CHECK(a["points"][i]["win"].get<double>() ==
              win_of(at(bloodied_example(), "/units/1/armour", 2 * static_cast<std::int64_t>(i)), "ashen"));

    json w = warfare_1v1();
    w["sweep"] = {{"path", "/attacker/units/0/casualties"}, {"from", 1}, {"to", 4}};
    a = call("sweep", w);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["points"].size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        const json single = call("odds", at(warfare_1v1(), "/attacker/units/0/casualties", 1 + static_cast<std::int64_t>(i)));
        CHECK(a["points"][i]["win"].get<double>() == single["outcomes"]["attacker"].get<double>());
        double mean = 0;
        for (const auto& u : single["units"]) mean += u["side"] == "attacker" ? u["start"].get<double>() - u["mean_final"].get<double>() : 0;
        CHECK(a["points"][i]["losses"]["attacker"]["total"].get<double>() == Approx(mean).margin(1e-12));
    }
    // A die's faces: d4 to d12 in steps of 2 (the builder reads "size": 8 as d8).
    w = warfare_1v1();
    w["sweep"] = {{"path", "/options/orders_per_turn"}, {"from", 1}, {"to", 2}};
    a = call("sweep", w);
    REQUIRE(a["ok"] == true);
    CHECK(a["label"] == "Orders per turn");
}

TEST_CASE("tools: a sweep's errors name its fields", "[tools]") {
    auto err = [](json sweep) {
        json r = two_nobles(true);
        r["sweep"] = sweep;
        const json a = call("sweep", r);
        REQUIRE(a["ok"] == false);
        return a["error"];
    };
    CHECK(err({{"path", "/attacker/nobles/5/break_point"}, {"from", 0}, {"to", 1}})["path"] == "/sweep/path");
    CHECK(err({{"path", "/attacker/nobles/0/name"}, {"from", 0}, {"to", 1}})["path"] == "/sweep/path");
    CHECK(err({{"path", "/solver/trials"}, {"from", 0}, {"to", 1}})["path"] == "/sweep/path");
    CHECK(err({{"path", "nope"}, {"from", 0}, {"to", 1}})["path"] == "/sweep/path");
    CHECK(err({{"from", 0}, {"to", 1}})["path"] == "/sweep/path");
    const json high = err({{"path", "/attacker/nobles/0/break_point"}, {"from", 0}, {"to", 150}, {"step", 10}});
    CHECK(high["path"] == "/sweep/to");
    CHECK(high["message"].get<std::string>().find("at 150") != std::string::npos);
    CHECK(err({{"path", "/attacker/nobles/0/break_point"}, {"from", -5}, {"to", 5}})["path"] == "/sweep/from");
    // The bound on points: at most 101.
    const json many = err({{"path", "/attacker/nobles/0/troops/peasant"}, {"from", 0}, {"to", 101}});
    CHECK(many["path"] == "/sweep/step");
    CHECK(many["message"].get<std::string>().find("at most 101") != std::string::npos);
    CHECK(err({{"path", "/attacker/nobles/0/break_point"}, {"from", 0}, {"to", 10}, {"colour", 1}})["path"] ==
          "/sweep/colour");
    // A field absent from the battle takes its default until the sweep sets it;
    // one missing object on the way is made (noble 1 has no "troops" yet), two are not.
    json r = two_nobles(false);
    r["sweep"] = {{"path", "/attacker/nobles/1/troops/knight"}, {"from", 0}, {"to", 1}};
    CHECK(call("sweep", r)["ok"] == true);
    r["sweep"]["path"] = "/attacker/nobles/1/troops/x/knight";
    CHECK(call("sweep", r)["error"]["path"] == "/sweep/path");
}

TEST_CASE("tools: the time limit holds over the whole tool call", "[tools]") {
    // A 2v2 S&F battle takes longer than the whole limit: the sweep stops and says so.
    json w = warfare_1v1();
    w["attacker"]["units"].push_back({{"name", "Bows"}, {"ancestry", "elf"}, {"experience", "regular"},
                                      {"equipment", "light"}, {"type", "archers"}, {"size", "d6"}});
    w["defender"]["units"].push_back({{"name", "Riders"}, {"ancestry", "human"}, {"experience", "regular"},
                                      {"equipment", "light"}, {"type", "cavalry"}, {"size", "d6"}});
    w["solver"] = {{"method", "exact"}, {"time_limit_s", 0.02}};
    w["sweep"] = {{"path", "/attacker/units/0/casualties"}, {"from", 1}, {"to", 4}};
    const json a = call("sweep", w);
    REQUIRE(a["ok"] == true);
    CHECK(a["complete"] == false);
    CHECK(a["points"].size() < 4);
    CHECK(a["stopped_by"].get<std::string>().size() > 0);
    CHECK(a["work"]["time_limit_s"] == 0.02);
}

TEST_CASE("tools: compare's differences equal the differences of single solves", "[tools]") {
    json plan_b = olympia_example();
    plan_b["attacker"]["nobles"][0]["troops"]["soldier"] = 9;
    json plan_c = olympia_example();
    plan_c["attacker"]["nobles"][0]["break_point"] = 20;
    json req = olympia_example();
    req["compare"] = {{"plans", {{{"name", "More soldiers"}, {"battle", plan_b}}, {{"battle", plan_c}}}}};
    const json a = call("compare", req);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["plans"].size() == 3);
    CHECK(a["plans"][0]["name"] == "Plan A");
    CHECK(a["plans"][1]["name"] == "More soldiers");
    CHECK(a["plans"][2]["name"] == "Plan C");
    const json base = call("odds", olympia_example());
    const json plans[3] = {base, call("odds", plan_b), call("odds", plan_c)};
    auto lost = [](const json& odds, const char* side) {
        double t = 0;
        for (const auto& [k, m] : odds["sides"][side]["men"].items()) t += m["start"].get<double>() - m["mean"].get<double>();
        return t;
    };
    for (std::size_t i = 0; i < 3; ++i) {
        const json& row = a["plans"][i];
        CHECK(row["win"].get<double>() == plans[i]["outcomes"]["attacker"].get<double>());
        CHECK(row["difference"]["win"].get<double>() ==
              plans[i]["outcomes"]["attacker"].get<double>() - base["outcomes"]["attacker"].get<double>());
        CHECK(row["difference"]["lose"].get<double>() ==
              plans[i]["outcomes"]["defender"].get<double>() - base["outcomes"]["defender"].get<double>());
        for (const char* side : {"attacker", "defender"})
            CHECK(row["difference"]["losses"][side].get<double>() ==
                  Approx(lost(plans[i], side) - lost(base, side)).margin(1e-12));
    }
    // From the defender's side the chances swap.
    req["compare"]["side"] = "defender";
    const json d = call("compare", req);
    CHECK(d["plans"][1]["win"].get<double>() == plans[1]["outcomes"]["defender"].get<double>());
}

TEST_CASE("tools: compare's bounds and errors", "[tools]") {
    json req = olympia_example();
    json plans = json::array();
    for (int i = 0; i < 4; ++i) plans.push_back({{"battle", olympia_example()}});
    req["compare"] = {{"plans", plans}};
    json a = call("compare", req);
    REQUIRE(a["ok"] == false);
    CHECK(a["error"]["path"] == "/compare/plans");  // four plans in all, Plan A included
    json bad = olympia_example();
    bad["attacker"]["nobles"][0]["troops"]["soldier"] = -1;
    req["compare"] = {{"plans", {{{"battle", olympia_example()}}, {{"battle", bad}}}}};
    a = call("compare", req);
    REQUIRE(a["ok"] == false);
    CHECK(a["error"]["path"] == "/compare/plans/1/battle/attacker/nobles/0/troops/soldier");
    req["compare"] = {{"plans", {{{"battle", bloodied_example()}}}}};
    CHECK(call("compare", req)["error"]["path"] == "/compare/plans/0/battle/ruleset");
}

TEST_CASE("tools: marginal value: each change equals its single solve, ranked", "[tools]") {
    json req = olympia_example();
    req["marginal"] = json::object();
    const json a = call("marginal", req);
    REQUIRE(a["ok"] == true);
    const double p0 = win_of(olympia_example(), "attacker");
    CHECK(a["base"]["win"].get<double>() == p0);
    REQUIRE(a["changes"].size() == 2);  // a soldier, an archer
    double prev = 2;
    for (const auto& c : a["changes"]) {
        const std::string kind = c["what"].get<std::string>();
        const json changed = at(olympia_example(), "/attacker/nobles/0/troops/" + kind,
                                olympia_example()["attacker"]["nobles"][0]["troops"][kind].get<std::int64_t>() + 1);
        const double p = win_of(changed, "attacker");
        CHECK(c["win"].get<double>() == p);
        CHECK(c["delta"].get<double>() == p - p0);
        CHECK(c["delta"].get<double>() <= prev);
        prev = c["delta"].get<double>();
    }
    // The bound: one change at most, the other listed as skipped with the reason.
    req["marginal"] = {{"max_changes", 1}};
    const json one = call("marginal", req);
    CHECK(one["changes"].size() == 1);
    REQUIRE(one["skipped"].size() == 1);
    CHECK(one["skipped"][0]["why"].get<std::string>().find("max_changes") != std::string::npos);
}

TEST_CASE("tools: S&F marginal value per gold uses the builder's improvement costs; refused steps say why", "[tools]") {
    json w = warfare_1v1();
    w["attacker"]["units"].push_back({{"name", "Levy"}, {"ancestry", "goblin"}, {"type", "levies"}, {"size", "d12"}});
    w["marginal"] = json::object();
    const json a = call("marginal", w);
    REQUIRE(a["ok"] == true);
    const double p0 = a["base"]["win"].get<double>();
    // Ironhearts: d4 -> d6 and regular -> seasoned; the levy: d12 has no bigger priced size, levies no experience.
    REQUIRE(a["changes"].size() == 2);
    REQUIRE(a["skipped"].size() == 2);
    for (const auto& s : a["skipped"]) {
        const std::string why = s["why"].get<std::string>();
        CHECK((why == "a d12 has no bigger size the book prices" || why == "levies have no experience"));
    }
    for (const auto& c : a["changes"]) {
        json unit = warfare_1v1()["attacker"]["units"][0];
        json improve = json::object();
        if (c["what"] == "size") improve["size"] = "d6";
        else improve["experience"] = "seasoned";
        const json cost = call("improve", {{"ruleset", "warfare"}, {"unit", unit}, {"improve", improve}});
        REQUIRE(cost["ok"] == true);
        CHECK(c["cost"].get<double>() == Approx(cost["cost_exact"].get<double>()).margin(1e-9));
        CHECK(c["per_gold"].get<double>() == Approx((c["win"].get<double>() - p0) / cost["cost_exact"].get<double>()));
        json changed = w;
        changed.erase("marginal");
        for (const auto& [k, v] : improve.items()) changed["attacker"]["units"][0][k] = v;
        CHECK(c["win"].get<double>() == win_of(changed, "attacker"));
    }
    REQUIRE(a["by_gold"].size() == 2);
    CHECK(a["by_gold"][0]["per_gold"].get<double>() >= a["by_gold"][1]["per_gold"].get<double>());
}

TEST_CASE("tools: minimum force (Olympia): the answer reaches the target and one less does not", "[tools]") {
    for (const bool scan : {true, false}) {
        json req = olympia_example();
        req["minimum"] = {{"kind", "soldier"}, {"target", 0.8}, {"max", scan ? 12 : 200}, {"max_solves", 20}};
        const json a = call("minimum", req);
        REQUIRE(a["ok"] == true);
        REQUIRE(a["reachable"] == true);
        CHECK(a["method"] == (scan ? "scan" : "bisection"));
        const std::int64_t n = a["value"].get<std::int64_t>();
        const std::string path = "/attacker/nobles/0/troops/soldier";
        const double p = win_of(at(olympia_example(), path, n), "attacker");
        CHECK(p >= 0.8);
        CHECK(a["point"]["win"].get<double>() == p);
        REQUIRE(n > 0);
        CHECK(win_of(at(olympia_example(), path, n - 1), "attacker") < 0.8);
        CHECK(a["one_less"]["value"] == n - 1);
        if (scan)
            for (std::int64_t k = 0; k < n; ++k) CHECK(win_of(at(olympia_example(), path, k), "attacker") < 0.8);
    }
}

TEST_CASE("tools: minimum force answers 'not reachable within the limits' and honours max_solves", "[tools]") {
    json req = olympia_example();
    req["minimum"] = {{"kind", "peasant"}, {"target", 1.0}, {"max", 3}};
    json a = call("minimum", req);
    REQUIRE(a["ok"] == true);
    CHECK(a["reachable"] == false);
    CHECK(a["note"].get<std::string>().rfind("Not reachable within the limits (up to 3 peasants", 0) == 0);
    req["minimum"] = {{"kind", "soldier"}, {"target", 0.999}, {"max", 100000}, {"max_solves", 3}};
    a = call("minimum", req);
    REQUIRE(a["ok"] == true);
    CHECK(a["reachable"] == false);
    CHECK(a["work"]["solves"] == 3);
    CHECK(a["stopped_by"].get<std::string>().find("(3)") != std::string::npos);
}

TEST_CASE("tools: minimum force (Bloodied Steel): the least Arms, one less does not reach", "[tools]") {
    json req = bloodied_example();
    req["minimum"] = json::object();
    const json a = call("minimum", req);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["reachable"] == true);
    const std::int64_t n = a["value"].get<std::int64_t>();
    CHECK(win_of(at(bloodied_example(), "/units/0/arms", n), "tribunan") >= 0.9);
    CHECK(win_of(at(bloodied_example(), "/units/0/arms", n - 1), "tribunan") < 0.9);
    CHECK(a["arms_total"] == n);
    // More Arms never lowers the chance (the search relies on it): checked on every value up to the answer.
    double prev = -1;
    for (std::int64_t k = 0; k <= n; ++k) {
        const double p = win_of(at(bloodied_example(), "/units/0/arms", k), "tribunan");
        CHECK(p >= prev);
        prev = p;
    }
}

TEST_CASE("tools: minimum force (S&F): no cheaper combination in the searched space reaches the target", "[tools]") {
    // One unit each; Ironhearts may grow d4..d12 and regular..super-elite: 25 combinations.
    json req = warfare_1v1();
    const double target = 0.85;
    req["minimum"] = {{"target", target}, {"max_solves", 40}};
    const json a = call("minimum", req);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["reachable"] == true);
    const double best = a["cost"].get<double>();
    // Every combination, worked out apart: its cost from the builder, its odds from one solve.
    const json unit = warfare_1v1()["attacker"]["units"][0];
    const double base = call("unit", {{"ruleset", "warfare"}, {"unit", unit}})["card"]["cost_exact"].get<double>();
    int reaching_cheaper = 0, checked = 0;
    for (const char* size : {"d4", "d6", "d8", "d10", "d12"})
        for (const char* exp : {"regular", "seasoned", "veteran", "elite", "super-elite"}) {
            json u = unit;
            u["size"] = size;
            u["experience"] = exp;
            const double cost = call("unit", {{"ruleset", "warfare"}, {"unit", u}})["card"]["cost_exact"].get<double>() - base;
            if (cost >= best - 1e-9) continue;
            json b = warfare_1v1();
            b["attacker"]["units"][0] = u;
            ++checked;
            if (win_of(b, "attacker") >= target) ++reaching_cheaper;
        }
    CHECK(checked > 0);
    CHECK(reaching_cheaper == 0);
    json b = warfare_1v1();
    b["attacker"]["units"][0] = unit;
    for (const auto& w : a["changes"]) CHECK(w.get<std::string>().rfind("Ironhearts: ", 0) == 0);
    CHECK(a["point"]["win"].get<double>() >= target);
}

TEST_CASE("tools: minimum force (S&F) out of reach names the best combination it found", "[tools]") {
    // A target no combination of the 25 reaches: every one is solved, and the
    // best found is the one with the highest chance, worked out apart here.
    json req = warfare_1v1();
    req["minimum"] = {{"target", 1.0}, {"max_solves", 40}};
    const json a = call("minimum", req);
    REQUIRE(a["ok"] == true);
    REQUIRE(a["reachable"] == false);
    const json unit = warfare_1v1()["attacker"]["units"][0];
    double top = -1;
    for (const char* size : {"d4", "d6", "d8", "d10", "d12"})
        for (const char* exp : {"regular", "seasoned", "veteran", "elite", "super-elite"}) {
            json b = warfare_1v1();
            b["attacker"]["units"][0]["size"] = size;
            b["attacker"]["units"][0]["experience"] = exp;
            top = std::max(top, win_of(b, "attacker"));
        }
    const json& best = a["best"];
    CHECK(best["win"].get<double>() == Approx(top).margin(1e-12));
    REQUIRE(!best["changes"].empty());
    const std::string note = a["note"].get<std::string>();
    for (const auto& w : best["changes"]) CHECK(note.find(w.get<std::string>()) != std::string::npos);
    CHECK(note.find(" gold)") != std::string::npos);
}

TEST_CASE("tools: the 'tools' call lists sweepable numbers, presets and the rule system's searches", "[tools]") {
    json a = call("tools", olympia_example());
    REQUIRE(a["ok"] == true);
    bool bp = false;
    for (const auto& f : a["fields"])
        if (f["path"] == "/attacker/nobles/0/break_point") bp = f["value"] == 50 && f["max"] == 100;
    CHECK(bp);
    REQUIRE(a["presets"].size() == 2);
    CHECK(a["presets"][1]["path"] == "/defender/nobles/0/break_point");
    CHECK(a["presets"][1]["step"] == 10);
    CHECK(a["luck"]["start"]["attacker"]["soldier"] == 6);
    a = call("tools", warfare_1v1());
    CHECK(a["minimum"]["searches"] == "gold");
    a = call("tools", bloodied_example());
    CHECK(a["sides"][0]["id"] == "tribunan");
    // The battle is checked first: an error names its field.
    json bad = bloodied_example();
    bad["units"][0]["arms"] = "many";
    CHECK(call("tools", bad)["error"]["path"] == "/units/0/arms");
    // Every rule system lists the tools among its calls.
    const json rules = json::parse(bc::api::rules());
    for (const auto& [id, r] : rules["rulesets"].items()) {
        bool has = false;
        for (const auto& c : r["calls"]) has = has || c == "sweep";
        CHECK(has);
    }
}

TEST_CASE("tools: progress between solves, and a cancel from the page ends the call", "[tools]") {
    std::vector<json> seen;
    bc::set_progress([&](const json& p) {
        if (p.value("phase", "") == "tool") seen.push_back(p);
        return seen.size() < 3;
    });
    json req = two_nobles(true);
    req["sweep"] = {{"path", "/attacker/nobles/0/break_point"}, {"from", 0}, {"to", 100}, {"step", 10}};
    const json a = call("sweep", req);
    bc::set_progress(nullptr);
    REQUIRE(seen.size() == 3);
    CHECK(seen[0]["tool"] == "sweep");
    CHECK(seen[1]["done"] == 1);
    CHECK(seen[1]["total"] == 11);
    REQUIRE(a["ok"] == false);
    CHECK(a["error"]["message"] == "cancelled");
}

TEST_CASE("tools: a chance in words is never rounded to certain or impossible", "[tools]") {
    using bc::tools::percent;
    CHECK(percent(1.0) == "100.0%");
    CHECK(percent(0.0) == "0.0%");
    CHECK(percent(0.99995) == ">99.99%");
    CHECK(percent(0.99999999) == ">99.99%");
    CHECK(percent(0.00004) == "<0.01%");
    CHECK(percent(0.9995) == "99.95%");
    CHECK(percent(0.0005) == "0.05%");
    CHECK(percent(0.5) == "50.0%");
}

TEST_CASE("tools: every tool stopped by a bound answers with what it has or a limit error, never an abort (issue 39)", "[tools]") {
    // Each tool of each rule system under each bound: the exact solver's
    // state budget (method exact), the tool's own count of solves where it
    // has one, and a time limit shorter than one solve. An answer is either
    // ok with what it has and the bound that stopped it, or a "limit" error
    // naming the bound; before, a luck call stopped by any bound escaped the
    // API as an exception that was not a std::exception and aborted.
    json big = olympia_example();
    big["attacker"]["nobles"][0]["troops"] = {{"soldier", 100000}};
    big["defender"]["nobles"][0]["troops"] = {{"soldier", 100000}};
    json w2 = warfare_1v1();
    w2["attacker"]["units"].push_back({{"name", "Bows"}, {"ancestry", "elf"}, {"experience", "regular"},
                                       {"equipment", "light"}, {"type", "archers"}, {"size", "d6"}});
    w2["defender"]["units"].push_back({{"name", "Riders"}, {"ancestry", "human"}, {"experience", "regular"},
                                       {"equipment", "light"}, {"type", "cavalry"}, {"size", "d6"}});
    struct Battle {
        const char* name;
        json battle, luck, sweep_path;
    };
    const std::vector<Battle> battles = {
        {"olympia", olympia_example(),
         {{"outcome", "attacker"}, {"attacker", {{"soldier", 3}, {"archer", 1}}}, {"defender", {{"pikeman", 0}}}},
         "/attacker/nobles/0/troops/soldier"},
        {"olympia 100,000 a side", big,
         {{"outcome", "attacker"}, {"attacker", {{"soldier", 3}}}, {"defender", {{"soldier", 0}}}},
         "/attacker/nobles/0/troops/soldier"},
        {"warfare 2v2", w2, {{"outcome", "attacker"}, {"attacker", {2, 1}}, {"defender", {0, 0}}},
         "/attacker/units/0/casualties"},
        {"bloodied", bloodied_example(), {{"units", {1, 0}}}, "/units/0/arms"},
    };
    const std::vector<std::pair<const char*, json>> bounds = {
        {"state budget", {{"method", "exact"}, {"max_states", 1}}},
        {"time", {{"method", "exact"}, {"time_limit_s", 0.01}, {"max_states", 5000000}}},
        {"time, auto", {{"time_limit_s", 0.01}}},
    };
    int limited = 0, stopped = 0;
    for (const auto& b : battles)
        for (const auto& [bound, solver] : bounds)
            for (const char* tool : {"compare", "sweep", "marginal", "minimum", "luck"}) {
                json req = b.battle;
                req["solver"] = solver;
                if (std::string(tool) == "compare") req["compare"] = {{"plans", {{{"battle", b.battle}}}}};
                if (std::string(tool) == "sweep") req["sweep"] = {{"path", b.sweep_path}, {"from", 1}, {"to", 3}};
                if (std::string(tool) == "marginal") req["marginal"] = {{"max_changes", 2}};
                if (std::string(tool) == "minimum")
                    req["minimum"] = std::string(b.name).rfind("olympia", 0) == 0
                                         ? json{{"kind", "soldier"}, {"max_solves", 2}}
                                         : std::string(b.name) == "bloodied" ? json{{"unit", 0}, {"max_solves", 2}}
                                                                             : json{{"max_solves", 2}};
                if (std::string(tool) == "luck") req["luck"] = {{"actual", b.luck}};
                INFO(b.name << ", " << bound << ": " << tool);
                const json a = call(tool, req);
                INFO(a.dump().substr(0, 600));
                if (a["ok"] == true) {
                    if (a.contains("stopped_by") && !a["stopped_by"].is_null()) {
                        CHECK(a["stopped_by"].get<std::string>().size() > 0);
                        ++stopped;
                    }
                } else {
                    REQUIRE(a["ok"] == false);
                    // A bound, never a failure: "limit", with words, and no field blamed.
                    CHECK(a["error"]["kind"] == "limit");
                    CHECK(a["error"]["path"] == "");
                    CHECK(a["error"]["message"].get<std::string>().size() > 10);
                    ++limited;
                }
            }
    // The luck tool on 100,000 a side, exact: the issue's abort, now a limit error in words.
    json luck = big;
    luck["solver"] = {{"method", "exact"}};
    luck["luck"] = {{"actual", battles[1].luck}};
    const json a = call("luck", luck);
    REQUIRE(a["ok"] == false);
    CHECK(a["error"]["kind"] == "limit");
    CHECK(a["error"]["message"].get<std::string>().find("how lucky") != std::string::npos);
    CHECK(limited > 0);
    CHECK(stopped > 0);
}

TEST_CASE("tools: S&F's next step of a unit is one answer for the roster and the tools", "[tools]") {
    // warfare::next_step() is the one statement of "the next improvement";
    // the roster's offers (its summary) and marginal value's changes both
    // step by it. Every kind of unit: keywords at each rung, levies, a unit
    // given by its stats, a d12 (no bigger priced size) and a d20.
    const std::vector<json> units = {
        {{"name", "A"}, {"ancestry", "dwarf"}, {"experience", "green"}, {"equipment", "light"}, {"type", "infantry"}, {"size", "d4"}},
        {{"name", "B"}, {"ancestry", "elf"}, {"experience", "super-elite"}, {"equipment", "super-heavy"}, {"type", "archers"}, {"size", "d12"}},
        {{"name", "C"}, {"ancestry", "orc"}, {"experience", "veteran"}, {"equipment", "heavy"}, {"type", "cavalry"}, {"size", "d20"}, {"size_cost_modifier", 3}},
        {{"name", "D"}, {"ancestry", "goblin"}, {"type", "levies"}, {"size", "d6"}},
        {{"name", "E"}, {"ancestry", "goblin"}, {"type", "levies"}, {"equipment", "light"}, {"size", "d8"}},
        {{"name", "F"}, {"type", "infantry"}, {"size", "d10"}, {"attack", 2}, {"power", 2}, {"defense", 12}, {"toughness", 12}, {"morale", 1}},
    };
    const json foe = warfare_1v1()["defender"]["units"][0];
    int compared = 0;
    for (const auto& u : units) {
        INFO(u.dump());
        json unit = u;
        unit.erase("size_cost_modifier");
        const bc::warfare::UnitSpec spec = bc::warfare::parse_unit(bc::In(u, ""), {});
        // The tools: one change per kind that has a next step, else a reason.
        json w = warfare_1v1();
        w["attacker"]["units"] = json::array({u});
        w["defender"]["units"] = json::array({foe});
        w["marginal"] = {{"steps", {"size", "experience", "equipment"}}};
        const json m = call("marginal", w);
        REQUIRE(m["ok"] == true);
        // The roster: its summary's offer of each kind (null where none).
        const json r = call("roster", {{"ruleset", "warfare"}, {"roster", {{"name", "R"}, {"units", json::array()}}},
                                       {"action", {{"type", "add"}, {"unit", u}}}});
        REQUIRE(r["ok"] == true);
        const json& offers = r["summary"]["units"][0]["improve"];
        for (const char* kind : {"size", "experience", "equipment"}) {
            INFO(kind);
            const bc::warfare::NextStep next = bc::warfare::next_step(spec, kind);
            std::string tool_to;
            for (const auto& c : m["changes"])
                if (c["what"] == kind) {
                    const std::string label = c["label"].get<std::string>();
                    tool_to = label.substr(label.rfind("\u2192 ") + 4);
                }
            CHECK(tool_to == next.to);
            const json offer = offers.contains(kind) ? offers[kind] : json();
            CHECK((offer.is_null() ? std::string() : offer["to"].get<std::string>()) == next.to);
            if (next.to.empty()) CHECK_FALSE(next.why.empty());
            ++compared;
        }
    }
    CHECK(compared == 18);
}

}  // namespace file_test_tools

// The API's sampling in blocks, as the page's workers use it: blocks sampled
// apart and merged give exactly the answer of one call sampling them in turn.
#include <catch2/catch.hpp>
#include <map>

#include "api/api.hpp"

using bc::json;

namespace {
json ask(const json& req) { return json::parse(bc::api::odds(req.dump())); }

// Sums raw tallies the way the page's pool does: element by element, series by value.
json merge(const std::vector<json>& parts) {
    json out = parts.at(0);
    for (std::size_t p = 1; p < parts.size(); ++p) {
        const json& t = parts[p];
        out["total"] = out["total"].get<double>() + t["total"].get<double>();
        out["steps"] = out["steps"].get<double>() + t["steps"].get<double>();
        for (const char* k : {"outcomes", "events"})
            for (std::size_t i = 0; i < out[k].size(); ++i) out[k][i] = out[k][i].get<double>() + t[k][i].get<double>();
        for (std::size_t i = 0; i < out["series"].size(); ++i) {
            std::map<std::int64_t, double> m;
            for (const auto& kv : out["series"][i]) m[kv[0].get<std::int64_t>()] += kv[1].get<double>();
            for (const auto& kv : t["series"][i]) m[kv[0].get<std::int64_t>()] += kv[1].get<double>();
            json s = json::array();
            for (const auto& [v, w] : m) s.push_back({v, w});
            out["series"][i] = s;
        }
    }
    return out;
}
}  // namespace

TEST_CASE("api: blocks sampled apart and merged give the one-call answer") {
    const json base = {{"ruleset", "olympia"},
                       {"attacker", {{"nobles", {{{"name", "A"}, {"troops", {{"soldier", 6}, {"archer", 2}}}}}}}},
                       {"defender", {{"nobles", {{{"name", "B"}, {"troops", {{"pikeman", 5}}}}}}}}};
    json one = base;
    one["solver"] = {{"method", "monte-carlo"}, {"trials", 5000}, {"seed", 7}, {"target_halfwidth", 0}};
    const json whole = ask(one);
    REQUIRE(whole["ok"] == true);
    REQUIRE(whole["trials"] == 5000);

    std::vector<json> parts;
    for (int k = 4; k >= 0; --k) {  // in any order: each block is seeded on its own
        json r = base;
        r["solver"] = {{"method", "monte-carlo"}, {"seed", 7}, {"blocks", {{"first", k}, {"count", 1}}}};
        const json a = ask(r);
        REQUIRE(a["ok"] == true);
        REQUIRE(a["method"] == "monte-carlo-blocks");
        REQUIRE(a["tallies"].size() == 1);
        parts.insert(parts.begin(), a["tallies"][0]);
    }
    json fin = base;
    fin["solver"] = {{"method", "monte-carlo"}, {"trials", 5000}, {"seed", 7}, {"target_halfwidth", 0}, {"tally", merge(parts)}};
    const json merged = ask(fin);
    REQUIRE(merged["ok"] == true);
    CHECK(merged["trials"] == 5000);
    CHECK(merged["outcomes"] == whole["outcomes"]);
    CHECK(merged["ci95"] == whole["ci95"]);
    CHECK(merged["sides"] == whole["sides"]);
    CHECK(merged["expected_attacks"] == whole["expected_attacks"]);

    // Two blocks in one call are the same two blocks.
    json two = base;
    two["solver"] = {{"method", "monte-carlo"}, {"seed", 7}, {"blocks", {{"first", 1}, {"count", 2}}}};
    const json a2 = ask(two);
    REQUIRE(a2["tallies"].size() == 2);
    CHECK(a2["tallies"][0] == parts[1]);
    CHECK(a2["tallies"][1] == parts[2]);
}

TEST_CASE("api: deferred sampling says why, and a bad tally names its field") {
    const json base = {{"ruleset", "olympia"},
                       {"attacker", {{"nobles", {{{"name", "A"}, {"troops", {{"soldier", 30}}}}}}}},
                       {"defender", {{"nobles", {{{"name", "B"}, {"troops", {{"soldier", 30}}}}}}}}};
    json r = base;
    r["options"] = {{"attack_order", "engine"}};
    r["solver"] = {{"method", "auto"}, {"max_states", 10}, {"defer_sampling", true}};
    const json a = ask(r);
    REQUIRE(a["ok"] == true);
    CHECK(a["method"] == "deferred");
    // Olympia sees from a rough count that 10 states cannot do, before trying.
    CHECK(a["fallback"]["reason"] == "estimated states");
    CHECK(a["fallback"]["message"].get<std::string>().find("sampled") != std::string::npos);
    CHECK(a["block"] == 1000);
    // An exact answer is never deferred.
    r["solver"]["max_states"] = 1000000;
    r["options"] = json::object();
    CHECK(ask(r)["method"] != "deferred");

    json bad = base;
    bad["solver"] = {{"method", "monte-carlo"}, {"tally", {{"total", 10}, {"steps", 1}, {"outcomes", {1, 2}}, {"events", json::array()}, {"series", json::array()}}}};
    const json e = ask(bad);
    REQUIRE(e["ok"] == false);
    CHECK(e["error"]["kind"] == "input");
    CHECK(e["error"]["path"] == "/solver/tally/outcomes");
}

// The API's sampling in blocks, as the page's workers use it: blocks sampled
// apart and merged give exactly the answer of one call sampling them in turn.
#include <catch2/catch.hpp>
#include <chrono>
#include <limits>
#include <map>

#include "api/answer_text.hpp"
#include "api/api.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_api {

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
        CHECK(a["time_ms"].get<double>() > 0);  // the page adds its workers' times up
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

namespace {
// Wall-clock seconds of one API call.
template <class F>
double seconds(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

json big_warfare() {
    json side = json::array();
    const char* anc[] = {"human", "elf", "dwarf", "orc", "goblin", "kobold", "gnoll", "hobgoblin", "bugbear", "lizardfolk", "gnome", "ogre"};
    for (int i = 0; i < 12; ++i)
        side.push_back({{"name", std::string("U") + std::to_string(i)}, {"ancestry", anc[i]}, {"experience", "regular"},
                        {"equipment", "medium"}, {"type", i % 3 == 0 ? "archers" : "infantry"}, {"size", "d8"}});
    return {{"ruleset", "warfare"}, {"attacker", {{"units", side}}}, {"defender", {{"units", side}}}};
}
json big_olympia() {
    json a = json::array(), d = json::array();
    for (int i = 0; i < 5; ++i) {
        a.push_back({{"name", "A" + std::to_string(i)}, {"break_point", 0}, {"troops", {{"soldier", 20000}, {"archer", 3000}}}});
        d.push_back({{"name", "D" + std::to_string(i)}, {"break_point", 0}, {"troops", {{"pikeman", 20000}, {"knight", 500}}}});
    }
    return {{"ruleset", "olympia"}, {"attacker", {{"nobles", a}}}, {"defender", {{"nobles", d}, {"structure", {{"kind", "castle"}}}}}};
}
json big_bloodied() {
    json units = json::array();
    for (int i = 0; i < 200; ++i)
        units.push_back({{"nation", i % 2 ? "ashen" : "tribunan"}, {"arms", 1000}, {"armour", 600000}, {"size", 1000000}});
    return {{"ruleset", "bloodied-steel"}, {"units", units}};
}
}  // namespace

// time_limit_s bounds every request, exact or sampled, and a roll: each of
// these would run for minutes without it. The slack (2 s over a 0.3 s limit)
// is for a loaded machine and a sanitizer build; a broken bound overshoots by
// far more.
TEST_CASE("api: time_limit_s bounds every request", "[api][bounds]") {
    for (const json& battle : {big_warfare(), big_olympia(), big_bloodied()}) {
        for (const char* method : {"exact", "auto", "monte-carlo"}) {
            if (battle["ruleset"] == "bloodied-steel" && std::string(method) != "monte-carlo") continue;  // always exact and quick
            json r = battle;
            r["solver"] = {{"method", method}, {"time_limit_s", 0.3}, {"trials", 5000000}, {"target_halfwidth", 0},
                           {"max_states", 5000000}};
            json a;
            const double s = seconds([&] { a = ask(r); });
            INFO(battle["ruleset"] << " " << method << ": " << a.dump().substr(0, 300));
            CHECK(s < 2.3);
            if (a["ok"] == true) {
                CHECK(a["method"].get<std::string>().rfind("monte-carlo", 0) == 0);
                CHECK(a["stopped_by"] == "time limit");
            } else {
                CHECK(a["error"]["kind"] == "limit");
            }
        }
        json r = battle;
        r["seed"] = 5;
        r["solver"] = {{"time_limit_s", 0.3}};
        json a;
        const double s = seconds([&] { a = json::parse(bc::api::roll(r.dump())); });
        INFO(battle["ruleset"] << " roll: " << a.dump().substr(0, 300));
        CHECK(s < 2.3);
        if (a["ok"] == false) CHECK(a["error"]["kind"] == "limit");
    }
}

TEST_CASE("api: the memory budget turns an exact solve into a sampled one, and says so", "[api][bounds][heavy][scale]") {
    json r = big_warfare();
    // A generous time limit: the memory budget must be what stops the solve, also under the sanitizers (~5x slower).
    r["solver"] = {{"method", "auto"}, {"max_memory_mb", 16}, {"max_states", 5000000}, {"time_limit_s", 120},
                   {"trials", 100}, {"target_halfwidth", 0}};
    const json a = ask(r);
    REQUIRE(a["ok"] == true);
    CHECK(a["method"].get<std::string>().rfind("monte-carlo", 0) == 0);
    CHECK(a["fallback"]["reason"] == "memory budget");
    r["solver"]["method"] = "exact";
    const json e = ask(r);
    REQUIRE(e["ok"] == false);
    CHECK(e["error"]["kind"] == "limit");
    CHECK(e["error"]["message"].get<std::string>().find("memory budget") != std::string::npos);
}

TEST_CASE("api: exact_time_s bounds auto's exact attempt, then it samples and says why", "[api][bounds]") {
    // Without the cap this attempt would run for a quarter of 60 s (the 12v12 reaches no other budget sooner).
    json r = big_warfare();
    r["solver"] = {{"method", "auto"}, {"exact_time_s", 0.1}, {"time_limit_s", 60}, {"max_states", 5000000},
                   {"max_memory_mb", 768}, {"trials", 200}, {"target_halfwidth", 0}};
    json a;
    const double s = seconds([&] { a = ask(r); });
    INFO(a.dump().substr(0, 400));
    REQUIRE(a["ok"] == true);
    CHECK(a["fallback"]["reason"] == "time limit");
    CHECK(a["fallback"]["message"].get<std::string>().find("exact attempt (0.1 s)") != std::string::npos);
    CHECK(a["trials"] == 200);
    CHECK(s < 10);
    // "exact" ignores it: the whole time limit is the exact solve's (here a short one, so it fails in time).
    r["solver"]["method"] = "exact";
    r["solver"]["time_limit_s"] = 0.3;
    const json e = ask(r);
    CHECK(e["ok"] == false);
    r["solver"]["exact_time_s"] = -1;
    const json bad = ask(r);
    REQUIRE(bad["ok"] == false);
    CHECK(bad["error"]["path"] == "/solver/exact_time_s");
}

// The request is parsed plainly first and, only when a number overflows, again
// with the parser's place tracked: the error still names the field.
TEST_CASE("api: a number too large for a double is blamed on its field", "[api][input]") {
    const std::string unit_a = R"({"name":"a","nation":"ashen","arms":4,"armour":2,"size":5})";
    for (const auto& [text, path] : std::vector<std::pair<std::string, std::string>>{
             {R"({"ruleset":"bloodied-steel","units":[)" + unit_a +
                  R"(,{"name":"b","nation":"tribunan","arms":1e999,"armour":2,"size":5}]})",
              "/units/1/arms"},
             {R"({"ruleset":"bloodied-steel","units":[)" + unit_a + R"(],"solver":{"trials":-2e400}})",
              "/solver/trials"}}) {
        const json a = json::parse(bc::api::odds(text));
        CHECK(a["ok"] == false);
        CHECK(a["error"]["path"] == path);
        CHECK(a["error"]["message"].get<std::string>().find("1.8e308") != std::string::npos);
    }
    // Bad JSON is still said to be bad JSON, with nothing to blame but the text.
    const json bad = json::parse(bc::api::odds(R"({"ruleset":"bloodied-steel","units":[[[)"));
    CHECK(bad["ok"] == false);
    CHECK(bad["error"]["path"] == "");
    CHECK(bad["error"]["message"].get<std::string>().find("not valid JSON") != std::string::npos);
}

// Answers are written by a writer of the API's own (answer_text.cpp), not by
// json::dump(): a whole answer, through the API, must read back as exactly
// what dump() writes, for an answer many times the writer's chunk, with
// characters beyond ASCII and with strings that need escaping.
TEST_CASE("api: an answer's text is the JSON library's own writing of it", "[api]") {
    json units = json::array();
    for (int i = 0; i < 300; ++i)
        units.push_back({{"name", "Légion " + std::to_string(i) + (i % 7 ? "" : " \"d'élite\"\t\\ 🛡")},
                         {"nation", i % 2 ? "ashen" : "tribunan"},
                         {"arms", 20},
                         {"armour", 6600 + i},
                         {"size", 10}});
    const std::string text = bc::api::odds(json{{"ruleset", "bloodied-steel"}, {"units", units}}.dump());
    REQUIRE(text.size() > 65536);
    const json a = json::parse(text);
    REQUIRE(a["ok"] == true);
    CHECK(a["units"][7]["name"] == "Légion 7 \"d'élite\"\t\\ 🛡");
    CHECK(text == a.dump(-1, ' ', false, json::error_handler_t::replace));
    // A small answer too (an error).
    const std::string err = bc::api::odds(R"({"ruleset":"bloodied-steel","units":7})");
    CHECK(err == json::parse(err).dump(-1, ' ', false, json::error_handler_t::replace));
    CHECK(json::parse(err)["ok"] == false);
}

// The answer writer against the library's dump() directly, on every kind of
// value, every single byte in a string (alone and amid printable text), invalid
// UTF-8 in keys and values, and text far larger than the writer's chunk.
TEST_CASE("api: the answer writer writes exactly what json::dump() writes", "[api]") {
    const auto same = [](const json& j) {
        INFO(j.dump(-1, ' ', true, json::error_handler_t::replace));
        CHECK(bc::api::answer_text(j) == j.dump(-1, ' ', false, json::error_handler_t::replace));
    };
    same(json());
    same(json::object());
    same(json::array());
    same(true);
    same(false);
    same(std::numeric_limits<std::int64_t>::min());
    same(std::numeric_limits<std::uint64_t>::max());
    for (double x : {0.0, -0.0, 0.1, 1.0 / 3, -2.5e-300, 1e300, 5e-324, 123456789012345678.0,
                     std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                     -std::numeric_limits<double>::infinity()})
        same(json{{"x", x}, {"list", {x, x}}});
    for (int b = 0; b < 256; ++b) {
        const std::string one(1, static_cast<char>(b));
        same(one);
        same(json{{"key " + one + " end", "value " + one + " end"}, {"a", {one, 7}}});
    }
    same(json{{"\xff\xfe bad key", "caf\xc3 truncated"}, {"ok", "caf\xc3\xa9 \xf0\x9f\x9b\xa1"}, {"e", json::object()}});
    json big = json::object();
    for (int i = 0; i < 5000; ++i)
        big[std::to_string(i)] = {{"p", i / 7.0}, {"n", -i}, {"name", "Unit " + std::to_string(i) + (i % 97 ? "" : " \"q\"\n")}};
    big["long"] = std::string(100000, 'x');
    const std::string text = bc::api::answer_text(big);
    REQUIRE(text.size() > 3 * (1 << 14));
    same(big);
}

}  // namespace file_test_api

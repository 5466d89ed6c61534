// Strongholds & Followers army roster: recovery, size growth through the dice,
// levies, improvement, upkeep, each with numbers worked by hand from the
// book's tables, and the walkthrough in tests/fixtures/roster-walkthrough.json
// that the browser test replays.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "api/api.hpp"
#include "json/input.hpp"
#include "warfare/roster/roster.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_roster {

using bc::json;

namespace {

json call(const json& req) { return json::parse(bc::api::call("roster", req.dump())); }

struct Run {
    json roster = {{"name", "Test"}, {"units", json::array()}};
    json options = json::object();
    json last;

    json act(const json& action) {
        last = call({{"ruleset", "warfare"}, {"roster", roster}, {"action", action}, {"options", options}});
        INFO(action.dump());
        INFO(last.dump().substr(0, 2000));
        REQUIRE(last["ok"] == true);
        if (last.contains("roster")) roster = last["roster"];
        return last;
    }
    json error(const json& action) {
        const json out = call({{"ruleset", "warfare"}, {"roster", roster}, {"action", action}, {"options", options}});
        INFO(out.dump().substr(0, 2000));
        REQUIRE(out["ok"] == false);
        return out["error"];
    }
    std::string add(const json& unit, bool buy = false) {
        act({{"type", "add"}, {"unit", unit}, {"buy", buy}});
        return roster["units"].back()["id"].get<std::string>();
    }
    json unit(const std::string& id) const {
        for (const auto& u : last["summary"]["units"])
            if (u["id"] == id) return u;
        return nullptr;
    }
    int day() const { return roster["clock"]["day"].get<int>(); }
};

json kw(const char* name, const char* anc, const char* exp, const char* eq, const char* type, const char* size) {
    json u = {{"name", name}, {"ancestry", anc}, {"type", type}, {"size", size}};
    if (*exp) u["experience"] = exp;
    if (*eq) u["equipment"] = eq;
    return u;
}

json fought(const std::string& id, int final, bool removed = false, bool broke = false, bool retreated = false) {
    return {{"id", id}, {"final", final}, {"removed", removed}, {"broke_morale", broke}, {"retreated", retreated}};
}

json battle(std::initializer_list<json> units) { return {{"type", "battle"}, {"units", json(units)}}; }
json days(int n) { return {{"type", "advance"}, {"days", n}}; }

}  // namespace

TEST_CASE("roster: Lindsay's d8 heavy infantry recovers to a d6 (S&F Unit Recovery)", "[warfare][roster]") {
    Run r;
    // Human Regular Heavy Infantry: A3 P4 D5 T2 M2; (14 + 4) x 1.33 x 10 = 239.4 + 80 = 319.4 -> 319.
    const auto id = r.add(kw("Lindsay's foot", "human", "regular", "heavy", "infantry", "d8"));
    CHECK(r.unit(id)["cost"] == 319);
    CHECK(r.unit(id)["upkeep"] == 32);  // 31.94
    r.act(battle({fought(id, 5)}));     // three casualties: size 5
    CHECK(r.unit(id)["casualties"] == 5);
    CHECK(r.unit(id)["size"] == 8);
    // Fielded again the same day: at 5.
    const json army = r.act("army");
    REQUIRE(army["units"].size() == 1);
    CHECK(army["units"][0]["casualties"] == 5);
    CHECK(army["units"][0]["id"] == id);
    CHECK(army["units"][0]["size"] == "d8");
    // The next day it recovers one: 6, a d6, which is its new size: 18 x 10 + 80 = 260, upkeep 26.
    r.act(days(1));
    CHECK(r.unit(id)["size"] == 6);
    CHECK(r.unit(id)["casualties"] == 6);
    CHECK(r.unit(id)["wounded"] == false);
    CHECK(r.unit(id)["cost"] == 260);
    CHECK(r.unit(id)["upkeep"] == 26);
    CHECK(r.unit(id)["label"] == "Human Regular Heavy Infantry d6");
    bool resized = false;
    for (const auto& e : r.last["events"]) resized = resized || e["type"] == "resize";
    CHECK(resized);
    // And stops recovering.
    r.act(days(30));
    CHECK(r.unit(id)["size"] == 6);
    CHECK(r.unit(id)["casualties"] == 6);
}

TEST_CASE("roster: a wounded unit grows one a week until it reaches a casualty die", "[warfare][roster]") {
    Run r;
    const auto id = r.add(kw("Wall", "dwarf", "regular", "medium", "infantry", "d12"));
    r.act(battle({fought(id, 1)}));  // day 1
    r.act(days(1));                  // day 2: the day after, 2
    CHECK(r.unit(id)["casualties"] == 2);
    r.act(days(5));  // day 7: six days after the battle, nothing more
    CHECK(r.unit(id)["casualties"] == 2);
    r.act(days(1));  // day 8: a week after the battle, 3
    CHECK(r.day() == 8);
    CHECK(r.unit(id)["casualties"] == 3);
    CHECK(r.unit(id)["size"] == 12);
    r.act({{"type", "advance"}, {"weeks", 1}});  // day 15: 4, a d4: the unit's size now
    CHECK(r.unit(id)["casualties"] == 4);
    CHECK(r.unit(id)["size"] == 4);
    r.act({{"type", "advance"}, {"weeks", 3}});
    CHECK(r.unit(id)["size"] == 4);

    // Left on a die's value by the battle, the day-after casualty still comes
    // back, and the unit grows on to its own die: d8 at 6 -> 7 (day after) -> 8.
    Run s;
    const auto b = s.add(kw("Band", "human", "regular", "light", "infantry", "d8"));
    s.act(battle({fought(b, 6)}));
    s.act(days(1));
    CHECK(s.unit(b)["casualties"] == 7);
    CHECK(s.unit(b)["size"] == 8);
    s.act(days(6));
    CHECK(s.unit(b)["casualties"] == 8);
    CHECK(s.unit(b)["size"] == 8);
    CHECK(s.unit(b)["wounded"] == false);

    // d12 left at 9: the day after it is 10, a d10. d10 left at 5: 6, a d6.
    Run t;
    const auto c = t.add(kw("Big", "human", "regular", "light", "infantry", "d12"));
    const auto d = t.add(kw("Mid", "elf", "regular", "light", "infantry", "d10"));
    t.act(battle({fought(c, 9), fought(d, 5)}));
    t.act(days(1));
    CHECK(t.unit(c)["size"] == 10);
    CHECK(t.unit(d)["size"] == 6);
    // Human Regular Light Infantry: A3 P1 D2 T2 M2 = 12 points; d12 2 -> d10 1.66:
    // 12 x 1.66 x 10 + 80 = 279.2 -> 279, upkeep 27.92 -> 28.
    CHECK(t.unit(c)["cost"] == 279);
    CHECK(t.unit(c)["upkeep"] == 28);
}

TEST_CASE("roster: a second battle before recovery starts at the current level and restarts the week",
          "[warfare][roster]") {
    Run r;
    const auto id = r.add(kw("Pikes", "human", "regular", "light", "infantry", "d12"));
    r.act(battle({fought(id, 8)}));  // day 1; 8 is a d8 face but nothing settles without recovery
    r.act(battle({fought(id, 7)}));  // the same day, from 8
    CHECK(r.unit(id)["casualties"] == 7);
    CHECK(r.unit(id)["size"] == 12);
    r.act(days(1));  // day 2: 8, a d8
    CHECK(r.unit(id)["size"] == 8);
}

TEST_CASE("roster: levies disband, stay, or become Green Infantry", "[warfare][roster]") {
    const json levy = kw("Farmers", "human", "", "", "levies", "d8");
    SECTION("survivors become Green Infantry by default") {
        Run r;
        const auto id = r.add(levy);
        // Human Levies d8: A2 M0, 2 x 0.75 x 1.33 x 10 = 19.95 + 80 = 99.95 -> 100; no upkeep.
        CHECK(r.unit(id)["cost"] == 100);
        CHECK(r.unit(id)["upkeep"].is_null());
        r.act(battle({fought(id, 3)}));
        // Human Green Light Infantry d8: A2 P1 D2 T1 M1, 8 x 1.33 x 10 = 106.4 + 80 = 186.4 -> 186, upkeep 19.
        CHECK(r.unit(id)["label"] == "Human Green Light Infantry d8");
        CHECK(r.unit(id)["casualties"] == 3);
        CHECK(r.unit(id)["cost"] == 186);
        CHECK(r.unit(id)["upkeep"] == 19);
        CHECK(r.unit(id)["battles"] == 1);
        CHECK(r.unit(id)["card"]["always_diminished"] == false);
        CHECK(r.last["gold"] == 0);
    }
    SECTION("option: survivors go home") {
        Run r;
        r.options = {{"levy_survivors", "disband"}};
        const auto id = r.add(levy);
        r.act(battle({fought(id, 3)}));
        CHECK(r.roster["units"].empty());
    }
    SECTION("per unit: a battle result may say not to convert") {
        Run r;
        const auto id = r.add(levy);
        json f = fought(id, 3);
        f["convert"] = false;
        r.act(battle({f}));
        CHECK(r.roster["units"].empty());
    }
    SECTION("removed levies are gone") {
        Run r;
        const auto id = r.add(levy);
        r.act(battle({fought(id, 0, true)}));
        CHECK(r.roster["units"].empty());
    }
    SECTION("option: levies stay two days, fight again, then convert") {
        Run r;
        r.options = {{"levy_stay_days", 2}};
        const auto id = r.add(levy);
        r.act(battle({fought(id, 5)}));  // day 1: they stay to the end of day 3
        CHECK(r.unit(id)["levy_until"] == 3);
        CHECK(r.unit(id)["label"] == "Human Levies d8");
        r.act(days(2));  // day 3: 5 -> 6 (day 2, a d6: the levy's size now)
        CHECK(r.unit(id)["label"] == "Human Levies d6");
        r.act(battle({fought(id, 4)}));  // day 3
        CHECK(r.unit(id)["levy_until"] == 3);
        r.act(days(1));  // day 4: they leave, as Green Infantry, and recover one
        CHECK(r.unit(id)["label"] == "Human Green Light Infantry d6");
        CHECK(r.unit(id)["casualties"] == 5);
        CHECK(r.unit(id)["levy_until"].is_null());
    }
    SECTION("a converted levy with the keywords of a unit already kept is flagged") {
        Run r;
        r.add(kw("Old greens", "human", "green", "light", "infantry", "d4"));
        const auto id = r.add(levy);
        r.act(battle({fought(id, 2)}));
        bool flagged = false;
        for (const auto& e : r.last["events"])
            if (e["type"] == "convert") flagged = e["text"].get<std::string>().find("same keywords") != std::string::npos;
        CHECK(flagged);
    }
}

TEST_CASE("roster: removed, retreated and broken units", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("A", "human", "regular", "light", "infantry", "d6"));
    const auto b = r.add(kw("B", "elf", "regular", "light", "infantry", "d6"));
    const auto c = r.add(kw("C", "dwarf", "regular", "light", "infantry", "d6"));
    const auto d = r.add(kw("D", "orc", "regular", "light", "infantry", "d6"));
    r.act(battle({fought(a, 0, true), fought(b, 3, true, false, true), fought(c, 2, false, true), fought(d, 6)}));
    CHECK(r.unit(a).is_null());                 // removed: lost (removed_units: disband)
    CHECK(r.unit(b)["casualties"] == 3);        // retreated with soldiers left: kept
    CHECK(r.unit(b)["battles"] == 0);           // but a retreat does not count towards experience
    CHECK(r.unit(c)["battles"] == 0);           // nor does breaking morale
    CHECK(r.unit(d)["battles"] == 1);
    CHECK(r.unit(d)["recover_day"].is_null());  // unhurt

    Run s;
    s.options = {{"removed_units", "reform"}};
    const auto e = s.add(kw("E", "human", "regular", "light", "infantry", "d6"));
    s.act(battle({fought(e, 0, true)}));
    CHECK(s.unit(e)["casualties"] == 1);
    CHECK(s.unit(e)["battles"] == 0);
    s.act(days(1));  // 2
    s.act(days(6));  // day 8: 3
    CHECK(s.unit(e)["casualties"] == 3);
    s.act(days(7));  // 4, a d4
    CHECK(s.unit(e)["size"] == 4);
}

TEST_CASE("roster: improvement costs and eligibility", "[warfare][roster]") {
    Run r;
    // Human Regular Medium Infantry d6 = 220 (the book's card).
    const auto id = r.add(kw("Guard", "human", "regular", "medium", "infantry", "d6"));
    CHECK(r.unit(id)["cost"] == 220);
    // Offers: Seasoned (240, +20) not yet eligible; Heavy: A3 P4 D5 T2 M2 = 18 x 10 + 80 = 260, +40;
    // d8: 14 x 1.33 x 10 + 80 = 266.2, +46.2 -> 46.
    const json offers = r.unit(id)["improve"];
    CHECK(offers["experience"]["to"] == "seasoned");
    CHECK(offers["experience"]["cost"] == 20);
    CHECK(offers["experience"]["eligible"] == false);
    CHECK(offers["equipment"]["to"] == "heavy");
    CHECK(offers["equipment"]["cost"] == 40);
    CHECK(offers["equipment"]["eligible"] == true);
    CHECK(offers["size"]["to"] == "d8");
    CHECK(offers["size"]["cost"] == 46);

    json err = r.error({{"type", "improve"}, {"id", id}, {"improve", {{"experience", "seasoned"}}}});
    CHECK(err["path"] == "/action/improve/experience");
    CHECK(err["message"].get<std::string>().find("two battles") != std::string::npos);

    // Two battles survived, one of them a retreat: still one short.
    r.act(battle({fought(id, 6)}));
    r.act(battle({fought(id, 6, true, false, true)}));
    r.error({{"type", "improve"}, {"id", id}, {"improve", {{"experience", "seasoned"}}}});
    r.act(battle({fought(id, 6)}));
    CHECK(r.unit(id)["improve"]["experience"]["eligible"] == true);
    r.act({{"type", "improve"}, {"id", id}, {"improve", {{"experience", "seasoned"}}}});
    CHECK(r.last["gold"] == 20);
    CHECK(r.unit(id)["cost"] == 240);
    CHECK(r.unit(id)["battles"] == 0);
    CHECK(r.unit(id)["training_until"] == r.day() + 7);
    // Skipping a level is refused.
    err = r.error({{"type", "improve"}, {"id", id}, {"improve", {{"experience", "elite"}}}});
    CHECK(err["path"] == "/action/improve/experience");

    // Equipment once a season. Seasoned Heavy Infantry d6: A3 P4 D5 T2 M3 = 14 + 6 = 20 points,
    // 200 + 80 = 280; 280 - 240 = 40.
    r.act({{"type", "improve"}, {"id", id}, {"improve", {{"equipment", "heavy"}}}});
    CHECK(r.last["gold"] == 40);
    CHECK(r.unit(id)["cost"] == 280);
    err = r.error({{"type", "improve"}, {"id", id}, {"improve", {{"equipment", "super-heavy"}}}});
    CHECK(err["path"] == "/action/improve/equipment");
    CHECK(err["message"].get<std::string>().find("this season") != std::string::npos);
    // Size one die at a time: d8 = 20 x 1.33 x 10 + 80 = 346; 346 - 280 = 66.
    err = r.error({{"type", "improve"}, {"id", id}, {"improve", {{"size", "d10"}}}});
    CHECK(err["path"] == "/action/improve/size");
    r.act({{"type", "improve"}, {"id", id}, {"improve", {{"size", "d8"}}}});
    CHECK(r.last["gold"] == 66);
    CHECK(r.unit(id)["casualties"] == 8);
    CHECK(r.last["summary"]["spent"] == 20 + 40 + 66);
    CHECK(r.roster["ledger"].size() == 3);
    r.error({{"type", "improve"}, {"id", id}, {"improve", {{"size", "d10"}}}});

    // A new season allows equipment again. Seasoned Super-heavy Infantry d8: A3 P6 D7 T2 M3 = 24 points,
    // 24 x 1.33 x 10 + 80 = 399.2; 399.2 - 346 = 53.2 -> 53.
    r.act({{"type", "season"}, {"pay", true}});
    r.act({{"type", "improve"}, {"id", id}, {"improve", {{"equipment", "super-heavy"}}}});
    CHECK(r.last["gold"] == 53);

    SECTION("option: improvement_limits warn allows a second size step in a season, with a note") {
        r.options = {{"improvement_limits", "warn"}};
        r.act({{"type", "improve"}, {"id", id}, {"improve", {{"size", "d10"}}}});
        r.act({{"type", "improve"}, {"id", id}, {"improve", {{"size", "d12"}}}});
        const std::string text = r.last["events"].back()["text"].get<std::string>();
        CHECK(text.find("against the book") != std::string::npos);
    }
}

TEST_CASE("roster: upkeep paid, unpaid, owed and disbanding", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Guard", "human", "regular", "medium", "infantry", "d6"));  // 220: upkeep 22
    json merc = kw("Blades", "elf", "regular", "light", "archers", "d4");
    merc["mercenary"] = true;
    // Elf Regular Light Archers d4: A3 P2 D1 T1 M3 = 13 x 1.75 x 0.66 x 10 = 150.15 + Eternal 50 + 30 = 230.15
    // -> 230; mercenaries pay twice the tenth: 46.03 -> 46.
    const auto m = r.add(merc, true);
    CHECK(r.last["gold"] == 230);
    CHECK(r.unit(m)["upkeep"] == 46);
    const auto l = r.add(kw("Levy", "human", "", "", "levies", "d6"));
    CHECK(r.last["summary"]["upkeep_due"] == 22 + 46);  // levies are not kept on upkeep

    r.act({{"type", "season"}, {"pay", true}});
    CHECK(r.last["gold"] == 68);
    CHECK(r.roster["clock"]["season"] == 2);
    r.act({{"type", "season"}, {"pay", {{a, false}, {m, false}}}});
    CHECK(r.last["gold"] == 0);
    CHECK(r.unit(a)["unpaid"] == true);
    CHECK(r.unit(a)["card"]["unpaid"] == true);
    CHECK(r.unit(l)["unpaid"] == false);
    CHECK(r.last["summary"]["upkeep_due"] == 2 * 68);
    const json army = r.act("army");
    for (const auto& u : army["units"]) CHECK(u["unpaid"] == (u["id"] != l));
    // Pay the guard (with the season owed), leave the mercenaries: they go.
    r.act({{"type", "season"}, {"pay", {{a, true}, {m, false}}}});
    CHECK(r.last["gold"] == 44);
    CHECK(r.unit(m).is_null());
    CHECK(r.unit(a)["unpaid"] == false);
    CHECK(r.last["summary"]["spent"] == 230 + 68 + 44);

    SECTION("option: arrears are not owed") {
        r.options = {{"pay_arrears", false}};
        r.act({{"type", "season"}, {"pay", false}});
        r.act({{"type", "season"}, {"pay", true}});
        CHECK(r.last["gold"] == 22);
    }
    SECTION("option: three unpaid seasons before disbanding") {
        r.options = {{"unpaid_disband", 3}};
        r.act({{"type", "season"}, {"pay", false}});
        r.act({{"type", "season"}, {"pay", false}});
        CHECK(r.unit(a)["unpaid_seasons"] == 2);
        r.act({{"type", "season"}, {"pay", false}});
        CHECK(r.unit(a).is_null());
    }
}

TEST_CASE("roster: units are added, renamed and deleted with stable ids", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("A", "human", "regular", "light", "infantry", "d6"));
    const auto b = r.add(kw("B", "elf", "regular", "light", "infantry", "d6"));
    CHECK(a == "u1");
    CHECK(b == "u2");
    r.act({{"type", "delete"}, {"id", a}});
    const auto c = r.add(kw("C", "dwarf", "regular", "light", "infantry", "d6"));
    CHECK(c == "u3");  // ids are never reused
    r.act({{"type", "rename"}, {"id", b}, {"name", "Silver <b>leaves</b>"}});
    CHECK(r.unit(b)["name"] == "Silver <b>leaves</b>");
    r.act({{"type", "rename"}, {"name", "Second host"}});
    CHECK(r.roster["name"] == "Second host");
    // One unit per keywords on a roster.
    json err = r.error({{"type", "add"}, {"unit", kw("C2", "dwarf", "regular", "light", "infantry", "d8")}});
    CHECK(err["path"] == "/action/unit");
    // The unit's id travels into a battle army and is accepted by the unit builder.
    const json card = json::parse(bc::api::call(
        "unit", json({{"ruleset", "warfare"}, {"unit", {{"id", "u9"}, {"ancestry", "human"}, {"experience", "green"},
                                                        {"equipment", "light"}, {"type", "infantry"}, {"size", "d6"}}}})
                    .dump()));
    CHECK(card["card"]["unit"]["id"] == "u9");
}

TEST_CASE("roster: bad input names the field", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("A", "human", "regular", "light", "infantry", "d6"));
    CHECK(r.error({{"type", "delete"}, {"id", "nope"}})["path"] == "/action/id");
    CHECK(r.error(battle({fought(a, 7)}))["path"] == "/action/units/0/final");
    CHECK(r.error(battle({fought("zz", 1)}))["path"] == "/action/units/0/id");
    CHECK(r.error(battle({fought(a, 1), fought(a, 2)}))["path"] == "/action/units/1/id");
    CHECK(r.error({{"type", "advance"}, {"days", 0}})["path"] == "/action/days");
    CHECK(r.error({{"type", "season"}, {"pay", {{"u7", true}}}})["path"] == "/action/pay/u7");
    CHECK(r.error({{"type", "jump"}})["path"] == "/action/type");
    r.options = {{"levy_stay_days", 99}};
    CHECK(r.error("status")["path"] == "/options/levy_stay_days");
    r.options = {{"nonsense", 1}};
    CHECK(r.error("status")["path"] == "/options/nonsense");
    r.options = json::object();
    json bad = r.roster;
    bad["units"][0]["casualties"] = 9;
    const json out = call({{"ruleset", "warfare"}, {"roster", bad}, {"action", "status"}});
    CHECK(out["error"]["path"] == "/roster/units/0/casualties");
    bad = r.roster;
    bad["units"].push_back(bad["units"][0]);
    CHECK(call({{"ruleset", "warfare"}, {"roster", bad}, {"action", "status"}})["error"]["path"] ==
          "/roster/units/1/id");
    // The roster read back is the roster written: reading twice changes nothing.
    const json again = call({{"ruleset", "warfare"}, {"roster", r.roster}, {"action", "status"}});
    CHECK(again["roster"] == r.roster);
}

TEST_CASE("roster: rules() lists the roster options with defaults", "[warfare][roster]") {
    const json rules = json::parse(bc::api::rules(json({{"ruleset", "warfare"}}).dump()));
    INFO(rules.dump().substr(0, 500));
    const json* w = rules.contains("rulesets") ? &rules["rulesets"]["warfare"] : &rules;
    std::set<std::string> ids;
    for (const auto& o : (*w)["roster_options"]) {
        ids.insert(o["id"].get<std::string>());
        CHECK(o.contains("default"));
        CHECK(!o["text"].get<std::string>().empty());
    }
    CHECK(ids == std::set<std::string>{"levy_stay_days", "levy_survivors", "removed_units", "improvement_limits",
                                       "unpaid_disband", "pay_arrears", "training_blocks_battle"});
}

TEST_CASE("roster: the walkthrough fixture, step by step", "[warfare][roster]") {
    const auto path = std::filesystem::path(BC_SOURCE_DIR) / "tests" / "fixtures" / "roster-walkthrough.json";
    std::ifstream in(path);
    REQUIRE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    const json fx = json::parse(ss.str());
    Run r;
    r.roster = fx["roster"];
    r.options = fx["options"];
    int steps = 0;
    for (const auto& step : fx["steps"]) {
        INFO("step " << steps << ": " << step["title"].get<std::string>());
        const json out = r.act(step["action"]);
        const json& ex = step["expect"];
        if (ex.contains("army")) {
            std::set<std::string> seen;
            for (const auto& u : out["units"]) {
                const std::string id = u["id"].get<std::string>();
                seen.insert(id);
                REQUIRE(ex["army"].contains(id));
                for (const auto& [k, v] : ex["army"][id].items()) CHECK(u[k] == v);
            }
            CHECK(seen.size() == ex["army"].size());
        }
        if (ex.contains("gold")) CHECK(out["gold"] == ex["gold"]);
        if (ex.contains("spent")) CHECK(out["summary"]["spent"] == ex["spent"]);
        if (ex.contains("upkeep_due")) CHECK(out["summary"]["upkeep_due"] == ex["upkeep_due"]);
        for (const char* k : {"day", "week", "season"})
            if (ex.contains(k)) CHECK(r.roster["clock"][k] == ex[k]);
        if (ex.contains("units")) {
            CHECK(out["summary"]["units"].size() == ex["units"].size());
            for (const auto& [id, fields] : ex["units"].items()) {
                const json u = r.unit(id);
                INFO("unit " << id);
                REQUIRE(!u.is_null());
                for (const auto& [k, v] : fields.items()) CHECK(u[k] == v);
            }
        }
        ++steps;
    }
    CHECK(steps == 16);
}

TEST_CASE("roster: a week of training, and what a battle army leaves out", "[warfare][roster]") {
    Run r;
    const auto id = r.add(kw("Guard", "human", "regular", "medium", "infantry", "d6"));
    r.add(kw("Bows", "elf", "regular", "light", "archers", "d4"));
    r.act(battle({fought(id, 6)}));
    r.act(battle({fought(id, 6)}));
    r.act({{"type", "improve"}, {"id", id}, {"improve", {{"experience", "seasoned"}}}});
    CHECK(r.unit(id)["training_until"] == 8);
    CHECK(r.act("army")["units"].size() == 2);  // by default the week is only recorded
    r.options = {{"training_blocks_battle", true}};
    json army = r.act("army");
    CHECK(army["units"].size() == 1);
    REQUIRE(army["skipped"].size() == 1);
    CHECK(army["skipped"][0]["id"] == id);
    r.act(days(6));  // day 7: still training
    CHECK(r.act("army")["units"].size() == 1);
    r.act(days(1));  // day 8: done
    CHECK(r.unit(id)["training_until"].is_null());
    army = r.act("army");
    CHECK(army["units"].size() == 2);
    // The army's units are battle units: the builder reads each back unchanged.
    for (const auto& u : army["units"]) {
        const json card = json::parse(bc::api::call("unit", json({{"ruleset", "warfare"}, {"unit", u}}).dump()));
        INFO(card.dump().substr(0, 400));
        REQUIRE(card["ok"] == true);
        CHECK(card["card"]["unit"] == u);
    }
}

TEST_CASE("roster: buying follows the attitude; a hostile ancestry will not sell", "[warfare][roster]") {
    Run r;
    json u = kw("Hired", "orc", "regular", "light", "infantry", "d6");
    u["attitude"] = "neutral";
    // Orc Regular Light Infantry: Orc 2/1/1/1/2 + Regular 1/0/0/1/1 + Light 0/1/1/0/0 + Infantry 0/0/1/1/0
    // = A3 P2 D3 T3 M3: 11 + 6 = 17 x 10 + Savage 50 + 30 = 250; neutral pays x1.5 = 375, upkeep 37.5 -> 38.
    const auto id = r.add(u, true);
    CHECK(r.last["gold"] == 375);
    CHECK(r.unit(id)["upkeep"] == 38);
    json h = kw("Foes", "goblin", "regular", "light", "infantry", "d6");
    h["attitude"] = "hostile";
    CHECK(r.error({{"type", "add"}, {"unit", h}, {"buy", true}})["path"] == "/action/buy");
}

TEST_CASE("roster: a real roll's units go straight back into their roster", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    const auto b = r.add(kw("Bows", "elf", "regular", "light", "archers", "d8"));
    const json army = r.act({{"type", "army"}});
    REQUIRE(army["units"].size() == 2);
    const json req = {{"ruleset", "warfare"}, {"seed", 7},
                      {"attacker", {{"units", army["units"]}}},
                      {"defender", {{"units", json::array({kw("Red Fangs", "orc", "regular", "medium", "infantry", "d6")})}}}};
    const json roll = json::parse(bc::api::roll(req.dump()));
    REQUIRE(roll["ok"] == true);
    json mine = json::array();
    for (const auto& u : roll["units"])
        if (u["side"] == "attacker") mine.push_back(u);
    REQUIRE(mine.size() == 2);
    CHECK(mine[0]["id"] == a);
    CHECK(mine[1]["id"] == b);
    r.act({{"type", "battle"}, {"side", "attacker"}, {"units", mine}});
    // Each unit ends where the roll left it (or leaves the roster when removed),
    // and one that kept its morale and the field has a battle to its name.
    for (const auto& u : mine) {
        const json now = r.unit(u["id"].get<std::string>());
        if (u["removed"] == true) {
            CHECK(now.is_null());
            continue;
        }
        REQUIRE_FALSE(now.is_null());
        CHECK(now["casualties"] == u["final"]);
        CHECK(now["battles"] == (u["broke_morale"] == false && u["retreated"] == false ? 1 : 0));
    }
}

TEST_CASE("roster: a rolled battle names its roll and must start from the roster's dice", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    const auto b = r.add(kw("Bows", "elf", "regular", "light", "archers", "d8"));
    const json army = r.act({{"type", "army"}});
    const json req = {{"ruleset", "warfare"}, {"seed", 31},
                      {"attacker", {{"units", army["units"]}}},
                      {"defender", {{"units", json::array({kw("Red Fangs", "orc", "regular", "medium", "infantry", "d6")})}}}};
    const json roll = json::parse(bc::api::roll(req.dump()));
    REQUIRE(roll["ok"] == true);
    json mine = json::array();
    for (const auto& u : roll["units"])
        if (u["side"] == "attacker") mine.push_back(u);
    const json named = {{"seed", 31}, {"dice", roll["dice"]}};
    // The same roll, applied after the roster moved on: refused, naming the unit's start.
    Run moved = r;
    moved.act(battle({fought(a, 3)}));
    const json e = moved.error({{"type", "battle"}, {"side", "attacker"}, {"units", mine}, {"roll", named}});
    CHECK(e["path"] == "/action/units/0/start");
    CHECK(e["message"] == "the roll started this unit at 6, but the roster has it at 3: roll again from the roster's armies");
    // A roll must say where each unit started.
    json bare = mine;
    bare[0].erase("start");
    CHECK(r.error({{"type", "battle"}, {"side", "attacker"}, {"units", bare}, {"roll", named}})["path"] ==
          "/action/units/0/start");
    // Applied from the roster's current dice: the event and the kept record name the roll.
    r.act({{"type", "battle"}, {"side", "attacker"}, {"units", mine}, {"roll", named}});
    const std::string text = "A battle on day 1 (rolled: seed 31, dice version 2): 2 units of the roster fought, "
                             "starting from Shields 6, Bows 8.";
    bool said = false;
    for (const auto& ev : r.last["events"]) said = said || ev["text"] == text;
    CHECK(said);
    REQUIRE(r.roster["battles"].size() == 1);
    CHECK(r.roster["battles"][0]["text"] == text);
    CHECK(r.roster["battles"][0]["seed"] == 31);
    CHECK(r.roster["battles"][0]["dice"] == 2);
    CHECK(r.roster["battles"][0]["start"] == json({{a, 6}, {b, 8}}));
    // A battle entered by hand is kept too, without a roll; the list survives a round trip.
    r.act(battle({fought(b, 5)}));
    REQUIRE(r.roster["battles"].size() == 2);
    CHECK_FALSE(r.roster["battles"][1].contains("seed"));
    const json kept = r.roster["battles"];
    const json again = r.act({{"type", "status"}});
    CHECK(again["roster"]["battles"] == kept);
}

TEST_CASE("roster: the kept battles are bounded, the oldest dropped", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    json many = json::array();
    for (int i = 0; i < 500; ++i) many.push_back({{"day", 1}, {"season", 1}, {"text", "old " + std::to_string(i)}});
    r.roster["battles"] = many;
    r.act(battle({fought(a, 5)}));
    REQUIRE(r.roster["battles"].size() == 500);
    CHECK(r.roster["battles"][0]["text"] == "old 1");
    CHECK(r.roster["battles"][499]["text"].get<std::string>().rfind("A battle on day 1", 0) == 0);
    many.push_back({{"day", 1}, {"season", 1}, {"text", "one too many"}});
    r.roster["battles"] = many;
    CHECK(r.error({{"type", "status"}})["path"] == "/roster/battles");
}

// ---- the kept battle (for "How lucky was this?") ----

namespace {

// The roster's army rolled against an orc unit, as the battle page does it.
struct Rolled {
    json request, answer;
    json action(const char* side = "attacker") const {
        json battle = request;
        return {{"type", "battle"}, {"side", side}, {"units", answer["units"]}, {"outcome", answer["outcome"]},
                {"roll", {{"seed", answer["seed"]}, {"dice", answer["dice"]}}}, {"battle", battle}};
    }
};

Rolled roll_roster(Run& r, int seed) {
    const json army = r.act({{"type", "army"}});
    Rolled x;
    x.request = {{"ruleset", "warfare"}, {"seed", seed}, {"solver", {{"method", "auto"}}},
                 {"attacker", {{"units", army["units"]}}},
                 {"defender", {{"units", json::array({kw("Red Fangs", "orc", "regular", "medium", "infantry", "d6"),
                                                      kw("Grey Bows", "goblin", "green", "light", "archers", "d4")})}}}};
    x.answer = json::parse(bc::api::roll(x.request.dump()));
    REQUIRE(x.answer["ok"] == true);
    return x;
}

// Errors of a direct roster_call (the small-limit tests call it with lower bounds).
std::pair<std::string, std::string> direct_error(const json& req, const bc::warfare::RosterBounds& b) {
    try {
        bc::warfare::roster_call(bc::In(req, ""), b);
    } catch (const bc::InputError& e) {
        return {e.path(), e.what()};
    }
    return {"", "no error"};
}

}  // namespace

TEST_CASE("roster: a rolled battle keeps its battle, each unit's final die, the side and the outcome",
          "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    const auto b = r.add(kw("Bows", "elf", "regular", "light", "archers", "d8"));
    const Rolled x = roll_roster(r, 5);
    r.act(x.action());
    REQUIRE(r.roster["battles"].size() == 1);
    const json rec = r.roster["battles"][0];
    CHECK(rec["side"] == "attacker");
    CHECK(rec["outcome"] == x.answer["outcome"]);
    // Every unit's final die as the roll left it, by side in the battle's order,
    // and the roster's own units by id.
    json att = json::array(), def = json::array(), mine = json::object();
    for (const auto& u : x.answer["units"]) {
        (u["side"] == "attacker" ? att : def).push_back(u["final"]);
        if (u.contains("id")) mine[u["id"].get<std::string>()] = u["final"];
    }
    CHECK(rec["result"] == json({{"attacker", att}, {"defender", def}}));
    CHECK(rec["final"] == mine);
    CHECK(rec["start"] == json({{a, 6}, {b, 8}}));
    // The battle is the one rolled, without its seed and solver, its rules version pinned.
    json expect = x.request;
    expect.erase("seed");
    expect.erase("solver");
    expect["rules_version"] = x.answer["rules_version"];
    CHECK(rec["battle"] == expect);
    // And it is a battle: the odds of the kept one are the odds of the one rolled.
    const json o1 = json::parse(bc::api::odds(x.request.dump()));
    const json o2 = json::parse(bc::api::odds(rec["battle"].dump()));
    REQUIRE(o1["ok"] == true);
    REQUIRE(o2["ok"] == true);
    CHECK(o1["outcomes"] == o2["outcomes"]);
    // Read back as it was written; a record of the old kind (no battle) reads as before.
    const json again = r.act({{"type", "status"}});
    CHECK(again["roster"]["battles"] == r.roster["battles"]);
    const json old = {{"day", 1}, {"season", 1}, {"text", "old"}, {"seed", 3}, {"dice", 2}, {"start", {{a, 6}}}};
    r.roster["battles"].push_back(old);
    r.act({{"type", "status"}});
    CHECK(r.roster["battles"][1] == old);
    // A battle entered by hand keeps its final dice, and a side and outcome when given.
    r.act({{"type", "battle"}, {"side", "defender"}, {"outcome", "draw"}, {"units", json::array({fought(b, 2)})}});
    const json hand = r.roster["battles"][2];
    CHECK(hand["final"] == json({{b, 2}}));
    CHECK(hand["side"] == "defender");
    CHECK(hand["outcome"] == "draw");
    CHECK_FALSE(hand.contains("battle"));
}

TEST_CASE("roster: a bad kept battle is refused with its path and the roster stays as it was", "[warfare][roster]") {
    Run r;
    const auto a = r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    r.add(kw("Bows", "elf", "regular", "light", "archers", "d8"));
    const Rolled x = roll_roster(r, 9);
    const json before = r.roster;
    auto refused = [&](json action, const std::string& path, const std::string& words) {
        const json e = r.error(action);
        CHECK(e["path"] == path);
        CHECK(e["message"].get<std::string>().find(words) != std::string::npos);
        CHECK(r.roster == before);
    };
    json act = x.action();
    act["battle"]["defender"]["units"][0]["size"] = "d7";
    refused(act, "/action/battle/defender/units/0/size", "");
    act = x.action();
    act["battle"]["options"] = {{"no_such_option", 1}};
    refused(act, "/action/battle/options/no_such_option", "");
    act = x.action();
    act.erase("side");
    refused(act, "/action/side", "is required with a \"battle\"");
    act = x.action();
    act.erase("outcome");
    refused(act, "/action/outcome", "is required with a \"battle\"");
    act = x.action();
    act["outcome"] = "won";
    refused(act, "/action/outcome", "");
    // Every unit of both armies, in the battle, within its die.
    act = x.action();
    act["units"].erase(act["units"].size() - 1);
    refused(act, "/action/units", "the defender's unit 1 (\"Grey Bows\") is missing");
    act = x.action();
    act["units"][3]["final"] = 5;  // the goblins' d4
    refused(act, "/action/units/3/final", "");
    act = x.action();
    act["units"][2]["index"] = 7;
    refused(act, "/action/units/2/index", "");
    act = x.action();
    act["units"][3]["index"] = 0;
    refused(act, "/action/units/3/index", "given twice");
    act = x.action();
    act["units"][2].erase("side");
    refused(act, "/action/units/2", "needs its \"side\" and \"index\"");
    // The roster's side of the battle is the roster's units, at their dice now.
    act = x.action();
    std::swap(act["battle"]["attacker"]["units"][0], act["battle"]["attacker"]["units"][1]);
    refused(act, "/action/units/0/id", "is not the id of the attacker's unit 0 in /action/battle");
    act = x.action();
    act["battle"]["attacker"]["units"][0]["casualties"] = 4;
    act.erase("roll");  // entered by hand: only the battle says where the unit began
    refused(act, "/action/units/0/id", "starts at 4, but the roster has this unit at 6");
    // A kept battle read back is checked the same way.
    r.act(x.action());
    json stored = r.roster;
    stored["battles"][0]["battle"]["attacker"]["units"][0]["size"] = "d5";
    r.roster = stored;
    CHECK(r.error({{"type", "status"}})["path"] == "/roster/battles/0/battle/attacker/units/0/size");
    stored["battles"][0]["battle"]["attacker"]["units"][0]["size"] = "d6";
    stored["battles"][0]["result"]["defender"].erase(0);
    r.roster = stored;
    CHECK(r.error({{"type", "status"}})["path"] == "/roster/battles/0/result/defender");
    stored["battles"][0].erase("result");
    r.roster = stored;
    CHECK(r.error({{"type", "status"}})["path"] == "/roster/battles/0/result");
    (void)a;
}

TEST_CASE("roster: kept battles are bounded in number and in bytes (small limits)", "[warfare][roster]") {
    Run r;
    r.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    bc::warfare::RosterBounds small;
    small.battles = 3;
    json roster = r.roster;
    std::vector<std::int64_t> seeds;
    for (int i = 0; i < 5; ++i) {
        r.roster = roster;
        const Rolled x = roll_roster(r, 100 + i);
        // Routed units reform, so the roster always has a unit to roll again.
        const json opts = {{"removed_units", "reform"}};
        const json req = {{"ruleset", "warfare"}, {"roster", roster}, {"action", x.action()}, {"options", opts}};
        roster = bc::warfare::roster_call(bc::In(req, ""), small)["roster"];
        seeds.push_back(100 + i);
        REQUIRE(roster["battles"].size() == std::min<std::size_t>(seeds.size(), 3));
    }
    CHECK(roster["battles"][0]["seed"] == 102);  // the two oldest went first
    CHECK(roster["battles"][2]["seed"] == 104);
    for (const auto& rec : roster["battles"]) CHECK(rec.contains("battle"));
    // One more than the limit is refused when read, at the list.
    json over = roster;
    while (over["battles"].size() <= 3) over["battles"].push_back(over["battles"][0]);
    CHECK(direct_error({{"ruleset", "warfare"}, {"roster", over}, {"action", "status"}}, small).first == "/roster/battles");

    // Past the bytes for all kept battles, the oldest records lose their battle (and
    // keep the rest); a roster read back over that limit is refused.
    {
        const std::size_t one = roster["battles"][2]["battle"].dump().size();
        bc::warfare::RosterBounds two = small;
        two.battles_bytes = 2 * one + one / 2;
        REQUIRE(direct_error({{"ruleset", "warfare"}, {"roster", roster}, {"action", "status"}}, two).first ==
                "/roster/battles");
        json fewer = roster;
        fewer["battles"][0].erase("battle");
        fewer["battles"][0].erase("result");
        r.roster = fewer;
        const Rolled x = roll_roster(r, 200);
        const json req = {{"ruleset", "warfare"}, {"roster", fewer}, {"action", x.action()},
                          {"options", {{"removed_units", "reform"}}}};
        const json out = bc::warfare::roster_call(bc::In(req, ""), two)["roster"];
        REQUIRE(out["battles"].size() == 3);
        CHECK(out["battles"][0]["seed"] == 103);
        CHECK_FALSE(out["battles"][0].contains("battle"));
        CHECK_FALSE(out["battles"][0].contains("result"));
        CHECK(out["battles"][0]["final"] == roster["battles"][1]["final"]);  // the rest stays
        CHECK(out["battles"][1].contains("battle"));
        CHECK(out["battles"][2]["seed"] == 200);
        CHECK(out["battles"][2].contains("battle"));
    }

    // A battle over the byte limit is applied and kept without its battle, saying so.
    Run s;
    s.add(kw("Shields", "dwarf", "regular", "heavy", "infantry", "d6"));
    const Rolled x = roll_roster(s, 7);
    bc::warfare::RosterBounds tight;
    tight.battle_bytes = x.action()["battle"].dump().size() - 100;
    const json out = bc::warfare::roster_call(
        bc::In(json{{"ruleset", "warfare"}, {"roster", s.roster}, {"action", x.action()}}, ""), tight);
    REQUIRE(out["roster"]["battles"].size() == 1);
    CHECK_FALSE(out["roster"]["battles"][0].contains("battle"));
    CHECK_FALSE(out["roster"]["battles"][0].contains("result"));
    CHECK(out["roster"]["battles"][0]["text"].get<std::string>().find("too large to keep") != std::string::npos);
    // With room, the same battle is kept; read back under the tight limit, it is refused at its path.
    const json kept = call({{"ruleset", "warfare"}, {"roster", s.roster}, {"action", x.action()}});
    REQUIRE(kept["roster"]["battles"][0].contains("battle"));
    CHECK(direct_error({{"ruleset", "warfare"}, {"roster", kept["roster"]}, {"action", "status"}}, tight).first ==
          "/roster/battles/0/battle");
}

TEST_CASE("roster: the largest everyday battle fits a kept record", "[warfare][roster]") {
    // 12 units a side of keyword units, every name and id at its limit: the
    // record stays under the byte limit, so it keeps its battle.
    json side = json::array();
    const char* types[] = {"infantry", "archers", "cavalry"};
    for (int i = 0; i < 12; ++i) {
        json u = kw("", "human", "regular", "medium", types[i % 3], "d12");
        u["name"] = std::string(60, static_cast<char>('A' + i));
        u["id"] = std::string(63, 'x') + static_cast<char>('a' + i);
        u["ancestry"] = i < 6 ? "human" : "dwarf";
        u["experience"] = i % 2 ? "veteran" : "elite";
        side.push_back(u);
    }
    json battle = {{"ruleset", "warfare"}, {"attacker", {{"units", side}}}, {"defender", {{"units", side}}}};
    const json checked = json::parse(bc::api::check(battle.dump()));
    INFO(checked.dump().substr(0, 400));
    REQUIRE(checked["ok"] == true);
    battle["rules_version"] = 2;
    CHECK(battle.dump().size() < bc::warfare::RosterLimits::kBattleBytes);
}

}  // namespace file_test_warfare_roster

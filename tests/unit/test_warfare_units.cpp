// Strongholds & Followers unit builder: every table row's stats and cost, the
// book's cards, and the rules around buying and keeping units.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "api/api.hpp"
#include "fraction.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_units {

using bc::json;
using bctest::Frac;
using bctest::frac;

namespace {

json call(const std::string& fn, const json& req) { return json::parse(bc::api::call(fn, req.dump())); }

json card_of(const json& unit) {
    const json out = call("unit", {{"ruleset", "warfare"}, {"unit", unit}});
    INFO(out.dump());
    REQUIRE(out["ok"] == true);
    return out["card"];
}

json error_of(const std::string& fn, const json& req) {
    const json out = call(fn, req);
    INFO(out.dump());
    REQUIRE(out["ok"] == false);
    return out["error"];
}

// The tables again, typed from the issue's text rather than read from the core,
// so a slip in either shows up. A/P/D/T/M bonuses.
struct Row {
    const char* id;
    int a, p, d, t, m;
    int traits_cost;
};
const std::vector<Row> kAncestry = {
    {"bugbear", 2, 0, 0, 0, 1, 100},   {"dragonborn", 2, 2, 1, 1, 1, 50}, {"dwarf", 3, 1, 1, 1, 2, 50},
    {"elf", 2, 0, 0, 0, 1, 50},        {"elf-winged", 1, 1, 0, 0, 1, 50}, {"ghoul", -1, 0, 2, 2, 0, 300},
    {"gnoll", 2, 0, 0, 0, 1, 50},      {"gnome", 1, -1, 1, -1, 1, 0},     {"goblin", -1, -1, 1, -1, 0, 0},
    {"hobgoblin", 2, 0, 0, 0, 1, 200}, {"human", 2, 0, 0, 0, 1, 50},      {"kobold", -1, -1, 1, -1, -1, 0},
    {"lizardfolk", 2, 1, -1, 1, 1, 50}, {"ogre", 0, 2, 0, 2, 1, 200},     {"orc", 2, 1, 1, 1, 2, 50},
    {"skeleton", -2, -1, 1, 1, 1, 150}, {"treant", 0, 2, 0, 2, 0, 450},   {"troll", 0, 2, 0, 2, 0, 200},
    {"zombie", -2, 0, 2, 2, 2, 150},
};
// ghoul: Undead 50 + Horrify 200 + Ravenous 50; hobgoblin: Bred for War 100 + Martial 100;
// skeleton/zombie: Undead 50 + Mindless 100; treant: Twisting Roots 200 + Hurl Rocks 250.
const std::vector<Row> kExperience = {{"green", 0, 0, 0, 0, 0, 0},   {"regular", 1, 0, 0, 1, 1, 0},
                                      {"seasoned", 1, 0, 0, 1, 2, 0}, {"veteran", 1, 0, 0, 1, 3, 0},
                                      {"elite", 2, 0, 0, 2, 4, 0},    {"super-elite", 2, 0, 0, 2, 5, 0}};
const std::vector<Row> kEquipment = {{"light", 0, 1, 1, 0, 0, 0},
                                     {"medium", 0, 2, 2, 0, 0, 0},
                                     {"heavy", 0, 4, 4, 0, 0, 0},
                                     {"super-heavy", 0, 6, 6, 0, 0, 0}};
struct TypeRowT {
    const char* id;
    int a, p, d, t, m;
    long long percent;
};
const std::vector<TypeRowT> kType = {{"airborne", 0, 0, 0, 0, 3, 200},  {"archers", 0, 1, 0, 0, 1, 175},
                                     {"cavalry", 1, 1, 0, 0, 2, 150},   {"levies", 0, 0, 0, 0, -1, 75},
                                     {"infantry", 0, 0, 1, 1, 0, 100},  {"siege-engine", 1, 1, 0, 1, 0, 150}};
const std::vector<std::pair<const char*, long long>> kSize = {
    {"d4", 66}, {"d6", 100}, {"d8", 133}, {"d10", 166}, {"d12", 200}};

// The nearest whole number, halves up.
long long round_half_up(Frac f) {
    const Frac shifted = f + frac(1, 2);
    bctest::i128 q = shifted.n / shifted.d;
    if (shifted.n < 0 && q * shifted.d != shifted.n) --q;
    return static_cast<long long>(q);
}

Frac cost_by_hand(int a, int p, int d, int t, int m, long long type_pct, long long size_pct, int traits) {
    const long long points = a + p + d + t + 2 * m;
    return Frac(points) * frac(type_pct, 100) * frac(size_pct, 100) * Frac(10) + Frac(traits + 30);
}

void check_card(const json& card, int a, int p, int d, int t, int m, long long cost) {
    INFO(card.dump());
    CHECK(card["stats"]["attack"] == a);
    CHECK(card["stats"]["power"] == p);
    CHECK(card["stats"]["defense"] == 10 + d);
    CHECK(card["stats"]["toughness"] == 10 + t);
    CHECK(card["stats"]["morale"] == m);
    CHECK(card["cost"] == cost);
}

json keyword_unit(const char* anc, const char* exp, const char* eq, const char* type, const char* size) {
    return {{"ancestry", anc}, {"experience", exp}, {"equipment", eq}, {"type", type}, {"size", size}};
}

}  // namespace

TEST_CASE("Warfare units: the book's four cards cost what they print", "[warfare]") {
    // Human Regular Medium Infantry d6: +3/+2/13/12/+2: (3+2+3+2+4) x 1 x 1 x 10 + 50 + 30 = 220.
    check_card(card_of(keyword_unit("human", "regular", "medium", "infantry", "d6")), 3, 2, 3, 2, 2, 220);
    // Human Regular Light Archers d4: +3/+2/11/11/+3: 13 x 1.75 x 0.66 x 10 = 150.15, + 80 = 230.15.
    check_card(card_of(keyword_unit("human", "regular", "light", "archers", "d4")), 3, 2, 1, 1, 3, 230);
    // Gnoll Regular Light Infantry d4: +3/+1/12/12/+2: 12 x 0.66 x 10 = 79.2, + 50 (Frenzy) + 30 = 159.2.
    const json gnoll = card_of(keyword_unit("gnoll", "regular", "light", "infantry", "d4"));
    check_card(gnoll, 3, 1, 2, 2, 2, 159);
    CHECK(gnoll["cost_exact"].get<double>() == Approx(159.2));
    CHECK(gnoll["traits"][0]["id"] == "feast");
    // Orc Seasoned Medium Archers d4: +3/+4/13/12/+5: 22 x 1.75 x 0.66 x 10 = 254.1, + 50 + 30 = 334.1.
    check_card(card_of(keyword_unit("orc", "seasoned", "medium", "archers", "d4")), 3, 4, 3, 2, 5, 334);
}

TEST_CASE("Warfare units: Elite Heavy Dwarven Infantry follows the tables (400), not the worked example (440)",
          "[warfare]") {
    json u = keyword_unit("dwarf", "elite", "heavy", "infantry", "d6");
    u["name"] = "Rockbreakers";
    const json card = card_of(u);
    // Dwarf +3/+1/+1/+1/+2, Elite +2/0/0/+2/+4, Heavy 0/+4/+4/0/0, Infantry 0/0/+1/+1/0.
    check_card(card, 5, 5, 6, 4, 6, 400);  // (5+5+6+4 + 12) x 10 + 50 + 30
    REQUIRE(card["notes"].size() >= 1);
    const std::string note = card["notes"][0].get<std::string>();
    CHECK(note.find("440") != std::string::npos);
    CHECK(note.find("400") != std::string::npos);
    CHECK(card["upkeep"] == 40);
    const json r = json::parse(bc::api::rules(R"({"ruleset":"warfare"})"));
    const json& cards = r["rulesets"]["warfare"]["tables"]["book_cards"];
    bool found = false;
    for (const auto& c : cards)
        if (c["name"] == "Rockbreakers") {
            found = true;
            CHECK(c["book_cost"] == 440);
            CHECK(c["table_cost"] == 400);
            CHECK(card_of(c["unit"])["cost"] == 400);
        } else {
            CHECK(card_of(c["unit"])["cost"] == c["book_cost"]);
        }
    CHECK(found);
}

TEST_CASE("Warfare units: every ancestry row's stats and cost", "[warfare]") {
    for (const auto& r : kAncestry) {
        INFO(r.id);
        // Green Light Infantry d6 adds 0/+1/+2/+1/0.
        const json card = card_of(keyword_unit(r.id, "green", "light", "infantry", "d6"));
        const int a = r.a, p = r.p + 1, d = r.d + 2, t = r.t + 1, m = r.m;
        check_card(card, a, p, d, t, m, round_half_up(cost_by_hand(a, p, d, t, m, 100, 100, r.traits_cost)));
    }
}

TEST_CASE("Warfare units: every experience, equipment, type and size row", "[warfare]") {
    // Base: Human (+2/0/0/0/+1, Courageous 50).
    for (const auto& e : kExperience) {
        INFO(e.id);
        const json card = card_of(keyword_unit("human", e.id, "light", "infantry", "d6"));
        const int a = 2 + e.a, p = 1 + e.p, d = 2 + e.d, t = 1 + e.t, m = 1 + e.m;
        check_card(card, a, p, d, t, m, round_half_up(cost_by_hand(a, p, d, t, m, 100, 100, 50)));
    }
    for (const auto& q : kEquipment) {
        INFO(q.id);
        const json card = card_of(keyword_unit("human", "green", q.id, "infantry", "d6"));
        const int a = 2 + q.a, p = q.p, d = 1 + q.d, t = 1 + q.t, m = 1 + q.m;
        check_card(card, a, p, d, t, m, round_half_up(cost_by_hand(a, p, d, t, m, 100, 100, 50)));
    }
    for (const auto& ty : kType) {
        INFO(ty.id);
        json u = keyword_unit("human", "green", "light", ty.id, "d8");
        if (std::string(ty.id) == "levies") {
            u.erase("experience");
            u.erase("equipment");  // none by default
        }
        const json card = card_of(u);
        const bool levy = std::string(ty.id) == "levies";
        const int a = 2 + ty.a, p = (levy ? 0 : 1) + ty.p, d = (levy ? 0 : 1) + ty.d, t = ty.t, m = 1 + ty.m;
        check_card(card, a, p, d, t, m, round_half_up(cost_by_hand(a, p, d, t, m, ty.percent, 133, 50)));
    }
    for (const auto& [id, pct] : kSize) {
        INFO(id);
        const json card = card_of(keyword_unit("orc", "veteran", "heavy", "cavalry", id));
        // Orc +2/+1/+1/+1/+2, Veteran +1/0/0/+1/+3, Heavy 0/+4/+4/0/0, Cavalry +1/+1/0/0/+2.
        check_card(card, 4, 6, 5, 2, 7, round_half_up(cost_by_hand(4, 6, 5, 2, 7, 150, pct, 50)));
        CHECK(card["size"] == std::stoi(std::string(id).substr(1)));
    }
}

TEST_CASE("Warfare units: traits come with the ancestry and the type, with their text", "[warfare]") {
    const json cav = card_of(keyword_unit("hobgoblin", "regular", "medium", "cavalry", "d6"));
    std::vector<std::string> ids;
    for (const auto& t : cav["traits"]) {
        ids.push_back(t["id"].get<std::string>());
        CHECK(!t["text"].get<std::string>().empty());
    }
    // Martial Advantage is Martial; cavalry gain Charge.
    CHECK(ids == std::vector<std::string>{"bred-for-war", "martial", "charge"});
    CHECK(cav["traits"][2]["source"] == "type");
    CHECK(cav["traits"][2]["cost"] == 0);
    // The aliases are accepted as added traits and priced as what they are.
    json u = keyword_unit("human", "green", "light", "infantry", "d6");
    u["traits"] = {"frenzy", "martial-advantage"};
    const json c = card_of(u);
    // 2+1+2+1 + 2x1 = 8 -> 80 + Courageous 50 + Feast 50 + Martial 100 + 30 = 310.
    CHECK(c["cost"] == 310);
    // A trait the ancestry already has is counted once.
    u["traits"] = {"courageous"};
    CHECK(card_of(u)["cost"] == 160);
}

TEST_CASE("Warfare units: custom traits add their cost and text", "[warfare]") {
    json u = keyword_unit("human", "regular", "medium", "infantry", "d6");
    u["traits"] = {{{"name", "Shield Wall"}, {"cost", 75}, {"text", "Stands firm."}}, "brutal"};
    const json card = card_of(u);
    CHECK(card["cost"] == 220 + 75 + 200);
    bool found = false;
    for (const auto& t : card["traits"])
        if (t["name"] == "Shield Wall") {
            found = true;
            CHECK(t["source"] == "custom");
            CHECK(t["text"] == "Stands firm.");
        }
    CHECK(found);
    u["traits"] = {{{"name", "Brutal"}, {"cost", 1}}};
    u["traits"][0]["name"] = "brutal";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/traits/0/name");
    u["traits"] = {"unknown-trait"};
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/traits/0");
}

TEST_CASE("Warfare units: levies have no experience, none or light equipment, and are always diminished",
          "[warfare]") {
    json levy = {{"ancestry", "human"}, {"type", "levies"}, {"size", "d8"}};
    const json card = card_of(levy);
    // Human +2/0/0/0/+1, Levies 0/0/0/0/-1, no equipment: (2 + 0) x 0.75 x 1.33 x 10 = 19.95, + 80 = 99.95.
    check_card(card, 2, 0, 0, 0, 0, 100);
    CHECK(card["keywords"]["equipment"] == "none");
    CHECK(card["keywords"]["experience"] == nullptr);
    CHECK(card["always_diminished"] == true);
    CHECK(card["upkeep"] == nullptr);
    // Light, given on the unit or as the option's default: +1 Power, +1 Defense.
    levy["equipment"] = "light";
    check_card(card_of(levy), 2, 1, 1, 0, 0, round_half_up(cost_by_hand(2, 1, 1, 0, 0, 75, 133, 50)));
    levy.erase("equipment");
    const json opt = call("unit", {{"ruleset", "warfare"}, {"options", {{"levy_equipment", "light"}}}, {"unit", levy}});
    CHECK(opt["card"]["keywords"]["equipment"] == "light");
    // Levies with an experience: an error naming the field.
    levy["experience"] = "regular";
    auto e = error_of("unit", {{"ruleset", "warfare"}, {"unit", levy}});
    CHECK(e["path"] == "/unit/experience");
    CHECK(e["message"].get<std::string>().find("levies have no experience") != std::string::npos);
    levy.erase("experience");
    levy["equipment"] = "heavy";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", levy}})["path"] == "/unit/equipment");
    // Bred for War outranks "always diminished".
    const json hob = card_of({{"ancestry", "hobgoblin"}, {"type", "levies"}, {"size", "d6"}});
    CHECK(hob["always_diminished"] == false);
}

TEST_CASE("Warfare units: bad units get errors naming the field", "[warfare]") {
    json u = keyword_unit("elfish", "regular", "medium", "infantry", "d6");
    auto e = error_of("unit", {{"ruleset", "warfare"}, {"unit", u}});
    CHECK(e["path"] == "/unit/ancestry");
    CHECK(e["message"].get<std::string>().find("dwarf") != std::string::npos);
    u["ancestry"] = "elf";
    u["size"] = -6;
    e = error_of("unit", {{"ruleset", "warfare"}, {"unit", u}});
    CHECK(e["path"] == "/unit/size");
    CHECK(e["message"].get<std::string>().find("d4") != std::string::npos);
    u["size"] = "d7";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/size");
    u["size"] = 6;
    CHECK(card_of(u)["die"] == "d6");
    u["experience"] = "legendary";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/experience");
    u["experience"] = "regular";
    u["attack"] = 3;
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/ancestry");
    u.erase("attack");
    u["colour"] = "red";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/colour");
    u.erase("colour");
    u["type"] = "chariots";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/type");
    u["type"] = "infantry";
    u["casualties"] = 7;
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/casualties");
    u["casualties"] = 0;
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/casualties");
    u.erase("casualties");
    // 2^32 + 4 must not wrap round to a d4.
    u["size"] = 4294967300LL;
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/size");
    u["size"] = "d6";
    // A known trait under its printed name is not a custom trait (no paying twice).
    u["traits"] = json::array({{{"name", "Bred for War"}, {"cost", 10}}});
    e = error_of("unit", {{"ruleset", "warfare"}, {"unit", u}});
    CHECK(e["path"] == "/unit/traits/0/name");
    CHECK(e["message"].get<std::string>().find("bred-for-war") != std::string::npos);
}

TEST_CASE("Warfare units: a missing required number says what is allowed", "[warfare]") {
    json u = {{"name", "Wall"}, {"type", "fortification"}, {"size", "d6"}, {"defense", 14}};
    const auto e = error_of("unit", {{"ruleset", "warfare"}, {"unit", u}});
    CHECK(e["path"] == "/unit/toughness");
    CHECK(e["message"] == "is required: a whole number from 0 to 40");
}

TEST_CASE("Warfare units: a d20 is unpriced unless given a modifier", "[warfare]") {
    json u = keyword_unit("human", "regular", "medium", "infantry", "d20");
    json card = card_of(u);
    CHECK(card["cost"] == nullptr);
    CHECK(card["upkeep"] == nullptr);
    CHECK(card["size"] == 20);
    bool noted = false;
    for (const auto& n : card["notes"]) noted = noted || n.get<std::string>().find("d20") != std::string::npos;
    CHECK(noted);
    u["size_cost_modifier"] = 3.33;
    // 14 x 3.33 x 10 = 466.2, + 80 = 546.2.
    card = card_of(u);
    CHECK(card["cost"] == 546);
    u["size"] = "d6";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/size_cost_modifier");
}

TEST_CASE("Warfare units: mercenaries, attitude and upkeep", "[warfare]") {
    json u = keyword_unit("human", "regular", "light", "archers", "d4");  // 230.15
    json c = card_of(u);
    CHECK(c["price"] == 230);
    CHECK(c["upkeep"] == 23);  // 23.015
    u["mercenary"] = true;
    c = card_of(u);
    CHECK(c["price"] == 230);
    CHECK(c["upkeep"] == 46);  // 46.03
    u["mercenary"] = false;
    u["attitude"] = "friendly";
    c = card_of(u);
    CHECK(c["cost"] == 230);
    CHECK(c["price"] == 288);  // 230.15 x 1.25 = 287.6875
    CHECK(c["upkeep"] == 29);  // 28.76875
    u["attitude"] = "neutral";
    c = card_of(u);
    CHECK(c["price"] == 345);  // 345.225
    CHECK(c["upkeep"] == 35);  // 34.5225
    u["attitude"] = "hostile";
    c = card_of(u);
    CHECK(c["cost"] == 230);
    CHECK(c["price"] == nullptr);
    CHECK(c["upkeep"] == nullptr);
    u["attitude"] = "grumpy";
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/attitude");
}

TEST_CASE("Warfare units: improvement costs the difference between the new and the old unit", "[warfare]") {
    const json from = keyword_unit("human", "regular", "light", "archers", "d4");  // 230.15
    json out = call("improve", {{"ruleset", "warfare"}, {"unit", from}, {"improve", {{"equipment", "medium"}}}});
    REQUIRE(out["ok"] == true);
    // Medium: +1 Power, +1 Defense: 15 x 1.75 x 0.66 x 10 = 173.25 + 80 = 253.25; 253.25 - 230.15 = 23.1.
    CHECK(out["to"]["cost"] == 253);
    CHECK(out["cost"] == 23);
    out = call("improve", {{"ruleset", "warfare"}, {"unit", from}, {"improve", {{"size", "d6"}}}});
    // 13 x 1.75 x 10 = 227.5 + 80 = 307.5: 307.5 - 230.15 = 77.35.
    CHECK(out["cost"] == 77);
    CHECK(out["notes"].empty());
    out = call("improve", {{"ruleset", "warfare"}, {"unit", from}, {"improve", {{"experience", "elite"}}}});
    CHECK(out["notes"].size() == 1);
    CHECK(error_of("improve", {{"ruleset", "warfare"}, {"unit", from}, {"improve", {{"experience", "green"}}}})["path"] ==
          "/improve/experience");
    const json levy = {{"ancestry", "human"}, {"type", "levies"}, {"size", "d6"}};
    CHECK(error_of("improve", {{"ruleset", "warfare"}, {"unit", levy}, {"improve", {{"experience", "green"}}}})["path"] ==
          "/improve/experience");
}

TEST_CASE("Warfare units: one unit per identical keywords in an army", "[warfare]") {
    json units = {keyword_unit("human", "veteran", "light", "infantry", "d6"),
                  keyword_unit("elf", "veteran", "light", "infantry", "d6")};
    json out = call("unit", {{"ruleset", "warfare"}, {"units", units}});
    REQUIRE(out["ok"] == true);
    CHECK(out["cards"].size() == 2);
    CHECK(out["total"]["cost"] == out["cards"][0]["cost"].get<int>() + out["cards"][1]["cost"].get<int>());
    units.push_back(keyword_unit("human", "veteran", "light", "infantry", "d10"));  // a different size is no excuse
    const json e = error_of("unit", {{"ruleset", "warfare"}, {"units", units}});
    CHECK(e["path"] == "/units/2");
    CHECK(e["message"].get<std::string>().find("identical keywords") != std::string::npos);
}

TEST_CASE("Warfare units: explicit stats, and fortifications", "[warfare]") {
    // A unit from another book: +4/+3/14/13/+3 infantry d6 with Brutal: (4+3+4+3 + 6) x 10 + 200 + 30 = 430.
    json u = {{"name", "Iron Legion"}, {"type", "infantry"}, {"size", "d6"}, {"attack", 4}, {"power", 3},
              {"defense", 14},         {"toughness", 13},    {"morale", 3},  {"traits", {"brutal"}}};
    json c = card_of(u);
    check_card(c, 4, 3, 4, 3, 3, 430);
    CHECK(c["explicit_stats"] == true);
    u["cost"] = 500;
    CHECK(card_of(u)["cost"] == 500);
    u.erase("morale");
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", u}})["path"] == "/unit/morale");
    const json wall = {{"name", "Old Wall"}, {"type", "fortification"}, {"defense", 18}, {"toughness", 16},
                       {"size", "d8"},       {"morale_bonus", 1}};
    c = card_of(wall);
    CHECK(c["stats"]["defense"] == 18);
    CHECK(c["cost"] == nullptr);
    CHECK(c["morale_bonus"] == 1);
    json bad = wall;
    bad["attack"] = 2;
    CHECK(error_of("unit", {{"ruleset", "warfare"}, {"unit", bad}})["path"] == "/unit/attack");
}

TEST_CASE("Warfare units: rules() returns every table", "[warfare]") {
    const json r = json::parse(bc::api::rules(R"({"ruleset":"warfare"})"));
    REQUIRE(r["ok"] == true);
    const json& w = r["rulesets"]["warfare"];
    CHECK(w["tables"]["ancestries"].size() == kAncestry.size());
    CHECK(w["tables"]["experience"].size() == kExperience.size());
    CHECK(w["tables"]["equipment"].size() == kEquipment.size());
    CHECK(w["tables"]["types"].size() == kType.size() + 1);  // and fortifications
    CHECK(w["tables"]["sizes"].size() == kSize.size() + 1);  // and the unpriced d20
    CHECK(w["tables"]["sizes"][5]["cost_modifier"] == nullptr);
    CHECK(w["tables"]["traits"].size() >= 16);
    CHECK(w["tables"]["attitudes"].size() == 4);
    CHECK(w["options"][0]["id"] == "levy_equipment");
    CHECK(w["options"][0]["default"] == "none");
    // Every row the page would offer builds a card.
    for (const auto& a : w["tables"]["ancestries"]) card_of(keyword_unit(a["id"].get<std::string>().c_str(), "green", "light", "infantry", "d6"));
}

}  // namespace file_test_warfare_units

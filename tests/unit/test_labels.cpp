// An error's "label": the thing and the field in words, read from the request
// (a unit's own name, else its side and place; a kind of men or an option by
// the name the rules give it), so that the pages need not read JSON paths or
// message text. The names expected here are read from the request and from
// rules(), never from the answer under test.
#include <catch2/catch.hpp>

#include "api/api.hpp"
#include "api/label.hpp"

namespace file_test_labels {

using bc::json;

namespace {
const json& rules() {
    static const json r = json::parse(bc::api::rules());
    return r;
}
json example(const std::string& ruleset) { return rules()["rulesets"][ruleset]["example"]; }

json error_of(const std::string& call, const json& req) {
    const json a = json::parse(bc::api::call(call, req.dump()));
    REQUIRE(a["ok"] == false);
    return a["error"];
}

// The name the rules give an id in one of their lists (`key`: "name" or "plural").
std::string rules_name(const std::string& ruleset, const std::string& list, const std::string& id, const char* key) {
    for (const auto& x : rules()["rulesets"][ruleset][list])
        if (x["id"] == id) return x[key].get<std::string>();
    FAIL("no " << id << " in " << list);
    return {};
}

// A label that ends with a field's words, and those words.
void check_field_sentence(const json& e, const std::string& label) {
    CHECK(e["label"] == label);
    CHECK(e["field"] == label.substr(label.rfind(": ") + 2));
}
}  // namespace

TEST_CASE("labels: a named unit's field is its name and the field's words", "[api][labels]") {
    json req = example("warfare");
    req["attacker"]["units"][1]["casualties"] = 99;
    const json e = error_of("odds", req);
    CHECK(e["path"] == "/attacker/units/1/casualties");  // the path and message are as they were
    CHECK(e["kind"] == "input");
    check_field_sentence(e, req["attacker"]["units"][1]["name"].get<std::string>() + ": casualty die");

    json b = example("bloodied-steel");
    b["units"][0]["arms"] = -1;
    check_field_sentence(error_of("odds", b), b["units"][0]["name"].get<std::string>() + ": Arms");
}

TEST_CASE("labels: an unnamed unit is named by its side and place", "[api][labels]") {
    json req = example("warfare");
    req["defender"]["units"][1].erase("name");
    req["defender"]["units"][1]["casualties"] = 99;
    check_field_sentence(error_of("odds", req), "The defender's unit 2: casualty die");

    json b = example("bloodied-steel");
    b["units"][1]["name"] = "";
    b["units"][1]["size"] = -1;
    check_field_sentence(error_of("odds", b), "Unit 2: Size");  // Bloodied Steel's Size, as its book writes it
}

TEST_CASE("labels: a nested path names the thing that holds it", "[api][labels]") {
    SECTION("a kind of men under a noble, by the rules' plural") {
        json req = example("olympia");
        req["defender"]["nobles"][0]["troops"]["pikeman"] = -1;
        const std::string men = rules_name("olympia", "kinds", "pikeman", "plural");
        check_field_sentence(error_of("odds", req), req["defender"]["nobles"][0]["name"].get<std::string>() + ": " + men);
        req["defender"]["nobles"][0].erase("name");
        check_field_sentence(error_of("odds", req), "The defender's noble 1: " + men);
    }
    SECTION("a trait's field under the unit") {
        json req = {{"ruleset", "warfare"}, {"unit", example("warfare")["attacker"]["units"][0]}};
        req["unit"]["traits"] = json::array({json{{"name", "Stubborn"}, {"cost", "a lot"}}});
        check_field_sentence(error_of("unit", req), req["unit"]["name"].get<std::string>() + ": trait 1 cost");
    }
    SECTION("a roster's battle names its units by id, as the roster names them") {
        json unit = example("warfare")["attacker"]["units"][0];
        unit["name"] = "Shields";
        const json req = {{"ruleset", "warfare"},
                          {"roster", {{"name", "North"}, {"units", {{{"id", "u7"}, {"unit", unit}}}}}},
                          {"action",
                           {{"type", "battle"},
                            {"side", "attacker"},
                            {"outcome", "attacker"},
                            {"units", {{{"id", "u7"}, {"final", 99}}}}}}};
        const json e = error_of("roster", req);
        CHECK(e["path"] == "/action/units/0/final");
        check_field_sentence(e, "Shields: die at the end");
    }
    SECTION("a structure by its kind") {
        json req = example("olympia");
        req["defender"]["structure"] = {{"kind", "tower"}, {"defense", -3}};
        check_field_sentence(error_of("odds", req),
                             "The defender's " + rules_name("olympia", "structures", "tower", "name") + ": Defense");
    }
}

TEST_CASE("labels: an option by its name, a field of the request, and nothing to name", "[api][labels]") {
    json req = example("olympia");
    req["options"] = {{"attack_order", "sideways"}};
    json e = error_of("odds", req);
    const std::string label = "Rule “" + rules_name("olympia", "options", "attack_order", "name") + "”";
    CHECK(e["label"] == label);
    CHECK_FALSE(e.contains("field"));  // a thing alone: the message follows after a colon

    req = example("bloodied-steel");
    req["seed"] = -1;
    e = error_of("roll", req);
    CHECK(e["label"] == "Seed");
    CHECK_FALSE(e.contains("field"));

    // Bad JSON, or a limit reached: nothing in the request to name, so no label.
    const json bad = json::parse(bc::api::odds("{\"ruleset\":"));
    CHECK(bad["error"]["path"] == "");
    CHECK_FALSE(bad["error"].contains("label"));
    CHECK_FALSE(bad["error"].contains("field"));
}

TEST_CASE("labels: a path beyond the request, and the place an error refers to", "[api][labels]") {
    const json req = example("warfare");
    const json* no_rules = nullptr;
    // A unit the request does not hold is named by its side and place all the same.
    CHECK(bc::api::place_of(req, no_rules, "warfare", "/attacker/units/7/casualties").label() ==
          "The attacker's unit 8: casualty die");
    CHECK(bc::api::place_of(req, no_rules, "warfare", "/attacker/units").label() == "The attacker: units");
    CHECK(bc::api::place_of(req, no_rules, "warfare", "").label().empty());
    // A JSON Pointer's escapes are read: "~1" is "/", "~0" is "~".
    CHECK(bc::api::place_of(json::object(), no_rules, "", "/a~1b~0c").label() == "A/b~c");

    json error = {{"path", "/attacker/units/1"}, {"message", "clashes"}, {"refers", "/attacker/units/0"}};
    bc::api::add_words(error, req, no_rules, "warfare");
    const std::string first = req["attacker"]["units"][0]["name"].get<std::string>(), second = req["attacker"]["units"][1]["name"].get<std::string>();
    CHECK(error["label"] == second);
    CHECK_FALSE(error.contains("field"));
    CHECK(error["refers_label"] == first);
}

}  // namespace file_test_labels

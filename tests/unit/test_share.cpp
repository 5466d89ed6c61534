// The "share" call: snapshots of a battle in every form, with the numbers
// `odds` gives written as the page writes them, and a user's text kept text.
#include <catch2/catch.hpp>
#include <string>

#include "api/api.hpp"
#include "share/text.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_share {

using bc::json;

namespace {

json call(const std::string& fn, const json& req) { return json::parse(bc::api::call(fn, req.dump())); }

json example(const std::string& ruleset) {
    return call("rules", {{"ruleset", ruleset}})["rulesets"][ruleset]["example"];
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

const char* const kHostile = "<script>|}{| **x** [[y]]";
const char* const kForms[] = {"wikitext", "markdown", "bbcode", "text", "html", "svg"};

}  // namespace

TEST_CASE("share: numbers are written as the page writes them", "[share]") {
    using bc::share::fixed;
    using bc::share::num;
    using bc::share::pct;
    // toFixed: the exact binary value decides, a half goes up.
    CHECK(fixed(0.125, 2) == "0.13");
    CHECK(fixed(2.5, 0) == "3");
    CHECK(fixed(1.005, 2) == "1.00");  // 1.00499999999999989...
    CHECK(fixed(0.0999999, 1) == "0.1");
    CHECK(fixed(9.96, 1) == "10.0");
    // Number formatting starts from the shortest digits: 1.005 rounds up there.
    CHECK(num(1.005) == "1.01");
    CHECK(num(1234.5) == "1,234.5");
    CHECK(num(1234567.891) == "1,234,567.89");
    CHECK(num(3.0) == "3");
    CHECK(num(0.000001) == "0");
    CHECK(num(20000, 0) == "20,000");
    CHECK(pct(0) == "0%");
    CHECK(pct(1) == "100%");
    CHECK(pct(0.00005) == "<0.01%");
    CHECK(pct(0.99999) == ">99.99%");
    CHECK(pct(0.006719393004115309) == "0.67%");
    CHECK(pct(0.319) == "31.9%");
    CHECK(pct(0.995) == "99.50%");
}

TEST_CASE("share: each form shows every outcome's chance that odds gives, and the link", "[share]") {
    for (const char* ruleset : {"bloodied-steel", "olympia", "warfare"}) {
        json battle = example(ruleset);
        const json odds = call("odds", battle);
        REQUIRE(odds["ok"] == true);
        battle["share"] = {{"link_base", "https://example.org/battle/"}};
        const json a = call("share", battle);
        REQUIRE(a["ok"] == true);
        INFO(ruleset);
        CHECK(a["link"].get<std::string>().rfind(std::string("https://example.org/battle/#/") + ruleset + "?j=", 0) == 0);
        for (const char* form : kForms) {
            INFO(form);
            const std::string text = a[form].get<std::string>();
            for (const auto& [id, p] : odds["outcomes"].items()) {
                if (id == "endless") continue;  // not an outcome the page lists
                // "<0.01%" and ">99.99%" are written as references in HTML and wikitext.
                const std::string shown = bc::share::pct(p.get<double>());
                const bool escaped = shown[0] == '<' || shown[0] == '>';
                if (!escaped) CHECK(text.find(shown) != std::string::npos);
            }
            if (std::string(form) != "svg") CHECK(count(text, "example.org/battle/#/") == 1);
        }
    }
}

TEST_CASE("share: a hostile name is text in every form", "[share]") {
    json battle = example("bloodied-steel");
    battle["units"][0]["name"] = kHostile;
    battle["share"] = {{"link_base", "https://example.org/battle/"}};
    const json a = call("share", battle);
    REQUIRE(a["ok"] == true);
    // Where markup is HTML or XML, the name's "<" is a reference (plain text and
    // BBCode are not HTML: a forum escapes what a post holds).
    for (const char* form : {"wikitext", "html", "svg"}) {
        INFO(form);
        CHECK(a[form].get<std::string>().find("<script") == std::string::npos);
    }
    const std::string md = a["markdown"].get<std::string>();
    CHECK(count(md, "<script") == count(md, "\\<script"));  // backslash-escaped
    const std::string wiki = a["wikitext"].get<std::string>();
    CHECK(count(wiki, "{|") == 2);  // the two tables' own
    CHECK(count(wiki, "|}") == 2);
    CHECK(wiki.find("[[") == std::string::npos);
    CHECK(wiki.find("**") == std::string::npos);
    CHECK(wiki.find("&#60;script&#62;&#124;&#125;&#123;&#124; &#42;&#42;x&#42;&#42; &#91;&#91;y&#93;&#93;") != std::string::npos);
    CHECK(md.find("\\<script\\>\\|\\}\\{\\| \\*\\*x\\*\\* \\[\\[y\\]\\]") != std::string::npos);
    const std::string html = a["html"].get<std::string>();
    CHECK(html.find("&lt;script&gt;|}{| **x** [[y]]") != std::string::npos);
    const std::string bb = a["bbcode"].get<std::string>();
    CHECK(bb.find("[[") == std::string::npos);
    CHECK(bb.find("[\u200B[\u200By]]") != std::string::npos);
    CHECK(a["text"].get<std::string>().find(kHostile) != std::string::npos);  // plain text is plain
}

TEST_CASE("share: the text form fits an e-mail at 72 columns, the link alone on its line", "[share]") {
    json battle = example("olympia");
    battle["attacker"]["nobles"][0]["name"] = std::string(80, 'W');  // a name longer than a line
    battle["share"] = {{"link_base", "https://example.org/battle/"}};
    const json a = call("share", battle);
    REQUIRE(a["ok"] == true);
    const std::string text = a["text"].get<std::string>(), link = a["link"].get<std::string>();
    std::size_t start = 0, long_lines = 0;
    while (start < text.size()) {
        const auto end = text.find('\n', start);
        const std::string line = text.substr(start, end - start);
        if (line == link) ++long_lines;
        else CHECK(bc::share::width(line) <= 72);
        start = end + 1;
    }
    CHECK(long_lines == 1);
}

TEST_CASE("share: sampled odds are written with their ±, as the page shows them", "[share]") {
    json battle = example("warfare");
    battle["solver"] = {{"method", "monte-carlo"}, {"trials", 4000}, {"seed", 3}, {"target_halfwidth", 0}};
    const json odds = call("odds", battle);
    REQUIRE(odds["ok"] == true);
    const json a = call("share", battle);
    REQUIRE(a["ok"] == true);
    CHECK(a["method"] == odds["method"]);
    for (const char* id : {"attacker", "defender"}) {
        const auto ci = odds["ci95"][id];
        const std::string shown = bc::share::pct(odds["outcomes"][id].get<double>()) + " ± " +
                                  bc::share::pct((ci[1].get<double>() - ci[0].get<double>()) / 2);
        CHECK(a["markdown"].get<std::string>().find(shown) != std::string::npos);
        CHECK(a["text"].get<std::string>().find(shown) != std::string::npos);
    }
    CHECK(a["text"].get<std::string>().find("sampled: 4,000 battles") != std::string::npos);
}

TEST_CASE("share: the SVG chart stands alone", "[share]") {
    json battle = example("olympia");
    battle["defender"]["nobles"][0]["name"] = "<image href='https://x/y.png'/>";
    const json a = call("share", battle);
    REQUIRE(a["ok"] == true);
    const std::string svg = a["svg"].get<std::string>();
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    // Every tag is one of the chart's own: nothing that loads or runs anything.
    for (auto at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
        const std::string tag = svg.substr(at + 1, svg.find_first_of(" >", at) - at - 1);
        INFO(tag);
        CHECK(std::string(" svg title desc rect text line g path tspan /svg /title /desc /text /g /tspan ").find(" " + tag + " ") !=
              std::string::npos);
    }
    CHECK(svg.find("url(") == std::string::npos);
    CHECK(svg.find("<title") != std::string::npos);
    CHECK(svg.find(">50%<") != std::string::npos);  // the axis
    CHECK(a["link"] == "");  // no link_base: no link
}

TEST_CASE("share: a rolled battle copies as the report its rules ask for", "[share]") {
    json battle = example("bloodied-steel");
    battle["seed"] = 7;
    const json roll = call("roll", battle);
    REQUIRE(roll["ok"] == true);
    battle["share"] = {{"roll", true}, {"link_base", "https://example.org/battle/"}};
    const json a = call("share", battle);
    REQUIRE(a["ok"] == true);
    CHECK(!a.contains("svg"));
    const std::string text = a["text"].get<std::string>(), md = a["markdown"].get<std::string>();
    CHECK(text.find("Story Post") != std::string::npos);
    CHECK(a["link"].get<std::string>().find("&roll=1&dice=" + std::to_string(roll["dice"].get<int>())) != std::string::npos);
    // Every event of the roll, in order.
    std::size_t at = 0;
    for (const auto& e : roll["log"]) {
        if (e["step"] == "summary") continue;
        const auto found = a["html"].get<std::string>().find("<li>" + e["text"].get<std::string>() + "</li>", at);
        CHECK(found != std::string::npos);
        if (found != std::string::npos) at = found;
    }
    const std::string outcome = roll["outcome"].get<std::string>();
    const std::string verdict = outcome == "tribunan" ? "The Tribunan are Victorious."
                                : outcome == "ashen"  ? "The Ashen are Victorious."
                                : outcome == "retreat" ? "both retreat" : "No unit is left";
    CHECK(text.find(verdict) != std::string::npos);
    CHECK(text.find("Casualties:") != std::string::npos);

    json sf = example("warfare");
    sf["share"] = {{"roll", true}};
    const json w = call("share", sf);
    REQUIRE(w["ok"] == true);
    CHECK(w["text"].get<std::string>().find("Orders, one by one") != std::string::npos);
    CHECK(w["text"].get<std::string>().find("Round 1. ") != std::string::npos);
}

TEST_CASE("share: bad share settings and bad battles say which field", "[share]") {
    json battle = example("bloodied-steel");
    const auto error_path = [&](const json& share) {
        json b = battle;
        b["share"] = share;
        const json a = call("share", b);
        return a["ok"] == false ? a["error"]["path"].get<std::string>() : std::string("(ok)");
    };
    CHECK(error_path({{"link_base", "javascript:alert(1)"}}) == "/share/link_base");
    CHECK(error_path({{"link_base", "https://x.org/\"onmouseover=\""}}) == "/share/link_base");
    CHECK(error_path({{"link_base", "https://x.org/a b"}}) == "/share/link_base");
    CHECK(error_path({{"link_base", "https://x.org/#/"}}) == "/share/link_base");
    CHECK(error_path({{"code", "2.abc\"><script>"}}) == "/share/code");
    CHECK(error_path({{"roll", "yes"}}) == "/share/roll");
    CHECK(error_path({{"colour", "red"}}) == "/share/colour");
    CHECK(error_path("https://x.org/") == "/share");
    CHECK(error_path({{"code", "2.AbC-_9"}, {"link_base", "https://x.org/b/"}}) == "(ok)");
    json bad = battle;
    bad["units"][0]["arms"] = -1;
    const json a = call("share", bad);
    REQUIRE(a["ok"] == false);
    CHECK(a["error"]["path"] == "/units/0/arms");
    CHECK(call("share", json::array())["ok"] == false);
}

}  // namespace file_test_share

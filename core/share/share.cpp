#include "share/share.hpp"

#include <exception>

#include "api/answer_text.hpp"
#include "api/api.hpp"
#include "share/forms.hpp"
#include "share/model.hpp"
#include "share/text.hpp"

namespace bc::share {

namespace {

struct Options {
    std::string link_base, code;
    bool roll = false;
};

bool url_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           std::string_view("-._~:/?=&%+@").find(c) != std::string_view::npos;
}

// A link base goes into wikitext, Markdown, BBCode and HTML as it is, so it
// may hold only characters none of them gives a meaning to inside a link.
Options read_options(const In& top) {
    Options o;
    if (!top.has("share")) return o;
    const In s = top.object("share");
    s.must_be_object();
    s.only({"link_base", "code", "roll"});
    if (s.has("link_base")) {
        o.link_base = s.text("link_base", 2000);
        const bool web = o.link_base.rfind("https://", 0) == 0 || o.link_base.rfind("http://", 0) == 0;
        bool plain = o.link_base.size() > 8;
        for (char c : o.link_base) plain = plain && url_char(c);
        if (!web || !plain)
            s.fail_at("link_base",
                      "must be the calculator's web address (http:// or https://), with no spaces, quotes, brackets or #");
    }
    if (s.has("code")) {
        o.code = s.text("code", 200000);
        const auto dot = o.code.find('.');
        bool ok = dot != std::string::npos && dot > 0 && dot < 4 && dot + 1 < o.code.size();
        for (std::size_t i = 0; ok && i < o.code.size(); ++i) {
            const char c = o.code[i];
            ok = i < dot ? (c >= '0' && c <= '9')
                 : i == dot ? true
                            : ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
        }
        if (!ok) s.fail_at("code", "must be a battle link's code (\"2.\" and the battle, as Copy link writes it)");
    }
    if (s.has("roll")) o.roll = s.boolean("roll");
    return o;
}

std::string link_of(const Options& o, const json& battle, const std::string& ruleset, const json& roll) {
    if (o.link_base.empty()) return "";
    json plain = battle;
    plain.erase("dice");
    std::string link = o.link_base + "#/" + ruleset + "?" +
                       (o.code.empty() ? "j=" + url_encode(plain.dump()) : "b=" + o.code);
    if (!roll.is_null()) link += "&roll=1&dice=" + std::to_string(roll.value("dice", 1));
    return link;
}

json error(const std::string& path, const std::string& message, const char* kind) {
    return {{"ok", false}, {"error", {{"path", path}, {"message", message}, {"kind", kind}}}};
}

}  // namespace

std::string share(const std::string& request) {
    json out;
    try {
        const json j = parse_request(request);
        const In top(j, "");
        top.must_be_object();
        const Options o = read_options(top);
        json battle = j;
        battle.erase("share");
        // The page's ways of splitting its sampling between workers are not
        // part of the battle: a snapshot needs the odds themselves.
        if (battle.contains("solver") && battle["solver"].is_object()) {
            battle["solver"].erase("defer_sampling");
            battle["solver"].erase("blocks");
        }
        const json odds = json::parse(api::odds(battle.dump()));
        if (!odds.value("ok", false)) return api::answer_text(odds);  // the battle's own error, its path unchanged
        if (!odds.contains("outcomes")) throw std::runtime_error("the odds came without outcomes");
        json roll = nullptr;
        if (o.roll) {
            roll = json::parse(api::roll(battle.dump()));
            if (!roll.value("ok", false)) return api::answer_text(roll);
        }
        Model m = model_of(battle, odds, roll);
        m.link = link_of(o, battle, m.ruleset, roll);
        out = {{"ok", true},          {"ruleset", m.ruleset},      {"wikitext", wikitext(m)}, {"markdown", markdown(m)},
               {"bbcode", bbcode(m)}, {"text", plain_text(m)},     {"html", html(m)},         {"link", m.link},
               {"method", odds["method"]}, {"outcomes", odds["outcomes"]}};
        if (odds.contains("ci95")) out["ci95"] = odds["ci95"];
        if (roll.is_null())
            out["svg"] = svg(m);
        else
            out["roll"] = {{"seed", roll["seed"]}, {"outcome", roll["outcome"]}, {"dice", roll["dice"]}};
    } catch (const InputError& e) {
        out = error(e.path(), e.what(), "input");
    } catch (const std::bad_alloc&) {
        out = error("", "out of memory: make the battle smaller", "limit");
    } catch (const std::exception& e) {
        out = error("", e.what(), "failed");
    }
    return api::answer_text(out);
}

}  // namespace bc::share

#include "share/model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "api/api.hpp"
#include "share/text.hpp"

namespace bc::share {

namespace {

// A very long battle (thousands of Olympia attacks) lists its first events
// and says how many more there were: the link shows the whole battle.
constexpr std::size_t kMaxEvents = 400;

double number(const json& j, const char* key, double def = 0) {
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : def;
}
std::string text(const json& j, const char* key, const std::string& def = "") {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : def;
}
std::string count(double n) { return num(n, 0); }

// Outcomes in the page's order and words (site/js: bloodied.js, olympia.js,
// warfare-results.js), each with its interval when the odds were sampled.
void read_odds(Model& m, const json& odds, const std::vector<std::pair<std::string, std::string>>& words) {
    m.exact = text(odds, "method").rfind("exact", 0) == 0;
    const json& ci = odds.contains("ci95") ? odds["ci95"] : json::object();
    for (const auto& [id, label] : words) {
        Outcome o{id, label, number(odds["outcomes"], id.c_str()), std::nullopt};
        if (!m.exact && ci.contains(id) && ci[id].is_array() && ci[id].size() == 2)
            o.ci = std::make_pair(ci[id][0].get<double>(), ci[id][1].get<double>());
        m.outcomes.push_back(o);
    }
    m.method_words = m.exact ? "exact" : "sampled: " + count(number(odds, "trials")) + " battles, 95% intervals";
    if (m.exact && number(odds, "dropped") > 0)
        m.notes.push_back("Probability " + pct(number(odds, "dropped")) + " left out by the exact solver.");
}

// Log entries in order, all but the closing summary (which becomes the result).
std::vector<std::string> events_of(const json& roll) {
    std::vector<std::string> out;
    for (const auto& e : roll["log"]) {
        if (text(e, "step") == "summary") continue;
        out.push_back(text(e, "text"));
    }
    return out;
}

std::string summary_of(const json& roll) {
    for (const auto& e : roll["log"])
        if (text(e, "step") == "summary") return text(e, "text");
    return "";
}

void cap_events(Report& r) {
    if (r.events.size() > kMaxEvents) {
        r.left_out = r.events.size() - kMaxEvents;
        r.events.resize(kMaxEvents);
    }
}

// ---- Bloodied Steel ----
void bloodied(Model& m, const json& odds, const json& roll) {
    m.ruleset_name = "Bloodied Steel";
    const std::vector<std::pair<std::string, std::string>> nations = {{"tribunan", "Tribunan"}, {"ashen", "Ashen"}};
    for (const auto& [id, name] : nations) {
        Army a{name, {}};
        for (const auto& u : odds["units"]) {
            if (text(u, "nation") != id) continue;
            a.units.push_back(text(u, "name") + " (Arms " + count(number(u, "arms")) + ", Armour " +
                              count(number(u, "armour")) + ", Size " + count(number(u, "size")) + ")");
            m.losses.push_back({name, text(u, "name"), number(u, "size"), number(u, "mean_final_size"),
                                number(u, "destroyed")});
        }
        m.armies.push_back(a);
    }
    read_odds(m, odds,
              {{"tribunan", "Tribunan victorious"}, {"ashen", "Ashen victorious"}, {"retreat", "Both retreat"},
               {"none", "No units left"}});
    m.loss_measure = "Size";
    m.gone_word = "Destroyed";
    if (roll.is_null()) return;
    // The Story Post the rules ask for: the battle's events, its casualties, and who is Victorious.
    Report r{"Story Post", {}, {}, "", 0};
    r.events = events_of(roll);
    for (const auto& u : roll["units"]) {
        const std::string side = text(u, "nation") == "tribunan" ? "Tribunan" : "Ashen";
        const double size = number(u, "size"), left = number(u, "final_size");
        if (u.value("destroyed", false))
            r.casualties.push_back(side + ": " + text(u, "name") + " destroyed (Size " + count(size) + " → 0)");
        else if (left < size)
            r.casualties.push_back(side + ": " + text(u, "name") + " reduced, Size " + count(size) + " → " + count(left));
        else
            r.casualties.push_back(side + ": " + text(u, "name") + " unharmed (Size " + count(size) + ")");
    }
    const std::string outcome = text(roll, "outcome");
    r.result = outcome == "tribunan" ? "The Tribunan are Victorious."
               : outcome == "ashen"  ? "The Ashen are Victorious."
               : outcome == "retreat" ? "Neither side is Victorious: both retreat."
                                      : "No unit is left on either side.";
    cap_events(r);
    m.report = r;
}

// ---- Olympia ----
// Kinds of men by id: their plural names, from the rules themselves.
std::string plural(const std::string& kind) {
    static const json rules = json::parse(api::rules(R"({"ruleset":"olympia"})"));
    for (const auto& k : rules["rulesets"]["olympia"]["kinds"])
        if (text(k, "id") == kind) return text(k, "plural", kind);
    return kind;
}

void olympia(Model& m, const json& battle, const json& odds, const json& roll) {
    m.ruleset_name = "Olympia";
    const std::vector<std::pair<std::string, std::string>> sides = {{"attacker", "Attacker"}, {"defender", "Defender"}};
    for (const auto& [id, name] : sides) {
        Army a{name, {}};
        const json& s = odds["sides"][id];
        const json nobles = battle.contains(id) && battle[id].is_object() ? battle[id].value("nobles", json::array())
                                                                             : json::array();
        for (std::size_t i = 0; i < s["nobles"].size(); ++i) {
            std::vector<std::string> men;
            if (i < nobles.size() && nobles[i].is_object() && nobles[i].contains("troops") && nobles[i]["troops"].is_object())
                for (const auto& [k, n] : nobles[i]["troops"].items())
                    if (n.is_number() && n.get<double>() > 0) men.push_back(count(n.get<double>()) + " " + plural(k));
            std::string who = text(s["nobles"][i], "name");
            if (!men.empty()) {
                who += " (";
                for (std::size_t j = 0; j < men.size(); ++j) who += (j ? ", " : "") + men[j];
                who += ")";
            }
            a.units.push_back(who);
        }
        if (id == "defender" && odds.contains("structure") && odds["structure"].is_object())
            a.units.push_back("in a " + text(odds["structure"], "kind"));
        for (const auto& [k, v] : s["men"].items()) {
            std::string kind = plural(k);
            if (!kind.empty()) kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
            const double none = v.contains("p") && v["p"].contains("0") ? v["p"]["0"].get<double>() : 0;
            m.losses.push_back({name, kind, number(v, "start"), number(v, "mean"), none});
        }
        for (const auto& n : s["nobles"])
            if (number(n, "killed") > 0 || number(n, "captured") > 0)
                m.notes.push_back(name + "'s noble " + text(n, "name") + ": killed " + pct(number(n, "killed")) +
                                  ", captured " + pct(number(n, "captured")) + ".");
        m.armies.push_back(a);
    }
    read_odds(m, odds, {{"attacker", "Attacker wins"}, {"defender", "Defender wins"}, {"tie", "Both break"}});
    m.loss_measure = "men";
    m.gone_word = "All lost";
    if (roll.is_null()) return;
    // The turn report the roll already writes, line by line.
    Report r{"Turn report", {}, {}, summary_of(roll), 0};
    r.events = events_of(roll);
    cap_events(r);
    m.report = r;
}

// ---- Strongholds & Followers ----
void warfare(Model& m, const json& odds, const json& roll) {
    m.ruleset_name = "Strongholds & Followers";
    const std::vector<std::pair<std::string, std::string>> sides = {{"attacker", "Attacker"}, {"defender", "Defender"}};
    for (const auto& [id, name] : sides) {
        Army a{name, {}};
        for (const auto& u : odds["units"]) {
            if (text(u, "side") != id) continue;
            a.units.push_back(text(u, "name") + " (" + text(u, "type") + ", d" + count(number(u, "die")) + ")");
            m.losses.push_back({name, text(u, "name"), number(u, "start"), number(u, "mean_final"), number(u, "removed")});
        }
        m.armies.push_back(a);
    }
    read_odds(m, odds, {{"attacker", "Attacker wins"}, {"defender", "Defender wins"}, {"draw", "Both broken or gone"}});
    m.loss_measure = "casualty die";
    m.gone_word = "Removed";
    if (number(odds["outcomes"], "endless") > 0)
        m.notes.push_back("Endless: " + pct(number(odds["outcomes"], "endless")) +
                          " of battles never end (not counted as a win, a loss or a draw).");
    if (odds.contains("expected_rounds"))
        m.notes.push_back("Expected length: " + num(number(odds, "expected_rounds")) + " rounds.");
    if (roll.is_null()) return;
    // One line per order: the order, then what came of it, until the next order.
    Report r{"Orders, one by one", {}, {}, summary_of(roll), 0};
    std::string round, line;
    auto flush = [&] {
        if (!line.empty()) r.events.push_back(line);
        line.clear();
    };
    for (const auto& e : roll["log"]) {
        const std::string step = text(e, "step"), t = text(e, "text");
        if (step == "summary") continue;
        if (step == "round") {
            flush();
            round = t;
        } else if (step == "order") {
            flush();
            line = (round.empty() ? "" : round + " ") + t;
            round.clear();
        } else if (line.empty()) {
            r.events.push_back(t);
        } else {
            line += " " + t;
        }
    }
    flush();
    for (const auto& u : roll["units"]) {
        std::string c = (text(u, "side") == "attacker" ? "Attacker: " : "Defender: ") + text(u, "name") +
                        ": casualty die " + count(number(u, "start")) + " → " + count(number(u, "final"));
        std::vector<std::string> flags;
        if (u.value("removed", false)) flags.push_back("removed");
        if (u.value("retreated", false)) flags.push_back("left the field");
        if (u.value("rallied", false)) flags.push_back("rallied");
        for (std::size_t i = 0; i < flags.size(); ++i) c += (i ? ", " : " (") + flags[i];
        if (!flags.empty()) c += ")";
        r.casualties.push_back(c);
    }
    cap_events(r);
    m.report = r;
}

}  // namespace

std::string armies_line(const Model& m) {
    std::string out;
    for (std::size_t i = 0; i < m.armies.size(); ++i) {
        if (i) out += " against ";
        out += m.armies[i].side + ": ";
        if (m.armies[i].units.empty()) out += "no units";
        for (std::size_t j = 0; j < m.armies[i].units.size(); ++j) out += (j ? ", " : "") + m.armies[i].units[j];
    }
    return out;
}

std::string plus_minus(const Outcome& o) {
    if (!o.ci) return "";
    return "± " + pct((o.ci->second - o.ci->first) / 2);
}

Model model_of(const json& battle, const json& odds, const json& roll) {
    Model m;
    m.ruleset = text(odds, "ruleset");
    if (m.ruleset == "bloodied-steel")
        bloodied(m, odds, roll);
    else if (m.ruleset == "olympia")
        olympia(m, battle, odds, roll);
    else if (m.ruleset == "warfare")
        warfare(m, odds, roll);
    else
        throw std::runtime_error("the \"" + m.ruleset + "\" rules have no snapshot");
    if (!roll.is_null()) m.seed = roll.value("seed", std::uint64_t{0});
    return m;
}

}  // namespace bc::share

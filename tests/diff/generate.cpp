// Random small battles of each rule system. The aim is coverage, not
// realism: every option and policy value, every kind, ancestry, trait, rules
// version and starting state the JSON accepts turns up, on armies small
// enough to solve exactly in milliseconds.
#include "generate.hpp"

#include <algorithm>
#include <set>

#include "api/api.hpp"

namespace bc::diff {

namespace {

// The rule system's rules() answer, read once.
const json& rules_of(const std::string& system) {
    static std::map<std::string, json> cache;
    auto it = cache.find(system);
    if (it == cache.end()) {
        const json all = json::parse(api::rules(json{{"ruleset", system}}.dump()));
        it = cache.emplace(system, all.at("rulesets").at(system)).first;
    }
    return it->second;
}

std::uint32_t below(Rng& rng, std::size_t n) { return rng.below(static_cast<std::uint32_t>(n)); }
bool chance(Rng& rng, int percent) { return rng.below(100) < static_cast<std::uint32_t>(percent); }
int between(Rng& rng, int lo, int hi) { return lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1))); }
template <class T>
const T& pick(Rng& rng, const std::vector<T>& v) {
    return v[below(rng, v.size())];
}
std::vector<std::string> ids(const json& list) {
    std::vector<std::string> out;
    for (const auto& x : list) out.push_back(x.at("id").get<std::string>());
    return out;
}

// Small ranges for whole-number options, so that every value matters: a
// retreat below 4 units, DCs around the book's 15, a few orders a turn.
std::pair<int, int> small_range(const json& o) {
    const std::string id = o.at("id").get<std::string>();
    const int lo = o.at("min").get<int>(), hi = o.at("max").get<int>();
    if (id.find("_dc") != std::string::npos) return {std::max(lo, 5), std::min(hi, 22)};
    if (id.find("retreat_below") == 0) return {lo, std::min(hi, 3)};
    return {lo, std::min(hi, lo + 2)};
}

// Each option or policy item: left out (its default) half the time, else any of its values.
json random_settings(Rng& rng, const json& list) {
    json out = json::object();
    for (const auto& o : list) {
        if (chance(rng, 50)) continue;
        const std::string id = o.at("id").get<std::string>(), type = o.at("type").get<std::string>();
        if (type == "bool") {
            out[id] = chance(rng, 50);
        } else if (type == "int") {
            const auto [lo, hi] = small_range(o);
            out[id] = between(rng, lo, hi);
        } else {
            out[id] = pick(rng, ids(o.at("choices")));
        }
    }
    return out;
}

// ---------------------------------------------------------------- S&F

// At most one unit a side stands for its leader; fortifications cannot.
json warfare_unit(Rng& rng, const json& tables, int index, bool fort_ok, std::set<std::string>& keywords,
                  int max_size) {
    static const std::vector<std::string> sizes = {"d4", "d4", "d4", "d6", "d6", "d8"};
    std::vector<std::string> sz(sizes.begin(), sizes.end());
    const std::string size = max_size <= 4 ? std::string("d4") : max_size <= 6 ? pick(rng, std::vector<std::string>{"d4", "d6"}) : pick(rng, sz);
    const int faces = std::stoi(size.substr(1));
    json u = {{"name", "U" + std::to_string(index)}, {"size", size}};
    const int kind = static_cast<int>(rng.below(100));
    std::vector<std::string> types;
    for (const auto& t : tables.at("types"))
        if (t.at("id") != "fortification") types.push_back(t.at("id").get<std::string>());
    std::vector<std::string> traits = ids(tables.at("traits"));
    traits.erase(std::remove(traits.begin(), traits.end(), "always-diminished"), traits.end());
    if (fort_ok && kind < 12) {
        u["type"] = "fortification";
        u["defense"] = between(rng, 8, 18);
        u["toughness"] = between(rng, 8, 16);
        if (chance(rng, 60)) u["morale_bonus"] = between(rng, 0, 4);
        if (chance(rng, 25)) u["sapped"] = true;
    } else if (kind < 35) {
        // Stats from another book: any type, any listed traits.
        u["type"] = pick(rng, types);
        u["attack"] = between(rng, -2, 6);
        u["power"] = between(rng, -2, 6);
        u["defense"] = between(rng, 8, 18);
        u["toughness"] = between(rng, 8, 16);
        u["morale"] = between(rng, -2, 6);
        json t = json::array();
        const int n = between(rng, 0, 3);
        for (int i = 0; i < n; ++i) t.push_back(pick(rng, traits));
        if (u["type"] == "levies" && chance(rng, 30)) t.push_back("always-diminished");
        if (chance(rng, 40)) u["experience"] = pick(rng, ids(tables.at("experience")));
        u["traits"] = t;
    } else {
        // Keywords: an army fields one unit per ancestry, experience, equipment and type.
        for (int attempt = 0; attempt < 20; ++attempt) {
            const std::string type = pick(rng, types), anc = pick(rng, ids(tables.at("ancestries")));
            std::string exp = "none";
            std::vector<std::string> eqs;  // levies without equipment take option levy_equipment's: either
            json v = {{"type", type}, {"ancestry", anc}};
            if (type == "levies") {
                if (chance(rng, 50)) {
                    const std::string eq = pick(rng, std::vector<std::string>{"none", "light"});
                    v["equipment"] = eq;
                    eqs = {eq};
                } else {
                    eqs = {"none", "light"};
                }
            } else {
                v["experience"] = exp = pick(rng, ids(tables.at("experience")));
                const std::string eq = pick(rng, ids(tables.at("equipment")));
                v["equipment"] = eq;
                eqs = {eq};
            }
            bool clash = false;
            for (const auto& eq : eqs) clash = clash || keywords.count(type + "/" + anc + "/" + exp + "/" + eq);
            if (clash) continue;
            for (const auto& eq : eqs) keywords.insert(type + "/" + anc + "/" + exp + "/" + eq);
            u.update(v);
            break;
        }
        if (!u.contains("type")) {  // 20 clashes in a row: a plain explicit unit instead
            u["type"] = "infantry";
            for (const char* k : {"attack", "power", "morale"}) u[k] = between(rng, 0, 4);
            u["defense"] = between(rng, 10, 14);
            u["toughness"] = between(rng, 10, 14);
        } else if (chance(rng, 30)) {
            json t = json::array();
            t.push_back(pick(rng, traits));
            u["traits"] = t;
        }
    }
    if (chance(rng, 30)) u["casualties"] = between(rng, 1, faces);
    if (u["type"] != "fortification" && chance(rng, 12)) u["unpaid"] = true;
    return u;
}

json warfare_battle(Rng& rng) {
    const json& r = rules_of("warfare");
    const json& tables = r.at("tables");
    json b = {{"ruleset", "warfare"}};
    if (chance(rng, 20)) b["rules_version"] = 1;
    b["options"] = random_settings(rng, r.at("options"));
    b["policy"] = random_settings(rng, r.at("policy"));
    // Armies: 1-3 units a side, smaller dice with more units (exact in milliseconds).
    const int n0 = between(rng, 1, 3), n1 = between(rng, 1, 3);
    const int max_size = n0 + n1 >= 5 ? 4 : n0 + n1 >= 4 ? 6 : 8;
    int index = 0;
    for (const char* side : {"attacker", "defender"}) {
        const int n = side[0] == 'a' ? n0 : n1;
        std::set<std::string> keywords;
        json units = json::array();
        bool fort = false;
        for (int i = 0; i < n; ++i) {
            json u = warfare_unit(rng, tables, index++, n > 1 && !fort, keywords, max_size);
            fort = fort || u["type"] == "fortification";
            units.push_back(u);
        }
        if (chance(rng, 20)) {
            std::vector<std::size_t> can;
            for (std::size_t i = 0; i < units.size(); ++i)
                if (units[i]["type"] != "fortification") can.push_back(i);
            if (!can.empty()) units[pick(rng, can)]["leader"] = true;
        }
        b[side] = {{"units", units}};
    }
    return b;
}

// ---------------------------------------------------------------- Olympia

json olympia_battle(Rng& rng) {
    const json& r = rules_of("olympia");
    json b = {{"ruleset", "olympia"}, {"options", random_settings(rng, r.at("options"))}};
    std::vector<std::string> kinds = ids(r.at("kinds")), sieges, fighters;
    for (const auto& k : r.at("kinds")) (k.at("siege").get<bool>() ? sieges : fighters).push_back(k.at("id").get<std::string>());
    const bool structure = chance(rng, 30);
    for (const char* side : {"attacker", "defender"}) {
        const bool att = side[0] == 'a';
        json nobles = json::array();
        const int n = chance(rng, 25) ? 2 : 1;
        int men_left = between(rng, 0, 7);  // men a side: the generic state stays small
        for (int i = 0; i < n; ++i) {
            json nb = {{"name", std::string(att ? "A" : "D") + std::to_string(i)}};
            if (chance(rng, 25)) nb["attack"] = between(rng, 0, 150);
            if (chance(rng, 25)) nb["defense"] = between(rng, 0, 150);
            if (chance(rng, 15)) nb["missile"] = between(rng, 0, 100);
            if (chance(rng, 30)) nb["health"] = between(rng, 1, 100);
            if (chance(rng, 30)) nb["behind"] = between(rng, 0, 2);
            if (i == 0 && chance(rng, 60))
                nb["break_point"] = chance(rng, 50) ? pick(rng, std::vector<int>{0, 25, 50, 75, 100}) : between(rng, 0, 100);
            json troops = json::object();
            const int kinds_here = between(rng, 0, 2);
            for (int k = 0; k < kinds_here && men_left > 0; ++k) {
                const int count = between(rng, 1, men_left);
                men_left -= count;
                troops[pick(rng, kinds)] = count;
            }
            if (att && structure && chance(rng, 50)) troops[pick(rng, sieges)] = between(rng, 1, 2);
            nb["troops"] = troops;
            nobles.push_back(nb);
        }
        b[side] = {{"nobles", nobles}};
        if (!att && structure) {
            json st = {{"kind", pick(rng, ids(r.at("structures")))}};
            if (chance(rng, 70)) st["defense"] = between(rng, 0, 30);
            if (chance(rng, 30)) st["damage"] = between(rng, 0, 99);
            b[side]["structure"] = st;
        }
    }
    return b;
}

// ---------------------------------------------------------------- Bloodied Steel

json bloodied_battle(Rng& rng) {
    const json& r = rules_of("bloodied-steel");
    json units = json::array();
    const int n = between(rng, 1, 5);
    std::vector<std::string> names;
    for (int i = 0; i < n; ++i) {
        json u = {{"nation", i == 0 ? "tribunan" : i == 1 ? "ashen" : pick(rng, ids(r.at("nations")))},
                  {"arms", between(rng, 0, 6)}, {"armour", between(rng, 0, 8)}, {"size", between(rng, 0, 6)}};
        // Names repeat now and then, so that tactics must name a unit by number.
        const std::string name = chance(rng, 15) && !names.empty() ? pick(rng, names) : "U" + std::to_string(i);
        if (chance(rng, 85)) u["name"] = name;
        names.push_back(u.value("name", "Unit " + std::to_string(i + 1)));
        units.push_back(u);
    }
    json tactics = json::array();
    const int t = between(rng, 0, 3);
    for (int i = 0; i < t; ++i) {
        const std::string effect = pick(rng, ids(r.at("effects")));
        json x = {{"name", "T" + std::to_string(i)}, {"effect", effect}, {"amount", between(rng, -3, 3)}};
        if (effect == "total") {
            x["target"] = pick(rng, ids(r.at("nations")));
        } else {
            const std::size_t k = below(rng, names.size());
            const bool unique = std::count(names.begin(), names.end(), names[k]) == 1;
            if (unique && chance(rng, 60))
                x["target"] = names[k];
            else
                x["target"] = static_cast<int>(k);
        }
        tactics.push_back(x);
    }
    return {{"ruleset", "bloodied-steel"}, {"units", units}, {"tactics", tactics}};
}

}  // namespace

const std::vector<std::string>& systems() {
    static const std::vector<std::string> s = {"bloodied-steel", "olympia", "warfare"};
    return s;
}

json random_battle(const std::string& system, Rng& rng) {
    if (system == "warfare") return warfare_battle(rng);
    if (system == "olympia") return olympia_battle(rng);
    if (system == "bloodied-steel") return bloodied_battle(rng);
    throw std::invalid_argument("no generator for " + system);
}

}  // namespace bc::diff

#include "api/label.hpp"

#include <cctype>
#include <map>

namespace bc::api {

// Named, not anonymous: the unity build compiles this file beside others.
namespace labels {

// The request formats' keys in words, as the books and the pages call them.
// `ruleset` "" holds for every rule system; a rule system's own word wins.
struct Word {
    const char* ruleset;
    const char* key;
    const char* words;
};
constexpr Word kWords[] = {
    // Bloodied Steel: a unit's stats, capitalised as in its book.
    {"", "arms", "Arms"},
    {"", "armour", "Armour"},
    {"bloodied-steel", "size", "Size"},
    // Olympia: ratings, and a noble's men.
    {"", "attack", "Attack"},
    {"", "defense", "Defense"},
    {"", "missile", "Missile"},
    {"", "health", "Health"},
    {"", "break_point", "break point"},
    {"", "troops", "men"},
    // Strongholds & Followers: a unit's card and terms of hire.
    {"", "power", "Power"},
    {"", "toughness", "Toughness"},
    {"", "morale", "Morale"},
    {"", "casualties", "casualty die"},
    {"", "cost", "printed cost"},
    {"", "morale_bonus", "morale bonus"},
    {"", "size_cost_modifier", "cost modifier for its size"},
    {"", "attitude", "attitude of its ancestry"},
    // Strongholds & Followers: a roster's actions.
    {"", "final", "die at the end"},
    {"", "days", "days to advance"},
    {"", "weeks", "weeks to advance"},
};

using Pair = std::pair<const char*, const char*>;
// Lists whose items are things of their own, named by their "name": a
// singular for an unnamed one ("unit 3").
constexpr Pair kThingLists[] = {{"units", "unit"}, {"nobles", "noble"}, {"tactics", "tactic"}};
// Lists whose items are fields of the thing that holds them ("trait 2").
constexpr Pair kFieldLists[] = {{"traits", "trait"}, {"battles", "battle"}, {"ledger", "ledger entry"}};
// Objects keyed by ids: a noble's men by kind, a roster's payments by unit.
constexpr Pair kIdMaps[] = {{"troops", ""}, {"pay", ""}};
// The request's groups of named options, and the word before an option's name.
constexpr Pair kOptionGroups[] = {{"options", "Rule"}, {"policy", "Policy"}, {"solver", "How to compute,"}};
// The solver's settings, named as the page's form names them (site/js/solver-form.js).
constexpr Pair kSolverNames[] = {
    {"method", "Method"},
    {"path", "Path"},
    {"trials", "Monte Carlo battles (at most)"},
    {"target_halfwidth", "Stop sampling at ± (0 = never)"},
    {"seed", "Monte Carlo seed"},
    {"max_states", "Exact solver: state budget"},
    {"max_memory_mb", "Exact solver: memory budget (MB)"},
    {"time_limit_s", "Time budget (seconds)"},
    {"exact_time_s", "Exact attempt before sampling (seconds)"},
    {"prune", "Drop states less likely than"},
};

// The value for `key` in a table, or null.
template <std::size_t N>
const char* find(const Pair (&table)[N], const std::string& key) {
    for (const Pair& p : table)
        if (key == p.first) return p.second;
    return nullptr;
}

std::string plain(const std::string& key) {
    std::string out = key;
    for (char& c : out)
        if (c == '_') c = ' ';
    return out;
}

std::string word(const std::string& key, const std::string& ruleset) {
    const char* general = nullptr;
    for (const Word& w : kWords) {
        if (key != w.key) continue;
        if (ruleset == w.ruleset) return w.words;
        if (*w.ruleset == '\0') general = w.words;
    }
    return general ? general : plain(key);
}

bool is_index(const std::string& t) {
    if (t.empty() || t.size() > 9) return false;
    for (char c : t)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

std::vector<std::string> tokens_of(const std::string& path) {
    std::vector<std::string> out;
    if (path.empty()) return out;
    std::string cur;
    for (std::size_t k = path[0] == '/' ? 1 : 0; k <= path.size(); ++k) {
        if (k == path.size() || path[k] == '/') {
            out.push_back(cur);
            cur.clear();
        } else if (path[k] == '~' && k + 1 < path.size()) {
            cur += path[k + 1] == '1' ? '/' : '~';
            ++k;
        } else {
            cur += path[k];
        }
    }
    return out;
}

const json* child(const json* at, const std::string& t) {
    if (!at) return nullptr;
    if (at->is_object()) {
        const auto it = at->find(t);
        return it == at->end() ? nullptr : &*it;
    }
    if (at->is_array() && is_index(t)) {
        const std::size_t i = std::stoul(t);
        return i < at->size() ? &(*at)[i] : nullptr;
    }
    return nullptr;
}

std::string text_field(const json* at, const char* key) {
    const json* v = child(at, key);
    return v && v->is_string() ? v->get<std::string>() : std::string();
}

// A thing's own name: its "name", or that of the unit it holds (a roster's units).
std::string own_name(const json* at) {
    std::string n = text_field(at, "name");
    if (n.empty()) n = text_field(child(at, "unit"), "name");
    return n;
}

// The request's units by "id" (a roster's), for a place that names one by id.
void index_ids(const json& at, std::map<std::string, std::string>& out) {
    if (at.is_object()) {
        const std::string id = text_field(&at, "id");
        const std::string name = own_name(&at);
        if (!id.empty() && !name.empty()) out.emplace(id, name);
    }
    if (at.is_structured())
        for (const auto& v : at) index_ids(v, out);
}

// What an id stands for in the rules (a kind of men, a structure): its
// plural when asked and known, else its name.
std::string rules_name(const json* rules, const std::string& id, bool plural) {
    if (!rules || !rules->is_object()) return {};
    for (const auto& [list_name, list] : rules->items()) {
        if (!list.is_array()) continue;
        for (const auto& x : list)
            if (x.is_object() && text_field(&x, "id") == id) {
                const std::string p = text_field(&x, "plural");
                return plural && !p.empty() ? p : text_field(&x, "name");
            }
    }
    return {};
}

// An option's name from the rules' list for its group ("options", or a call's
// own such as "roster_options"), else from its key.
std::string option_name(const json* rules, const std::string& group, const std::string& id) {
    if (group == "solver") {
        const char* name = find(kSolverNames, id);
        return name ? name : plain(id);
    }
    if (rules && rules->is_object())
        for (const auto& [list_name, list] : rules->items()) {
            const bool own = list_name == group ||
                             (list_name.size() > group.size() + 1 &&
                              list_name.compare(list_name.size() - group.size() - 1, std::string::npos, "_" + group) == 0);
            if (!own || !list.is_array()) continue;
            for (const auto& o : list)
                if (o.is_object() && text_field(&o, "id") == id) return text_field(&o, "name");
        }
    return plain(id);
}

struct Walk {
    Walk(const json& request_, const json* rules_, const std::string& ruleset_)
        : request(request_), rules(rules_), ruleset(ruleset_) {}
    const json& request;
    const json* rules;
    const std::string& ruleset;
    std::string thing;
    bool named = false;   // `thing` is the input's own text: never recapitalised
    std::string owner;    // "the attacker's " for an unnamed unit of that side
    std::vector<std::string> field;
    bool raw = false;     // inside a field list's item: its keys as they are
    bool item = false;    // the last step was a thing list's item (its "unit" is itself)
    std::map<std::string, std::string> ids;
    bool ids_read = false;

    const std::string* unit_by_id(const std::string& id) {
        if (!ids_read) index_ids(request, ids);
        ids_read = true;
        const auto it = ids.find(id);
        return it == ids.end() ? nullptr : &it->second;
    }
    void name_thing(const std::string& name, const std::string& otherwise) {
        named = !name.empty();
        thing = named ? name : otherwise;
        field.clear();
        raw = false;
    }
    void step(const std::vector<std::string>& t, std::size_t& k, const json*& at);
};

void Walk::step(const std::vector<std::string>& t, std::size_t& k, const json*& at) {
    const std::string& key = t[k];
    const std::string prev = k ? t[k - 1] : std::string();
    const json* next = child(at, key);
    const bool index = is_index(key) && (!at || at->is_array());
    const bool was_item = item;
    item = false;
    if (index && find(kThingLists, prev)) {
        std::string name = own_name(next);
        if (name.empty()) {
            if (const std::string* n = unit_by_id(text_field(next, "id"))) name = *n;
        }
        name_thing(name, owner + find(kThingLists, prev) + " " + std::to_string(std::stoul(key) + 1));
        item = true;
    } else if (index) {
        const char* singular = find(kFieldLists, prev);
        const std::string what = (singular ? singular : plain(prev) + " item") + " " + std::to_string(std::stoul(key) + 1);
        if (!field.empty() && field.back() == word(prev, ruleset))
            field.back() = what;
        else
            field.push_back(what);
        raw = true;
    } else if (k == 0 && (key == "attacker" || key == "defender")) {
        name_thing("", "the " + key);
        owner = "the " + key + "'s ";
    } else if (k == 0 && key == "roster") {
        name_thing("", "the roster");
        owner = "the roster's ";
    } else if (k == 0 && find(kOptionGroups, key) && k + 1 < t.size()) {
        name_thing("", std::string(find(kOptionGroups, key)) + " “" + option_name(rules, key, t[k + 1]) + "”");
        next = child(next, t[++k]);
    } else if (key == "unit" && (!next || next->is_object())) {
        if (!was_item) name_thing(own_name(next), owner.empty() ? "the unit" : owner + "unit");
    } else if (key == "structure") {
        const std::string kind = rules_name(rules, text_field(next, "kind"), false);
        name_thing("", (owner.empty() ? "the " : owner) + (kind.empty() ? "structure" : kind));
    } else if (k == 0 && key == "action") {
        // What is asked, not a field of it: the unit it names by "id" is the thing.
        owner = "the action's ";
        if (const std::string* n = unit_by_id(text_field(next, "id"))) name_thing(*n, "");
    } else if (find(kIdMaps, prev) && !raw) {
        if (const std::string* n = unit_by_id(key)) {
            thing = *n;  // a unit's entry: the unit, with the map's word as its field
            named = true;
        } else {
            // A kind of men: its name replaces the map's word ("soldiers", not "men soldier").
            const std::string what = rules_name(rules, key, true);
            if (!field.empty()) field.pop_back();
            field.push_back(what.empty() ? plain(key) : what);
        }
    } else {
        field.push_back(raw ? plain(key) : word(key, ruleset));
    }
    at = next;
}

std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

}  // namespace labels

std::string Place::label() const {
    if (thing.empty()) return field;
    return field.empty() ? thing : thing + ": " + field;
}

Place place_of(const json& request, const json* rules, const std::string& ruleset, const std::string& path) {
    const std::vector<std::string> t = labels::tokens_of(path);
    labels::Walk w(request, rules, ruleset);
    const json* at = &request;
    for (std::size_t k = 0; k < t.size(); ++k) w.step(t, k, at);
    Place p;
    p.thing = w.named ? w.thing : labels::capitalised(w.thing);
    std::string field;
    for (const auto& f : w.field) {
        if (f.empty()) continue;
        if (!field.empty()) field += ' ';
        field += f;
    }
    p.field = p.thing.empty() ? labels::capitalised(field) : field;
    return p;
}

void add_words(json& error, const json& request, const json* rules, const std::string& ruleset) {
    const std::string path = error.value("path", "");
    const Place p = place_of(request, rules, ruleset, path);
    if (p.label().empty()) return;
    error["label"] = p.label();
    if (!p.thing.empty() && !p.field.empty()) error["field"] = p.field;
    if (error.contains("refers") && error["refers"].is_string())
        error["refers_label"] = place_of(request, rules, ruleset, error["refers"].get<std::string>()).label();
}

}  // namespace bc::api

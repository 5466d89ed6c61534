#include "tools/pointer.hpp"

#include <cmath>

namespace bc::tools {

namespace {
// contains() may throw on a malformed array index ("01"): then it is not there.
bool has(const json& j, const json::json_pointer& p) {
    try {
        return j.contains(p);
    } catch (const std::exception&) {
        return false;
    }
}

bool is_die_text(const json& v) {
    if (!v.is_string()) return false;
    const std::string s = v.get<std::string>();
    if (s.size() < 2 || (s[0] != 'd' && s[0] != 'D')) return false;
    for (std::size_t i = 1; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}
}  // namespace

std::string checked_pointer(const json& battle, const In& at) {
    const std::string text = at.as_text(400);
    json::json_pointer p;
    try {
        p = json::json_pointer(text);
    } catch (const std::exception&) {
        at.fail("must be a JSON Pointer into the battle, such as \"/attacker/nobles/0/break_point\"");
    }
    if (text.empty()) at.fail("must point at a number in the battle, not the whole battle");
    const std::string first = text.substr(1, text.find('/', 1) == std::string::npos ? std::string::npos : text.find('/', 1) - 1);
    if (first == "solver" || first == "seed" || first == "ruleset" || first == "rules_version")
        at.fail("must point at a number of the battle itself, not at \"/" + first + "\"");
    const json::json_pointer parent = p.parent_pointer();
    if (!has(battle, parent)) {
        // One missing object is made for the sweep (an "options" or "troops" not written yet).
        const json::json_pointer grand = parent.parent_pointer();
        if (parent.empty() || !has(battle, grand) || !battle.at(grand).is_object())
            at.fail("points into " + parent.to_string() + ", which this battle does not have");
        return text;
    }
    const json& holder = battle.at(parent);
    const std::string leaf = p.back();
    if (holder.is_array()) {
        bool digits = !leaf.empty() && (leaf == "0" || leaf[0] != '0');
        for (char c : leaf) digits = digits && c >= '0' && c <= '9';
        if (!digits || leaf.size() > 6 || std::stoul(leaf) >= holder.size())
            at.fail("points past the end of " + parent.to_string() + " (it has " + std::to_string(holder.size()) +
                    " items)");
    } else if (!holder.is_object()) {
        at.fail("points into " + parent.to_string() + ", which holds no fields");
    }
    if (has(battle, p)) {
        const json& v = battle.at(p);
        if (!v.is_number() && !v.is_null() && !is_die_text(v))
            at.fail("points at " + text + ", which holds " + std::string(v.type_name()) + ", not a number");
    }
    return text;
}

json with_number(const json& battle, const std::string& path, std::int64_t v) {
    json out = battle;
    out[json::json_pointer(path)] = v;
    return out;
}

bool number_at(const json& battle, const std::string& path, std::int64_t& out) {
    const json::json_pointer p(path);
    if (!has(battle, p)) return false;
    const json& v = battle.at(p);
    if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        return true;
    }
    if (v.is_number_float() && std::isfinite(v.get<double>())) {
        out = static_cast<std::int64_t>(std::llround(v.get<double>()));
        return true;
    }
    if (is_die_text(v)) {
        out = std::stoll(v.get<std::string>().substr(1));
        return true;
    }
    return false;
}

}  // namespace bc::tools

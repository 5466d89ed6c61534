#include "json/options.hpp"

namespace bc {

OptionDef option_choice(std::string id, std::string name, std::vector<ChoiceDef> choices, std::string def,
                        std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "choice";
    d.choices = std::move(choices);
    d.def = std::move(def);
    d.text = std::move(text);
    return d;
}

OptionDef option_flag(std::string id, std::string name, bool def, std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "bool";
    d.def = def;
    d.text = std::move(text);
    return d;
}

OptionDef option_int(std::string id, std::string name, int def, int lo, int hi, std::string text) {
    OptionDef d;
    d.id = std::move(id);
    d.name = std::move(name);
    d.type = "int";
    d.def = def;
    d.min = lo;
    d.max = hi;
    d.text = std::move(text);
    return d;
}

OptionDef quoting(OptionDef d, std::string book, json before) {
    d.book = std::move(book);
    d.before = std::move(before);
    return d;
}

json defs_json(const std::vector<OptionDef>& defs) {
    json out = json::array();
    for (const auto& d : defs) {
        json j = {{"id", d.id}, {"name", d.name}, {"type", d.type}, {"default", d.def}, {"text", d.text}};
        if (!d.book.empty()) j["book"] = d.book;
        if (!d.before.is_null()) j["default_rules_version_1"] = d.before;
        if (d.type == "choice") {
            json cs = json::array();
            for (const auto& c : d.choices) cs.push_back({{"id", c.id}, {"name", c.name}, {"text", c.text}});
            j["choices"] = cs;
        }
        if (d.type == "int") {
            j["min"] = d.min;
            j["max"] = d.max;
        }
        out.push_back(j);
    }
    return out;
}

namespace {
const json& default_of(const OptionDef& d, bool earlier) { return earlier && !d.before.is_null() ? d.before : d.def; }
}  // namespace

std::map<std::string, json> read_values(const In& in, const std::vector<OptionDef>& defs, bool earlier) {
    in.must_be_object();
    std::vector<std::string> known;
    for (const auto& d : defs) known.push_back(d.id);
    in.only(known);
    std::map<std::string, json> v;
    for (const auto& d : defs) {
        const json& def = default_of(d, earlier);
        if (d.type == "bool") {
            v[d.id] = in.boolean(d.id, def.get<bool>());
        } else if (d.type == "int") {
            v[d.id] = in.integer(d.id, d.min, d.max, def.get<int>());
        } else {
            std::vector<std::string> ids;
            for (const auto& c : d.choices) ids.push_back(c.id);
            v[d.id] = in.choice(d.id, ids, def.get<std::string>());
        }
    }
    return v;
}

json defaults_json(const std::vector<OptionDef>& defs, bool earlier) {
    json out = json::object();
    for (const auto& d : defs) out[d.id] = default_of(d, earlier);
    return out;
}

}  // namespace bc

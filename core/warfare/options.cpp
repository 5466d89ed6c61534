#include "warfare/options.hpp"

namespace bc::warfare {

namespace {

OptionDef choice(std::string id, std::string name, std::vector<ChoiceDef> choices, std::string def,
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

}  // namespace

const std::vector<OptionDef>& option_defs() {
    static const std::vector<OptionDef> defs = {
        choice("levy_equipment", "Levies' equipment",
               {{"none", "None", "Levies have no equipment rating (S&F p. 235: \"no equipment rating or experience\")."},
                {"light", "Light", "Levies always have Light equipment (S&F p. 233)."}},
               "none",
               "The book's printings disagree about levies' equipment. This is the default for levies whose "
               "equipment is not given; a unit may name either."),
    };
    return defs;
}

const std::vector<OptionDef>& policy_defs() {
    static const std::vector<OptionDef> defs = {};
    return defs;
}

json defs_json(const std::vector<OptionDef>& defs) {
    json out = json::array();
    for (const auto& d : defs) {
        json j = {{"id", d.id}, {"name", d.name}, {"type", d.type}, {"default", d.def}, {"text", d.text}};
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

std::map<std::string, json> read_values(const In& in, const std::vector<OptionDef>& defs) {
    std::vector<std::string> known;
    for (const auto& d : defs) known.push_back(d.id);
    in.only(known);
    std::map<std::string, json> v;
    for (const auto& d : defs) {
        if (d.type == "bool") {
            v[d.id] = in.boolean(d.id, d.def.get<bool>());
        } else if (d.type == "int") {
            v[d.id] = in.integer(d.id, d.min, d.max, d.def.get<int>());
        } else {
            std::vector<std::string> ids;
            for (const auto& c : d.choices) ids.push_back(c.id);
            v[d.id] = in.choice(d.id, ids, d.def.get<std::string>());
        }
    }
    return v;
}

Options parse_options(const In& in) {
    auto v = read_values(in, option_defs());
    Options o;
    o.levy_equipment = v["levy_equipment"].get<std::string>();
    return o;
}

Policy parse_policy(const In& in) {
    read_values(in, policy_defs());
    return Policy{};
}

json options_json(const Options& o) { return {{"levy_equipment", o.levy_equipment}}; }

json policy_json(const Policy&) { return json::object(); }

}  // namespace bc::warfare

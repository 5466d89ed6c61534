// Rule options as data: a rule system lists its open points once, and the same
// list answers rules() for the page, checks a request's "options" (unknown
// fields and bad values are errors naming the field) and supplies defaults.
// Shared by the rule systems so each one states only its own options.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "json/input.hpp"

namespace bc {

struct ChoiceDef {
    std::string id, name, text;
};

struct OptionDef {
    std::string id, name, type;  // type: "choice" | "bool" | "int"
    std::vector<ChoiceDef> choices;
    json def;
    int min = 0, max = 0;
    std::string text;  // what the option settles, in our words
    std::string book;  // the book's own words on the point, quoted ("" when it is silent)
    json before;       // the default under rules version 1 when it differed (null: the same)
};

OptionDef option_choice(std::string id, std::string name, std::vector<ChoiceDef> choices, std::string def,
                        std::string text);
OptionDef option_flag(std::string id, std::string name, bool def, std::string text);
OptionDef option_int(std::string id, std::string name, int def, int lo, int hi, std::string text);
// The same definition with the book's words and an earlier default attached.
OptionDef quoting(OptionDef d, std::string book, json before = nullptr);

json defs_json(const std::vector<OptionDef>& defs);

// Reads an object against the definitions: unknown fields and bad values are
// errors naming the field; missing ones take their defaults, or with
// `earlier` set the defaults of rules version 1.
std::map<std::string, json> read_values(const In& in, const std::vector<OptionDef>& defs, bool earlier = false);

// {id: default} of the definitions, now or under rules version 1.
json defaults_json(const std::vector<OptionDef>& defs, bool earlier = false);

}  // namespace bc

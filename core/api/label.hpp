// An error's place in words, read from the request it came with: the thing
// (a unit or noble by its own name, else "The attacker's unit 3"; a rule option
// by its name) and the field ("casualty die"), so that no page has to read
// JSON paths or message text to say what is wrong.
#pragma once
#include <string>

#include "json/input.hpp"

namespace bc::api {

struct Place {
    std::string thing;  // "Hill Riders", "Rule “Attack order”"; "" when the path names no thing
    std::string field;  // "casualty die"; "" when the path ends at the thing
    // "Hill Riders: casualty die", "Hill Riders", "Seed"; "" for the request as a whole.
    std::string label() const;
};

// `request`: the request as read; `rules`: its rule system's rules() answer
// (option names, kinds of men), or null when it is not known yet; `ruleset`:
// its id ("" when not known). A path that leaves the request is put in words
// all the same, from its keys.
Place place_of(const json& request, const json* rules, const std::string& ruleset, const std::string& path);

// Adds "label" to an error answer's "error" object, from its "path" (none for
// the request as a whole), and "field" when the label ends with a field's
// words: the message reads after them as their predicate ("Hill Riders:
// casualty die must be ..."), and after a label without them, after a colon
// ("Seed: must be ..."). An error's "refers" gets its "refers_label".
void add_words(json& error, const json& request, const json* rules, const std::string& ruleset);

}  // namespace bc::api

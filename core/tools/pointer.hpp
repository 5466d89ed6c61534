// "Any number in the battle": a JSON Pointer (RFC 6901) into the scenario,
// checked before a sweep changes the battle through it.
#pragma once
#include <cstdint>
#include <string>

#include "json/input.hpp"

namespace bc::tools {

// Checks that `at` (a field of the tool's object holding a pointer) names a
// place in `battle` that holds a number (or a die such as "d6"), or an absent
// field of an object that exists (the default is then in effect). Returns the
// pointer's text. Errors name the tool's field and say what is missing.
std::string checked_pointer(const json& battle, const In& at);

// The battle with the number at `path` set to v (the path already checked).
json with_number(const json& battle, const std::string& path, std::int64_t v);

// The number at `path` now, if there is one.
bool number_at(const json& battle, const std::string& path, std::int64_t& out);

}  // namespace bc::tools

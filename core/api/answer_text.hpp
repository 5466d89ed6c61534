#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace bc::api {

// The text of an answer: exactly json::dump() with no indent, not forcing
// ASCII, and with invalid UTF-8 replaced (so that a bad name cannot stop an
// answer from being written).
std::string answer_text(const nlohmann::json& answer);

}  // namespace bc::api

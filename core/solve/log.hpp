// A battle's narration: a list of steps, each with its text and the numbers behind it.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace bc {

class Log {
public:
    void add(std::string step, std::string text, nlohmann::json data = nlohmann::json::object()) {
        nlohmann::json e = std::move(data);
        if (!e.is_object()) e = nlohmann::json::object();
        e["step"] = std::move(step);
        e["text"] = std::move(text);
        entries_.push_back(std::move(e));
    }
    const nlohmann::json& entries() const { return entries_; }
    std::size_t size() const { return entries_.size(); }

private:
    nlohmann::json entries_ = nlohmann::json::array();
};

}  // namespace bc

// libFuzzer target over the JSON API: every call, every rule system.
// The first byte picks the call; the rest is the request text. Solver work is
// capped (a small state budget, few trials, a short time limit) so that the
// fuzzer explores input handling and rules rather than long solves; the caps
// are applied only when the request is an object with a valid solver field,
// and the unmodified text is also fed to the parser.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "api/api.hpp"

namespace {
// Every call any rule system lists in rules() (so a new call is fuzzed as soon
// as it is registered), and the calls outside the rule systems.
const std::vector<std::string>& calls() {
    static const std::vector<std::string> list = [] {
        std::vector<std::string> out = {"rules", "dice", "version"};
        const auto r = nlohmann::json::parse(bc::api::call("rules", "{}"));
        for (const auto& [name, rs] : r["rulesets"].items())
            for (const auto& c : rs["calls"])
                if (std::find(out.begin(), out.end(), c.get<std::string>()) == out.end()) out.push_back(c.get<std::string>());
        return out;
    }();
    return list;
}

std::string capped(const std::string& text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return text;
    auto& s = j["solver"];
    if (!s.is_object()) s = nlohmann::json::object();
    s["max_states"] = 20000;
    s["trials"] = 300;
    s["time_limit_s"] = 1;
    if (j.contains("count") && j["count"].is_number()) j["count"] = 100;
    if (j.contains("max_states") && j["max_states"].is_number()) j["max_states"] = 20000;  // the states call
    if (j.contains("time_limit_s") && j["time_limit_s"].is_number()) j["time_limit_s"] = 1;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 64 * 1024) return 0;
    const std::string& call = calls()[data[0] % calls().size()];
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    const std::string answer = bc::api::call(call, capped(text));
    // Every answer is JSON with "ok".
    const auto j = nlohmann::json::parse(answer, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("ok")) __builtin_trap();
    if (j["ok"] == false && (!j.contains("error") || !j["error"].contains("path") || !j["error"].contains("message")))
        __builtin_trap();
    return 0;
}

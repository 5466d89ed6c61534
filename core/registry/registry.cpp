// The one list of rule systems and shared calls (api/registry.hpp): the only
// file that names them all.
#include "api/registry.hpp"

#include "share/share.hpp"
#include "tools/tools.hpp"

namespace bc::api {

// The order here is the order of the page's navigation.
std::vector<Ruleset> all_rulesets() {
    return {
        bloodied::ruleset(),
        warfare::ruleset(),
        olympia::ruleset(),
    };
}

const std::vector<SharedCall>& shared_calls() {
    static const std::vector<SharedCall> calls = [] {
        std::vector<SharedCall> c;
        // The decision tools work on any rule system's battle (core/tools/).
        for (const auto& name : tools::names())
            c.push_back({name, [name](const Ruleset& r, const In& req) { return tools::run(name, r, req); }});
        return c;
    }();
    return calls;
}

const std::map<std::string, std::function<std::string(const std::string&)>>& whole_calls() {
    static const std::map<std::string, std::function<std::string(const std::string&)>> calls = {
        {"share", share::share},  // a battle's odds or roll as wikitext, Markdown, ... (core/share/)
    };
    return calls;
}

}  // namespace bc::api

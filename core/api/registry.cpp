#include "api/registry.hpp"

namespace bc::api {

// The order here is the order of the page's navigation.
std::vector<Ruleset> all_rulesets() {
    return {
        bloodied::ruleset(),
        warfare::ruleset(),
        olympia::ruleset(),
    };
}

}  // namespace bc::api

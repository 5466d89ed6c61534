#include "tools/facts.hpp"

#include <algorithm>

namespace bc::tools {

const Facts& facts_of(const api::Ruleset& r) {
    if (!r.facts) throw std::logic_error("the " + r.name + " rules give the tools no facts");
    return *r.facts;
}

json Field::to_json() const {
    json j = {{"path", path}, {"label", label}, {"group", group}, {"min", min},
              {"max", max},   {"value", value}, {"step", step}};
    if (!one.empty()) j["one"] = one, j["many"] = many;
    return j;
}

Chances chances_of(const json& odds, const std::vector<std::string>& sides, int side) {
    Chances c;
    const json& o = odds.at("outcomes");
    const std::string& me = sides[static_cast<std::size_t>(side)];
    const std::string& them = sides[static_cast<std::size_t>(1 - side)];
    // Draw: everything else (a tie, a draw, both retreating, nobody left, an endless battle).
    for (auto it = o.begin(); it != o.end(); ++it)
        (it.key() == me ? c.win : it.key() == them ? c.lose : c.draw) += it.value().get<double>();
    const std::string method = odds.value("method", "");
    c.sampled = method.rfind("exact", 0) != 0;
    if (c.sampled) c.trials = odds.value("trials", 0.0);
    return c;
}

json losses_json(const Facts& f, const json& odds) {
    json out = json::object();
    const auto sides = f.sides();
    for (std::size_t s = 0; s < sides.size(); ++s) {
        json parts = json::array();
        double total = 0;
        for (const auto& p : f.losses(odds, static_cast<int>(s))) {
            const double lost = p.start - p.mean_left;
            total += lost;
            parts.push_back({{"label", p.label}, {"start", p.start}, {"mean_left", p.mean_left}, {"lost", lost}});
        }
        out[sides[s]] = {{"total", total}, {"parts", parts}};
    }
    return out;
}

json point_json(const Facts& f, const json& odds, int side) {
    json j = chances_of(odds, f.sides(), side).json_();
    j["losses"] = losses_json(f, odds);
    j["method"] = odds.value("method", "");
    return j;
}

}  // namespace bc::tools

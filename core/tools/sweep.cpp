// Sweep one number: the battle solved at each value of one number in it (a
// JSON Pointer and a range), with every point where more of it gives worse
// odds said in words.
#include <algorithm>

#include "tools/facts.hpp"
#include "tools/pointer.hpp"
#include "tools/tools_impl.hpp"

namespace bc::tools {

namespace {
constexpr std::int64_t kMaxPoints = 101;
constexpr std::int64_t kValueLimit = 1'000'000'000;

// "One more knight (Osswid's knights 10 → 11)", "Raising the attacker's break point from 40 to 50".
std::string more_words(const Field* f, const std::string& label, std::int64_t a, std::int64_t b) {
    if (f && !f->one.empty()) {
        const std::int64_t d = b - a;
        return (d == 1 ? "One more " + f->one : std::to_string(d) + " more " + f->many) + " (" + label + " " +
               std::to_string(a) + " \u2192 " + std::to_string(b) + ")";
    }
    return "Raising " + label + " from " + std::to_string(a) + " to " + std::to_string(b);
}
}  // namespace

json sweep_tool(const api::Ruleset& ruleset, const In& req) {
    const Request r = split(req, "sweep", {"side", "path", "from", "to", "step"});
    const Facts& f = facts_of(ruleset);
    const In tool(r.tool, "/sweep");
    const int side = read_side(tool, f.sides());
    if (!tool.has("path")) tool.fail_at("path", "is required: the number to sweep, as a JSON Pointer into the battle");
    const std::string path = checked_pointer(r.battle, tool.field("path"));
    const std::int64_t from = tool.integer("from", -kValueLimit, kValueLimit);
    const std::int64_t to = tool.integer("to", -kValueLimit, kValueLimit);
    const std::int64_t step = tool.integer("step", 1, kValueLimit, 1);
    const std::int64_t span = to >= from ? to - from : from - to;
    const std::int64_t count = span / step + 1;
    if (count > kMaxPoints)
        tool.fail_at("step", "gives " + std::to_string(count) + " points from " + std::to_string(from) + " to " +
                                 std::to_string(to) + "; a sweep has at most " + std::to_string(kMaxPoints));
    std::vector<std::int64_t> values;
    for (std::int64_t k = 0; k < count; ++k) values.push_back(to >= from ? from + k * step : from - k * step);

    // An impossible value is the sweep's fault, said at its field, before any solve.
    auto remap_at = [&](std::int64_t v, const char* key) {
        return [&, v, key](const InputError& e) {
            if (e.path() == path || e.path().rfind(path + "/", 0) == 0)
                throw InputError("/sweep/" + std::string(key), "at " + std::to_string(v) + ", " + e.path() + " " + e.what());
        };
    };
    for (const auto& [v, key] : {std::pair{from, "from"}, std::pair{to, "to"}}) {
        const json b = with_number(r.battle, path, v);
        try {
            if (ruleset.check) ruleset.check(In(b, ""));
        } catch (const InputError& e) {
            remap_at(v, key)(e);
            throw;
        }
    }

    const auto fields = f.fields(r.battle);
    const Field* field = nullptr;
    for (const auto& x : fields)
        if (x.path == path) field = &x;
    const std::string label = field ? field->label : path;

    Runner run(ruleset, "sweep", r.solver, values.size());
    json points = json::array();
    std::string stopped;
    for (std::size_t i = 0; i < values.size(); ++i) {
        run.progress(i, values.size(), label + " = " + std::to_string(values[i]));
        json odds;
        try {
            odds = run.odds(with_number(r.battle, path, values[i]), remap_at(values[i], "step"));
        } catch (const Stopped& s) {
            stopped = s.why;
            break;
        }
        json p = point_json(f, odds, side);
        p["value"] = values[i];
        points.push_back(p);
    }

    // Where more gives worse: neighbouring values in increasing order. A sampled
    // drop counts only when the two 95% intervals do not overlap.
    std::vector<std::size_t> order(points.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return points[a]["value"] < points[b]["value"]; });
    json worse = json::array();
    std::size_t unseen = 0;  // drops too small to show at the precision the chances are written in
    bool sampled = false;
    const std::string who = f.side_name(side);
    for (std::size_t k = 1; k < order.size(); ++k) {
        const json& a = points[order[k - 1]];
        const json& b = points[order[k]];
        const double pa = a["win"].get<double>(), pb = b["win"].get<double>();
        bool drop = pb < pa - 1e-12;
        if (a.contains("ci95") || b.contains("ci95")) {
            sampled = true;
            const double hi_b = b.contains("ci95") ? b["ci95"]["win"][1].get<double>() : pb;
            const double lo_a = a.contains("ci95") ? a["ci95"]["win"][0].get<double>() : pa;
            drop = hi_b < lo_a;
        }
        if (!drop) continue;
        // "lowers the chance from >99.99% to >99.99%" says nothing: such a
        // drop is counted, and said in the summary, not listed.
        if (percent(pa) == percent(pb)) {
            ++unseen;
            continue;
        }
        const std::int64_t va = a["value"].get<std::int64_t>(), vb = b["value"].get<std::int64_t>();
        worse.push_back({{"from", va},
                         {"to", vb},
                         {"win_from", pa},
                         {"win_to", pb},
                         {"text", more_words(field, label, va, vb) + " lowers " + who + "'s chance to win from " +
                                      percent(pa) + " to " + percent(pb) + "."}});
    }
    json out = {{"path", path},
                {"label", label},
                {"side", f.sides()[static_cast<std::size_t>(side)]},
                {"loss_word", f.loss_word()},
                {"points", points},
                {"worse", worse}};
    if (field && !field->one.empty()) out["one"] = field->one, out["many"] = field->many;
    std::string summary;
    if (points.size() < 2)
        summary = "One point: nothing to compare.";
    else if (worse.empty())
        summary = "Nowhere in this range does " +
                  (field && !field->one.empty() ? "more " + field->many : "raising " + label) + " lower " + who +
                  "'s chance to win" + (sampled ? " by more than the sampling error" : "") +
                  (unseen ? " by as much as the precision shown" : "") + ".";
    else
        summary = std::to_string(worse.size()) + (worse.size() == 1 ? " place" : " places") + " where more gives " +
                  who + " a lower chance to win" + (sampled ? " (beyond the sampling error)" : "") + ".";
    if (unseen)
        summary += " " + std::to_string(unseen) + (unseen == 1 ? " other step lowers" : " other steps lower") +
                   " it by less than that: too little to show as the chances are written here.";
    out["worse_text"] = summary;
    out["worse_unseen"] = unseen;
    finish(out, run, stopped);
    return out;
}

}  // namespace bc::tools

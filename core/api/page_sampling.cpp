#include "api/page_sampling.hpp"

namespace bc {

void read_page_sampling(const In& s, SolverRequest& r) {
    r.defer_sampling = s.boolean("defer_sampling", false);
    if (s.has("blocks")) {
        const In b = s.object("blocks", false);
        b.only({"first", "count"});
        r.first_block = static_cast<std::uint64_t>(b.integer("first", 0, 1'000'000'000, 0));
        r.blocks = static_cast<std::uint64_t>(
            b.integer("count", 1, static_cast<std::int64_t>(SolverLimits::kMaxTrials / kBlockTrials), 1));
    }
    if (s.has("tally")) {
        s.object("tally", false);  // checked against the battle's schema when used
        r.tally = s.raw()["tally"];
    }
    if (r.path == "generic" && (r.blocks > 0 || !r.tally.is_null() || r.defer_sampling))
        s.fail_at("path", "must be \"auto\" with \"blocks\", \"tally\" or \"defer_sampling\"");
    if ((r.blocks > 0 || !r.tally.is_null()) && r.method == "exact")
        s.fail_at("method", "must be \"monte-carlo\" or \"auto\" with \"blocks\" or \"tally\"");
}

std::optional<json>& answer_override() {
    thread_local std::optional<json> o;
    return o;
}

json tally_json(const Tally& t) {
    const Schema& sc = t.schema();
    json out = {{"total", t.total()}, {"steps", t.steps()}};
    json o = json::array(), e = json::array(), s = json::array();
    for (std::size_t i = 0; i < sc.outcomes.size(); ++i) o.push_back(t.outcome(i));
    for (std::size_t i = 0; i < sc.events.size(); ++i) e.push_back(t.event(i));
    for (std::size_t i = 0; i < sc.series.size(); ++i) {
        json m = json::array();
        for (const auto& [v, w] : t.series(i)) m.push_back({v, w});
        s.push_back(m);
    }
    out["outcomes"] = o;
    out["events"] = e;
    out["series"] = s;
    return out;
}

void load_tally(const In& in, Tally& t) {
    in.must_be_object();
    in.only({"total", "steps", "outcomes", "events", "series"});
    const Schema& sc = t.schema();
    Tally fresh(sc);
    const double total = in.number("total", 0, 1e15);
    fresh.add_total(total);
    fresh.add_steps(in.number("steps", 0, 1e300));
    auto list = [&](const char* key, std::size_t n) {
        const std::vector<In> l = in.list(key, n, false);
        if (l.size() != n) in.fail_at(key, "must list " + std::to_string(n) + " items for this battle");
        return l;
    };
    const auto o = list("outcomes", sc.outcomes.size()), e = list("events", sc.events.size()),
               s = list("series", sc.series.size());
    for (std::size_t i = 0; i < o.size(); ++i) Recorder(fresh, o[i].as_number(0, total)).outcome(i);
    for (std::size_t i = 0; i < e.size(); ++i) Recorder(fresh, e[i].as_number(0, total)).event(i);
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!s[i].raw().is_array()) s[i].fail("must be a list of [value, weight] pairs");
        for (std::size_t k = 0; k < s[i].raw().size(); ++k) {
            const In pair(s[i].raw()[k], pointer_join(s[i].path(), k));
            if (!pair.raw().is_array() || pair.raw().size() != 2) pair.fail("must be a [value, weight] pair");
            const In v(pair.raw()[0], pointer_join(pair.path(), std::size_t{0}));
            const In w(pair.raw()[1], pointer_join(pair.path(), std::size_t{1}));
            Recorder(fresh, w.as_number(0, total)).value(i, v.as_integer(-1'000'000'000, 1'000'000'000));
        }
    }
    t = std::move(fresh);
}

}  // namespace bc

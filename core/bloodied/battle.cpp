#include <algorithm>
#include <chrono>

#include "api/solver.hpp"
#include "bloodied/bloodied.hpp"
#include "dice/dist.hpp"

namespace bc::bloodied {

namespace {
std::string plural(std::int64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}
}  // namespace

State::State(std::shared_ptr<const Battle> b, Log* log) : b_(std::move(b)) { skip_to_next_roller(log); }

void State::chance_outcomes(Outcomes& out) const {
    for (std::uint32_t f = 1; f <= 6; ++f) out.push_back({f, 1});
}

// Moves past units with no dice left to roll, closing a phase when its units are done.
void State::skip_to_next_roller(Log* log) {
    while (phase_ < 2) {
        const auto& rollers = b_->rollers[phase_];
        if (roller_ >= rollers.size()) {
            close_phase(log);
            continue;
        }
        const Unit& u = b_->units[rollers[roller_]];
        if (die_ < u.arms) return;
        if (log && u.arms <= 0)
            log->add(std::string(nation_id(phase_)) + "-dice", u.name + " has Arms " + std::to_string(u.arms) +
                                                                  " and rolls no dice.",
                     {{"unit", rollers[roller_]}, {"dice", json::array()}, {"adds", 0}});
        ++roller_;
        die_ = 0;
    }
}

void State::close_phase(Log* log) {
    const int n = phase_;
    const std::int64_t from_dice = total_[n];
    total_[n] += b_->bonus[n];
    if (log) {
        std::string text = std::string(nation_name(n)) + " Total: " + std::to_string(total_[n]);
        if (b_->bonus[n] != 0)
            text += " (" + std::to_string(from_dice) + " from " + plural(b_->dice[n], "die", "dice") + ", " +
                    (b_->bonus[n] > 0 ? "+" : "") + std::to_string(b_->bonus[n]) + " from tactics)";
        else
            text += " from " + plural(b_->dice[n], "die", "dice");
        log->add(std::string(nation_id(n)) + "-total", text + ".",
                 {{"nation", nation_id(n)}, {"total", total_[n]}, {"from_dice", from_dice}, {"bonus", b_->bonus[n]}});
        // Steps 3 and 5: this Total against every enemy unit's Armour.
        const int enemy = 1 - n;
        for (std::size_t idx : b_->rollers[enemy]) {
            const Unit& u = b_->units[idx];
            const std::int64_t after = size_after(u.size, total_[n], u.armour);
            std::string line;
            if (u.size <= 0)
                line = u.name + " is already at Size " + std::to_string(u.size) + ".";
            else if (after == u.size)
                line = u.name + " holds: the " + nation_name(n) + " Total " + std::to_string(total_[n]) +
                       " is not higher than its Armour " + std::to_string(u.armour) + ".";
            else
                line = u.name + " loses " + std::to_string(u.size - after) + " Size (Total " +
                       std::to_string(total_[n]) + " against Armour " + std::to_string(u.armour) + "): Size " +
                       std::to_string(u.size) + " \u2192 " + std::to_string(after) + ".";
            log->add(std::string(nation_id(enemy)) + "-losses", line,
                     {{"unit", idx}, {"before", u.size}, {"after", after}});
        }
    }
    ++phase_;
    roller_ = 0;
    die_ = 0;
    faces_.clear();
    if (phase_ == 2 && log) narrate_end(*log);
}

void State::apply(std::uint32_t face, Log* log) {
    const std::size_t idx = b_->rollers[phase_][roller_];
    const Unit& u = b_->units[idx];
    total_[phase_] += contribution(static_cast<int>(face));
    ++rolled_;
    ++die_;
    if (log) {
        faces_.push_back(static_cast<int>(face));
        if (die_ == u.arms) {
            int adds = 0;
            std::string list;
            for (std::size_t k = 0; k < faces_.size(); ++k) {
                adds += contribution(faces_[k]);
                list += (k ? " " : "") + std::to_string(faces_[k]);
            }
            log->add(std::string(nation_id(phase_)) + "-dice",
                     u.name + " (Arms " + std::to_string(u.arms) + ") rolls " + list + ": +" + std::to_string(adds) + ".",
                     {{"unit", idx}, {"dice", faces_}, {"adds", adds}});
            faces_.clear();
        }
    }
    skip_to_next_roller(log);
}

void State::pack(KeyWriter& w) const {
    // Totals and counts are whole numbers far below 2^63 (the dice limit), so
    // each fits one word; the phase and roller share another.
    w.put(static_cast<std::uint64_t>(phase_), 2);
    w.put(roller_, 32);
    w.put(static_cast<std::uint64_t>(die_), 64);
    w.put(static_cast<std::uint64_t>(total_[0]), 64);
    w.put(static_cast<std::uint64_t>(total_[1]), 64);
    w.put(rolled_, 64);
}

void State::unpack(KeyReader& r) {
    phase_ = static_cast<int>(r.get(2));
    roller_ = static_cast<std::size_t>(r.get(32));
    die_ = static_cast<std::int64_t>(r.get(64));
    total_[0] = static_cast<std::int64_t>(r.get(64));
    total_[1] = static_cast<std::int64_t>(r.get(64));
    rolled_ = r.get(64);
    faces_.clear();
}

Schema State::schema(const Battle& b) {
    Schema s;
    s.outcomes = kOutcomes;
    for (std::size_t i = 0; i < b.units.size(); ++i) s.series.push_back("unit/" + std::to_string(i) + "/size");
    s.series.push_back("total/tribunan");
    s.series.push_back("total/ashen");
    for (std::size_t i = 0; i < b.units.size(); ++i) s.events.push_back("unit/" + std::to_string(i) + "/destroyed");
    return s;
}

void State::record(Recorder& r) const {
    bool left[2] = {false, false};
    for (std::size_t i = 0; i < b_->units.size(); ++i) {
        const Unit& u = b_->units[i];
        const std::int64_t after = size_after(u.size, total_[1 - u.nation], u.armour);
        r.value(i, after);
        r.event(i, destroyed(after));
        if (!destroyed(after)) left[u.nation] = true;
    }
    r.value(b_->units.size(), total_[0]);
    r.value(b_->units.size() + 1, total_[1]);
    r.outcome(static_cast<std::size_t>(outcome_of(left[0], left[1])));
}

void State::narrate_end(Log& log) const {
    bool left[2] = {false, false};
    std::vector<std::string> gone, hurt;
    for (std::size_t i = 0; i < b_->units.size(); ++i) {
        const Unit& u = b_->units[i];
        const std::int64_t after = size_after(u.size, total_[1 - u.nation], u.armour);
        if (destroyed(after)) {
            log.add("destroyed", u.name + " (" + nation_name(u.nation) + ") is destroyed.", {{"unit", i}});
            gone.push_back(u.name);
        } else {
            left[u.nation] = true;
            if (after < u.size)
                hurt.push_back(u.name + " " + std::to_string(u.size) + " \u2192 " + std::to_string(after));
        }
    }
    const int o = outcome_of(left[0], left[1]);
    std::string result;
    switch (o) {
        case 0: result = "The Tribunan are Victorious."; break;
        case 1: result = "The Ashen are Victorious."; break;
        case 2:
            result = "Both nations still have units, so all retreat: the Tribunan one territory south, the Ashen "
                     "one territory north.";
            break;
        default: result = "No units are left on either side; nobody is Victorious."; break;
    }
    log.add("result", result, {{"outcome", kOutcomes[static_cast<std::size_t>(o)]}});
    std::string story = "The Tribunan rolled a Total of " + std::to_string(total_[0]) + " and the Ashen " +
                        std::to_string(total_[1]) + ". ";
    story += gone.empty() ? std::string("No unit was destroyed. ") : "Destroyed: " + join_words(gone) + ". ";
    if (!hurt.empty()) story += "Reduced: " + join_words(hurt) + ". ";
    story += result;
    log.add("summary", story, {{"outcome", kOutcomes[static_cast<std::size_t>(o)]}});
}

namespace {

// What one DICE6 adds: 0 with 3/6, 1 with 2/6, 2 with 1/6.
Dist one_die() { return Dist::from_weights(0, {3, 2, 1}); }

// Running sums over a distribution, so that every unit's numbers cost O(1)
// plus the entries it reports, even with thousands of units.
class Cumulative {
public:
    explicit Cumulative(const Dist& d) : d_(d), lo_(d.min()), hi_(d.max()) {
        const auto& p = d.probs();
        cdf_.resize(p.size());
        first_.resize(p.size());
        double c = 0, f = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            c += p[i];
            f += p[i] * static_cast<double>(lo_ + static_cast<std::int64_t>(i));
            cdf_[i] = c;
            first_[i] = f;
        }
        mode_ = lo_;
        for (std::size_t i = 0; i < p.size(); ++i)
            if (p[i] > d.p(mode_)) mode_ = lo_ + static_cast<std::int64_t>(i);
    }
    double p(std::int64_t x) const { return d_.p(x); }
    double le(std::int64_t x) const { return x < lo_ ? 0.0 : x >= hi_ ? cdf_.back() : cdf_[idx(x)]; }
    double ge(std::int64_t x) const { return cdf_.back() - le(x - 1); }
    // Sum of t * p(t) for t <= x.
    double first_le(std::int64_t x) const { return x < lo_ ? 0.0 : x >= hi_ ? first_.back() : first_[idx(x)]; }
    std::int64_t lo() const { return lo_; }
    std::int64_t hi() const { return hi_; }
    std::int64_t mode() const { return mode_; }

    // The run of at most `cap` values within [a, b] that holds the most mass
    // (around the mode: the DICE6 sums are unimodal), trimmed of entries below `floor`.
    std::pair<std::int64_t, std::int64_t> window(std::int64_t a, std::int64_t b, std::int64_t cap, double floor) const {
        a = std::max(a, lo_);
        b = std::min(b, hi_);
        if (a > b) return {1, 0};
        std::int64_t w0 = a, w1 = b;
        if (b - a + 1 > cap) {
            const std::int64_t c = std::clamp(mode_, a, b);
            w0 = std::clamp(c - cap / 2, a, b - cap + 1);
            w1 = w0 + cap - 1;
        }
        while (w0 <= w1 && p(w0) < floor) ++w0;
        while (w1 >= w0 && p(w1) < floor) --w1;
        return {w0, w1};
    }

private:
    std::size_t idx(std::int64_t x) const { return static_cast<std::size_t>(x - lo_); }
    const Dist& d_;
    std::int64_t lo_, hi_, mode_;
    std::vector<double> cdf_, first_;
};

// At most `cap` of the likeliest values of a distribution, and the mass left out.
json dist_json(const Cumulative& c, std::int64_t cap, double* omitted) {
    json p = json::object();
    const auto [w0, w1] = c.window(c.lo(), c.hi(), cap, 1e-12);
    double kept = 0;
    for (std::int64_t v = w0; v <= w1; ++v) {
        p[std::to_string(v)] = c.p(v);
        kept += c.p(v);
    }
    *omitted = std::max(0.0, c.ge(c.lo()) - kept);
    return p;
}

json units_base(const Battle& b) {
    json units = json::array();
    for (const auto& u : b.units)
        units.push_back({{"name", u.name}, {"nation", nation_id(u.nation)}, {"arms", u.arms},
                         {"armour", u.armour}, {"size", u.size}});
    return units;
}

// Exact odds without enumerating: the two Totals are independent sums of
// DICE6, so each is one distribution, and a unit survives exactly when the
// enemy Total is below its Armour + Size.
json exact_odds(const Battle& b) {
    Dist total[2];
    for (int n = 0; n < 2; ++n) total[n] = one_die().power(static_cast<std::uint64_t>(b.dice[n])).shift(b.bonus[n]);
    // P(a given nation keeps at least one unit) = P(enemy Total < best Armour + Size).
    double keeps[2] = {0, 0};
    for (int n = 0; n < 2; ++n) {
        bool any = false;
        std::int64_t best = 0;
        for (const auto& u : b.units)
            if (u.nation == n && u.size > 0) {
                best = any ? std::max(best, u.armour + u.size) : u.armour + u.size;
                any = true;
            }
        keeps[n] = any ? total[1 - n].at_most(best - 1) : 0.0;
    }
    const double t = keeps[0], a = keeps[1];
    json out;
    out["outcomes"] = {{"tribunan", t * (1 - a)}, {"ashen", a * (1 - t)}, {"retreat", t * a},
                       {"none", (1 - t) * (1 - a)}};
    const Cumulative cum[2] = {Cumulative(total[0]), Cumulative(total[1])};
    // Keep the answer a sensible size however many units there are.
    const std::int64_t cap = std::clamp<std::int64_t>(
        200000 / std::max<std::int64_t>(1, static_cast<std::int64_t>(b.units.size())), 24, 400);
    json units = units_base(b);
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        const Unit& u = b.units[i];
        const Cumulative& enemy = cum[1 - u.nation];
        json sizes = json::object();
        double mean = static_cast<double>(u.size), destroyed = 1.0, kept = 0;
        if (u.size > 0) {
            // Enemy Total at or below Armour: no loss; at or above Armour + Size:
            // destroyed; in between, Size - (Total - Armour).
            const std::int64_t a = u.armour, sz = u.size;
            destroyed = enemy.ge(a + sz);
            const double none = enemy.le(a);
            const double between = enemy.le(a + sz - 1) - none;
            const double cut = (enemy.first_le(a + sz - 1) - enemy.first_le(a)) - static_cast<double>(a) * between;
            mean = static_cast<double>(sz) - cut - static_cast<double>(sz) * destroyed;
            if (none >= 1e-12) sizes[std::to_string(sz)] = none, kept += none;
            const auto [w0, w1] = enemy.window(a + 1, a + sz - 1, cap, 1e-12);
            for (std::int64_t t = w0; t <= w1; ++t) {
                sizes[std::to_string(sz - (t - a))] = enemy.p(t);
                kept += enemy.p(t);
            }
            if (destroyed >= 1e-12) sizes["0"] = destroyed, kept += destroyed;
        } else {
            sizes[std::to_string(u.size)] = 1.0;
            kept = 1.0;
        }
        units[i]["final_size"] = std::move(sizes);
        units[i]["mean_final_size"] = mean;
        units[i]["destroyed"] = destroyed;
        if (1.0 - kept > 1e-12) units[i]["final_size_omitted"] = std::max(0.0, 1.0 - kept);
    }
    out["units"] = std::move(units);
    json totals = json::object();
    for (int n = 0; n < 2; ++n) {
        double omitted = 0;
        totals[nation_id(n)] = {{"dice", b.dice[n]},     {"bonus", b.bonus[n]},     {"mean", total[n].mean()},
                                {"min", total[n].min()}, {"max", total[n].max()},
                                {"p", dist_json(cum[n], 2000, &omitted)}};
        if (omitted > 1e-12) totals[nation_id(n)]["p_omitted"] = omitted;
    }
    out["totals"] = std::move(totals);
    return out;
}

}  // namespace

json odds(const Scenario& s, const In& solver_in) {
    const SolverRequest req = parse_solver(solver_in);
    const auto t0 = std::chrono::steady_clock::now();
    auto battle = std::make_shared<Battle>(prepare(s, nullptr));
    json out;
    if (req.method != "monte-carlo" && req.path != "generic") {
        // The closed form: two independent sums of DICE6 (no state at all),
        // named as every fast path is: "exact-..." in method, its name in path.
        out = exact_odds(*battle);
        out["method"] = "exact-closed-form";
        out["path"] = "closed form";
        out["states"] = 0;
        out["dropped"] = 0.0;
    } else {
        // The chance state, exact or sampled (method "monte-carlo", or path "generic").
        Tally tally(State::schema(*battle));
        out = solve_any(State(battle), tally, req);
        const bool mc = out.value("method", "") == "monte-carlo";
        out["path"] = "chance state";
        out["outcomes"] = outcomes_json(tally);
        if (mc) out["ci95"] = outcomes_ci_json(tally);
        json units = units_base(*battle);
        for (std::size_t i = 0; i < battle->units.size(); ++i) {
            units[i]["final_size"] = series_json(tally, i, mc ? 0 : 1e-12);
            units[i]["mean_final_size"] = tally.mean_series(i);
            units[i]["destroyed"] = tally.p_event(i);
            if (mc) units[i]["destroyed_ci95"] = event_ci_json(tally, i);
        }
        out["units"] = std::move(units);
        json totals = json::object();
        for (int n = 0; n < 2; ++n) {
            const std::size_t k = battle->units.size() + static_cast<std::size_t>(n);
            totals[nation_id(n)] = {{"dice", battle->dice[n]}, {"bonus", battle->bonus[n]},
                                    {"mean", tally.mean_series(k)}, {"p", series_json(tally, k, mc ? 0 : 1e-12)}};
        }
        out["totals"] = std::move(totals);
    }
    out["solver"] = solver_json(req);
    out["time_ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

json roll(const Scenario& s, std::uint64_t seed, bool with_log) {
    Log log;
    Log* narrate = with_log ? &log : nullptr;
    auto battle = std::make_shared<Battle>(prepare(s, narrate));
    Rng rng(seed);
    State end = play(State(battle, narrate), rng, narrate);
    json units = units_base(*battle);
    bool left[2] = {false, false};
    for (std::size_t i = 0; i < battle->units.size(); ++i) {
        const Unit& u = battle->units[i];
        const std::int64_t after = size_after(u.size, end.total(1 - u.nation), u.armour);
        units[i]["final_size"] = after;
        units[i]["destroyed"] = destroyed(after);
        if (!destroyed(after)) left[u.nation] = true;
    }
    json out = {{"seed", seed},
                {"outcome", kOutcomes[static_cast<std::size_t>(outcome_of(left[0], left[1]))]},
                {"totals", {{"tribunan", end.total(0)}, {"ashen", end.total(1)}}},
                {"units", units}};
    if (with_log) out["log"] = log.entries();
    return out;
}

}  // namespace bc::bloodied

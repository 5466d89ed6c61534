// One battle's checks: its exact odds against N seeded rolls (the plain
// statement of the rules: no key, no graph, no fast path), the fast exact path
// against the generic one, and both sampling paths against the exact odds.
#include "differential.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "api/api.hpp"
#include "bloodied/bloodied.hpp"
#include "dice/rng.hpp"
#include "keys.hpp"
#include "olympia/olympia.hpp"
#include "warfare/battle/state.hpp"

namespace bc::diff {

namespace {

std::string str(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "1" : "0";
    return v.dump();
}
Dist yes_no(double p) { return {{"1", p}, {"0", 1 - p}}; }
Dist dist(const json& m) {
    Dist d;
    for (const auto& [k, v] : m.items()) d[k] = v.get<double>();
    return d;
}

json call(const char* fn, const json& req) { return json::parse(api::call(fn, req.dump())); }

// The rule system an answer came from, told by its shape.
enum class System { Warfare, Olympia, Bloodied };
System system_of(const json& a) {
    if (a.contains("sides")) return System::Olympia;
    if (a.contains("totals")) return System::Bloodied;
    return System::Warfare;
}

}  // namespace

Prediction predicted(const json& a) {
    Prediction p;
    p["outcome"] = dist(a.at("outcomes"));
    switch (system_of(a)) {
        case System::Warfare: {
            // An endless battle has no final dice: each unit's distribution is
            // the one given that the battle ends, as a roll shows it.
            const double ends = 1 - a["outcomes"].value("endless", 0.0);
            if (ends <= 0) break;
            for (std::size_t i = 0; i < a.at("units").size(); ++i) {
                const json& u = a["units"][i];
                Dist d = dist(u.at("final"));
                for (auto& [v, q] : d) q /= ends;
                p["unit " + std::to_string(i) + " final"] = d;
                p["unit " + std::to_string(i) + " removed"] = yes_no(u.at("removed").get<double>() / ends);
            }
            break;
        }
        case System::Olympia:
            for (const auto& [side, s] : a.at("sides").items()) {
                for (const auto& [kind, m] : s.at("men").items()) p["men " + side + " " + kind] = dist(m.at("p"));
                for (std::size_t j = 0; j < s.at("nobles").size(); ++j)
                    for (const char* k : {"hit", "killed", "captured"})
                        p["noble " + side + " " + std::to_string(j) + " " + k] = yes_no(s["nobles"][j].at(k).get<double>());
            }
            if (!a.at("structure").is_null()) {
                p["structure defense"] = dist(a["structure"].at("defense"));
                p["structure damage"] = dist(a["structure"].at("damage"));
                p["structure collapsed"] = yes_no(a["structure"].at("collapsed").get<double>());
            }
            break;
        case System::Bloodied:
            for (std::size_t i = 0; i < a.at("units").size(); ++i) {
                const json& u = a["units"][i];
                p["unit " + std::to_string(i) + " final"] = dist(u.at("final_size"));
                p["unit " + std::to_string(i) + " destroyed"] = yes_no(u.at("destroyed").get<double>());
            }
            for (const auto& [nation, t] : a.at("totals").items()) p["total " + nation] = dist(t.at("p"));
            break;
    }
    return p;
}

Observation observed(const json& r) {
    Observation o;
    o["outcome"] = str(r.at("outcome"));
    switch (system_of(r)) {
        case System::Warfare:
            // A battle counted endless without proof might have ended either
            // way: its outcome and dice are unknown ("?"). A proved endless
            // battle has no final dice to compare.
            if (r.value("endless_unproved", false)) o["outcome"] = "?";
            if (r["outcome"] == "endless" && o["outcome"] != "?") break;
            for (std::size_t i = 0; i < r.at("units").size(); ++i) {
                const json& u = r["units"][i];
                const bool unknown = o["outcome"] == "?";
                o["unit " + std::to_string(i) + " final"] = unknown ? "?" : str(u.at("final"));
                o["unit " + std::to_string(i) + " removed"] = unknown ? "?" : str(u.at("removed"));
            }
            break;
        case System::Olympia:
            for (const auto& [side, s] : r.at("sides").items()) {
                for (const auto& [kind, m] : s.at("men").items()) o["men " + side + " " + kind] = str(m.at("left"));
                for (std::size_t j = 0; j < s.at("nobles").size(); ++j)
                    for (const char* k : {"hit", "killed", "captured"})
                        o["noble " + side + " " + std::to_string(j) + " " + k] = str(s["nobles"][j].at(k));
            }
            if (!r.at("structure").is_null()) {
                o["structure defense"] = str(r["structure"].at("defense"));
                o["structure damage"] = str(r["structure"].at("damage"));
                o["structure collapsed"] = str(r["structure"].at("collapsed"));
            }
            break;
        case System::Bloodied:
            for (std::size_t i = 0; i < r.at("units").size(); ++i) {
                const json& u = r["units"][i];
                o["unit " + std::to_string(i) + " final"] = str(u.at("final_size"));
                o["unit " + std::to_string(i) + " destroyed"] = str(u.at("destroyed"));
            }
            for (const auto& [nation, t] : r.at("totals").items()) o["total " + nation] = str(t);
            break;
    }
    return o;
}

double binomial_two_sided(std::uint64_t x, std::uint64_t n, double p) {
    if (p <= 0) return x == 0 ? 1.0 : 0.0;
    if (p >= 1) return x == n ? 1.0 : 0.0;
    const double N = static_cast<double>(n), lp = std::log(p), lq = std::log1p(-p);
    auto log_pmf = [&](std::uint64_t k) {
        const double K = static_cast<double>(k);
        return std::lgamma(N + 1) - std::lgamma(K + 1) - std::lgamma(N - K + 1) + K * lp + (N - K) * lq;
    };
    // Each tail summed outward from x until its terms no longer count.
    auto tail = [&](bool up) {
        double sum = 0;
        const double first = log_pmf(x);
        for (std::uint64_t k = x;; up ? ++k : --k) {
            const double t = std::exp(log_pmf(k) - first);
            sum += t;
            if (t < 1e-17 * sum) break;
            if (up ? k == n : k == 0) break;
        }
        return std::exp(first) * sum;
    };
    return std::min(1.0, 2 * std::min(tail(false), tail(true)));
}

std::string Finding::text() const {
    std::ostringstream o;
    o << check << ": " << observable << " = " << value << ": expected " << expected << ", ";
    if (check == "key") return check + ": " + observable;
    if (n > 0)
        o << "seen " << seen << " in " << n << " (tail probability " << tail << ")";
    else
        o << "the other path gives " << seen << " (difference " << tail << ")";
    return o.str();
}

namespace {

// What draws showed of each observable: how often each value, out of `n`
// draws where it is known; `unknown` more draws where it might be anything
// (battles stopped by the endless rule's cap).
struct Seen {
    std::map<std::string, std::uint64_t> k;
    std::uint64_t n = 0, unknown = 0;
};
using Sample = std::map<std::string, Seen>;

void add(Sample& c, const Observation& o, std::uint64_t times = 1) {
    for (const auto& [obs, v] : o) {
        Seen& s = c[obs];
        if (v == "?") {
            s.unknown += times;
        } else {
            s.k[v] += times;
            s.n += times;
        }
    }
}

// Every cell (observable, value) predicted or seen: its tail probability.
// Where some draws are unknown, the outcome is judged at the count nearest
// the expected one that they allow (a flag only if every count they allow is
// too far off); other observables of such a sample are not judged.
void compare_counts(const std::string& check, const Prediction& p, const Sample& c, double alpha, BattleResult& res,
                    std::vector<Finding>& out) {
    std::map<std::string, std::map<std::string, bool>> cells;
    for (const auto& [obs, d] : p)
        for (const auto& [v, q] : d) cells[obs][v] = true;
    for (const auto& [obs, seen] : c)
        for (const auto& [v, k] : seen.k) cells[obs][v] = true;
    for (const auto& [obs, values] : cells) {
        const auto cit = c.find(obs);
        if (cit == c.end() || cit->second.n + cit->second.unknown == 0) continue;  // never shown
        const Seen& seen = cit->second;
        if (!p.count(obs)) {
            out.push_back({check, obs, "(any)", 0.0, 1.0, seen.n, 0});
            continue;
        }
        if (seen.unknown > 0 && obs != "outcome") {
            ++res.censored;
            continue;
        }
        const std::uint64_t n = seen.n + seen.unknown;
        for (const auto& [v, unused] : values) {
            (void)unused;
            const auto pit = p.at(obs).find(v);
            const double q = pit == p.at(obs).end() ? 0.0 : pit->second;
            const auto kit = seen.k.find(v);
            const std::uint64_t x = kit == seen.k.end() ? 0 : kit->second;
            const auto near = static_cast<std::uint64_t>(std::llround(q * static_cast<double>(n)));
            const std::uint64_t k = std::clamp(near, x, x + seen.unknown);
            ++res.cells;
            const double t = binomial_two_sided(k, n, q);
            if (t < alpha) out.push_back({check, obs, v, q, static_cast<double>(x) / static_cast<double>(n), n, t});
        }
    }
}

// A sampled S&F, Olympia or Bloodied Steel answer as draws: its frequencies
// times its trials (S&F: a unit's dice only from battles that ended, and
// the endless rule's unproved share unknown).
Sample sample_of(const json& mc, std::uint64_t trials) {
    Sample c;
    const double unproved = mc.value("endless_unproved", 0.0);
    const double ends = 1 - mc["outcomes"].value("endless", 0.0);
    auto count = [&](double f) { return static_cast<std::uint64_t>(std::llround(f * static_cast<double>(trials))); };
    for (const auto& [obs, d] : predicted(mc)) {
        Seen& s = c[obs];
        const bool outcome = obs == "outcome";
        const double share = outcome ? 1.0 : ends;  // predicted() gave unit dice given the battle ended
        for (const auto& [v, f] : d) {
            const double part = f * share - (outcome && v == "endless" ? unproved : 0.0);
            if (count(part) > 0) s.k[v] = count(part);
        }
        s.unknown = count(unproved);
        s.n = count(share - (outcome ? unproved : 0.0));
    }
    return c;
}

std::uint64_t roll_seed_of(std::uint64_t base, std::uint64_t i) {
    std::uint64_t x = base ^ (0x9e3779b97f4a7c15ULL * (i + 1));
    return splitmix64(x) & ((std::uint64_t{1} << 53) - 1);
}

Sample roll_sample(const json& battle, std::uint64_t base, std::uint64_t n) {
    Sample c;
    for (std::uint64_t i = 0; i < n; ++i) {
        json req = battle;
        req["seed"] = roll_seed_of(base, i);
        req["log"] = false;  // the same roll, unnarrated
        const json r = call("roll", req);
        if (!r.value("ok", false)) throw std::runtime_error("roll failed: " + r.dump());
        add(c, observed(r));
    }
    return c;
}

// The key walks (keys.hpp) on the battle's own chance state.
KeyCheck battle_keys(const json& battle, const Settings& s, std::uint64_t seed) {
    const std::string system = battle.value("ruleset", "");
    const In in(battle, "");
    if (system == "warfare") {
        auto b = std::make_shared<const warfare::Battle>(warfare::parse_battle(in, {}));
        return check_keys(warfare::State(b), s.key_walks, seed, s.key_nodes);
    }
    if (system == "olympia") {
        auto b = std::make_shared<olympia::Battle>(olympia::prepare(olympia::parse(in), false));
        return check_keys(olympia::State(b), s.key_walks, seed, s.key_nodes);
    }
    auto b = std::make_shared<bloodied::Battle>(bloodied::prepare(bloodied::parse(in), nullptr));
    return check_keys(bloodied::State(b), s.key_walks, seed, s.key_nodes);
}

json with_solver(const json& battle, json solver) {
    json r = battle;
    r["solver"] = std::move(solver);
    return r;
}

}  // namespace

BattleResult check_battle(const json& battle, const Settings& s, std::uint64_t roll_seed) {
    BattleResult res;
    const json exact_solver = {{"method", "exact"}, {"max_states", s.max_states}, {"time_limit_s", s.time_limit_s}};
    const json exact = call("odds", with_solver(battle, exact_solver));
    if (!exact.value("ok", false)) {
        res.skipped = true;
        res.skip_reason = exact["error"].value("kind", "") + ": " + exact["error"].value("message", "");
        return res;
    }
    const KeyCheck keys = battle_keys(battle, s, roll_seed);
    res.cells += keys.nodes;
    if (!keys.problem.empty()) res.findings.push_back({"key", keys.problem, "", 0, 0, 0, 0});
    res.method = exact.value("method", "");
    res.path = exact.value("path", "");
    const Prediction p = predicted(exact);

    // The generic path's exact odds: the same to exact_tolerance, cell by cell.
    json gs = exact_solver;
    gs["path"] = "generic";
    const json generic = call("odds", with_solver(battle, gs));
    if (generic.value("ok", false)) {
        const Prediction g = predicted(generic);
        for (const auto& [obs, d] : p) {
            for (const auto& [v, q] : d) {
                const double other = g.count(obs) && g.at(obs).count(v) ? g.at(obs).at(v) : 0.0;
                ++res.cells;
                if (std::abs(other - q) > s.exact_tolerance)
                    res.findings.push_back({"exact, generic path", obs, v, q, other, 0, std::abs(other - q)});
            }
        }
        for (const auto& [obs, d] : g)
            for (const auto& [v, q] : d)
                if ((!p.count(obs) || !p.at(obs).count(v)) && q > s.exact_tolerance)
                    res.findings.push_back({"exact, generic path", obs, v, 0.0, q, 0, q});
    }

    // Both sampling paths against the exact odds, as counts out of their
    // trials, and the rolls. Whatever a first run flags is run again with a
    // fresh seed and confirm_factor times the draws: only a disagreement the
    // second run shows too is reported (the first run's alone is kept apart).
    auto confirmed = [&](const std::function<std::vector<Finding>(std::uint64_t seed, std::uint64_t factor)>& run) {
        std::vector<Finding> first = run(roll_seed, 1);
        if (first.empty()) return;
        std::vector<Finding> second = run(~roll_seed, s.confirm_factor);
        if (second.empty())
            res.unconfirmed.insert(res.unconfirmed.end(), first.begin(), first.end());
        else
            res.findings.insert(res.findings.end(), second.begin(), second.end());
    };
    for (const char* path : {"auto", "generic"}) {
        confirmed([&](std::uint64_t seed, std::uint64_t factor) {
            std::vector<Finding> f;
            const json ms = {{"method", "monte-carlo"}, {"path", path}, {"trials", std::min<std::uint64_t>(s.trials * factor, 5'000'000)},
                             {"target_halfwidth", 0}, {"seed", roll_seed_of(seed, 1u << 30)}, {"time_limit_s", s.time_limit_s}};
            const json mc = call("odds", with_solver(battle, ms));
            const auto trials = mc.value("trials", std::uint64_t{0});
            if (!mc.value("ok", false) || trials == 0) return f;
            compare_counts(std::string("sampled, ") + mc.value("path", path), p, sample_of(mc, trials), s.alpha, res, f);
            return f;
        });
    }
    confirmed([&](std::uint64_t seed, std::uint64_t factor) {
        std::vector<Finding> f;
        const std::uint64_t n = s.rolls * factor;
        compare_counts("rolls", p, roll_sample(battle, seed, n), s.alpha, res, f);
        res.rolls += n;
        return f;
    });
    return res;
}

}  // namespace bc::diff

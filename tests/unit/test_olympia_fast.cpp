// Olympia's fast paths against the one statement of the rules, the generic
// chance state: the sampler's outcomes and survivors by chi-square with fixed
// seeds, its seeded draws by fixed vectors.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "generic_checks.hpp"
#include "olympia/olympia.hpp"
#include "olympia/cycles.hpp"
#include "olympia/recurrence.hpp"
#include "olympia/sampler.hpp"
#include "olympia_corpus.hpp"
#include "solve/exact.hpp"

using namespace bc;
using namespace olytest;

namespace {

Tally generic_exact(const std::shared_ptr<const olympia::Battle>& b) {
    Tally t(olympia::State::schema(*b));
    const ExactStatus st = solve_exact(olympia::State(b), t);
    REQUIRE(st.complete);
    return t;
}

Tally sampled(const std::shared_ptr<const olympia::Battle>& b, std::uint64_t trials, std::uint64_t seed) {
    Tally t(olympia::State::schema(*b));
    MonteCarloOptions mo;
    mo.trials = trials;
    mo.seed = seed;
    const MonteCarloStatus st = olympia::sample_battles(*b, t, mo);
    REQUIRE(st.trials == trials);
    return t;
}

// Chi-square of a sampled series (counts) against the exact one.
bool series_agree(const Tally& exact, const Tally& mc, std::size_t i, double* chi) {
    std::vector<double> seen, p;
    const auto ps = exact.p_series(i);
    for (const auto& [v, pv] : ps) {
        p.push_back(pv);
        const auto it = mc.series(i).find(v);
        seen.push_back(it == mc.series(i).end() ? 0.0 : it->second);
    }
    double sampled_total = 0;
    for (const auto& [v, w] : mc.series(i)) {
        sampled_total += w;
        if (!ps.count(v) && w > 0) return false;  // a value the rules never reach
    }
    (void)sampled_total;
    return bctest::chi_square_passes(seen, p, mc.total(), chi);
}

}  // namespace

TEST_CASE("Olympia sampler: outcomes, survivors and fates agree with the chance state's exact odds", "[olympia][fast]") {
    std::vector<Case> all = both_orders(field_corpus());
    for (const auto& c : both_orders(works_corpus())) all.push_back(c);
    const std::uint64_t n = 20000;
    std::uint64_t seed = 1;
    for (const auto& c : all) {
        INFO(c.name);
        const auto b = prepared(c.request);
        const Tally exact = generic_exact(b);
        const Tally mc = sampled(b, n, seed++);
        std::vector<double> seen, p;
        for (std::size_t o = 0; o < exact.schema().outcomes.size(); ++o) {
            seen.push_back(mc.outcome(o));
            p.push_back(exact.p_outcome(o));
        }
        double chi = 0;
        CHECK(bctest::chi_square_passes(seen, p, static_cast<double>(n), &chi));
        for (std::size_t i = 0; i < exact.schema().series.size(); ++i) {
            INFO(exact.schema().series[i]);
            CHECK(series_agree(exact, mc, i, &chi));
            INFO("chi-square " << chi);
        }
        // Fates (hit, killed, captured; collapse) within four standard errors.
        for (std::size_t e = 0; e < exact.schema().events.size(); ++e) {
            INFO(exact.schema().events[e]);
            const double truth = exact.p_event(e);
            CHECK(std::fabs(mc.p_event(e) - truth) <= 4 * std::sqrt(truth * (1 - truth) / n) + 1e-12);
        }
        // Attacks: counted, or by their expectation where misses were skipped.
        const double attacks = exact.steps() / exact.total();
        CHECK(mc.steps() / mc.total() == Approx(attacks).epsilon(0.03));
    }
}

namespace {

// Every outcome, series value, event and the expected attacks, to 1e-12.
void check_equal(const Tally& got, const Tally& want) {
    REQUIRE(got.total() == Approx(1.0).margin(1e-12));
    for (std::size_t o = 0; o < want.schema().outcomes.size(); ++o) {
        INFO(want.schema().outcomes[o]);
        CHECK(got.p_outcome(o) == Approx(want.p_outcome(o)).margin(1e-12));
    }
    for (std::size_t i = 0; i < want.schema().series.size(); ++i) {
        INFO(want.schema().series[i]);
        auto g = got.p_series(i), w = want.p_series(i);
        for (const auto& [v, p] : w) {
            INFO("value " << v);
            CHECK(g[v] == Approx(p).margin(1e-12));
        }
        for (const auto& [v, p] : g) {
            INFO("value " << v);
            CHECK(w[v] == Approx(p).margin(1e-12));
        }
    }
    for (std::size_t e = 0; e < want.schema().events.size(); ++e) {
        INFO(want.schema().events[e]);
        CHECK(got.p_event(e) == Approx(want.p_event(e)).margin(1e-12));
    }
    CHECK(got.steps() / got.total() == Approx(want.steps() / want.total()).epsilon(1e-12));
}

}  // namespace

TEST_CASE("Olympia count recurrence: equal to the chance state on every rulebook battle of the corpus", "[olympia][fast]") {
    std::vector<Case> all = field_corpus();
    for (const auto& c : works_corpus()) all.push_back(c);
    olympia::CountRecurrence rec;  // one solver, reused
    for (const auto& c : all) {
        INFO(c.name);
        const auto b = prepared(c.request);
        REQUIRE(olympia::CountRecurrence::box_size(*b) > 0);
        const Tally want = generic_exact(b);
        Tally got(olympia::State::schema(*b));
        const auto st = rec.solve(*b, got);
        REQUIRE(st.complete);
        check_equal(got, want);
    }
}

TEST_CASE("Olympia engine-order sweep: equal to the chance state on every open-field battle of the corpus", "[olympia][fast]") {
    olympia::CycleSweep sweep;  // one solver, reused
    for (auto c : field_corpus()) {
        c.request["options"]["attack_order"] = "engine";
        INFO(c.name);
        const auto b = prepared(c.request);
        REQUIRE(olympia::CycleSweep::cells(*b) > 0);
        const Tally want = generic_exact(b);
        Tally got(olympia::State::schema(*b));
        const auto st = sweep.solve(*b, got);
        REQUIRE(st.complete);
        check_equal(got, want);
    }
    // Not at a structure: misses there count toward its limit.
    for (auto c : works_corpus()) {
        c.request["options"]["attack_order"] = "engine";
        CHECK(olympia::CycleSweep::cells(*prepared(c.request)) == 0);
    }
}

// Olympia's fast paths against the one statement of the rules, the generic
// chance state: the sampler's outcomes and survivors by chi-square with fixed
// seeds, its seeded draws by fixed vectors.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "api/api.hpp"
#include "generic_checks.hpp"
#include "olympia/olympia.hpp"
#include "olympia/cycles.hpp"
#include "olympia/recurrence.hpp"
#include "olympia/sampler.hpp"
#include "olympia_corpus.hpp"
#include "solve/exact.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_olympia_fast {

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

// The corpus: the field battles, then the works.
std::vector<Case> corpus() {
    std::vector<Case> all = field_corpus();
    for (const auto& c : works_corpus()) all.push_back(c);
    return all;
}
// The corpus, both orders of attack (each part's battles in both, then the next part's).
std::vector<Case> corpus_both_orders() {
    std::vector<Case> all = both_orders(field_corpus());
    for (const auto& c : both_orders(works_corpus())) all.push_back(c);
    return all;
}
// The corpus's battles that end in a stalemate, and those whose ratings are
// past the sampler's common denominator (it draws as the state does).
std::vector<Case> stalemates(const std::vector<Case>& all) {
    std::vector<Case> some;
    for (const auto& c : all)
        if (c.name.find("stalemate") != std::string::npos || c.name.rfind("ratings past", 0) == 0) some.push_back(c);
    return some;
}

// `n` samples of each battle of `all` against its exact odds.
void sampler_agrees(const std::vector<Case>& all, std::uint64_t n) {
    REQUIRE_FALSE(all.empty());
    std::uint64_t seed = 1;
    for (const auto& c : all) {
        INFO(c.name);
        const auto b = prepared(c.request);
        const Tally exact = generic_exact(b);
        const Tally mc = sampled(b, n, seed++);
        if (c.name.rfind("ratings past", 0) == 0) CHECK(olympia::Sampler(*b).draws_as_state());
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

}  // namespace

TEST_CASE("Olympia sampler: outcomes, survivors and fates agree with the chance state's exact odds", "[olympia][fast][heavy][scale]") {
    sampler_agrees(corpus_both_orders(), 20000);
}

// The sanitized suite leaves the [scale] cases out: the corpus's stalemates,
// and its ratings past the common denominator (lines of the sampler no other
// case reaches), are sampled here too.
TEST_CASE("Olympia sampler: the corpus's stalemates and ratings past its denominator agree with the chance state's exact odds", "[olympia][fast]") {
    sampler_agrees(stalemates(corpus_both_orders()), 20000);
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
    const std::vector<Case> all = corpus();
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

namespace {
// The engine-order sweep against the chance state on each battle of `all`.
void engine_sweep_equal(const std::vector<Case>& all) {
    REQUIRE_FALSE(all.empty());
    olympia::CycleSweep sweep;  // one solver, reused
    for (auto c : all) {
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
}
}  // namespace

TEST_CASE("Olympia engine-order sweep: equal to the chance state on every battle of the corpus", "[olympia][fast][heavy][scale]") {
    engine_sweep_equal(corpus());
}

TEST_CASE("Olympia engine-order sweep: equal to the chance state on the corpus's stalemates and ratings past the denominator", "[olympia][fast]") {
    engine_sweep_equal(stalemates(corpus()));
}

TEST_CASE("Olympia fast paths: time limits, cancelling and budgets hold", "[olympia][fast]") {
    // Fighting to the death, 1,000 a side: a million cells, far more than a
    // millisecond's work; the sweeps look at the clock every 65,536 cells.
    json big = battle({noble("A", {{"soldier", 1000}}, {{"break_point", 0}})}, {noble("B", {{"soldier", 1000}}, {{"break_point", 0}})});
    const auto b = prepared(big);
    ExactOptions quick;
    quick.time_limit_s = 0.001;
    olympia::CountRecurrence rec;
    Tally t(olympia::State::schema(*b));
    auto st = rec.solve(*b, t, quick);
    CHECK_FALSE(st.complete);
    CHECK(st.stopped_by == "time limit");
    ExactOptions cancel;
    int calls = 0;
    cancel.progress = [&calls](const ExactProgress&) { return ++calls < 2; };
    Tally t2(olympia::State::schema(*b));
    st = rec.solve(*b, t2, cancel);
    CHECK(st.stopped_by == "cancelled");
    CHECK(calls == 2);

    json eng = battle({noble("A", {{"soldier", 60}})}, {noble("B", {{"soldier", 60}})}, {{"attack_order", "engine"}});
    const auto be = prepared(eng);
    olympia::CycleSweep sweep;
    Tally t3(olympia::State::schema(*be));
    st = sweep.solve(*be, t3, quick);
    CHECK(st.stopped_by == "time limit");
    // Stopped part-way, it left mass in its grids: used again, it clears
    // them first, and answers as a fresh one does.
    Tally again(olympia::State::schema(*be)), fresh(olympia::State::schema(*be));
    REQUIRE(sweep.solve(*be, again).complete);
    REQUIRE(olympia::CycleSweep().solve(*be, fresh).complete);
    check_equal(again, fresh);

    // The sampler stops at its time limit, and when cancelled.
    MonteCarloOptions mo;
    mo.trials = 5'000'000;
    mo.time_limit_s = 0.01;
    Tally t4(olympia::State::schema(*b));
    auto ms = olympia::sample_battles(*b, t4, mo);
    CHECK(ms.stopped_by == "time limit");
    CHECK(ms.trials < mo.trials);
    CHECK(t4.total() == static_cast<double>(ms.trials));
    MonteCarloOptions mc;
    mc.trials = 100'000;
    mc.progress = [](const MonteCarloProgress&) { return false; };
    Tally t5(olympia::State::schema(*b));
    CHECK(olympia::sample_battles(*b, t5, mc).stopped_by == "cancelled");

    // The budget: past max_states' cells, exact says so and auto samples.
    json small = battle({noble("A", {{"soldier", 100}})}, {noble("B", {{"soldier", 100}})});
    small["solver"] = {{"method", "exact"}, {"max_states", 10}};
    json out = json::parse(api::call("odds", small.dump()));
    CHECK(out["ok"] == false);
    CHECK(out["error"]["message"].get<std::string>().find("cells") != std::string::npos);
    small["solver"] = {{"method", "auto"}, {"max_states", 10}, {"trials", 2000}};
    out = json::parse(api::call("odds", small.dump()));
    REQUIRE(out["ok"] == true);
    CHECK(out["method"] == "monte-carlo-fast");
    CHECK(out["fallback"]["reason"] == "estimated states");
    CHECK(out["fallback"]["cells"].get<double>() > 1000);

    // Stopped inside the budget (the attempt's time, here 1 ms of a sweep of
    // ~260,000 cells, some 15 ms), the sweep is settled by the one policy every rule
    // system's exact path goes through (api/solver.hpp settle_exact): the
    // same words as the generic solver's.
    json wide = battle({noble("A", {{"soldier", 1000}})}, {noble("B", {{"soldier", 1000}})});
    wide["solver"] = {{"method", "auto"}, {"exact_time_s", 0.001}, {"trials", 2000}};
    out = json::parse(api::call("odds", wide.dump()));
    INFO(out.dump().substr(0, 500));
    REQUIRE(out["ok"] == true);
    CHECK(out["method"] == "monte-carlo-fast");
    CHECK(out["fallback"]["reason"] == "time limit");
    CHECK(out["fallback"]["message"].get<std::string>().find("exact attempt (0.001 s)") != std::string::npos);
    // (Exact takes the whole time limit, at least 10 ms: a sweep of ~2.3
    // million cells, some 140 ms, is stopped by it.)
    wide = battle({noble("A", {{"soldier", 3000}})}, {noble("B", {{"soldier", 3000}})});
    wide["solver"] = {{"method", "exact"}, {"time_limit_s", 0.01}};
    out = json::parse(api::call("odds", wide.dump()));
    CHECK(out["ok"] == false);
    CHECK(out["error"]["kind"] == "limit");
    CHECK(out["error"]["message"].get<std::string>().find("stopped at its time limit") != std::string::npos);
}

TEST_CASE("Olympia: each path is chosen for its battles and named in the answer", "[olympia][fast]") {
    auto odds = [](json req, json solver) {
        req["solver"] = solver;
        const json out = json::parse(api::call("odds", req.dump()));
        INFO(out.dump().substr(0, 500));
        REQUIRE(out["ok"] == true);
        return out;
    };
    const json field = battle({noble("A", {{"soldier", 5}})}, {noble("B", {{"soldier", 5}})});
    json engine = field;
    engine["options"]["attack_order"] = "engine";
    json works_engine = battle({noble("A", {{"soldier", 2}})}, {noble("B", {{"soldier", 2}})}, {{"attack_order", "engine"}},
                               {{"kind", "tower"}, {"defense", 1}});
    const json a = odds(field, json::object()), e = odds(engine, json::object()), g = odds(works_engine, json::object()),
               m = odds(field, {{"method", "monte-carlo"}, {"trials", 1000}});
    CHECK(a["method"] == "exact-recurrence");
    CHECK(a["path"] == "count recurrence");
    CHECK(e["method"] == "exact-cycles");
    CHECK(e["path"] == "counts and cycles");
    CHECK(g["method"] == "exact-cycles");  // at a structure too
    CHECK(m["method"] == "monte-carlo-fast");
    CHECK(m["path"] == "running-totals sampler");
    CHECK(m["draws_per_trial"].get<double>() > 0);
    // The fast paths' answers are the chance state's: the same odds here.
    const auto b = prepared(field);
    const Tally want = generic_exact(b);
    CHECK(a["outcomes"]["attacker"].get<double>() == Approx(want.p_outcome(0)).margin(1e-12));
}

TEST_CASE("Olympia sampler: seeded battles are fixed vectors, the same in every build", "[olympia][fast]") {
    // Block 0 of seed 42, battle by battle: the result, then every entity's
    // men (nobles 0 or 1), then the structure's defense and damage. Recorded
    // from this sampler; a change to its draws must change these on purpose.
    struct Vector {
        const char* name;
        std::vector<std::vector<int>> battles;
        std::uint64_t draws;
    };
    const std::vector<Vector> vectors = {
        {"plain (rulebook)",
         {{1, 0, 0, 1, 0}, {0, 1, 0, 0, 0}, {1, 0, 0, 1, 1}, {1, 0, 0, 1, 0}, {1, 0, 0, 1, 1}, {1, 0, 0, 1, 0}, {1, 0, 0, 1, 0},
          {1, 0, 0, 1, 1}},
         53},
        {"plain (engine)",
         {{1, 0, 0, 1, 0}, {0, 1, 0, 0, 0}, {1, 0, 0, 1, 0}, {0, 1, 0, 0, 0}, {0, 1, 1, 0, 0}, {1, 0, 0, 1, 0}, {0, 1, 2, 0, 0},
          {0, 1, 0, 0, 0}},
         87},
        {"castle, no overflow, catapult and blessed (rulebook)",
         {{1, 0, 0, 0, 1, 1, 5, 90}, {0, 1, 1, 1, 0, 0, 0, 100}, {1, 0, 0, 0, 1, 2, 6, 90}, {1, 0, 0, 0, 1, 2, 5, 90},
          {0, 1, 0, 1, 0, 0, 0, 100}, {1, 0, 0, 0, 1, 0, 0, 100}, {1, 0, 0, 0, 1, 2, 0, 100}, {0, 1, 0, 1, 0, 0, 0, 98}},
         54},
        {"castle, no overflow, catapult and blessed (engine)",
         {{1, 0, 0, 0, 1, 0, 0, 91}, {1, 0, 0, 0, 1, 0, 0, 100}, {0, 1, 0, 1, 0, 0, 0, 100}, {1, 0, 0, 0, 1, 2, 0, 91},
          {1, 0, 0, 0, 1, 0, 0, 92}, {0, 1, 0, 0, 0, 0, 0, 100}, {1, 0, 0, 0, 1, 0, 0, 93}, {1, 0, 0, 0, 1, 2, 0, 99}},
         118},
    };
    const std::vector<Case> all = corpus_both_orders();
    int found = 0;
    for (const auto& v : vectors)
        for (const auto& c : all) {
            if (c.name != v.name) continue;
            ++found;
            INFO(c.name);
            const auto b = prepared(c.request);
            olympia::SampleTally acc(*b, olympia::State::schema(*b));
            olympia::Sampler s(*b);
            Rng rng = Rng::for_block(42, 0);
            for (const auto& want : v.battles) {
                s.play(rng, acc);
                std::vector<int> got = {s.result()};
                for (std::size_t e = 0; e < b->ents.size(); ++e) got.push_back(s.counts()[e]);
                if (b->structure.present) {
                    got.push_back(s.works().def);
                    got.push_back(s.works().dmg);
                }
                CHECK(got == want);
            }
            CHECK(s.draws() == v.draws);
        }
    CHECK(found == static_cast<int>(vectors.size()));
}

}  // namespace file_test_olympia_fast

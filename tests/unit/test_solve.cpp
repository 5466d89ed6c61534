#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "generic_checks.hpp"
#include "solve/exact.hpp"
#include "solve/montecarlo.hpp"

namespace {

// Gambler's ruin with a chance of nothing happening: from k, +1 with weight a,
// -1 with weight b, stay with weight c; ends at 0 or n. All states share one
// progress level, so the exact solver must solve the cycles.
struct Ruin {
    int k = 1, n = 5;
    std::uint64_t a = 2, b = 1, c = 1;
    bool is_terminal() const { return k == 0 || k == n; }
    void chance_outcomes(bc::Outcomes& out) const {
        out.push_back({0, a});
        out.push_back({1, b});
        if (c) out.push_back({2, c});
    }
    void apply(std::uint32_t code, bc::Log*) { k += code == 0 ? 1 : code == 1 ? -1 : 0; }
    std::string key() const { return std::to_string(k); }
    std::uint64_t progress() const { return 0; }
    void record(bc::Recorder& r) const {
        r.outcome(k == n ? 0 : 1);
        r.value(0, k);
        r.event(0, k == n);
    }
    static bc::Schema schema() { return {{"win", "lose"}, {"final"}, {"won"}}; }
};

double ruin_win(double p, double q, int k, int n) {
    if (p == q) return static_cast<double>(k) / n;
    const double r = q / p;
    return (1 - std::pow(r, k)) / (1 - std::pow(r, n));
}
// Expected number of +1/-1 moves (closed form), before the stays are added.
double ruin_duration(double p, double q, int k, int n) {
    if (p == q) return static_cast<double>(k) * (n - k);
    return k / (q - p) - n / (q - p) * (1 - std::pow(q / p, k)) / (1 - std::pow(q / p, n));
}

// A state whose progress level is just the number of flips: acyclic.
struct Flips {
    int done = 0, heads = 0, n = 6;
    bool is_terminal() const { return done == n; }
    void chance_outcomes(bc::Outcomes& out) const {
        out.push_back({1, 1});
        out.push_back({0, 1});
    }
    void apply(std::uint32_t code, bc::Log*) {
        ++done;
        heads += static_cast<int>(code);
    }
    std::string key() const { return std::to_string(done) + ":" + std::to_string(heads); }
    std::uint64_t progress() const { return static_cast<std::uint64_t>(done); }
    std::uint32_t sample(bc::Dice& d) const { return d.d(6) >= 4 ? 1 : 0; }
    void record(bc::Recorder& r) const {
        r.outcome(heads * 2 > n ? 0 : heads * 2 == n ? 1 : 2);
        r.value(0, heads);
    }
    static bc::Schema schema() { return {{"more", "even", "fewer"}, {"heads"}, {}}; }
};

}  // namespace

TEST_CASE("exact solver: gambler's ruin with cycles matches the closed form") {
    for (int n : {5, 40, 700}) {  // 700 states exceed the direct solve and are iterated
        Ruin r;
        r.n = n;
        r.k = n / 3;
        bc::Tally t(Ruin::schema());
        const auto st = bc::solve_exact(r, t);
        REQUIRE(st.complete);
        const double p = 2.0 / 4, q = 1.0 / 4;  // with c: moves happen 3/4 of the time
        INFO("n=" << n);
        CHECK(t.p_outcome(0) == Approx(ruin_win(2.0 / 3, 1.0 / 3, r.k, n)).epsilon(1e-10));
        CHECK(t.p_event(0) == Approx(t.p_outcome(0)));
        CHECK(t.p_outcome(0) + t.p_outcome(1) == Approx(1.0).epsilon(1e-12));
        // Stays stretch every move by 1 / (1 - c) = 4/3.
        CHECK(t.steps() == Approx(ruin_duration(2.0 / 3, 1.0 / 3, r.k, n) * 4.0 / 3).epsilon(1e-9));
        (void)p;
        (void)q;
    }
}

TEST_CASE("exact solver: fair ruin, no stays") {
    Ruin r;
    r.a = r.b = 1;
    r.c = 0;
    r.n = 10;
    r.k = 3;
    bc::Tally t(Ruin::schema());
    REQUIRE(bc::solve_exact(r, t).complete);
    CHECK(t.p_outcome(0) == Approx(0.3));
    CHECK(t.steps() == Approx(21.0));
}

TEST_CASE("exact solver: binomial flips by levels") {
    Flips f;
    bc::Tally t(Flips::schema());
    const auto st = bc::solve_exact(f, t);
    REQUIRE(st.complete);
    CHECK(t.p_outcome(1) == Approx(20.0 / 64));
    CHECK(t.p_outcome(0) == Approx(22.0 / 64));
    const auto heads = t.p_series(0);
    CHECK(heads.at(3) == Approx(20.0 / 64));
    CHECK(heads.at(6) == Approx(1.0 / 64));
    CHECK(t.steps() == Approx(6.0));
    CHECK(st.states == 1 + 2 + 3 + 4 + 5 + 6 + 7);
}

TEST_CASE("exact solver: the state budget stops the solve") {
    Ruin r;
    r.n = 1000;
    r.k = 500;
    bc::Tally t(Ruin::schema());
    bc::ExactOptions o;
    o.max_states = 50;
    const auto st = bc::solve_exact(r, t, o);
    CHECK_FALSE(st.complete);
    CHECK(st.stopped_by == "state budget");
}

TEST_CASE("exact solver: pruning reports what it dropped") {
    Flips f;
    f.n = 20;
    bc::Tally t(Flips::schema());
    bc::ExactOptions o;
    o.prune = 1e-4;
    const auto st = bc::solve_exact(f, t, o);
    REQUIRE(st.complete);
    CHECK(st.dropped > 0);
    CHECK(st.dropped < 0.01);
    double sum = t.p_outcome(0) + t.p_outcome(1) + t.p_outcome(2);
    CHECK(sum + st.dropped == Approx(1.0).epsilon(1e-12));
}

TEST_CASE("Monte Carlo agrees with exact within its interval, and is seeded") {
    Ruin r;
    r.n = 8;
    r.k = 3;
    bc::Tally exact(Ruin::schema());
    REQUIRE(bc::solve_exact(r, exact).complete);
    bc::Tally mc(Ruin::schema());
    bc::MonteCarloOptions o;
    o.trials = 20000;
    o.seed = 99;
    const auto st = bc::solve_monte_carlo(r, mc, o);
    CHECK(st.trials == 20000);
    const auto [lo, hi] = bc::wilson95(mc.outcome(0), mc.total());
    CHECK(lo <= exact.p_outcome(0));
    CHECK(exact.p_outcome(0) <= hi);
    bc::Tally again(Ruin::schema());
    bc::solve_monte_carlo(r, again, o);
    CHECK(again.outcome(0) == mc.outcome(0));
}

TEST_CASE("Monte Carlo stops early at the target width and reports progress") {
    Flips f;
    bc::Tally mc(Flips::schema());
    bc::MonteCarloOptions o;
    o.trials = 1'000'000;
    o.target_halfwidth = 0.02;
    int calls = 0;
    o.progress = [&](std::uint64_t, std::uint64_t) {
        ++calls;
        return true;
    };
    const auto st = bc::solve_monte_carlo(f, mc, o);
    CHECK(st.stopped_by == "target width");
    CHECK(st.trials < 1'000'000);
    CHECK(st.max_halfwidth <= 0.02);
    CHECK(calls > 0);
}

TEST_CASE("generic checks: a state's own dice give exactly its listed weights") {
    Flips f;
    bctest::check_node(f);
    bctest::check_playthroughs(f, Flips::schema(), 20, 3);
    Ruin r;
    bctest::check_playthroughs(r, Ruin::schema(), 20, 4);
}

TEST_CASE("wilson interval") {
    auto [lo, hi] = bc::wilson95(50, 100);
    CHECK(lo == Approx(0.4038).epsilon(1e-3));
    CHECK(hi == Approx(0.5962).epsilon(1e-3));
    auto [l0, h0] = bc::wilson95(0, 100);
    CHECK(l0 == Approx(0.0).margin(1e-15));
    CHECK(h0 == Approx(0.037).epsilon(0.01));
}

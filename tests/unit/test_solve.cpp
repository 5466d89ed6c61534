#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "generic_checks.hpp"
#include "solve/exact.hpp"
#include "solve/montecarlo.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_solve {

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
    void pack(bc::KeyWriter& w) const { w.put(static_cast<std::uint64_t>(k), 16); }
    void unpack(bc::KeyReader& r) { k = static_cast<int>(r.get(16)); }
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
    void pack(bc::KeyWriter& w) const {
        w.put(static_cast<std::uint64_t>(done), 8);
        w.put(static_cast<std::uint64_t>(heads), 8);
    }
    void unpack(bc::KeyReader& r) {
        done = static_cast<int>(r.get(8));
        heads = static_cast<int>(r.get(8));
    }
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
    // Within 3.29 standard errors (99.9%): a fixed seed, so the check is fixed too.
    const double p = exact.p_outcome(0), n = mc.total();
    CHECK(std::fabs(mc.outcome(0) / n - p) <= 3.29 * std::sqrt(p * (1 - p) / n));
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
    o.progress = [&](const bc::MonteCarloProgress& p) {
        ++calls;
        CHECK(p.trials <= p.planned);
        return true;
    };
    const auto st = bc::solve_monte_carlo(f, mc, o);
    CHECK(st.stopped_by == "target width");
    CHECK(st.trials < 1'000'000);
    CHECK(st.max_halfwidth <= 0.02);
    CHECK(calls > 0);
}

namespace {
// From 1: up with weight 1 to 2, down with weight 1 to 0 (the end). From 2 the
// battle falls into 2 <-> 3 for ever. So P(end) = 1/2 and P(endless) = 1/2.
struct Trap {
    int k = 1;
    bool is_terminal() const { return k == 0; }
    void chance_outcomes(bc::Outcomes& out) const {
        if (k == 1) {
            out.push_back({0, 1});
            out.push_back({2, 1});
        } else {
            out.push_back({static_cast<std::uint32_t>(k == 2 ? 3 : 2), 1});
        }
    }
    void apply(std::uint32_t code, bc::Log*) { k = static_cast<int>(code); }
    void pack(bc::KeyWriter& w) const { w.put(static_cast<std::uint64_t>(k), 4); }
    void unpack(bc::KeyReader& r) { k = static_cast<int>(r.get(4)); }
    std::uint64_t progress() const { return 0; }
    void record(bc::Recorder& r) const { r.outcome(0); }
};
}  // namespace

TEST_CASE("exact solver: a closed class of states is reported as endless, or fails without an endless outcome") {
    bc::Tally t(bc::Schema{{"ends", "endless"}, {}, {}});
    const auto st = bc::solve_exact(Trap{}, t);
    REQUIRE(st.complete);
    CHECK(st.endless == Approx(0.5).epsilon(1e-15));
    CHECK(t.p_outcome(0) == Approx(0.5).epsilon(1e-15));
    CHECK(t.p_outcome(1) == Approx(0.5).epsilon(1e-15));
    bc::Tally plain(bc::Schema{{"ends"}, {}, {}});
    CHECK_THROWS_WITH(bc::solve_exact(Trap{}, plain), Catch::Contains("never be left"));
}

TEST_CASE("exact solver: the memory budget stops the solve") {
    Ruin r;
    r.n = 200000;
    r.k = 100000;
    bc::Tally t(Ruin::schema());
    bc::ExactOptions o;
    o.max_states = 5'000'000;
    o.max_bytes = 1 << 20;  // 1 MB: a few tens of thousands of these states
    const auto st = bc::solve_exact(r, t, o);
    CHECK_FALSE(st.complete);
    CHECK(st.stopped_by == "memory budget");
    CHECK(st.peak_bytes > o.max_bytes);
    CHECK(st.peak_bytes < 2 * o.max_bytes);  // checked often enough not to overshoot far
}

TEST_CASE("exact solver: the time limit and a cancel stop a long loop solve") {
    // 5,000 states in one cycle: far past the direct solve, and fair ruin
    // needs on the order of n^2 Gauss-Seidel sweeps to settle.
    Ruin r;
    r.a = r.b = 1;
    r.c = 0;
    r.n = 5000;
    r.k = 2500;
    {
        bc::Tally t(Ruin::schema());
        bc::ExactOptions o;
        o.time_limit_s = 0.05;
        const auto st = bc::solve_exact(r, t, o);
        CHECK_FALSE(st.complete);
        CHECK(st.stopped_by == "time limit");
    }
    {
        bc::Tally t(Ruin::schema());
        bc::ExactOptions o;
        int calls = 0;
        o.progress = [&](const bc::ExactProgress& p) {
            CHECK(p.states <= 5001);
            return ++calls < 3;
        };
        const auto st = bc::solve_exact(r, t, o);
        CHECK_FALSE(st.complete);
        CHECK(st.stopped_by == "cancelled");
    }
}

TEST_CASE("Monte Carlo blocks: any split of the blocks gives the same tallies") {
    Ruin r;
    r.n = 8;
    r.k = 3;
    bc::MonteCarloOptions o;
    o.trials = 5000;
    o.block = 1000;
    o.seed = 4242;
    bc::Tally whole(Ruin::schema());
    REQUIRE(bc::solve_monte_carlo(r, whole, o).trials == 5000);
    bc::Tally merged(Ruin::schema());
    for (std::uint64_t k = 0; k < 5; ++k) {
        bc::Tally part(Ruin::schema());
        bc::MonteCarloOptions one = o;
        one.first_block = k;
        one.trials = 1000;
        REQUIRE(bc::solve_monte_carlo(r, part, one).trials == 1000);
        merged.merge(part);
    }
    CHECK(merged.total() == whole.total());
    CHECK(merged.outcome(0) == whole.outcome(0));
    CHECK(merged.steps() == whole.steps());
    CHECK(merged.series(0) == whole.series(0));
    // A different seed draws different battles.
    bc::Tally other(Ruin::schema());
    o.seed = 4243;
    bc::solve_monte_carlo(r, other, o);
    CHECK(other.steps() != whole.steps());
}

TEST_CASE("a log keeps its first and last steps past its limit and counts what it left out") {
    bc::Log log(10);
    for (int i = 0; i < 25; ++i) log.add(i % 2 ? "hit" : "miss", "step " + std::to_string(i));
    const auto e = log.entries();
    REQUIRE(e.size() == 11);
    CHECK(e[0]["text"] == "step 0");
    CHECK(e[4]["text"] == "step 4");
    CHECK(e[5]["step"] == "omitted");
    CHECK(e[5]["omitted"] == 15);
    // Steps 5..19 were left out: 7 misses (6, 8, ..., 18) and 8 hits (5, 7, ..., 19).
    CHECK(e[5]["counts"]["miss"] == 7);
    CHECK(e[5]["counts"]["hit"] == 8);
    CHECK(e[6]["text"] == "step 20");
    CHECK(e[10]["text"] == "step 24");
    CHECK(log.size() == 25);
    bc::Log small(10);
    for (int i = 0; i < 10; ++i) small.add("x", std::to_string(i));
    CHECK(small.entries().size() == 10);
    CHECK(small.omitted() == 0);
}

TEST_CASE("packed keys: fields of any width round-trip") {
    bc::KeyWriter w;
    const unsigned widths[] = {1, 3, 64, 17, 63, 5, 64, 2, 33};
    const std::uint64_t values[] = {1, 5, 0xfedcba9876543210ULL, 99999, 0x7fffffffffffffffULL, 31, 7, 3, 0x1ffffffffULL};
    for (int i = 0; i < 9; ++i) w.put(values[i], widths[i]);
    REQUIRE_FALSE(w.overflow());
    CHECK(w.size() == (1 + 3 + 64 + 17 + 63 + 5 + 64 + 2 + 33 + 63) / 64);
    bc::KeyReader r(w.data(), w.size());
    for (int i = 0; i < 9; ++i) CHECK(r.get(widths[i]) == values[i]);
    bc::KeyWriter big;
    for (std::size_t i = 0; i <= bc::kMaxKeyWords; ++i) big.put(i, 64);
    CHECK(big.overflow());
    CHECK(bc::bits_for(0) == 1);
    CHECK(bc::bits_for(1) == 1);
    CHECK(bc::bits_for(2) == 2);
    CHECK(bc::bits_for(100000) == 17);
}

TEST_CASE("packed keys: words packed elsewhere make the same key; a reader goes on where another stopped") {
    const unsigned widths[] = {1, 3, 64, 17, 63, 5, 2};
    const std::uint64_t values[] = {1, 5, 0xfedcba9876543210ULL, 99999, 0x7fffffffffffffffULL, 31, 3};
    bc::KeyWriter fields;
    for (int i = 0; i < 7; ++i) fields.put(values[i], widths[i]);
    // A packer handed the writer mid-word (after 4 bits) writes the rest of
    // the same stream as whole words of its own, and hands it back.
    bc::KeyWriter words;
    words.put(values[0], widths[0]);
    words.put(values[1], widths[1]);
    bc::KeyWriter::Open o = words.open();
    REQUIRE(o.n == 0);
    REQUIRE(o.used == 4);
    CHECK(o.partial == (values[0] | values[1] << 1));
    std::uint64_t acc = o.partial;
    unsigned used = o.used;
    std::size_t n = o.n;
    for (int i = 2; i < 7; ++i) {
        const unsigned room = 64 - used;
        acc |= values[i] << used;
        if (widths[i] < room) {
            used += widths[i];
            continue;
        }
        o.words[n++] = acc;
        used = widths[i] - room;
        acc = used ? values[i] >> room : 0;
    }
    words.close(n, acc, used, false);
    fields.put(6, 3);
    words.put(6, 3);
    REQUIRE(words.size() == fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i) CHECK(words.data()[i] == fields.data()[i]);
    // Handed back full, with bits left over: one word too many.
    bc::KeyWriter full;
    full.put(1, 64);
    CHECK(full.open().used == 0);
    full.close(bc::kMaxKeyWords, 1, 1, false);
    CHECK(full.overflow());
    bc::KeyWriter exact;
    exact.close(bc::kMaxKeyWords, 0, 0, false);
    CHECK_FALSE(exact.overflow());

    bc::KeyReader first(fields.data(), fields.size());
    first.get(1);
    first.get(3);
    bc::KeyReader second(fields.data(), fields.size());
    second.seek(first.word(), first.bit());
    CHECK(second.get(64) == values[2]);
    CHECK(second.get(17) == values[3]);
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

}  // namespace file_test_solve

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <vector>

#include "dice/dist.hpp"
#include "fraction.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_dist {

using bc::Dist;
using bctest::Frac;
using bctest::frac;

namespace {
// (3 + 2x + x^2)^n as whole-number counts out of 6^n: the DICE6 table.
std::vector<bctest::i128> dice6_counts(int n) {
    std::vector<bctest::i128> poly = {1};
    const int die[3] = {3, 2, 1};
    for (int k = 0; k < n; ++k) {
        std::vector<bctest::i128> next(poly.size() + 2, 0);
        for (std::size_t i = 0; i < poly.size(); ++i)
            for (int j = 0; j < 3; ++j) next[i + j] += poly[i] * die[j];
        poly = next;
    }
    return poly;
}
double as_probability(bctest::i128 count, int n) {
    long double p = static_cast<long double>(count);
    for (int i = 0; i < n; ++i) p /= 6;
    return static_cast<double>(p);
}
bool close(double a, double b, double rel = 1e-12) {
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + 1e-300;
}
}  // namespace

TEST_CASE("a die") {
    const Dist d = Dist::die(6);
    CHECK(d.min() == 1);
    CHECK(d.max() == 6);
    CHECK(d.p(3) == Approx(1.0 / 6));
    CHECK(d.mean() == Approx(3.5));
    CHECK(d.variance() == Approx(35.0 / 12));
    CHECK(d.at_least(5) == Approx(2.0 / 6));
    CHECK(d.at_most(2) == Approx(2.0 / 6));
    CHECK(d.quantile(0.5) == 3);
    CHECK(d.quantile(1.0) == 6);
    CHECK(d.p(0) == 0);
}

TEST_CASE("two dice by convolution") {
    const Dist two = Dist::die(6).convolve(Dist::die(6));
    CHECK(two.min() == 2);
    CHECK(two.max() == 12);
    CHECK(two.p(7) == Approx(6.0 / 36));
    CHECK(two.p(2) == Approx(1.0 / 36));
    CHECK(two.at_least(10) == Approx(6.0 / 36));
    CHECK(two.total() == Approx(1.0));
}

TEST_CASE("DICE6 to a Total: one die is 0, 1, 2 with 1/2, 1/3, 1/6") {
    const Dist one = Dist::from_weights(0, {3, 2, 1});
    CHECK(one.p(0) == Approx(0.5));
    CHECK(one.p(1) == Approx(1.0 / 3));
    CHECK(one.p(2) == Approx(1.0 / 6));
    // Two dice worked by hand: 1/4, 1/3, 5/18, 1/9, 1/36.
    const Dist two = one.power(2);
    CHECK(two.p(0) == Approx(1.0 / 4));
    CHECK(two.p(1) == Approx(1.0 / 3));
    CHECK(two.p(2) == Approx(5.0 / 18));
    CHECK(two.p(3) == Approx(1.0 / 9));
    CHECK(two.p(4) == Approx(1.0 / 36));
}

TEST_CASE("powers match exact fractions, by recurrence and by squaring") {
    const Dist one = Dist::from_weights(0, {3, 2, 1});
    for (int n : {1, 3, 7, 20, 33}) {
        const auto counts = dice6_counts(n);
        const Dist rec = one.power(static_cast<std::uint64_t>(n));
        double dropped = 0;
        const Dist sq = one.power(static_cast<std::uint64_t>(n), 1e-320, &dropped);
        REQUIRE(rec.min() == 0);
        REQUIRE(rec.max() == 2 * n);
        for (int k = 0; k <= 2 * n; ++k) {
            INFO("n=" << n << " k=" << k);
            const double want = as_probability(counts[static_cast<std::size_t>(k)], n);
            CHECK(close(rec.p(k), want, 1e-12));
            CHECK(close(sq.p(k), want, 1e-12));
        }
    }
}

TEST_CASE("a large power is a distribution with the right moments") {
    const Dist one = Dist::from_weights(0, {3, 2, 1});
    const std::uint64_t n = 20000;
    const Dist rec = one.power(n);
    CHECK(rec.total() == Approx(1.0).epsilon(1e-10));
    CHECK(rec.mean() == Approx(2.0 * n / 3).epsilon(1e-10));
    CHECK(rec.variance() == Approx(5.0 * n / 9).epsilon(1e-8));
    // The two methods agree wherever the mass is not negligible.
    double dropped = 0;
    const Dist sq = one.power(n, 1e-300, &dropped);
    CHECK(dropped < 1e-290);
    for (std::int64_t k = 13000; k <= 13700; k += 7) {
        INFO("k=" << k);
        CHECK(close(rec.p(k), sq.p(k), 1e-9));
    }
}

TEST_CASE("binomial powers match the closed form") {
    const Dist coin = Dist::from_weights(0, {1, 1});
    const Dist b = coin.power(10);
    const double c10[] = {1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1};
    for (int k = 0; k <= 10; ++k) CHECK(b.p(k) == Approx(c10[k] / 1024));
    // Uneven: Bin(5, 1/3).
    const Dist u = Dist::from_weights(0, {2, 1}).power(5);
    CHECK(u.p(0) == Approx(32.0 / 243));
    CHECK(u.p(5) == Approx(1.0 / 243));
    CHECK(u.p(2) == Approx(80.0 / 243));
}

TEST_CASE("power of a die with more faces uses squaring") {
    const Dist three = Dist::die(6).power(3);
    CHECK(three.p(10) == Approx(27.0 / 216));
    CHECK(three.p(3) == Approx(1.0 / 216));
}

TEST_CASE("map, shift, trim and quantile") {
    const Dist d = Dist::die(6).map([](std::int64_t v) { return v >= 4 ? 1 : 0; });
    CHECK(d.p(0) == Approx(0.5));
    CHECK(d.p(1) == Approx(0.5));
    const Dist s = Dist::die(4).shift(10);
    CHECK(s.min() == 11);
    CHECK(s.max() == 14);
    Dist t = Dist::from_weights(0, {1e-20, 1, 1, 1e-20});
    const double lost = t.trim(1e-10);
    CHECK(lost == Approx(2e-20 / (2 + 2e-20)));
    CHECK(t.min() == 1);
    CHECK(t.max() == 2);
    CHECK(Dist::uniform(1, 100).quantile(0.25) == 25);
    const Dist m = Dist::from_map({{-3, 1}, {5, 3}});
    CHECK(m.p(-3) == Approx(0.25));
    CHECK(m.p(0) == 0);
    CHECK(m.mean() == Approx(3.0));
}

}  // namespace file_test_dist

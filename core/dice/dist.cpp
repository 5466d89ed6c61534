#include "dice/dist.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc {

Dist::Dist() : offset_(0), p_{1.0} {}

Dist Dist::point(std::int64_t v) { return Dist(v, {1.0}); }

Dist Dist::uniform(std::int64_t lo, std::int64_t hi) {
    if (hi < lo) throw std::invalid_argument("uniform: empty range");
    const auto n = static_cast<std::size_t>(hi - lo + 1);
    return Dist(lo, std::vector<double>(n, 1.0 / static_cast<double>(n)));
}

Dist Dist::die(int faces) {
    if (faces < 1) throw std::invalid_argument("die: needs at least one face");
    return uniform(1, faces);
}

Dist Dist::from_weights(std::int64_t offset, std::vector<double> weights) {
    double sum = 0;
    for (double w : weights) {
        if (!(w >= 0)) throw std::invalid_argument("from_weights: negative weight");
        sum += w;
    }
    if (!(sum > 0)) throw std::invalid_argument("from_weights: no mass");
    for (double& w : weights) w /= sum;
    Dist d(offset, std::move(weights));
    d.trim(0.0);
    return d;
}

Dist Dist::from_map(const std::map<std::int64_t, double>& weights) {
    if (weights.empty()) throw std::invalid_argument("from_map: no mass");
    const std::int64_t lo = weights.begin()->first, hi = weights.rbegin()->first;
    std::vector<double> w(static_cast<std::size_t>(hi - lo + 1), 0.0);
    for (const auto& [v, x] : weights) w[static_cast<std::size_t>(v - lo)] += x;
    return from_weights(lo, std::move(w));
}

double Dist::p(std::int64_t v) const {
    if (v < min() || v > max()) return 0.0;
    return p_[static_cast<std::size_t>(v - offset_)];
}

double Dist::at_least(std::int64_t k) const {
    if (k <= min()) return total();
    double s = 0;
    for (std::int64_t v = std::max(k, min()); v <= max(); ++v) s += p(v);
    return s;
}

double Dist::at_most(std::int64_t k) const {
    if (k >= max()) return total();
    double s = 0;
    for (std::int64_t v = min(); v <= k; ++v) s += p(v);
    return s;
}

double Dist::total() const {
    double s = 0;
    for (double x : p_) s += x;
    return s;
}

double Dist::mean() const {
    double s = 0;
    for (std::size_t i = 0; i < p_.size(); ++i) s += p_[i] * static_cast<double>(i);
    return s + static_cast<double>(offset_);
}

double Dist::variance() const {
    const double m = mean() - static_cast<double>(offset_);
    double s = 0;
    for (std::size_t i = 0; i < p_.size(); ++i) {
        const double d = static_cast<double>(i) - m;
        s += p_[i] * d * d;
    }
    return s;
}

std::int64_t Dist::quantile(double q) const {
    // A relative slack so that q = 1 is reached despite rounding in the sum.
    const double target = q * total() * (1 - 1e-12);
    double s = 0;
    for (std::size_t i = 0; i < p_.size(); ++i) {
        s += p_[i];
        if (s >= target) return offset_ + static_cast<std::int64_t>(i);
    }
    return max();
}

Dist Dist::convolve(const Dist& other) const {
    std::vector<double> out(p_.size() + other.p_.size() - 1, 0.0);
    for (std::size_t i = 0; i < p_.size(); ++i) {
        const double a = p_[i];
        if (a == 0) continue;
        double* o = out.data() + i;
        const double* b = other.p_.data();
        for (std::size_t j = 0; j < other.p_.size(); ++j) o[j] += a * b[j];
    }
    Dist d(offset_ + other.offset_, std::move(out));
    d.trim(0.0);
    return d;
}

Dist Dist::shift(std::int64_t k) const { return Dist(offset_ + k, p_); }

Dist Dist::map(const std::function<std::int64_t(std::int64_t)>& f) const {
    std::map<std::int64_t, double> m;
    for (std::size_t i = 0; i < p_.size(); ++i)
        if (p_[i] > 0) m[f(offset_ + static_cast<std::int64_t>(i))] += p_[i];
    if (m.empty()) return Dist(0, {0.0});
    const std::int64_t lo = m.begin()->first, hi = m.rbegin()->first;
    std::vector<double> w(static_cast<std::size_t>(hi - lo + 1), 0.0);
    for (const auto& [v, x] : m) w[static_cast<std::size_t>(v - lo)] += x;
    return Dist(lo, std::move(w));
}

double Dist::trim(double floor) {
    double dropped = 0;
    std::size_t lo = 0, hi = p_.size();
    while (hi - lo > 1 && p_[lo] <= floor) dropped += p_[lo++];
    while (hi - lo > 1 && p_[hi - 1] <= floor) dropped += p_[--hi];
    if (lo > 0 || hi < p_.size()) {
        p_ = std::vector<double>(p_.begin() + static_cast<std::ptrdiff_t>(lo),
                                 p_.begin() + static_cast<std::ptrdiff_t>(hi));
        offset_ += static_cast<std::int64_t>(lo);
    }
    return dropped;
}

Dist Dist::power(std::uint64_t n, double floor, double* dropped) const {
    if (n == 0) return point(0);
    Dist base = *this;
    base.trim(0.0);
    // Three or fewer outcomes with no gaps: the recurrence below is stable and linear.
    const bool dense = std::all_of(base.p_.begin(), base.p_.end(), [](double x) { return x > 0; });
    if (floor == 0.0 && dense && base.p_.size() <= 3 && base.p_.size() >= 2)
        return base.power_by_recurrence(n);
    return base.power_by_squaring(n, floor, dropped);
}

Dist Dist::power_by_squaring(std::uint64_t n, double floor, double* dropped) const {
    Dist result = point(0), square = *this;
    double lost = 0;
    while (n > 0) {
        if (n & 1) {
            result = result.convolve(square);
            lost += result.trim(floor);
        }
        n >>= 1;
        if (n > 0) {
            square = square.convolve(square);
            // Mass dropped from the square is lost from every later product;
            // its share of the final distribution is bounded by what it was here.
            lost += square.trim(floor);
        }
    }
    if (dropped) *dropped += lost;
    return result;
}

namespace {

// Coefficients 0..count-1 of (a[0] + a[1] x + a[2] x^2 ...)^n by J. C. P. Miller's
// recurrence k a0 c_k = sum_i ((n+1) i - k) a_i c_{k-i}. Every term is
// non-negative while k <= n + 1, so this is used only there (no cancellation).
// Each c_k is kept as a mantissa and a power of two, since c_0 = a0^n underflows.
std::vector<double> miller(const std::vector<double>& a, std::uint64_t n, std::size_t count) {
    const std::size_t m = a.size() - 1;
    std::vector<double> mant(count);
    std::vector<std::int64_t> expo(count);
    const double l0 = static_cast<double>(n) * std::log2(a[0]);
    expo[0] = static_cast<std::int64_t>(std::floor(l0));
    mant[0] = std::exp2(l0 - static_cast<double>(expo[0]));
    const double np1 = static_cast<double>(n) + 1;
    for (std::size_t k = 1; k < count; ++k) {
        double sum = 0;
        for (std::size_t i = 1; i <= std::min(k, m); ++i) {
            const double coef = np1 * static_cast<double>(i) - static_cast<double>(k);
            const double prev = std::ldexp(mant[k - i], static_cast<int>(expo[k - i] - expo[k - 1]));
            sum += coef * a[i] * prev;
        }
        double v = sum / (static_cast<double>(k) * a[0]);
        std::int64_t e = expo[k - 1];
        if (v > 0) {
            int shift = 0;
            v = std::frexp(v, &shift);
            e += shift;
        }
        mant[k] = v;
        expo[k] = e;
    }
    std::vector<double> c(count);
    for (std::size_t k = 0; k < count; ++k) {
        const std::int64_t e = std::clamp<std::int64_t>(expo[k], -2000, 2000);
        c[k] = std::ldexp(mant[k], static_cast<int>(e));
    }
    return c;
}

}  // namespace

Dist Dist::power_by_recurrence(std::uint64_t n) const {
    const std::size_t m = p_.size() - 1;  // 1 or 2
    const std::size_t len = static_cast<std::size_t>(n) * m + 1;
    std::vector<double> out(len);
    // From the low end up to k = n, and from the high end (the reversed
    // polynomial) for the rest, each within its stable range.
    const std::size_t low = std::min<std::size_t>(len, static_cast<std::size_t>(n) + 1);
    const auto lo = miller(p_, n, low);
    std::copy(lo.begin(), lo.end(), out.begin());
    if (low < len) {
        std::vector<double> rev(p_.rbegin(), p_.rend());
        const auto hi = miller(rev, n, len - low);
        for (std::size_t j = 0; j < hi.size(); ++j) out[len - 1 - j] = hi[j];
    }
    Dist d(offset_ * static_cast<std::int64_t>(n), std::move(out));
    d.trim(0.0);
    return d;
}

}  // namespace bc

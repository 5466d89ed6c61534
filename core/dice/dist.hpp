// An exact discrete distribution over a run of whole numbers.
// Probabilities are doubles; the tests check them against exact fractions.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

namespace bc {

class Dist {
public:
    // A point mass at 0.
    Dist();
    static Dist point(std::int64_t v);
    // Every whole number from lo to hi equally likely.
    static Dist uniform(std::int64_t lo, std::int64_t hi);
    // A die with `faces` faces, 1..faces.
    static Dist die(int faces);
    // Weights (not necessarily summing to 1) for offset, offset+1, ...
    static Dist from_weights(std::int64_t offset, std::vector<double> weights);
    // A sparse map of value -> weight.
    static Dist from_map(const std::map<std::int64_t, double>& weights);

    std::int64_t min() const { return offset_; }
    std::int64_t max() const { return offset_ + static_cast<std::int64_t>(p_.size()) - 1; }
    std::int64_t offset() const { return offset_; }
    const std::vector<double>& probs() const { return p_; }

    double p(std::int64_t v) const;
    double at_least(std::int64_t k) const;  // P(X >= k)
    double at_most(std::int64_t k) const;   // P(X <= k)
    double total() const;
    double mean() const;
    double variance() const;
    // The smallest v with P(X <= v) >= q, for q in (0, 1].
    std::int64_t quantile(double q) const;

    // The distribution of X + Y for independent X (this) and Y.
    Dist convolve(const Dist& other) const;
    // The distribution of the sum of n independent copies. Entries that fall
    // below `floor` are dropped from the tails, their mass added to *dropped.
    Dist power(std::uint64_t n, double floor = 0.0, double* dropped = nullptr) const;
    Dist shift(std::int64_t k) const;
    Dist map(const std::function<std::int64_t(std::int64_t)>& f) const;
    // Drops tail entries below `floor`; returns the mass dropped.
    double trim(double floor);

private:
    Dist(std::int64_t offset, std::vector<double> p) : offset_(offset), p_(std::move(p)) {}
    Dist power_by_squaring(std::uint64_t n, double floor, double* dropped) const;
    Dist power_by_recurrence(std::uint64_t n) const;

    std::int64_t offset_ = 0;
    std::vector<double> p_;
};

}  // namespace bc

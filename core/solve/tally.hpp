// What a battle's end looks like, in numbers the solvers can add up: one outcome
// (attacker wins, ...), whole-number series (a unit's final size) and events
// (a unit destroyed). Exact solving adds probabilities, sampling adds counts.
#pragma once
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bc {

struct Schema {
    std::vector<std::string> outcomes;
    std::vector<std::string> series;
    std::vector<std::string> events;
};

class Tally;

// Handed to a terminal state's record(); indices are into the Schema.
class Recorder {
public:
    Recorder(Tally& t, double weight) : t_(t), w_(weight) {}
    void outcome(std::size_t i);
    void value(std::size_t series, std::int64_t v);
    void event(std::size_t i, bool happened = true);
    // An event that follows this end with probability p (a chance settled
    // after the battle, such as a wound or a capture): adds weight x p.
    void event_chance(std::size_t i, double p);

private:
    Tally& t_;
    double w_;
};

class Tally {
public:
    explicit Tally(Schema s)
        : schema_(std::move(s)),
          outcomes_(schema_.outcomes.size(), 0.0),
          series_(schema_.series.size()),
          events_(schema_.events.size(), 0.0) {}

    const Schema& schema() const { return schema_; }
    double total() const { return total_; }
    void add_total(double w) { total_ += w; }
    double outcome(std::size_t i) const { return outcomes_[i]; }
    double event(std::size_t i) const { return events_[i]; }
    const std::map<std::int64_t, double>& series(std::size_t i) const { return series_[i]; }
    double steps() const { return steps_; }
    void add_steps(double s) { steps_ += s; }

    // Probabilities: every weight divided by the total.
    double p_outcome(std::size_t i) const { return total_ > 0 ? outcomes_[i] / total_ : 0.0; }
    double p_event(std::size_t i) const { return total_ > 0 ? events_[i] / total_ : 0.0; }
    std::map<std::int64_t, double> p_series(std::size_t i) const {
        std::map<std::int64_t, double> m;
        for (const auto& [v, w] : series_[i]) m[v] = total_ > 0 ? w / total_ : 0.0;
        return m;
    }
    double mean_series(std::size_t i) const {
        double s = 0;
        for (const auto& [v, w] : series_[i]) s += static_cast<double>(v) * w;
        return total_ > 0 ? s / total_ : 0.0;
    }

    void merge(const Tally& o) {
        total_ += o.total_;
        steps_ += o.steps_;
        for (std::size_t i = 0; i < outcomes_.size(); ++i) outcomes_[i] += o.outcomes_[i];
        for (std::size_t i = 0; i < events_.size(); ++i) events_[i] += o.events_[i];
        for (std::size_t i = 0; i < series_.size(); ++i)
            for (const auto& [v, w] : o.series_[i]) series_[i][v] += w;
    }

private:
    friend class Recorder;
    Schema schema_;
    double total_ = 0;
    double steps_ = 0;
    std::vector<double> outcomes_;
    std::vector<std::map<std::int64_t, double>> series_;
    std::vector<double> events_;
};

inline void Recorder::outcome(std::size_t i) { t_.outcomes_.at(i) += w_; }
inline void Recorder::value(std::size_t s, std::int64_t v) { t_.series_.at(s)[v] += w_; }
inline void Recorder::event(std::size_t i, bool happened) {
    if (happened) t_.events_.at(i) += w_;
}
inline void Recorder::event_chance(std::size_t i, double p) { t_.events_.at(i) += w_ * p; }

// The Wilson score interval at 95% for `hits` successes in `n` trials.
inline std::pair<double, double> wilson95(double hits, double n) {
    if (n <= 0) return {0.0, 1.0};
    const double z = 1.959963984540054, p = hits / n, z2n = z * z / n;
    const double centre = (p + z2n / 2) / (1 + z2n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace bc

// Checks that hold for every rule system's chance state (after OpenSpiel's
// basic_tests): outcomes with positive weights and distinct codes, a state's
// own dice giving exactly the listed weights, terminal states recording one
// outcome, and random playthroughs that end.
#pragma once
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <vector>

#include "fraction.hpp"
#include "keys.hpp"
#include "solve/state.hpp"
#include "solve/tally.hpp"

namespace bctest {

// A dice source that walks every sequence of draws, depth first.
class EnumDice final : public bc::Dice {
public:
    std::uint32_t below(std::uint32_t n) override {
        if (pos_ == path_.size()) path_.push_back({0, n});
        auto& step = path_[pos_++];
        if (step.n != n) throw std::logic_error("sample() asked for different dice on the same path");
        return step.v;
    }
    // The probability of the path just taken.
    Frac weight() const {
        i128 den = 1;
        for (std::size_t i = 0; i < pos_; ++i) den *= path_[i].n;
        return Frac(1, den);
    }
    // Moves to the next path; false when every path is done.
    bool advance() {
        path_.resize(pos_);
        while (!path_.empty()) {
            auto& last = path_.back();
            if (++last.v < last.n) break;
            path_.pop_back();
        }
        pos_ = 0;
        return !path_.empty();
    }
    std::size_t paths_limit_guard = 0;

private:
    struct Step {
        std::uint32_t v, n;
    };
    std::vector<Step> path_;
    std::size_t pos_ = 0;
};

template <bc::ChanceState S>
void check_node(const S& s) {
    bc::Outcomes outs;
    s.chance_outcomes(outs);
    REQUIRE(!outs.empty());
    std::set<std::uint32_t> codes;
    std::uint64_t total = 0;
    for (const auto& o : outs) {
        CHECK(o.weight > 0);
        CHECK(codes.insert(o.code).second);
        total += o.weight;
    }
    REQUIRE(total > 0);
    CHECK(total <= 0xffffffffULL);
    if constexpr (bc::RollsOwnDice<S>) {
        std::map<std::uint32_t, Frac> got;
        EnumDice dice;
        std::size_t paths = 0;
        do {
            const std::uint32_t c = s.sample(dice);
            got[c] = got[c] + dice.weight();
            REQUIRE(++paths < 2'000'000);
        } while (dice.advance());
        for (const auto& o : outs) {
            INFO("outcome code " << o.code);
            CHECK(got[o.code] == Frac(static_cast<i128>(o.weight), static_cast<i128>(total)));
        }
        CHECK(got.size() == outs.size());
    }
}

// A state's key rebuilds it: packing, unpacking into another state of the
// same battle and packing again gives the same key, and the rebuilt state has
// the same chance outcomes (or, at the end, records the same), and each of
// them leads both states to the same key: a field the key drops must not
// matter later either (issue 34: walls' engagement, lost in the key, kept a
// charger engaged with them after they fell).
template <bc::ChanceState S>
void check_key(const S& s, const S& other, const bc::Schema& schema) {
    bc::KeyWriter a, b;
    s.pack(a);
    REQUIRE_FALSE(a.overflow());
    S t = other;
    bc::KeyReader r(a.data(), a.size());
    t.unpack(r);
    t.pack(b);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(a.data()[i] == b.data()[i]);
    REQUIRE(t.is_terminal() == s.is_terminal());
    CHECK(t.progress() == s.progress());
    if (s.is_terminal()) {
        bc::Tally ts(schema), tt(schema);
        bc::Recorder rs(ts, 1.0), rt(tt, 1.0);
        s.record(rs);
        t.record(rt);
        for (std::size_t i = 0; i < schema.outcomes.size(); ++i) CHECK(ts.outcome(i) == tt.outcome(i));
        for (std::size_t i = 0; i < schema.events.size(); ++i) CHECK(ts.event(i) == tt.event(i));
        for (std::size_t i = 0; i < schema.series.size(); ++i) CHECK(ts.series(i) == tt.series(i));
        return;
    }
    bc::Outcomes x, y;
    s.chance_outcomes(x);
    t.chance_outcomes(y);
    REQUIRE(x.size() == y.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        CHECK(x[i].code == y[i].code);
        CHECK(x[i].weight == y[i].weight);
    }
    // (A sampled walk's state counts towards its rule system's endless rule,
    // which no key keeps: an end by that rule is not compared.)
    CHECK(bc::diff::next_keys_differ(s, t, x) == "");
}

// Random playthroughs from `root`, checking every node on the way (its
// outcomes and its key) and that progress never goes backwards.
template <bc::ChanceState S>
void check_playthroughs(const S& root, const bc::Schema& schema, int walks, std::uint64_t seed,
                        int max_nodes_checked = 400) {
    bc::Rng rng(seed);
    bc::Outcomes scratch;
    int checked = 0;
    for (int w = 0; w < walks; ++w) {
        S s = root;
        int steps = 0;
        while (!s.is_terminal()) {
            if (checked++ < max_nodes_checked) {
                check_node(s);
                check_key(s, root, schema);
            }
            const auto before = s.progress();
            s.apply(bc::draw(s, rng, scratch), nullptr);
            if (!s.is_terminal()) CHECK(s.progress() >= before);
            REQUIRE(++steps < 10'000'000);
        }
        check_key(s, root, schema);
        bc::Tally t(schema);
        bc::Recorder rec(t, 1.0);
        s.record(rec);
        double outcomes = 0;
        for (std::size_t i = 0; i < schema.outcomes.size(); ++i) outcomes += t.outcome(i);
        CHECK(outcomes == 1.0);
    }
}

// Pearson's chi-square statistic of observed counts against exact
// probabilities, merging outcomes expected fewer than 5 times into one cell,
// and whether it is below the 0.999 quantile for its degrees of freedom. With
// a fixed seed the result is fixed: the test cannot flake.
inline bool chi_square_passes(const std::vector<double>& observed, const std::vector<double>& p, double n,
                              double* statistic = nullptr) {
    static const double kCritical999[] = {0, 10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124,
                                          27.877, 29.588, 31.264, 32.909, 34.528, 36.123, 37.697, 39.252};
    double chi = 0, small_obs = 0, small_exp = 0;
    int cells = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double e = p[i] * n;
        if (e < 5) {
            small_obs += observed[i];
            small_exp += e;
            continue;
        }
        chi += (observed[i] - e) * (observed[i] - e) / e;
        ++cells;
    }
    if (small_exp > 0) {
        if (small_exp >= 5 || cells == 0) {
            chi += (small_obs - small_exp) * (small_obs - small_exp) / small_exp;
            ++cells;
        } else if (small_obs > 5 * small_exp + 10) {
            chi = 1e9;  // rare outcomes happening far too often
        }
    }
    if (statistic) *statistic = chi;
    const int df = cells - 1;
    if (df <= 0) return true;
    return chi < kCritical999[std::min(df, 16)];
}

}  // namespace bctest

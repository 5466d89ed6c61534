// How lucky was I: where an actual result falls among the battle's possible
// results. A result is ranked for each side, best first, by
//   1. the outcome for that side: a win, then anything that is not a win or a
//      loss (a tie, a draw, both retreating, nobody left), then a loss;
//   2. within the same outcome, what that side has left: its men in all
//      (Olympia), the sum of its units' casualty dice, removed = 0 (S&F), the
//      sum of its units' Size (Bloodied Steel).
// "At least this good" is the chance of a result ranked the same or better.
// That ranking is one number per end (the score, below), so its distribution
// is exact where the solve is: Olympia and S&F solve the battle's own chance
// state once more, recording the score of each end; Bloodied Steel works it
// out from the two Totals' exact distributions.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <functional>

#include "solve/state.hpp"
#include "tools/facts.hpp"

namespace bc::tools {

// Rank 2 win, 1 neither, 0 loss; `room` is one more than the most a side can
// have left, so the outcome always counts first.
inline std::int64_t luck_score(int rank, std::int64_t left, std::int64_t room) { return rank * room + left; }

// Where `observed` falls in `dist` (value -> probability): at_least, better,
// equal, worse, and the percentile (worse + half of equal, in percent).
json rank_json(const std::map<std::int64_t, double>& dist, std::int64_t observed);
// A mark on a survivors chart: the value seen and the chance of at least it.
json mark_json(const json& dist_p, std::int64_t observed);
// The words for one side: "A result at least this good for the attacker: 23.0% of battles."
std::string luck_words(const std::string& side_name, const json& rank);

// A battle's chance state whose ends record the luck score of each side
// instead of the rule system's own series: the same chance nodes, keys and
// progress, so the generic solvers solve it exactly as they solve the battle.
// The rule system's state sits behind one small interface, so the solvers are
// built once for every rule system's luck (they are large in the wasm module).
class ScoredState {
public:
    struct Impl {
        virtual ~Impl() = default;
        virtual std::unique_ptr<Impl> clone() const = 0;
        virtual bool assign(const Impl& o) = 0;  // false: another kind of state
        virtual bool terminal() const = 0;
        virtual void outcomes(Outcomes& out) const = 0;
        virtual void apply(std::uint32_t code, Log* log) = 0;
        virtual void pack(KeyWriter& w) const = 0;
        virtual void unpack(KeyReader& r) = 0;
        virtual std::uint64_t progress() const = 0;
        virtual void record(Recorder& r) const = 0;
        virtual std::uint32_t sample(Dice& d) const = 0;
        virtual double step_weight() const = 0;
    };
    template <ChanceState S>
    using Record = std::function<void(const S&, Recorder&)>;
    template <ChanceState S>
    static ScoredState of(S s, std::shared_ptr<const Record<S>> rec) {
        return ScoredState(std::make_unique<Holder<S>>(std::move(s), std::move(rec)));
    }

    ScoredState(const ScoredState& o) : p_(o.p_->clone()) {}
    ScoredState& operator=(const ScoredState& o) {
        if (this != &o && !p_->assign(*o.p_)) p_ = o.p_->clone();
        return *this;
    }
    bool is_terminal() const { return p_->terminal(); }
    void chance_outcomes(Outcomes& out) const { p_->outcomes(out); }
    void apply(std::uint32_t code, Log* log) { p_->apply(code, log); }
    void pack(KeyWriter& w) const { p_->pack(w); }
    void unpack(KeyReader& r) { p_->unpack(r); }
    std::uint64_t progress() const { return p_->progress(); }
    void record(Recorder& r) const { p_->record(r); }
    std::uint32_t sample(Dice& d) const { return p_->sample(d); }
    double step_weight() const { return p_->step_weight(); }

private:
    template <ChanceState S>
    struct Holder final : Impl {
        Holder(S st, std::shared_ptr<const Record<S>> r) : s(std::move(st)), rec(std::move(r)) {}
        S s;
        std::shared_ptr<const Record<S>> rec;
        mutable Outcomes scratch;
        std::unique_ptr<Impl> clone() const override { return std::make_unique<Holder>(s, rec); }
        bool assign(const Impl& o) override {
            const auto* h = dynamic_cast<const Holder*>(&o);
            if (!h) return false;
            s = h->s;
            rec = h->rec;
            return true;
        }
        bool terminal() const override { return s.is_terminal(); }
        void outcomes(Outcomes& out) const override { s.chance_outcomes(out); }
        void apply(std::uint32_t code, Log* log) override { s.apply(code, log); }
        void pack(KeyWriter& w) const override { s.pack(w); }
        void unpack(KeyReader& r) override { s.unpack(r); }
        std::uint64_t progress() const override { return s.progress(); }
        void record(Recorder& r) const override { (*rec)(s, r); }
        std::uint32_t sample(Dice& d) const override { return draw(s, d, scratch); }
        double step_weight() const override { return step_weight_of(s); }
    };
    explicit ScoredState(std::unique_ptr<Impl> p) : p_(std::move(p)) {}
    std::unique_ptr<Impl> p_;
};

// Solves a ScoredState with the request's solver settings (auto: exact
// within the budget, else sampled), as odds would.
json solve_scored(const ScoredState& root, Tally& tally, const SolverRequest& req);

// The request's solver settings for solving a Scored state as one of the
// runner's solves, in the time it has left.
SolverRequest scored_request(Runner& run, const Request& req);
// The luck of both sides from a tally of scores (series i = side i) and the
// observed scores; `names` are the sides' names in words; `trials` > 0 for a
// sampled tally (the answer then gives a 95% interval).
json sides_luck_json(const Tally& t, const std::vector<std::string>& ids, const std::vector<std::string>& names,
                     const std::vector<std::int64_t>& observed, double trials);

// A luck answer from the battle's scored chance state (series i = side i's
// score; `outcomes` the battle's own): solved once as one of the runner's
// solves, each side's `observed` score placed in its distribution, with the
// survivors charts' `marks`, the `actual` result as read and the battle's `odds`.
json scored_luck_answer(Runner& run, const Request& req, const ScoredState& root, std::vector<std::string> outcomes,
                        const std::vector<std::string>& ids, const std::vector<std::string>& names,
                        const std::vector<std::int64_t>& observed, json marks, json actual, json odds);

}  // namespace bc::tools

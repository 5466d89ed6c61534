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
template <ChanceState S>
class Scored {
public:
    using Record = std::function<void(const S&, Recorder&)>;
    Scored(S s, std::shared_ptr<const Record> rec) : s_(std::move(s)), rec_(std::move(rec)) {}
    bool is_terminal() const { return s_.is_terminal(); }
    void chance_outcomes(Outcomes& out) const { s_.chance_outcomes(out); }
    void apply(std::uint32_t code, Log* log) { s_.apply(code, log); }
    void pack(KeyWriter& w) const { s_.pack(w); }
    void unpack(KeyReader& r) { s_.unpack(r); }
    std::uint64_t progress() const { return s_.progress(); }
    void record(Recorder& r) const { (*rec_)(s_, r); }
    std::uint32_t sample(Dice& d) const
        requires RollsOwnDice<S>
    {
        return s_.sample(d);
    }
    double step_weight() const { return step_weight_of(s_); }

private:
    S s_;
    std::shared_ptr<const Record> rec_;
};

// The request's solver settings for solving a Scored state as one of the
// runner's solves, in the time it has left.
SolverRequest scored_request(Runner& run, const Request& req);
// The luck of both sides from a tally of scores (series i = side i) and the
// observed scores; `names` are the sides' names in words; `trials` > 0 for a
// sampled tally (the answer then gives a 95% interval).
json sides_luck_json(const Tally& t, const std::vector<std::string>& ids, const std::vector<std::string>& names,
                     const std::vector<std::int64_t>& observed, double trials);

}  // namespace bc::tools

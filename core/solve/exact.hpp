// Exact odds: every chance outcome followed, equal states merged by key.
//
// States are taken one progress level at a time (progress never decreases).
// Within a level, moves may loop (a missed attack, a round of orders that
// comes back to where it began), so the level's states form a small Markov
// chain: its strongly connected parts are solved as linear systems, in
// topological order, giving the expected number of visits to each state.
// Mass then flows to terminal states and to higher levels.
//
// A state may pause short of its chance node (PausesForSolver, state.hpp):
// its copies here stop at a point more paths share, the key is taken there,
// and unpack() runs on to the chance node, or to the end of the battle (the
// state then leaves for that end).
//
// Memory: only packed keys are kept (core/solve/key.hpp), in flat tables
// (keyset.hpp); a state is rebuilt from its key when it is expanded. Per state
// waiting in a later level: its key's words (8 bytes each) + 4 (where the key
// starts) + about 12 (its slot in the table, kept at most 70% full) + 8 (its
// mass). A level being solved also holds, per state, 8 (self-loop) + 4 (edge
// index) + 8 (step weight) + 1, and 16 bytes per move within the level and
// 24 per move out of it. ExactStatus::peak_bytes reports the most held.
//
// Measured and not kept (the bench's S&F 2v2, 80,965 states): folding each
// two-outcome check into the moves that lead to it, its children kept in a
// memo by its key, halves the states expanded (40,604 against 79,601) but
// solves in 44 ms against 36; keeping just-made states to spare rebuilding
// them from their keys gained nothing (most go to a later level). With the
// S&F pause (82,141 states, 32.5 ms): pausing later, once the turn has ended
// (80,713 states), 32.9 ms; folding checks into their parents without a memo
// (62,570 states), 34 ms; two-word keys inline in KeySet's slots, 3% slower;
// reusing the tables of finished levels, within 2%.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "solve/key.hpp"
#include "solve/keyset.hpp"
#include "solve/linear.hpp"
#include "solve/state.hpp"
#include "solve/tally.hpp"

namespace bc {

struct ExactProgress {
    std::uint64_t states = 0;      // distinct states found so far
    std::uint64_t max_states = 0;  // the budget
    double settled = 0;            // probability that has reached the end of a battle
    std::size_t bytes = 0;         // memory held now
    std::uint64_t levels_done = 0;
    std::uint64_t levels_waiting = 0;
};

struct ExactOptions {
    std::uint64_t max_states = 2'000'000;  // give up (complete = false) beyond this
    std::size_t max_bytes = std::size_t{512} << 20;  // and beyond this much memory
    double prune = 0.0;                    // drop states reached with less probability
    double time_limit_s = 0;               // 0: none
    // Called now and then; returning false stops the solve (complete = false).
    std::function<bool(const ExactProgress&)> progress;
};

struct ExactStatus {
    bool complete = false;
    std::string stopped_by;  // "", "state budget", "memory budget", "time limit", "cancelled", "state too large"
    std::uint64_t states = 0;
    double dropped = 0;   // probability pruned or left unconverged
    double settled = 0;   // probability that reached a terminal state
    double endless = 0;   // probability of entering states that can never be left
    std::size_t peak_bytes = 0;
};

namespace exact_detail {
inline std::size_t vec_bytes(const auto& v) { return v.capacity() * sizeof(v[0]); }
inline int outcome_index(const Schema& s, const char* name) {
    for (std::size_t i = 0; i < s.outcomes.size(); ++i)
        if (s.outcomes[i] == name) return static_cast<int>(i);
    return -1;
}
}  // namespace exact_detail

// The solver's working state for one call; solve_exact() below is its entry.
// run() takes the levels in order: expand_level() rebuilds each state of the
// level from its key and follows its chance outcomes (expand_state()), then
// settle_level() solves the level's chain and passes its mass on.
template <ChanceState S>
class ExactSolver {
public:
    ExactSolver(const S& root, Tally& tally, const ExactOptions& opt)
        : root_(root), tally_(tally), opt_(opt), start_(Clock::now()),
          endless_outcome_(exact_detail::outcome_index(tally.schema(), "endless")), s_(root), child_copy_(root) {
        if constexpr (PausesForSolver<S>) {
            s_.pause_for_solver();
            child_copy_.pause_for_solver();
        }
    }

    ExactStatus run() {
        if (root_.is_terminal()) {
            Recorder rec(tally_, 1.0);
            root_.record(rec);
            tally_.add_total(1.0);
            st_.states = st_.settled = 1;
            st_.complete = true;
            return st_;
        }
        if (!pack(root_)) return stop("state too large");
        {
            Level& l = frontier_[root_.progress()];
            bool fresh = false;
            l.keys.insert(kw_.data(), kw_.size(), fresh);
            l.mass.push_back(1.0);
        }
        st_.states = 1;
        while (!frontier_.empty()) {
            const std::uint64_t level = frontier_.begin()->first;
            Level cur = std::move(frontier_.begin()->second);
            frontier_.erase(frontier_.begin());
            refresh_waiting();
            if (!expand_level(cur, level) || !settle_level(cur)) return st_;
            ++levels_done_;
            if (out_of_time()) return stop("time limit");
            if (!report(held(cur))) return stop("cancelled");
        }
        tally_.add_total(st_.dropped);
        st_.complete = true;
        return st_;
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Level {
        KeySet keys;
        std::vector<double> mass;
    };
    // Where a move out of the level goes: a terminal state of this level's
    // terminal set, or a state waiting in a later level.
    struct Exit {
        std::uint32_t from, id, target;  // target: index into `targets_`, or kTerminal
        double p;
    };
    static constexpr std::uint32_t kTerminal = 0xffffffffu;

    const S& root_;
    Tally& tally_;
    const ExactOptions& opt_;
    const Clock::time_point start_;
    const int endless_outcome_;
    ExactStatus st_;
    std::map<std::uint64_t, Level> frontier_;
    KeyWriter kw_;
    // The level being solved: its moves in compressed rows (linear.hpp's LevelGraph).
    std::vector<std::uint32_t> start_of_;
    std::vector<LocalEdge> edges_;
    std::vector<double> self_, stepw_;
    std::vector<std::uint8_t> leaves_;
    std::vector<Exit> exits_;
    std::vector<std::pair<std::uint64_t, Level*>> targets_;
    KeySet terminals_;
    std::vector<double> terminal_mass_;
    Outcomes outs_;
    S s_, child_copy_;
    std::uint64_t levels_done_ = 0;
    std::size_t waiting_bytes_ = 0;  // memory of the later levels, refreshed now and then

    ExactStatus stop(const char* why) {
        st_.stopped_by = why;
        st_.complete = false;
        return st_;
    }
    bool pack(const S& s) {
        kw_.clear();
        s.pack(kw_);
        return !kw_.overflow();
    }
    // A child's key, and its progress when it is not terminal.
    bool pack_child(const S& s, std::uint64_t& progress) {
        kw_.clear();
        if constexpr (PacksProgress<S>) {
            progress = s.pack_progress(kw_);
        } else {
            s.pack(kw_);
            if (!kw_.overflow() && !s.is_terminal()) progress = s.progress();
        }
        return !kw_.overflow();
    }
    std::size_t held(const Level& cur) const {
        using exact_detail::vec_bytes;
        return waiting_bytes_ + cur.keys.bytes() + vec_bytes(cur.mass) + vec_bytes(start_of_) + vec_bytes(edges_) +
               vec_bytes(self_) + vec_bytes(stepw_) + vec_bytes(leaves_) + vec_bytes(exits_) + terminals_.bytes() +
               vec_bytes(terminal_mass_);
    }
    void refresh_waiting() {
        using exact_detail::vec_bytes;
        waiting_bytes_ = 0;
        for (const auto& [lv, l] : frontier_) waiting_bytes_ += l.keys.bytes() + vec_bytes(l.mass);
    }
    bool report(std::size_t bytes) {
        if (!opt_.progress) return true;
        ExactProgress p;
        p.states = st_.states;
        p.max_states = opt_.max_states;
        p.settled = st_.settled;
        p.bytes = bytes;
        p.levels_done = levels_done_;
        p.levels_waiting = frontier_.size();
        return opt_.progress(p);
    }
    bool out_of_time() const {
        return opt_.time_limit_s > 0 && std::chrono::duration<double>(Clock::now() - start_).count() > opt_.time_limit_s;
    }
    std::uint32_t target_of(std::uint64_t pr) {
        for (std::uint32_t t = 0; t < targets_.size(); ++t)
            if (targets_[t].first == pr) return t;
        targets_.emplace_back(pr, &frontier_[pr]);
        return static_cast<std::uint32_t>(targets_.size() - 1);
    }
    // The ended state whose key kw_ holds: this level's end, reached from state i with `p`.
    void to_end(std::uint32_t i, double p) {
        bool fresh = false;
        const std::uint32_t id = terminals_.insert(kw_.data(), kw_.size(), fresh);
        if (fresh) {
            terminal_mass_.push_back(0);
            ++st_.states;
        }
        exits_.push_back({i, id, kTerminal, p});
    }

    // Every state of the level (those found while expanding it too): its moves.
    // False when a budget stopped the solve (st_ says which).
    bool expand_level(Level& cur, std::uint64_t level) {
        const std::uint32_t initial = cur.keys.size();
        start_of_.assign(1, 0);
        edges_.clear();
        self_.clear();
        stepw_.clear();
        leaves_.clear();
        exits_.clear();
        targets_.clear();
        terminals_.release();
        terminal_mass_.clear();
        for (std::uint32_t i = 0; i < cur.keys.size(); ++i) {
            // A state reached (so far) with less than `prune` is dropped; what
            // flows into it later in the level is dropped with it.
            if (i < initial && opt_.prune > 0 && cur.mass[i] <= opt_.prune) {
                self_.push_back(0);
                stepw_.push_back(0);
                leaves_.push_back(2);
                start_of_.push_back(static_cast<std::uint32_t>(edges_.size()));
                continue;
            }
            if (!expand_state(cur, level, i)) return false;
            if (st_.states > opt_.max_states) return (stop("state budget"), false);
            if ((i & 1023) == 1023) {
                if (i % 65536 == 65535) refresh_waiting();
                const std::size_t bytes = held(cur);
                st_.peak_bytes = std::max(st_.peak_bytes, bytes);
                if (bytes > opt_.max_bytes) return (stop("memory budget"), false);
                if (out_of_time()) return (stop("time limit"), false);
                if (!report(bytes)) return (stop("cancelled"), false);
            }
        }
        const std::size_t bytes = held(cur);
        st_.peak_bytes = std::max(st_.peak_bytes, bytes);
        if (bytes > opt_.max_bytes) return (stop("memory budget"), false);
        return true;
    }

    // State i of the level: rebuilt from its key, its chance outcomes followed
    // to itself, to others of the level, to later levels or to an end.
    bool expand_state(Level& cur, std::uint64_t level, std::uint32_t i) {
        double self_p = 0;
        bool leaving = false;
        KeyReader kr(cur.keys.key(i), cur.keys.key_size(i));
        s_.unpack(kr);
        bool ended = false;
        if constexpr (PausesForSolver<S>) ended = s_.is_terminal();
        if (ended) {
            // Kept where it paused, and ended by what unpack() ran on to:
            // it leaves for that end (no step counted, as for a move that
            // ends the battle).
            if (!pack(s_)) return (stop("state too large"), false);
            to_end(i, 1.0);
            leaving = true;
            stepw_.push_back(0);
        } else {
            outs_.clear();
            s_.chance_outcomes(outs_);
            stepw_.push_back(step_weight_of(s_));
            std::uint64_t total = 0;
            for (const auto& o : outs_) total += o.weight;
            if (total == 0) throw std::logic_error("chance node without outcomes");
            for (std::size_t k = 0; k < outs_.size(); ++k) {
                const Outcome& o = outs_[k];
                if (o.weight == 0) continue;
                const double p = static_cast<double>(o.weight) / static_cast<double>(total);
                // The last outcome is applied to the state itself: nothing reads it after.
                S& child = k + 1 == outs_.size() ? s_ : (child_copy_ = s_);
                child.apply(o.code, nullptr);
                std::uint64_t pr = 0;
                if (!pack_child(child, pr)) return (stop("state too large"), false);
                if (child.is_terminal()) {
                    to_end(i, p);
                    leaving = true;
                    continue;
                }
                bool fresh = false;
                if (pr < level) throw std::logic_error("progress went backwards");
                if (pr > level) {
                    const std::uint32_t t = target_of(pr);
                    Level& l = *targets_[t].second;
                    const std::uint32_t id = l.keys.insert(kw_.data(), kw_.size(), fresh);
                    if (fresh) {
                        l.mass.push_back(0);
                        ++st_.states;
                    }
                    exits_.push_back({i, id, t, p});
                    leaving = true;
                    continue;
                }
                const std::uint32_t id = cur.keys.insert(kw_.data(), kw_.size(), fresh);
                if (fresh) {
                    cur.mass.push_back(0);
                    ++st_.states;
                }
                if (id == i)
                    self_p += p;
                else
                    edges_.push_back({id, p});
            }
        }
        self_.push_back(self_p);
        leaves_.push_back(leaving ? 1 : 0);
        start_of_.push_back(static_cast<std::uint32_t>(edges_.size()));
        return true;
    }

    // The level's chain solved for expected visits; its steps counted, its
    // mass passed to later levels and its ends recorded. False when stopped.
    bool settle_level(Level& cur) {
        bool stopped_by_time = false;
        const Visits v = expected_visits(LevelGraph{start_of_, edges_, cur.mass, self_, leaves_}, [&] {
            if (out_of_time()) {
                stopped_by_time = true;
                return true;
            }
            return !report(held(cur));
        });
        if (v.stopped) return (stop(stopped_by_time ? "time limit" : "cancelled"), false);
        st_.dropped += v.unconverged;
        if (v.endless > 0) {
            if (endless_outcome_ < 0) throw std::runtime_error("a state that can never be left");
            Recorder rec(tally_, v.endless);
            rec.outcome(static_cast<std::size_t>(endless_outcome_));
            tally_.add_total(v.endless);
            st_.endless += v.endless;
        }
        for (std::size_t i = 0; i < v.x.size(); ++i) {
            if (leaves_[i] == 2) {
                st_.dropped += v.x[i];
                continue;
            }
            tally_.add_steps(v.x[i] * stepw_[i]);
        }
        for (const Exit& e : exits_) {
            const double m = v.x[e.from] * e.p;
            if (e.target == kTerminal)
                terminal_mass_[e.id] += m;
            else
                targets_[e.target].second->mass[e.id] += m;
        }
        // This level's ends: rebuilt from their keys and recorded.
        for (std::uint32_t id = 0; id < terminals_.size(); ++id) {
            const double m = terminal_mass_[id];
            if (m <= 0) continue;
            KeyReader kr(terminals_.key(id), terminals_.key_size(id));
            child_copy_.unpack(kr);
            Recorder rec(tally_, m);
            child_copy_.record(rec);
            tally_.add_total(m);
            st_.settled += m;
        }
        return true;
    }
};

template <ChanceState S>
ExactStatus solve_exact(const S& root, Tally& tally, const ExactOptions& opt = {}) {
    return ExactSolver<S>(root, tally, opt).run();
}

}  // namespace bc

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

template <ChanceState S>
ExactStatus solve_exact(const S& root, Tally& tally, const ExactOptions& opt = {}) {
    using Clock = std::chrono::steady_clock;
    using exact_detail::vec_bytes;
    const auto start = Clock::now();
    ExactStatus st;
    const int endless_outcome = exact_detail::outcome_index(tally.schema(), "endless");

    struct Level {
        KeySet keys;
        std::vector<double> mass;
    };
    std::map<std::uint64_t, Level> frontier;
    KeyWriter kw;
    auto pack = [&kw](const S& s) {
        kw.clear();
        s.pack(kw);
        return !kw.overflow();
    };
    // A child's key, and its progress when it is not terminal.
    auto pack_child = [&kw](const S& s, std::uint64_t& progress) {
        kw.clear();
        if constexpr (PacksProgress<S>) {
            progress = s.pack_progress(kw);
        } else {
            s.pack(kw);
            if (!kw.overflow() && !s.is_terminal()) progress = s.progress();
        }
        return !kw.overflow();
    };

    if (root.is_terminal()) {
        Recorder rec(tally, 1.0);
        root.record(rec);
        tally.add_total(1.0);
        st.states = st.settled = 1;
        st.complete = true;
        return st;
    }
    auto stop = [&](const char* why) {
        st.stopped_by = why;
        st.complete = false;
        return st;
    };
    if (!pack(root)) return stop("state too large");
    {
        Level& l = frontier[root.progress()];
        bool fresh = false;
        l.keys.insert(kw.data(), kw.size(), fresh);
        l.mass.push_back(1.0);
    }
    st.states = 1;

    // Where a move out of the level goes: a terminal state of this level's
    // terminal set, or a state waiting in a later level.
    struct Exit {
        std::uint32_t from, id, target;  // target: index into `targets`, or kTerminal
        double p;
    };
    constexpr std::uint32_t kTerminal = 0xffffffffu;
    std::vector<std::uint32_t> start_of;
    std::vector<LocalEdge> edges;
    std::vector<double> self, stepw;
    std::vector<std::uint8_t> leaves;
    std::vector<Exit> exits;
    std::vector<std::pair<std::uint64_t, Level*>> targets;
    KeySet terminals;
    std::vector<double> terminal_mass;
    Outcomes outs;
    S s = root, child_copy = root;
    if constexpr (PausesForSolver<S>) {
        s.pause_for_solver();
        child_copy.pause_for_solver();
    }
    std::uint64_t levels_done = 0;
    std::size_t waiting_bytes = 0;  // memory of the later levels, refreshed now and then

    auto held = [&](const Level& cur) {
        return waiting_bytes + cur.keys.bytes() + vec_bytes(cur.mass) + vec_bytes(start_of) + vec_bytes(edges) +
               vec_bytes(self) + vec_bytes(stepw) + vec_bytes(leaves) + vec_bytes(exits) + terminals.bytes() +
               vec_bytes(terminal_mass);
    };
    auto refresh_waiting = [&] {
        waiting_bytes = 0;
        for (const auto& [lv, l] : frontier) waiting_bytes += l.keys.bytes() + vec_bytes(l.mass);
    };
    auto report = [&](std::size_t bytes) {
        if (!opt.progress) return true;
        ExactProgress p;
        p.states = st.states;
        p.max_states = opt.max_states;
        p.settled = st.settled;
        p.bytes = bytes;
        p.levels_done = levels_done;
        p.levels_waiting = frontier.size();
        return opt.progress(p);
    };
    auto out_of_time = [&] {
        return opt.time_limit_s > 0 && std::chrono::duration<double>(Clock::now() - start).count() > opt.time_limit_s;
    };

    while (!frontier.empty()) {
        const std::uint64_t level = frontier.begin()->first;
        Level cur = std::move(frontier.begin()->second);
        frontier.erase(frontier.begin());
        refresh_waiting();
        const std::uint32_t initial = cur.keys.size();

        start_of.assign(1, 0);
        edges.clear();
        self.clear();
        stepw.clear();
        leaves.clear();
        exits.clear();
        targets.clear();
        terminals.release();
        terminal_mass.clear();
        auto target_of = [&](std::uint64_t pr) -> std::uint32_t {
            for (std::uint32_t t = 0; t < targets.size(); ++t)
                if (targets[t].first == pr) return t;
            targets.emplace_back(pr, &frontier[pr]);
            return static_cast<std::uint32_t>(targets.size() - 1);
        };

        for (std::uint32_t i = 0; i < cur.keys.size(); ++i) {
            double self_p = 0;
            bool leaving = false;
            // A state reached (so far) with less than `prune` is dropped; what
            // flows into it later in the level is dropped with it.
            if (i < initial && opt.prune > 0 && cur.mass[i] <= opt.prune) {
                self.push_back(0);
                stepw.push_back(0);
                leaves.push_back(2);
                start_of.push_back(static_cast<std::uint32_t>(edges.size()));
                continue;
            }
            KeyReader kr(cur.keys.key(i), cur.keys.key_size(i));
            s.unpack(kr);
            // The ended state whose key kw holds: this level's end, reached with `p`.
            auto to_end = [&](double p) {
                bool fresh = false;
                const std::uint32_t id = terminals.insert(kw.data(), kw.size(), fresh);
                if (fresh) {
                    terminal_mass.push_back(0);
                    ++st.states;
                }
                exits.push_back({i, id, kTerminal, p});
                leaving = true;
            };
            bool ended = false;
            if constexpr (PausesForSolver<S>) ended = s.is_terminal();
            if (ended) {
                // Kept where it paused, and ended by what unpack() ran on to:
                // it leaves for that end (no step counted, as for a move that
                // ends the battle).
                if (!pack(s)) return stop("state too large");
                to_end(1.0);
                stepw.push_back(0);
            } else {
                outs.clear();
                s.chance_outcomes(outs);
                stepw.push_back(step_weight_of(s));
                std::uint64_t total = 0;
                for (const auto& o : outs) total += o.weight;
                if (total == 0) throw std::logic_error("chance node without outcomes");
                for (std::size_t k = 0; k < outs.size(); ++k) {
                    const Outcome& o = outs[k];
                    if (o.weight == 0) continue;
                    const double p = static_cast<double>(o.weight) / static_cast<double>(total);
                    // The last outcome is applied to the state itself: nothing reads it after.
                    S& child = k + 1 == outs.size() ? s : (child_copy = s);
                    child.apply(o.code, nullptr);
                    std::uint64_t pr = 0;
                    if (!pack_child(child, pr)) return stop("state too large");
                    if (child.is_terminal()) {
                        to_end(p);
                        continue;
                    }
                    bool fresh = false;
                    if (pr < level) throw std::logic_error("progress went backwards");
                    if (pr > level) {
                        const std::uint32_t t = target_of(pr);
                        Level& l = *targets[t].second;
                        const std::uint32_t id = l.keys.insert(kw.data(), kw.size(), fresh);
                        if (fresh) {
                            l.mass.push_back(0);
                            ++st.states;
                        }
                        exits.push_back({i, id, t, p});
                        leaving = true;
                        continue;
                    }
                    const std::uint32_t id = cur.keys.insert(kw.data(), kw.size(), fresh);
                    if (fresh) {
                        cur.mass.push_back(0);
                        ++st.states;
                    }
                    if (id == i)
                        self_p += p;
                    else
                        edges.push_back({id, p});
                }
            }
            self.push_back(self_p);
            leaves.push_back(leaving ? 1 : 0);
            start_of.push_back(static_cast<std::uint32_t>(edges.size()));
            if (st.states > opt.max_states) return stop("state budget");
            if ((i & 1023) == 1023) {
                if (i % 65536 == 65535) refresh_waiting();
                const std::size_t bytes = held(cur);
                st.peak_bytes = std::max(st.peak_bytes, bytes);
                if (bytes > opt.max_bytes) return stop("memory budget");
                if (out_of_time()) return stop("time limit");
                if (!report(bytes)) return stop("cancelled");
            }
        }
        {
            const std::size_t bytes = held(cur);
            st.peak_bytes = std::max(st.peak_bytes, bytes);
            if (bytes > opt.max_bytes) return stop("memory budget");
        }

        // Expected visits to each state of the level.
        bool stopped_by_time = false;
        const Visits v = expected_visits(LevelGraph{start_of, edges, cur.mass, self, leaves}, [&] {
            if (out_of_time()) {
                stopped_by_time = true;
                return true;
            }
            return !report(held(cur));
        });
        if (v.stopped) return stop(stopped_by_time ? "time limit" : "cancelled");
        st.dropped += v.unconverged;
        if (v.endless > 0) {
            if (endless_outcome < 0) throw std::runtime_error("a state that can never be left");
            Recorder rec(tally, v.endless);
            rec.outcome(static_cast<std::size_t>(endless_outcome));
            tally.add_total(v.endless);
            st.endless += v.endless;
        }
        for (std::size_t i = 0; i < v.x.size(); ++i) {
            if (leaves[i] == 2) {
                st.dropped += v.x[i];
                continue;
            }
            tally.add_steps(v.x[i] * stepw[i]);
        }
        for (const Exit& e : exits) {
            const double m = v.x[e.from] * e.p;
            if (e.target == kTerminal)
                terminal_mass[e.id] += m;
            else
                targets[e.target].second->mass[e.id] += m;
        }
        // This level's ends: rebuilt from their keys and recorded.
        for (std::uint32_t id = 0; id < terminals.size(); ++id) {
            const double m = terminal_mass[id];
            if (m <= 0) continue;
            KeyReader kr(terminals.key(id), terminals.key_size(id));
            child_copy.unpack(kr);
            Recorder rec(tally, m);
            child_copy.record(rec);
            tally.add_total(m);
            st.settled += m;
        }
        ++levels_done;
        if (out_of_time()) return stop("time limit");
        if (!report(held(cur))) return stop("cancelled");
    }
    tally.add_total(st.dropped);
    st.complete = true;
    return st;
}

}  // namespace bc

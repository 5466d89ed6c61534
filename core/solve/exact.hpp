// Exact odds: every chance outcome followed, equal states merged by key.
//
// States are taken one progress level at a time (progress never decreases).
// Within a level, moves may loop (a missed attack, a round of orders that
// comes back to where it began), so the level's states form a small Markov
// chain: its strongly connected parts are solved as linear systems, in
// topological order, giving the expected number of visits to each state.
// Mass then flows to terminal states and to higher levels.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "solve/linear.hpp"
#include "solve/state.hpp"
#include "solve/tally.hpp"

namespace bc {

struct ExactOptions {
    std::uint64_t max_states = 2'000'000;  // give up (complete = false) beyond this
    double prune = 0.0;                    // drop states reached with less probability
    double time_limit_s = 0;               // 0: none
    // Called now and then with (states so far, probability settled so far);
    // returning false stops the solve (complete = false).
    std::function<bool(std::uint64_t, double)> progress;
};

struct ExactStatus {
    bool complete = false;
    std::string stopped_by;  // "", "state budget", "time limit", "cancelled"
    std::uint64_t states = 0;
    double dropped = 0;   // probability pruned or left unconverged
    double settled = 0;   // probability that reached a terminal state
};

template <ChanceState S>
ExactStatus solve_exact(const S& root, Tally& tally, const ExactOptions& opt = {}) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    ExactStatus st;

    struct Entry {
        S state;
        double mass;
    };
    std::map<std::uint64_t, std::unordered_map<std::string, Entry>> frontier;
    std::unordered_map<std::string, Entry> terminals;

    auto finish_terminals = [&]() {
        for (auto& [k, e] : terminals) {
            if (e.mass <= 0) continue;
            Recorder rec(tally, e.mass);
            e.state.record(rec);
            tally.add_total(e.mass);
        }
        tally.add_total(st.dropped);
    };

    if (root.is_terminal()) {
        terminals.emplace(root.key(), Entry{root, 1.0});
        st.states = 1;
        st.settled = 1;
        st.complete = true;
        finish_terminals();
        return st;
    }
    frontier[root.progress()].emplace(root.key(), Entry{root, 1.0});
    st.states = 1;

    struct Node {
        S state;
        double inflow;
        double self = 0;    // probability of staying in this very state
        double weight = 1;  // step weight
        std::vector<std::pair<std::uint32_t, double>> next;  // within the level
    };
    struct Exit {
        std::uint32_t from;
        double p;
        double* mass;
        bool terminal;
    };
    Outcomes outs;
    std::uint64_t ticks = 0;

    auto stop = [&](const char* why) {
        st.stopped_by = why;
        st.complete = false;
        return st;
    };

    while (!frontier.empty()) {
        const std::uint64_t level = frontier.begin()->first;
        auto group = std::move(frontier.begin()->second);
        frontier.erase(frontier.begin());

        std::vector<Node> nodes;
        std::unordered_map<std::string, std::uint32_t> index;
        std::vector<Exit> exits;
        for (auto& [k, e] : group) {
            if (e.mass <= opt.prune && opt.prune > 0) {
                st.dropped += e.mass;
                continue;
            }
            index.emplace(k, static_cast<std::uint32_t>(nodes.size()));
            nodes.push_back(Node{std::move(e.state), e.mass, 0.0, 1.0, {}});
        }
        group.clear();

        for (std::size_t i = 0; i < nodes.size(); ++i) {
            outs.clear();
            nodes[i].state.chance_outcomes(outs);
            nodes[i].weight = step_weight_of(nodes[i].state);
            std::uint64_t total = 0;
            for (const auto& o : outs) total += o.weight;
            if (total == 0) throw std::logic_error("chance node without outcomes");
            const std::string self_key = nodes[i].state.key();
            for (const auto& o : outs) {
                if (o.weight == 0) continue;
                const double p = static_cast<double>(o.weight) / static_cast<double>(total);
                S child = nodes[i].state;
                child.apply(o.code, nullptr);
                std::string key = child.key();
                if (child.is_terminal()) {
                    auto [it, fresh] = terminals.try_emplace(std::move(key), Entry{std::move(child), 0.0});
                    if (fresh) ++st.states;
                    exits.push_back({static_cast<std::uint32_t>(i), p, &it->second.mass, true});
                    continue;
                }
                const std::uint64_t pr = child.progress();
                if (pr < level) throw std::logic_error("progress went backwards");
                if (pr > level) {
                    auto [it, fresh] = frontier[pr].try_emplace(std::move(key), Entry{std::move(child), 0.0});
                    if (fresh) ++st.states;
                    exits.push_back({static_cast<std::uint32_t>(i), p, &it->second.mass, false});
                    continue;
                }
                if (key == self_key) {
                    nodes[i].self += p;
                    continue;
                }
                auto [it, fresh] = index.try_emplace(std::move(key), static_cast<std::uint32_t>(nodes.size()));
                if (fresh) {
                    ++st.states;
                    nodes.push_back(Node{std::move(child), 0.0, 0.0, 1.0, {}});
                }
                nodes[i].next.emplace_back(it->second, p);
            }
            if (st.states > opt.max_states) return stop("state budget");
            if ((++ticks & 1023) == 0) {
                if (opt.time_limit_s > 0 &&
                    std::chrono::duration<double>(Clock::now() - start).count() > opt.time_limit_s)
                    return stop("time limit");
                if (opt.progress && !opt.progress(st.states, st.settled + st.dropped))
                    return stop("cancelled");
            }
        }

        // Expected visits to each state of the level.
        std::vector<LocalEdges> graph(nodes.size());
        std::vector<double> inflow(nodes.size()), self(nodes.size());
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            graph[i] = std::move(nodes[i].next);
            inflow[i] = nodes[i].inflow;
            self[i] = nodes[i].self;
        }
        double unconverged = 0;
        const std::vector<double> visits = expected_visits(graph, inflow, self, &unconverged);
        st.dropped += unconverged;
        for (std::size_t i = 0; i < nodes.size(); ++i) tally.add_steps(visits[i] * nodes[i].weight);
        for (const auto& e : exits) {
            const double m = visits[e.from] * e.p;
            *e.mass += m;
            if (e.terminal) st.settled += m;
        }
        if (opt.progress && !opt.progress(st.states, st.settled + st.dropped)) return stop("cancelled");
    }
    st.complete = true;
    finish_terminals();
    return st;
}

}  // namespace bc

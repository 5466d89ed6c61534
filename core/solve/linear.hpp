// Expected visits in an absorbing Markov chain: x = inflow + Q^T x, for the
// states of one progress level (see exact.hpp).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

namespace bc {

struct LocalEdge {
    std::uint32_t to;
    double p;
};

// The level's moves in compressed rows: node i's moves to other nodes of the
// level are edges[start[i] .. start[i+1]); self[i] is its chance of staying
// put; leaves[i] says some of its probability leaves the level (to a higher
// level, a terminal state, or a pruned branch).
struct LevelGraph {
    const std::vector<std::uint32_t>& start;
    const std::vector<LocalEdge>& edges;
    const std::vector<double>& inflow;
    const std::vector<double>& self;
    const std::vector<std::uint8_t>& leaves;
};

struct Visits {
    std::vector<double> x;   // expected visits to each node
    double unconverged = 0;  // mass an iterative solve could not settle (an honest bound)
    double endless = 0;      // mass that enters a closed class: states it can never leave
    bool stopped = false;    // should_stop() said so: the answer is incomplete
};

// Strongly connected parts are solved in topological order: directly up to a
// few hundred states, by Gauss-Seidel beyond. `should_stop` is asked between
// parts and between sweeps, so a time limit or a cancel is honoured inside a
// long solve too.
Visits expected_visits(const LevelGraph& g, const std::function<bool()>& should_stop);

}  // namespace bc

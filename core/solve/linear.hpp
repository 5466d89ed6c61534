// Expected visits in an absorbing Markov chain: x = inflow + Q^T x.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace bc {

using LocalEdges = std::vector<std::pair<std::uint32_t, double>>;

// graph[i]: moves from i to other states j of the chain, with probability.
// self[i]: probability of staying at i. The rest of i's probability leaves the
// chain. Every state must be able to leave eventually. Parts too large to solve
// directly are iterated; the mass left unconverged goes to *unconverged.
std::vector<double> expected_visits(const std::vector<LocalEdges>& graph, const std::vector<double>& inflow,
                                    const std::vector<double>& self, double* unconverged);

}  // namespace bc

// Olympia: which way the odds are computed. The generic chance state (State)
// is the statement of the rules; the fast paths beside it are chosen here and
// named in the answer ("method" and "path"), and the test suite proves each
// equal to the state (tests/unit/test_olympia_fast.cpp).
#pragma once
#include <memory>

#include "api/solver.hpp"
#include "olympia/olympia.hpp"

namespace bc::olympia {

// Fills `tally` and returns the common fields of an odds answer: "method"
// (starting "exact" or "monte-carlo"), "path", and the solver's own figures.
json solve_battle(const std::shared_ptr<const Battle>& battle, Tally& tally, const SolverRequest& req);

}  // namespace bc::olympia

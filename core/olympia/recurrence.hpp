// Olympia, rulebook order, exactly: Brown's count recurrence (1963: P(a, b)
// from P(a-1, b) and P(a, b-1)) generalised to groups of men, the nobles and
// a structure.
//
// In the rulebook order a miss changes nothing, so a state is only its counts:
// men of each group, each noble hit or not, and at a structure its defense and
// damage (one number, the points it has taken) and how many men inside have
// been targeted. Every effect of an attack lowers one of these, so the states
// form a box of mixed-radix digits in which every move goes to a smaller
// index. One sweep from the start down to 0 therefore meets each state after
// everything that flows into it: a state's mass is final when it is reached,
// and its effects move it on with their chances (the misses between them only
// count toward expected attacks, 1 / P(effect) each). No hash table: the
// states live in a window of the box as wide as the largest move, reused as
// the sweep goes down. Broken sides and stalemates are recorded as they are
// reached. The chances come from survey() (field.hpp), the same statement of
// who strikes whom that the chance state uses; the test suite checks the
// answers equal the chance state's to 1e-12.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "olympia/olympia.hpp"
#include "solve/exact.hpp"

namespace bc::olympia {

struct SweepStatus {
    bool complete = false;
    std::string stopped_by;    // "", "time limit", "cancelled"
    std::uint64_t cells = 0;   // of the box swept
    std::uint64_t states = 0;  // reached (with mass)
    double settled = 0;        // probability recorded
};

// Reusable: the window and scratch buffers stay between solves, so a sweep of
// one number (a break point, a count of men) costs only the sweeps.
class CountRecurrence {
public:
    // The box's size for this battle (rulebook order), or 0 if it is not
    // a battle for this path (the engine order).
    static double box_size(const Battle& b);
    // Cells the window needs (memory: 8 bytes each).
    static double window_size(const Battle& b);
    // Fills `tally` (which must have State::schema(b)). Honours
    // opt.time_limit_s and opt.progress (cancel); opt.max_states and prune
    // are not used (the caller checks box_size against its budget).
    SweepStatus solve(const Battle& b, Tally& tally, const ExactOptions& opt = {});

private:
    std::vector<double> window_;
};

}  // namespace bc::olympia

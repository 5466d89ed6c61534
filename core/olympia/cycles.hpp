// Olympia, engine order, exactly.
//
// The engine order's state is the counts (and the structure) plus the cycle:
// slots left to each side and whose turn it is. Misses use slots, so they are
// moves, and a cycle of misses comes back to its start: the generic solver
// sees millions of states joined by loops. Here the counts and the structure
// are the digits of a box (box.hpp: every effect, a kill, a man inside
// targeted, a blow on the structure, a move to a smaller index, as in the
// rulebook recurrence), and each of its states has a grid of (slots, slots,
// turn) in which every miss that changes nothing moves to a smaller cell,
// except the last miss of a cycle, which goes back to the cycle's start. One pass down the grid carries what flows in from
// kills; what comes back to the start is then carried round once more, scaled
// by 1 / (1 - the chance of a whole cycle of misses), which is the loop solved
// in closed form: (1 - p0)^C0 (1 - p1)^C1 for C0 and C1 slots. The chances come
// from survey() through the shapes cache; the test suite checks the answers
// equal the chance state's to 1e-12.
// At a structure a miss on a man inside counts toward its limit: that is an
// effect (a move to another state's grid), and the structure's defense, damage
// and count multiply the grids, so auto samples such battles beyond a few men.
#pragma once
#include <vector>

#include "olympia/olympia.hpp"
#include "olympia/recurrence.hpp"

namespace bc::olympia {

class CycleSweep {
public:
    // Cells of every grid in the box (an upper bound on the states), or 0 if
    // this is not a battle for this path.
    static double cells(const Battle& b);
    // Cells the window of grids needs at most (8 bytes each).
    static double window_cells(const Battle& b);
    SweepStatus solve(const Battle& b, Tally& tally, const ExactOptions& opt = {});

private:
    struct Slice {
        bool active = false;
        std::int64_t c0 = 0, c1 = 0;  // able men: slots run 0..c
        std::vector<double> grid;     // (s0 * (c1 + 1) + s1) * 2 + turn
    };
    class Sweep;  // one solve's work on the window (cycles.cpp)
    std::vector<Slice> window_;
};

}  // namespace bc::olympia

// Olympia: choosing the path for an odds request.
#include "olympia/solve.hpp"

#include "olympia/cycles.hpp"
#include "olympia/recurrence.hpp"
#include "olympia/sampler.hpp"

namespace bc::olympia {

namespace {

// The fast exact paths sweep a box of cells (recurrence.hpp, cycles.hpp),
// most never reached and each far cheaper than a generic state. Measured
// natively: the recurrence ~60 ns a state reached (noble + 1,000 against
// noble + 1,000: 258,000 cells, 15 ms) and ~20 ns a cell in a structure's box
// (noble + 100 against noble + 100 in a tower: 50 million cells, 1 s); the
// engine order's grids ~2 ns a cell (noble + 100 against noble + 100: 70
// million, 0.15 s). Per state of the budget (max_states), "exact" sweeps up to
// kExact cells, "auto" up to kAuto, so that auto answers in a fraction of a
// second and samples beyond (saying so); the window (8 bytes a cell) must fit
// in the memory budget either way.
struct CellBudget {
    double recurrence, grids;
};
constexpr CellBudget kExact{50, 1000};
constexpr CellBudget kAuto{5, 100};

std::string whole(double x) { return std::to_string(static_cast<long long>(std::min(x, 9e18))); }

// The sweep's try at exact odds: declined when its box or window is past the
// budgets, else run (complete, or stopped in the time limit).
ExactTry sweep(const Battle& b, Tally& t, const SolverRequest& req) {
    // The rulebook order: the count recurrence; the engine order: the sweep
    // over counts and cycles.
    const bool rulebook = !b.options.engine_order;
    const double cells = rulebook ? CountRecurrence::box_size(b) : CycleSweep::cells(b);
    const double window = 8 * (rulebook ? CountRecurrence::window_size(b) : CycleSweep::window_cells(b));
    const CellBudget& per = req.method == "exact" ? kExact : kAuto;
    const double budget = (rulebook ? per.recurrence : per.grids) * static_cast<double>(req.max_states);
    const double memory = static_cast<double>(req.max_memory_mb) * 1024 * 1024;
    ExactTry x;
    if (cells > budget || window > memory) {
        const bool big = window > memory;
        x.refusal = "exact odds for this battle " +
                    (big ? "needs " + whole(window / (1 << 20)) + " MB, past the memory budget"
                         : "needs " + whole(cells) + " cells, past the exact budget") +
                    "; ask for Monte Carlo or a larger budget";
        x.skip = {{"from", "exact"},
                  // (The reason names the budget, as the generic solver's do.)
                  {"reason", big ? "memory budget" : "estimated states"},
                  {"cells", cells},
                  {"message", "exact odds for this battle would take a while (" + whole(cells) +
                                  " cells), so these odds are sampled; ask for exact odds to wait for them"}};
        return x;
    }
    const ExactOptions eo = exact_options(req, exact_attempt_s(req));
    SweepStatus st;
    if (rulebook) {
        CountRecurrence rec;
        st = rec.solve(b, t, eo);
    } else {
        CycleSweep cs;
        st = cs.solve(b, t, eo);
    }
    x.complete = st.complete;
    x.stopped_by = st.stopped_by;
    x.states = st.states;
    if (st.complete)
        x.answer = {{"method", rulebook ? "exact-recurrence" : "exact-cycles"},
                    {"path", rulebook ? "count recurrence" : "counts and cycles"},
                    {"states", st.states},
                    {"cells", st.cells},
                    {"dropped", 0},
                    {"peak_bytes", window}};
    return x;
}

}  // namespace

json solve_battle(const std::shared_ptr<const Battle>& battle, Tally& tally, const SolverRequest& req) {
    const Battle& b = *battle;
    SolverRequest run = req;
    const bool generic = req.path == "generic";  // the chance state alone: no sweep, no running totals
    if (!generic && req.method != "monte-carlo" && req.skip_exact.is_null() && req.tally.is_null()) {
        Tally t(tally.schema());
        json out;
        if (settle_exact(sweep(b, t, req), req, out)) {
            tally.merge(t);
            return out;
        }
        run.skip_exact = out["fallback"];
    }
    std::uint64_t draws = 0, trials = 0;
    const State root(battle);
    json out = solve_any(root, tally, run, [&](Tally& t, const MonteCarloOptions& mo) {
        if (generic) return solve_monte_carlo(root, t, mo);
        std::uint64_t d = 0;
        const MonteCarloStatus st = sample_battles(b, t, mo, &d);
        draws += d;
        trials += st.trials;
        return st;
    });
    const std::string method = out.value("method", "");
    if (method == "monte-carlo" && generic) {
        out["path"] = "chance state, sampled step by step";
    } else if (method == "monte-carlo") {
        out["method"] = "monte-carlo-fast";
        out["path"] = "running-totals sampler";
        if (trials > 0) out["draws_per_trial"] = static_cast<double>(draws) / static_cast<double>(trials);
    } else if (method == "exact") {
        out["path"] = "chance state";
    }
    return out;
}

}  // namespace bc::olympia

// Olympia: choosing the path for an odds request.
#include "olympia/solve.hpp"

#include <chrono>

#include "olympia/cycles.hpp"
#include "olympia/recurrence.hpp"
#include "olympia/sampler.hpp"

namespace bc::olympia {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A rough count of the generic state's states: every group's size + 1, the
// structure's defense, damage and targeting limit, the engine order's slots.
double estimate_states(const Battle& b) {
    double estimate = 1;
    std::int64_t able = 0;
    for (const auto& e : b.ents) {
        estimate *= static_cast<double>(e.count + 1);
        if (!e.idle) able += e.count;
    }
    if (b.structure.present)
        estimate *= static_cast<double>((b.structure.defense + 1) * (101 - b.structure.damage) * (b.bonus_limit + 1));
    if (b.options.engine_order) estimate *= static_cast<double>(able + 1);
    return estimate;
}

// The fast exact paths sweep a box of cells (recurrence.hpp, cycles.hpp),
// most never reached and each far cheaper than a generic state. Measured
// natively: the recurrence ~60 ns a state reached (noble + 1,000 against
// noble + 1,000: 258,000 cells, 15 ms) and ~20 ns a cell in a structure's box
// (noble + 100 against noble + 100 in a tower: 50 million cells, 1 s); the
// engine order's grids ~2 ns a cell (noble + 100 against noble + 100: 70
// million, 0.14 s). Per state of the budget (max_states), "exact" sweeps up to
// kExact cells, "auto" up to kAuto, so that auto answers in a fraction of a
// second and samples beyond (saying so); the window (8 bytes a cell) must fit
// in kWindowCells either way.
struct CellBudget {
    double recurrence, grids;
};
constexpr CellBudget kExact{50, 1000};
constexpr CellBudget kAuto{5, 100};
constexpr double kWindowCells = 32.0 * 1024 * 1024;

json sampled(const Battle& b, Tally& tally, const SolverRequest& req, double time_left) {
    MonteCarloOptions mo;
    mo.trials = req.trials;
    mo.seed = req.seed;
    mo.target_halfwidth = req.target_halfwidth;
    mo.time_limit_s = time_left;
    mo.progress = [](std::uint64_t done, std::uint64_t planned) {
        return report_progress({{"phase", "monte-carlo"}, {"trials", done}, {"planned", planned}});
    };
    std::uint64_t draws = 0;
    const MonteCarloStatus st = sample_battles(b, tally, mo, &draws);
    if (st.stopped_by == "cancelled") throw std::runtime_error("cancelled");
    return {{"method", "monte-carlo-fast"},
            {"path", "running-totals sampler"},
            {"trials", st.trials},
            {"seed", req.seed},
            {"stopped_by", st.stopped_by.empty() ? "trials" : st.stopped_by},
            {"max_halfwidth", st.max_halfwidth},
            {"draws_per_trial", st.trials ? static_cast<double>(draws) / static_cast<double>(st.trials) : 0.0}};
}

}  // namespace

json solve_battle(const std::shared_ptr<const Battle>& battle, Tally& tally, const SolverRequest& req) {
    const auto t0 = Clock::now();
    const Battle& b = *battle;
    if (req.method == "monte-carlo") return sampled(b, tally, req, req.time_limit_s);

    // The rulebook order: the count recurrence; the engine order in the
    // open field: the sweep over counts and cycles.
    const double box = CountRecurrence::box_size(b), grids = CycleSweep::cells(b);
    const CellBudget& per = req.method == "exact" ? kExact : kAuto;
    const double states = static_cast<double>(req.max_states);
    const bool recurrence = box > 0 && CountRecurrence::window_size(b) <= kWindowCells;
    const bool cycles = grids > 0 && CycleSweep::window_cells(b) <= kWindowCells;
    const double cells = recurrence ? box : grids;
    if ((recurrence || cycles) && cells > (recurrence ? per.recurrence : per.grids) * states) {
        if (req.method == "exact")
            throw std::runtime_error("this battle needs " + std::to_string(static_cast<long long>(std::min(cells, 9e18))) +
                                     " cells, past the exact budget; ask for Monte Carlo or a larger max_states");
        json out = sampled(b, tally, req, req.time_limit_s);
        out["fallback"] = {{"from", "exact"},
                           {"reason", "estimated cells"},
                           {"cells", cells},
                           {"message", "exact odds for this battle would take a while (" +
                                           std::to_string(static_cast<long long>(std::min(cells, 9e18))) +
                                           " cells), so these odds are sampled; ask for exact odds to wait for them"}};
        return out;
    }
    if (recurrence || cycles) {
        ExactOptions eo;
        eo.time_limit_s = req.method == "exact" ? req.time_limit_s : req.time_limit_s / 4;
        eo.progress = [](std::uint64_t states, double settled) {
            return report_progress({{"phase", "exact"}, {"states", states}, {"settled", settled}});
        };
        Tally t(tally.schema());
        SweepStatus st;
        if (recurrence) {
            CountRecurrence rec;
            st = rec.solve(b, t, eo);
        } else {
            CycleSweep sweep;
            st = sweep.solve(b, t, eo);
        }
        if (st.complete) {
            tally.merge(t);
            return {{"method", recurrence ? "exact-recurrence" : "exact-cycles"},
                    {"path", recurrence ? "count recurrence" : "counts and cycles"},
                    {"states", st.states},
                    {"cells", st.cells},
                    {"dropped", 0}};
        }
        if (req.method == "exact" || st.stopped_by == "cancelled")
            throw std::runtime_error("the exact solve stopped (" + st.stopped_by + ") after " +
                                     std::to_string(st.states) + " states; ask for Monte Carlo or a larger budget");
        json out = sampled(b, tally, req, std::max(0.01, req.time_limit_s - seconds_since(t0)));
        out["fallback"] = {{"from", "exact"},
                           {"reason", st.stopped_by},
                           {"states", st.states},
                           {"message", "the exact solve exceeded its " + st.stopped_by + " after " +
                                           std::to_string(st.states) + " states, so these odds are sampled"}};
        return out;
    }

    // The generic chance state, within its budgets. Men inside a structure
    // multiply its states by the structure's defense, damage and targeting
    // limit: when even a rough count is far past the budget, auto samples at
    // once instead of spending the time limit finding out.
    const double estimate = estimate_states(b);
    json fallback;
    if (req.method == "auto" && estimate > 50.0 * static_cast<double>(req.max_states)) {
        fallback = {{"from", "exact"},
                    {"reason", "estimated states"},
                    {"states", estimate},
                    {"message", "this battle has too many states for exact odds (roughly " +
                                    std::to_string(static_cast<long long>(std::min(estimate, 9e18))) +
                                    "), so these odds are sampled"}};
    } else {
        ExactOptions eo;
        eo.max_states = req.max_states;
        eo.prune = req.prune;
        eo.time_limit_s = req.method == "exact" ? req.time_limit_s : req.time_limit_s / 4;
        eo.progress = [](std::uint64_t states, double settled) {
            return report_progress({{"phase", "exact"}, {"states", states}, {"settled", settled}});
        };
        Tally t(tally.schema());
        const ExactStatus st = solve_exact(State(battle), t, eo);
        if (st.complete) {
            tally.merge(t);
            return {{"method", "exact"}, {"path", "chance state"}, {"states", st.states}, {"dropped", st.dropped}};
        }
        if (req.method == "exact" || st.stopped_by == "cancelled")
            throw std::runtime_error("the exact solve stopped (" + st.stopped_by + ") after " +
                                     std::to_string(st.states) + " states; ask for Monte Carlo or a larger budget");
        fallback = {{"from", "exact"},
                    {"reason", st.stopped_by},
                    {"states", st.states},
                    {"message", "the exact solve exceeded its " + st.stopped_by + " after " +
                                    std::to_string(st.states) + " states, so these odds are sampled"}};
    }
    json out = sampled(b, tally, req, std::max(0.01, req.time_limit_s - seconds_since(t0)));
    out["fallback"] = fallback;
    return out;
}

}  // namespace bc::olympia

// The "states" call: how many distinct states of a battle the canonical key
// lets the exact solver reach (where it pauses, chance nodes and ends), counted one progress
// level at a time so that only the levels still waiting are held. It is the
// exact solver's walk without the odds: what decides whether a battle can be
// solved exactly, printed by the bench for the everyday battles.
#include <chrono>
#include <map>

#include "api/solver.hpp"
#include "solve/keyset.hpp"
#include "warfare/battle/calls.hpp"
#include "warfare/battle/state.hpp"

namespace bc::warfare {

json count_states(const Battle& b, std::uint64_t max_states, double time_limit_s) {
    const auto t0 = std::chrono::steady_clock::now();
    const Deadline deadline(time_limit_s);
    auto bp = std::make_shared<const Battle>(b);
    const State root(bp);
    std::uint64_t states = 1, expanded = 0;
    bool complete = true;
    std::string stopped_by;
    std::map<std::uint64_t, KeySet> levels;
    KeySet terminals;
    KeyWriter kw;
    bool fresh = false;
    root.pack(kw);
    if (root.is_terminal())
        terminals.insert(kw.data(), kw.size(), fresh);
    else
        levels[root.progress()].insert(kw.data(), kw.size(), fresh);
    Outcomes outs;
    State s = root, copy = root;
    s.pause_for_solver();  // keyed where the exact solver keys them
    copy.pause_for_solver();
    while (!levels.empty() && complete) {
        const std::uint64_t level = levels.begin()->first;
        KeySet cur = std::move(levels.begin()->second);
        levels.erase(levels.begin());
        for (std::uint32_t id = 0; id < cur.size(); ++id) {
            KeyReader kr(cur.key(id), cur.key_size(id));
            s.unpack(kr);
            ++expanded;
            outs.clear();
            if (s.is_terminal()) {
                // Ended by the steps after its pause (as in the exact solver).
                kw.clear();
                s.pack(kw);
                terminals.insert(kw.data(), kw.size(), fresh);
                if (fresh) ++states;
            } else {
                s.chance_outcomes(outs);
            }
            for (std::size_t k = 0; k < outs.size(); ++k) {
                // As in the exact solver: the last outcome is applied to the
                // state itself, and the key and progress come in one pass.
                State& c = k + 1 == outs.size() ? s : (copy = s);
                c.apply(outs[k].code, nullptr);
                kw.clear();
                const std::uint64_t p = c.pack_progress(kw);
                if (c.is_terminal())
                    terminals.insert(kw.data(), kw.size(), fresh);
                else
                    (p == level ? cur : levels[p]).insert(kw.data(), kw.size(), fresh);
                if (fresh) ++states;
            }
            if (states > max_states || ((expanded & 4095) == 0 && deadline.passed())) {
                complete = false;
                stopped_by = states > max_states ? "state budget" : "time limit";
                break;
            }
        }
    }
    json out = {{"states", states}, {"terminal", terminals.size()}, {"complete", complete},
                {"time_ms", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()}};
    if (!complete) out["stopped_by"] = stopped_by;
    return out;
}

json states_call(const In& req) {
    const Battle b = parse_battle(req, {"max_states", "time_limit_s", "solver", "seed"});
    const auto max_states = static_cast<std::uint64_t>(
        req.integer("max_states", 1, static_cast<std::int64_t>(SolverLimits::kMaxStates), 1'000'000));
    const double limit = req.number("time_limit_s", 0.01, SolverLimits::kMaxSeconds, 30);
    return count_states(b, max_states, limit);
}

}  // namespace bc::warfare

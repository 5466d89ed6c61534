// The differential test's look inside: random walks through a battle's
// chance state, where at every node the state rebuilt from its canonical key
// must have the same chance outcomes as the state itself, and each outcome
// must take both to the same next key. A field the key drops that matters
// later (issue 34: walls' engagement) shows up here as soon as a walk passes
// where it matters, without waiting for the odds to drift.
#pragma once
#include <algorithm>
#include <string>

#include "solve/state.hpp"

namespace bc::diff {

struct KeyCheck {
    std::uint64_t nodes = 0;  // nodes checked
    std::string problem;      // the first disagreement ("" if none)
};

// Each outcome in `x` applied to `s` and to `t` (rebuilt from s's key): ""
// when both reach the same key, else which outcome does not. An end by a
// sampling-only rule (the S&F endless rule) is no key's business.
template <ChanceState S>
std::string next_keys_differ(const S& s, const S& t, const Outcomes& x) {
    for (const auto& o : x) {
        S a = s, b = t;
        a.apply(o.code, nullptr);
        b.apply(o.code, nullptr);
        if constexpr (requires { a.ended_by_endless_rule(); })
            if (a.ended_by_endless_rule()) continue;
        KeyWriter ka, kb;
        a.pack(ka);
        b.pack(kb);
        if (ka.size() != kb.size() || !std::equal(ka.data(), ka.data() + ka.size(), kb.data()))
            return "outcome " + std::to_string(o.code) + " leads the state and the one rebuilt from its key to different keys";
    }
    return "";
}

template <ChanceState S>
KeyCheck check_keys(const S& root, int walks, std::uint64_t seed, std::uint64_t max_nodes) {
    KeyCheck out;
    Rng rng(seed);
    Outcomes scratch, x, y;
    for (int w = 0; w < walks && out.nodes < max_nodes; ++w) {
        S s = root;
        for (std::uint64_t step = 0; !s.is_terminal() && out.nodes < max_nodes && step < 100000; ++step) {
            ++out.nodes;
            KeyWriter k;
            s.pack(k);
            S t = root;
            KeyReader r(k.data(), k.size());
            t.unpack(r);
            x.clear();
            y.clear();
            s.chance_outcomes(x);
            t.chance_outcomes(y);
            const std::string where = "walk " + std::to_string(w) + ", step " + std::to_string(step);
            if (x.size() != y.size()) {
                out.problem = where + ": the rebuilt state has other chance outcomes";
                return out;
            }
            for (std::size_t i = 0; i < x.size(); ++i)
                if (x[i].code != y[i].code || x[i].weight != y[i].weight) {
                    out.problem = where + ": the rebuilt state has other chance outcomes";
                    return out;
                }
            const std::string next = next_keys_differ(s, t, x);
            if (!next.empty()) {
                out.problem = where + ": " + next;
                return out;
            }
            s.apply(draw(s, rng, scratch), nullptr);
        }
    }
    return out;
}

}  // namespace bc::diff

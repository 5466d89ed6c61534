// The policy: which fresh unit acts, whom it attacks, and when it charges,
// feeds, saps or disengages instead.
#include <algorithm>

#include "warfare/battle_detail.hpp"

namespace bc::warfare {

using namespace detail;

// ---------------------------------------------------------------- policy

bool State::can_charge(int a, int t) const {
    return b_->pol.charge && card(a).has(Trait::Charge) && u_[a].engaged < 0 && u_[t].engaged < 0;
}

std::vector<int> State::targets(int a) const {
    std::vector<int> ts;
    for (int t = 0; t < n(); ++t)
        if (!illegal(a, t) && expected_value(a, t, can_charge(a, t)) > 0) ts.push_back(t);
    return ts;
}

int State::pick_target(int a, const std::vector<int>& ts) const {
    const std::string& how = b_->pol.targeting;
    int best = -1;
    std::int64_t best_v = -1;
    int best_die = 0;
    for (int t : ts) {
        const std::int64_t v = expected_value(a, t, can_charge(a, t));
        const int d = u_[t].die;
        bool better = best < 0;
        if (!better) {
            if (how == "weakest" && d != best_die)
                better = d < best_die;
            else if (how == "strongest" && d != best_die)
                better = d > best_die;
            else
                better = v > best_v;
        }
        if (better) {
            best = t;
            best_v = v;
            best_die = d;
        }
    }
    return best;
}

State::Plan State::plan(int u) const {
    Plan p;
    if (!acts(u) || has(u, kExhausted)) return p;
    const Unit& c = card(u);
    const Options& o = b_->opt;
    const Policy& pol = b_->pol;
    const int side = bu(u).side;
    const int e = u_[u].engaged;
    if (e >= 0) {
        const bool charger = has(u, kCharger);
        const bool may = o.disengage == "free" || (o.disengage == "issue") || (charger && o.disengage == "charger-check");
        const bool stuck = illegal(u, e) != nullptr || expected_value(u, e, false) == 0;
        const bool want = stuck || (pol.disengage_to_charge && charger && c.has(Trait::Charge));
        if (want && may) {
            p.kind = kDisengageOrder;
            p.target = e;
            return p;
        }
        if (stuck) return p;
        p.kind = kAttackOrder;
        p.target = e;
        p.value = expected_value(u, e, false);
        return p;
    }
    if (c.has(Trait::Ravenous) && pol.feed != "never" && u_[u].die < bu(u).max &&
        (pol.feed == "when-hurt" || diminished(u))) {
        for (int t = 0; t < n(); ++t)
            if (bu(t).side != side && acts(t) && diminished(t)) {
                p.kind = kFeed;
                return p;
            }
    }
    if (c.has(Trait::TwistingRoots) && pol.sap) {
        for (int t = 0; t < n(); ++t)
            if (bu(t).side != side && on_field(t) && card(t).is(Type::Fortification) && !has(t, kSapped)) {
                p.kind = kSap;
                p.target = t;
                return p;
            }
    }
    if (o.cavalry == "odd-rounds" && c.is(Type::Cavalry) && parity_) return p;
    const auto ts = targets(u);
    if (ts.empty()) return p;
    p.kind = kAttackOrder;
    if (pol.targeting == "random" && ts.size() > 1) {
        p.target = -1;
        for (int t : ts) p.value = std::max(p.value, expected_value(u, t, can_charge(u, t)));
        return p;
    }
    p.target = pick_target(u, ts);
    p.charge = can_charge(u, p.target);
    p.value = expected_value(u, p.target, p.charge);
    return p;
}

}  // namespace bc::warfare

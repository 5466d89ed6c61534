// The policy: which fresh unit acts, whom it attacks, and when it charges,
// feeds, saps or disengages instead. Each target a unit could attack is scored
// once per decision (scan_targets) and every choice reads those scores.
#include <algorithm>

#include "warfare/battle_detail.hpp"

namespace bc::warfare {

using namespace detail;

bool State::can_charge(int a, int t) const {
    return b_->pol.charge && card(a).has(Trait::Charge) && u_[a].engaged < 0 && u_[t].engaged < 0;
}

void State::scan_targets(int a, Targets& out) const { scan_targets(a, out, presence()); }

void State::scan_targets(int a, Targets& out, const Presence& here) const {
    out.n = 0;
    for (int t = 0; t < n(); ++t) {
        if (bu(t).side == bu(a).side || illegal(a, t, here)) continue;
        const bool charge = can_charge(a, t);
        const std::int64_t v = expected_value(a, t, charge);
        if (v > 0) out.at[out.n++] = {static_cast<std::int8_t>(t), charge, v};
    }
}

const State::Scored& State::pick_target(const Targets& ts) const {
    const Policy& pol = b_->pol;
    const bool weakest = pol.targeting == Targeting::Weakest, strongest = pol.targeting == Targeting::Strongest;
    const bool by_value = pol.targeting == Targeting::Best || pol.ties_by_expected;
    int best = 0;
    for (int i = 1; i < ts.n; ++i) {
        const int d = u_[ts.at[i].target].die, bd = u_[ts.at[best].target].die;
        bool better = false;
        if (weakest && d != bd)
            better = d < bd;
        else if (strongest && d != bd)
            better = d > bd;
        else if (by_value)
            better = ts.at[i].value > ts.at[best].value;
        // Otherwise a tie goes to the earlier card.
        if (better) best = i;
    }
    return ts.at[best];
}

bool State::sap_helps(int side, int fort) const {
    // Advantage on Power checks helps a siege unit that makes them and does
    // not already always (or never) succeed.
    for (int v = 0; v < n(); ++v) {
        if (bu(v).side != side || !acts(v) || !card(v).siege() || card(v).has(Trait::HurlRocks)) continue;
        const PairOdds& po = b_->pairs[static_cast<std::size_t>(v * n() + fort)];
        if (po.power[1] != po.power[0]) return true;
    }
    return false;
}

bool State::wants_to_feed(int u) const {
    const Feed feed = b_->pol.feed;
    if (!card(u).has(Trait::Ravenous) || feed == Feed::Never || u_[u].die >= bu(u).max) return false;
    if (feed == Feed::WhenDiminished && !diminished(u)) return false;
    for (int t = 0; t < n(); ++t)
        if (bu(t).side != bu(u).side && acts(t) && diminished(t)) return true;
    return false;
}

State::Plan State::plan(int u, const Presence& here) const {
    Plan p;
    if (!acts(u) || has(u, kExhausted)) return p;
    const Unit& c = card(u);
    const Options& o = b_->opt;
    const Policy& pol = b_->pol;
    const int side = bu(u).side;
    const int e = u_[u].engaged;
    // Engaging limits attacks, not feeding (unless option engaged_feed is off).
    if ((e < 0 || o.engaged_feed) && wants_to_feed(u)) {
        p.kind = kFeed;
        return p;
    }
    if (e >= 0) {
        const bool charger = has(u, kCharger);
        const bool may = o.disengage != Disengage::ChargerCheck || charger;
        const std::int64_t v = illegal(u, e, here) ? 0 : expected_value(u, e, false);
        const bool stuck = v == 0;
        const bool want = stuck || (pol.disengage_to_charge && charger && c.has(Trait::Charge));
        if (want && may) {
            p.kind = kDisengageOrder;
            p.target = e;
            return p;
        }
        if (stuck) return p;
        p.kind = kAttackOrder;
        p.target = e;
        p.value = v;
        return p;
    }
    if (c.has(Trait::TwistingRoots) && pol.sap != Sap::Never) {
        for (int t = 0; t < n(); ++t)
            if (bu(t).side != side && on_field(t) && card(t).is(Type::Fortification) && !has(t, kSapped) &&
                (pol.sap == Sap::Always || sap_helps(side, t))) {
                p.kind = kSap;
                p.target = t;
                return p;
            }
    }
    if (o.cavalry == Cavalry::OddRounds && c.is(Type::Cavalry) && parity_) return p;
    Targets ts;
    scan_targets(u, ts, here);
    if (ts.n == 0) return p;
    p.kind = kAttackOrder;
    if (pol.targeting == Targeting::Random && ts.n > 1) {
        p.target = -1;
        for (int i = 0; i < ts.n; ++i) p.value = std::max(p.value, ts.at[i].value);
        return p;
    }
    const Scored& s = pick_target(ts);
    p.target = s.target;
    p.charge = s.charge;
    p.value = s.value;
    return p;
}

}  // namespace bc::warfare

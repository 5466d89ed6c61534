// The policy: which fresh unit acts, whom it attacks, and when it charges,
// feeds, saps or disengages instead. Each target a unit could attack is scored
// once per decision (best_target, or scan_targets for a random pick) and
// every choice reads those scores.
#include <algorithm>

#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

void State::scan_targets(int a, Targets& out) const {
    out.n = 0;
    if (!acts(a)) return;
    const int enemy = 1 - side_of(a);
    for (int t = b_->first[enemy]; t < b_->first[enemy + 1]; ++t) {
        if (!may_attack(a, t)) continue;
        const bool charge = can_charge(a, t);
        const std::int64_t v = expected_value(a, t, charge);
        if (v > 0) out.at[out.n++] = {static_cast<std::int8_t>(t), charge, v};
    }
}

int State::best_target(int a, Scored& best, std::int64_t& top) const {
    // scan_targets() and the targeting rule in one pass, without a list.
    const Policy& pol = b_->pol;
    const bool weakest = pol.targeting == Targeting::Weakest, strongest = pol.targeting == Targeting::Strongest;
    const bool by_value = pol.targeting == Targeting::Best || pol.ties_by_expected;
    int count = 0;
    top = -1;
    if (!acts(a)) return 0;
    const int enemy = 1 - side_of(a);
    // may_attack() and can_charge() with what holds for every target hoisted:
    // `a` acts and the targets are its enemies; an engaged unit takes the
    // general rule.
    const bool free = u_[a].engaged < 0;
    const bool charges = free && b_->pol.charge && trait(a, Trait::Charge);
    const PairOdds* row = b_->pairs.data() + static_cast<std::size_t>(a * n());
    for (int t = b_->first[enemy]; t < b_->first[enemy + 1]; ++t) {
        const PairOdds& po = row[t];
        if (free ? !on_field(t) || !po.legal || (others_types(t) & po.blocked_by) : !may_attack(a, t)) continue;
        const bool charge = free ? charges && u_[t].engaged < 0 : can_charge(a, t);
        const std::int64_t v = po.fixed ? po.fixed_value[charge ? 1 : 0] : expected_value(a, t, charge);
        if (v <= 0) continue;
        top = std::max(top, v);
        bool better = count == 0;
        if (!better) {
            const int d = u_[t].die, bd = u_[best.target].die;
            if (weakest && d != bd)
                better = d < bd;
            else if (strongest && d != bd)
                better = d > bd;
            else if (by_value)
                better = v > best.value;
            // Otherwise a tie goes to the earlier card.
        }
        if (better) best = {static_cast<std::int8_t>(t), charge, v};
        ++count;
    }
    return count;
}

bool State::sap_helps(int side, int fort) const {
    // Advantage on Power checks helps a siege unit that makes them and does
    // not already always (or never) succeed.
    for (int v = 0; v < n(); ++v) {
        if (side_of(v) != side || !acts(v) || !fact(v).siege || trait(v, Trait::HurlRocks)) continue;
        const PairOdds& po = b_->pairs[static_cast<std::size_t>(v * n() + fort)];
        if (po.power[1] != po.power[0]) return true;
    }
    return false;
}

// The rules' side of each choice; the policy's preferences are in decide().
bool State::may_feed(int u) const {
    if (!acts(u) || !trait(u, Trait::Ravenous) || u_[u].die >= max_of(u)) return false;
    // Engaging limits attacks, not feeding (unless option engaged_feed is off).
    if (u_[u].engaged >= 0 && !b_->opt.engaged_feed) return false;
    for (int t = 0; t < n(); ++t)
        if (side_of(t) != side_of(u) && acts(t) && diminished(t)) return true;
    return false;
}

bool State::may_disengage(int u) const {
    return u_[u].engaged >= 0 && (b_->opt.disengage != Disengage::ChargerCheck || has(u, kCharger));
}

bool State::may_sap(int u, int t) const {
    return trait(u, Trait::TwistingRoots) && u_[u].engaged < 0 && side_of(t) != side_of(u) && on_field(t) &&
           is(t, Type::Fortification) && !has(t, kSapped);
}

bool State::waits_for_odd_round(int u) const {
    return b_->opt.cavalry == Cavalry::OddRounds && is(u, Type::Cavalry) && parity_ && u_[u].engaged < 0;
}

bool State::wants_to_feed(int u) const {
    const Feed feed = b_->pol.feed;
    // The trait first: most units are not Ravenous, and may_feed() is a call.
    if (feed == Feed::Never || !trait(u, Trait::Ravenous) || !may_feed(u)) return false;
    return feed != Feed::WhenDiminished || diminished(u);
}

State::Plan State::replan(int u) const {
    if (!memo_) return decide(u);
    PlanMemo& m = memo_[u];
    const Plan fresh = decide(u);
    if (m.gen == gen_ && !(m.plan == fresh)) fail("a remembered plan is stale");
    m = {gen_, fresh};
    return fresh;
}

bool State::check_memo = false;

State::Plan State::decide(int u) const {
    Plan p;
    const Policy& pol = b_->pol;
    const int side = side_of(u);
    const int e = u_[u].engaged;
    if (wants_to_feed(u)) {
        p.kind = kFeed;
        return p;
    }
    if (e >= 0) {
        const bool charger = has(u, kCharger);
        const bool may = may_disengage(u);
        const std::int64_t v = may_attack(u, e) ? expected_value(u, e, false) : 0;
        const bool stuck = v == 0;
        const bool want = stuck || (pol.disengage_to_charge && charger && trait(u, Trait::Charge));
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
    if (trait(u, Trait::TwistingRoots) && pol.sap != Sap::Never) {
        for (int t = 0; t < n(); ++t)
            if (may_sap(u, t) && (pol.sap == Sap::Always || sap_helps(side, t))) {
                p.kind = kSap;
                p.target = t;
                return p;
            }
    }
    if (waits_for_odd_round(u)) return p;
    Scored s{-1, false, 0};
    std::int64_t top = 0;
    const int count = best_target(u, s, top);
    if (count == 0) return p;
    p.kind = kAttackOrder;
    if (pol.targeting == Targeting::Random && count > 1) {
        p.target = -1;  // a chance node picks it (kTarget)
        p.value = top;
        return p;
    }
    p.target = s.target;
    p.charge = s.charge;
    p.value = s.value;
    return p;
}

}  // namespace bc::warfare

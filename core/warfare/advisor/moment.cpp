// The order advisor's view of the state: the battle paused where the side to
// act picks its next order. The orders listed are what the rules allow there
// (the same predicates the policy reads, battle/policy.cpp); giving one runs
// the state's own issue() and the policy plays on from there.
#include <stdexcept>

#include "warfare/advisor/advise.hpp"
#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

State State::at_moment(std::shared_ptr<const Battle> b, const Moment& m) {
    if (m.units.size() != b->units.size()) throw std::logic_error("a moment needs every unit");
    State s(b, nullptr);  // then every field the future reads is set from the moment
    for (int u = 0; u < s.n(); ++u) {
        const UnitMoment& x = m.units[static_cast<std::size_t>(u)];
        UnitState& us = s.u_[u];
        us = UnitState{};
        us.die = static_cast<std::int8_t>(x.die);
        us.engaged = static_cast<std::int8_t>(x.engaged);
        std::uint16_t f = 0;
        if (x.die <= 0) f |= kRemoved;
        if (x.exhausted || x.resting) f |= kExhausted;
        if (x.resting) f |= kCavWait;
        if (x.charged) f |= kCharger;
        if (x.rallied) f |= kRallied;
        if (x.courage_used) f |= kCourageUsed;
        if (x.savage_used) f |= kSavageUsed;
        if (x.sapped) f |= kSapped;
        us.flags = f;
    }
    s.q_n_ = 0;
    s.outcome_ = -1;
    s.first_ = static_cast<std::int8_t>(m.first);
    s.turn_ = static_cast<std::int8_t>(m.side);
    s.orders_left_ = static_cast<std::int8_t>(b->opt.orders_per_turn - m.orders_given);
    s.retreating_ = -1;
    s.inflicted_ = 0;
    s.rounds_ = m.round;
    s.parity_ = static_cast<std::uint8_t>((m.round & 1) == 0);
    s.refreshed_ = false;
    s.started_ = true;
    s.probe_ = false;
    s.pending_rounds_ = 1;  // this turn has begun (start_turn)
    s.touch();
    s.recount();
    s.check_end(nullptr);
    if (s.outcome_ >= 0) return s;
    s.pause_ = true;
    s.advance(nullptr);
    return s;
}

std::vector<State::Order> State::orders() const {
    std::vector<Order> out;
    if (!pause_ || outcome_ >= 0) return out;
    if (retreat_due()) {
        out.push_back({Order::Retreat, -1, -1, false});
        return out;
    }
    const int side = turn_;
    for (int u = b_->first[side]; u < b_->first[side + 1]; ++u) {
        if (!acts(u) || has(u, kExhausted)) continue;
        if (may_feed(u)) out.push_back({Order::Feed, u, -1, false});
        const int e = u_[u].engaged;
        if (e >= 0) {
            if (may_disengage(u)) out.push_back({Order::Disengage, u, e, false});
            if (may_attack(u, e)) out.push_back({Order::Attack, u, e, false});
            continue;
        }
        for (int t = b_->first[1 - side]; t < b_->first[2 - side]; ++t)
            if (may_sap(u, t)) out.push_back({Order::Sap, u, t, false});
        if (waits_for_odd_round(u)) continue;
        for (int t = b_->first[1 - side]; t < b_->first[2 - side]; ++t) {
            if (!may_attack(u, t)) continue;
            if (may_charge(u, t)) out.push_back({Order::Attack, u, t, true});
            out.push_back({Order::Attack, u, t, false});
        }
    }
    return out;
}

State::Order State::policy_order() const {
    if (!pause_ || outcome_ >= 0) return {Order::Hold, -1, -1, false};
    if (retreat_due()) return {Order::Retreat, -1, -1, false};
    Plan p;
    const int u = pick(p);
    if (u < 0) return {Order::Hold, -1, -1, false};
    switch (p.kind) {
        case kFeed:
            return {Order::Feed, u, -1, false};
        case kSap:
            return {Order::Sap, u, p.target, false};
        case kDisengageOrder:
            return {Order::Disengage, u, p.target, false};
        default:
            return {Order::Attack, u, p.target, p.charge};
    }
}

void State::give(const Order& o, Log* log) {
    if (!pause_) throw std::logic_error("an order is given only at the advisor's moment");
    bool listed = o == policy_order();
    for (const Order& x : orders()) listed = listed || x == o;
    if (!listed) throw std::logic_error("not an order the rules allow here");
    pause_ = false;
    // Retreat, hold and an attack on a random target are the state's own
    // turn: the policy's next order is exactly that.
    if (o.kind == Order::Retreat || o.kind == Order::Hold || (o.kind == Order::Attack && o.target < 0)) {
        advance(log);
        return;
    }
    Plan p;
    p.kind = o.kind == Order::Feed ? kFeed : o.kind == Order::Sap ? kSap : o.kind == Order::Disengage ? kDisengageOrder : kAttackOrder;
    p.target = o.target;
    p.charge = o.charge;
    issue(o.actor, p, log);
    --orders_left_;
    advance(log);
}

}  // namespace bc::warfare

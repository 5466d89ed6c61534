// The battle's packed key for the exact solver (core/solve/key.hpp): every
// field the rest of the battle depends on, each in as few bits as this battle
// needs. What only the log reads (rounds, who broke, the probe's first roll)
// is left out, so states that differ only there are merged.
#include "warfare/battle.hpp"

namespace bc::warfare {

namespace {
constexpr std::uint16_t kKeyFlags = 0x1ff;  // every flag but kBroke (reported only)
}

void State::pack(KeyWriter& w) const {
    const Battle& b = *b_;
    const unsigned ub = bits_for(static_cast<std::uint64_t>(n()) + 1);
    for (int u = 0; u < n(); ++u) {
        const UnitState& s = u_[u];
        w.put(static_cast<std::uint64_t>(s.die), bits_for(static_cast<std::uint64_t>(bu(u).max)));
        w.put_opt(s.engaged, ub);
        w.put(s.flags & kKeyFlags, 9);
        if (b.any_undead) w.put(s.undead_ok, static_cast<unsigned>(n()));
    }
    w.put(static_cast<std::uint64_t>(turn_), 1);
    w.put(static_cast<std::uint64_t>(orders_left_), bits_for(static_cast<std::uint64_t>(b.opt.orders_per_turn)));
    w.put_opt(retreating_, 2);
    w.put(static_cast<std::uint64_t>(inflicted_), 8);
    w.put_opt(outcome_, 2);
    // Parity matters only to cavalry attacking in odd rounds; who had the
    // initiative only to which turn begins a round.
    if (b.opt.cavalry == Cavalry::OddRounds) {
        w.put(parity_, 1);
        w.put(static_cast<std::uint64_t>(first_), 1);
    }
    w.put_bool(refreshed_);
    w.put_bool(started_);
    w.put_bool(probe_);
    w.put(pending_rounds_, 8);
    w.put(static_cast<std::uint64_t>(q_n_), bits_for(BattleLimits::kQueue));
    for (int i = 0; i < q_n_; ++i) {
        const Step& s = q_[static_cast<std::size_t>(i)];
        w.put(s.kind, 4);
        w.put_opt(s.unit, ub);
        w.put_opt(s.other, ub);
        w.put(s.arg, 8);
    }
}

void State::unpack(KeyReader& r) {
    const Battle& b = *b_;
    const unsigned ub = bits_for(static_cast<std::uint64_t>(n()) + 1);
    for (int u = 0; u < n(); ++u) {
        UnitState& s = u_[u];
        s.die = static_cast<std::int8_t>(r.get(bits_for(static_cast<std::uint64_t>(bu(u).max))));
        s.engaged = static_cast<std::int8_t>(r.get_opt(ub));
        s.flags = static_cast<std::uint16_t>(r.get(9));
        s.undead_ok = b.any_undead ? static_cast<std::uint32_t>(r.get(static_cast<unsigned>(n()))) : 0;
    }
    turn_ = static_cast<std::int8_t>(r.get(1));
    orders_left_ = static_cast<std::int8_t>(r.get(bits_for(static_cast<std::uint64_t>(b.opt.orders_per_turn))));
    retreating_ = static_cast<std::int8_t>(r.get_opt(2));
    inflicted_ = static_cast<std::int8_t>(r.get(8));
    outcome_ = static_cast<std::int8_t>(r.get_opt(2));
    if (b.opt.cavalry == Cavalry::OddRounds) {
        parity_ = static_cast<std::uint8_t>(r.get(1));
        first_ = static_cast<std::int8_t>(r.get(1));
    } else {
        parity_ = 0;
        first_ = kAttacker;
    }
    refreshed_ = r.get_bool();
    started_ = r.get_bool();
    probe_ = r.get_bool();
    pending_rounds_ = static_cast<std::uint8_t>(r.get(8));
    q_n_ = static_cast<std::int8_t>(r.get(bits_for(BattleLimits::kQueue)));
    for (int i = 0; i < q_n_; ++i) {
        Step& s = q_[static_cast<std::size_t>(i)];
        s.kind = static_cast<std::uint8_t>(r.get(4));
        s.unit = static_cast<std::int8_t>(r.get_opt(ub));
        s.other = static_cast<std::int8_t>(r.get_opt(ub));
        s.arg = static_cast<std::uint8_t>(r.get(8));
    }
    // The round count matters only through its parity (odd-rounds cavalry):
    // any count with the parity the key holds will do.
    rounds_ = started_ ? (parity_ ? 2 : 1) : 0;
    probe_charge_ = false;
    first_attack_ = -1;
}

}  // namespace bc::warfare

// The battle state's small facts, read in the policy's and the sampler's
// inner loops: defined here, in a header, so that every battle/*.cpp can
// inline them.
#pragma once
#include <cstring>

#include "warfare/battle/state.hpp"

namespace bc::warfare {

namespace detail {
// A state that cannot happen (a bug, not bad input): std::logic_error, thrown
// out of line. A throw written in a hot function gives it a cleanup path for
// the exception's message, and wasm pays for that path on every call.
[[noreturn, gnu::cold, gnu::noinline]] void fail(const char* what);
}  // namespace detail

inline bool State::diminished(int u) const {
    if (trait(u, Trait::BredForWar)) return false;
    if (trait(u, Trait::AlwaysDiminished)) return true;
    return u_[u].die * 2 <= max_of(u);
}

inline std::uint8_t State::others_types(int t) const {
    // The types on t's side apart from t itself: its own type only if another has it.
    const int ts = side_of(t);
    const std::uint8_t own = static_cast<std::uint8_t>(1u << static_cast<int>(fact(t).type));
    return static_cast<std::uint8_t>((types_[ts][0] & ~own) | (types_[ts][1] & own));
}

inline bool State::may_attack(int a, int t) const {
    if (!acts(a) || !on_field(t) || side_of(a) == side_of(t)) return false;
    if (u_[a].engaged >= 0 && (u_[a].engaged != t || b_->opt.engaged_ignore_order)) return u_[a].engaged == t;
    const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
    return po.legal && !(others_types(t) & po.blocked_by);
}

inline int State::attack_adv(int a, int t, bool charge) const {
    const bool adv = charge || (trait(a, Trait::Savage) && !has(a, kSavageUsed));
    const bool dis = (is(a, Type::Archers) && is(t, Type::Cavalry)) || (b_->opt.water && !trait(a, Trait::Amphibious));
    return (adv ? 1 : 0) - (dis ? 1 : 0);
}

inline int State::power_adv(int a, int t) const {
    return is(t, Type::Fortification) && has(t, kSapped) && fact(a).siege ? 1 : 0;
}

inline int State::morale_dis(int u) const { return fact(u).unpaid && !trait(u, Trait::BredForWar) ? -1 : 0; }

inline bool State::needs_undead_check(int a, int t) const {
    if (!trait(t, Trait::Undead)) return false;
    if (u_[a].undead_ok & (1u << t)) return false;
    return fact(a).checks_undead;
}

inline int State::per_hit(int a, int t, bool charge) const {
    int k = 1;
    if (charge || trait(a, Trait::Brutal)) k = 2;
    if (trait(a, Trait::Martial)) {
        const bool bigger = b_->opt.martial_uses_die ? max_of(a) > max_of(t) : u_[a].die > u_[t].die;
        if (bigger) k = 2;
    }
    return k;  // several doubling effects do not stack
}

inline std::int64_t State::expected_value(int a, int t, bool charge) const {
    const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
    const std::int64_t v = po.value[attack_adv(a, t, charge) + 1][power_adv(a, t)];
    const std::int64_t u = needs_undead_check(a, t) ? morale_pass(a, b_->opt.undead_dc) : 400;
    return trait(a, Trait::HurlRocks) ? u * v : u * v * per_hit(a, t, charge);
}

inline bool State::may_charge(int a, int t) const {
    return trait(a, Trait::Charge) && u_[a].engaged < 0 && u_[t].engaged < 0;
}

inline bool State::can_charge(int a, int t) const { return b_->pol.charge && may_charge(a, t); }

inline State::Plan State::plan(int u) const {
    if (!acts(u) || has(u, kExhausted)) return Plan{};
    // The sampler's memo: a unit's plan stands while nothing it reads has
    // changed (touch() marks every such change, touch_die() a die's where
    // plans read dice, touch_unit() one only that unit's plan reads;
    // exhaustion is read above). Read here, inline; worked out in replan().
    if (memo_ && memo_[u].gen == gen_ && !check_memo) return memo_[u].plan;
    return replan(u);
}

// The step queue and the small checks advance() makes at every step.
inline void State::put_step(int i, Step s) {
    // One 4-byte store: advance() reads the front step whole, and a load that
    // spans several narrower stores waits for them (no store forwarding).
    // (__builtin_bit_cast: Emscripten 3.1.6's libc++ has no std::bit_cast.)
    const auto w = __builtin_bit_cast(std::uint32_t, s);
    std::memcpy(&q_[static_cast<std::size_t>(i)], &w, sizeof w);
}

inline void State::push_front(Step s) {
    if (q_n_ >= BattleLimits::kQueue) detail::fail("battle step queue overflow");
    for (int i = q_n_; i > 0; --i) q_[static_cast<std::size_t>(i)] = q_[static_cast<std::size_t>(i - 1)];
    put_step(0, s);
    ++q_n_;
}

inline void State::open_front(int k) {
    if (q_n_ + k > BattleLimits::kQueue) detail::fail("battle step queue overflow");
    for (int i = q_n_ - 1; i >= 0; --i) q_[static_cast<std::size_t>(i + k)] = q_[static_cast<std::size_t>(i)];
    q_n_ = static_cast<std::int8_t>(q_n_ + k);
}

inline void State::push_back(Step s) {
    if (q_n_ >= BattleLimits::kQueue) detail::fail("battle step queue overflow");
    put_step(q_n_++, s);
}

inline void State::pop_front() {
    for (int i = 1; i < q_n_; ++i) q_[static_cast<std::size_t>(i - 1)] = q_[static_cast<std::size_t>(i)];
    --q_n_;
}

inline bool State::needs_refresh() const {
    const bool all = b_->opt.refresh_all;
    const int lo = all ? 0 : b_->first[turn_], hi = all ? n() : b_->first[turn_ + 1];
    for (int u = lo; u < hi; ++u)
        if (acts(u) && !has(u, kExhausted)) return false;
    return true;
}

inline bool State::side_fresh(int side) const {
    for (int u = b_->first[side]; u < b_->first[side + 1]; ++u)
        if (acts(u) && has(u, kExhausted)) return false;
    return true;
}

inline bool State::retreat_due() const {
    const Options& o = b_->opt;
    const int side = turn_;
    return orders_left_ == o.orders_per_turn && o.retreat_below[side] > 0 && alive(side) < o.retreat_below[side] &&
           (side_fresh(side) || !o.retreat_needs_fresh);
}

inline int State::alive(int side) const {
    int k = 0;
    for (int u = b_->first[side]; u < b_->first[side + 1]; ++u)
        if (acts(u)) ++k;
    return k;
}

inline bool State::auto_pass(const Step& s) const {
    return is_morale(s.kind) && trait(s.unit, Trait::Mindless);
}

}  // namespace bc::warfare

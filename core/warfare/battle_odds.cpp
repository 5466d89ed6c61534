// Facts about the battle as it stands (who is diminished, who may attack
// whom) and the odds of each chance node, from the d20 faces.
#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

#include "warfare/battle_detail.hpp"

namespace bc::warfare {

using namespace detail;

namespace {
// How a kept Attack face resolves: 0 miss, 1 hit, 2 critical hit.
int attack_class(int face, int bonus, int defense, bool crit_needs_hit, bool nat1_misses) {
    const bool reaches = face + bonus >= defense;
    if (face == 1 && nat1_misses) return 0;
    if (face == 20) return (!crit_needs_hit || reaches) ? 2 : 0;
    return reaches ? 1 : 0;
}
bool check_passes(int face, int bonus, int dc, bool nat1_fails) {
    if (face == 1 && nat1_fails) return false;
    return face + bonus >= dc;
}
void reduce(Outcomes& out) {
    std::uint64_t g = 0;
    for (const auto& o : out) g = std::gcd(g, o.weight);
    if (g > 1)
        for (auto& o : out) o.weight /= g;
}
}  // namespace

// ---------------------------------------------------------------- facts

bool State::diminished(int u) const {
    const Unit& c = card(u);
    if (c.has(Trait::BredForWar)) return false;
    if (c.has(Trait::AlwaysDiminished)) return true;
    return u_[u].die * 2 <= bu(u).max;
}

bool State::side_has(int side, Type t) const {
    for (int u = 0; u < n(); ++u)
        if (bu(u).side == side && on_field(u) && card(u).is(t)) return true;
    return false;
}

State::Presence State::presence() const {
    Presence p;
    for (int u = 0; u < n(); ++u)
        if (on_field(u)) ++p.count[bu(u).side][static_cast<int>(card(u).spec.type)];
    return p;
}

int State::alive(int side) const {
    int k = 0;
    for (int u = 0; u < n(); ++u)
        if (bu(u).side == side && acts(u)) ++k;
    return k;
}

// The one place a Morale check's inputs are gathered: the card's Morale, the
// largest bonus of a standing fortification of its side, disadvantage when
// unpaid (not Bred for War), and natural 1s by option.
int State::morale_total(int u) const {
    int best = 0;
    for (std::uint32_t m = b_->forts[bu(u).side]; m; m &= m - 1) {
        const int f = std::countr_zero(m);
        if (on_field(f)) best = std::max(best, card(f).spec.morale_bonus);
    }
    return card(u).morale + best;
}

int State::morale_pass(int u, int dc) const {
    return pass_weight(morale_dis(u), morale_total(u), dc, b_->opt.natural_1 == Natural1::AllChecksFail);
}

bool State::morale_passes(int u, int dc, int face) const {
    return check_passes(face, morale_total(u), dc, b_->opt.natural_1 == Natural1::AllChecksFail);
}

const char* State::illegal(int a, int t) const { return illegal(a, t, presence()); }

const char* State::illegal(int a, int t, const Presence& here) const {
    if (a < 0 || a >= n() || t < 0 || t >= n()) return "no such unit";
    if (!acts(a)) return card(a).is(Type::Fortification) ? "a fortification never attacks" : "is not on the field";
    if (!on_field(t)) return "the target is not on the field";
    if (bu(a).side == bu(t).side) return "both units are on the same side";
    const Unit &A = card(a), &T = card(t);
    const int ts = bu(t).side;
    if (u_[a].engaged >= 0) {
        if (u_[a].engaged != t) return "is engaged and may attack only the unit it is engaged with";
        if (b_->opt.engaged_ignore_order) return nullptr;
    }
    // Another unit of the target's side, of this type, on the field.
    auto other_has = [&](Type ty) { return here.count[ts][static_cast<int>(ty)] > (T.is(ty) ? 1 : 0); };
    if (T.is(Type::Fortification))
        return A.siege() ? nullptr : "only siege engines can attack fortifications";
    // Siege-engine targeting and protection belong to the type (and with option
    // siege_engine_trait "full" to the trait); the trait adds fortifications.
    if (bu(a).siege_type && !(T.is(Type::Infantry) || T.is(Type::Levies) || T.is(Type::Archers)))
        return "siege engines attack only infantry, levies, archers and fortifications";
    if (T.is(Type::Airborne) && !(A.is(Type::Archers) || A.is(Type::Airborne)))
        return "only archers and airborne units can attack airborne units";
    if (T.is(Type::Cavalry) && (A.is(Type::Infantry) || A.is(Type::Levies)))
        return "infantry and levies cannot attack cavalry";
    if (T.is(Type::Infantry) && A.is(Type::Infantry) && other_has(Type::Levies))
        return "infantry cannot attack infantry while that side's levies are on the field";
    if (T.is(Type::Archers) && (A.is(Type::Infantry) || A.is(Type::Levies)) && other_has(Type::Infantry))
        return "infantry and levies cannot attack archers while that side's infantry is on the field";
    if (bu(t).siege_type && !A.is(Type::Airborne) &&
        (other_has(Type::Infantry) || other_has(Type::Archers) || other_has(Type::Cavalry)))
        return "siege engines cannot be attacked (except by airborne units) while their side's infantry, "
               "archers or cavalry are on the field";
    return nullptr;
}

std::array<int, 21> State::d20_weights(int adv) {
    std::array<int, 21> w{};
    for (int f = 1; f <= 20; ++f) w[f] = adv > 0 ? 2 * f - 1 : adv < 0 ? 41 - 2 * f : 20;
    return w;
}

int State::attack_adv(int a, int t, bool charge) const {
    const Unit &A = card(a), &T = card(t);
    const bool adv = charge || (A.has(Trait::Savage) && !has(a, kSavageUsed));
    const bool dis = (A.is(Type::Archers) && T.is(Type::Cavalry)) || (b_->opt.water && !A.has(Trait::Amphibious));
    return (adv ? 1 : 0) - (dis ? 1 : 0);
}

int State::power_adv(int a, int t) const {
    return card(t).is(Type::Fortification) && has(t, kSapped) && card(a).siege() ? 1 : 0;
}

int State::morale_dis(int u) const {
    const Unit& c = card(u);
    return c.spec.unpaid && !c.has(Trait::BredForWar) ? -1 : 0;
}

int State::morale_dc(const Step& s) const {
    if (s.kind == kDisengage) return kDisengageDC;
    if (s.kind == kRetreat) return b_->opt.retreat_dc;
    if (s.kind == kUndead) return b_->opt.undead_dc;
    return kMoraleDC;
}

bool State::auto_pass(const Step& s) const {
    if (s.kind < kUndead || s.kind == kAttack || s.kind > kRetreat) return false;
    return card(s.unit).has(Trait::Mindless);
}

bool State::needs_undead_check(int a, int t) const {
    if (!card(t).has(Trait::Undead)) return false;
    if (u_[a].undead_ok & (1u << t)) return false;
    return bu(a).checks_undead;
}

int State::per_hit(int a, int t, bool charge) const {
    const Unit& A = card(a);
    int k = 1;
    if (charge || A.has(Trait::Brutal)) k = 2;
    if (A.has(Trait::Martial)) {
        const bool bigger = b_->opt.martial_uses_die ? bu(a).max > bu(t).max : u_[a].die > u_[t].die;
        if (bigger) k = 2;
    }
    return k;  // several doubling effects do not stack
}


// Pass weight out of 400 for a check of `bonus` against `dc` with advantage
// (+1), none (0) or disadvantage (-1); a natural 1 fails when `nat1`.
int pass_weight(int adv, int bonus, int dc, bool nat1) {
    // [adv + 1][nat1][lowest passing face, 1..21], filled once.
    static const auto table = [] {
        std::array<std::array<std::array<std::int16_t, 22>, 2>, 3> t{};
        for (int a = -1; a <= 1; ++a) {
            const auto w = State::d20_weights(a);
            for (int n1 = 0; n1 <= 1; ++n1)
                for (int need = 1; need <= 21; ++need) {
                    int p = 0;
                    for (int f = std::max(need, n1 ? 2 : 1); f <= 20; ++f) p += w[static_cast<std::size_t>(f)];
                    t[static_cast<std::size_t>(a + 1)][static_cast<std::size_t>(n1)][static_cast<std::size_t>(need)] =
                        static_cast<std::int16_t>(p);
                }
        }
        return t;
    }();
    const int need = std::clamp(dc - bonus, 1, 21);
    return table[static_cast<std::size_t>(adv + 1)][nat1 ? 1 : 0][static_cast<std::size_t>(need)];
}

void prepare_battle(Battle& b) {
    const std::size_t n = b.units.size();
    b.had_infantry[0] = b.had_infantry[1] = b.heals = b.any_undead = false;
    b.forts[0] = b.forts[1] = 0;
    for (std::size_t i = 0; i < n; ++i)
        if (b.units[i].unit.is(Type::Fortification)) b.forts[b.units[i].side] |= 1u << i;
    for (auto& bu : b.units) {
        const Unit& U = bu.unit;
        bu.siege_type = U.is(Type::SiegeEngine) || (b.opt.siege_trait_full && U.has(Trait::SiegeEngine));
        // "Green and Regular troops" check; levies (no experience) only by option.
        // Eternal always passes and Mindless cannot fail: no check to make.
        const bool green = U.spec.experience == "green" || U.spec.experience == "regular";
        bu.checks_undead = (green || (U.is(Type::Levies) && b.opt.undead_levies)) && !U.has(Trait::Eternal) &&
                           !U.has(Trait::Mindless);
        if (bu.unit.is(Type::Infantry)) b.had_infantry[bu.side] = true;
        if (bu.unit.has(Trait::Regenerate) || bu.unit.has(Trait::Ravenous)) b.heals = true;
        if (bu.unit.has(Trait::Undead)) b.any_undead = true;
    }
    const bool nat1_attack = b.opt.natural_1 != Natural1::None, nat1_all = b.opt.natural_1 == Natural1::AllChecksFail;
    b.pairs.assign(n * n, PairOdds{});
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t t = 0; t < n; ++t) {
            const Unit &A = b.units[a].unit, &T = b.units[t].unit;
            PairOdds& p = b.pairs[a * n + t];
            for (int adv = -1; adv <= 1; ++adv) {
                const auto w = State::d20_weights(adv);
                int hit = 0, crit = 0;
                for (int f = 1; f <= 20; ++f) {
                    const int c = attack_class(f, A.attack, T.defense, b.opt.crit_needs_hit, nat1_attack);
                    if (c == 1) hit += w[f];
                    if (c == 2) crit += w[f];
                }
                p.hit[adv + 1] = static_cast<std::int16_t>(hit);
                p.crit[adv + 1] = static_cast<std::int16_t>(crit);
            }
            for (int adv = 0; adv <= 1; ++adv)
                p.power[adv] = static_cast<std::int16_t>(pass_weight(adv, A.power, T.toughness, nat1_all));
            // Expected casualties (scaled) before Undead checks and doubling effects.
            const bool hurl = A.has(Trait::HurlRocks);
            const std::int64_t twice = T.is(Type::Fortification) ? 7 : 4;  // 2 x 3.5 or 2 x 2
            const std::int64_t m = b.opt.hurl_rocks_crit_double ? 2 : 1;
            for (int adv = 0; adv < 3; ++adv)
                for (int padv = 0; padv < 2; ++padv)
                    p.value[adv][padv] = hurl ? 400 * (p.hit[adv] + m * p.crit[adv]) * twice
                                              : 2 * std::int64_t{p.power[padv]} * (p.hit[adv] + 2 * p.crit[adv]);
        }
    State::key_layout(b);
}

std::int64_t State::expected_value(int a, int t, bool charge) const {
    const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
    const std::int64_t v = po.value[attack_adv(a, t, charge) + 1][power_adv(a, t)];
    const std::int64_t u = needs_undead_check(a, t) ? morale_pass(a, b_->opt.undead_dc) : 400;
    return card(a).has(Trait::HurlRocks) ? u * v : u * v * per_hit(a, t, charge);
}

void State::attack_outcomes(const Step& s, Outcomes& out) const {
    const int a = s.unit, t = s.other;
    const Unit &A = card(a), &T = card(t);
    const Options& o = b_->opt;
    const bool charge = (s.arg & kArgCharge) != 0;
    const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
    const int adv = attack_adv(a, t, charge) + 1;
    const std::uint64_t cls[3] = {static_cast<std::uint64_t>(400 - po.hit[adv] - po.crit[adv]),
                                  static_cast<std::uint64_t>(po.hit[adv]), static_cast<std::uint64_t>(po.crit[adv])};
    if (A.has(Trait::HurlRocks)) {
        if (!T.is(Type::Fortification)) {
            const std::uint32_t crit_cas = o.hurl_rocks_crit_double ? 4 : 2;
            if (cls[0]) out.push_back({0, cls[0]});
            if (cls[1]) out.push_back({32 + 2, cls[1]});
            if (cls[2]) out.push_back({64 + crit_cas, cls[2]});
        } else {
            if (cls[0]) out.push_back({0, cls[0] * 36});
            for (std::uint32_t k = 1; k <= 6; ++k)
                if (cls[1]) out.push_back({32 + k, cls[1] * 6});
            if (cls[2]) {
                if (o.hurl_rocks_crit_double) {
                    for (std::uint32_t sum = 2; sum <= 12; ++sum)
                        out.push_back({64 + sum, cls[2] * (6 - static_cast<std::uint64_t>(sum > 7 ? sum - 7 : 7 - sum))});
                } else {
                    for (std::uint32_t k = 1; k <= 6; ++k) out.push_back({64 + k, cls[2] * 6});
                }
            }
        }
        reduce(out);
        return;
    }
    const std::uint64_t ps = static_cast<std::uint64_t>(po.power[power_adv(a, t)]);
    const std::uint64_t pf = 400 - ps;
    if (cls[0]) out.push_back({0, cls[0] * 400 * 400});
    if (cls[1]) {
        if (pf) out.push_back({32 + 0, cls[1] * pf * 400});
        if (ps) out.push_back({32 + 1, cls[1] * ps * 400});
    }
    if (cls[2]) {
        if (pf) out.push_back({64 + 0, cls[2] * pf * pf});
        if (ps && pf) out.push_back({64 + 1, cls[2] * 2 * ps * pf});
        if (ps) out.push_back({64 + 2, cls[2] * ps * ps});
    }
    reduce(out);
}

void State::morale_outcomes(const Step& s, Outcomes& out) const {
    const int p = morale_pass(s.unit, morale_dc(s));
    if (400 - p > 0) out.push_back({0, static_cast<std::uint64_t>(400 - p)});
    if (p > 0) out.push_back({1, static_cast<std::uint64_t>(p)});
    reduce(out);
}

void State::chance_outcomes(Outcomes& out) const {
    if (q_n_ == 0) throw std::logic_error("no chance node");
    const Step& s = q_[0];
    switch (s.kind) {
        case kInitiative:
            out.push_back({kAttacker, 1});
            out.push_back({kDefender, 1});
            return;
        case kTarget: {
            Targets ts;
            scan_targets(s.unit, ts);
            for (int i = 0; i < ts.n; ++i) out.push_back({static_cast<std::uint32_t>(i), 1});
            return;
        }
        case kAttack:
            attack_outcomes(s, out);
            return;
        default:
            morale_outcomes(s, out);
    }
}

Roll State::roll(Dice& d) const {
    Roll r;
    if (q_n_ == 0) throw std::logic_error("no chance node");
    const Step& s = q_[0];
    const Options& o = b_->opt;
    auto d20 = [&](int adv) {
        const int x = static_cast<int>(d.d(20));
        r.faces[static_cast<std::size_t>(r.n++)] = x;
        if (adv == 0) return x;
        const int y = static_cast<int>(d.d(20));
        r.faces[static_cast<std::size_t>(r.n++)] = y;
        return adv > 0 ? std::max(x, y) : std::min(x, y);
    };
    switch (s.kind) {
        case kInitiative:
            r.code = d.below(2);
            return r;
        case kTarget:
        {
            Targets ts;
            scan_targets(s.unit, ts);
            r.code = d.below(static_cast<std::uint32_t>(ts.n));
        }
            return r;
        case kAttack: {
            const int a = s.unit, t = s.other;
            const Unit &A = card(a), &T = card(t);
            const bool charge = (s.arg & kArgCharge) != 0;
            const int f = d20(attack_adv(a, t, charge));
            const int cls = attack_class(f, A.attack, T.defense, o.crit_needs_hit, o.natural_1 != Natural1::None);
            if (cls == 0) {
                r.code = 0;
                return r;
            }
            if (A.has(Trait::HurlRocks)) {
                if (!T.is(Type::Fortification)) {
                    r.code = static_cast<std::uint32_t>(32 * cls + (cls == 2 && o.hurl_rocks_crit_double ? 4 : 2));
                    return r;
                }
                const int dice = cls == 2 && o.hurl_rocks_crit_double ? 2 : 1;
                int sum = 0;
                for (int i = 0; i < dice; ++i) {
                    const int x = static_cast<int>(d.d(6));
                    r.faces[static_cast<std::size_t>(r.n++)] = x;
                    sum += x;
                }
                r.code = static_cast<std::uint32_t>(32 * cls + sum);
                return r;
            }
            int k = 0;
            for (int i = 0; i < cls; ++i) {
                const int p = d20(power_adv(a, t));
                if (check_passes(p, A.power, T.toughness, o.natural_1 == Natural1::AllChecksFail)) ++k;
            }
            r.code = static_cast<std::uint32_t>(32 * cls + k);
            return r;
        }
        default: {
            const int f = d20(morale_dis(s.unit));
            r.code = morale_passes(s.unit, morale_dc(s), f) ? 1 : 0;
            return r;
        }
    }
}

}  // namespace bc::warfare

// Facts about the battle as it stands (who is diminished, who may attack
// whom) and the odds of each chance node, from the d20 faces.
#include <algorithm>
#include <bit>

#include "warfare/battle/detail.hpp"

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
}  // namespace

bool State::side_has(int side, Type t) const {
    for (int u = 0; u < n(); ++u)
        if (side_of(u) == side && on_field(u) && is(u, t)) return true;
    return false;
}

void State::recount() {
    // Side by side, so that the counts stay in registers (indexed by side,
    // they went through memory once per unit).
    for (int s = 0; s < 2; ++s) {
        unsigned once = 0, twice = 0;
        for (int u = b_->first[s]; u < b_->first[s + 1]; ++u) {
            if (!on_field(u)) continue;
            const unsigned bit = 1u << static_cast<int>(fact(u).type);
            twice |= once & bit;
            once |= bit;
        }
        types_[s][0] = static_cast<std::uint8_t>(once);
        types_[s][1] = static_cast<std::uint8_t>(twice);
    }
}

// The one place a Morale check's inputs are gathered: the card's Morale, the
// largest bonus of a standing fortification of its side, disadvantage when
// unpaid (not Bred for War), and natural 1s by option.
int State::morale_total(int u) const {
    int best = 0;
    for (std::uint32_t m = b_->forts[side_of(u)]; m; m &= m - 1) {
        const int f = std::countr_zero(m);
        if (on_field(f)) best = std::max(best, card(f).spec.morale_bonus);
    }
    return fact(u).morale + best;
}

int State::morale_pass(int u, int dc) const {
    return pass_weight(morale_dis(u), morale_total(u), dc, b_->opt.natural_1 == Natural1::AllChecksFail);
}

bool State::morale_passes(int u, int dc, int face) const {
    return check_passes(face, morale_total(u), dc, b_->opt.natural_1 == Natural1::AllChecksFail);
}

std::string State::self_check() const {
    {
        KeyWriter kw;
        if (!is_terminal() && pack_progress(kw) != progress()) return "pack_progress() disagrees with progress()";
    }
    {
        // operator=: the arrays right after b_, and one block from facts_ to
        // still_ at the very end (a field declared elsewhere would not be copied).
        const auto* me = reinterpret_cast<const char*>(this);
        const auto* u = reinterpret_cast<const char*>(&u_);
        if (u != reinterpret_cast<const char*>(&b_) + sizeof(b_) || reinterpret_cast<const char*>(&q_) != u + sizeof(u_) ||
            reinterpret_cast<const char*>(&facts_) != reinterpret_cast<const char*>(&q_) + sizeof(q_) ||
            reinterpret_cast<const char*>(&still_) + sizeof(still_) != me + sizeof(State))
            return "State's fields are not laid out as operator= copies them";
        // Assigned over a state whose every field differs.
        State copy = *this;
        for (auto& us : copy.u_) us.die = 99;
        copy.q_n_ = 0;
        copy.outcome_ = 7;
        copy.rounds_ += 17;
        copy.gen_ += 3;
        copy.still_.still_progress ^= 1;
        copy = *this;
        KeyWriter a, b;
        pack(a);
        copy.pack(b);
        if (a.size() != b.size() || !std::equal(a.data(), a.data() + a.size(), b.data()) || copy.progress() != progress() ||
            copy.rounds_ != rounds_ || copy.gen_ != gen_ || !(copy.still_ == still_) ||
            copy.outcome_ != outcome_)
            return "a copy of the state differs from it";
    }
    for (int a = 0; a < n(); ++a)
        for (int t = 0; t < n(); ++t) {
            if (may_attack(a, t) != (illegal(a, t) == nullptr))
                return "may_attack(" + num(a) + ", " + num(t) + ") disagrees with illegal()";
            const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
            if (!po.fixed || side_of(a) == side_of(t)) continue;
            for (int c = 0; c < 2; ++c)
                if (po.fixed_value[c] != expected_value(a, t, c == 1))
                    return "fixed value of " + num(a) + " on " + num(t) + " disagrees with expected_value()";
        }
    // best_target() reads the same rules with what holds for every target
    // hoisted: its count, top value and pick agree with scan_targets().
    for (int a = 0; a < n(); ++a) {
        Targets ts;
        scan_targets(a, ts);
        Scored best{-1, false, 0};
        std::int64_t top = -1, want_top = -1;
        const int count = best_target(a, best, top);
        for (int i = 0; i < ts.n; ++i) want_top = std::max(want_top, ts.at[static_cast<std::size_t>(i)].value);
        bool listed = count == 0;
        for (int i = 0; i < ts.n; ++i) {
            const Scored& x = ts.at[static_cast<std::size_t>(i)];
            listed = listed || (x.target == best.target && x.charge == best.charge && x.value == best.value);
        }
        if (count != ts.n || top != want_top || !listed)
            return "best_target(" + num(a) + ") disagrees with scan_targets()";
    }
    return "";
}

// The order of battle in words (the "attack" call's reasons): the same rule
// as may_attack()'s tables (order_of_battle(), below), with the engagement
// and the field around it.
const char* State::illegal(int a, int t) const {
    if (a < 0 || a >= n() || t < 0 || t >= n()) return "no such unit";
    if (!acts(a)) return is(a, Type::Fortification) ? "a fortification never attacks" : "is not on the field";
    if (!on_field(t)) return "the target is not on the field";
    if (side_of(a) == side_of(t)) return "both units are on the same side";
    if (u_[a].engaged >= 0) {
        if (u_[a].engaged != t) return "is engaged and may attack only the unit it is engaged with";
        if (b_->opt.engaged_ignore_order) return nullptr;
    }
    const OrderOfBattle r = order_of_battle(bu(a), bu(t));
    if (r.refused) return r.refused;
    // Another unit of the target's side, of a type that shields it, on the field.
    const std::uint8_t others = others_types(t);
    for (const auto& sh : r.shields)
        if (others & sh.by) return sh.why;
    return nullptr;
}

std::array<int, 21> State::d20_weights(int adv) {
    std::array<int, 21> w{};
    for (int f = 1; f <= 20; ++f) w[f] = adv > 0 ? 2 * f - 1 : adv < 0 ? 41 - 2 * f : 20;
    return w;
}

int State::morale_dc(const Step& s) const {
    if (s.kind == kDisengage) return kDisengageDC;
    if (s.kind == kRetreat) return b_->opt.retreat_dc;
    if (s.kind == kUndead) return b_->opt.undead_dc;
    return kMoraleDC;
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

namespace {
constexpr std::uint8_t type_bit(Type t) { return static_cast<std::uint8_t>(1u << static_cast<int>(t)); }
}  // namespace

// The order of battle (S&F, Battle, Attack), once: whether the two units'
// types allow the attack at all, and which types on the target's side
// (besides the target) shield it while on the field, each with its words.
OrderOfBattle order_of_battle(const BattleUnit& a, const BattleUnit& t) {
    const Unit &A = a.unit, &T = t.unit;
    OrderOfBattle r;
    auto shield = [&](std::uint8_t by, const char* why) { r.shields.push_back({by, why}); };
    if (T.is(Type::Fortification)) {
        if (!A.siege()) r.refused = "only siege engines can attack fortifications";
        return r;
    }
    const bool a_foot = A.is(Type::Infantry) || A.is(Type::Levies);
    // Siege-engine targeting and protection belong to the type (and with option
    // siege_engine_trait "full" to the trait); the trait adds fortifications.
    if (a.siege_type && !(T.is(Type::Infantry) || T.is(Type::Levies) || T.is(Type::Archers)))
        r.refused = "siege engines attack only infantry, levies, archers and fortifications";
    else if (T.is(Type::Airborne) && !(A.is(Type::Archers) || A.is(Type::Airborne)))
        r.refused = "only archers and airborne units can attack airborne units";
    else if (T.is(Type::Cavalry) && a_foot)
        r.refused = "infantry and levies cannot attack cavalry";
    if (T.is(Type::Infantry) && A.is(Type::Infantry))
        shield(type_bit(Type::Levies), "infantry cannot attack infantry while that side's levies are on the field");
    if (T.is(Type::Archers) && a_foot)
        shield(type_bit(Type::Infantry), "infantry and levies cannot attack archers while that side's infantry is on the field");
    if (t.siege_type && !A.is(Type::Airborne))
        shield(type_bit(Type::Infantry) | type_bit(Type::Archers) | type_bit(Type::Cavalry),
               "siege engines cannot be attacked (except by airborne units) while their side's infantry, "
               "archers or cavalry are on the field");
    return r;
}

void prepare_battle(Battle& b) {
    const std::size_t n = b.units.size();
    b.had_infantry[0] = b.had_infantry[1] = b.heals = b.any_undead = false;
    b.forts[0] = b.forts[1] = 0;
    b.count = static_cast<int>(n);
    b.first[0] = 0;
    b.first[2] = static_cast<int>(n);
    b.first[1] = b.first[2];
    for (std::size_t i = 0; i < n; ++i)
        if (b.units[i].side == kDefender) {
            b.first[1] = static_cast<int>(i);
            break;
        }
    b.facts.clear();
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
        UnitFact f;
        f.side = static_cast<std::int8_t>(bu.side);
        f.type = U.spec.type;
        f.max = static_cast<std::int8_t>(bu.max);
        f.morale = static_cast<std::int8_t>(U.morale);
        f.traits = U.traits;
        f.siege = U.siege();
        f.siege_type = bu.siege_type;
        f.checks_undead = bu.checks_undead;
        f.unpaid = U.spec.unpaid;
        b.facts.push_back(f);
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
            const OrderOfBattle r = order_of_battle(b.units[a], b.units[t]);
            p.legal = r.refused == nullptr;
            p.blocked_by = 0;
            for (const auto& sh : r.shields) p.blocked_by |= sh.by;
            // Expected casualties (scaled) before Undead checks and doubling effects.
            const bool hurl = A.has(Trait::HurlRocks);
            const std::int64_t twice = T.is(Type::Fortification) ? 7 : 4;  // 2 x 3.5 or 2 x 2
            const std::int64_t m = b.opt.hurl_rocks_crit_double ? 2 : 1;
            for (int adv = 0; adv < 3; ++adv)
                for (int padv = 0; padv < 2; ++padv)
                    p.value[adv][padv] = hurl ? 400 * (p.hit[adv] + m * p.crit[adv]) * twice
                                              : 2 * std::int64_t{p.power[padv]} * (p.hit[adv] + 2 * p.crit[adv]);
            // Most pairs' expected value is fixed for the whole battle: no Savage,
            // Martial or Undead check, no sappable walls. Then it depends only on
            // charging (expected_value() computes the same; self_check() compares).
            const bool water = b.opt.water && !A.has(Trait::Amphibious);
            const int dis = (A.is(Type::Archers) && T.is(Type::Cavalry)) || water ? -1 : 0;
            p.fixed = !A.has(Trait::Savage) && !A.has(Trait::Martial) &&
                      !(T.has(Trait::Undead) && b.units[a].checks_undead) && !(T.is(Type::Fortification) && A.siege());
            for (int c = 0; c < 2; ++c) {
                const std::int64_t k = hurl ? 1 : (c || A.has(Trait::Brutal)) ? 2 : 1;
                p.fixed_value[c] = 400 * p.value[c + dis + 1][0] * k;
            }
        }
    State::key_layout(b);
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
}

std::uint32_t State::merged(std::uint32_t code) const {
    // After an Attack check only the casualties it inflicts matter (its hits
    // and misses go to the log and to the single-order probe): a miss and a
    // hit without a success are one outcome, and k casualties one more.
    if (probe_ || q_n_ == 0 || q_[0].kind != kAttack) return code;
    const std::uint32_t k = code % 32;
    return k == 0 ? 0 : 32 + k;
}

void State::merge_outcomes(Outcomes& out) const {
    if (probe_) return;
    std::size_t m = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Outcome o = {merged(out[i].code), out[i].weight};
        std::size_t j = 0;
        while (j < m && out[j].code != o.code) ++j;
        if (j == m)
            out[m++] = o;
        else
            out[j].weight += o.weight;
    }
    out.resize(m);
}

void State::morale_outcomes(const Step& s, Outcomes& out) const {
    const int p = morale_pass(s.unit, morale_dc(s));
    if (400 - p > 0) out.push_back({0, static_cast<std::uint64_t>(400 - p)});
    if (p > 0) out.push_back({1, static_cast<std::uint64_t>(p)});
}

void State::chance_outcomes(Outcomes& out) const {
    if (q_n_ == 0) fail("no chance node");
    const Step& s = q_[0];
    switch (s.kind) {
        case kInitiative:
            out.push_back({kAttacker, 1});
            out.push_back({kDefender, 1});
            return;
        case kTarget:
            for (int i = 0, count = target_count(s.unit); i < count; ++i) out.push_back({static_cast<std::uint32_t>(i), 1});
            return;
        case kAttack:
            attack_outcomes(s, out);
            merge_outcomes(out);
            return;
        default:
            morale_outcomes(s, out);
    }
}

// How many legal targets a random pick chooses among. Out of line: its list
// of targets would otherwise take room on the stack at every draw, most of
// them attacks.
int State::target_count(int a) const {
    Targets ts;
    scan_targets(a, ts);
    return ts.n;
}

template <class D>
std::uint32_t State::draw(D& d) const {
    // The chance node's outcome with exactly chance_outcomes()' weights, each
    // check drawn out of 400 against the weights prepare_battle() counted.
    if (q_n_ == 0) fail("no chance node");
    const Step& s = q_[0];
    switch (s.kind) {
        case kInitiative:
            return d.below(2);
        case kTarget:
            return d.below(static_cast<std::uint32_t>(target_count(s.unit)));
        case kAttack: {
            const int a = s.unit, t = s.other;
            const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
            const int adv = attack_adv(a, t, (s.arg & kArgCharge) != 0) + 1;
            const std::uint32_t r = d.below(400);
            const std::uint32_t miss = static_cast<std::uint32_t>(400 - po.hit[adv] - po.crit[adv]);
            if (r < miss) return 0;
            const std::uint32_t cls = r < miss + static_cast<std::uint32_t>(po.hit[adv]) ? 1 : 2;
            if (trait(a, Trait::HurlRocks)) {
                const bool twice = cls == 2 && b_->opt.hurl_rocks_crit_double;
                if (!is(t, Type::Fortification)) return merged(32 * cls + (twice ? 4 : 2));
                std::uint32_t sum = d.below(6) + 1;
                if (twice) sum += d.below(6) + 1;
                return merged(32 * cls + sum);
            }
            const std::uint32_t ps = static_cast<std::uint32_t>(po.power[power_adv(a, t)]);
            std::uint32_t k = 0;
            for (std::uint32_t i = 0; i < cls; ++i) k += d.below(400) < ps ? 1 : 0;
            return merged(32 * cls + k);
        }
        default:
            return d.below(400) < static_cast<std::uint32_t>(morale_pass(s.unit, morale_dc(s))) ? 1 : 0;
    }
}
template std::uint32_t State::draw<Rng>(Rng&) const;
template std::uint32_t State::draw<Dice>(Dice&) const;

Roll State::roll(Dice& d) const {
    Roll r;
    if (q_n_ == 0) fail("no chance node");
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

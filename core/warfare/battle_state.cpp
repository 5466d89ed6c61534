// The battle as a chance state. Work waits in a small queue of steps: chance
// steps (an Attack check with its Power checks, a Morale check, a random
// target, initiative) stop the state for the solver; the others (a casualty,
// the end of an order) are carried out at once. A step pushed to the front
// runs before the rest, so a casualty's Morale check comes before the next
// Power check's casualties, as at the table.
#include <numeric>
#include <algorithm>
#include <bit>
#include <stdexcept>

#include "warfare/battle.hpp"

namespace bc::warfare {

const std::vector<std::string> kBattleOutcomes = {"attacker", "defender", "draw"};

namespace {
constexpr int kOutAttacker = 0, kOutDefender = 1, kOutDraw = 2;
std::string num(int v) { return std::to_string(v); }
std::string signed_num(int v) { return v < 0 ? " - " + num(-v) : " + " + num(v); }
}  // namespace

// ---------------------------------------------------------------- set-up

State::State(std::shared_ptr<const Battle> b, Log* log) : b_(std::move(b)) {
    if (b_->units.size() > u_.size()) throw std::logic_error("too many units");
    for (int u = 0; u < n(); ++u) {
        u_[u].die = static_cast<std::int8_t>(bu(u).start);
        if (bu(u).sapped) set(u, kSapped);
    }
    check_end(log);
    if (outcome_ >= 0) return;
    const std::string& ini = b_->opt.initiative;
    if (ini == "rolled") {
        push_back({kInitiative, -1, -1, 0});
    } else {
        first_ = static_cast<std::int8_t>(ini == "attacker" ? kAttacker : kDefender);
        turn_ = first_;
        started_ = true;
        if (log) log->add("initiative", std::string("The ") + side_id(first_) + " acts first (option initiative).",
                          {{"side", side_id(first_)}});
        start_turn(log);
    }
    advance(log);
}

State State::for_probe(std::shared_ptr<const Battle> b) {
    // Built without the constructor's advance: the probe sets its own order.
    State s(b, nullptr);
    s.q_n_ = 0;
    s.outcome_ = -1;
    s.started_ = true;
    for (int u = 0; u < s.n(); ++u)
        s.u_[u] = UnitState{static_cast<std::int8_t>(s.bu(u).start), -1, static_cast<std::uint16_t>(s.bu(u).sapped ? kSapped : 0), 0};
    s.probe_ = true;
    return s;
}

Schema State::schema(const Battle& b) {
    Schema s;
    s.outcomes = kBattleOutcomes;
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        s.series.push_back("unit " + std::to_string(i) + " final die");
        s.events.push_back("unit " + std::to_string(i) + " removed");
    }
    return s;
}

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

int State::alive(int side) const {
    int k = 0;
    for (int u = 0; u < n(); ++u)
        if (bu(u).side == side && acts(u)) ++k;
    return k;
}

int State::morale_bonus(int u) const {
    int best = 0;
    for (int f = 0; f < n(); ++f)
        if (bu(f).side == bu(u).side && on_field(f) && card(f).is(Type::Fortification))
            best = std::max(best, card(f).spec.morale_bonus);
    return best;
}

const char* State::illegal(int a, int t) const {
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
    auto other_has = [&](Type ty) {
        for (int u = 0; u < n(); ++u)
            if (u != t && bu(u).side == ts && on_field(u) && card(u).is(ty)) return true;
        return false;
    };
    if (T.is(Type::Fortification))
        return A.siege() ? nullptr : "only siege engines can attack fortifications";
    if (A.siege() && !(T.is(Type::Infantry) || T.is(Type::Levies) || T.is(Type::Archers)))
        return "siege engines attack only infantry, levies, archers and fortifications";
    if (T.is(Type::Airborne) && !(A.is(Type::Archers) || A.is(Type::Airborne)))
        return "only archers and airborne units can attack airborne units";
    if (T.is(Type::Cavalry) && (A.is(Type::Infantry) || A.is(Type::Levies)))
        return "infantry and levies cannot attack cavalry";
    if (T.is(Type::Infantry) && A.is(Type::Infantry) && other_has(Type::Levies))
        return "infantry cannot attack infantry while that side's levies are on the field";
    if (T.is(Type::Archers) && (A.is(Type::Infantry) || A.is(Type::Levies)) && other_has(Type::Infantry))
        return "infantry and levies cannot attack archers while that side's infantry is on the field";
    if (T.siege() && !A.is(Type::Airborne) &&
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
    return kMoraleDC;
}

bool State::auto_pass(const Step& s) const {
    if (s.kind < kUndead || s.kind == kAttack || s.kind > kRetreat) return false;
    return card(s.unit).has(Trait::Mindless);
}

bool State::needs_undead_check(int a, int t) const {
    const Unit &A = card(a), &T = card(t);
    if (!T.has(Trait::Undead)) return false;
    if (u_[a].undead_ok & (1u << t)) return false;
    const bool checks = A.is(Type::Levies) || A.spec.experience == "green" || A.spec.experience == "regular";
    // Eternal always passes and Mindless cannot fail: no check to make.
    return checks && !A.has(Trait::Eternal) && !A.has(Trait::Mindless);
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

// Pass weight out of 400 for a check of `bonus` against `dc`.
static int pass_weight(const std::array<int, 21>& w, int bonus, int dc, bool nat1) {
    int p = 0;
    for (int f = 1; f <= 20; ++f)
        if (check_passes(f, bonus, dc, nat1)) p += w[f];
    return p;
}

void prepare_battle(Battle& b) {
    const std::size_t n = b.units.size();
    b.had_infantry[0] = b.had_infantry[1] = b.heals = b.any_undead = false;
    for (const auto& bu : b.units) {
        if (bu.unit.is(Type::Infantry)) b.had_infantry[bu.side] = true;
        if (bu.unit.has(Trait::Regenerate) || bu.unit.has(Trait::Ravenous)) b.heals = true;
        if (bu.unit.has(Trait::Undead)) b.any_undead = true;
    }
    const bool nat1_attack = b.opt.natural_1 != "none", nat1_all = b.opt.natural_1 == "all-checks-fail";
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
                p.power[adv] = static_cast<std::int16_t>(pass_weight(State::d20_weights(adv), A.power, T.toughness, nat1_all));
        }
}

std::int64_t State::expected_value(int a, int t, bool charge) const {
    const Unit& A = card(a);
    const Options& o = b_->opt;
    const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
    const int adv = attack_adv(a, t, charge) + 1;
    const std::int64_t hit = po.hit[adv], crit = po.crit[adv];
    std::int64_t u = 400;
    if (needs_undead_check(a, t))
        u = pass_weight(d20_weights(morale_dis(a)), A.morale + morale_bonus(a), kMoraleDC,
                        o.natural_1 == "all-checks-fail");
    if (A.has(Trait::HurlRocks)) {
        const std::int64_t twice = card(t).is(Type::Fortification) ? 7 : 4;  // 2 x 3.5 or 2 x 2
        const std::int64_t m = o.hurl_rocks_crit_double ? 2 : 1;
        return 400 * u * (hit + m * crit) * twice;
    }
    const std::int64_t ps = po.power[power_adv(a, t)];
    return 2 * u * ps * per_hit(a, t, charge) * (hit + 2 * crit);
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
    const auto w = d20_weights(morale_dis(s.unit));
    const int p = pass_weight(w, card(s.unit).morale + morale_bonus(s.unit), morale_dc(s),
                              b_->opt.natural_1 == "all-checks-fail");
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
            const auto ts = targets(s.unit);
            for (std::size_t i = 0; i < ts.size(); ++i) out.push_back({static_cast<std::uint32_t>(i), 1});
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
            r.code = d.below(static_cast<std::uint32_t>(targets(s.unit).size()));
            return r;
        case kAttack: {
            const int a = s.unit, t = s.other;
            const Unit &A = card(a), &T = card(t);
            const bool charge = (s.arg & kArgCharge) != 0;
            const int f = d20(attack_adv(a, t, charge));
            const int cls = attack_class(f, A.attack, T.defense, o.crit_needs_hit, o.natural_1 != "none");
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
                if (check_passes(p, A.power, T.toughness, o.natural_1 == "all-checks-fail")) ++k;
            }
            r.code = static_cast<std::uint32_t>(32 * cls + k);
            return r;
        }
        default: {
            const int f = d20(morale_dis(s.unit));
            r.code = check_passes(f, card(s.unit).morale + morale_bonus(s.unit), morale_dc(s),
                                  o.natural_1 == "all-checks-fail")
                         ? 1
                         : 0;
            return r;
        }
    }
}

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

// ---------------------------------------------------------------- queue

void State::push_front(Step s) {
    if (q_n_ >= BattleLimits::kQueue) throw std::logic_error("battle step queue overflow");
    for (int i = q_n_; i > 0; --i) q_[static_cast<std::size_t>(i)] = q_[static_cast<std::size_t>(i - 1)];
    q_[0] = s;
    ++q_n_;
}

void State::push_back(Step s) {
    if (q_n_ >= BattleLimits::kQueue) throw std::logic_error("battle step queue overflow");
    q_[static_cast<std::size_t>(q_n_++)] = s;
}

void State::pop_front() {
    for (int i = 1; i < q_n_; ++i) q_[static_cast<std::size_t>(i - 1)] = q_[static_cast<std::size_t>(i)];
    --q_n_;
}

// ---------------------------------------------------------------- turns

bool State::needs_refresh() const {
    for (int u = 0; u < n(); ++u)
        if (acts(u) && !has(u, kExhausted) && (b_->opt.refresh_all || bu(u).side == turn_)) return false;
    return true;
}

void State::refresh(Log* log) {
    refreshed_ = true;
    std::vector<std::string> rest, regen;
    for (int u = 0; u < n(); ++u) {
        if (!acts(u) || (!b_->opt.refresh_all && bu(u).side != turn_)) continue;
        if (has(u, kCavWait) && u_[u].engaged < 0) {
            set(u, kCavWait, false);
            rest.push_back(name(u));
        } else {
            set(u, kCavWait, false);
            set(u, kExhausted, false);
        }
        if (card(u).has(Trait::Regenerate) && u_[u].die < bu(u).max) {
            ++u_[u].die;
            regen.push_back(name(u) + " to " + num(u_[u].die));
        }
    }
    if (log) {
        std::string t = b_->opt.refresh_all ? std::string("All units are exhausted and refresh.")
                                            : std::string("All the ") + side_id(turn_) + "'s units are exhausted and refresh.";
        if (!rest.empty()) t += " Resting cavalry stays exhausted this round: " + join_words(rest) + ".";
        if (!regen.empty()) t += " Regenerate: " + join_words(regen) + ".";
        log->add("refresh", t, {{"side", b_->opt.refresh_all ? "all" : side_id(turn_)}});
    }
}

void State::start_turn(Log* log) {
    orders_left_ = static_cast<std::int8_t>(b_->opt.orders_per_turn);
    refreshed_ = false;
    if (pending_rounds_ < 255) ++pending_rounds_;  // half a round: one side's turn
    if (turn_ == first_) {
        ++rounds_;
        parity_ = static_cast<std::uint8_t>((rounds_ & 1) == 0);  // 1 in even rounds
        if (log) log->add("round", "Round " + num(rounds_) + ".", {{"round", rounds_}});
    }
}

void State::end_turn(Log* log) {
    // "Once all units are exhausted, all units are immediately refreshed":
    // at the end of the turn that exhausted them (once per turn, so resting
    // cavalry sits out its side's next turn).
    if (!refreshed_ && needs_refresh()) refresh(log);
    turn_ = static_cast<std::int8_t>(1 - turn_);
    start_turn(log);
}

bool State::next_order(Log* log) {
    const int side = turn_;
    const Options& o = b_->opt;
    if (orders_left_ == o.orders_per_turn && o.retreat_below[side] > 0 && alive(side) < o.retreat_below[side]) {
        bool fresh = true;
        for (int u = 0; u < n(); ++u)
            if (bu(u).side == side && acts(u) && has(u, kExhausted) && !has(u, kCavWait)) fresh = false;
        if (fresh || !o.retreat_needs_fresh) {
            retreating_ = static_cast<std::int8_t>(side);
            if (log)
                log->add("retreat",
                         std::string("The ") + side_id(side) + " has fewer than " + num(o.retreat_below[side]) +
                             " units and orders a retreat: each unit makes a DC " + num(o.retreat_dc) +
                             " Morale check and leaves the field.",
                         {{"side", side_id(side)}});
            for (int u = 0; u < n(); ++u)
                if (bu(u).side == side && acts(u)) push_back({kRetreat, static_cast<std::int8_t>(u), -1, 0});
            return true;
        }
    }
    for (int attempt = 0; attempt < 2; ++attempt) {
        int best = -1;
        Plan bp;
        for (int u = 0; u < n(); ++u) {
            if (bu(u).side != side) continue;
            const Plan p = plan(u);
            if (p.kind == kNone) continue;
            if (best < 0) {
                best = u;
                bp = p;
                if (b_->pol.unit == "card") break;
                continue;
            }
            // "best": attacks by expected casualties; other orders after them, in card order.
            const bool pa = p.kind == kAttackOrder, ba = bp.kind == kAttackOrder;
            if ((pa && !ba) || (pa && ba && p.value > bp.value)) {
                best = u;
                bp = p;
            }
        }
        if (best >= 0) {
            issue(best, bp, log);
            --orders_left_;
            return true;
        }
        std::vector<std::string> held;
        const bool even = o.cavalry == "odd-rounds" && parity_;
        for (int u = 0; u < n(); ++u)
            if (bu(u).side == side && acts(u) && !has(u, kExhausted) &&
                !(even && card(u).is(Type::Cavalry) && u_[u].engaged < 0)) {  // waits, fresh, for an odd round
                set(u, kExhausted);
                held.push_back(name(u));
            }
        if (log && !held.empty())
            log->add("hold", join_words(held) + (held.size() == 1 ? " has" : " have") +
                                 " no legal target it can hurt and holds (exhausted).",
                     {{"side", side_id(side)}});
        // Units that had nothing to do are now exhausted too; if that leaves
        // none fresh, they refresh and the turn goes on. A side that began its
        // turn with none fresh (resting cavalry) passes instead.
        if (held.empty() || refreshed_ || !needs_refresh()) break;
        refresh(log);
    }
    return false;
}

void State::issue(int actor, const Plan& p, Log* log) {
    set(actor, kExhausted);
    switch (p.kind) {
        case kAttackOrder: {
            if (b_->opt.cavalry == "after-attack" && card(actor).is(Type::Cavalry) && u_[actor].engaged < 0)
                set(actor, kCavWait);
            if (p.target < 0) {
                const auto ts = targets(actor);
                if (log) log->add("order", name(actor) + " is ordered to attack; its target is picked at random among " +
                                               num(static_cast<int>(ts.size())) + " legal targets.",
                                  {{"unit", actor}});
                push_back({kTarget, static_cast<std::int8_t>(actor), -1, 0});
                return;
            }
            queue_attack(actor, p.target, p.charge, false, log);
            return;
        }
        case kFeed:
            ++u_[actor].die;
            if (log)
                log->add("feed", name(actor) + " feeds on the dead (Ravenous): casualty die up to " + num(u_[actor].die) + ".",
                         {{"unit", actor}, {"die", u_[actor].die}});
            return;
        case kSap:
            set(p.target, kSapped);
            if (log)
                log->add("sap", name(actor) + " saps the walls of " + name(p.target) +
                                    " (Twisting Roots): siege units have advantage on Power checks against it.",
                         {{"unit", actor}, {"target", p.target}});
            return;
        case kDisengageOrder: {
            const bool charger = has(actor, kCharger);
            const std::string& how = b_->opt.disengage;
            const bool check = (how == "issue" && !charger) || (how == "charger-check");
            if (check) {
                if (log) log->add("order", name(actor) + " tries to disengage from " + name(p.target) + ".", {{"unit", actor}});
                push_back({kDisengage, static_cast<std::int8_t>(actor), static_cast<std::int8_t>(p.target), 0});
                return;
            }
            const int e = u_[actor].engaged;
            u_[actor].engaged = -1;
            set(actor, kCharger, false);
            if (e >= 0) {
                u_[e].engaged = -1;
                set(e, kCharger, false);
            }
            if (log) log->add("disengage", name(actor) + " disengages from " + name(p.target) + ".", {{"unit", actor}});
            return;
        }
        case kNone:
            return;
    }
}

void State::queue_attack(int a, int t, bool charge, bool free, Log* log) {
    std::uint8_t arg = 0;
    if (charge) arg |= kArgCharge;
    if (free) arg |= kArgFree;
    const std::uint8_t end_arg = static_cast<std::uint8_t>(arg | (diminished(t) ? kArgTargetDim : 0));
    const auto A = static_cast<std::int8_t>(a), T = static_cast<std::int8_t>(t);
    if (log && !free)
        log->add("order", name(a) + (charge ? " charges " : " attacks ") + name(t) + ".",
                 {{"unit", a}, {"target", t}, {"charge", charge}});
    if (free) {
        push_front({kOrderEnd, A, T, end_arg});
        push_front({kAttack, A, T, arg});
        if (needs_undead_check(a, t)) push_front({kUndead, A, T, 0});
    } else {
        if (needs_undead_check(a, t)) push_back({kUndead, A, T, 0});
        push_back({kAttack, A, T, arg});
        push_back({kOrderEnd, A, T, end_arg});
    }
}

// ---------------------------------------------------------------- the loop

void State::advance(Log* log) {
    int idle = 0, guard = 0;
    bool seen_start = false, acted = false;
    while (outcome_ < 0) {
        if (++guard > 200000) {
            finish(kOutDraw, "the battle goes nowhere: a stalemate", log);
            return;
        }
        if (q_n_ > 0) {
            const Step s = q_[0];
            const bool chance = s.kind <= kRetreat;
            if (chance) {
                if (s.kind != kInitiative && !on_field(s.unit)) {
                    pop_front();
                    continue;
                }
                if ((s.kind == kAttack || s.kind == kUndead || s.kind == kTarget) &&
                    (!acts(s.unit) || (s.kind != kTarget && !on_field(s.other)))) {
                    pop_front();
                    continue;
                }
                if (s.kind == kTarget && targets(s.unit).empty()) {
                    pop_front();
                    continue;
                }
                if (auto_pass(s)) {
                    pop_front();
                    resolve_morale(s, true, Roll{}, false, log);
                    continue;
                }
                return;  // a chance node
            }
            pop_front();
            switch (s.kind) {
                case kCasualty:
                    casualty(s.unit, s.arg, log);
                    break;
                case kHitCheck:
                    if (on_field(s.unit) && diminished(s.unit)) push_front({kDiminished, s.unit, -1, 0});
                    break;
                case kOrderEnd:
                    order_end(s, log);
                    break;
                default:
                    break;
            }
            continue;
        }
        if (probe_ || !started_) return;
        if (retreating_ >= 0) {
            const int side = retreating_;
            for (int u = 0; u < n(); ++u)
                if (bu(u).side == side && acts(u)) leave(u, "retreats", log);
            finish(side == kAttacker ? kOutDefender : kOutAttacker,
                   std::string("The ") + side_id(side) + " has retreated.", log);
            return;
        }
        if (orders_left_ > 0 && next_order(log)) {
            acted = true;
            continue;
        }
        // The turn is over. Turns without any order, one after another and
        // with no dice between them, mean neither side can hurt the other.
        if (seen_start) idle = acted ? 0 : idle + 1;
        if (idle >= 6) {
            finish(kOutDraw, "Neither side can hurt the other: the battle ends in a stalemate.", log);
            return;
        }
        end_turn(log);
        seen_start = true;
        acted = false;
    }
}

void State::apply(std::uint32_t code, Log* log) {
    Roll r;
    r.code = code;
    resolve(r, false, log);
}

void State::apply_roll(const Roll& r, Log* log) { resolve(r, true, log); }

void State::resolve(const Roll& r, bool faces, Log* log) {
    pending_rounds_ = 0;
    const Step s = q_[0];
    pop_front();
    switch (s.kind) {
        case kInitiative:
            first_ = static_cast<std::int8_t>(r.code);
            turn_ = first_;
            started_ = true;
            if (log)
                log->add("initiative", std::string("Initiative is rolled: the ") + side_id(first_) + " acts first.",
                         {{"side", side_id(first_)}});
            start_turn(log);
            break;
        case kTarget: {
            const auto ts = targets(s.unit);
            const int t = ts.at(r.code);
            queue_attack(s.unit, t, can_charge(s.unit, t), false, log);
            break;
        }
        case kAttack:
            resolve_attack(s, r, faces, log);
            break;
        default:
            resolve_morale(s, r.code == 1, r, faces, log);
    }
    advance(log);
}

void State::resolve_attack(const Step& s, const Roll& r, bool faces, Log* log) {
    const int a = s.unit, t = s.other;
    const Unit &A = card(a), &T = card(t);
    const bool charge = (s.arg & kArgCharge) != 0;
    const int cls = static_cast<int>(r.code / 32), k = static_cast<int>(r.code % 32);
    const int adv = attack_adv(a, t, charge);
    if (A.has(Trait::Savage)) set(a, kSavageUsed);
    if (first_attack_ < 0) first_attack_ = cls;
    inflicted_ = 0;
    if (log) {
        std::string what = (s.arg & kArgFree) ? "Free attack (Feast)" : charge ? "Charge" : "Attack check";
        std::string t1 = name(a) + " \u2192 " + name(t) + ": " + what + ", d20";
        if (adv > 0) t1 += " with advantage";
        if (adv < 0) t1 += " with disadvantage";
        json data = {{"unit", a}, {"target", t}, {"bonus", A.attack}, {"target_number", T.defense}, {"advantage", adv}};
        if (faces) {
            const int kept = adv == 0 ? r.faces[0] : adv > 0 ? std::max(r.faces[0], r.faces[1]) : std::min(r.faces[0], r.faces[1]);
            t1 += adv == 0 ? " " + num(kept) : " (" + num(r.faces[0]) + ", " + num(r.faces[1]) + ") keeps " + num(kept);
            t1 += signed_num(A.attack) + " = " + num(kept + A.attack);
            data["d20"] = adv == 0 ? json::array({r.faces[0]}) : json::array({r.faces[0], r.faces[1]});
        }
        t1 += " vs Defense " + num(T.defense) + ": " + (cls == 0 ? "miss." : cls == 2 ? "critical hit!" : "hit.");
        data["result"] = cls == 0 ? "miss" : cls == 2 ? "critical" : "hit";
        log->add("attack", t1, data);
    }
    if (cls == 0) return;
    std::vector<Step> steps;
    const auto U = static_cast<std::int8_t>(t);
    const bool per_hit_checks = b_->opt.diminished_per_hit;
    const std::uint8_t cause = per_hit_checks ? (kByAttack | kNoDimCheck) : kByAttack;
    if (A.has(Trait::HurlRocks)) {
        if (log) {
            std::string t2 = "Hurl Rocks: " + num(k) + " casualties";
            if (T.is(Type::Fortification)) {
                t2 += " (";
                if (faces) {
                    const int first_die = adv == 0 ? 1 : 2;
                    for (int i = first_die; i < r.n; ++i) t2 += (i > first_die ? " + " : "") + std::string("d6 ") + num(r.faces[static_cast<std::size_t>(i)]);
                } else {
                    t2 += "d6";
                }
                t2 += " against a fortification)";
            }
            log->add("power", t2 + ".", {{"unit", a}, {"target", t}, {"casualties", k}});
        }
        for (int i = 0; i < k; ++i) steps.push_back({kCasualty, U, -1, cause});
        if (per_hit_checks) steps.push_back({kHitCheck, U, -1, 0});
    } else {
        const int per = per_hit(a, t, charge);
        const int padv = power_adv(a, t);
        if (log) {
            const int first_die = adv == 0 ? 1 : 2;
            std::string t2 = cls == 2 ? "Two Power checks" : "Power check";
            json data = {{"unit", a}, {"target", t}, {"bonus", A.power}, {"target_number", T.toughness},
                         {"successes", k}, {"casualties_per_success", per}};
            t2 += padv > 0 ? " with advantage (sapped walls)" : "";
            if (faces) {
                json rolls = json::array();
                std::string list;
                const int step = padv > 0 ? 2 : 1;
                for (int i = first_die; i + step - 1 < r.n; i += step) {
                    const int x = r.faces[static_cast<std::size_t>(i)];
                    const int kept = step == 2 ? std::max(x, r.faces[static_cast<std::size_t>(i + 1)]) : x;
                    rolls.push_back(kept);
                    if (!list.empty()) list += "; ";
                    list += "d20 " + num(kept) + signed_num(A.power) + " = " + num(kept + A.power);
                }
                t2 += ": " + list;
                data["d20"] = rolls;
            }
            t2 += " vs Toughness " + num(T.toughness) + ": " + num(k) + (k == 1 ? " success" : " successes");
            if (k > 0) {
                t2 += ", " + num(k * per) + (k * per == 1 ? " casualty" : " casualties");
                if (per == 2)
                    t2 += charge ? " (a Charge inflicts two)"
                                 : A.has(Trait::Brutal) ? " (Brutal: two each)" : " (Martial: two each, larger than its target)";
            }
            log->add("power", t2 + ".", data);
        }
        for (int h = 0; h < k; ++h) {
            for (int i = 0; i < per; ++i) steps.push_back({kCasualty, U, -1, cause});
            if (per_hit_checks) steps.push_back({kHitCheck, U, -1, 0});
        }
    }
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) push_front(*it);
}

void State::resolve_morale(const Step& s, bool passed, const Roll& r, bool faces, Log* log) {
    const int u = s.unit;
    const Unit& c = card(u);
    const int dc = morale_dc(s);
    const int bonus = c.morale + morale_bonus(u);
    bool courage = false;
    if (!passed && c.has(Trait::Courageous) && !has(u, kCourageUsed) &&
        (!b_->pol.courageous_rally_only || s.kind == kRally)) {
        passed = true;
        courage = true;
        set(u, kCourageUsed);
    }
    if (!passed) set(u, kBroke);
    if (log) {
        static const char* why[] = {"", "", "to attack an undead unit", "", "(diminished, after a casualty)",
                                    "to rally", "(Horrify)", "to disengage", "(its fortification fell)", "(retreat)"};
        std::string t1 = name(u) + " makes a DC " + num(dc) + " Morale check " + why[s.kind];
        json data = {{"unit", u}, {"bonus", bonus}, {"target_number", dc}, {"check", why[s.kind]}};
        const int dis = morale_dis(u);
        if (c.has(Trait::Mindless)) {
            t1 += ": Mindless, it cannot fail.";
        } else {
            if (dis < 0) t1 += ", with disadvantage (unpaid)";
            if (faces) {
                const int kept = dis == 0 ? r.faces[0] : std::min(r.faces[0], r.faces[1]);
                t1 += ": d20 " + (dis == 0 ? num(kept) : "(" + num(r.faces[0]) + ", " + num(r.faces[1]) + ") keeps " + num(kept)) +
                      signed_num(bonus) + " = " + num(kept + bonus);
                data["d20"] = dis == 0 ? json::array({r.faces[0]}) : json::array({r.faces[0], r.faces[1]});
            }
            t1 += courage ? ": fails, but Courageous turns it into a success (once per battle)."
                          : passed ? ": passes." : ": fails.";
        }
        data["passed"] = passed;
        log->add("morale", t1, data);
    }
    const auto U = static_cast<std::int8_t>(u);
    auto failed_casualty = [&](std::uint8_t cause) { push_front({kCasualty, U, -1, cause}); };
    switch (s.kind) {
        case kDiminished:
            if (!passed) {
                failed_casualty(kByMorale);
                if (!b_->opt.never_count_twice) failed_casualty(kByMorale);
                if (log)
                    log->add("morale-effect",
                             b_->opt.never_count_twice
                                 ? "The failed check costs one casualty: its decrement is the \"another casualty\" (counted once)."
                                 : "The failed check decrements the die, and the diminished rule adds another casualty.",
                             {{"unit", u}});
            }
            break;
        case kRally:
            if (passed) {
                set(u, kRallied);
                if (log) log->add("rally", name(u) + " is rallied and stays at 1 (it cannot be rallied again).", {{"unit", u}});
            } else {
                remove(u, "fails to rally", log);
            }
            break;
        case kHorrify:
            if (!passed) {
                set(u, kExhausted);
                if (log) log->add("morale-effect", name(u) + " is horrified: exhausted, and the failed check costs a casualty.", {{"unit", u}});
                failed_casualty(kByMorale);
            }
            break;
        case kUndead:
            if (passed || b_->opt.undead_once) u_[u].undead_ok |= 1u << s.other;
            if (!passed) {
                // The order is spent: drop this attack and its end (next in the queue).
                if (q_n_ > 0 && q_[0].kind == kAttack && q_[0].unit == u) pop_front();
                if (q_n_ > 0 && q_[0].kind == kOrderEnd && q_[0].unit == u) pop_front();
                if (log) log->add("morale-effect", name(u) + " will not attack " + name(s.other) + ": the order is spent, and the failed check costs a casualty.", {{"unit", u}});
                failed_casualty(kByMorale);
            }
            break;
        case kDisengage:
            if (passed) {
                const int e = u_[u].engaged;
                u_[u].engaged = -1;
                set(u, kCharger, false);
                if (e >= 0) {
                    u_[e].engaged = -1;
                    set(e, kCharger, false);
                }
                if (log) log->add("disengage", name(u) + " disengages.", {{"unit", u}});
            } else {
                failed_casualty(kByMorale);
            }
            break;
        case kFortFall:
            if (!passed) failed_casualty(kByMorale);
            break;
        case kRetreat:
            if (!passed) failed_casualty(kByRetreat);
            break;
        default:
            break;
    }
}

void State::casualty(int u, std::uint8_t cause, Log* log) {
    if (!on_field(u)) return;
    const int why = cause & 3;
    if (why == kByAttack) ++inflicted_;
    const bool before = diminished(u);
    if (u_[u].die > 1) {
        --u_[u].die;
        if (log)
            log->add("casualty", name(u) + " takes a casualty: casualty die " + num(u_[u].die + 1) + " \u2192 " + num(u_[u].die) + ".",
                     {{"unit", u}, {"die", u_[u].die}});
        const bool prompts = !(cause & kNoDimCheck) && (why == kByAttack || (why == kByMorale && b_->opt.morale_casualty_checks));
        const bool dim = b_->opt.diminished_after ? diminished(u) : before;
        if (prompts && dim) push_front({kDiminished, static_cast<std::int8_t>(u), -1, 0});
        return;
    }
    if (b_->opt.rally && !has(u, kRallied) && why != kByRetreat) {
        if (log) log->add("casualty", name(u) + " takes a casualty at 1 and would be removed: its commander tries to rally it.", {{"unit", u}, {"die", 1}});
        push_front({kRally, static_cast<std::int8_t>(u), -1, 0});
        return;
    }
    remove(u, "takes a casualty at 1", log);
}

void State::remove(int u, const char* why, Log* log) {
    set(u, kRemoved);
    u_[u].die = 0;
    const int e = u_[u].engaged;
    if (e >= 0) {
        u_[e].engaged = -1;
        set(e, kCharger, false);
        u_[u].engaged = -1;
    }
    if (log) log->add("removed", name(u) + " " + why + " and is removed from the battle.", {{"unit", u}});
    if (card(u).is(Type::Fortification) && !probe_) {
        const int side = bu(u).side;
        if (log)
            log->add("fortification", name(u) + " has fallen: the " + side_id(side) +
                                          "'s levies disband and its other units make DC 15 Morale checks.",
                     {{"unit", u}});
        for (int v = 0; v < n(); ++v) {
            if (bu(v).side != side || !acts(v)) continue;
            if (card(v).is(Type::Levies))
                leave(v, "disbands", log);
            else
                push_back({kFortFall, static_cast<std::int8_t>(v), -1, 0});
        }
    }
    check_end(log);
}

void State::leave(int u, const char* why, Log* log) {
    set(u, kLeft);
    const int e = u_[u].engaged;
    if (e >= 0) {
        u_[e].engaged = -1;
        set(e, kCharger, false);
        u_[u].engaged = -1;
    }
    if (log) log->add("leaves", name(u) + " " + why + " and leaves the field.", {{"unit", u}});
}

void State::check_end(Log* log) {
    if (outcome_ >= 0) return;
    int left[2] = {alive(kAttacker), alive(kDefender)};
    if (left[0] == 0 || left[1] == 0) {
        if (left[0] == 0 && left[1] == 0)
            finish(kOutDraw, "Neither side has a unit left on the field.", log);
        else
            finish(left[0] == 0 ? kOutDefender : kOutAttacker,
                   std::string("The ") + side_id(left[0] == 0 ? kAttacker : kDefender) + " has no unit left on the field.", log);
        return;
    }
    if (!b_->opt.infantry_loss_retreat || probe_) return;
    for (int s = 0; s < 2; ++s) {
        if (!b_->had_infantry[s] || side_has(s, Type::Infantry)) continue;
        for (int u = 0; u < n(); ++u)
            if (bu(u).side == s && acts(u)) leave(u, "retreats (its side has lost all its infantry)", log);
        finish(s == kAttacker ? kOutDefender : kOutAttacker,
               std::string("The ") + side_id(s) + " has lost all its infantry and retreats.", log);
        return;
    }
}

void State::finish(int outcome, const std::string& why, Log* log) {
    outcome_ = static_cast<std::int8_t>(outcome);
    q_n_ = 0;
    if (log) {
        const char* who = outcome == kOutAttacker ? "The attacker wins." : outcome == kOutDefender ? "The defender wins." : "A draw.";
        log->add("result", why + " " + who, {{"outcome", kBattleOutcomes[static_cast<std::size_t>(outcome)]}});
    }
}

void State::order_end(const Step& s, Log* log) {
    const int a = s.unit, t = s.other;
    const int inflicted = inflicted_;
    inflicted_ = 0;  // kept only while its attack resolves, so states merge after it
    if (!on_field(a) || !on_field(t)) return;
    const Unit& A = card(a);
    if ((s.arg & kArgCharge) && !(s.arg & kArgFree) && u_[a].engaged < 0 && u_[t].engaged < 0) {
        u_[a].engaged = static_cast<std::int8_t>(t);
        u_[t].engaged = static_cast<std::int8_t>(a);
        set(a, kCharger);
        if (log) log->add("engage", name(a) + " is now engaged with " + name(t) + ": they may attack only each other.", {{"unit", a}, {"target", t}});
    }
    if (A.has(Trait::Feast) && !(s.arg & kArgFree) && !(s.arg & kArgTargetDim) && diminished(t)) {
        if (log) log->add("feast", name(a) + " has diminished " + name(t) + " (Feast): a free attack against it.", {{"unit", a}, {"target", t}});
        queue_attack(a, t, false, true, log);
    }
    if (A.has(Trait::Horrify) && inflicted > 0 && !card(t).has(Trait::Eternal)) {
        push_front({kHorrify, static_cast<std::int8_t>(t), -1, 0});
    }
}

// ---------------------------------------------------------------- probes

std::string State::start_probe(int actor, int target, Log* log) {
    if (const char* why = illegal(actor, target)) return why;
    const bool charge = can_charge(actor, target);
    probe_charge_ = charge;
    first_attack_ = -1;
    queue_attack(actor, target, charge, false, log);
    advance(log);
    return "";
}

// ---------------------------------------------------------------- solver view

std::uint64_t State::progress() const {
    std::uint64_t gone = 0, once = started_ ? 1 : 0, cas = 0;
    for (int u = 0; u < n(); ++u) {
        const UnitState& s = u_[u];
        if (s.flags & (kRemoved | kLeft)) ++gone;
        for (std::uint16_t f : {kRallied, kCourageUsed, kSavageUsed, kSapped})
            if (s.flags & f) ++once;
        once += static_cast<std::uint64_t>(std::popcount(s.undead_ok));
        cas += static_cast<std::uint64_t>(bu(u).max - s.die);
    }
    if (b_->heals) cas = 0;  // Regenerate and Ravenous raise dice: only one-way events count
    return (gone << 40) | (once << 20) | cas;
}

void State::record(Recorder& r) const {
    r.outcome(static_cast<std::size_t>(outcome_));
    for (int u = 0; u < n(); ++u) {
        r.value(static_cast<std::size_t>(u), has(u, kRemoved) ? 0 : u_[u].die);
        r.event(static_cast<std::size_t>(u), has(u, kRemoved));
    }
}

}  // namespace bc::warfare

// Olympia: the running-totals sampler's start and its shapes: who strikes
// whom between changes of shape, and each pair's whole-number weight over the
// common denominator (see sampler.hpp). The weights are the blows' chances
// (hit.hpp) on what survey() (field.hpp) finds, the rules' own statement.
#include <algorithm>
#include <numeric>

#include "olympia/field.hpp"
#include "olympia/sampler.hpp"

namespace bc::olympia {

namespace {

bool mul_ok(std::uint64_t a, std::uint64_t b, std::uint64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
// D at most 2^62: every weight and every sum of weights fits with room to spare.
constexpr std::uint64_t kMaxD = std::uint64_t(1) << 62;

}  // namespace

Sampler::Sampler(const Battle& b) : b_(b) {
    const std::size_t E = b.ents.size();
    Cur& c = cur_;
    c.n.resize(E + 1);
    for (std::size_t i = 0; i < E; ++i) c.n[i] = static_cast<std::int32_t>(b.ents[i].count);
    c.n[E] = 1;
    c.works = {static_cast<std::int32_t>(b.structure.defense), static_cast<std::int32_t>(b.structure.damage), 0};
    shape_.att_of.assign(E, -1);
    shape_.tgt_of.assign(E, -1);
    value4_.resize(E);
    for (std::size_t i = 0; i < E; ++i) value4_[i] = b.ents[i].value4();
    for (int s = 0; s < 2; ++s) {
        threshold_[s] = break_threshold(b, s);
        c.value4[s] = side_value4(b, c.n.data(), s);
        c.standing[s] = side_standing(b, c.n.data(), s, true);
    }
    // As the state's constructor settles: break, stalemate, the first cycle.
    c.result = judge(b, c.value4, c.standing);
    if (c.result == kRunning) {
        if (!reshape()) stalemate();
        clamp_slots();
    }
    root_ = cur_;
    root_shape_ = shape_;
}

void Sampler::stalemate() {
    cur_.stalemate = true;
    cur_.result = b_.options.stalemate_tie ? kTie : kDefenderWins;
}

// After an attack in the engine order: no side keeps more slots than it has
// able men, and when both are used up a new cycle begins.
void Sampler::clamp_slots() {
    if (!b_.options.engine_order || cur_.result != kRunning) return;
    Cur& c = cur_;
    for (int s = 0; s < 2; ++s)
        if (c.slots[s] > c.men[s]) c.slots[s] = static_cast<std::int32_t>(c.men[s]);
    if (c.slots[0] == 0 && c.slots[1] == 0) {
        c.slots[0] = static_cast<std::int32_t>(c.men[0]);
        c.slots[1] = static_cast<std::int32_t>(c.men[1]);
        c.turn = 0;
    }
}

bool Sampler::reshape() {
    reshaped_ = true;
    survey(b_, cur_.n.data(), cur_.works, field_);
    shape_.counting = bonus_counting(b_, cur_.works);
    list_sides();
    if (cur_.men[0] + cur_.men[1] == 0) return false;
    const int si = structure_index(b_);
    const Tgt works{si, defense_of(b_, si, cur_.works)};  // a siege engine's only target
    std::uint64_t L = 1;
    shape_.naive = !common_denominator(works, L);
    if (shape_.naive) return true;
    weigh_pairs(works, L);
    sum_weights();
    return true;
}

// Who strikes whom, from what survey() found: each side's attackers and
// targets, the victims parallel to the targets, and the counts C, T.
void Sampler::list_sides() {
    Cur& c = cur_;
    Shape& sh = shape_;
    const int si = structure_index(b_);
    for (int s = 0; s < 2; ++s) {
        for (const auto& a : sh.atts[s]) sh.att_of[static_cast<std::size_t>(a.e)] = -1;
        for (const auto& t : sh.tgts[s])
            if (t.e != si) sh.tgt_of[static_cast<std::size_t>(t.e)] = -1;
    }
    sh.works_target = -1;
    for (int s = 0; s < 2; ++s) {
        sh.atts[s].clear();
        c.plain[s] = 0;
        for (const auto& a : field_.attackers[s]) {
            const bool siege = b_.ents[static_cast<std::size_t>(a.e)].siege;
            sh.att_of[static_cast<std::size_t>(a.e)] = static_cast<std::int32_t>(sh.atts[s].size());
            sh.atts[s].push_back({a.e, a.rating, siege});
            if (!siege) c.plain[s] += a.weight;
        }
        c.men[s] = field_.attacker_men[s];
        sh.tgts[s].clear();
        for (const auto& t : field_.targets[s]) {
            const int ti = static_cast<int>(sh.tgts[s].size());
            if (t.t == si)
                sh.works_target = ti;
            else
                sh.tgt_of[static_cast<std::size_t>(t.t)] = ti;
            sh.tgts[s].push_back({t.t, t.defense});
        }
        c.tw[s] = field_.target_weight[s];
    }
    for (int S = 0; S < 2; ++S) {
        sh.victims[S].clear();
        for (const auto& t : sh.tgts[S]) {
            if (t.e == si) {
                sh.victims[S].push_back({t.e, -1, 0, 0, false});
                continue;
            }
            const Entity& x = b_.ents[static_cast<std::size_t>(t.e)];
            sh.victims[S].push_back({t.e, sh.att_of[static_cast<std::size_t>(t.e)], x.value4(), x.siege ? 0 : 1, x.siege});
        }
    }
}

// One pair's blow span, (rating + defense) x variants (hit.hpp).
std::uint64_t Sampler::span(const Att& a, const Tgt& t) const {
    return static_cast<std::uint64_t>(blow(b_, a.e, a.rating, t.e, t.defense).span());
}

// L: the lcm of every pair's blow span. False when L or D = C T0 T1 L would
// pass kMaxD (the sampler then draws as the state does).
bool Sampler::common_denominator(const Tgt& works, std::uint64_t& L) const {
    const Cur& c = cur_;
    bool ok = true;
    auto take = [&](std::uint64_t den) {
        const std::uint64_t g = std::gcd(L, den);
        ok = ok && mul_ok(L / g, den, L) && L < kMaxD;
    };
    for (int s = 0; s < 2 && ok; ++s)
        for (const auto& a : shape_.atts[s]) {
            if (a.siege) {
                take(span(a, works));
                continue;
            }
            for (const auto& t : shape_.tgts[1 - s]) take(span(a, t));
        }
    std::uint64_t D = 0;
    return ok && mul_ok(static_cast<std::uint64_t>(c.men[0] + c.men[1]), static_cast<std::uint64_t>(c.tw[0]), D) &&
           mul_ok(D, static_cast<std::uint64_t>(c.tw[1]), D) && mul_ok(D, L, D) && D < kMaxD;
}

// Each pair's whole-number weight over L (q, qsiege), with any factor common
// to all of them taken out, and the rows of zeros the engine loop reads.
void Sampler::weigh_pairs(const Tgt& works, std::uint64_t L) {
    Shape& sh = shape_;
    sh.L = L;
    for (int s = 0; s < 2; ++s) {
        const auto& T = sh.tgts[1 - s];
        sh.q[s].assign(sh.atts[s].size() * T.size(), 0);
        for (std::size_t ai = 0; ai < sh.atts[s].size(); ++ai) {
            const Att& a = sh.atts[s][ai];
            if (a.siege) continue;
            // One hit variant's weight: rating x L / span (hit.hpp).
            for (std::size_t ti = 0; ti < T.size(); ++ti)
                sh.q[s][ai * T.size() + ti] = static_cast<std::uint64_t>(a.rating) * (L / span(a, T[ti]));
        }
    }
    sh.qsiege.assign(sh.atts[kAttacker].size(), 0);
    for (std::size_t ai = 0; ai < sh.atts[kAttacker].size(); ++ai) {
        const Att& a = sh.atts[kAttacker][ai];
        if (!a.siege) continue;
        sh.qsiege[ai] = static_cast<std::uint64_t>(a.rating) * (L / span(a, works));
    }
    // Only ratios of weights matter: a factor common to L and every q comes
    // out, which keeps most draws within Lemire's 32 bits.
    std::uint64_t g = L;
    for (int s = 0; s < 2; ++s)
        for (const std::uint64_t q : sh.q[s]) g = std::gcd(g, q);
    for (const std::uint64_t q : sh.qsiege) g = std::gcd(g, q);
    if (g > 1) {
        sh.L = L / g;
        for (int s = 0; s < 2; ++s)
            for (std::uint64_t& q : sh.q[s]) q /= g;
        for (std::uint64_t& q : sh.qsiege) q /= g;
    }
    // After each side's rows, a row of zeros: the branch-free kill
    // in the engine loop reads a row for every attack, hit or miss, times 0 or 1.
    const int si = structure_index(b_);
    for (int S = 0; S < 2; ++S) {
        const std::size_t nt = sh.tgts[1 - S].size();
        const auto zeros = static_cast<std::uint32_t>(sh.q[S].size());
        sh.q[S].resize(sh.q[S].size() + nt, 0);
        for (Victim& v : sh.victims[S]) {
            v.plain = v.attacker >= 0 && !v.siege && v.e != si;
            v.row = v.plain ? static_cast<std::uint32_t>(static_cast<std::size_t>(v.attacker) * nt) : zeros;
        }
    }
}

// The running sums on the counts now: siege_sum, and each target's h and
// each side's wsum.
void Sampler::sum_weights() {
    Cur& c = cur_;
    const Shape& sh = shape_;
    c.siege_sum = 0;
    for (std::size_t ai = 0; ai < sh.atts[kAttacker].size(); ++ai)
        if (sh.atts[kAttacker][ai].siege)
            c.siege_sum += static_cast<std::uint64_t>(c.n[static_cast<std::size_t>(sh.atts[kAttacker][ai].e)]) * sh.qsiege[ai];
    for (int S = 0; S < 2; ++S) {
        const int s = 1 - S;
        const std::size_t nt = sh.tgts[S].size();
        c.h[S].assign(nt, 0);
        for (std::size_t ti = 0; ti < nt; ++ti) {
            std::uint64_t h = 0;
            for (std::size_t ai = 0; ai < sh.atts[s].size(); ++ai)
                if (!sh.atts[s][ai].siege)
                    h += static_cast<std::uint64_t>(c.n[static_cast<std::size_t>(sh.atts[s][ai].e)]) * sh.q[s][ai * nt + ti];
            c.h[S][ti] = h;
        }
        c.wsum[S] = 0;
        for (std::size_t ti = 0; ti < nt; ++ti)
            c.wsum[S] += static_cast<std::uint64_t>(c.n[static_cast<std::size_t>(sh.tgts[S][ti].e)]) * c.h[S][ti];
    }
}

}  // namespace bc::olympia

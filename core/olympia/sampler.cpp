// Olympia: the running-totals sampler (see sampler.hpp for the method).
#include "olympia/sampler.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <numeric>

#include "olympia/field.hpp"

namespace bc::olympia {

namespace {

// The target an effect y (below the sum of n x h x scale over targets)
// names; y becomes its place within that target's weight. Products, not
// divisions (a 64-bit division costs more than the rest of an event).
inline std::size_t target_at(const auto* T, std::size_t nt, const std::int32_t* n, const std::uint64_t* h,
                             std::uint64_t& y, std::uint64_t scale = 1) {
    std::size_t i = 0;
    for (const std::size_t last = nt - 1; i < last; ++i) {
        const std::uint64_t w = static_cast<std::uint64_t>(n[T[i].e]) * h[i] * scale;
        if (y < w) break;
        y -= w;
    }
    return i;
}

// A man of one side stops striking (mask all ones; 0 for a miss, which
// changes nothing): his row of weights comes off the other side's targets'
// h and their sum.
inline void lose_blows(const std::uint64_t* row, const auto* T, std::size_t nt, const std::int32_t* n, std::uint64_t* h,
                       std::uint64_t& wsum, std::uint64_t mask = ~std::uint64_t{0}) {
    std::uint64_t lost = 0;
    for (std::size_t t = 0; t < nt; ++t) {
        const std::uint64_t r = row[t] & mask;
        h[t] -= r;
        lost += static_cast<std::uint64_t>(n[T[t].e]) * r;
    }
    wsum -= lost;
}

}  // namespace

// The generator's 64-bit draws used 32 bits at a time (xoshiro256**'s bits are
// all good), so that most bounded draws cost half a draw: Lemire's
// multiply-and-shift on each half, wider ranges from whole draws.
class Bits {
public:
    explicit Bits(Rng& rng) : rng_(rng) {}
    std::uint32_t next32() {
        if (have_) {
            have_ = false;
            return static_cast<std::uint32_t>(spare_);
        }
        spare_ = rng_.next();
        have_ = true;
        return static_cast<std::uint32_t>(spare_ >> 32);
    }
    // A whole number below w, every value as likely; counts the draws.
    std::uint64_t below(std::uint64_t w, std::uint64_t& draws) {
        ++draws;
        if (w <= 0xffffffffULL) {
            const std::uint32_t n = static_cast<std::uint32_t>(w);
            std::uint64_t m = static_cast<std::uint64_t>(next32()) * n;
            if (static_cast<std::uint32_t>(m) < n) {
                const std::uint32_t floor = (0u - n) % n;
                while (static_cast<std::uint32_t>(m) < floor) m = static_cast<std::uint64_t>(next32()) * n;
            }
            return m >> 32;
        }
        // Wider: the top bits of one draw, kept when below w (more than half
        // the time), so no 128-bit product is needed.
        const int shift = std::countl_zero(w - 1);
        for (;;) {
            const std::uint64_t x = rng_.next() >> shift;
            if (x < w) return x;
        }
    }

private:
    Rng& rng_;
    std::uint64_t spare_ = 0;
    bool have_ = false;
};

void Sampler::counted() {
    if (++cur_.works.targeted >= b_.bonus_limit) dirty_ = true;
}

// Misses on men inside while the bonus counts, by side s's attackers (not
// yet scaled by the side's base).
inline std::uint64_t Sampler::counted_weight(int s) const {
    const Cur& c = cur_;
    const int S = 1 - s;
    const int wt = shape_.works_target;
    const std::uint64_t men = static_cast<std::uint64_t>(c.tw[S] - (wt >= 0 ? 1 : 0));
    const std::uint64_t struck = c.wsum[S] - (wt >= 0 ? c.h[S][static_cast<std::size_t>(wt)] : 0);
    // Sum over men t inside of n_t (plain L - h_t).
    return men * static_cast<std::uint64_t>(c.plain[s]) * shape_.L - struck;
}

inline bool Sampler::kill(int e) {
    const int S = b_.ents[static_cast<std::size_t>(e)].side;
    return kill_at(S, static_cast<std::size_t>(shape_.tgt_of[static_cast<std::size_t>(e)]));
}

// A man (or noble) of side S's target ti falls.
inline bool Sampler::kill_at(int S, std::size_t ti) {
    Cur& c = cur_;
    const Victim& v = shape_.victims[S][ti];
    const std::size_t ei = static_cast<std::size_t>(v.e);
    // Every man inside targeted while the bonus counts uses it up, hit or not.
    if (S == kDefender && shape_.counting) counted();
    --c.n[ei];
    c.value4[S] -= v.value4;
    c.standing[S] -= v.standing;
    --c.tw[S];
    // Only this side lost strength: only it can break now.
    if (c.standing[S] == 0 || c.value4[S] <= threshold_[S]) {
        c.result = S == kAttacker ? kDefenderWins : kAttackerWins;
        return true;
    }
    if (c.n[ei] == 0 || shape_.naive) {
        if (v.attacker >= 0) {
            --c.men[S];
            if (!v.siege) --c.plain[S];
        }
        if (c.n[ei] == 0) dirty_ = true;
        return dirty_;
    }
    c.wsum[S] -= c.h[S][ti];
    if (v.attacker < 0) return dirty_;
    --c.men[S];
    if (v.siege) {
        c.siege_sum -= shape_.qsiege[static_cast<std::size_t>(v.attacker)];
        return dirty_;
    }
    --c.plain[S];
    // His blows no longer threaten the other side's targets.
    const auto& T = shape_.tgts[1 - S];
    lose_blows(shape_.q[S].data() + v.row, T.data(), T.size(), c.n.data(), c.h[1 - S].data(), c.wsum[1 - S]);
    return dirty_;
}

// Rulebook order: one draw per effect, the misses between them skipped.
// Over D = C T0 T1 L, side s's effects weigh T_s x (men x q sums), and the
// attacker's siege blows T0 T1 x siege_sum each.
void Sampler::run_rulebook(Rng& rng) {
    // The generator, counters and steps live in locals so that the loop keeps
    // them in registers (stores through the running sums could alias them).
    Rng r = rng;
    Bits bits(r);
    std::uint64_t draws = 0;
    double steps = 0;
    rulebook_loop(bits, draws, steps);
    rng = r;
    draws_ += draws;
    steps_ += steps;
}

inline void Sampler::rulebook_loop(Bits& rng, std::uint64_t& draws, double& steps) {
    Cur& c = cur_;
    const int si = structure_index(b_);
    const std::int32_t* n = c.n.data();
    for (;;) {
        const std::uint64_t t0 = static_cast<std::uint64_t>(c.tw[0]), t1 = static_cast<std::uint64_t>(c.tw[1]);
        const auto& T1 = shape_.tgts[1];
        const auto& T0 = shape_.tgts[0];
        const std::uint64_t* h1 = c.h[1].data();
        const std::uint64_t* h0 = c.h[0].data();
        const std::uint64_t w1 = c.wsum[1], w0 = c.wsum[0];
        const std::uint64_t cw = shape_.counting ? counted_weight(kAttacker) : 0;
        const std::uint64_t sw = t0 * t1 * c.siege_sum;
        const std::uint64_t W = t0 * (w1 + cw) + kSiegeVariants * sw + t1 * w0;
        // (Signed conversions: every count is below 2^62, and wasm has no
        // single instruction for an unsigned 64-bit one.)
        steps += static_cast<double>(c.men[0] + c.men[1]) * static_cast<double>(c.tw[0]) * static_cast<double>(c.tw[1]) *
                 static_cast<double>(static_cast<std::int64_t>(shape_.L)) / static_cast<double>(static_cast<std::int64_t>(W));
        std::uint64_t x = rng.below(W, draws);
        auto pick = [&](const std::vector<Tgt>& T, const std::uint64_t* h, std::uint64_t scale) {
            return target_at(T.data(), T.size(), n, h, x, scale);
        };
        if (x < t0 * w1) {
            const std::size_t i = pick(T1, h1, t0);
            if (T1[i].e == si) {
                hit_works(b_, c.works, works_points(1));
                dirty_ = true;  // a new shape
                return;
            }
            if (kill_at(kDefender, i)) return;
        } else if ((x -= t0 * w1) < t0 * cw) {
            counted();
            if (dirty_) return;
        } else if ((x -= t0 * cw) < kSiegeVariants * sw) {
            int v = kFirstSiegeBlow;
            for (; x >= sw; x -= sw) ++v;
            hit_works(b_, c.works, works_points(v));
            dirty_ = true;
            return;
        } else {
            x -= kSiegeVariants * sw;
            if (kill_at(kAttacker, pick(T0, h0, t1))) return;
        }
    }
}

// One attack's effect y (0 <= y < the side's effect weight, in the order
// targets, counted misses, siege blows). True: the battle ended or its shape
// changed.
inline bool Sampler::strike(int side, std::uint64_t y, std::uint64_t w, std::uint64_t cw, std::uint64_t sw) {
    Cur& c = cur_;
    const int S = 1 - side;
    if (y < w) {
        const auto& T = shape_.tgts[S];
        const std::size_t i = target_at(T.data(), T.size(), c.n.data(), c.h[S].data(), y);
        if (T[i].e == structure_index(b_)) {
            hit_works(b_, c.works, works_points(1));
            return dirty_ = true;
        }
        return kill_at(S, i);
    }
    if ((y -= w) < cw) {
        counted();
        return dirty_;
    }
    hit_works(b_, c.works, works_points(kFirstSiegeBlow + static_cast<int>((y - cw) / sw)));
    return dirty_ = true;
}

// Engine order: each attack draws over its side's D = C_s T_S L, a miss
// being the rest. (Drawing the two attacks of an alternation at once, over
// D_a x D_b, takes a third fewer draws but was slower: wider draws and
// divisions.)
void Sampler::run_engine(Rng& rng) {
    Rng r = rng;
    Bits bits(r);
    std::uint64_t draws = 0, attacks = 0;
    // Most battles have neither counted misses nor siege blows: a loop of
    // their own carries fewer values from attack to attack.
    if (shape_.counting || cur_.siege_sum > 0)
        engine_loop<true>(bits, draws, attacks);
    else
        engine_loop<false>(bits, draws, attacks);
    rng = r;
    draws_ += draws;
    steps_ += static_cast<double>(attacks);
}

template <bool Extra>
inline void Sampler::engine_loop(Bits& rng, std::uint64_t& draws, std::uint64_t& attacks) {
    Cur& c = cur_;
    std::int32_t s0 = c.slots[0], s1 = c.slots[1];
    int turn = c.turn;
    // Each side's D and the weight of its effects change only with an effect:
    // worked out then, not at every attack. The attacker's counted misses and
    // siege blows are rare enough to be weighed at each of its attacks.
    std::uint64_t D0 = 0, D1 = 0, W0 = 0, W1 = 0;
    const std::uint64_t L = shape_.L;
    auto weigh = [&]() {
        D0 = static_cast<std::uint64_t>(c.men[0]) * static_cast<std::uint64_t>(c.tw[1]) * L;
        D1 = static_cast<std::uint64_t>(c.men[1]) * static_cast<std::uint64_t>(c.tw[0]) * L;
        W0 = c.wsum[1];
        W1 = c.wsum[0];
    };
    weigh();
    // An attack on side S with effect x, hit (1) or missed (0), without a
    // branch on which: a miss costs the same few sums times 0, where a branch
    // on a hit or miss at random is mispredicted half the time (most of an
    // attack's cost). False: a hit that strike() must take (a last man, a
    // break, a siege engine, the structure), nothing changed yet. The shape's
    // arrays stay put until the loop ends (a change of shape ends it).
    struct View {
        const Tgt* T;
        std::size_t nt;
        const Victim* V;
        std::uint64_t* h;
        const std::uint64_t* q;  // the rows of side S's attackers
    };
    View view[2];
    for (int S = 0; S < 2; ++S)
        view[S] = {shape_.tgts[S].data(), shape_.tgts[S].size(), shape_.victims[S].data(), c.h[S].data(), shape_.q[S].data()};
    std::int32_t* const n = c.n.data();
    auto quick = [&](int S, std::uint64_t x, std::uint64_t hit) {
        const View& vs = view[S];
        // The target the draw names if it is a hit (if not, any target).
        // Here target_at()'s walk and lose_blows()' update are written out:
        // through the helpers this loop took 2% longer natively and 6% in
        // wasm, measured side by side.
        std::size_t ti = 0;
        for (const std::size_t last = vs.nt - 1; ti < last; ++ti) {
            const std::uint64_t wi = static_cast<std::uint64_t>(n[vs.T[ti].e]) * vs.h[ti];
            if (x < wi) break;
            x -= wi;
        }
        const Victim& v = vs.V[ti];
        const std::size_t ei = static_cast<std::size_t>(v.e);
        const bool ok = v.plain & (n[ei] > 1) & (c.standing[S] != v.standing) & (c.value4[S] - v.value4 > threshold_[S]);
        if (hit & !ok) return false;
        const std::uint64_t mask = 0 - hit;
        const auto one = static_cast<std::int32_t>(hit);
        n[ei] -= one;
        c.value4[S] -= v.value4 & static_cast<std::int64_t>(mask);
        c.standing[S] -= one;
        c.tw[S] -= one;
        c.men[S] -= one;
        c.plain[S] -= one;
        c.wsum[S] -= vs.h[ti] & mask;
        // His blows no longer threaten the other side's targets.
        const View& vo = view[1 - S];
        const std::uint64_t* row = vs.q + v.row;
        std::uint64_t lost = 0;
        for (std::size_t t = 0; t < vo.nt; ++t) {
            const std::uint64_t r = row[t] & mask;
            vo.h[t] -= r;
            lost += static_cast<std::uint64_t>(n[vo.T[t].e]) * r;
        }
        c.wsum[1 - S] -= lost;
        return true;
    };
    for (;;) {
        const int a = next_side(s0, s1, turn);
        const int b = 1 - a;
        std::uint64_t w = a ? W1 : W0, cw = 0, sw = 0;
        if (Extra && a == kAttacker) {
            if (shape_.counting) cw = counted_weight(kAttacker);
            sw = static_cast<std::uint64_t>(c.tw[b]) * c.siege_sum;
        }
        const std::uint64_t x = rng.below(a ? D1 : D0, draws);
        if ((++attacks & 0xffff) == 0) {
            long_battle(attacks);
            if (abandoned_) break;
        }
        if (a == 0) {
            if (s0 > 0) --s0;
        } else if (s1 > 0) {
            --s1;
        }
        turn = b;
        // (Its own slot clamp and cycle check, ending in `continue`: one tail
        // shared with strike()'s below took 1.5% longer, measured side by side.)
        if constexpr (!Extra) {
            if (quick(b, x, x < w ? 1 : 0)) {
                const std::int32_t m = static_cast<std::int32_t>(c.men[b]);
                if (b == 0)
                    s0 = std::min(s0, m);
                else
                    s1 = std::min(s1, m);
                weigh();
                if (s0 == 0 && s1 == 0) {
                    s0 = static_cast<std::int32_t>(c.men[0]);
                    s1 = static_cast<std::int32_t>(c.men[1]);
                    turn = 0;
                }
                continue;
            }
        }
        if (x < w + cw + kSiegeVariants * sw) {
            if (strike(a, x, w, cw, sw)) break;
            // Without a change of shape only the struck side's able men fell.
            const std::int32_t m = static_cast<std::int32_t>(c.men[b]);
            if (b == 0 && s0 > m) s0 = m;
            if (b == 1 && s1 > m) s1 = m;
            weigh();
        }
        if (s0 == 0 && s1 == 0) {
            s0 = static_cast<std::int32_t>(c.men[0]);
            s1 = static_cast<std::int32_t>(c.men[1]);
            turn = 0;
        }
    }
    c.slots[0] = s0;
    c.slots[1] = s1;
    c.turn = turn;
}

// One attack drawn as the chance state draws it (field.hpp), on the counts
// now, with the same draws in the same order.
void Sampler::attack_naive(Rng& rng, int side) {
    Cur& c = cur_;
    survey(b_, c.n.data(), c.works, field_);
    const int a = draw_attacker(field_, side < 0 ? 0 : side, side < 0 ? 1 : side, rng);
    const int t = draw_target(b_, field_, a, rng);
    const int v = draw_blow(blow_in(b_, field_, c.works, a, t), rng);
    draws_ += 3;
    steps_ += 1;
    if ((++naive_attacks_ & 0xffff) == 0) long_battle(0);
    const bool inside = t != structure_index(b_) && b_.ents[static_cast<std::size_t>(t)].side == kDefender;
    switch (effect_of(b_, t, v)) {
        case BlowEffect::kMiss:
        case BlowEffect::kSpared:
            if (inside && shape_.counting) counted();
            break;
        case BlowEffect::kWorks:
            hit_works(b_, c.works, works_points(v));
            dirty_ = true;
            break;
        case BlowEffect::kFalls:
            kill(t);
            break;
    }
    if (side >= 0) {
        if (c.slots[side] > 0) --c.slots[side];
        c.turn = 1 - side;
    }
}

bool Sampler::play(Rng& rng, SampleTally& out, const Deadline& deadline, std::uint64_t max_steps) {
    // Back to the start: the counts and sums always, the shape if it changed.
    cur_.n = root_.n;
    for (int s = 0; s < 2; ++s) cur_.h[s] = root_.h[s];
    cur_.works = root_.works;
    cur_.slots[0] = root_.slots[0];
    cur_.slots[1] = root_.slots[1];
    cur_.turn = root_.turn;
    cur_.result = root_.result;
    cur_.stalemate = root_.stalemate;
    cur_.siege_sum = root_.siege_sum;
    for (int s = 0; s < 2; ++s) {
        cur_.value4[s] = root_.value4[s];
        cur_.standing[s] = root_.standing[s];
        cur_.men[s] = root_.men[s];
        cur_.plain[s] = root_.plain[s];
        cur_.tw[s] = root_.tw[s];
        cur_.wsum[s] = root_.wsum[s];
    }
    if (reshaped_) {
        shape_ = root_shape_;
        reshaped_ = false;
    }
    steps_ = 0;
    dirty_ = false;
    deadline_ = &deadline;
    max_steps_ = max_steps;
    abandoned_ = false;
    const bool engine = b_.options.engine_order;
    while (cur_.result == kRunning) {
        if (abandoned_) return false;
        if (shape_.naive) {
            const int side = engine ? next_side(cur_.slots[0], cur_.slots[1], cur_.turn) : -1;
            attack_naive(rng, side);
            cur_.result = judge(b_, cur_.value4, cur_.standing);
        } else if (engine) {
            run_engine(rng);
        } else {
            run_rulebook(rng);
        }
        if (cur_.result != kRunning) break;
        if (dirty_) {
            dirty_ = false;
            if (!reshape()) {
                stalemate();
                break;
            }
        }
        clamp_slots();
    }
    if (abandoned_) return false;
    record_end(b_, End{cur_.n.data(), cur_.works, cur_.result, cur_.stalemate}, out);
    out.battle_done(steps_);
    return true;
}

// Every 65,536 attacks of one battle: past the step limit is an error (a
// battle that may never end), past the deadline the battle is dropped.
void Sampler::long_battle(std::uint64_t attacks) {
    if (static_cast<double>(attacks) + steps_ > static_cast<double>(max_steps_)) throw LimitError(step_limit_message(max_steps_));
    if (deadline_ && deadline_->passed()) abandoned_ = true;
}

MonteCarloStatus sample_battles(const Battle& b, Tally& tally, const MonteCarloOptions& opt, std::uint64_t* draws) {
    Sampler sampler(b);
    SampleTally acc(b, tally.schema());
    const MonteCarloStatus st = run_monte_carlo_blocks(
        [&](Rng& rng, Tally& t, std::uint64_t n, const Deadline& deadline, auto&& between) -> std::uint64_t {
            std::uint64_t played = 0;
            while (played < n) {
                if (!sampler.play(rng, acc, deadline, opt.max_steps)) break;
                ++played;
                // The clock now and then, and after every long battle.
                if (((played & 63) == 0 || sampler.last_steps() > 4096) && between()) break;
            }
            acc.flush(t);
            return played;
        },
        tally, opt);
    if (draws) *draws = sampler.draws();
    return st;
}

}  // namespace bc::olympia

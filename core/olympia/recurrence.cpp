// Olympia: the rulebook order's count recurrence (see recurrence.hpp).
#include "olympia/recurrence.hpp"

#include <algorithm>
#include <chrono>

#include "olympia/sweep.hpp"

namespace bc::olympia {

double CountRecurrence::box_size(const Battle& b) {
    if (b.options.engine_order) return 0;
    return Box(b, true).size;
}

double CountRecurrence::window_size(const Battle& b) {
    if (b.options.engine_order) return 0;
    const Box box(b, true);
    if (box.size >= 4e18) return box.size;
    const double slice = static_cast<double>(box.digits[0].stride);
    return std::min(box.size, slice * static_cast<double>(box.works == 0 ? max_works_points(b) + 1 : 2));
}

namespace {

// The chances of one attack's effects in a state, each over all the effects
// of attacks: a kill of each target (pk), a man inside targeted and missed
// (counted), one point on the structure (works1), each siege blow (siege).
struct RulebookChances {
    double total = 0, counted = 0, works1 = 0, siege = 0;
};

// One state of the recurrence, reached with mass: its effects move the mass
// on to smaller cells of the window, or record it where the battle ends.
class RulebookStep {
public:
    RulebookStep(SweepCounts& c, Shapes& shapes, std::vector<double>& window)
        : c_(c), b_(c.b), shapes_(shapes), window_(window), W_(static_cast<std::int64_t>(window.size())) {}

    // The state at this slot with mass m (taken out of the window); returns
    // its expected attacks (m / the chance of an effect).
    inline double run(std::int64_t slot, double m) {
        slot_ = slot;
        c_.box.decode(c_.digit.data(), c_.n.data(), rem_, tleft_);
        w_ = c_.box.works >= 0 ? c_.box.works_of(b_, rem_, tleft_) : c_.w0;
        const Shape& sh = shapes_.get(c_.n.data(), w_);
        c_.strength(val_, up_);
        const RulebookChances p = chances(sh);
        const double f = m / p.total;
        kills(sh, f);
        if (p.counted > 0) counted_miss(f * p.counted);
        blows(f, p);
        return f;
    }

private:
    // The window's slot `drop` cells below this state's, wrapping round.
    inline void add(std::int64_t drop, double mass) {
        std::int64_t cs = slot_ - drop;
        if (cs < 0) cs += W_;
        window_[static_cast<std::size_t>(cs)] += mass;
    }
    // Cells a man inside targeted moves down: one targeting fewer, or all of
    // them once the bonus has stopped counting.
    std::int64_t targeted_drop(const Works& cw) const {
        return c_.stride_t * (tleft_ - (bonus_counting(b_, cw) ? tleft_ - 1 : 0));
    }
    inline RulebookChances chances(const Shape& sh);
    inline void kills(const Shape& sh, double f);
    inline void counted_miss(double mass);
    inline void blows(double f, const RulebookChances& p);

    SweepCounts& c_;
    const Battle& b_;
    Shapes& shapes_;
    std::vector<double>& window_;
    const std::int64_t W_;
    std::vector<double> pk_[2];  // each target's chance of a kill, by side
    // The state: its slot, structure digits, structure, strength.
    std::int64_t slot_ = 0, rem_ = 0, tleft_ = 0;
    Works w_{};
    std::int64_t val_[2] = {0, 0}, up_[2] = {0, 0};
};

// The chance of each effect of one attack (pk_ for the kills).
inline RulebookChances RulebookStep::chances(const Shape& sh) {
    const std::vector<std::int32_t>& n = c_.n;
    const double C = static_cast<double>(c_.able(sh));
    double T[2], A[2] = {0, 0};
    for (int s = 0; s < 2; ++s) {
        std::int64_t t = 0;
        for (int e : sh.tg[s]) t += n[static_cast<std::size_t>(e)];
        T[s] = static_cast<double>(t + (s == kDefender && sh.works_target ? 1 : 0));
        for (std::size_t a = 0; a < sh.att[s].size(); ++a)
            if (!sh.siege[s][a]) A[s] += n[static_cast<std::size_t>(sh.att[s][a])];
    }
    RulebookChances p;
    for (int s = 0; s < 2; ++s) {
        const int S = 1 - s;
        const std::size_t nt = sh.tg[S].size();
        // Sized once (no allocation, nothing that could throw, per state).
        if (pk_[S].size() < nt) pk_[S].resize(n.size() + 1);
        const double scale = 1.0 / (C * T[S]);
        for (std::size_t j = 0; j < nt; ++j) {
            double H = 0;
            for (std::size_t a = 0; a < sh.att[s].size(); ++a)
                if (!sh.siege[s][a]) H += n[static_cast<std::size_t>(sh.att[s][a])] * sh.q[s][a * nt + j];
            const double nt_men = n[static_cast<std::size_t>(sh.tg[S][j])];
            pk_[S][j] = nt_men * H * scale;
            p.total += pk_[S][j];
            if (S == kDefender && sh.counting) p.counted += nt_men * (A[s] - H) * scale;
        }
        if (s == kAttacker) {
            for (std::size_t a = 0; a < sh.att[s].size(); ++a) {
                const double men = n[static_cast<std::size_t>(sh.att[s][a])];
                if (sh.siege[s][a])
                    p.siege += men * sh.qs[a] / C;
                else
                    p.works1 += men * sh.qw[a] * scale;
            }
        }
    }
    p.total += p.counted + p.works1 + kSiegeVariants * p.siege;
    return p;
}

// Kills (and wounds): one man fewer, perhaps a targeting used up.
inline void RulebookStep::kills(const Shape& sh, double f) {
    std::vector<std::int32_t>& n = c_.n;
    for (int S = 0; S < 2; ++S)
        for (std::size_t j = 0; j < sh.tg[S].size(); ++j) {
            if (pk_[S][j] <= 0) continue;
            const double mass = f * pk_[S][j];
            const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
            const bool inside = S == kDefender && sh.counting;
            --n[e];
            Works cw = w_;
            if (inside) ++cw.targeted;
            if (c_.breaks(S, e, val_, up_)) {
                c_.record(cw, S == kAttacker ? kDefenderWins : kAttackerWins, false, mass);
            } else if (n[e] == 0 && c_.able(shapes_.get(n.data(), cw)) == 0) {
                c_.record(cw, c_.stalemate_result, true, mass);
            } else {
                std::int64_t drop = c_.box.digits[static_cast<std::size_t>(c_.box.digit_of[e])].stride;
                if (inside) drop += targeted_drop(cw);
                add(drop, mass);
            }
            ++n[e];
        }
}

// A man inside targeted and missed (or spared).
inline void RulebookStep::counted_miss(double mass) {
    Works cw = w_;
    ++cw.targeted;
    add(targeted_drop(cw), mass);
}

// Blows on the structure: one point, or a siege engine's 5-10.
inline void RulebookStep::blows(double f, const RulebookChances& p) {
    for (int v = 1; v <= kLastBlow; ++v) {
        const double pv = v == 1 ? p.works1 : p.siege;
        if (pv <= 0) continue;
        Works cw = w_;
        hit_works(b_, cw, works_points(v));
        const bool still = bonus_counting(b_, cw);
        if (!still) cw.targeted = b_.bonus_limit;
        const std::int64_t tl2 = still ? tleft_ : 0;
        if (works_standing(b_, w_) && !works_standing(b_, cw) && c_.able(shapes_.get(c_.n.data(), cw)) == 0) {
            c_.record(cw, c_.stalemate_result, true, f * pv);
            continue;
        }
        add((rem_ - c_.box.remaining_of(b_, cw)) * c_.stride_w + (tleft_ - tl2) * c_.stride_t, f * pv);
    }
}

}  // namespace

SweepStatus CountRecurrence::solve(const Battle& b, Tally& tally, const ExactOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SweepStatus st;
    const Box box(b, true);
    const std::int64_t W = static_cast<std::int64_t>(window_size(b));
    window_.assign(static_cast<std::size_t>(W), 0.0);
    const std::size_t bytes = window_.capacity() * sizeof(double);
    Shapes shapes(b);
    SweepCounts c(b, box, tally, st);

    // The start: perhaps over before a blow (nobody can strike).
    const int r = c.judge_start();
    if (c.over_at_start(r, r == kRunning && c.able(shapes.get(c.n.data(), c.w0)) == 0)) return st;

    std::int64_t slot = box.top % W;
    window_[static_cast<std::size_t>(slot)] = 1.0;
    double steps = 0;
    RulebookStep step(c, shapes, window_);
    for (std::int64_t I = box.top; I >= 0; --I) {
        const double m = window_[static_cast<std::size_t>(slot)];
        if (m != 0) {
            window_[static_cast<std::size_t>(slot)] = 0;
            ++st.states;
            steps += step.run(slot, m);
        }
        c.next_cell();
        slot = slot == 0 ? W - 1 : slot - 1;
        ++st.cells;
        if ((st.cells & 0xffff) == 0 && st.should_stop(opt, start, bytes)) return st;
    }
    tally.add_steps(steps);
    st.complete = true;
    return st;
}

}  // namespace bc::olympia

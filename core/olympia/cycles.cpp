// Olympia: the engine order's exact sweep over counts and cycles (cycles.hpp).
#include "olympia/cycles.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "olympia/sweep.hpp"

namespace bc::olympia {

namespace {

// The most men of a side that can ever strike at once (front and rear).
std::int64_t most_able(const Battle& b, int side) {
    std::int64_t c = 0;
    for (const auto& e : b.ents)
        if (e.side == side && !e.idle && !e.siege && std::max(e.a4, e.m4) > 0) c += e.count;
    return c;
}

bool fits(const Battle& b) { return b.options.engine_order; }

std::int64_t window_slices(const Box& box, const Battle& b) {
    const std::int64_t per = box.works == 0 ? max_works_points(b) + 1 : 2;
    return std::min(box.top + 1, per * box.digits[0].stride);
}

}  // namespace

double CycleSweep::cells(const Battle& b) {
    if (!fits(b)) return 0;
    return Box(b, true).size * static_cast<double>(most_able(b, 0) + 1) * static_cast<double>(most_able(b, 1) + 1) * 2;
}

double CycleSweep::window_cells(const Battle& b) {
    if (!fits(b)) return 0;
    const Box box(b, true);
    if (box.size >= 4e18) return box.size;
    return static_cast<double>(window_slices(box, b)) * static_cast<double>(most_able(b, 0) + 1) *
           static_cast<double>(most_able(b, 1) + 1) * 2;
}

// One solve's work: each state's grid, swept when the sweep down the box
// reaches it (run), its mass moved on to the next states' grids or recorded.
class CycleSweep::Sweep {
public:
    Sweep(SweepCounts& c, Shapes& shapes, std::vector<Slice>& window, std::int64_t W)
        : c_(c), b_(c.b), box_(c.box), shapes_(shapes), window_(window), W_(W) {}

    // The grid of the state at index I, made active (c0, c1 able men) if
    // it was not.
    Slice& slice_at(std::int64_t I, std::int64_t c0, std::int64_t c1) {
        Slice& s = window_[static_cast<std::size_t>(I % W_)];
        if (!s.active) {
            s.active = true;
            s.c0 = c0;
            s.c1 = c1;
            // Already zeros (see solve): it only grows when too small. The
            // cells past this slice's are never read or written, and stay zeros.
            const auto cells = static_cast<std::size_t>((c0 + 1) * (c1 + 1) * 2);
            if (s.grid.size() < cells) s.grid.resize(cells, 0.0);
        }
        return s;
    }

    // The state at index I, whose grid sl holds the mass that has flowed in
    // (the digits and counts say which state it is); steps: expected attacks.
    void run(Slice& sl, std::int64_t I, double& steps) {
        I_ = I;
        c_.box.decode(c_.digit.data(), c_.n.data(), rem_, tleft_);
        w_ = box_.works >= 0 ? box_.works_of(b_, rem_, tleft_) : c_.w0;
        const Shape& sh = shapes_.get(c_.n.data(), w_);
        C_[0] = sl.c0;
        C_[1] = sl.c1;
        c_.strength(val_, up_);
        pa_[0] = pa_[1] = 0;
        for (int a = 0; a < 2; ++a) effects(a, sh);
        const double back = pass_down(sl, steps);
        if (back > 0) close_cycle(back, steps);
        record_ends();
    }

private:
    // Where an effect of an attack leads from one state's grid: an end, or the
    // next state's grid.
    struct Effect {
        double p;
        bool end;
        int result;
        bool stalemate;
        double mass;   // gathered, for an end
        double* grid;  // the next state's grid
        std::int64_t c0, c1;
        int e;         // the man who fell, or -1
        Works w;       // the structure after
    };
    // An effect of an attack from this state, to the same slots (for now).
    Effect effect(double p, int e) const { return Effect{p, false, kRunning, false, 0.0, nullptr, C_[0], C_[1], e, w_}; }
    inline Works after(Works cw, std::int64_t& drop) const;
    inline void child_able(Effect& f);
    inline void effects(int a, const Shape& sh);
    inline double kill_effects(int a, const Shape& sh, double scale, std::int64_t plain);
    inline void blow_effects(const Shape& sh, double scale);
    [[gnu::always_inline]] inline int attack(std::int64_t s0, std::int64_t s1, int t, double m);
    inline double pass_down(Slice& sl, double& steps);
    inline void close_cycle(double back, double& steps);
    inline void record_ends();

    SweepCounts& c_;
    const Battle& b_;
    const Box& box_;
    Shapes& shapes_;
    std::vector<Slice>& window_;
    const std::int64_t W_;
    std::vector<Effect> fx_[2];  // each side's effects from this state
    double pa_[2] = {0, 0};      // each side's chance of an effect
    // The state: its index, structure digits, structure, able men, strength.
    std::int64_t I_ = 0, rem_ = 0, tleft_ = 0;
    Works w_{};
    std::int64_t C_[2] = {0, 0};
    std::int64_t val_[2] = {0, 0}, up_[2] = {0, 0};
};

// The structure after an effect: targetings left, and where its state (and
// so the next grid) moves.
inline Works CycleSweep::Sweep::after(Works cw, std::int64_t& drop) const {
    const bool counting = bonus_counting(b_, cw);
    if (!counting && b_.structure.present) cw.targeted = b_.bonus_limit;
    const std::int64_t tl2 = counting ? b_.bonus_limit - cw.targeted : 0;
    drop += (tleft_ - tl2) * c_.stride_t;
    if (box_.works >= 0) drop += (rem_ - box_.remaining_of(b_, cw)) * c_.stride_w;
    return cw;
}

// An effect that changes who can strike: the next state's able men, or a
// stalemate if nobody can.
inline void CycleSweep::Sweep::child_able(Effect& f) {
    const Shape& child = shapes_.get(c_.n.data(), f.w);
    f.c0 = c_.able(child, 0);
    f.c1 = c_.able(child, 1);
    if (f.c0 + f.c1 == 0) {
        f.end = f.stalemate = true;
        f.result = c_.stalemate_result;
    }
}

// Each effect of an attack by side a, where it leads worked out once for the
// whole grid: an end (its mass gathered and recorded once), or the next
// state's grid, slots clamped to its able men.
inline void CycleSweep::Sweep::effects(int a, const Shape& sh) {
    const int S = 1 - a;
    fx_[a].clear();
    if (C_[a] == 0) return;
    std::int64_t T = S == kDefender && sh.works_target ? 1 : 0, plain = 0;
    for (int e : sh.tg[S]) T += c_.n[static_cast<std::size_t>(e)];
    for (std::size_t k = 0; k < sh.att[a].size(); ++k)
        if (!sh.siege[a][k]) plain += c_.n[static_cast<std::size_t>(sh.att[a][k])];
    const double scale = 1.0 / (static_cast<double>(C_[a]) * static_cast<double>(T));
    const double counted = kill_effects(a, sh, scale, plain);
    if (counted > 0) {
        Effect f = effect(counted, -1);
        std::int64_t drop = 0;
        Works cw = w_;
        ++cw.targeted;
        f.w = after(cw, drop);
        f.grid = slice_at(I_ - drop, f.c0, f.c1).grid.data();
        fx_[a].push_back(f);
    }
    if (a == kAttacker) blow_effects(sh, scale);
    for (const Effect& f : fx_[a]) pa_[a] += f.p;
}

// Kills of side 1-a's men; returns the chance of a man inside targeted and
// missed (or spared), which counts toward the structure's limit.
inline double CycleSweep::Sweep::kill_effects(int a, const Shape& sh, double scale, std::int64_t plain) {
    std::vector<std::int32_t>& n = c_.n;
    const int S = 1 - a;
    const std::size_t nt = sh.tg[S].size();
    double counted = 0;
    for (std::size_t j = 0; j < nt; ++j) {
        double H = 0;
        for (std::size_t k = 0; k < sh.att[a].size(); ++k)
            if (!sh.siege[a][k]) H += n[static_cast<std::size_t>(sh.att[a][k])] * sh.q[a][k * nt + j];
        const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
        const double men = n[e];
        if (S == kDefender && sh.counting) counted += men * (static_cast<double>(plain) - H) * scale;
        if (H <= 0) continue;
        Effect f = effect(men * H * scale, static_cast<int>(e));
        std::int64_t drop = box_.digits[static_cast<std::size_t>(box_.digit_of[e])].stride;
        Works cw = w_;
        if (S == kDefender && sh.counting) ++cw.targeted;
        f.w = after(cw, drop);
        --n[e];
        if (c_.breaks(S, e, val_, up_)) {
            f.end = true;
            f.result = S == kAttacker ? kDefenderWins : kAttackerWins;
        } else if (n[e] == 0) {
            child_able(f);
        } else if (sh.attacks[e]) {
            (S == 0 ? f.c0 : f.c1) -= 1;
        }
        ++n[e];
        if (!f.end) f.grid = slice_at(I_ - drop, f.c0, f.c1).grid.data();
        fx_[a].push_back(f);
    }
    return counted;
}

// Blows on the structure: one point, or a siege engine's 5-10.
inline void CycleSweep::Sweep::blow_effects(const Shape& sh, double scale) {
    const int a = kAttacker;
    for (int v = 1; v <= kLastBlow; ++v) {
        double pv = 0;
        for (std::size_t k = 0; k < sh.att[a].size(); ++k) {
            const double m = c_.n[static_cast<std::size_t>(sh.att[a][k])];
            if (v == 1 && !sh.siege[a][k]) pv += m * sh.qw[k] * scale;
            if (v >= kFirstSiegeBlow && sh.siege[a][k]) pv += m * sh.qs[k] / static_cast<double>(C_[a]);
        }
        if (pv <= 0) continue;
        Effect f = effect(pv, -1);
        std::int64_t drop = 0;
        Works cw = w_;
        hit_works(b_, cw, works_points(v));
        f.w = after(cw, drop);
        child_able(f);
        if (!f.end) f.grid = slice_at(I_ - drop, f.c0, f.c1).grid.data();
        fx_[a].push_back(f);
    }
}

// An attack from cell (s0, s1, t) with mass m: its effects' shares go to
// their grids (or ends). Returns the side that attacked.
[[gnu::always_inline]] inline int CycleSweep::Sweep::attack(std::int64_t s0, std::int64_t s1, int t, double m) {
    const int a = next_side(s0, s1, t);
    if (a == 0) --s0; else --s1;
    for (Effect& k : fx_[a]) {
        const double mass = m * k.p;
        if (k.end) {
            k.mass += mass;
            continue;
        }
        std::int64_t r0 = std::min(s0, k.c0), r1 = std::min(s1, k.c1);
        int turn = 1 - a;
        if (r0 == 0 && r1 == 0) {
            r0 = k.c0;
            r1 = k.c1;
            turn = 0;
        }
        k.grid[static_cast<std::size_t>((r0 * (k.c1 + 1) + r1) * 2 + turn)] += mass;
    }
    return a;
}

// One pass down the grid: what flows in from kills. Returns the misses that
// end a cycle, which go back to its start.
inline double CycleSweep::Sweep::pass_down(Slice& sl, double& steps) {
    // Locals, so that the stores into the grids need not reload them.
    const double pa[2] = {pa_[0], pa_[1]};
    double acc = steps, back = 0;
    std::uint64_t states = 0;
    const std::int64_t c1 = sl.c1;
    double* g = sl.grid.data();
    for (std::int64_t s0 = sl.c0; s0 >= 0; --s0)
        for (std::int64_t s1 = c1; s1 >= 0; --s1)
            for (int t = 1; t >= 0; --t) {
                const std::size_t idx = static_cast<std::size_t>((s0 * (c1 + 1) + s1) * 2 + t);
                const double m = g[idx];
                if (m == 0) continue;
                g[idx] = 0;
                ++states;
                acc += m;
                const int a = attack(s0, s1, t, m);
                const double miss = m * (1 - pa[a]);
                const std::int64_t n0 = s0 - (a == 0), n1 = s1 - (a == 1);
                if (n0 == 0 && n1 == 0)
                    back += miss;
                else
                    g[static_cast<std::size_t>((n0 * (c1 + 1) + n1) * 2 + (1 - a))] += miss;
            }
    steps = acc;
    c_.st.states += states;
    return back;
}

// The loop: what came back goes round again and again; in all it is
// back / (1 - P(a whole cycle of misses)) more visits to the start.
inline void CycleSweep::Sweep::close_cycle(double back, double& steps) {
    const double all_miss = std::pow(1 - pa_[0], static_cast<double>(C_[0])) * std::pow(1 - pa_[1], static_cast<double>(C_[1]));
    double m = back / (1 - all_miss);
    std::int64_t s0 = C_[0], s1 = C_[1];
    int t = 0;
    while (s0 > 0 || s1 > 0) {
        steps += m;
        const int a = attack(s0, s1, t, m);
        m *= 1 - pa_[a];
        if (a == 0) --s0; else --s1;
        t = 1 - a;
    }
}

// The ends reached from this state, each recorded once with all its mass.
inline void CycleSweep::Sweep::record_ends() {
    for (int a = 0; a < 2; ++a)
        for (const Effect& x : fx_[a]) {
            if (!x.end || x.mass == 0) continue;
            if (x.e >= 0) --c_.n[static_cast<std::size_t>(x.e)];
            c_.record(x.w, x.result, x.stalemate, x.mass);
            if (x.e >= 0) ++c_.n[static_cast<std::size_t>(x.e)];
        }
}

SweepStatus CycleSweep::solve(const Battle& b, Tally& tally, const ExactOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SweepStatus st;
    const Box box(b, true);
    const std::int64_t W = window_slices(box, b);
    if (window_.size() < static_cast<std::size_t>(W)) window_.resize(static_cast<std::size_t>(W));
    // A grid is all zeros whenever its slice is not active: the pass down a
    // slice's grid clears every cell it reads. Only a solve stopped part-way
    // leaves active slices behind, with mass in them.
    for (auto& s : window_) {
        if (s.active) std::fill(s.grid.begin(), s.grid.end(), 0.0);
        s.active = false;
    }
    Shapes shapes(b);
    SweepCounts c(b, box, tally, st);
    Sweep sweep(c, shapes, window_, W);

    // The start, perhaps over before a blow.
    const int r = c.judge_start();
    const Shape& sh = shapes.get(c.n.data(), c.w0);
    const std::int64_t c0 = c.able(sh, 0), c1 = c.able(sh, 1);
    if (c.over_at_start(r, c0 + c1 == 0)) return st;
    sweep.slice_at(box.top, c0, c1).grid[static_cast<std::size_t>((c0 * (c1 + 1) + c1) * 2)] = 1.0;

    double steps = 0;
    for (std::int64_t I = box.top; I >= 0; --I) {
        Slice& sl = window_[static_cast<std::size_t>(I % W)];
        if (sl.active) {
            sl.active = false;
            sweep.run(sl, I, steps);
        }
        c.next_cell();
        ++st.cells;
        if ((st.cells & 0x3ff) == 0) {
            std::size_t bytes = 0;
            for (const auto& x : window_) bytes += x.grid.capacity() * sizeof(double);
            if (st.should_stop(opt, start, bytes)) return st;
        }
    }
    tally.add_steps(steps);
    st.complete = true;
    return st;
}

}  // namespace bc::olympia

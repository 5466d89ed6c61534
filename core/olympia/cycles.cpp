// Olympia: the engine order's exact sweep over counts and cycles (cycles.hpp).
#include "olympia/cycles.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "olympia/box.hpp"
#include "olympia/shapes.hpp"

namespace bc::olympia {

namespace {

// The most men of a side that can ever strike at once (front and rear).
std::int64_t most_able(const Battle& b, int side) {
    std::int64_t c = 0;
    for (const auto& e : b.ents)
        if (e.side == side && !e.idle && !e.siege && std::max(e.a4, e.m4) > 0) c += e.count;
    return c;
}

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

SweepStatus CycleSweep::solve(const Battle& b, Tally& tally, const ExactOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SweepStatus st;
    const Box box(b, true);
    const std::size_t E = b.ents.size(), nd = box.digits.size();
    const std::int64_t W = window_slices(box, b);
    const std::int64_t stride_w = box.works >= 0 ? box.digits[static_cast<std::size_t>(box.works)].stride : 0;
    const std::int64_t stride_t = box.targeted >= 0 ? box.digits[static_cast<std::size_t>(box.targeted)].stride : 0;
    if (window_.size() < static_cast<std::size_t>(W)) window_.resize(static_cast<std::size_t>(W));
    // A grid is all zeros whenever its slice is not active: the pass down a
    // slice's grid clears every cell it reads. Only a solve stopped part-way
    // leaves active slices behind, with mass in them.
    for (auto& s : window_) {
        if (s.active) std::fill(s.grid.begin(), s.grid.end(), 0.0);
        s.active = false;
    }
    Shapes shapes(b);
    const Works w0{static_cast<std::int32_t>(b.structure.defense), static_cast<std::int32_t>(b.structure.damage), 0};

    std::vector<std::int32_t> n(E);
    std::vector<std::int64_t> digit(nd), v4(E), standing_of(E);
    std::vector<int> side_of(E);
    for (std::size_t i = 0; i < E; ++i) {
        side_of[i] = b.ents[i].side;
        v4[i] = b.ents[i].value4();
        standing_of[i] = b.ents[i].siege ? 0 : 1;
    }
    const std::int64_t thr[2] = {break_threshold(b, 0), break_threshold(b, 1)};
    auto record = [&](const Works& w, int result, bool stalemate, double mass) {
        Recorder rec(tally, mass);
        record_end(b, End{n.data(), w, result, stalemate}, rec);
        tally.add_total(mass);
        st.settled += mass;
    };
    const int stalemate_result = b.options.stalemate_tie ? kTie : kDefenderWins;
    auto able = [&](const Shape& s, int side) {
        std::int64_t c = 0;
        for (int a : s.att[side]) c += n[static_cast<std::size_t>(a)];
        return c;
    };
    auto slice_at = [&](std::int64_t I, std::int64_t c0, std::int64_t c1) -> Slice& {
        Slice& s = window_[static_cast<std::size_t>(I % W)];
        if (!s.active) {
            s.active = true;
            s.c0 = c0;
            s.c1 = c1;
            // Already zeros (see above): it only grows when too small. The
            // cells past this slice's are never read or written, and stay zeros.
            const auto cells = static_cast<std::size_t>((c0 + 1) * (c1 + 1) * 2);
            if (s.grid.size() < cells) s.grid.resize(cells, 0.0);
        }
        return s;
    };

    // The start, perhaps over before a blow.
    for (std::size_t i = 0; i < E; ++i) n[i] = static_cast<std::int32_t>(b.ents[i].count);
    {
        std::int64_t val[2], up[2];
        for (int s = 0; s < 2; ++s) {
            val[s] = side_value4(b, n.data(), s);
            up[s] = side_standing(b, n.data(), s, true);
        }
        const Shape& sh = shapes.get(n.data(), w0);
        const int r = judge(b, val, up);
        const std::int64_t c0 = able(sh, 0), c1 = able(sh, 1);
        if (r != kRunning || c0 + c1 == 0) {
            record(w0, r != kRunning ? r : stalemate_result, r == kRunning, 1.0);
            st.complete = true;
            st.states = 1;
            return st;
        }
        Slice& s = slice_at(box.top, c0, c1);
        s.grid[static_cast<std::size_t>((c0 * (c1 + 1) + c1) * 2)] = 1.0;
    }
    for (std::size_t k = 0; k < nd; ++k) digit[k] = box.digits[k].range - 1;

    double steps = 0;
    std::vector<Effect> fx[2];
    for (std::int64_t I = box.top; I >= 0; --I) {
        Slice& sl = window_[static_cast<std::size_t>(I % W)];
        if (sl.active) {
            sl.active = false;
            std::int64_t rem = 0, tleft = 0;
            box.decode(digit.data(), n.data(), rem, tleft);
            const Works w = box.works >= 0 ? box.works_of(b, rem, tleft) : w0;
            const Shape& sh = shapes.get(n.data(), w);
            const std::int64_t C[2] = {sl.c0, sl.c1};
            std::int64_t val[2] = {0, 0}, up[2] = {0, 0};
            for (std::size_t i = 0; i < E; ++i) {
                val[side_of[i]] += v4[i] * n[i];
                up[side_of[i]] += standing_of[i] * n[i];
            }
            // The structure after an effect: targetings left, and where its
            // state (and so the next grid) moves.
            auto after = [&](Works cw, std::int64_t& drop) {
                const bool counting = bonus_counting(b, cw);
                if (!counting && b.structure.present) cw.targeted = b.bonus_limit;
                const std::int64_t tl2 = counting ? b.bonus_limit - cw.targeted : 0;
                drop += (tleft - tl2) * stride_t;
                if (box.works >= 0) drop += (rem - box.remaining_of(b, cw)) * stride_w;
                return cw;
            };
            // Each effect of an attack by side a, where it leads worked out once
            // for the whole grid: an end (its mass gathered and recorded once),
            // or the next state's grid, slots clamped to its able men.
            double pa[2] = {0, 0};
            for (int a = 0; a < 2; ++a) {
                const int S = 1 - a;
                fx[a].clear();
                if (C[a] == 0) continue;
                const std::size_t nt = sh.tg[S].size();
                std::int64_t T = S == kDefender && sh.works_target ? 1 : 0, plain = 0;
                for (int e : sh.tg[S]) T += n[static_cast<std::size_t>(e)];
                for (std::size_t k = 0; k < sh.att[a].size(); ++k)
                    if (!sh.siege[a][k]) plain += n[static_cast<std::size_t>(sh.att[a][k])];
                const double scale = 1.0 / (static_cast<double>(C[a]) * static_cast<double>(T));
                double counted = 0;
                for (std::size_t j = 0; j < nt; ++j) {
                    double H = 0;
                    for (std::size_t k = 0; k < sh.att[a].size(); ++k)
                        if (!sh.siege[a][k]) H += n[static_cast<std::size_t>(sh.att[a][k])] * sh.q[a][k * nt + j];
                    const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
                    const double men = n[e];
                    if (S == kDefender && sh.counting) counted += men * (static_cast<double>(plain) - H) * scale;
                    if (H <= 0) continue;
                    Effect f{men * H * scale, false, kRunning, false, 0.0, nullptr, C[0], C[1], static_cast<int>(e), w};
                    std::int64_t drop = box.digits[static_cast<std::size_t>(box.digit_of[e])].stride;
                    Works cw = w;
                    if (S == kDefender && sh.counting) ++cw.targeted;
                    f.w = after(cw, drop);
                    --n[e];
                    if (up[S] - standing_of[e] == 0 || val[S] - v4[e] <= thr[S]) {
                        f.end = true;
                        f.result = S == kAttacker ? kDefenderWins : kAttackerWins;
                    } else if (n[e] == 0) {
                        const Shape& child = shapes.get(n.data(), f.w);
                        f.c0 = able(child, 0);
                        f.c1 = able(child, 1);
                        if (f.c0 + f.c1 == 0) {
                            f.end = f.stalemate = true;
                            f.result = stalemate_result;
                        }
                    } else if (sh.attacks[e]) {
                        (S == 0 ? f.c0 : f.c1) -= 1;
                    }
                    ++n[e];
                    if (!f.end) f.grid = slice_at(I - drop, f.c0, f.c1).grid.data();
                    fx[a].push_back(f);
                }
                if (counted > 0) {
                    Effect f{counted, false, kRunning, false, 0.0, nullptr, C[0], C[1], -1, w};
                    std::int64_t drop = 0;
                    Works cw = w;
                    ++cw.targeted;
                    f.w = after(cw, drop);
                    f.grid = slice_at(I - drop, f.c0, f.c1).grid.data();
                    fx[a].push_back(f);
                }
                // Blows on the structure: one point, or a siege engine's 5-10.
                if (a == kAttacker)
                    for (int v = 1; v <= kLastBlow; ++v) {
                        double pv = 0;
                        for (std::size_t k = 0; k < sh.att[a].size(); ++k) {
                            const double m = n[static_cast<std::size_t>(sh.att[a][k])];
                            if (v == 1 && !sh.siege[a][k]) pv += m * sh.qw[k] * scale;
                            if (v >= kFirstSiegeBlow && sh.siege[a][k]) pv += m * sh.qs[k] / static_cast<double>(C[a]);
                        }
                        if (pv <= 0) continue;
                        Effect f{pv, false, kRunning, false, 0.0, nullptr, C[0], C[1], -1, w};
                        std::int64_t drop = 0;
                        Works cw = w;
                        hit_works(b, cw, works_points(v));
                        f.w = after(cw, drop);
                        const Shape& child = shapes.get(n.data(), f.w);
                        f.c0 = able(child, 0);
                        f.c1 = able(child, 1);
                        if (f.c0 + f.c1 == 0) {
                            f.end = f.stalemate = true;
                            f.result = stalemate_result;
                        } else {
                            f.grid = slice_at(I - drop, f.c0, f.c1).grid.data();
                        }
                        fx[a].push_back(f);
                    }
                for (const Effect& f : fx[a]) pa[a] += f.p;
            }
            auto attack = [&](std::int64_t s0, std::int64_t s1, int t, double m) {
                const int a = next_side(s0, s1, t);
                if (a == 0) --s0; else --s1;
                for (Effect& k : fx[a]) {
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
            };
            // One pass down the grid: what flows in from kills.
            double back = 0;  // misses that end a cycle: back to its start
            const std::int64_t c1 = sl.c1;
            double* g = sl.grid.data();
            for (std::int64_t s0 = sl.c0; s0 >= 0; --s0)
                for (std::int64_t s1 = c1; s1 >= 0; --s1)
                    for (int t = 1; t >= 0; --t) {
                        const std::size_t idx = static_cast<std::size_t>((s0 * (c1 + 1) + s1) * 2 + t);
                        const double m = g[idx];
                        if (m == 0) continue;
                        g[idx] = 0;
                        ++st.states;
                        steps += m;
                        const int a = attack(s0, s1, t, m);
                        const double miss = m * (1 - pa[a]);
                        const std::int64_t n0 = s0 - (a == 0), n1 = s1 - (a == 1);
                        if (n0 == 0 && n1 == 0)
                            back += miss;
                        else
                            g[static_cast<std::size_t>((n0 * (c1 + 1) + n1) * 2 + (1 - a))] += miss;
                    }
            // The loop: what came back goes round again and again; in all it
            // is back / (1 - P(a whole cycle of misses)) more visits to the start.
            if (back > 0) {
                const double all_miss = std::pow(1 - pa[0], static_cast<double>(C[0])) *
                                        std::pow(1 - pa[1], static_cast<double>(C[1]));
                double m = back / (1 - all_miss);
                std::int64_t s0 = C[0], s1 = C[1];
                int t = 0;
                while (s0 > 0 || s1 > 0) {
                    steps += m;
                    const int a = attack(s0, s1, t, m);
                    m *= 1 - pa[a];
                    if (a == 0) --s0; else --s1;
                    t = 1 - a;
                }
            }
            for (int a = 0; a < 2; ++a)
                for (const Effect& x : fx[a]) {
                    if (!x.end || x.mass == 0) continue;
                    if (x.e >= 0) --n[static_cast<std::size_t>(x.e)];
                    record(x.w, x.result, x.stalemate, x.mass);
                    if (x.e >= 0) ++n[static_cast<std::size_t>(x.e)];
                }
        }
        for (std::size_t k = nd; k-- > 0;) {
            if (digit[k] > 0) {
                --digit[k];
                break;
            }
            digit[k] = box.digits[k].range - 1;
        }
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

// Olympia: the engine order's exact sweep over counts and cycles (cycles.hpp).
#include "olympia/cycles.hpp"

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

// Where a kill leads from one count's grid.
struct Kill {
    double p;
    bool end;
    int result;
    bool stalemate;
    double mass;   // gathered, for an end
    double* grid;  // the next count's grid
    std::int64_t c0, c1;
};

bool fits(const Battle& b) { return b.options.engine_order && !b.structure.present; }

}  // namespace

double CycleSweep::cells(const Battle& b) {
    if (!fits(b)) return 0;
    return Box(b, false).size * static_cast<double>(most_able(b, 0) + 1) * static_cast<double>(most_able(b, 1) + 1) * 2;
}

double CycleSweep::window_cells(const Battle& b) {
    if (!fits(b)) return 0;
    const Box box(b, false);
    const double slices = std::min(box.size, 2.0 * static_cast<double>(box.digits[0].stride));
    return slices * static_cast<double>(most_able(b, 0) + 1) * static_cast<double>(most_able(b, 1) + 1) * 2;
}

SweepStatus CycleSweep::solve(const Battle& b, Tally& tally, const ExactOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SweepStatus st;
    const Box box(b, false);
    const std::size_t E = b.ents.size(), nd = box.digits.size();
    const std::int64_t W = std::min(box.top + 1, 2 * box.digits[0].stride);
    if (window_.size() < static_cast<std::size_t>(W)) window_.resize(static_cast<std::size_t>(W));
    for (auto& s : window_) s.active = false;
    Shapes shapes(b);
    const Works w0{};

    std::vector<std::int32_t> n(E);
    std::vector<std::int64_t> digit(nd), v4(E), standing_of(E);
    std::vector<int> side_of(E);
    for (std::size_t i = 0; i < E; ++i) {
        side_of[i] = b.ents[i].side;
        v4[i] = b.ents[i].value4();
        standing_of[i] = b.ents[i].siege ? 0 : 1;
    }
    const std::int64_t thr[2] = {break_threshold(b, 0), break_threshold(b, 1)};
    auto record = [&](int result, bool stalemate, double mass) {
        Recorder rec(tally, mass);
        record_end(b, End{n.data(), w0, result, stalemate}, rec);
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
            s.grid.assign(static_cast<std::size_t>((c0 + 1) * (c1 + 1) * 2), 0.0);
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
            record(r != kRunning ? r : stalemate_result, r == kRunning, 1.0);
            st.complete = true;
            st.states = 1;
            return st;
        }
        Slice& s = slice_at(box.top, c0, c1);
        s.grid[static_cast<std::size_t>((c0 * (c1 + 1) + c1) * 2)] = 1.0;
    }
    for (std::size_t k = 0; k < nd; ++k) digit[k] = box.digits[k].range - 1;

    double steps = 0;
    std::vector<double> p[2];  // p[a][j]: chance an attack by side a kills target j of the other
    std::vector<Kill> kills[2];
    std::vector<std::size_t> ends[2];
    for (std::int64_t I = box.top; I >= 0; --I) {
        Slice& sl = window_[static_cast<std::size_t>(I % W)];
        if (sl.active) {
            sl.active = false;
            for (std::size_t k = 0; k < nd; ++k) {
                const Box::Digit& d = box.digits[k];
                n[static_cast<std::size_t>(d.e)] = static_cast<std::int32_t>(d.lo + digit[k]);
            }
            const Shape& sh = shapes.get(n.data(), w0);
            const std::int64_t C[2] = {sl.c0, sl.c1};
            std::int64_t val[2] = {0, 0}, up[2] = {0, 0};
            for (std::size_t i = 0; i < E; ++i) {
                val[side_of[i]] += v4[i] * n[i];
                up[side_of[i]] += standing_of[i] * n[i];
            }
            double pa[2] = {0, 0};
            for (int a = 0; a < 2; ++a) {
                const int S = 1 - a;
                const std::size_t nt = sh.tg[S].size();
                p[a].assign(nt, 0.0);
                if (C[a] == 0) continue;
                std::int64_t T = 0;
                for (int e : sh.tg[S]) T += n[static_cast<std::size_t>(e)];
                const double scale = 1.0 / (static_cast<double>(C[a]) * static_cast<double>(T));
                for (std::size_t j = 0; j < nt; ++j) {
                    double H = 0;
                    for (std::size_t k = 0; k < sh.att[a].size(); ++k)
                        H += n[static_cast<std::size_t>(sh.att[a][k])] * sh.q[a][k * nt + j];
                    p[a][j] = n[static_cast<std::size_t>(sh.tg[S][j])] * H * scale;
                    pa[a] += p[a][j];
                }
            }
            // Where each kill leads, worked out once for the whole grid: an
            // end (its mass gathered and recorded once), or the next count's
            // grid, whose slots are clamped to its able men.
            for (int a = 0; a < 2; ++a) {
                const int S = 1 - a;
                kills[a].clear();
                ends[a].clear();
                for (std::size_t j = 0; j < p[a].size(); ++j) {
                    if (p[a][j] <= 0) continue;
                    const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
                    Kill k{p[a][j], false, kRunning, false, 0.0, nullptr, C[0], C[1]};
                    --n[e];
                    if (up[S] - standing_of[e] == 0 || val[S] - v4[e] <= thr[S]) {
                        k.end = true;
                        k.result = S == kAttacker ? kDefenderWins : kAttackerWins;
                    } else if (n[e] == 0) {
                        const Shape& child = shapes.get(n.data(), w0);
                        k.c0 = able(child, 0);
                        k.c1 = able(child, 1);
                        if (k.c0 + k.c1 == 0) {
                            k.end = k.stalemate = true;
                            k.result = stalemate_result;
                        }
                    } else if (sh.attacks[e]) {
                        (S == 0 ? k.c0 : k.c1) -= 1;
                    }
                    ++n[e];
                    if (!k.end) {
                        const std::int64_t J = I - box.digits[static_cast<std::size_t>(box.digit_of[e])].stride;
                        k.grid = slice_at(J, k.c0, k.c1).grid.data();
                    }
                    kills[a].push_back(k);
                    ends[a].push_back(e);
                }
            }
            auto attack = [&](std::int64_t s0, std::int64_t s1, int t, double m) {
                const int a = (t ? s1 : s0) > 0 ? t : (s0 > 0 ? 0 : 1);
                if (a == 0) --s0; else --s1;
                for (Kill& k : kills[a]) {
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
                for (std::size_t k = 0; k < kills[a].size(); ++k) {
                    const Kill& x = kills[a][k];
                    if (!x.end || x.mass == 0) continue;
                    const std::size_t e = ends[a][k];
                    --n[e];
                    record(x.result, x.stalemate, x.mass);
                    ++n[e];
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
            if (opt.time_limit_s > 0 && std::chrono::duration<double>(Clock::now() - start).count() > opt.time_limit_s) {
                st.stopped_by = "time limit";
                return st;
            }
            if (opt.progress && !opt.progress(st.states, st.settled)) {
                st.stopped_by = "cancelled";
                return st;
            }
        }
    }
    tally.add_steps(steps);
    st.complete = true;
    return st;
}

}  // namespace bc::olympia

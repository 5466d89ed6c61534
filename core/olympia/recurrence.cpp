// Olympia: the rulebook order's count recurrence (see recurrence.hpp).
#include "olympia/recurrence.hpp"

#include <algorithm>
#include <chrono>

#include "olympia/box.hpp"
#include "olympia/shapes.hpp"
#include "olympia/field.hpp"

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

SweepStatus CountRecurrence::solve(const Battle& b, Tally& tally, const ExactOptions& opt) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SweepStatus st;
    const Box box(b, true);
    const std::size_t E = b.ents.size();
    const std::size_t nd = box.digits.size();
    const std::int64_t W = static_cast<std::int64_t>(window_size(b));
    window_.assign(static_cast<std::size_t>(W), 0.0);
    const std::size_t bytes = window_.capacity() * sizeof(double);
    Shapes shapes(b);

    std::vector<std::int32_t> n(E);
    std::vector<std::int64_t> digit(nd);
    std::vector<int> side_of(E);
    std::vector<std::int64_t> v4(E), standing_of(E);
    for (std::size_t i = 0; i < E; ++i) {
        side_of[i] = b.ents[i].side;
        v4[i] = b.ents[i].value4();
        standing_of[i] = b.ents[i].siege ? 0 : 1;
    }
    const std::int64_t thr[2] = {break_threshold(b, 0), break_threshold(b, 1)};
    for (std::size_t k = 0; k < nd; ++k) digit[k] = box.digits[k].range - 1;
    const bool works_on = box.works >= 0;
    const std::int64_t stride_w = works_on ? box.digits[static_cast<std::size_t>(box.works)].stride : 0;
    const std::int64_t stride_t = box.targeted >= 0 ? box.digits[static_cast<std::size_t>(box.targeted)].stride : 0;
    auto record = [&](const Works& w, int result, bool stalemate, double mass) {
        Recorder rec(tally, mass);
        record_end(b, End{n.data(), w, result, stalemate}, rec);
        tally.add_total(mass);
        st.settled += mass;
    };
    auto stalemate_result = [&]() { return b.options.stalemate_tie ? kTie : kDefenderWins; };
    auto able = [&](const Shape& s) {
        std::int64_t c = 0;
        for (int side = 0; side < 2; ++side)
            for (int a : s.att[side]) c += n[static_cast<std::size_t>(a)];
        return c;
    };

    // The start: perhaps over before a blow (nobody can strike).
    for (std::size_t i = 0; i < E; ++i) n[i] = static_cast<std::int32_t>(b.ents[i].count);
    const Works w0{static_cast<std::int32_t>(b.structure.defense), static_cast<std::int32_t>(b.structure.damage), 0};
    {
        std::int64_t val[2], up[2];
        for (int s = 0; s < 2; ++s) {
            val[s] = side_value4(b, n.data(), s);
            up[s] = side_standing(b, n.data(), s, true);
        }
        const int r = judge(b, val, up);
        if (r != kRunning || able(shapes.get(n.data(), w0)) == 0) {
            record(w0, r != kRunning ? r : stalemate_result(), r == kRunning, 1.0);
            st.complete = true;
            st.states = 1;
            return st;
        }
    }

    std::int64_t slot = box.top % W;
    window_[static_cast<std::size_t>(slot)] = 1.0;
    double steps = 0;
    std::vector<double> pk[2];
    for (std::int64_t I = box.top; I >= 0; --I) {
        const double m = window_[static_cast<std::size_t>(slot)];
        if (m != 0) {
            window_[static_cast<std::size_t>(slot)] = 0;
            ++st.states;
            // The state of this cell.
            std::int64_t rem = 0, tleft = 0;
            box.decode(digit.data(), n.data(), rem, tleft);
            const Works w = works_on ? box.works_of(b, rem, tleft) : w0;
            const Shape& sh = shapes.get(n.data(), w);
            std::int64_t val[2] = {0, 0}, up[2] = {0, 0};
            for (std::size_t i = 0; i < E; ++i) {
                val[side_of[i]] += v4[i] * n[i];
                up[side_of[i]] += standing_of[i] * n[i];
            }
            // The chance of each effect of one attack.
            const double C = static_cast<double>(able(sh));
            double T[2], A[2] = {0, 0};
            for (int s = 0; s < 2; ++s) {
                std::int64_t t = 0;
                for (int e : sh.tg[s]) t += n[static_cast<std::size_t>(e)];
                T[s] = static_cast<double>(t + (s == kDefender && sh.works_target ? 1 : 0));
                for (std::size_t a = 0; a < sh.att[s].size(); ++a)
                    if (!sh.siege[s][a]) A[s] += n[static_cast<std::size_t>(sh.att[s][a])];
            }
            double total = 0, counted = 0, works1 = 0, siege = 0;
            for (int s = 0; s < 2; ++s) {
                const int S = 1 - s;
                const std::size_t nt = sh.tg[S].size();
                // Sized once (no allocation, nothing that could throw, per state).
                if (pk[S].size() < nt) pk[S].resize(E + 1);
                const double scale = 1.0 / (C * T[S]);
                for (std::size_t j = 0; j < nt; ++j) {
                    double H = 0;
                    for (std::size_t a = 0; a < sh.att[s].size(); ++a)
                        if (!sh.siege[s][a]) H += n[static_cast<std::size_t>(sh.att[s][a])] * sh.q[s][a * nt + j];
                    const double nt_men = n[static_cast<std::size_t>(sh.tg[S][j])];
                    pk[S][j] = nt_men * H * scale;
                    total += pk[S][j];
                    if (S == kDefender && sh.counting) counted += nt_men * (A[s] - H) * scale;
                }
                if (s == kAttacker) {
                    for (std::size_t a = 0; a < sh.att[s].size(); ++a) {
                        const double men = n[static_cast<std::size_t>(sh.att[s][a])];
                        if (sh.siege[s][a])
                            siege += men * sh.qs[a] / C;
                        else
                            works1 += men * sh.qw[a] * scale;
                    }
                }
            }
            total += counted + works1 + kSiegeVariants * siege;
            steps += m / total;
            const double f = m / total;

            // Kills (and wounds): one man fewer, perhaps a targeting used up.
            for (int S = 0; S < 2; ++S)
                for (std::size_t j = 0; j < sh.tg[S].size(); ++j) {
                    if (pk[S][j] <= 0) continue;
                    const double mass = f * pk[S][j];
                    const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
                    const bool inside = S == kDefender && sh.counting;
                    --n[e];
                    Works cw = w;
                    if (inside) ++cw.targeted;
                    // Only S lost strength: only S can break (field.hpp's judge).
                    const bool broke = up[S] - standing_of[e] == 0 || val[S] - v4[e] <= thr[S];
                    const int r = broke ? (S == kAttacker ? kDefenderWins : kAttackerWins) : kRunning;
                    if (r != kRunning) {
                        record(cw, r, false, mass);
                    } else if (n[e] == 0 && able(shapes.get(n.data(), cw)) == 0) {
                        record(cw, stalemate_result(), true, mass);
                    } else {
                        std::int64_t drop = box.digits[static_cast<std::size_t>(box.digit_of[e])].stride;
                        if (inside) drop += stride_t * (tleft - (bonus_counting(b, cw) ? tleft - 1 : 0));
                        std::int64_t cs = slot - drop;
                        if (cs < 0) cs += W;
                        window_[static_cast<std::size_t>(cs)] += mass;
                    }
                    ++n[e];
                }
            // A man inside targeted and missed (or spared).
            if (counted > 0) {
                Works cw = w;
                ++cw.targeted;
                std::int64_t cs = slot - stride_t * (tleft - (bonus_counting(b, cw) ? tleft - 1 : 0));
                if (cs < 0) cs += W;
                window_[static_cast<std::size_t>(cs)] += f * counted;
            }
            // Blows on the structure: one point, or a siege engine's 5-10.
            for (int v = 1; v <= kLastBlow; ++v) {
                const double p = v == 1 ? works1 : siege;
                if (p <= 0) continue;
                Works cw = w;
                hit_works(b, cw, works_points(v));
                const bool still = bonus_counting(b, cw);
                if (!still) cw.targeted = b.bonus_limit;
                const std::int64_t tl2 = still ? tleft : 0;
                if (works_standing(b, w) && !works_standing(b, cw) && able(shapes.get(n.data(), cw)) == 0) {
                    record(cw, stalemate_result(), true, f * p);
                    continue;
                }
                std::int64_t cs = slot - (rem - box.remaining_of(b, cw)) * stride_w - (tleft - tl2) * stride_t;
                if (cs < 0) cs += W;
                window_[static_cast<std::size_t>(cs)] += f * p;
            }
        }
        // The next cell down.
        for (std::size_t k = nd; k-- > 0;) {
            if (digit[k] > 0) {
                --digit[k];
                break;
            }
            digit[k] = box.digits[k].range - 1;
        }
        slot = slot == 0 ? W - 1 : slot - 1;
        ++st.cells;
        if ((st.cells & 0xffff) == 0 && st.should_stop(opt, start, bytes)) return st;
    }
    tally.add_steps(steps);
    st.complete = true;
    return st;
}

}  // namespace bc::olympia

// Olympia: the rulebook order's count recurrence (see recurrence.hpp).
#include "olympia/recurrence.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <unordered_map>

#include "olympia/box.hpp"
#include "olympia/field.hpp"

namespace bc::olympia {

namespace {

// Who strikes whom for one pattern of groups standing and one state of the
// structure, with each pair's chance to hit: rating / ((rating + defense) x
// variants) for a kill, and the structure's chances.
struct Shape {
    std::vector<std::uint8_t> alive;
    std::int32_t def = 0;
    bool standing = false, counting = false;
    std::vector<int> att[2];
    std::vector<std::uint8_t> siege[2];
    std::vector<int> tg[2];        // men and nobles who can be struck
    bool works_target = false;     // the structure can be struck
    std::vector<double> q[2];      // q[s][a * tg[1-s].size() + j]
    std::vector<double> qw;        // side 0's attackers against the structure
    std::vector<double> qs;        // side 0's siege engines, each of six blows
};

class Shapes {
public:
    explicit Shapes(const Battle& b) : b_(b) {}
    // The shape for these counts and this structure. References stay valid
    // (a deque), since a state looks up its children's shapes while using its own.
    const Shape& get(const std::int32_t* n, const Works& w) {
        const std::size_t E = b_.ents.size();
        const bool standing = works_standing(b_, w), counting = bonus_counting(b_, w);
        auto same = [&](const Shape& s) {
            if (s.def != w.def || s.standing != standing || s.counting != counting) return false;
            for (std::size_t i = 0; i < E; ++i)
                if (s.alive[i] != (n[i] > 0)) return false;
            return true;
        };
        if (last_ < cache_.size() && same(cache_[last_])) return cache_[last_];
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
        mix(static_cast<std::uint64_t>(w.def));
        mix(standing * 2u + counting);
        for (std::size_t i = 0; i < E; ++i) mix(n[i] > 0);
        auto& bucket = index_[h];
        for (const std::size_t k : bucket)
            if (same(cache_[k])) return cache_[last_ = k];
        cache_.push_back(build(n, w, standing, counting));
        last_ = cache_.size() - 1;
        bucket.push_back(last_);
        return cache_.back();
    }

private:
    Shape build(const std::int32_t* n, const Works& w, bool standing, bool counting) {
        Shape s;
        const std::size_t E = b_.ents.size();
        s.alive.resize(E);
        for (std::size_t i = 0; i < E; ++i) s.alive[i] = n[i] > 0;
        s.def = w.def;
        s.standing = standing;
        s.counting = counting;
        survey(b_, n, w, f_);
        const int si = structure_index(b_);
        std::vector<std::int64_t> rating[2], defense[2];
        for (int side = 0; side < 2; ++side) {
            for (const auto& a : f_.attackers[side]) {
                s.att[side].push_back(a.e);
                s.siege[side].push_back(b_.ents[static_cast<std::size_t>(a.e)].siege);
                rating[side].push_back(a.rating);
            }
            for (const auto& t : f_.targets[side]) {
                if (t.t == si) {
                    s.works_target = true;
                    continue;
                }
                s.tg[side].push_back(t.t);
                defense[side].push_back(t.defense);
            }
        }
        const double works_def = static_cast<double>(w.def) * 4;
        for (int side = 0; side < 2; ++side) {
            const int S = 1 - side;
            const std::size_t nt = s.tg[S].size();
            s.q[side].assign(s.att[side].size() * nt, 0.0);
            for (std::size_t a = 0; a < s.att[side].size(); ++a) {
                if (s.siege[side][a]) continue;
                const double r = static_cast<double>(rating[side][a]);
                for (std::size_t j = 0; j < nt; ++j) {
                    const int nv = variants(b_, s.att[side][a], s.tg[S][j]);
                    s.q[side][a * nt + j] = r / ((r + static_cast<double>(defense[S][j])) * nv);
                }
            }
        }
        s.qw.assign(s.att[kAttacker].size(), 0.0);
        s.qs.assign(s.att[kAttacker].size(), 0.0);
        for (std::size_t a = 0; a < s.att[kAttacker].size(); ++a) {
            const double r = static_cast<double>(rating[kAttacker][a]);
            if (s.siege[kAttacker][a])
                s.qs[a] = r / ((r + works_def) * 6);
            else if (s.works_target)
                s.qw[a] = r / (r + works_def);
        }
        return s;
    }

    const Battle& b_;
    Field f_;
    std::deque<Shape> cache_;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> index_;
    std::size_t last_ = 0;
};

std::int64_t max_points(const Battle& b) {
    for (const auto& e : b.ents)
        if (e.side == kAttacker && e.siege) return 10;
    return 1;
}

}  // namespace

double CountRecurrence::box_size(const Battle& b) {
    if (b.options.engine_order) return 0;
    return Box(b, true).size;
}

double CountRecurrence::window_size(const Battle& b) {
    if (b.options.engine_order) return 0;
    const Box box(b, true);
    if (box.size >= 4e18) return box.size;
    const double slice = static_cast<double>(box.digits[0].stride);
    return std::min(box.size, slice * static_cast<double>(box.works == 0 ? max_points(b) + 1 : 2));
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
    Shapes shapes(b);

    std::vector<std::int32_t> n(E);
    std::vector<std::int64_t> digit(nd);
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
            for (std::size_t k = 0; k < nd; ++k) {
                const Box::Digit& d = box.digits[k];
                if (d.kind == Box::kCount)
                    n[static_cast<std::size_t>(d.e)] = static_cast<std::int32_t>(d.lo + digit[k]);
                else if (d.kind == Box::kWorks)
                    rem = digit[k];
                else
                    tleft = digit[k];
            }
            const Works w = works_on ? box.works_of(b, rem, tleft) : w0;
            const Shape& sh = shapes.get(n.data(), w);
            std::int64_t val[2], up[2];
            for (int s = 0; s < 2; ++s) {
                val[s] = side_value4(b, n.data(), s);
                up[s] = side_standing(b, n.data(), s, true);
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
                pk[S].assign(nt, 0.0);
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
            total += counted + works1 + 6 * siege;
            steps += m / total;
            const double f = m / total;

            // Kills (and wounds): one man fewer, perhaps a targeting used up.
            for (int S = 0; S < 2; ++S)
                for (std::size_t j = 0; j < sh.tg[S].size(); ++j) {
                    if (pk[S][j] == 0) continue;
                    const double mass = f * pk[S][j];
                    const std::size_t e = static_cast<std::size_t>(sh.tg[S][j]);
                    const Entity& x = b.ents[e];
                    const bool inside = S == kDefender && sh.counting;
                    --n[e];
                    Works cw = w;
                    if (inside) ++cw.targeted;
                    std::int64_t v2[2] = {val[0], val[1]}, u2[2] = {up[0], up[1]};
                    v2[S] -= x.value4();
                    if (!x.siege) --u2[S];
                    const int r = judge(b, v2, u2);
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
            for (int v = 1; v <= 7; ++v) {
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
        if ((st.cells & 0xffff) == 0) {
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

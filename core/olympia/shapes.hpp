// Olympia, for the exact fast paths: who strikes whom, and each pair's
// chance to hit, for one pattern of groups standing and one state of the
// structure. Taken from survey() (field.hpp), the rules' own statement, and
// kept, since a battle meets few patterns.
#pragma once
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "olympia/field.hpp"

namespace bc::olympia {

// Who strikes whom for one pattern of groups standing and one state of the
// structure, with each pair's chance of one hit variant (hit.hpp): a kill,
// and the structure's chances.
struct Shape {
    std::vector<std::uint8_t> alive;
    std::int32_t def = 0;
    bool standing = false, counting = false;
    std::vector<int> att[2];
    std::vector<std::uint8_t> siege[2];
    std::vector<std::uint8_t> attacks;  // per entity: able to strike
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
    [[gnu::always_inline]] const Shape& get(const std::int32_t* n, const Works& w) {
        if (last_ < cache_.size() && same(cache_[last_], n, w)) return cache_[last_];
        return find(n, w);
    }

private:
    bool same(const Shape& s, const std::int32_t* n, const Works& w) const noexcept {
        if (s.def != w.def || s.standing != works_standing(b_, w) || s.counting != bonus_counting(b_, w)) return false;
        for (std::size_t i = 0; i < s.alive.size(); ++i)
            if (s.alive[i] != (n[i] > 0)) return false;
        return true;
    }
    // Kept out of line: the common case above stays a few compares.
    [[gnu::noinline]] const Shape& find(const std::int32_t* n, const Works& w) {
        const std::size_t E = b_.ents.size();
        const bool standing = works_standing(b_, w), counting = bonus_counting(b_, w);
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
        mix(static_cast<std::uint64_t>(w.def));
        mix(standing * 2u + counting);
        for (std::size_t i = 0; i < E; ++i) mix(n[i] > 0);
        auto& bucket = index_[h];
        for (const std::size_t k : bucket)
            if (same(cache_[k], n, w)) return cache_[last_ = k];
        cache_.push_back(build(n, w, standing, counting));
        last_ = cache_.size() - 1;
        bucket.push_back(last_);
        return cache_.back();
    }

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
        s.attacks.assign(E, 0);
        for (int side = 0; side < 2; ++side) {
            for (const auto& a : f_.attackers[side]) {
                s.att[side].push_back(a.e);
                s.attacks[static_cast<std::size_t>(a.e)] = 1;
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
        // Each pair's chance of one hit variant (hit.hpp): a kill for men,
        // one point or one of a siege engine's six blows for the structure.
        const std::int64_t works_def = defense_of(b_, si, w);
        for (int side = 0; side < 2; ++side) {
            const int S = 1 - side;
            const std::size_t nt = s.tg[S].size();
            s.q[side].assign(s.att[side].size() * nt, 0.0);
            for (std::size_t a = 0; a < s.att[side].size(); ++a) {
                if (s.siege[side][a]) continue;
                for (std::size_t j = 0; j < nt; ++j)
                    s.q[side][a * nt + j] =
                        blow(b_, s.att[side][a], rating[side][a], s.tg[S][j], defense[S][j]).p_variant();
            }
        }
        s.qw.assign(s.att[kAttacker].size(), 0.0);
        s.qs.assign(s.att[kAttacker].size(), 0.0);
        for (std::size_t a = 0; a < s.att[kAttacker].size(); ++a) {
            const double p = blow(b_, s.att[kAttacker][a], rating[kAttacker][a], si, works_def).p_variant();
            if (s.siege[kAttacker][a])
                s.qs[a] = p;
            else if (s.works_target)
                s.qw[a] = p;
        }
        return s;
    }

    const Battle& b_;
    Field f_;
    std::deque<Shape> cache_;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> index_;
    std::size_t last_ = 0;
};

}  // namespace bc::olympia

// Olympia: who can strike and be struck, blows on a structure, and breaking.
#include "olympia/field.hpp"

#include <algorithm>
#include <climits>

namespace bc::olympia {

void hit_works(const Battle& b, Works& w, std::int32_t points) noexcept {
    const std::int32_t off = std::min(w.def, points);
    w.def -= off;
    if (off == 0 || b.options.siege_overflow) w.dmg = std::min<std::int32_t>(100, w.dmg + points - off);
}

void survey(const Battle& b, const std::int32_t* n, const Works& w, Field& v) {
    const auto& E = b.ents;
    for (int s = 0; s < 2; ++s) {
        v.attackers[s].clear();
        v.targets[s].clear();
        v.attacker_men[s] = 0;
        v.target_weight[s] = 0;
    }
    bool others[2] = {false, false};
    for (std::size_t i = 0; i < E.size(); ++i)
        if (n[i] > 0 && !E[i].leader) others[E[i].side] = true;
    // A noble is not struck while his own men stand; the leader only when
    // nobody else of his stack is left. Targets are the front-most row that
    // has anyone who can be struck.
    auto candidate = [&](int e) {
        const Entity& x = E[static_cast<std::size_t>(e)];
        if (n[e] == 0) return false;
        if (!x.is_noble) return true;
        if (x.leader && others[x.side]) return false;
        for (int t : b.nobles[static_cast<std::size_t>(x.noble)].troops)
            if (n[t] > 0) return false;
        return true;
    };
    int front[2] = {INT_MAX, INT_MAX};
    for (std::size_t i = 0; i < E.size(); ++i)
        if (E[i].row < front[E[i].side] && candidate(static_cast<int>(i))) front[E[i].side] = E[i].row;
    for (std::size_t i = 0; i < E.size(); ++i) {
        const int s = E[i].side;
        if (E[i].row != front[s] || !candidate(static_cast<int>(i))) continue;
        v.targets[s].push_back({static_cast<int>(i), n[i], defense_of(b, static_cast<int>(i), w)});
        v.target_weight[s] += n[i];
    }
    v.front[0] = front[0];
    v.front[1] = front[1];
    const bool standing = works_standing(b, w);
    v.works_only.clear();
    if (standing) {
        v.targets[kDefender].push_back({structure_index(b), 1, defense_of(b, structure_index(b), w)});
        v.target_weight[kDefender] += 1;
        v.works_only.push_back(v.targets[kDefender].back());
    }
    for (std::size_t i = 0; i < E.size(); ++i) {
        const Entity& e = E[i];
        const int s = e.side;
        if (n[i] == 0 || e.idle || v.targets[1 - s].empty()) continue;
        std::int64_t r = 0;
        // Siege engines strike only the enemy's structure; men behind the
        // front row only with a missile.
        if (e.siege)
            r = (s == kAttacker && standing) ? std::max(e.a4, e.m4) : 0;
        else
            r = e.row <= front[s] ? std::max(e.a4, e.m4) : e.m4;
        if (r <= 0) continue;
        v.attackers[s].push_back({static_cast<int>(i), n[i], r});
        v.attacker_men[s] += n[i];
    }
}

int draw_attacker(const Field& f, int s0, int s1, Dice& dice) {
    std::int64_t C = 0;
    for (int s = s0; s <= s1; ++s) C += f.attacker_men[s];
    std::int64_t r = dice.below(static_cast<std::uint32_t>(C));
    for (int s = s0; s <= s1; ++s)
        for (const auto& at : f.attackers[s]) {
            if (r < at.weight) return at.e;
            r -= at.weight;
        }
    return -1;  // not reached: r < C
}

const std::vector<Field::Target>& targets_for(const Battle& b, const Field& f, int a) noexcept {
    const Entity& e = b.ents[static_cast<std::size_t>(a)];
    return e.siege ? f.works_only : f.targets[1 - e.side];
}

int draw_target(const Battle& b, const Field& f, int a, Dice& dice) {
    const auto& tg = targets_for(b, f, a);
    std::int64_t T = 0;
    for (const auto& x : tg) T += x.weight;
    std::int64_t r = dice.below(static_cast<std::uint32_t>(T));
    for (const auto& x : tg) {
        if (r < x.weight) return x.t;
        r -= x.weight;
    }
    return -1;  // not reached: r < T
}

Blow blow_in(const Battle& b, const Field& f, const Works& w, int a, int t) noexcept {
    std::int64_t rating = 0;
    for (const auto& at : f.attackers[b.ents[static_cast<std::size_t>(a)].side])
        if (at.e == a) rating = at.rating;
    return blow(b, a, rating, t, defense_of(b, t, w));
}

int judge(const Battle& b, const std::int64_t value4[2], const std::int64_t standing[2]) noexcept {
    bool broken[2];
    for (int s = 0; s < 2; ++s) broken[s] = standing[s] == 0 || value4[s] <= break_threshold(b, s);
    if (broken[0] && broken[1]) return kTie;
    if (broken[0]) return kDefenderWins;
    if (broken[1]) return kAttackerWins;
    return kRunning;
}

std::int64_t side_value4(const Battle& b, const std::int32_t* n, int side) noexcept {
    std::int64_t v = 0;
    for (std::size_t i = 0; i < b.ents.size(); ++i)
        if (b.ents[i].side == side) v += b.ents[i].value4() * n[i];
    return v;
}

std::int64_t side_standing(const Battle& b, const std::int32_t* n, int side, bool with_nobles) noexcept {
    std::int64_t c = 0;
    for (std::size_t i = 0; i < b.ents.size(); ++i) {
        const Entity& e = b.ents[i];
        if (e.side != side || e.siege) continue;
        if (e.is_noble && !with_nobles) continue;
        c += n[i];
    }
    return c;
}

}  // namespace bc::olympia

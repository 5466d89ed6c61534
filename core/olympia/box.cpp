// Olympia: the digits of the exact fast paths' states.
#include "olympia/box.hpp"

#include <algorithm>

#include "olympia/field.hpp"

namespace bc::olympia {

Box::Box(const Battle& b, bool with_works) {
    const std::size_t E = b.ents.size();
    digit_of.assign(E, -1);
    std::vector<std::int32_t> n(E);
    for (std::size_t i = 0; i < E; ++i) n[i] = static_cast<std::int32_t>(b.ents[i].count);
    std::vector<Digit> counts;
    for (std::size_t i = 0; i < E; ++i) {
        const Entity& x = b.ents[i];
        const int s = x.side;
        // The most of this group a side can lose, alone, and stand: fewer
        // left than that and the side has surely broken (never stored).
        const std::int64_t start = b.start4[s], thr = break_threshold(b, s);
        std::int64_t k = x.count;
        if (x.value4() > 0) k = std::min(k, (start - thr - 1) / x.value4());
        if (!x.siege) k = std::min(k, side_standing(b, n.data(), s, true) - 1);
        k = std::max<std::int64_t>(k, 0);
        // A noble is struck only once his men (the leader: everyone else of
        // his stack) are gone; if that loss alone breaks the side, he is
        // never struck in a state that goes on.
        if (x.is_noble && k > 0) {
            std::int64_t lost = 0;
            for (std::size_t j = 0; j < E; ++j) {
                const Entity& y = b.ents[j];
                if (y.side != s || j == i) continue;
                if (x.leader || (!y.is_noble && y.noble == x.noble)) lost += y.value4() * y.count;
            }
            if (lost > 0 && start - lost <= thr) k = 0;
        }
        counts.push_back({kCount, static_cast<int>(i), x.count - k, k + 1, 0});
    }
    // The widest count on top keeps the window (the largest move) small.
    std::stable_sort(counts.begin(), counts.end(), [](const Digit& a, const Digit& c) { return a.range > c.range; });
    if (with_works && b.structure.present) {
        points = b.structure.defense + 100 - b.structure.damage;
        works = static_cast<int>(digits.size());
        digits.push_back({kWorks, -1, 0, points + 1, 0});
        if (b.structure.defense > 0 && b.bonus_limit > 0) {
            targeted = static_cast<int>(digits.size());
            digits.push_back({kTargeted, -1, 0, b.bonus_limit + 1, 0});
        }
    }
    for (const auto& d : counts) digits.push_back(d);
    std::int64_t stride = 1;
    for (std::size_t k = digits.size(); k-- > 0;) {
        digits[k].stride = stride;
        size *= static_cast<double>(digits[k].range);
        // Past 2^62 cells no index fits; size says so and nobody sweeps it.
        if (size < 4e18) stride *= digits[k].range;
        if (digits[k].kind == kCount) digit_of[static_cast<std::size_t>(digits[k].e)] = static_cast<int>(k);
    }
    if (size < 4e18)
        for (const auto& d : digits) top += (d.range - 1) * d.stride;
}

Works Box::works_of(const Battle& b, std::int64_t remaining, std::int64_t targets_left) const noexcept {
    Works w;
    const std::int64_t taken = points - remaining;
    if (taken < b.structure.defense) {
        w.def = static_cast<std::int32_t>(b.structure.defense - taken);
        w.dmg = static_cast<std::int32_t>(b.structure.damage);
    } else {
        w.def = 0;
        w.dmg = static_cast<std::int32_t>(b.structure.damage + taken - b.structure.defense);
    }
    w.targeted = static_cast<std::int32_t>(targets_left > 0 ? b.bonus_limit - targets_left : b.bonus_limit);
    return w;
}

std::int64_t Box::remaining_of(const Battle& b, const Works& w) const noexcept {
    return points - ((b.structure.defense - w.def) + (w.dmg - b.structure.damage));
}

}  // namespace bc::olympia

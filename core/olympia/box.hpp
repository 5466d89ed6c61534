// Olympia: the states of the exact fast paths as digits of one mixed-radix
// number. Every effect of an attack lowers a digit (a man falls, a noble is
// hit, the structure takes points, a man inside is targeted), so every move
// goes to a smaller index and one sweep downwards meets each state after all
// that flows into it.
#pragma once
#include <cstdint>
#include <vector>

#include "olympia/olympia.hpp"

namespace bc::olympia {

struct Box {
    enum Kind { kCount, kTargeted, kWorks };
    struct Digit {
        Kind kind;
        int e;              // entity, for a count
        std::int64_t lo;    // a count's smallest value that is not surely broken
        std::int64_t range; // values: lo .. lo + range - 1
        std::int64_t stride;
    };
    std::vector<Digit> digits;      // most significant first
    std::vector<int> digit_of;      // entity -> its digit
    int targeted = -1, works = -1;  // digits of the structure, if any
    std::int64_t points = 0;        // works points from the start to collapse
    double size = 1;                // cells in all
    std::int64_t top = 0;           // the start's index

    // Digits for every entity, and with_works the structure's two.
    Box(const Battle& b, bool with_works);
    // The structure's state from its digits (points taken since the start,
    // targetings left), and back.
    Works works_of(const Battle& b, std::int64_t remaining, std::int64_t targets_left) const noexcept;
    std::int64_t remaining_of(const Battle& b, const Works& w) const noexcept;
    // A cell's state from its digits: each counted entity's men into n, and
    // the structure's two digits (0 when the box has none).
    void decode(const std::int64_t* digit, std::int32_t* n, std::int64_t& remaining,
                std::int64_t& targets_left) const noexcept {
        remaining = targets_left = 0;
        for (std::size_t k = 0; k < digits.size(); ++k) {
            const Digit& d = digits[k];
            if (d.kind == kCount)
                n[static_cast<std::size_t>(d.e)] = static_cast<std::int32_t>(d.lo + digit[k]);
            else if (d.kind == kWorks)
                remaining = digit[k];
            else
                targets_left = digit[k];
        }
    }
};

// The most works points one blow can take: 10 when the attacker has a siege
// engine, else 1 (the exact paths size their windows by it).
inline std::int64_t max_works_points(const Battle& b) {
    for (const auto& e : b.ents)
        if (e.side == kAttacker && e.siege) return 10;
    return 1;
}

}  // namespace bc::olympia

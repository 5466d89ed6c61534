// Olympia: what the two exact sweeps (recurrence.cpp, cycles.cpp) share: the
// counts of the cell being swept, each entity's part in its side's strength,
// the record of an end, the start, and the step from one cell to the next.
#pragma once
#include <cstdint>
#include <vector>

#include "olympia/box.hpp"
#include "olympia/field.hpp"
#include "olympia/recurrence.hpp"
#include "olympia/shapes.hpp"

namespace bc::olympia {

struct SweepCounts {
    const Battle& b;
    const Box& box;
    Tally& tally;
    SweepStatus& st;
    std::vector<std::int32_t> n;    // men of each entity in the cell
    std::vector<std::int64_t> digit;  // the cell's digits (box.hpp)
    std::vector<int> side_of;
    std::vector<std::int64_t> v4, standing_of;  // per man: strength, 1 if he stands
    std::int64_t thr[2];
    Works w0;  // the structure at the start
    int stalemate_result;
    std::int64_t stride_w, stride_t;  // of the structure's digits (0 without)

    // The counts at the start; the digits at the box's top cell.
    SweepCounts(const Battle& battle, const Box& bx, Tally& t, SweepStatus& status)
        : b(battle), box(bx), tally(t), st(status), n(battle.ents.size()), digit(bx.digits.size()),
          side_of(battle.ents.size()), v4(battle.ents.size()), standing_of(battle.ents.size()),
          thr{break_threshold(battle, 0), break_threshold(battle, 1)},
          w0{static_cast<std::int32_t>(battle.structure.defense), static_cast<std::int32_t>(battle.structure.damage), 0},
          stalemate_result(battle.options.stalemate_tie ? kTie : kDefenderWins),
          stride_w(bx.works >= 0 ? bx.digits[static_cast<std::size_t>(bx.works)].stride : 0),
          stride_t(bx.targeted >= 0 ? bx.digits[static_cast<std::size_t>(bx.targeted)].stride : 0) {
        for (std::size_t i = 0; i < n.size(); ++i) {
            side_of[i] = b.ents[i].side;
            v4[i] = b.ents[i].value4();
            standing_of[i] = b.ents[i].siege ? 0 : 1;
            n[i] = static_cast<std::int32_t>(b.ents[i].count);
        }
        for (std::size_t k = 0; k < digit.size(); ++k) digit[k] = box.digits[k].range - 1;
    }

    // An end reached with this mass, on the counts in n.
    void record(const Works& w, int result, bool stalemate, double mass) {
        Recorder rec(tally, mass);
        record_end(b, End{n.data(), w, result, stalemate}, rec);
        tally.add_total(mass);
        st.settled += mass;
    }
    // The start's verdict (the counts in n are the start's).
    int judge_start() const {
        std::int64_t val[2], up[2];
        for (int s = 0; s < 2; ++s) {
            val[s] = side_value4(b, n.data(), s);
            up[s] = side_standing(b, n.data(), s, true);
        }
        return judge(b, val, up);
    }
    // True (the one end recorded, the sweep complete) when the battle is over
    // before a blow: a side broken (r), or nobody able to strike.
    bool over_at_start(int r, bool none_able) {
        if (r == kRunning && !none_able) return false;
        record(w0, r != kRunning ? r : stalemate_result, r == kRunning, 1.0);
        st.complete = true;
        st.states = 1;
        return true;
    }
    // Men of one side able to strike in this shape.
    std::int64_t able(const Shape& s, int side) const {
        std::int64_t c = 0;
        for (int a : s.att[side]) c += n[static_cast<std::size_t>(a)];
        return c;
    }
    std::int64_t able(const Shape& s) const { return able(s, 0) + able(s, 1); }
    // Each side's strength (value4) and men standing in the cell.
    void strength(std::int64_t val[2], std::int64_t up[2]) const {
        val[0] = val[1] = up[0] = up[1] = 0;
        for (std::size_t i = 0; i < n.size(); ++i) {
            val[side_of[i]] += v4[i] * n[i];
            up[side_of[i]] += standing_of[i] * n[i];
        }
    }
    // Whether side S breaks when its man e falls (only S lost strength, so
    // only S can break: field.hpp's judge).
    bool breaks(int S, std::size_t e, const std::int64_t val[2], const std::int64_t up[2]) const {
        return up[S] - standing_of[e] == 0 || val[S] - v4[e] <= thr[S];
    }
    // The digits of the next cell down.
    void next_cell() {
        for (std::size_t k = digit.size(); k-- > 0;) {
            if (digit[k] > 0) {
                --digit[k];
                break;
            }
            digit[k] = box.digits[k].range - 1;
        }
    }
};

}  // namespace bc::olympia

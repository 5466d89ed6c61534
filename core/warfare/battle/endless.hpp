// The endless rule's count, which sampled and rolled battles keep (the rule
// itself, State::endless_rule, is in battle/endless.cpp).
#pragma once
#include <cstdint>

namespace bc::warfare {

// Turns with no lasting
// change, looked at every kWatchTurns turns. The graph sampler
// (battle/sample.cpp) keeps one beside its walk, from the progress()
// traced at each turn's end, and hands it to a state it rebuilds.
struct EndlessWatch {
    static constexpr std::uint32_t kProofTurns = 96, kCapTurns = 2000, kWatchTurns = 8;  // 48, 1,000 and 4 rounds
    std::uint32_t still_turns = 0;  // turns since progress() last changed
    std::uint32_t next_proof = kProofTurns;
    std::uint8_t tick = 0;
    bool proof_due = false;  // the next chance node runs endless_rule()
    std::uint64_t still_progress = ~std::uint64_t{0};  // the last field (see State::operator=)
    // A turn has ended; `progress()` is asked only when it is looked at.
    template <class P>
    void turn_ended(P&& progress);
    // Rounds since the battle last changed for good (as the rule counts them).
    double still_rounds() const { return 0.5 * still_turns; }
    bool operator==(const EndlessWatch&) const = default;
};

template <class P>
void EndlessWatch::turn_ended(P&& progress) {
    // Looked at every kWatchTurns turns (four rounds): a sampled battle pays
    // for progress() once in eight turns, and the counts stay whole.
    if (++tick < kWatchTurns) return;
    tick = 0;
    const std::uint64_t p = progress();
    if (p != still_progress) {
        still_progress = p;
        still_turns = 0;
        next_proof = kProofTurns;
        return;
    }
    still_turns += kWatchTurns;
    if (still_turns >= next_proof) proof_due = true;
}

}  // namespace bc::warfare

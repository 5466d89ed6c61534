// Endless battles. Some battles can loop for ever while dice are still rolled
// (a Regenerate unit its only enemy can never bring down, and which cannot hit
// back). The exact solver sees such loops as closed classes of states and
// reports their probability as the outcome "endless". Sampling and rolling
// play one battle at a time, so they end a loop by this rule:
//   after kProofTurns turns with no lasting change (progress() unchanged, as
//   looked at every kWatchTurns turns: no
//   unit gone, no once-per-battle effect used, and without Regenerate or
//   Ravenous on the field no casualty), the reachable states of the battle at
//   that level are searched (up to kSearchStates). If none of them leads to a
//   lasting change or an end, the battle is endless, as the exact solver
//   would find. If the search cannot tell, it is tried again after twice as
//   many turns; after kCapTurns turns with no lasting change the battle is
//   counted as endless without proof (a battle that slow may still end: the
//   exact odds count where it really ends).
#include "solve/keyset.hpp"
#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

void State::watch_turn() {
    if (turn_trace_) {  // the graph sampler's: it keeps the count itself
        turn_trace_->push_back(progress());
        return;
    }
    still_.turn_ended([this] { return progress(); });
}

State::Reach State::reach_change() const {
    State root = *this;
    root.watch_ = false;
    root.memo_ = nullptr;
    root.still_.proof_due = false;
    const std::uint64_t level = root.progress();
    // Depth first over packed keys; a state is rebuilt from its key to expand it.
    KeySet seen;
    KeyWriter kw;
    bool fresh = false;
    root.pack(kw);
    seen.insert(kw.data(), kw.size(), fresh);
    std::vector<std::uint32_t> todo = {0};
    Outcomes outs;
    State s = root;
    while (!todo.empty()) {
        const std::uint32_t id = todo.back();
        todo.pop_back();
        KeyReader kr(seen.key(id), seen.key_size(id));
        s = root;
        s.unpack(kr);
        outs.clear();
        s.chance_outcomes(outs);
        for (const auto& o : outs) {
            State c = s;
            c.apply(o.code, nullptr);
            kw.clear();
            if (c.pack_progress(kw) != level || c.is_terminal()) return Reach::Yes;
            const std::uint32_t next = seen.insert(kw.data(), kw.size(), fresh);
            if (!fresh) continue;
            if (seen.size() > kSearchStates) return Reach::Unknown;
            todo.push_back(next);
        }
    }
    return Reach::Never;
}

bool State::endless_rule(Log* log) {
    still_.proof_due = false;
    if (still_.still_turns >= Watch::kCapTurns) {
        by_rule_ = 2;
        finish(kOutEndless,
               "A thousand rounds have passed with no lasting change (no unit gone, no casualty that stays), and no "
               "proof was found that none can come: the battle is stopped here, though it might still have ended.",
               log);
        return true;
    }
    if (reach_change() == Reach::Never) {
        by_rule_ = 1;
        finish(kOutEndless,
               "No roll of the dice can change this battle for good any more: it would go on for ever.",
               log);
        return true;
    }
    still_.next_proof = std::min(still_.next_proof * 2, Watch::kCapTurns);
    return false;
}

}  // namespace bc::warfare

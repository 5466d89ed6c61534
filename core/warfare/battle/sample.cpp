// Sampled odds of a battle over the graph of the states already seen.
//
// Sampled battles of one request go through the same states again and
// again: 39,000 battles of the everyday 3v3 visit 2.1 million chance nodes
// but only 141,000 distinct states. So the sampler keeps each state it meets
// as a node of a graph: its canonical key (battle/key.cpp), its chance node
// as data (State::DrawSpec) and, per outcome, the next node once some battle
// has taken that outcome. A battle walks the graph, drawing each outcome from
// the node's data; only an outcome never taken before is played by the
// state's own rules (apply()), from the state rebuilt from the node's key.
//
// The walk draws exactly what State::draw() draws, in the same order, so it
// plays exactly the battles the plain sampler plays (sample_battle_generic):
// the same seed gives the same tally, to the last bit. What a state does not
// hold, the walk keeps beside it:
// - the rounds each battle has taken (a node's step weight);
// - the endless rule's count (State::Watch), from progress() at every turn's
//   end on the way (each edge keeps its trace). Where the rule would look for
//   a proof, and where a node has no data (rocks hurled, whose draws follow
//   the target) or the graph is full, the battle goes on by the plain
//   sampler's loop from the rebuilt state, with that count.
// A battle that ends at a node is counted there, and the ends are added to
// the tally once per block (all weights whole numbers, so the sums are exact).
#include <array>
#include <bit>
#include <cstring>
#include <vector>

#include "solve/keyset.hpp"
#include "warfare/battle/detail.hpp"
#include "warfare/battle/sample.hpp"

namespace bc::warfare {

State::DrawSpec State::draw_spec() const {
    // State::draw() (battle/odds.cpp), step for step, as data (draw_slot()
    // draws it), here beside its only user.
    if (q_n_ == 0) detail::fail("no chance node");
    const Step& s = q_[0];
    DrawSpec d;
    switch (s.kind) {
        case kInitiative:
            d.kind = DrawSpec::Uniform;
            d.slots = 2;
            return d;
        case kTarget:
            d.kind = DrawSpec::Uniform;
            d.slots = static_cast<std::uint8_t>(target_count(s.unit));
            return d;
        case kAttack: {
            const int a = s.unit, t = s.other;
            if (trait(a, Trait::HurlRocks)) return d;  // Other: its draws follow the target
            const PairOdds& po = b_->pairs[static_cast<std::size_t>(a * n() + t)];
            const int adv = attack_adv(a, t, (s.arg & kArgCharge) != 0) + 1;
            d.kind = DrawSpec::Attack;
            d.slots = 6;
            d.a = static_cast<std::uint16_t>(400 - po.hit[adv] - po.crit[adv]);
            d.b = static_cast<std::uint16_t>(d.a + po.hit[adv]);
            d.c = static_cast<std::uint16_t>(po.power[power_adv(a, t)]);
            // Slot 0 a miss; 1 and 2 a hit with 0 or 1 Power successes; 3 to 5 a critical with 0 to 2.
            for (std::uint32_t slot = 1; slot < 6; ++slot)
                d.code[slot] = static_cast<std::uint8_t>(merged(slot < 3 ? 32 + (slot - 1) : 64 + (slot - 3)));
            return d;
        }
        default:
            d.kind = DrawSpec::Check;
            d.slots = 2;
            d.a = static_cast<std::uint16_t>(morale_pass(s.unit, morale_dc(s)));
            return d;
    }
}

namespace {

// A sampled battle's rounds into the tally. Like the exact solver, an endless
// battle's rounds count until it stopped changing (to within the four rounds
// the rule looks at).
void add_rounds(Tally& t, int outcome, double steps, const State::Watch& w) {
    t.add_steps(outcome == detail::kOutEndless ? std::max(0.0, steps - w.still_rounds()) : steps);
}

// The plain sampler's battle from `s` (at a chance node, or ended) to its
// end, recorded; `steps` and `n` count what came before. False: the deadline
// passed first, and nothing is recorded.
bool play_to_end(State& s, Rng& rng, Tally& t, const Deadline& deadline, const MonteCarloOptions& mo, double steps,
                 std::uint64_t n) {
    while (!s.is_terminal()) {
        if (++n > mo.max_steps) throw LimitError(step_limit_message(mo.max_steps));
        if ((n & 0xffff) == 0 && deadline.passed()) return false;
        steps += s.step_weight();
        s.apply(s.draw(rng), nullptr);
    }
    Recorder rec(t, 1.0);
    s.record(rec);
    t.add_total(1.0);
    add_rounds(t, s.outcome(), steps, s.watch());
    return true;
}

}  // namespace

MonteCarloStatus sample_battle_generic(const State& root, Tally& tally, const MonteCarloOptions& mo) {
    return run_monte_carlo(
        [&](Rng& rng, Tally& t, const Deadline& deadline) {
            State s = root;
            s.watch_endless();
            std::array<State::PlanMemo, 2 * BattleLimits::kUnitsPerSide> memo{};
            s.use_memo(memo.data());
            return play_to_end(s, rng, t, deadline, mo, 0, 0);
        },
        tally, mo);
}

class GraphSampler::Graph {
public:
    Graph(const State& root, std::size_t max_bytes) : root_(root), max_bytes_(max_bytes) {
        root_.trace_turns(nullptr);
        root_.use_memo(nullptr);
        // Room for a full graph, taken from the system as it is written
        // (untouched pages cost nothing), so that it is never copied as it grows.
        g_.reserve(std::min(max_bytes_, kOffsetMask * std::size_t{4}) / 4);
        kw_.clear();
        progress_ = root_.pack_progress(kw_);
        node_of_key(&root_);  // at 0
    }

    GraphStats stats() const {
        GraphStats st = stats_;
        st.nodes = nodes_;
        st.bytes = bytes();
        return st;
    }

    // One battle (run_monte_carlo()); its end is added to the tally by flush().
    bool play(Rng& rng, Tally& t, const Deadline& deadline, const MonteCarloOptions& mo) {
        if (!play_one(rng, t, deadline, mo)) return false;
        if ((++battles_seen_ & 255) == 0) judge();
        return true;
    }

    // The battles that ended at nodes since the last flush, into the tally.
    void flush(Tally& t) {
        for (const std::uint32_t at : ended_) {
            rebuild(s_, at);
            Recorder rec(t, static_cast<double>(g_[at + 1]));
            s_.record(rec);
            g_[at + 1] = 0;
        }
        ended_.clear();
        t.add_total(static_cast<double>(battles_));
        battles_ = 0;
    }

private:
    // A node is a record in g_, found by its offset:
    //   [0] kind (2 bits) | slots << 2 (4 bits) | (outcome + 1) << 6 (3 bits) | step weight in turns << 9
    //   [1] Check: pass weight; Attack: miss | (miss + hit) << 16. An ended battle's: battles that ended here since the last flush
    //   [2] Attack: Power pass weight
    //   [3] where its key is in the record | the key's words << 16
    //   [4], [5] its progress(), low and high words
    //   [6 .. 6 + slots) per outcome slot: the next node's offset | turns ended on the way << kTurnShift
    //       (kNone: not taken yet). At the end of each of those turns progress() was the next node's,
    //       unless the turns are kTraced: then their count and their progress() are in traces_,
    //   [6 + slots .. 6 + 2 slots) from there.
    //   Attack: two words more, the outcome code of each slot, a byte each (three to a word)
    //   its key's words, as two words each
    // A table of slots (hash_words()'s high half | the record's offset) finds a key's record.
    // The walk reads the first line or so of a record, and traces_ seldom.
    static constexpr std::uint32_t kNone = 0xffffffffu, kTurnShift = 27, kOffsetMask = (1u << kTurnShift) - 1,
                                   kTraced = 31;
    static constexpr std::size_t kHead = 6;
    static constexpr std::uint64_t kTakenPerWalked = 5;
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    static constexpr std::size_t kFirstSlots = 1024;

    // A graph pays when battles mostly walk it: an outcome taken costs about
    // five plain steps, one walked a fifth of one. Where the last 256 battles
    // took over five outcomes for each they walked (a large battle, whose
    // battles seldom meet: the everyday 4v4's first ones take 11, the 3v3's
    // 3), the graph stops growing, and battles leave it at their first new
    // outcome. Whether it grows changes the speed only, never the battles.
    void judge() {
        if (stats_.taken - taken_before_ > kTakenPerWalked * (stats_.walked - walked_before_)) closed_ = true;
        taken_before_ = stats_.taken;
        walked_before_ = stats_.walked;
    }

    std::size_t bytes() const {
        return g_.size() * sizeof(std::uint32_t) + traces_.size() * sizeof(std::uint64_t) +
               slots_.size() * sizeof(std::uint64_t);
    }

    // The record of the key in kw_, or kNone. With `s`, the state of that
    // key (whose progress() is in progress_), one is added when there is none
    // and the graph has room.
    std::uint32_t node_of_key(const State* s) {
        const auto tag = static_cast<std::uint32_t>(hash_words(kw_.data(), kw_.size()) >> 32);
        std::size_t i = 0;
        auto probe = [&] {  // true: found at slots_[i]; false: slots_[i] is where it would go
            for (i = tag >> shift_;; i = (i + 1) & (slots_.size() - 1)) {
                const std::uint64_t e = slots_[i];
                if (e == kEmpty) return false;
                if (static_cast<std::uint32_t>(e >> 32) == tag && same_key(static_cast<std::uint32_t>(e))) return true;
            }
        };
        if (!slots_.empty() && probe()) return static_cast<std::uint32_t>(slots_[i]);
        if (!s || closed_) return kNone;
        // Room for the largest record this key can have, and for the table twice as large if it must grow.
        const bool grows = (nodes_ + 1) * 10 > slots_.size() * 7;
        const std::size_t record = (kHead + 4 * BattleLimits::kUnitsPerSide + 2 + 2 * kw_.size()) * sizeof(std::uint32_t);
        if (bytes() + record + (grows ? std::max<std::size_t>(2 * slots_.size(), kFirstSlots) * 8 : 0) > max_bytes_ ||
            g_.size() + record > kOffsetMask)
            return kNone;
        if (grows) {
            grow();
            probe();
        }
        const std::uint32_t at = add_node(*s);
        slots_[i] = std::uint64_t{tag} << 32 | at;
        return at;
    }

    bool same_key(std::uint32_t at) const {
        const std::uint32_t k = g_[at + 3];
        return (k >> 16) == kw_.size() && std::memcmp(&g_[at + (k & 0xffff)], kw_.data(), kw_.size() * 8) == 0;
    }

    void grow() {
        const std::size_t cap = slots_.empty() ? kFirstSlots : slots_.size() * 2;
        std::vector<std::uint64_t> old(cap, kEmpty);
        old.swap(slots_);
        shift_ = 32 - static_cast<unsigned>(std::countr_zero(cap));
        for (const std::uint64_t e : old) {
            if (e == kEmpty) continue;
            std::size_t i = static_cast<std::uint32_t>(e >> 32) >> shift_;
            while (slots_[i] != kEmpty) i = (i + 1) & (cap - 1);
            slots_[i] = e;
        }
    }

    // A record for the state `s`, whose key is in kw_: its offset.
    std::uint32_t add_node(const State& s) {
        const auto at = static_cast<std::uint32_t>(g_.size());
        const std::uint64_t p = s.is_terminal() ? s.progress() : progress_;
        const auto lo = static_cast<std::uint32_t>(p), hi = static_cast<std::uint32_t>(p >> 32);
        if (s.is_terminal()) {
            g_.insert(g_.end(), {static_cast<std::uint32_t>(s.outcome() + 1) << 6, 0, 0, 0, lo, hi});
        } else {
            const State::DrawSpec d = s.draw_spec();
            const auto turns = static_cast<std::uint32_t>(2 * s.step_weight());
            g_.insert(g_.end(), {static_cast<std::uint32_t>(d.kind) | static_cast<std::uint32_t>(d.slots) << 2 | turns << 9,
                                 static_cast<std::uint32_t>(d.a) | static_cast<std::uint32_t>(d.b) << 16, d.c, 0, lo, hi});
            g_.insert(g_.end(), 2 * std::size_t{d.slots}, kNone);
            if (d.kind == State::DrawSpec::Attack)
                for (std::size_t w = 0; w < 2; ++w)
                    g_.push_back(static_cast<std::uint32_t>(d.code[3 * w]) | static_cast<std::uint32_t>(d.code[3 * w + 1]) << 8 |
                                 static_cast<std::uint32_t>(d.code[3 * w + 2]) << 16);
        }
        g_[at + 3] = static_cast<std::uint32_t>(g_.size() - at) | static_cast<std::uint32_t>(kw_.size()) << 16;
        const std::size_t k = g_.size();
        g_.resize(k + 2 * kw_.size());
        std::memcpy(&g_[k], kw_.data(), kw_.size() * 8);
        ++nodes_;
        return at;
    }

    // The state at the node at `at`, as the exact solver rebuilds one.
    void rebuild(State& s, std::uint32_t at) {
        s = root_;
        const std::uint32_t k = g_[at + 3];
        std::array<std::uint64_t, kMaxKeyWords> key;
        std::memcpy(key.data(), &g_[at + (k & 0xffff)], (k >> 16) * 8);
        KeyReader kr(key.data(), k >> 16);
        s.unpack(kr);
    }

    // The rest of a battle by the plain sampler's loop (play_to_end()).
    bool play_on(State& s, Rng& rng, Tally& t, const Deadline& deadline, const MonteCarloOptions& mo, double steps,
                 std::uint64_t n) {
        fresh_memo(s);
        s.trace_turns(nullptr);
        if (!play_to_end(s, rng, t, deadline, mo, steps, n)) return false;
        ++stats_.played_on;
        return true;
    }

    void fresh_memo(State& s) {
        memo_.fill(State::PlanMemo{});
        s.use_memo(memo_.data());
    }

    // The endless rule's count after the turns of the way out of `edge` into the node at `child`.
    void count_turns(State::Watch& w, std::uint32_t edge, std::uint32_t slots, std::uint32_t link) const {
        const std::uint32_t turns = link >> kTurnShift;
        if (turns != kTraced) {
            if (w.tick + turns < State::Watch::kWatchTurns) {  // no turn's end looked at: the common case
                w.tick = static_cast<std::uint8_t>(w.tick + turns);
                return;
            }
            const std::uint32_t child = link & kOffsetMask;
            const std::uint64_t p = g_[child + 4] | std::uint64_t{g_[child + 5]} << 32;
            for (std::uint32_t i = 0; i < turns; ++i) w.turn_ended([p] { return p; });
            return;
        }
        const std::uint32_t from = g_[edge + slots];
        const auto n = static_cast<std::uint32_t>(traces_[from]);
        for (std::uint32_t i = 0; i < n; ++i) w.turn_ended([&] { return traces_[from + 1 + i]; });
    }

    bool play_one(Rng& rng, Tally& t, const Deadline& deadline, const MonteCarloOptions& mo) {
        std::uint32_t at = 0;
        State::Watch w = root_.watch();
        double steps = 0;
        std::uint64_t n = 0;
        bool held = false;  // s_ is the state at node `at` (traced, without the endless rule)
        for (;;) {
            const std::uint32_t head = g_[at];
            const auto kind = static_cast<State::DrawSpec::Kind>(head & 3);
            if (head & (7u << 6)) {  // the battle has ended
                if (g_[at + 1]++ == 0) ended_.push_back(at);
                ++battles_;
                const int outcome = static_cast<int>((head >> 6) & 7) - 1;
                add_rounds(t, outcome, steps, w);
                return true;
            }
            if (kind == State::DrawSpec::Other) {  // drawn from the state: the rules play on
                rebuild(s_, at);
                s_.resume(w);
                return play_on(s_, rng, t, deadline, mo, steps, n);
            }
            if (++n > mo.max_steps) throw LimitError(step_limit_message(mo.max_steps));
            if ((n & 0xffff) == 0 && deadline.passed()) return false;
            steps += 0.5 * (head >> 9);
            State::DrawSpec d;
            d.kind = kind;
            d.slots = static_cast<std::uint8_t>((head >> 2) & 15);
            d.a = static_cast<std::uint16_t>(g_[at + 1]);
            d.b = static_cast<std::uint16_t>(g_[at + 1] >> 16);
            d.c = static_cast<std::uint16_t>(g_[at + 2]);
            const std::uint32_t slot = draw_slot(d, rng);
            const std::uint32_t edge = at + kHead + slot;
            const std::uint32_t link = g_[edge];
            if (link != kNone) {
                State::Watch next = w;
                count_turns(next, edge, d.slots, link);
                if (!next.proof_due) {
                    ++stats_.walked;
                    w = next;
                    at = link & kOffsetMask;
                    held = false;
                    continue;
                }
                // The endless rule looks for a proof at the next chance node: the state's own rules, from here.
                return step_on(at, w, code_of(at, d, slot), rng, t, deadline, mo, steps, n);
            }
            // An outcome never taken: played by the rules, from the state here.
            if (!held) {
                rebuild(s_, at);
                s_.trace_turns(&trace_);
                fresh_memo(s_);
            }
            const std::uint32_t code = code_of(at, d, slot);
            trace_.clear();
            ++stats_.taken;
            s_.apply(code, nullptr);
            State::Watch next = w;
            for (const std::uint64_t p : trace_) next.turn_ended([p] { return p; });
            if (next.proof_due) return step_on(at, w, code, rng, t, deadline, mo, steps, n);
            kw_.clear();
            progress_ = s_.pack_progress(kw_);
            const std::uint32_t child = node_of_key(&s_);
            if (child == kNone) {
                // The graph is full (or closed): this battle goes on by the rules alone.
                s_.resume(next);
                return play_on(s_, rng, t, deadline, mo, steps, n);
            }
            auto turns = static_cast<std::uint32_t>(trace_.size());
            const std::uint64_t p = g_[child + 4] | std::uint64_t{g_[child + 5]} << 32;
            bool same = turns < kTraced;
            for (const std::uint64_t q : trace_) same = same && q == p;
            if (!same && bytes() + (turns + 1) * sizeof(std::uint64_t) > max_bytes_) {
                s_.resume(next);  // no room for the trace: the battle goes on by the rules alone
                return play_on(s_, rng, t, deadline, mo, steps, n);
            }
            if (!same) {
                g_[edge + d.slots] = static_cast<std::uint32_t>(traces_.size());
                traces_.push_back(turns);
                traces_.insert(traces_.end(), trace_.begin(), trace_.end());
                turns = kTraced;
            }
            g_[edge] = child | turns << kTurnShift;
            w = next;
            at = child;
            held = true;
        }
    }

    // The outcome code of `slot` at the node at `at`, whose draw is `d`.
    std::uint32_t code_of(std::uint32_t at, const State::DrawSpec& d, std::uint32_t slot) const {
        if (d.kind != State::DrawSpec::Attack) return slot;
        return (g_[at + kHead + 2 * d.slots + slot / 3] >> (8 * (slot % 3))) & 0xff;
    }

    // Outcome `code` at node `at` by the state's own rules, with the endless
    // rule's count, and the battle on from there.
    bool step_on(std::uint32_t at, const State::Watch& w, std::uint32_t code, Rng& rng, Tally& t,
                 const Deadline& deadline, const MonteCarloOptions& mo, double steps, std::uint64_t n) {
        rebuild(s_, at);
        s_.resume(w);
        s_.apply(code, nullptr);
        return play_on(s_, rng, t, deadline, mo, steps, n);
    }

    State root_;
    std::size_t max_bytes_;
    GraphStats stats_;
    bool closed_ = false;  // no more nodes: see judge()
    std::uint64_t taken_before_ = 0, walked_before_ = 0;  // the counts at the last judge()
    std::uint64_t battles_seen_ = 0;
    std::vector<std::uint32_t> g_;      // the records
    std::vector<std::uint64_t> slots_;  // a key's record: node_of_key()
    unsigned shift_ = 32;               // 32 - log2(slots_.size())
    std::size_t nodes_ = 0;
    std::vector<std::uint64_t> traces_, trace_;
    std::vector<std::uint32_t> ended_;
    std::uint64_t battles_ = 0;  // ended at nodes since the last flush
    KeyWriter kw_;
    std::uint64_t progress_ = 0;  // of the state whose key is in kw_ (pack_progress())
    State s_ = root_;
    std::array<State::PlanMemo, 2 * BattleLimits::kUnitsPerSide> memo_{};
};

GraphSampler::GraphSampler(const State& root, std::size_t max_bytes) : g_(std::make_unique<Graph>(root, max_bytes)) {}
GraphSampler::~GraphSampler() = default;

MonteCarloStatus GraphSampler::run(Tally& tally, const MonteCarloOptions& mo) {
    return run_monte_carlo([&](Rng& rng, Tally& t, const Deadline& deadline) { return g_->play(rng, t, deadline, mo); },
                           tally, mo, [&](Tally& t) { g_->flush(t); });
}

GraphStats GraphSampler::stats() const { return g_->stats(); }

MonteCarloStatus sample_battle(const State& root, Tally& tally, const MonteCarloOptions& mo, std::size_t max_bytes,
                               GraphStats* stats) {
    GraphSampler g(root, max_bytes);
    const MonteCarloStatus st = g.run(tally, mo);
    if (stats) *stats = g.stats();
    return st;
}

}  // namespace bc::warfare

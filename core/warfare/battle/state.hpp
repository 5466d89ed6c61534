// Strongholds & Followers (MCDM, 2019), Warfare chapter, "Battle", as one
// chance state (core/solve/state.hpp): every die roll is a chance node; every
// choice (which unit acts, whom it attacks, charging, feeding, sapping,
// disengaging) is made by the Policy inside apply(). The battle it plays is
// read into Battle (battle/battle.hpp). Its members are defined by concern:
// set-up and probes in battle/state.cpp, turns and the step loop in
// battle/turns.cpp, chance nodes and their odds in battle/odds.cpp, resolving
// them in battle/resolve.cpp, the policy in battle/policy.cpp, the canonical
// key in battle/key.cpp, the endless rule in battle/endless.cpp, the
// sampler's draw as data in battle/sample.cpp and the advisor's moments in
// advisor/moment.cpp; the small inline ones in battle/inline.hpp.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "solve/log.hpp"
#include "solve/montecarlo.hpp"
#include "solve/state.hpp"
#include "warfare/battle/battle.hpp"
#include "warfare/battle/endless.hpp"

namespace bc::warfare {

struct DrawSpec;    // battle/sample.hpp
struct Order;       // advisor/advise.hpp
struct UnitMoment;
struct Moment;

// The faces behind one chance outcome, for the log.
struct Roll {
    std::uint32_t code = 0;
    int n = 0;
    std::array<int, 8> faces{};
};

class State {
public:
    explicit State(std::shared_ptr<const Battle> b, Log* log = nullptr);
    State(const State&) = default;
    // Copies only the units and steps in use (the exact solver copies a state
    // for every chance outcome, and most of both arrays is empty), and the
    // battle only when it differs.
    State& operator=(const State& o);
    // A state for single orders (start_probe): no initiative, nothing advanced.
    static State for_probe(std::shared_ptr<const Battle> b);

    bool is_terminal() const { return outcome_ >= 0; }
    void chance_outcomes(Outcomes& out) const;
    void apply(std::uint32_t code, Log* log);
    void pack(KeyWriter& w) const;
    void unpack(KeyReader& r);
    std::uint64_t progress() const;
    // pack() and progress() in one pass over the units (the exact solver asks
    // both of every child); an ended battle's progress is not asked, and is 0.
    std::uint64_t pack_progress(KeyWriter& w) const;
    void record(Recorder& r) const;
    // Only sampling asks a state for its own dice, so the first such call
    // switches on the endless rule (battle/endless.cpp); exact solving never does.
    std::uint32_t sample(Dice& d) const {
        watch_ = true;
        return merged(roll(d).code);
    }
    // A memo of each unit's plan for the sampler (use_memo()): kept outside
    // the state, so copies for the exact solver stay small.
    struct PlanMemo;
    void use_memo(PlanMemo* memo) { memo_ = memo; }
    // Tests: recompute every remembered plan and fail if it went stale.
    static bool check_memo;
    // The sampler's draw: one outcome code with the chance node's exact
    // weights, a number out of 400 per check (no faces, no allocation).
    // For Rng (inlined draws) and Dice (tests enumerate every sequence).
    template <class D>
    std::uint32_t draw(D& dice) const;
    // The same draw as data (DrawSpec and draw_slot(), battle/sample.hpp),
    // for the graph sampler.
    using DrawSpec = warfare::DrawSpec;
    DrawSpec draw_spec() const;
    // The exact solver's copies (solve/state.hpp, PausesForSolver): after a
    // chance outcome, apply() stops as soon as no step is waiting (before the
    // turn ends and before the next order is picked), and the key is taken
    // there; unpack() goes on to the next chance node. The policy then runs
    // once per state the solver expands instead of once per move into it.
    void pause_for_solver() { solver_pause_ = true; }
    // Rolled battles and samplers end endless loops by the endless rule.
    void watch_endless() { watch_ = true; }
    // The endless rule's count (battle/endless.hpp).
    using Watch = EndlessWatch;
    const Watch& watch() const { return still_; }
    // Sampling from here on under the endless rule, its count at `w`.
    void resume(const Watch& w) {
        watch_ = true;
        still_ = w;
    }
    // Appends progress() at each turn's end to `t` and leaves the endless
    // rule's count alone (nullptr: counts it, if watch_endless()).
    void trace_turns(std::vector<std::uint64_t>* t) {
        turn_trace_ = t;
        if (t) watch_ = true;
    }
    double step_weight() const { return 0.5 * pending_rounds_; }  // turns begun, as rounds

    // Real dice for the next chance node, and applying them with their faces logged.
    Roll roll(Dice& d) const;
    void apply_roll(const Roll& r, Log* log);

    static Schema schema(const Battle& b);
    static void key_layout(Battle& b);  // by prepare_battle()
    // Weights of each kept d20 face (sum 400) with advantage (+1), none (0), disadvantage (-1).
    static std::array<int, 21> d20_weights(int adv);

    // One order in isolation (the "attack" call): `actor` attacks `target`,
    // and the state stops when that order (with its morale checks and any
    // free attack) is over. Returns "" or why the attack is not allowed.
    std::string start_probe(int actor, int target, Log* log);
    bool probe_done() const { return q_n_ == 0 || outcome_ >= 0; }
    bool probe_charged() const { return probe_charge_; }
    int first_attack() const { return first_attack_; }  // -1 none, 0 miss, 1 hit, 2 critical

    // The order advisor (advisor/moment.cpp): a state paused where the side
    // to act picks its next order, the orders the rules allow it there, the
    // one the policy would give, and giving one (the policy plays on after).
    // Its moments and orders are declared in advisor/advise.hpp.
    using Order = warfare::Order;
    using UnitMoment = warfare::UnitMoment;
    using Moment = warfare::Moment;
    // Paused at `m` (or over, when a side has nothing left on the field).
    static State at_moment(std::shared_ptr<const Battle> b, const Moment& m);
    bool paused() const { return pause_; }
    int turn() const { return turn_; }
    std::vector<Order> orders() const;
    Order policy_order() const;
    // Gives `o` (from orders() or policy_order()) and runs on to the next chance node.
    void give(const Order& o, Log* log);

    // Reading the state.
    int die(int u) const { return u_[u].die; }
    bool removed(int u) const { return has(u, kRemoved); }
    bool left(int u) const { return has(u, kLeft); }
    bool broke(int u) const { return has(u, kBroke); }
    bool rallied(int u) const { return has(u, kRallied); }
    int outcome() const { return outcome_; }
    int rounds() const { return rounds_; }
    // Ended as endless by the endless rule's cap (kCapTurns with no lasting
    // change) rather than by its proof: such a battle might still have ended.
    bool endless_unproved() const { return by_rule_ == 2; }
    // Ended as endless by the endless rule, with or without its proof: the
    // one end a state rebuilt from its key (which keeps no endless count)
    // does not reach at the same step.
    bool ended_by_endless_rule() const { return by_rule_ != 0; }
    const Battle& battle() const { return *b_; }
    // Why `a` may not attack `t` now (nullptr when it may).
    const char* illegal(int a, int t) const;
    // The same rules as a yes or no, from tables (the policy's inner loop).
    bool may_attack(int a, int t) const;
    // The tables behind the fast paths agree with the rules they stand for, in
    // this state: may_attack() with illegal(), fixed values with
    // expected_value(). "" or what disagrees (for the tests).
    std::string self_check() const;

private:
    enum Flag : std::uint16_t {
        kRemoved = 1 << 0,
        kLeft = 1 << 1,
        kExhausted = 1 << 2,
        kCavWait = 1 << 3,
        kRallied = 1 << 4,
        kCourageUsed = 1 << 5,
        kSavageUsed = 1 << 6,
        kSapped = 1 << 7,
        kCharger = 1 << 8,
        kBroke = 1 << 9,  // failed a Morale check: reported, not part of the key
    };
    enum Kind : std::uint8_t {
        // Chance nodes.
        kInitiative,
        kTarget,     // random targeting: unit = actor, arg = charge allowed
        kUndead,     // unit = attacker, other = undead target
        kAttack,     // unit, other; arg: kArgCharge | kArgFree
        kDiminished, // Morale checks: unit
        kRally,
        kHorrify,
        kDisengage,
        kFortFall,
        kRetreat,
        // Deterministic steps.
        kCasualty,   // unit; arg: cause
        kHitCheck,   // per-hit diminished check: unit; arg 1 if diminished before the hit
        kOrderEnd,   // unit, other; arg: kArg*
    };
    // kHitFirst: the first casualty of a hit, which notes for the hit's own
    // check (kHitCheck) whether the unit was diminished before it.
    enum Cause : std::uint8_t { kByAttack = 0, kByMorale = 1, kByRetreat = 2, kNoDimCheck = 4, kHitFirst = 8 };
    static constexpr std::uint8_t kArgCharge = 1, kArgFree = 2, kArgTargetDim = 4;
    // A Morale check (what Mindless passes and Courageous may turn).
    static constexpr bool is_morale(std::uint8_t kind) { return kind >= kUndead && kind <= kRetreat && kind != kAttack; }

    struct Step {
        std::uint8_t kind;
        std::int8_t unit, other;
        std::uint8_t arg;
    };
    struct UnitState {
        std::int8_t die = 0;
        std::int8_t engaged = -1;
        std::uint16_t flags = 0;
        std::uint32_t undead_ok = 0;  // undead enemies this unit no longer checks against
    };
    enum OrderKind : std::uint8_t { kNone, kAttackOrder, kFeed, kSap, kDisengageOrder };
    // 16 bytes with no padding, so that a plan is returned in two registers
    // and copied as two words (GCC copies only the used bytes of a padded
    // one, with an overlapping load that stalls on the store before it).
    struct Plan {
        std::int64_t value = -1;  // expected casualties, scaled
        std::int32_t target = -1;
        OrderKind kind = kNone;
        bool charge = false;
        std::uint16_t spare = 0;
        bool operator==(const Plan&) const = default;
    };

public:
    struct PlanMemo {
        std::uint32_t gen = ~std::uint32_t{0};
        Plan plan;
    };

private:

    bool has(int u, std::uint16_t f) const { return (u_[u].flags & f) != 0; }
    void touch() { ++gen_; }
    void touch_die() {
        if (b_->plans_read_dice) ++gen_;
    }
    // A change only `u`'s own plan reads: the others stay remembered.
    void touch_unit(int u) {
        if (memo_) memo_[u].gen = ~std::uint32_t{0};
    }
    std::uint32_t live_undead(int u) const;
    // The unit's flags the key keeps: BattleKey::flags, with Courageous as
    // used once whether it was can change nothing (battle/key.cpp).
    std::uint16_t key_flags(int u) const;
    bool courage_settled(int u) const;
    static void courage_layout(Battle& b, int u);
    void pack_full(KeyWriter& w) const;
    void unpack_full(KeyReader& r);
    template <class R>
    void unpack_queue(R& r, unsigned ub);
    std::uint64_t progress_full() const;
    // unpack(): from the solver's pause (no step waiting, the battle going on) to the chance node.
    void resume_from_pause() {
        if (solver_pause_ && q_n_ == 0 && outcome_ < 0) advance(nullptr, true);
    }
    bool inflicted_matters() const;
    void set(int u, std::uint16_t f, bool on = true) {
        if (on)
            u_[u].flags = static_cast<std::uint16_t>(u_[u].flags | f);
        else
            u_[u].flags = static_cast<std::uint16_t>(u_[u].flags & ~f);
    }
    const BattleUnit& bu(int u) const { return b_->units[static_cast<std::size_t>(u)]; }
    const UnitFact& fact(int u) const { return facts_[u]; }
    bool is(int u, Type t) const { return fact(u).type == t; }
    bool trait(int u, Trait t) const { return (fact(u).traits & bit(t)) != 0; }
    int side_of(int u) const { return fact(u).side; }
    int max_of(int u) const { return fact(u).max; }
    const Unit& card(int u) const { return bu(u).unit; }
    int n() const { return b_->count; }
    bool on_field(int u) const { return !has(u, kRemoved | kLeft); }
    bool acts(int u) const { return on_field(u) && !is(u, Type::Fortification); }
    bool diminished(int u) const;
    bool side_has(int side, Type t) const;
    int alive(int side) const;
    // Morale checks: the card's Morale with its fortification bonus, the pass
    // weight out of 400 (with disadvantage and natural 1s), one kept face.
    int morale_total(int u) const;
    int morale_pass(int u, int dc) const;
    bool morale_passes(int u, int dc, int face) const;
    // The types each side has on the field (types_), recounted when a unit
    // leaves it; the types on a target's side apart from the target.
    void recount();
    std::uint8_t others_types(int t) const;
    std::string name(int u) const { return card(u).spec.name; }

    int attack_adv(int a, int t, bool charge) const;
    int power_adv(int a, int t) const;
    int morale_dis(int u) const;
    int morale_dc(const Step& s) const;
    bool auto_pass(const Step& s) const;
    bool needs_undead_check(int a, int t) const;
    int per_hit(int a, int t, bool charge) const;
    std::int64_t expected_value(int a, int t, bool charge) const;
    void attack_outcomes(const Step& s, Outcomes& out) const;
    std::uint32_t merged(std::uint32_t code) const;  // outcomes that lead to the same state, as one
    void merge_outcomes(Outcomes& out) const;
    void morale_outcomes(const Step& s, Outcomes& out) const;

    // The targets a unit may attack and can hurt, in card order, each scored once.
    struct Scored {
        std::int8_t target;
        bool charge;
        std::int64_t value;  // expected casualties, scaled
    };
    struct Targets {
        std::array<Scored, BattleLimits::kUnitsPerSide> at;
        int n = 0;
    };

    Plan plan(int u) const;    // decide(), or the sampler's memo of it (battle/inline.hpp)
    Plan replan(int u) const;  // decide(), remembered in the sampler's memo
    Plan decide(int u) const;
    bool can_charge(int a, int t) const;  // the policy charges when the rules allow it
    // What the rules allow a unit of the side to act, for the policy and the advisor alike.
    bool may_charge(int a, int t) const;
    bool may_feed(int u) const;
    bool may_disengage(int u) const;
    bool may_sap(int u, int fort) const;
    bool waits_for_odd_round(int u) const;
    bool retreat_due() const;             // the side must order its retreat now (option retreat_below)
    void before_order(Log* log);          // the refresh due before a later order of a turn
    int pick(Plan& bp) const;             // the policy's unit for the next order (-1: none), and its plan
    void scan_targets(int a, Targets& out) const;
    [[gnu::noinline]] int target_count(int a) const;
    // The target the policy picks for `a` (in `best`), the highest value among
    // its targets (`top`), and how many it has.
    int best_target(int a, Scored& best, std::int64_t& top) const;
    bool sap_helps(int side, int fort) const;
    bool wants_to_feed(int u) const;

    void put_step(int i, Step s);
    void push_front(Step s);
    void open_front(int k);  // room for k steps at the front, written with put_step()
    void push_back(Step s);
    void pop_front();
    void drop_unit_steps(int u);

    // `resume`: from the solver's pause on to the next chance node, as the
    // call that paused would have gone on.
    void advance(Log* log, bool resume = false);
    bool next_order(Log* log);  // false: the side passes its turn
    void start_turn(Log* log);
    void end_turn(Log* log);
    bool needs_refresh() const;
    bool side_fresh(int side) const;  // no unit of the side on the field is exhausted
    void refresh(Log* log);
    void issue(int actor, const Plan& p, Log* log);
    void queue_attack(int actor, int target, bool charge, bool free, Log* log);
    void resolve(const Roll& r, bool faces, Log* log);
    void resolve_attack(const Step& s, const Roll& r, bool faces, Log* log);
    void resolve_morale(const Step& s, bool passed, const Roll& r, bool faces, Log* log);
    void casualty(int u, std::uint8_t cause, Log* log);
    void remove(int u, const char* why, Log* log);
    void leave(int u, const char* why, Log* log);
    void check_end(Log* log);
    void finish(int outcome, const char* why, Log* log);
    void order_end(const Step& s, Log* log);

    // The endless rule (battle/endless.cpp), for sampling and rolling only.
    static constexpr std::size_t kSearchStates = 5000;
    enum class Reach { Yes, Never, Unknown };
    void watch_turn();              // at each turn's end: counts turns with no lasting change
    Reach reach_change() const;     // can a lasting change or an end still happen?
    bool endless_rule(Log* log);    // true: the battle was ended as endless

    // The battle, the two arrays, then every other field: operator= copies
    // the arrays' used parts and the rest as one block from facts_ to
    // still_, which stays last (self_check() holds this layout).
    std::shared_ptr<const Battle> b_;
    std::array<UnitState, 2 * BattleLimits::kUnitsPerSide> u_{};
    std::array<Step, BattleLimits::kQueue> q_{};
    const UnitFact* facts_ = nullptr;  // b_->facts.data(): read in every inner loop
    std::vector<std::uint64_t>* turn_trace_ = nullptr;  // trace_turns()
    std::uint32_t gen_ = 0;            // bumped by every change a plan reads (touch())
    PlanMemo* memo_ = nullptr;         // the sampler's, one per unit; none for exact solving and rolls
    std::int8_t q_n_ = 0;
    std::int8_t outcome_ = -1;
    std::int8_t turn_ = kAttacker;
    std::int8_t first_ = kAttacker;  // the side with initiative
    std::int8_t orders_left_ = 0;
    std::int8_t retreating_ = -1;
    std::int8_t inflicted_ = 0;      // casualties the current attack inflicted
    std::uint8_t parity_ = 0;        // 1 in even rounds (cavalry option "odd-rounds")
    bool refreshed_ = false;         // this turn, with no order since
    bool started_ = false;           // initiative settled
    bool probe_ = false;
    bool pause_ = false;  // the advisor's: stop where the next order is picked
    std::uint8_t pending_rounds_ = 0;  // rounds begun since the last chance node
    bool solver_pause_ = false;        // pause_for_solver()
    std::uint8_t types_[2][2] = {};    // per side: types on the field, types twice (recount())
    // Reported only, not part of the key.
    int rounds_ = 0;
    bool probe_charge_ = false;
    int first_attack_ = -1;
    mutable bool watch_ = false;     // the endless rule applies (see sample())
    // Ended by the endless rule (sampling and rolls only): 1 by its proof, 2 by its cap.
    std::uint8_t by_rule_ = 0;
    Watch still_;                    // its count: the last field (see operator=)
};

inline State& State::operator=(const State& o) {
    if (this == &o) return *this;
    if (b_.get() != o.b_.get()) b_ = o.b_;
    const int units = o.b_->count;
    for (int u = 0; u < units; ++u) u_[static_cast<std::size_t>(u)] = o.u_[static_cast<std::size_t>(u)];
    for (int i = 0; i < o.q_n_; ++i) q_[static_cast<std::size_t>(i)] = o.q_[static_cast<std::size_t>(i)];
    const auto* from = reinterpret_cast<const char*>(&o.facts_);
    const auto at = from - reinterpret_cast<const char*>(&o);
    const auto bytes = reinterpret_cast<const char*>(&o.still_) + sizeof(still_) - from;
    std::memcpy(reinterpret_cast<char*>(this) + at, from, static_cast<std::size_t>(bytes));
    return *this;
}

}  // namespace bc::warfare

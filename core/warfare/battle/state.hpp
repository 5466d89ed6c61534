// Strongholds & Followers (MCDM, 2019), Warfare chapter, "Battle": two armies
// of units trade orders until one side is removed, retreats or both stall.
// The battle is one chance state (core/solve/state.hpp): every die roll is a
// chance node; every choice (which unit acts, whom it attacks, charging,
// feeding, sapping, disengaging) is made by the Policy inside apply().
#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "solve/log.hpp"
#include "solve/montecarlo.hpp"
#include "solve/state.hpp"
#include "warfare/options.hpp"
#include "warfare/units/unit.hpp"

namespace bc::warfare {

enum Side : int { kAttacker = 0, kDefender = 1 };
inline const char* side_id(int s) { return s == kAttacker ? "attacker" : "defender"; }
extern const std::vector<std::string> kBattleOutcomes;  // attacker, defender, draw, endless

struct BattleUnit {
    Unit unit;
    int side = kAttacker;
    int index = 0;  // within its side
    std::string id;
    bool has_id = false;
    int max = 6;    // the casualty die's faces
    int start = 6;  // its value when the battle begins
    bool sapped = false;  // fortifications: walls already sapped (Twisting Roots)
    bool leader = false;  // stands for its side's leader (option "leader")
    // Derived by prepare_battle():
    bool siege_type = false;     // targets and is protected as a siege engine
    bool checks_undead = false;  // must pass a Morale check to attack an undead unit
};

struct BattleLimits {
    static constexpr std::size_t kUnitsPerSide = 12;
    static constexpr std::size_t kIdChars = 64;
    static constexpr int kQueue = 40;
    static constexpr std::size_t kLogEntries = Log::kDefaultLimit;  // a rolled battle's log keeps at most
};

// One attacker against one target, from their cards: the Attack check's hit
// and critical weights (out of 400) with disadvantage, none, advantage, and the
// Power check's success weight without and with advantage.
struct PairOdds {
    std::int16_t hit[3] = {0, 0, 0}, crit[3] = {0, 0, 0};
    std::int16_t power[2] = {0, 0};
    // Expected casualties x 400^3 (before an Undead check and doubling effects)
    // by [advantage + 1][Power advantage].
    std::int64_t value[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    // The order of battle: allowed by the two types, and the types on the
    // target's side (besides the target) that forbid it while on the field.
    bool legal = true;
    std::uint8_t blocked_by = 0;
    // Expected value without / with a Charge, when it never changes (`fixed`).
    bool fixed = false;
    std::int64_t fixed_value[2] = {0, 0};
};

// Pass weight out of 400 of a d20 check with advantage (+1), none (0) or
// disadvantage (-1) of `bonus` against `dc`; natural 1s fail when `nat1`.
int pass_weight(int adv, int bonus, int dc, bool nat1);

// What the battle state reads of a unit in its inner loops, side by side in
// one small record (BattleUnit keeps the whole card, names and all).
struct UnitFact {
    std::int8_t side = 0, max = 6, morale = 0;
    Type type = Type::Infantry;
    std::uint32_t traits = 0;
    bool siege = false, siege_type = false, checks_undead = false, unpaid = false;
};

// Which of a unit's fields the canonical key holds (State::key_layout).
struct BattleKey {
    std::uint8_t die_bits = 3;
    std::uint16_t flags = 0;     // the flags that can matter for this unit
    std::uint8_t flag_bits = 0;  // up to the highest of them
    bool engages = false;        // some unit can charge (or a moment engaged one), and this is no fortification: engagement is kept
    std::uint32_t undead = 0;    // undead enemies it must check against
    // Courageous, once the unit has rallied at 1, can turn no check it could
    // still face (State::courage_layout); false: it always may.
    bool courage_settles = false;
};

struct Battle {
    Options opt;
    Policy pol;
    int rules_version = kRulesVersion;  // whose defaults filled the options the request left out
    std::vector<BattleUnit> units;  // the attacker's, then the defender's
    bool had_infantry[2] = {false, false};
    int leader[2] = {-1, -1};  // the unit marked "leader" on each side
    std::uint32_t forts[2] = {0, 0};  // each side's fortifications, as unit bits
    int first[3] = {0, 0, 0};         // side s's units are first[s] .. first[s + 1] - 1
    int count = 0;                    // units.size(), by prepare_battle()
    bool heals = false;    // Regenerate or Ravenous: casualty dice can go up
    bool any_undead = false;
    std::vector<PairOdds> pairs;  // [attacker * units + target], by prepare_battle()
    std::vector<BattleKey> key;   // per unit, by prepare_battle()
    std::vector<UnitFact> facts;  // per unit, by prepare_battle()
    bool any_charge = false;
    // An order's moment sets up an engagement (the advisor): engagement is
    // kept in the key even where no unit can charge.
    bool set_engaged = false;
    // Walls can be engaged (a charger, and a fortification, which keeps its
    // side of an engagement out of the key): unpack() restores it.
    bool walls_engage = false;
    // Some unit's plan reads casualty dice (Ravenous feeding, Martial on current
    // dice, targeting the weakest or strongest): only then does a die's change
    // make the sampler's remembered plans stale.
    bool plans_read_dice = true;
    bool full_key = false;  // tests: pack every field (the canonical key is checked against it)
    std::uint8_t unit_bits = 1, order_bits = 1;  // key widths
};

// The order of battle for one attacker and one target, from their types: the
// attack refused outright (its words), or the types on the target's side that
// shield it while on the field (each with its words). The battle's pair
// tables (may_attack) and its reasons in words (illegal) both read this.
struct OrderOfBattle {
    const char* refused = nullptr;
    struct Shield {
        std::uint8_t by;  // type bits
        const char* why;
    };
    std::vector<Shield> shields;
};
OrderOfBattle order_of_battle(const BattleUnit& a, const BattleUnit& t);

// One unit of an army, with its "id" and "sapped" fields.
BattleUnit read_battle_unit(const In& u, int side, int index, const UnitReadOptions& ro);

// Fills the derived fields (flags, pair odds) once the units are read.
void prepare_battle(Battle& b);

// Reads "rules_version", "options" and "policy" of a request into `b`.
void read_rules(const In& req, Battle& b);

// Reads {"attacker": {"units": [...]}, "defender": {...}, "options", "policy"}.
// `extra` names further fields the caller reads (solver, seed).
Battle parse_battle(const In& req, std::initializer_list<const char*> extra);

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
    // The same draw as data, for the graph sampler to repeat at a state it
    // has seen without the state: the kind of chance node, its outcome slots
    // and the weights out of 400 draw() compares against. draw_slot() draws
    // exactly what draw() draws from the same generator, and code[slot] is
    // draw()'s outcome code. Rocks hurled at a fortification are not
    // described (Other): the sampler draws those from the state.
    struct DrawSpec {
        enum Kind : std::uint8_t { Other, Uniform, Check, Attack };
        Kind kind = Other;
        std::uint8_t slots = 0;  // Uniform: its n; Check 2; Attack 6
        std::uint16_t a = 0, b = 0, c = 0;  // Check: pass weight; Attack: miss, miss + hit, Power pass weight
        std::array<std::uint8_t, 6> code{};  // Attack: the outcome code of each slot (merged())
        std::uint32_t code_of(std::uint32_t slot) const { return kind == Attack ? code[slot] : slot; }
    };
    DrawSpec draw_spec() const;
    static std::uint32_t draw_slot(const DrawSpec& d, Rng& rng) {
        switch (d.kind) {
            case DrawSpec::Uniform:
                return rng.below(d.slots);
            case DrawSpec::Check:
                return rng.below(400) < d.a ? 1 : 0;
            case DrawSpec::Attack: {
                const std::uint32_t r = rng.below(400);
                if (r < d.a) return 0;
                if (r < d.b) return 1 + (rng.below(400) < d.c ? 1 : 0);
                std::uint32_t k = rng.below(400) < d.c ? 1 : 0;
                k += rng.below(400) < d.c ? 1 : 0;
                return 3 + k;
            }
            default:
                return 0;
        }
    }
    // The exact solver's copies (solve/state.hpp, PausesForSolver): after a
    // chance outcome, apply() stops as soon as no step is waiting (before the
    // turn ends and before the next order is picked), and the key is taken
    // there; unpack() goes on to the next chance node. The policy then runs
    // once per state the solver expands instead of once per move into it.
    void pause_for_solver() { solver_pause_ = true; }
    // Rolled battles and samplers end endless loops by the endless rule.
    void watch_endless() { watch_ = true; }
    // The endless rule's count (battle/endless.cpp): turns with no lasting
    // change, looked at every kWatchTurns turns. The graph sampler
    // (battle/sample.cpp) keeps one beside its walk, from the progress()
    // traced at each turn's end, and hands it to a state it rebuilds.
    static constexpr std::uint32_t kProofTurns = 96, kCapTurns = 2000, kWatchTurns = 8;  // 48, 1,000 and 4 rounds
    struct Watch {
        std::uint32_t still_turns = 0;  // turns since progress() last changed
        std::uint32_t next_proof = kProofTurns;
        std::uint8_t tick = 0;
        bool proof_due = false;  // the next chance node runs endless_rule()
        std::uint64_t still_progress = ~std::uint64_t{0};  // the last field (see operator=)
        // A turn has ended; `progress()` is asked only when it is looked at.
        template <class P>
        void turn_ended(P&& progress);
        // Rounds since the battle last changed for good (as the rule counts them).
        double still_rounds() const { return 0.5 * still_turns; }
        bool operator==(const Watch&) const = default;
    };
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
    struct Order {
        enum Kind : std::uint8_t { Attack, Feed, Sap, Disengage, Retreat, Hold };
        Kind kind = Attack;
        int actor = -1, target = -1;  // an attack's target -1: picked at random (policy "random")
        bool charge = false;
        bool operator==(const Order&) const = default;
    };
    struct UnitMoment {
        int die = 0;  // 0: removed
        int engaged = -1;
        bool exhausted = false, resting = false, charged = false, rallied = false;
        bool courage_used = false, savage_used = false, sapped = false;
    };
    struct Moment {
        std::vector<UnitMoment> units;  // one per unit of the battle
        int side = kAttacker;           // about to act
        int first = kAttacker;          // acts first each round
        int round = 1;
        int orders_given = 0;           // this turn, before the order asked about
    };
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

template <class P>
void State::Watch::turn_ended(P&& progress) {
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

// `request`: the whole request, whose battle (all but its solver and seed)
// names the graph a worker keeps between block calls (nullptr: none kept).
json battle_odds(const Battle& b, const In& solver, const json* request = nullptr);
// Sampled odds of the battle from `root` (the solver's Monte Carlo, with the
// state's own one-number draws).
// It walks a graph of the states its battles have met (battle/sample.cpp) and
// plays exactly the battles sample_battle_generic() plays, one state at a
// time. The graph holds at most `max_bytes`, about 100 bytes a state. The
// default, 8 MB, holds the first 81,000 of the 141,803 states the everyday
// 3v3's 39,000 battles meet: a graph that stays in the processor's caches
// walks faster, and states first met late are seldom met again (with room
// for all of them, the 3v3 samples 15% slower).
struct GraphStats {
    std::size_t nodes = 0, bytes = 0;  // the graph's
    std::uint64_t walked = 0;          // outcomes drawn and followed in the graph
    std::uint64_t taken = 0;           // outcomes played by the rules and added to it
    std::uint64_t played_on = 0;       // battles finished by the rules alone (graph full, rocks, endless rule)
};
constexpr std::size_t kGraphBytes = std::size_t{8} << 20;
class GraphSampler {
public:
    explicit GraphSampler(const State& root, std::size_t max_bytes = kGraphBytes);
    ~GraphSampler();
    // Samples as sample_battle() does, the graph kept from one run to the next.
    MonteCarloStatus run(Tally& tally, const MonteCarloOptions& mo);
    GraphStats stats() const;

private:
    class Graph;
    std::unique_ptr<Graph> g_;
};
MonteCarloStatus sample_battle(const State& root, Tally& tally, const MonteCarloOptions& mo,
                               std::size_t max_bytes = kGraphBytes, GraphStats* stats = nullptr);
MonteCarloStatus sample_battle_generic(const State& root, Tally& tally, const MonteCarloOptions& mo);
json battle_roll(const Battle& b, std::uint64_t seed, std::size_t max_log = BattleLimits::kLogEntries, bool with_log = true);
json attack_call(const In& req);
// How many states the exact solver would reach ("states" call): at most
// max_states, within time_limit_s; "complete" says whether it got to the end.
json count_states(const Battle& b, std::uint64_t max_states, double time_limit_s);
json states_call(const In& req);
json units_json(const Battle& b);
// The order advisor ("advise" call, advisor/calls.cpp).
json advise_call(const In& req);

}  // namespace bc::warfare

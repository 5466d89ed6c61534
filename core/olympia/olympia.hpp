// Olympia PBEM battles (G2 rulebook, section 14: resolution of battle, front
// and rear, fortifications; Health). Two stacks of nobles with their men, the
// defender perhaps inside a structure. One man at a time attacks a random
// enemy target; a side breaks when its strength falls to its break point.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "solve/log.hpp"
#include "solve/state.hpp"

namespace bc::olympia {

enum Side : int { kAttacker = 0, kDefender = 1 };
inline const char* side_id(int s) { return s == kAttacker ? "attacker" : "defender"; }

// The rulebook's fighter table (14.1) and the siege engines (14.4).
struct Kind {
    const char* id;
    const char* name;    // one
    const char* plural;  // many
    int attack, defense, missile;
    bool noncombatant;   // peasant, worker, sailor: the attacker's fight only by option
    bool blessed;        // survives a hit half the time
    bool siege;          // attacks only structures; not in break values
    int missile_class;   // weather: 0 none, 1 bow (rain/wind halve), 2 crossbow (rain/wind quarter)
};
const std::vector<Kind>& kinds();
int kind_index(const std::string& id);  // -1 if unknown

struct StructureKind {
    const char* id;
    const char* name;
    int defense;      // starting defense
    int bonus_limit;  // the first this many men targeted inside get its defense
};
const std::vector<StructureKind>& structure_kinds();

struct Options {
    bool engine_order = false;          // attack_order: "rulebook" | "engine"
    std::string terrain = "land";       // land | ship | swamp
    std::string weather = "clear";      // clear | rain | wind | fog
    bool attackers_noncombatants_fight = false;
    bool stalemate_tie = false;         // stalemate: "defender" | "tie"
    bool siege_overflow = true;
    bool prisoners_count_nobles = true; // prisoner_ratio: "standing" | "men"
};

struct Noble {
    std::string name;
    std::int64_t attack = 80, defense = 80, missile = 0;
    int health = 100, behind = 0, break_point = 50;
    std::vector<std::int64_t> troops;  // by kind index
};

struct Structure {
    bool present = false;
    int kind = 0;  // index into structure_kinds()
    std::int64_t defense = 0, damage = 0;
};

struct Scenario {
    Options options;
    std::vector<Noble> nobles[2];
    Structure structure;  // the defender's
};

struct Limits {
    static constexpr std::size_t kNobles = 100;
    static constexpr std::int64_t kMen = 100'000;     // of one kind under one noble
    static constexpr std::int64_t kSideMen = 1'000'000;
    static constexpr std::int64_t kRating = 10'000;
    static constexpr std::int64_t kStructureDefense = 1'000;
    static constexpr std::size_t kName = 80;
};

Scenario parse(const In& request);
json rules_json();
json options_json(const Options& o);

// Ratings are kept in quarter points so that the weather's halving and
// quartering stay exact (a hit chance A/(A+B) does not change with the scale).
struct Entity {
    int side = 0;
    int noble = 0;     // owner's index into Battle::nobles (himself for a noble)
    int kind = -1;     // -1 for a noble
    bool is_noble = false, leader = false;
    bool siege = false, blessed = false, idle = false;  // idle: does not attack
    int row = 0;       // the owner's behind value
    std::int64_t a4 = 0, d4 = 0, m4 = 0;  // quarter points
    std::int64_t count = 0;               // at the start
    std::int64_t value4() const { return siege ? 0 : std::max(a4, m4) + d4; }
};

struct NobleInfo {
    std::string name;
    int side = 0, index = 0;  // index within its side
    int entity = 0;
    int health = 100;
    std::vector<int> troops;  // entity indices of his men
};

// The men of one kind on one side, as one series of the odds (State::schema).
struct MenSeries {
    int side = 0, kind = 0;
    std::vector<int> ents;
};

struct Battle {
    Options options;
    std::vector<Entity> ents;
    std::vector<NobleInfo> nobles;
    Structure structure;
    int bonus_limit = 0;
    std::string structure_name;
    std::int64_t start4[2] = {0, 0};
    int break_point[2] = {50, 50};
    int leader[2] = {0, 0};  // noble index of each stack leader
    // Roll attacks in three steps (attacker, target, blow) so the log can say
    // who struck whom; the solvers use one chance node per attack where the
    // weights fit in 32 bits.
    bool detailed = false;
    std::vector<MenSeries> men_series;  // side by side, kinds in table order
};
Battle prepare(const Scenario& s, bool detailed);

enum Result : int { kRunning = -1, kAttackerWins = 0, kDefenderWins = 1, kTie = 2 };
extern const std::vector<std::string> kOutcomes;

// Chance of death for a hit noble: the wound takes 1-100 health, uniformly.
inline double p_killed_by_wound(int health) { return health >= 101 ? 0.0 : (101.0 - health) / 100.0; }
// Chance that each surviving noble of the loser is taken: 25% per 1:1, in 25%..75%.
// In quarters: clamp(winner, loser, 3 loser) / (4 loser); a loser with nobody left: 3/4.
struct Chance {
    std::int64_t num, den;
    double p() const { return static_cast<double>(num) / static_cast<double>(den); }
};
Chance capture_chance(std::int64_t winner, std::int64_t loser) noexcept;

// The defender's structure now: defense, damage, and how many men inside have
// been targeted (the bonus protects the first bonus_limit of them).
struct Works {
    std::int32_t def = 0, dmg = 0, targeted = 0;
};

// Who may strike and be struck now (filled by survey(), field.hpp).
struct Field {
    struct Attacker {
        int e;
        std::int64_t weight, rating;  // men, quarter points
    };
    struct Target {
        int t;  // entity, or ents.size() for the structure
        std::int64_t weight, defense;
    };
    std::vector<Attacker> attackers[2];
    std::vector<Target> targets[2];  // targets on that side
    std::vector<Target> works_only;  // a siege engine's only target: the structure, while it stands
    std::int64_t attacker_men[2] = {0, 0};
    std::int64_t target_weight[2] = {0, 0};
    int front[2] = {0, 0};
};

class State {
public:
    explicit State(std::shared_ptr<const Battle> b, Log* log = nullptr);
    bool is_terminal() const { return result_ != kRunning; }
    void chance_outcomes(Outcomes& out) const;
    void apply(std::uint32_t code, Log* log);
    // Rolls an attack the way the rules say (attacker, target, blow) and
    // returns the outcome code, with exactly chance_outcomes()' weights.
    std::uint32_t sample(Dice& dice) const;
    void pack(KeyWriter& w) const;
    void unpack(KeyReader& r);
    std::uint64_t progress() const;
    void record(Recorder& r) const;
    double step_weight() const { return stage_ == 0 ? 1.0 : 0.0; }

    static Schema schema(const Battle& b);
    int result() const { return result_; }
    bool stalemate() const { return stalemate_; }
    std::int64_t count(int e) const { return n_[static_cast<std::size_t>(e)]; }
    std::int64_t value4(int side) const;
    std::int64_t standing(int side, bool with_nobles) const;  // for prisoners
    std::int64_t structure_defense() const { return sdef_; }
    std::int64_t structure_damage() const { return sdmg_; }
    std::uint64_t attacks() const { return attacks_; }
    std::uint64_t misses() const { return misses_; }

    // Who may strike and be struck now (field.hpp).
    using View = Field;
    using Target = Field::Target;
    View view() const;
    void fill_view(View& v) const;
    const std::int32_t* counts() const { return n_.data(); }
    Works works() const { return {sdef_, sdmg_, targeted_}; }
    // The side whose slot is next in the engine order.
    int engine_side() const;

private:
    View& scratch_view() const;  // a reused View (no allocation per attack)
    int structure_index() const { return static_cast<int>(b_->ents.size()); }
    bool bonus_counting() const;
    bool plan(const View& v, int s0, int s1, std::uint64_t& L) const;
    void combined_outcomes(const View& v, std::uint64_t L, Outcomes& out) const;
    std::uint32_t blow_code(int t, int v) const;
    // One blow's effect: `variant` 0 a miss, 1.. a hit (blessed: 2 survives;
    // a siege engine on a structure: damage 4 + variant).
    void strike(int attacker, int target, int variant, Log* log);
    void settle(Log* log);
    void end_slot(int side);
    std::string who(int e) const;

    std::shared_ptr<const Battle> b_;
    std::vector<std::int32_t> n_;
    std::int32_t sdef_ = 0, sdmg_ = 0, targeted_ = 0;
    std::int32_t slots_[2] = {0, 0};
    std::int8_t turn_ = 0;
    std::int8_t stage_ = 0;          // 0 ready, 1 attacker chosen, 2 target chosen
    std::int32_t pe_ = -1, pt_ = -1; // pending attacker and target
    std::int8_t result_ = kRunning;
    bool stalemate_ = false;
    bool staged_ = false;            // this battle's nodes are in three steps
    // For the log only (not in the key).
    std::uint64_t attacks_ = 0, misses_ = 0;
};

json odds(const Scenario& s, const In& solver);
json roll(const Scenario& s, std::uint64_t seed, bool with_log = true);

}  // namespace bc::olympia

// Strongholds & Followers (MCDM, 2019), Warfare chapter: the tables for
// building units ("Creating Your Own Units", p. 235ff). Every number lives in
// tables.cpp, once; the rest of the rule system reads it from here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace bc::warfare {

// Attack, Power, Defense, Toughness, Morale bonuses (Defense and Toughness
// are added to 10 on the card).
struct Bonuses {
    int attack = 0, power = 0, defense = 0, toughness = 0, morale = 0;
};
inline Bonuses operator+(Bonuses a, const Bonuses& b) {
    a.attack += b.attack;
    a.power += b.power;
    a.defense += b.defense;
    a.toughness += b.toughness;
    a.morale += b.morale;
    return a;
}

// The traits the rules know, as bits so a unit's traits fit one word.
enum class Trait : std::uint32_t {
    Amphibious,
    BredForWar,
    Brutal,
    Courageous,
    Eternal,
    Feast,
    Horrify,
    Martial,
    Mindless,
    Regenerate,
    Ravenous,
    HurlRocks,
    Savage,
    Stalwart,
    TwistingRoots,
    Undead,
    Charge,            // cavalry's type trait (and some units')
    SiegeEngine,       // the treant's ancestry trait: counts as a siege unit
    AlwaysDiminished,  // levies' type rule
    Count
};
constexpr std::uint32_t bit(Trait t) { return 1u << static_cast<std::uint32_t>(t); }

struct TraitRow {
    Trait trait;
    const char* id;
    const char* name;
    int cost;          // gold pieces added to the unit's cost
    bool priced;       // false: the book gives no cost (0 is used)
    const char* text;  // in this project's own words
};

enum class Type : int { Airborne, Archers, Cavalry, Levies, Infantry, SiegeEngine, Fortification };

struct TypeRow {
    Type type;
    const char* id;
    const char* name;
    Bonuses bonuses;
    int cost_percent;  // cost modifier x100; 0 for fortifications (not priced)
    std::uint32_t traits;
};

struct AncestryRow {
    const char* id;
    const char* name;
    Bonuses bonuses;
    std::uint32_t traits;
    const char* traits_as_printed;  // the book's names (Frenzy, Martial Advantage, ...)
};

struct LevelRow {  // experience and equipment
    const char* id;
    const char* name;
    Bonuses bonuses;
};

struct SizeRow {
    int faces;
    const char* id;
    int cost_percent;  // 0: the book gives no modifier (d20)
};

struct AttitudeRow {
    const char* id;
    const char* name;
    int cost_percent;  // 0: cannot buy
    const char* text;
};

// A printed card the tables should reproduce, with what the book prints.
struct BookCard {
    const char* name;
    const char* ancestry;
    const char* experience;
    const char* equipment;
    const char* type;
    const char* size;
    int book_cost;
    int table_cost;
    const char* note;  // empty when the tables agree with the book
};

const std::vector<AncestryRow>& ancestries();
const std::vector<LevelRow>& experiences();
const std::vector<LevelRow>& equipments();
const std::vector<TypeRow>& types();
const std::vector<SizeRow>& sizes();
const std::vector<TraitRow>& traits();
const std::vector<AttitudeRow>& attitudes();
const std::vector<BookCard>& book_cards();

// Lookups by id; nullptr when unknown.
const AncestryRow* find_ancestry(const std::string& id);
const LevelRow* find_experience(const std::string& id);
const LevelRow* find_equipment(const std::string& id);
const TypeRow* find_type(const std::string& id);
const TypeRow& type_row(Type t);
const SizeRow* find_size(int faces);
const TraitRow& trait_row(Trait t);
// Accepts the book's other names: "frenzy" is Feast, "martial-advantage" is Martial.
const TraitRow* find_trait(const std::string& id);
const AttitudeRow* find_attitude(const std::string& id);

std::vector<std::string> ancestry_ids();
std::vector<std::string> experience_ids();
std::vector<std::string> equipment_ids();
std::vector<std::string> type_ids();
std::vector<std::string> size_ids();
std::vector<std::string> trait_ids();
std::vector<std::string> attitude_ids();

// Experience levels in order, for rules that name them (Undead) and improvement.
int experience_rank(const std::string& id);  // -1 when none
int equipment_rank(const std::string& id);   // -1 when none

// The DC the rules use for most Morale checks, and for disengaging.
constexpr int kMoraleDC = 15;
constexpr int kDisengageDC = 13;
constexpr int kFlatCost = 30;

}  // namespace bc::warfare

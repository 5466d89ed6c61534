#include "warfare/tables.hpp"

namespace bc::warfare {

namespace {
constexpr std::uint32_t T(Trait t) { return bit(t); }
}  // namespace

// Unit Ancestry table, S&F p. 235. Frenzy is printed in the ancestry table but
// only Feast has a text and cost; Martial Advantage likewise is Martial.
const std::vector<AncestryRow>& ancestries() {
    static const std::vector<AncestryRow> rows = {
        {"bugbear", "Bugbear", {2, 0, 0, 0, 1}, T(Trait::Martial), "Martial"},
        {"dragonborn", "Dragonborn", {2, 2, 1, 1, 1}, T(Trait::Courageous), "Courageous"},
        {"dwarf", "Dwarf", {3, 1, 1, 1, 2}, T(Trait::Stalwart), "Stalwart"},
        {"elf", "Elf", {2, 0, 0, 0, 1}, T(Trait::Eternal), "Eternal"},
        {"elf-winged", "Elf (winged)", {1, 1, 0, 0, 1}, T(Trait::Eternal), "Eternal"},
        {"ghoul", "Ghoul", {-1, 0, 2, 2, 0}, T(Trait::Undead) | T(Trait::Horrify) | T(Trait::Ravenous),
         "Undead, Horrify, Ravenous"},
        {"gnoll", "Gnoll", {2, 0, 0, 0, 1}, T(Trait::Feast), "Frenzy"},
        {"gnome", "Gnome", {1, -1, 1, -1, 1}, 0, ""},
        {"goblin", "Goblin", {-1, -1, 1, -1, 0}, 0, ""},
        {"hobgoblin", "Hobgoblin", {2, 0, 0, 0, 1}, T(Trait::BredForWar) | T(Trait::Martial),
         "Bred for War, Martial Advantage"},
        {"human", "Human", {2, 0, 0, 0, 1}, T(Trait::Courageous), "Courageous"},
        {"kobold", "Kobold", {-1, -1, 1, -1, -1}, 0, ""},
        {"lizardfolk", "Lizardfolk", {2, 1, -1, 1, 1}, T(Trait::Amphibious), "Amphibious"},
        {"ogre", "Ogre", {0, 2, 0, 2, 1}, T(Trait::Brutal), "Brutal"},
        {"orc", "Orc", {2, 1, 1, 1, 2}, T(Trait::Savage), "Savage"},
        {"skeleton", "Skeleton", {-2, -1, 1, 1, 1}, T(Trait::Undead) | T(Trait::Mindless), "Undead, Mindless"},
        {"treant", "Treant", {0, 2, 0, 2, 0}, T(Trait::SiegeEngine) | T(Trait::TwistingRoots) | T(Trait::HurlRocks),
         "Siege Engine, Twisting Roots, Hurl Rocks"},
        {"troll", "Troll", {0, 2, 0, 2, 0}, T(Trait::Regenerate), "Regenerate"},
        {"zombie", "Zombie", {-2, 0, 2, 2, 2}, T(Trait::Undead) | T(Trait::Mindless), "Undead, Mindless"},
    };
    return rows;
}

// Unit Experience table, S&F p. 236 (in order: Undead and improvement use the rank).
const std::vector<LevelRow>& experiences() {
    static const std::vector<LevelRow> rows = {
        {"green", "Green", {0, 0, 0, 0, 0}},     {"regular", "Regular", {1, 0, 0, 1, 1}},
        {"seasoned", "Seasoned", {1, 0, 0, 1, 2}}, {"veteran", "Veteran", {1, 0, 0, 1, 3}},
        {"elite", "Elite", {2, 0, 0, 2, 4}},     {"super-elite", "Super-elite", {2, 0, 0, 2, 5}},
    };
    return rows;
}

// Unit Equipment table, S&F p. 236.
const std::vector<LevelRow>& equipments() {
    static const std::vector<LevelRow> rows = {
        {"light", "Light", {0, 1, 1, 0, 0}},
        {"medium", "Medium", {0, 2, 2, 0, 0}},
        {"heavy", "Heavy", {0, 4, 4, 0, 0}},
        {"super-heavy", "Super-heavy", {0, 6, 6, 0, 0}},
    };
    return rows;
}

// Unit Type table with cost modifiers, S&F p. 236. Fortifications are a type
// in the text (p. 233) but have no row: no bonuses and no price.
const std::vector<TypeRow>& types() {
    static const std::vector<TypeRow> rows = {
        {Type::Airborne, "airborne", "Airborne", {0, 0, 0, 0, 3}, 200, 0},
        {Type::Archers, "archers", "Archers", {0, 1, 0, 0, 1}, 175, 0},
        {Type::Cavalry, "cavalry", "Cavalry", {1, 1, 0, 0, 2}, 150, T(Trait::Charge)},
        {Type::Levies, "levies", "Levies", {0, 0, 0, 0, -1}, 75, T(Trait::AlwaysDiminished)},
        {Type::Infantry, "infantry", "Infantry", {0, 0, 1, 1, 0}, 100, 0},
        {Type::SiegeEngine, "siege-engine", "Siege Engine", {1, 1, 0, 1, 0}, 150, 0},
        {Type::Fortification, "fortification", "Fortification", {0, 0, 0, 0, 0}, 0, 0},
    };
    return rows;
}

// Unit Size table, S&F p. 237: the casualty die and its cost modifier. The
// text calls d20 the largest die (p. 232) but the table gives it no modifier.
const std::vector<SizeRow>& sizes() {
    static const std::vector<SizeRow> rows = {
        {4, "d4", 66}, {6, "d6", 100}, {8, "d8", 133}, {10, "d10", 166}, {12, "d12", 200}, {20, "d20", 0},
    };
    return rows;
}

// Unit Traits table, S&F p. 236 (costs), with Charge (p. 237), the treant's
// Siege Engine and levies' rule, which the table does not price.
const std::vector<TraitRow>& traits() {
    static const std::vector<TraitRow> rows = {
        {Trait::Amphibious, "amphibious", "Amphibious", 50, true,
         "Fights as well in water as on land: no terrain penalty for either."},
        {Trait::BredForWar, "bred-for-war", "Bred for War", 100, true,
         "Never diminished, and never at a disadvantage on Morale checks."},
        {Trait::Brutal, "brutal", "Brutal", 200, true, "A successful Power check inflicts two casualties, not one."},
        {Trait::Courageous, "courageous", "Courageous", 50, true,
         "Once per battle, a Morale check this unit has just failed becomes a success."},
        {Trait::Eternal, "eternal", "Eternal", 50, true,
         "Cannot be horrified, and passes every Morale check it needs to attack undead or fiends."},
        {Trait::Feast, "feast", "Feast", 50, true,
         "When its attack leaves an enemy unit diminished, it attacks that unit once more at once, for free. "
         "(The ancestry table calls it Frenzy.)"},
        {Trait::Horrify, "horrify", "Horrify", 200, true,
         "An enemy unit it inflicts a casualty on makes a DC 15 Morale check; failing exhausts that unit."},
        {Trait::Martial, "martial", "Martial", 100, true,
         "A successful Power check inflicts two casualties when this unit's size is greater than its target's. "
         "(The ancestry table calls it Martial Advantage.)"},
        {Trait::Mindless, "mindless", "Mindless", 100, true, "Never fails a Morale check."},
        {Trait::Regenerate, "regenerate", "Regenerate", 200, true,
         "Each time it refreshes, its casualty die goes up by one (never past its size). Battle magic that "
         "inflicts a casualty on it ends this for the battle."},
        {Trait::Ravenous, "ravenous", "Ravenous", 50, true,
         "While any enemy unit is diminished, it may spend an order feeding: its casualty die goes up by one."},
        {Trait::HurlRocks, "hurl-rocks", "Hurl Rocks", 250, true,
         "A successful Attack check inflicts two casualties with no Power check; against a fortification, 1d6."},
        {Trait::Savage, "savage", "Savage", 50, true, "Advantage on the first Attack check it makes in a battle."},
        {Trait::Stalwart, "stalwart", "Stalwart", 50, true,
         "Enemy battle magic makes its Power checks against this unit with disadvantage."},
        {Trait::TwistingRoots, "twisting-roots", "Twisting Roots", 200, true,
         "As an order, saps the walls of an enemy fortification: siege units then make Power checks against it "
         "with advantage."},
        {Trait::Undead, "undead", "Undead", 50, true,
         "Levies, Green and Regular units must pass a DC 15 Morale check before attacking it; each of them needs "
         "to pass only once."},
        {Trait::Charge, "charge", "Charge", 0, false,
         "An attack with advantage; a successful Power check inflicts two casualties and engages the charger with "
         "its target. Not possible while engaged. All cavalry have it; the book gives it no price."},
        {Trait::SiegeEngine, "siege-engine", "Siege Engine", 0, false,
         "Counts as a siege engine: may attack fortifications and gains siege units' advantage against sapped "
         "walls. The book gives it no price."},
        {Trait::AlwaysDiminished, "always-diminished", "Always diminished", 0, false,
         "Levies count as diminished at any size: every casualty prompts a DC 15 Morale check."},
    };
    return rows;
}

// Ancestry and Attitude, S&F p. 238: what a unit of another ancestry charges.
const std::vector<AttitudeRow>& attitudes() {
    static const std::vector<AttitudeRow> rows = {
        {"allied", "Allied", 100, "normal cost to buy and upkeep"},
        {"friendly", "Friendly", 125, "25% more to buy and upkeep"},
        {"neutral", "Neutral", 150, "50% more to buy and upkeep"},
        {"hostile", "Hostile", 0, "cannot be bought"},
    };
    return rows;
}

// The book's printed cards that the tables reproduce, and the worked example
// (p. 238) that they do not.
const std::vector<BookCard>& book_cards() {
    static const std::vector<BookCard> rows = {
        {"Human Regular Medium Infantry", "human", "regular", "medium", "infantry", "d6", 220, 220, ""},
        {"Human Regular Light Archers", "human", "regular", "light", "archers", "d4", 230, 230, ""},
        {"Gnoll Regular Light Infantry", "gnoll", "regular", "light", "infantry", "d4", 159, 159, ""},
        {"Orc Seasoned Medium Archers", "orc", "seasoned", "medium", "archers", "d4", 334, 334, ""},
        {"Rockbreakers", "dwarf", "elite", "heavy", "infantry", "d6", 440, 400,
         "The book's worked example prices Elite Heavy Dwarven Infantry at 440 (bonuses 6 + 6 + 5 + 3 and "
         "Morale +8), but its own tables give Attack +5, Power +5, Defense 16, Toughness 14, Morale +6 and a cost "
         "of 400. This card follows the tables."},
    };
    return rows;
}

namespace {
template <class Row>
const Row* find_by_id(const std::vector<Row>& rows, const std::string& id) {
    for (const auto& r : rows)
        if (id == r.id) return &r;
    return nullptr;
}
template <class Row>
std::vector<std::string> ids_of(const std::vector<Row>& rows) {
    std::vector<std::string> v;
    for (const auto& r : rows) v.emplace_back(r.id);
    return v;
}
}  // namespace

const AncestryRow* find_ancestry(const std::string& id) { return find_by_id(ancestries(), id); }
const LevelRow* find_experience(const std::string& id) { return find_by_id(experiences(), id); }
const LevelRow* find_equipment(const std::string& id) { return find_by_id(equipments(), id); }
const TypeRow* find_type(const std::string& id) { return find_by_id(types(), id); }
const AttitudeRow* find_attitude(const std::string& id) { return find_by_id(attitudes(), id); }

const TypeRow& type_row(Type t) { return types()[static_cast<std::size_t>(t)]; }

const SizeRow* find_size(int faces) {
    for (const auto& r : sizes())
        if (r.faces == faces) return &r;
    return nullptr;
}

const TraitRow& trait_row(Trait t) {
    for (const auto& r : traits())
        if (r.trait == t) return r;
    return traits().front();
}

const TraitRow* find_trait(const std::string& id) {
    if (id == "frenzy") return &trait_row(Trait::Feast);
    if (id == "martial-advantage") return &trait_row(Trait::Martial);
    return find_by_id(traits(), id);
}

std::vector<std::string> ancestry_ids() { return ids_of(ancestries()); }
std::vector<std::string> experience_ids() { return ids_of(experiences()); }
std::vector<std::string> equipment_ids() { return ids_of(equipments()); }
std::vector<std::string> type_ids() { return ids_of(types()); }
std::vector<std::string> size_ids() { return ids_of(sizes()); }
std::vector<std::string> attitude_ids() { return ids_of(attitudes()); }
std::vector<std::string> trait_ids() {
    auto v = ids_of(traits());
    v.emplace_back("frenzy");
    v.emplace_back("martial-advantage");
    return v;
}

int experience_rank(const std::string& id) {
    const auto& rows = experiences();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (id == rows[i].id) return static_cast<int>(i);
    return -1;
}

int equipment_rank(const std::string& id) {
    const auto& rows = equipments();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (id == rows[i].id) return static_cast<int>(i);
    return -1;
}

}  // namespace bc::warfare

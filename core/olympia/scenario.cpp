// Olympia: the tables, the options, and reading a scenario.
#include <algorithm>

#include "olympia/olympia.hpp"

namespace bc::olympia {

const std::vector<std::string> kOutcomes = {"attacker", "defender", "tie"};

// Olympia G2 rulebook 14.1 (fighters) and 14.4 (siege engines).
const std::vector<Kind>& kinds() {
    static const std::vector<Kind> k = {
        {"peasant", "peasant", "peasants", 1, 1, 0, true, false, false, 0},
        {"worker", "worker", "workers", 1, 1, 0, true, false, false, 0},
        {"sailor", "sailor", "sailors", 1, 1, 0, true, false, false, 0},
        {"soldier", "soldier", "soldiers", 5, 5, 0, false, false, false, 0},
        {"pikeman", "pikeman", "pikemen", 5, 30, 0, false, false, false, 0},
        {"swordsman", "swordsman", "swordsmen", 15, 15, 0, false, false, false, 0},
        {"pirate", "pirate", "pirates", 5, 5, 0, false, false, false, 0},
        {"knight", "knight", "knights", 45, 45, 0, false, false, false, 0},
        {"elite_guard", "elite guard", "elite guards", 90, 90, 0, false, false, false, 0},
        {"crossbowman", "crossbowman", "crossbowmen", 1, 1, 25, false, false, false, 2},
        {"archer", "archer", "archers", 5, 5, 50, false, false, false, 1},
        {"elite_archer", "elite archer", "elite archers", 10, 10, 75, false, false, false, 1},
        {"blessed_soldier", "blessed soldier", "blessed soldiers", 5, 5, 0, false, true, false, 0},
        {"catapult", "catapult", "catapults", 25, 200, 25, false, false, true, 0},
        {"battering_ram", "battering ram", "battering rams", 30, 250, 0, false, false, true, 0},
        {"siege_tower", "siege tower", "siege towers", 30, 250, 0, false, false, true, 0},
    };
    return k;
}

int kind_index(const std::string& id) {
    const auto& k = kinds();
    for (std::size_t i = 0; i < k.size(); ++i)
        if (id == k[i].id) return static_cast<int>(i);
    return -1;
}

// 14.4: defense of each structure, and how many men inside are protected.
const std::vector<StructureKind>& structure_kinds() {
    static const std::vector<StructureKind> s = {
        {"castle", "castle", 50, 500}, {"tower", "tower", 40, 100},    {"galley", "galley", 20, 50},
        {"roundship", "roundship", 10, 50}, {"temple", "temple", 10, 50}, {"mine", "mine", 10, 50},
        {"inn", "inn", 10, 50},
    };
    return s;
}

namespace {

std::vector<std::string> kind_ids() {
    std::vector<std::string> v;
    for (const auto& k : kinds()) v.emplace_back(k.id);
    return v;
}

std::vector<std::string> structure_ids() {
    std::vector<std::string> v;
    for (const auto& k : structure_kinds()) v.emplace_back(k.id);
    return v;
}

struct Choice {
    const char* id;
    const char* name;
    const char* text;
};
struct OptionDef {
    const char* id;
    const char* name;
    const char* type;  // choice | bool
    std::vector<Choice> choices;
    json def;
    const char* text;
};

const std::vector<OptionDef>& option_defs() {
    static const std::vector<OptionDef> d = {
        {"attack_order", "Attack order", "choice",
         {{"rulebook", "Rulebook", "Each attack, one man is picked at random from every man able to attack on both sides (14.1 step 1)."},
          {"engine", "Game engine",
           "The sides alternate; each side takes as many attacks per cycle as it has men able to attack "
           "(counted at the cycle's start), the attacker first, the larger side taking its surplus in a row. "
           "Each slot goes to a random able man of its side; a side loses slots it has no able men left for."}},
         "rulebook", "The rulebook picks attackers from both sides at random; the G2 engine let the sides take turns."},
        {"terrain", "Terrain", "choice",
         {{"land", "Land", "The table's ratings."},
          {"ship", "On a ship", "Pirates fight at 15/15; knights and elite guard lose 25 attack and defense."},
          {"swamp", "Swamp", "Knights and elite guard lose 25 attack and defense."}},
         "land", "14.1: the figures in brackets."},
        {"weather", "Weather", "choice",
         {{"clear", "Clear", "No effect."},
          {"rain", "Rain", "Archers' and elite archers' missile halved, crossbowmen's quartered."},
          {"wind", "Wind", "Archers' and elite archers' missile halved, crossbowmen's quartered."},
          {"fog", "Fog", "Every missile rating quartered."}},
         "clear", "Ratings are kept exactly (in quarter points), so a halved 75 is 37.5."},
        {"attackers_noncombatants_fight", "Attacker's peasants, workers and sailors fight", "bool", {}, false,
         "They do not attack unless this is set; the defender's always fight. Either way they can be struck "
         "and count toward break values."},
        {"stalemate", "If nobody can attack", "choice",
         {{"defender", "Defender holds", "The attack fails: the defender wins."},
          {"tie", "Tie", "Neither side wins."}},
         "defender",
         "The rulebook does not say what happens when neither side has a man who can strike (for example "
         "non-fighting peasants against a wounded noble)."},
        {"siege_overflow", "Siege damage carries over", "bool", {}, true,
         "A siege engine's 5-10 points first lower the structure's defense; with this set, what is left once "
         "defense reaches 0 becomes damage. The rulebook does not say."},
        {"prisoner_ratio", "Prisoner odds count", "choice",
         {{"standing", "Men and nobles", "Living men (not siege engines) and nobles not wounded."},
          {"men", "Men only", "Living men (not siege engines)."}},
         "standing",
         "Prisoner odds follow the sizes of the remaining forces (25% at 1:1, 50% at 2:1, 75% at 3:1, "
         "between 25% and 75%); the rulebook does not say exactly who counts."},
    };
    return d;
}

json defs_json() {
    json out = json::array();
    for (const auto& d : option_defs()) {
        json j = {{"id", d.id}, {"name", d.name}, {"type", d.type}, {"default", d.def}, {"text", d.text}};
        if (std::string(d.type) == "choice") {
            json cs = json::array();
            for (const auto& c : d.choices) cs.push_back({{"id", c.id}, {"name", c.name}, {"text", c.text}});
            j["choices"] = cs;
        }
        out.push_back(j);
    }
    return out;
}

Options parse_options(const In& in) {
    std::vector<std::string> known;
    for (const auto& d : option_defs()) known.emplace_back(d.id);
    in.only(known);
    Options o;
    auto choice = [&](const OptionDef& d) {
        std::vector<std::string> ids;
        for (const auto& c : d.choices) ids.emplace_back(c.id);
        return in.choice(d.id, ids, d.def.get<std::string>());
    };
    const auto& d = option_defs();
    o.engine_order = choice(d[0]) == "engine";
    o.terrain = choice(d[1]);
    o.weather = choice(d[2]);
    o.attackers_noncombatants_fight = in.boolean(d[3].id, false);
    o.stalemate_tie = choice(d[4]) == "tie";
    o.siege_overflow = in.boolean(d[5].id, true);
    o.prisoners_count_nobles = choice(d[6]) == "standing";
    return o;
}

std::vector<Noble> parse_side(const In& side, int s) {
    if (s == kAttacker)
        side.only({"nobles"});
    else
        side.only({"nobles", "structure"});
    const auto list = side.list("nobles", Limits::kNobles, false);
    if (list.empty()) side.fail_at("nobles", "must list at least one noble: the first is the stack leader");
    std::vector<Noble> out;
    std::int64_t men = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const In& n = list[i];
        n.must_be_object();
        n.only({"name", "attack", "defense", "missile", "health", "behind", "break_point", "troops"});
        Noble x;
        x.name = n.text("name", Limits::kName,
                        std::string(s == kAttacker ? "Attacker" : "Defender") + " noble " + std::to_string(i + 1));
        x.attack = n.integer("attack", 0, Limits::kRating, 80);
        x.defense = n.integer("defense", 0, Limits::kRating, 80);
        x.missile = n.integer("missile", 0, Limits::kRating, 0);
        x.health = static_cast<int>(n.integer("health", 1, 100, 100));
        x.behind = static_cast<int>(n.integer("behind", 0, 9, 0));
        x.break_point = static_cast<int>(n.integer("break_point", 0, 100, 50));
        const In troops = n.object("troops");
        troops.only(kind_ids());
        x.troops.assign(kinds().size(), 0);
        for (std::size_t k = 0; k < kinds().size(); ++k) {
            x.troops[k] = troops.integer(kinds()[k].id, 0, Limits::kMen, 0);
            men += x.troops[k];
        }
        if (men > Limits::kSideMen)
            n.fail_at("troops", "makes the " + std::string(side_id(s)) + " more than " +
                                    std::to_string(Limits::kSideMen) + " men in all");
        out.push_back(std::move(x));
    }
    return out;
}

}  // namespace

Scenario parse(const In& r) {
    r.only({"ruleset", "title", "options", "attacker", "defender", "solver", "seed", "log"});
    if (r.has("title")) r.text("title", 200);
    Scenario s;
    s.options = parse_options(r.object("options"));
    s.nobles[kAttacker] = parse_side(r.object("attacker", false), kAttacker);
    const In def = r.object("defender", false);
    s.nobles[kDefender] = parse_side(def, kDefender);
    if (def.has("structure")) {
        const In st = def.object("structure");
        st.only({"kind", "defense", "damage"});
        const auto ids = structure_ids();
        const std::string kind = st.choice("kind", ids);
        s.structure.present = true;
        s.structure.kind = static_cast<int>(std::find(ids.begin(), ids.end(), kind) - ids.begin());
        s.structure.defense = st.integer("defense", 0, Limits::kStructureDefense,
                                         structure_kinds()[static_cast<std::size_t>(s.structure.kind)].defense);
        s.structure.damage = st.integer("damage", 0, 99, 0);
    }
    return s;
}

json options_json(const Options& o) {
    return {{"attack_order", o.engine_order ? "engine" : "rulebook"},
            {"terrain", o.terrain},
            {"weather", o.weather},
            {"attackers_noncombatants_fight", o.attackers_noncombatants_fight},
            {"stalemate", o.stalemate_tie ? "tie" : "defender"},
            {"siege_overflow", o.siege_overflow},
            {"prisoner_ratio", o.prisoners_count_nobles ? "standing" : "men"}};
}

namespace {
// Effective ratings in quarter points: terrain, then weather.
void rate(Entity& e, const Kind* k, std::int64_t a, std::int64_t d, std::int64_t m, const Options& o) {
    if (k) {
        const std::string id = k->id;
        if (o.terrain == "ship" && id == "pirate") a = d = 15;
        if ((o.terrain == "ship" || o.terrain == "swamp") && (id == "knight" || id == "elite_guard")) {
            a -= 25;
            d -= 25;
        }
    }
    std::int64_t m4 = m * 4;
    if (o.weather == "fog")
        m4 = m;
    else if (o.weather == "rain" || o.weather == "wind") {
        if (k && k->missile_class == 1) m4 = m * 2;
        if (k && k->missile_class == 2) m4 = m;
    }
    e.a4 = a * 4;
    e.d4 = d * 4;
    e.m4 = m4;
}
}  // namespace

Battle prepare(const Scenario& s, bool detailed) {
    Battle b;
    b.options = s.options;
    b.detailed = detailed;
    b.structure = s.structure;
    if (s.structure.present) {
        const auto& sk = structure_kinds()[static_cast<std::size_t>(s.structure.kind)];
        b.bonus_limit = sk.bonus_limit;
        b.structure_name = sk.name;
    }
    for (int side = 0; side < 2; ++side) {
        const auto& list = s.nobles[side];
        b.leader[side] = static_cast<int>(b.nobles.size());
        b.break_point[side] = list.empty() ? 50 : list[0].break_point;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Noble& n = list[i];
            NobleInfo info;
            info.name = n.name;
            info.side = side;
            info.index = static_cast<int>(i);
            info.health = n.health;
            const int ni = static_cast<int>(b.nobles.size());
            Entity ne;
            ne.side = side;
            ne.noble = ni;
            ne.is_noble = true;
            ne.leader = i == 0;
            ne.row = n.behind;
            ne.count = 1;
            rate(ne, nullptr, n.attack, n.defense, n.missile, s.options);
            info.entity = static_cast<int>(b.ents.size());
            b.ents.push_back(ne);
            for (std::size_t k = 0; k < kinds().size(); ++k) {
                if (n.troops[k] <= 0) continue;
                const Kind& kd = kinds()[k];
                Entity e;
                e.side = side;
                e.noble = ni;
                e.kind = static_cast<int>(k);
                e.row = n.behind;
                e.count = n.troops[k];
                e.siege = kd.siege;
                e.blessed = kd.blessed;
                e.idle = kd.noncombatant && side == kAttacker && !s.options.attackers_noncombatants_fight;
                rate(e, &kd, kd.attack, kd.defense, kd.missile, s.options);
                info.troops.push_back(static_cast<int>(b.ents.size()));
                b.ents.push_back(e);
            }
            b.nobles.push_back(std::move(info));
        }
        for (const auto& e : b.ents)
            if (e.side == side) b.start4[side] += e.value4() * e.count;
        for (std::size_t k = 0; k < kinds().size(); ++k) {
            MenSeries ms{side, static_cast<int>(k), {}};
            for (std::size_t i = 0; i < b.ents.size(); ++i)
                if (b.ents[i].side == side && b.ents[i].kind == static_cast<int>(k)) ms.ents.push_back(static_cast<int>(i));
            if (!ms.ents.empty()) b.men_series.push_back(std::move(ms));
        }
    }
    return b;
}

json rules_json() {
    json fighters = json::array();
    for (const auto& k : kinds()) {
        json j = {{"id", k.id},           {"name", k.name},       {"plural", k.plural},
                  {"attack", k.attack},   {"defense", k.defense}, {"missile", k.missile},
                  {"noncombatant", k.noncombatant}, {"blessed", k.blessed}, {"siege", k.siege}};
        const std::string id = k.id;
        if (id == "pirate") j["on_ship"] = {{"attack", 15}, {"defense", 15}};
        if (id == "knight") j["on_ship"] = j["in_swamp"] = {{"attack", 20}, {"defense", 20}};
        if (id == "elite_guard") j["on_ship"] = j["in_swamp"] = {{"attack", 65}, {"defense", 65}};
        fighters.push_back(j);
    }
    json structures = json::array();
    for (const auto& s : structure_kinds())
        structures.push_back({{"id", s.id}, {"name", s.name}, {"defense", s.defense}, {"protects", s.bonus_limit}});
    return {
        {"name", "Olympia PBEM"},
        {"source", "Olympia G2 rulebook, section 14 (14.1 Resolution of battle, 14.2 Front and rear, "
                   "14.4 Fortifications, 14.5 Item bonuses) and Health"},
        {"kinds", fighters},
        {"noble", {{"attack", 80}, {"defense", 80}, {"missile", 0}, {"health", 100}}},
        {"structures", structures},
        {"options", defs_json()},
        {"outcomes",
         {{{"id", "attacker"}, {"name", "Attacker wins"}},
          {{"id", "defender"}, {"name", "Defender wins"}},
          {{"id", "tie"}, {"name", "Both break"}}}},
        {"steps",
         {"A man able to attack is picked at random (the attack order option says how).",
          "He picks a random target among the enemy's front row; a structure housing the enemy is one more target.",
          "He hits with chance A/(A+B): his attack (or missile, whichever is higher; from a rear row his missile) "
          "against the target's defense (plus the structure's, for the first men targeted inside).",
          "A hit kills a man (a blessed soldier survives half the time), wounds a noble (who fights no more), "
          "or lowers a structure's defense by 1 (a siege engine: 5-10), then adds damage; 100 damage collapses it.",
          "A side breaks when its strength (attack or missile, whichever is higher, plus defense, over its living "
          "men and unwounded nobles, siege engines left out) falls to the leader's break point percentage of "
          "what it was; both at once is a tie.",
          "After the battle every wounded noble loses 1-100 health and dies at 0; each of the loser's surviving "
          "nobles is taken prisoner with 25% per 1:1 of the remaining forces (25% to 75%)."}},
        {"limits",
         {{"nobles_per_side", Limits::kNobles}, {"men_per_kind", Limits::kMen}, {"men_per_side", Limits::kSideMen},
          {"rating", Limits::kRating}, {"structure_defense", Limits::kStructureDefense},
          {"name_chars", Limits::kName}}},
        {"example",
         {{"ruleset", "olympia"},
          {"attacker",
           {{"nobles",
             {{{"name", "Osswid"}, {"break_point", 50}, {"troops", {{"soldier", 10}, {"archer", 4}}}},
              {{"name", "Aelric"}, {"behind", 1}, {"troops", {{"archer", 3}}}}}}}},
          {"defender", {{"nobles", {{{"name", "Bran"}, {"troops", {{"pikeman", 6}, {"crossbowman", 3}}}}}}}}}},
    };
}

}  // namespace bc::olympia

// The roster's actions (call "roster"): each takes the roster as it is and
// returns the roster after it, the events and the gold they cost. Nothing is
// changed in place: the page undoes an action by keeping the old roster.
#include <algorithm>
#include <map>
#include <set>

#include "api/solver.hpp"
#include "dice/rng.hpp"
#include "warfare/battle/state.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare {

namespace {

struct Ctx {
    Roster r;
    RosterOptions o;
    RosterBounds bounds;
    UnitReadOptions ro;
    std::vector<Event> events;
    std::int64_t gold = 0;
};

std::string clip(std::string s, std::size_t n = RosterLimits::kText) {
    if (s.size() <= n) return s;
    s.resize(n);
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();  // whole characters
    if (!s.empty() && (static_cast<unsigned char>(s.back()) & 0x80)) s.pop_back();
    return s;
}

std::string dstr(int faces) {
    std::string s = "d";
    s += std::to_string(faces);  // (not "d" + ...: g++ 12 warns falsely on that form)
    return s;
}

Costing costing(const UnitSpec& s) {
    UnitSpec whole = s;
    whole.casualties.reset();
    return cost_of(build(whole));
}
json cost_or_null(const Costing& c) { return c.priced ? json(c.cost) : json(nullptr); }
json upkeep_or_null(const Costing& c) {
    return c.priced && c.buyable && c.has_upkeep ? json(c.upkeep) : json(nullptr);
}
bool has_upkeep(const Costing& c) { return c.priced && c.buyable && c.has_upkeep; }

void event(Ctx& c, const RosterUnit* u, std::string type, std::string text, std::optional<std::int64_t> gold = {},
           json data = json::object()) {
    Event e;
    e.type = std::move(type);
    if (u) {
        e.id = u->id;
        e.name = u->spec.name;
    }
    e.text = clip(std::move(text));
    e.gold = gold;
    e.data = std::move(data);
    if (gold && *gold > 0) {
        c.gold += *gold;
        c.r.ledger.push_back({c.r.day, c.r.season, e.type, e.id, e.name, e.text, *gold});
    }
    c.events.push_back(std::move(e));
}

RosterUnit* find_unit(Roster& r, const std::string& id) {
    for (auto& u : r.units)
        if (u.id == id) return &u;
    return nullptr;
}

RosterUnit& unit_at(Ctx& c, const In& a, const std::string& key = "id") {
    const std::string id = a.text(key, UnitLimits::kId);
    RosterUnit* u = find_unit(c.r, id);
    if (!u) a.fail_at(key, "is not the id of a unit on this roster");
    return *u;
}

void remove_unit(Ctx& c, const std::string& id) {
    c.r.units.erase(std::remove_if(c.r.units.begin(), c.r.units.end(), [&](const RosterUnit& u) { return u.id == id; }),
                    c.r.units.end());
}

// ---- recovery (S&F p. 242, Unit Recovery) ----

bool is_die(int faces) {
    for (const auto& s : sizes())
        if (s.faces == faces) return true;
    return false;
}

// After a casualty comes back: whole again, or stopped on a smaller die,
// which becomes the unit's size (and its cost and upkeep follow).
void settle(Ctx& c, RosterUnit& u) {
    if (u.current >= u.spec.size) {
        u.current = u.spec.size;
        u.recover_day.reset();
        u.wounded_days = 0;
        event(c, &u, "whole", u.spec.name + " is back to full strength (" + dstr(u.spec.size) + ").");
        return;
    }
    if (!is_die(u.current)) return;
    const Costing before = costing(u.spec);
    const int old = u.spec.size;
    const std::string old_label = keyword_label(u.spec);
    u.spec.size = u.current;
    if (u.spec.size_cost_percent && find_size(u.spec.size)->cost_percent != 0) u.spec.size_cost_percent = 0;
    if (u.spec.name == old_label) u.spec.name = keyword_label(u.spec);
    u.recover_day.reset();
    u.wounded_days = 0;
    const Costing after = costing(u.spec);
    std::string text = u.spec.name + " stops recovering at " + std::to_string(u.current) + ": its size is now " +
                       dstr(u.current) + " (was " + dstr(old) + ")";
    if (after.priced && before.priced) text += ", cost " + std::to_string(before.cost) + " -> " + std::to_string(after.cost);
    if (has_upkeep(after) && has_upkeep(before))
        text += ", upkeep " + std::to_string(before.upkeep) + " -> " + std::to_string(after.upkeep) + " a season";
    event(c, &u, "resize", text + ".", {},
          {{"from", dstr(old)}, {"to", dstr(u.current)}, {"cost", {cost_or_null(before), cost_or_null(after)}},
           {"upkeep", {upkeep_or_null(before), upkeep_or_null(after)}}});
}

// ---- levies (S&F p. 233) ----

UnitSpec as_green_infantry(const UnitSpec& levy) {
    UnitSpec g = levy;
    g.type = Type::Infantry;
    g.experience = "green";
    g.equipment = "light";  // infantry needs an equipment rating; Light is the least
    g.added_traits &= ~bit(Trait::AlwaysDiminished);
    if (levy.name == keyword_label(levy)) g.name = keyword_label(g);
    return g;
}

// A levy goes home: as Green Infantry if it survived and converts, else gone.
void levy_leaves(Ctx& c, RosterUnit& u, std::optional<bool> convert_override) {
    const bool convert = convert_override.value_or(u.levy_convert.value_or(c.o.levy_survivors == "green-infantry"));
    if (convert && !u.spec.explicit_stats) {
        const std::string was = u.spec.name;
        u.spec = as_green_infantry(u.spec);
        u.levy_until.reset();
        u.levy_convert.reset();
        const Costing k = costing(u.spec);
        std::string text = was + " survived and become Green Infantry (" + keyword_label(u.spec) + ", now at " +
                           std::to_string(u.current) + ")";
        if (k.priced) text += ": cost " + std::to_string(k.cost);
        if (has_upkeep(k)) text += ", upkeep " + std::to_string(k.upkeep) + " a season";
        for (const auto& o : c.r.units)
            if (o.id != u.id && same_keywords(o.spec, u.spec))
                text += ". Another unit on the roster has the same keywords: an army fields only one of them (the "
                        "book merges them into one larger unit)";
        event(c, &u, "convert", text + ".", {}, {{"cost", cost_or_null(k)}, {"upkeep", upkeep_or_null(k)}});
        return;
    }
    event(c, &u, "disband", u.spec.name + " go home: levies disband after the battle.");
    remove_unit(c, u.id);
}

// ---- actions ----

void act_add(Ctx& c, const In& a) {
    a.only({"type", "unit", "buy"});
    if (c.r.units.size() >= RosterLimits::kUnits)
        a.fail("the roster holds at most " + std::to_string(RosterLimits::kUnits) + " units");
    const In ui = a.object("unit", false);
    RosterUnit u;
    u.spec = parse_unit(ui, c.ro);
    u.current = u.spec.casualties.value_or(u.spec.size);
    u.unpaid_seasons = u.spec.unpaid ? 1 : 0;
    u.spec.casualties.reset();
    u.spec.unpaid = false;
    std::vector<UnitSpec> specs;
    for (const auto& o : c.r.units) specs.push_back(o.spec);
    for (std::size_t i = 0; i < specs.size(); ++i)
        if (same_keywords(specs[i], u.spec))
            a.fail_at("unit", "has the same keywords as \"" + specs[i].name +
                                  "\" on this roster; an army fields only one unit with identical keywords (S&F p. "
                                  "239): improve that unit's size instead");
    do {
        u.id = std::to_string(c.r.next_id++);
        u.id.insert(u.id.begin(), 'u');  // (g++ 12 warns falsely on "u" + ... here, as in dstr)
    } while (find_unit(c.r, u.id));
    u.spec.id = u.id;
    c.r.units.push_back(u);
    RosterUnit& added = c.r.units.back();
    const Costing k = costing(added.spec);
    std::optional<std::int64_t> paid;
    std::string text = added.spec.name + " join the roster (" + keyword_label(added.spec) + ")";
    if (a.boolean("buy", false)) {
        if (!k.priced) a.fail_at("buy", "this unit has no price: " + k.unpriced_why);
        if (!k.buyable) a.fail_at("buy", "a hostile ancestry will not sell this unit");
        paid = k.price;
        text += ", bought for " + std::to_string(k.price) + " gp";
    }
    event(c, &added, "add", text + ".", paid);
}

void act_rename(Ctx& c, const In& a) {
    a.only({"type", "id", "name"});
    const std::string name = a.text("name", a.has("id") ? UnitLimits::kName : RosterLimits::kName);
    if (name.empty()) a.fail_at("name", "must not be empty");
    if (!a.has("id")) {
        event(c, nullptr, "rename", "The roster \"" + c.r.name + "\" is now \"" + name + "\".");
        c.r.name = name;
        return;
    }
    RosterUnit& u = unit_at(c, a);
    const std::string was = u.spec.name;
    u.spec.name = name;
    event(c, &u, "rename", "\"" + was + "\" is now \"" + name + "\".");
}

void act_delete(Ctx& c, const In& a) {
    a.only({"type", "id"});
    RosterUnit& u = unit_at(c, a);
    event(c, &u, "delete", u.spec.name + " removed from the roster.");
    remove_unit(c, u.id);
}

// One battle's result, in the shape of the battle roll's "units" entries.
// The battle a result came from, kept with it when it is given: read as
// "odds" reads it (its errors at /action/battle/...), its solver and seed left
// out, its rules version pinned so that later defaults never change it.
struct GivenBattle {
    Battle parsed;
    json kept;
    bool too_large = false;
    std::vector<int> result[2];     // every unit's final die, filled from the result
    std::vector<bool> seen[2];
    std::vector<int> first;         // per side: the index of its first unit in parsed.units
};

std::optional<GivenBattle> given_battle(const Ctx& c, const In& a, const std::string& side, const std::string& outcome) {
    if (!a.has("battle")) return std::nullopt;
    if (side.empty()) a.fail_at("side", "is required with a \"battle\": the side the roster fought on");
    if (outcome.empty()) a.fail_at("outcome", "is required with a \"battle\": how it ended (the roll's \"outcome\")");
    const In in = a.object("battle", false);
    GivenBattle g{parse_battle(in, {"solver", "seed", "dice"}), in.raw(), false, {}, {}, {}};
    g.kept.erase("solver");
    g.kept.erase("seed");
    g.kept.erase("dice");
    g.kept["ruleset"] = "warfare";
    g.kept["rules_version"] = g.parsed.rules_version;
    g.too_large = g.kept.dump().size() > c.bounds.battle_bytes;
    for (int s = 0; s < 2; ++s) {
        g.first.push_back(g.parsed.first[s]);
        const auto n = static_cast<std::size_t>(g.parsed.first[s + 1] - g.parsed.first[s]);
        g.result[s].assign(n, 0);
        g.seen[s].assign(n, false);
    }
    return g;
}

// One entry of the result against the battle: it must be a unit of it, and
// on the roster's side the same unit (its id, its starting die).
void place(GivenBattle& g, const In& e, const std::string& roster_side, const RosterUnit* u) {
    if (!e.has("side") || !e.has("index"))
        e.fail("needs its \"side\" and \"index\" with a \"battle\" (the roll's units carry them)");
    const std::string side = e.choice("side", {"attacker", "defender"});
    const int s = side == "attacker" ? kAttacker : kDefender;
    const auto n = static_cast<std::int64_t>(g.result[s].size());
    const auto i = static_cast<std::size_t>(e.integer("index", 0, n - 1));
    if (g.seen[s][i]) e.fail_at("index", "is given twice in this battle");
    g.seen[s][i] = true;
    const BattleUnit& bu = g.parsed.units[static_cast<std::size_t>(g.first[static_cast<std::size_t>(s)]) + i];
    g.result[s][i] = static_cast<int>(e.integer("final", 0, bu.max));
    if (side != roster_side) return;
    const std::string where = "the " + side + "'s unit " + std::to_string(i) + " in /action/battle";
    const std::string id = e.has("id") ? e.text("id", UnitLimits::kId) : "";
    if (id != (bu.has_id ? bu.id : ""))
        e.fail_at("id", bu.has_id ? "is not the id of " + where + " (\"" + bu.id + "\")" : "names a unit, but " + where + " has no id");
    if (u && bu.start != u->current)
        e.fail_at("id", where + " starts at " + std::to_string(bu.start) + ", but the roster has this unit at " +
                            std::to_string(u->current) + ": the battle is not of the roster as it is");
}

void act_battle(Ctx& c, const In& a) {
    a.only({"type", "units", "side", "roll", "battle", "outcome"});
    std::string side;
    if (a.has("side")) side = a.choice("side", {"attacker", "defender"});
    const std::string outcome = a.has("outcome") ? a.choice("outcome", kBattleOutcomes) : "";
    std::optional<GivenBattle> given = given_battle(c, a, side, outcome);
    // A rolled battle names its roll; its units must start from the dice the
    // roster has now, or the result would record casualties no roll made.
    BattleRecord record;
    record.day = c.r.day;
    record.season = c.r.season;
    const bool rolled = a.has("roll");
    if (rolled) {
        const In roll = a.object("roll", false);
        roll.only({"seed", "dice"});
        if (!roll.has("seed")) roll.fail_at("seed", "is required: the seed the battle was rolled with");
        record.seed = read_seed(roll);
        record.dice = static_cast<int>(roll.integer("dice", 1, kDiceVersion, kDiceVersion));
    }
    struct Result {
        std::string id;
        int final;
        bool removed, broke, retreated, rallied;
        std::optional<bool> convert;
    };
    std::vector<Result> results;
    std::set<std::string> seen;
    const auto list = a.list("units", 2 * RosterLimits::kUnits, false);
    for (const In& e : list) {
        e.must_be_object();
        // A roll's units pass straight in: their "type" and "die" are accepted and not needed.
        e.only({"side", "index", "id", "name", "type", "die", "start", "final", "removed", "broke_morale", "retreated",
                "rallied", "convert"});
        const bool other = !side.empty() && e.has("side") && e.choice("side", {"attacker", "defender"}) != side;
        if (given) place(*given, e, side, other || !e.has("id") ? nullptr : find_unit(c.r, e.text("id", UnitLimits::kId)));
        if (other) continue;
        if (!e.has("id")) continue;  // the other army's units carry no roster id
        RosterUnit& u = unit_at(c, e);
        if (!seen.insert(u.id).second) e.fail_at("id", "is given twice in this battle");
        if (rolled) {
            if (!e.has("start")) e.fail_at("start", "is required for a rolled battle: the die the roll started this unit at");
            const int start = static_cast<int>(e.integer("start", 1, 100));
            if (start != u.current)
                e.fail_at("start", "the roll started this unit at " + std::to_string(start) + ", but the roster has it at " +
                                       std::to_string(u.current) + ": roll again from the roster's armies");
            record.start.emplace_back(u.id, start);
        }
        Result x{u.id, 0, false, false, false, false, std::nullopt};
        x.final = static_cast<int>(e.integer("final", 0, u.spec.size));
        x.removed = e.boolean("removed", x.final == 0);
        x.broke = e.boolean("broke_morale", false);
        x.retreated = e.boolean("retreated", false);
        x.rallied = e.boolean("rallied", false);
        if (e.has("convert")) {
            if (u.spec.type != Type::Levies) e.fail_at("convert", "only levies can become Green Infantry");
            x.convert = e.boolean("convert");
        }
        results.push_back(x);
    }
    if (results.empty()) a.fail_at("units", "names no unit of this roster (give each unit's \"id\")");
    if (given) {
        for (int s = 0; s < 2; ++s)
            for (std::size_t i = 0; i < given->seen[s].size(); ++i)
                if (!given->seen[s][i])
                    a.fail_at("units", "must give every unit of both armies with a \"battle\": the " +
                                           std::string(side_id(s)) + "'s unit " + std::to_string(i) + " (\"" +
                                           given->parsed.units[static_cast<std::size_t>(given->first[static_cast<std::size_t>(s)]) + i].unit.spec.name +
                                           "\") is missing");
    }
    record.side = side;
    record.outcome = outcome;
    for (const Result& x : results) record.final.emplace_back(x.id, x.final);
    if (given && !given->too_large) {
        record.battle = std::move(given->kept);
        record.result[0] = given->result[0];
        record.result[1] = given->result[1];
    }
    std::string text = "A battle on day " + std::to_string(c.r.day);
    if (rolled) text += " (rolled: seed " + std::to_string(*record.seed) + ", dice version " + std::to_string(*record.dice) + ")";
    text += ": " + std::to_string(results.size()) + " unit" + (results.size() == 1 ? "" : "s") + " of the roster fought";
    if (rolled) {
        std::vector<std::string> from;
        for (const auto& [id, die] : record.start) from.push_back(find_unit(c.r, id)->spec.name + " " + std::to_string(die));
        text += ", starting from " + join_words(from);
    }
    text += ".";
    if (given && given->too_large)
        text += " The battle itself is too large to keep (over " + std::to_string(c.bounds.battle_bytes) +
                " bytes), so this record cannot say how lucky it was.";
    event(c, nullptr, "battle", text);
    record.text = text;
    c.r.battles.push_back(std::move(record));
    if (c.r.battles.size() > c.bounds.battles)
        c.r.battles.erase(c.r.battles.begin(), c.r.battles.end() - static_cast<std::ptrdiff_t>(c.bounds.battles));
    // Past the bytes for all kept battles, the oldest records keep everything but their battle.
    std::size_t total = kept_battle_bytes(c.r);
    for (auto& old : c.r.battles) {
        if (total <= c.bounds.battles_bytes) break;
        if (old.battle.is_null()) continue;
        total -= old.battle.dump().size();
        old.battle = nullptr;
        old.result[0].clear();
        old.result[1].clear();
    }

    std::vector<std::pair<std::string, std::optional<bool>>> levies_leaving;
    for (const Result& x : results) {
        RosterUnit& u = *find_unit(c.r, x.id);  // earlier removals move the others
        const int before = u.current;
        const bool lost = x.final == 0 || (x.removed && !x.retreated);
        if (lost && (c.o.removed_units == "disband" || u.spec.type == Type::Levies)) {
            event(c, &u, "lost", u.spec.name + " were removed from the battle and leave the roster.");
            remove_unit(c, u.id);
            continue;
        }
        u.current = lost ? 1 : x.final;
        const bool kept_heart = !lost && !x.broke && !x.retreated;
        if (kept_heart) u.battles = std::min(u.battles + 1, 1000);
        u.wounded_days = 0;
        if (u.current < u.spec.size)
            u.recover_day = c.r.day + 1;
        else
            u.recover_day.reset();
        std::string text = u.spec.name + ": " + std::to_string(before) + " -> " + std::to_string(u.current) + " on the " +
                           dstr(u.spec.size);
        if (lost) text += ", removed from the battle but reformed";
        if (x.retreated) text += ", retreated";
        if (x.broke) text += ", broke morale";
        if (x.rallied) text += ", rallied";
        if (kept_heart)
            text += "; battles survived without breaking or retreating: " + std::to_string(u.battles);
        event(c, &u, "fought", text + ".", {},
              {{"from", before}, {"to", u.current}, {"battles", u.battles}, {"counted", kept_heart}});
        if (u.spec.type == Type::Levies) {
            if (x.convert) u.levy_convert = x.convert;
            if (c.o.levy_stay_days == 0)
                levies_leaving.emplace_back(u.id, x.convert);
            else if (!u.levy_until) {
                u.levy_until = c.r.day + c.o.levy_stay_days;
                event(c, &u, "levy-stays",
                      u.spec.name + " stay for battles until the end of day " + std::to_string(*u.levy_until) + ".");
            }
        }
    }
    for (const auto& [id, convert] : levies_leaving)
        if (RosterUnit* u = find_unit(c.r, id)) levy_leaves(c, *u, convert);
}

void next_day(Ctx& c) {
    ++c.r.day;
    const int d = c.r.day;
    std::vector<std::string> ids;
    for (const auto& u : c.r.units) ids.push_back(u.id);
    for (const auto& id : ids) {
        RosterUnit* u = find_unit(c.r, id);
        if (!u) continue;
        if (u->spec.type == Type::Levies && u->levy_until && d > *u->levy_until) {
            levy_leaves(c, *u, std::nullopt);
            u = find_unit(c.r, id);
            if (!u) continue;
        }
        if (u->training_until && d >= *u->training_until) {
            u->training_until.reset();
            event(c, u, "trained", u->spec.name + " finish their week of training.");
        }
        if (u->current >= u->spec.size) {
            u->recover_day.reset();
            u->wounded_days = 0;
            continue;
        }
        ++u->wounded_days;
        if (u->recover_day && d >= *u->recover_day) {
            u->recover_day.reset();
            ++u->current;
            event(c, u, "recover",
                  u->spec.name + " recover one casualty the day after the battle: " + std::to_string(u->current) +
                      " on the " + dstr(u->spec.size) + ".",
                  {}, {{"to", u->current}});
            settle(c, *u);
            if (u->current >= u->spec.size) continue;
        }
        if (u->wounded_days >= 7) {
            u->wounded_days = 0;
            ++u->current;
            event(c, u, "grow",
                  u->spec.name + " grow by one after a week: " + std::to_string(u->current) + " on the " +
                      dstr(u->spec.size) + ".",
                  {}, {{"to", u->current}});
            settle(c, *u);
        }
    }
}

void act_advance(Ctx& c, const In& a) {
    a.only({"type", "days", "weeks"});
    if (a.has("days") == a.has("weeks")) a.fail_at("days", "give either \"days\" or \"weeks\"");
    const int n = a.has("days") ? static_cast<int>(a.integer("days", 1, RosterLimits::kAdvanceDays))
                                : 7 * static_cast<int>(a.integer("weeks", 1, RosterLimits::kAdvanceDays / 7));
    if (c.r.day + n > RosterLimits::kDay) a.fail("the clock stops at day " + std::to_string(RosterLimits::kDay));
    event(c, nullptr, "clock",
          "Day " + std::to_string(c.r.day) + " -> day " + std::to_string(c.r.day + n) + " (" + std::to_string(n) +
              " day" + (n == 1 ? "" : "s") + ").");
    for (int i = 0; i < n; ++i) next_day(c);
}


// Why this improvement is not allowed now ("" when it is).
std::string not_eligible(const Roster& r, const RosterUnit& u, const std::string& kind, const json& to) {
    const UnitSpec& s = u.spec;
    const std::string next = next_step(s, kind).to;
    if (kind == "experience") {
        if (to != next) return "experience improves one level at a time (next: " + next + ")";
        if (u.battles < 2)
            return "needs two battles survived without breaking morale or retreating (has " +
                   std::to_string(u.battles) + ")";
    } else if (kind == "equipment") {
        if (to != next) return "equipment improves one step at a time (next: " + next + ")";
        if (u.equipment_season == r.season) return "equipment was improved already this season";
    } else {
        if (to != next) return "size improves one die at a time (next: " + (next.empty() ? "none the book prices" : next) + ")";
        if (u.size_season == r.season) return "size was improved already this season";
    }
    return "";
}

void act_improve(Ctx& c, const In& a) {
    a.only({"type", "id", "improve"});
    RosterUnit& u = unit_at(c, a);
    const In ch = a.object("improve", false);
    ch.must_be_object();
    if (ch.raw().empty()) ch.fail("name what to improve: experience, equipment or size");
    const Improvement imp = improve(u.spec, ch);  // checks the values and prices the difference
    std::vector<std::string> notes = imp.notes;
    for (const auto& [kind, to] : ch.raw().items()) {
        std::string to_id = to.is_string() ? to.get<std::string>() : dstr(to.get<int>());
        const std::string why = not_eligible(c.r, u, kind, json(to_id));
        if (why.empty()) continue;
        if (c.o.enforce_limits) ch.fail_at(kind, why + " (option improvement_limits: warn allows it)");
        notes.push_back("Allowed against the book's schedule: " + why + ".");
    }
    if (!imp.priced) ch.fail("the improved unit cannot be priced: " + (imp.notes.empty() ? "" : imp.notes.back()));
    const UnitSpec from = u.spec;
    u.spec = imp.to;
    u.spec.id = u.id;
    u.spec.casualties.reset();
    std::vector<std::string> what;
    if (ch.has("experience") && u.spec.experience != from.experience) {
        u.battles = std::max(0, u.battles - 2);
        u.experience_season = c.r.season;
        u.training_until = c.r.day + 7;
        what.push_back("experience " + from.experience + " -> " + u.spec.experience + " (a week of training)");
    }
    if (ch.has("equipment") && u.spec.equipment != from.equipment) {
        u.equipment_season = c.r.season;
        what.push_back("equipment " + from.equipment + " -> " + u.spec.equipment);
    }
    if (ch.has("size") && u.spec.size != from.size) {
        u.size_season = c.r.season;
        u.current = std::min(u.spec.size, u.current + (u.spec.size - from.size));  // the new soldiers join whole
        if (u.current >= u.spec.size) {
            u.recover_day.reset();
            u.wounded_days = 0;
        }
        what.push_back("size " + dstr(from.size) + " -> " + dstr(u.spec.size));
    }
    if (what.empty()) ch.fail("changes nothing: name a better experience, equipment or size");
    std::string text = u.spec.name + " improved: ";
    for (std::size_t i = 0; i < what.size(); ++i) text += (i ? ", " : "") + what[i];
    const Costing before = costing(from), after = costing(u.spec);
    text += "; costs " + std::to_string(imp.cost) + " gp (" + std::to_string(before.cost) + " -> " +
            std::to_string(after.cost) + ")";
    for (const auto& n : notes) text += " " + n;
    event(c, &u, "improve", text, imp.cost,
          {{"from", keyword_label(from)}, {"to", keyword_label(u.spec)}, {"cost", {before.cost, after.cost}},
           {"upkeep", {upkeep_or_null(before), upkeep_or_null(after)}}});
}

std::int64_t upkeep_due(const RosterUnit& u, const RosterOptions& o) {
    const Costing k = costing(u.spec);
    if (!has_upkeep(k)) return 0;
    return k.upkeep * (1 + (o.pay_arrears ? u.unpaid_seasons : 0));
}

void act_season(Ctx& c, const In& a) {
    a.only({"type", "pay"});
    std::map<std::string, bool> pay;
    bool pay_default = true;
    if (a.has("pay")) {
        const In p = a.field("pay");
        if (p.raw().is_boolean()) {
            pay_default = p.as_bool();
        } else {
            p.must_be_object();
            for (const auto& [id, v] : p.raw().items()) {
                if (!find_unit(c.r, id)) p.fail_at(id, "is not the id of a unit on this roster");
                pay[id] = p.boolean(id);
            }
        }
    }
    const int season = c.r.season;
    event(c, nullptr, "season", "Season " + std::to_string(season) + " ends: upkeep is due.");
    std::vector<std::string> ids;
    for (const auto& u : c.r.units) ids.push_back(u.id);
    for (const auto& id : ids) {
        RosterUnit& u = *find_unit(c.r, id);
        const Costing k = costing(u.spec);
        if (!has_upkeep(k)) continue;  // levies, fortifications, units with no price
        const auto it = pay.find(id);
        const bool paying = it == pay.end() ? pay_default : it->second;
        if (paying) {
            const std::int64_t due = upkeep_due(u, c.o);
            std::string text = "Upkeep for " + u.spec.name + ": " + std::to_string(due) + " gp";
            if (due != k.upkeep)
                text += " (" + std::to_string(k.upkeep) + " a season, with " + std::to_string(u.unpaid_seasons) +
                        " owed)";
            if (u.spec.mercenary) text += " (mercenaries: double upkeep)";
            u.unpaid_seasons = 0;
            event(c, &u, "upkeep", text + ".", due, {{"season", season}, {"upkeep", k.upkeep}});
            continue;
        }
        ++u.unpaid_seasons;
        if (u.unpaid_seasons >= c.o.unpaid_disband) {
            event(c, &u, "disband",
                  u.spec.name + " have not been paid for " + std::to_string(u.unpaid_seasons) +
                      " seasons and disband.");
            remove_unit(c, id);
            continue;
        }
        event(c, &u, "unpaid",
              u.spec.name + " are not paid this season (" + std::to_string(k.upkeep) +
                  " gp owed): disadvantage on Morale checks until paid.",
              {}, {{"season", season}, {"unpaid_seasons", u.unpaid_seasons}});
    }
    ++c.r.season;
}

// The units as a battle's army: each with its id, its casualty die now and
// the unpaid flag.
json act_army(Ctx& c, const In& a) {
    a.only({"type"});
    json units = json::array(), skipped = json::array();
    for (const auto& u : c.r.units) {
        if (c.o.training_blocks_battle && u.training_until && c.r.day < *u.training_until) {
            skipped.push_back({{"id", u.id}, {"name", u.spec.name},
                               {"why", "in training until day " + std::to_string(*u.training_until)}});
            continue;
        }
        units.push_back(unit_json(fielded_spec(u)));
    }
    return {{"units", units}, {"skipped", skipped}};
}

json improvement_offer(const Roster& r, const RosterUnit& u, const RosterOptions& o, const std::string& kind,
                       const std::string& to) {
    if (to.empty() || to == "d0") return nullptr;
    json ch = {{kind, to}};
    try {
        const Improvement imp = improve(u.spec, In(ch, ""));
        const std::string why = not_eligible(r, u, kind, json(to));
        return {{"to", to},
                {"cost", imp.priced ? json(imp.cost) : json(nullptr)},
                {"eligible", why.empty() && imp.priced},
                {"why", why.empty() ? (imp.priced ? json(nullptr) : json("cannot be priced")) : json(why)},
                {"allowed", why.empty() || !o.enforce_limits}};
    } catch (const InputError& e) {
        return {{"to", to}, {"cost", nullptr}, {"eligible", false}, {"why", e.what()}, {"allowed", false}};
    }
}

json summary(const Roster& r, const RosterOptions& o) {
    json units = json::array();
    std::int64_t due = 0, upkeep = 0, spent = 0;
    for (const auto& u : r.units) {
        const Costing k = costing(u.spec);
        const std::int64_t d = upkeep_due(u, o);
        due += d;
        if (has_upkeep(k)) upkeep += k.upkeep;
        json improve = json::object();
        if (u.spec.type != Type::Fortification && !u.spec.explicit_stats) {
            if (u.spec.type != Type::Levies) improve["experience"] = improvement_offer(r, u, o, "experience", next_step(u.spec, "experience").to);
            improve["equipment"] = improvement_offer(r, u, o, "equipment", next_step(u.spec, "equipment").to);
        }
        if (u.spec.type != Type::Fortification) improve["size"] = improvement_offer(r, u, o, "size", next_step(u.spec, "size").to);
        json j = {{"id", u.id},
                  {"name", u.spec.name},
                  {"label", keyword_label(u.spec)},
                  {"size", u.spec.size},
                  {"casualties", u.current},
                  {"wounded", u.current < u.spec.size},
                  {"cost", cost_or_null(k)},
                  {"upkeep", upkeep_or_null(k)},
                  {"upkeep_due", d},
                  {"unpaid", u.unpaid_seasons > 0},
                  {"unpaid_seasons", u.unpaid_seasons},
                  {"battles", u.battles},
                  {"recover_day", u.recover_day ? json(*u.recover_day) : json(nullptr)},
                  {"training_until", u.training_until ? json(*u.training_until) : json(nullptr)},
                  {"levy_until", u.levy_until ? json(*u.levy_until) : json(nullptr)},
                  {"improve", improve},
                  {"card", card_json(build(fielded_spec(u)))}};
        units.push_back(j);
    }
    for (const auto& l : r.ledger) spent += l.gold;
    return {{"units", units}, {"upkeep", upkeep}, {"upkeep_due", due}, {"spent", spent}};
}

RosterOptions parse_roster_options(const std::map<std::string, json>& v) {
    RosterOptions o;
    o.levy_stay_days = v.at("levy_stay_days").get<int>();
    o.levy_survivors = v.at("levy_survivors").get<std::string>();
    o.removed_units = v.at("removed_units").get<std::string>();
    o.enforce_limits = v.at("improvement_limits").get<std::string>() == "enforce";
    o.unpaid_disband = v.at("unpaid_disband").get<int>();
    o.pay_arrears = v.at("pay_arrears").get<bool>();
    o.training_blocks_battle = v.at("training_blocks_battle").get<bool>();
    return o;
}

json events_json(const std::vector<Event>& events) {
    json out = json::array();
    for (const auto& e : events) {
        json j = {{"type", e.type}, {"text", e.text}};
        if (!e.id.empty()) j["id"] = e.id;
        if (!e.name.empty()) j["name"] = e.name;
        if (e.gold) j["gold"] = *e.gold;
        if (!e.data.empty()) j["data"] = e.data;
        out.push_back(j);
    }
    return out;
}

}  // namespace

json roster_call(const In& req, const RosterBounds& bounds) {
    req.only({"ruleset", "roster", "action", "options"});
    // The options object holds the warfare options and the roster's own.
    const In opts = req.object("options");
    std::vector<OptionDef> defs = option_defs();
    const auto& mine = roster_option_defs();
    defs.insert(defs.end(), mine.begin(), mine.end());
    const auto values = read_values(opts, defs);

    Ctx c;
    c.bounds = bounds;
    c.o = parse_roster_options(values);
    c.ro.levy_equipment = values.at("levy_equipment").get<std::string>();
    c.r = parse_roster(req.object("roster", false), c.ro, bounds);

    json action_value;
    In a = req.field("action");
    if (a.raw().is_string()) {
        action_value = {{"type", a.raw()}};
        a = In(action_value, a.path());
    }
    a.must_be_object();
    const std::string type =
        a.choice("type", {"status", "add", "rename", "delete", "battle", "advance", "improve", "season", "army"});
    if (type == "army") return act_army(c, a);
    if (type == "status") a.only({"type"});
    else if (type == "add") act_add(c, a);
    else if (type == "rename") act_rename(c, a);
    else if (type == "delete") act_delete(c, a);
    else if (type == "battle") act_battle(c, a);
    else if (type == "advance") act_advance(c, a);
    else if (type == "improve") act_improve(c, a);
    else if (type == "season") act_season(c, a);

    if (c.r.ledger.size() > RosterLimits::kLedger)
        c.r.ledger.erase(c.r.ledger.begin(), c.r.ledger.end() - static_cast<std::ptrdiff_t>(RosterLimits::kLedger));
    return {{"roster", roster_json(c.r)},
            {"events", events_json(c.events)},
            {"gold", c.gold},
            {"summary", summary(c.r, c.o)}};
}

}  // namespace bc::warfare

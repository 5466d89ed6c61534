// The roster's "battle" action: a battle's result applied to the units
// (casualties, broken morale, retreats, the battle kept with the result),
// and levies going home after it.
#include <algorithm>
#include <map>
#include <set>

#include "api/solver.hpp"
#include "dice/rng.hpp"
#include "warfare/battle/battle.hpp"
#include "warfare/roster/actions.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/warfare.hpp"

namespace bc::warfare::roster_ops {

namespace {

// Levies (S&F p. 233) that survive and convert become Green Infantry.
UnitSpec as_green_infantry(const UnitSpec& levy) {
    UnitSpec g = levy;
    g.type = Type::Infantry;
    g.experience = "green";
    g.equipment = "light";  // infantry needs an equipment rating; Light is the least
    g.added_traits &= ~bit(Trait::AlwaysDiminished);
    if (levy.name == keyword_label(levy)) g.name = keyword_label(g);
    return g;
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

}  // namespace

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

namespace {

// One roster unit's part in the battle, as the action gives it.
struct Result {
    std::string id;
    int final;
    bool removed, broke, retreated, rallied;
    std::optional<bool> convert;
};

// A rolled battle names its roll (its seed and dice version).
void read_roll(const In& a, BattleRecord& record) {
    const In roll = a.object("roll", false);
    roll.only({"seed", "dice"});
    if (!roll.has("seed")) roll.fail_at("seed", "is required: the seed the battle was rolled with");
    record.seed = read_seed(roll);
    record.dice = static_cast<int>(roll.integer("dice", 1, kDiceVersion, kDiceVersion));
}

// The roster's units in "units", each checked against the roster; a rolled
// battle's units must start from the dice the roster has now, or the result
// would record casualties no roll made. Every entry is also placed in the
// given battle, the other army's units too.
std::vector<Result> read_results(Ctx& c, const In& a, const std::string& side, std::optional<GivenBattle>& given,
                                 BattleRecord& record) {
    const bool rolled = record.seed.has_value();
    std::vector<Result> results;
    std::set<std::string> seen;
    for (const In& e : a.list("units", 2 * RosterLimits::kUnits, false)) {
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
    return results;
}

// The battle's record, with its words, kept in the roster; past the bounds
// the oldest records go, and past the bytes for all kept battles the oldest
// keep everything but their battle.
void keep_record(Ctx& c, BattleRecord record, const std::vector<Result>& results, std::optional<GivenBattle>& given) {
    const bool rolled = record.seed.has_value();
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
    std::size_t total = kept_battle_bytes(c.r);
    for (auto& old : c.r.battles) {
        if (total <= c.bounds.battles_bytes) break;
        if (old.battle.is_null()) continue;
        total -= old.battle.dump().size();
        old.battle = nullptr;
        old.result[0].clear();
        old.result[1].clear();
    }
}

// One unit's result applied to it: removed, reformed or at its final die,
// its battles survived counted, its recovery started. A levy that leaves at
// once is added to `leaving` (it goes after every result is applied).
void apply_result(Ctx& c, const Result& x, std::vector<std::pair<std::string, std::optional<bool>>>& leaving) {
    RosterUnit& u = *find_unit(c.r, x.id);  // earlier removals move the others
    const int before = u.current;
    const bool lost = x.final == 0 || (x.removed && !x.retreated);
    if (lost && (c.o.removed_units == "disband" || u.spec.type == Type::Levies)) {
        event(c, &u, "lost", u.spec.name + " were removed from the battle and leave the roster.");
        remove_unit(c, u.id);
        return;
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
            leaving.emplace_back(u.id, x.convert);
        else if (!u.levy_until) {
            u.levy_until = c.r.day + c.o.levy_stay_days;
            event(c, &u, "levy-stays",
                  u.spec.name + " stay for battles until the end of day " + std::to_string(*u.levy_until) + ".");
        }
    }
}

}  // namespace

void act_battle(Ctx& c, const In& a) {
    a.only({"type", "units", "side", "roll", "battle", "outcome"});
    std::string side;
    if (a.has("side")) side = a.choice("side", {"attacker", "defender"});
    const std::string outcome = a.has("outcome") ? a.choice("outcome", kBattleOutcomes) : "";
    std::optional<GivenBattle> given = given_battle(c, a, side, outcome);
    BattleRecord record;
    record.day = c.r.day;
    record.season = c.r.season;
    record.side = side;
    record.outcome = outcome;
    if (a.has("roll")) read_roll(a, record);
    const std::vector<Result> results = read_results(c, a, side, given, record);
    keep_record(c, std::move(record), results, given);
    std::vector<std::pair<std::string, std::optional<bool>>> levies_leaving;
    for (const Result& x : results) apply_result(c, x, levies_leaving);
    for (const auto& [id, convert] : levies_leaving)
        if (RosterUnit* u = find_unit(c.r, id)) levy_leaves(c, *u, convert);
}

}  // namespace bc::warfare::roster_ops

// The roster as data: its options, reading it from JSON (every field checked,
// errors naming the field) and writing it back.
#include "api/solver.hpp"
#include "dice/rng.hpp"
#include "warfare/battle/battle.hpp"
#include "warfare/roster/roster.hpp"

#include <set>

namespace bc::warfare {

namespace {

// A field that may be missing or null: nullopt then.
std::optional<int> maybe_int(const In& in, const std::string& key, int lo, int hi) {
    if (!in.has(key) || in.field(key).raw().is_null()) return std::nullopt;
    return static_cast<int>(in.integer(key, lo, hi));
}

json opt_json(const std::optional<int>& v) { return v ? json(*v) : json(nullptr); }

// A kept battle is read back as "odds" reads it, and its result against it:
// each side's list gives every unit's final die, 0 to the unit's die.
void read_kept_battle(const In& e, BattleRecord& b, const RosterBounds& bounds) {
    const In in = e.object("battle", false);
    const Battle parsed = parse_battle(in, {});
    if (in.raw().dump().size() > bounds.battle_bytes)
        in.fail("is larger than a kept battle may be (" + std::to_string(bounds.battle_bytes) + " bytes)");
    b.battle = in.raw();
    b.battle["rules_version"] = parsed.rules_version;
    if (!e.has("result")) e.fail_at("result", "is required with a kept battle: every unit's final die");
    const In res = e.object("result", false);
    res.only({"attacker", "defender"});
    for (int s = 0; s < 2; ++s) {
        std::vector<const BattleUnit*> mine;
        for (const auto& u : parsed.units)
            if (u.side == s) mine.push_back(&u);
        const auto list = res.list(side_id(s), BattleLimits::kUnitsPerSide, false);
        if (list.size() != mine.size())
            res.fail_at(side_id(s), "must give the final die of each of the " + std::string(side_id(s)) + "'s " +
                                        std::to_string(mine.size()) + " units in the battle");
        for (std::size_t i = 0; i < list.size(); ++i)
            b.result[s].push_back(static_cast<int>(list[i].as_integer(0, mine[i]->max)));
    }
}

json pairs_json(const std::vector<std::pair<std::string, int>>& v) {
    json o = json::object();
    for (const auto& [id, die] : v) o[id] = die;
    return o;
}

void read_pairs(const In& e, const std::string& key, int lo, std::vector<std::pair<std::string, int>>& out) {
    const In st = e.object(key);
    for (auto it = st.raw().begin(); it != st.raw().end(); ++it) {
        if (out.size() >= 2 * RosterLimits::kUnits) st.fail("lists too many units");
        if (it.key().size() > UnitLimits::kId) st.fail_at(it.key(), "is longer than an id may be");
        out.emplace_back(it.key(), static_cast<int>(st.integer(it.key(), lo, 100)));
    }
}

}  // namespace

const std::vector<OptionDef>& roster_option_defs() {
    static const std::vector<OptionDef> defs = {
        option_int("levy_stay_days", "Levies stay (days)", 0, 0, RosterLimits::kLevyStay,
                 "The book sends levies home after a day or two of battles (S&F p. 233): 0 sends them home right "
                 "after the battle; N keeps them for N more days of battles, then they go."),
        option_choice("levy_survivors", "Levies who survive",
                    {{"green-infantry", "Become Green Infantry",
                      "Surviving levies turn into Green Infantry (S&F p. 233): same "
                      "ancestry and casualty die, Light equipment, free of charge; they then need upkeep."},
                     {"disband", "Go home", "Surviving levies disband like the others."}},
                    "green-infantry",
                    "The book calls the change both optional and automatic. A battle result may decide it per unit "
                    "(\"convert\")."),
        option_choice("removed_units", "Units removed from battle",
                    {{"disband", "Lost", "A unit removed from the battle (its die at 0) leaves the roster."},
                     {"reform", "Reform",
                      "Soldiers of a routed unit survive (S&F p. 230): the unit stays with its die at 1 "
                      "and recovers as any wounded unit."}},
                    "disband",
                    "The book lets broken units reform in some cases and leaves which to the GM. A unit that retreated "
                    "with soldiers left always stays."),
        option_choice("improvement_limits", "Improvement limits",
                    {{"enforce", "Enforce",
                      "Equipment and size once per season, one step at a time; experience one level after two "
                      "battles survived without breaking or retreating."},
                     {"warn", "Warn only", "Allow any improvement the unit builder allows, with a note."}},
                    "enforce", "For a GM who grants an improvement the book's schedule would not."),
        option_int("unpaid_disband", "Unpaid seasons before a unit disbands", 2, 1, 12,
                 "The book disbands a unit after two seasons without pay (S&F p. 239)."),
        option_flag("pay_arrears", "Paying also pays what is owed", true,
                  "The book does not say whether a season's missed upkeep is still owed. On: paying a unit pays every "
                  "season it is owed and clears its unpaid state. Off: paying the current season clears it."),
        option_flag("training_blocks_battle", "Training units cannot fight", false,
                  "Raising experience costs a week of training at a keep (S&F p. 239). On: the unit is left out "
                  "of battle armies for that week. Off: the week is only recorded."),
    };
    return defs;
}

std::size_t kept_battle_bytes(const Roster& r) {
    std::size_t n = 0;
    for (const auto& b : r.battles)
        if (!b.battle.is_null()) n += b.battle.dump().size();
    return n;
}

UnitSpec fielded_spec(const RosterUnit& u) {
    UnitSpec s = u.spec;
    s.id = u.id;
    s.casualties = u.current;
    s.unpaid = u.unpaid_seasons > 0;
    return s;
}

Roster parse_roster(const In& in, const UnitReadOptions& ro, const RosterBounds& bounds) {
    in.must_be_object();
    in.only({"name", "clock", "next_id", "units", "ledger", "battles"});
    Roster r;
    r.name = in.text("name", RosterLimits::kName, "Army");
    const In clock = in.object("clock");
    clock.only({"day", "week", "season"});  // the week is written for people and worked out again
    r.day = static_cast<int>(clock.integer("day", 1, RosterLimits::kDay, 1));
    r.season = static_cast<int>(clock.integer("season", 1, RosterLimits::kSeason, 1));

    std::set<std::string> ids;
    int highest = 0;
    for (const In& u : in.list("units", RosterLimits::kUnits)) {
        u.must_be_object();
        u.only({"id", "unit", "casualties", "battles", "recover_day", "wounded_days", "improved", "training_until",
                "unpaid_seasons", "levy_until", "levy_convert"});
        RosterUnit x;
        x.id = u.text("id", UnitLimits::kId);
        if (x.id.empty()) u.fail_at("id", "must not be empty");
        if (!ids.insert(x.id).second) u.fail_at("id", "is the id of an earlier unit: ids must differ");
        if (x.id.size() > 1 && x.id[0] == 'u' && x.id.find_first_not_of("0123456789", 1) == std::string::npos &&
            x.id.size() < 8)
            highest = std::max(highest, std::stoi(x.id.substr(1)));
        x.spec = parse_unit(u.object("unit", false), ro);
        x.current = static_cast<int>(u.integer("casualties", 1, x.spec.size, x.spec.casualties.value_or(x.spec.size)));
        x.battles = static_cast<int>(u.integer("battles", 0, 1000, 0));
        x.recover_day = maybe_int(u, "recover_day", 1, RosterLimits::kDay);
        x.wounded_days = static_cast<int>(u.integer("wounded_days", 0, 6, 0));
        const In imp = u.object("improved");
        imp.only({"equipment", "size", "experience"});
        x.equipment_season = maybe_int(imp, "equipment", 1, RosterLimits::kSeason);
        x.size_season = maybe_int(imp, "size", 1, RosterLimits::kSeason);
        x.experience_season = maybe_int(imp, "experience", 1, RosterLimits::kSeason);
        x.training_until = maybe_int(u, "training_until", 1, RosterLimits::kDay + 7);
        x.unpaid_seasons = static_cast<int>(u.integer("unpaid_seasons", 0, 100, x.spec.unpaid ? 1 : 0));
        x.levy_until = maybe_int(u, "levy_until", 1, RosterLimits::kDay + RosterLimits::kLevyStay);
        if (u.has("levy_convert") && !u.field("levy_convert").raw().is_null())
            x.levy_convert = u.boolean("levy_convert");
        // The roster keeps these itself; the spec is the unit as built.
        x.spec.casualties.reset();
        x.spec.unpaid = false;
        x.spec.id = x.id;
        r.units.push_back(std::move(x));
    }
    r.next_id = static_cast<int>(in.integer("next_id", 1, 1'000'000, highest + 1));

    for (const In& e : in.list("ledger", RosterLimits::kLedger)) {
        e.must_be_object();
        e.only({"day", "season", "kind", "id", "name", "text", "gold"});
        LedgerEntry l;
        l.day = static_cast<int>(e.integer("day", 1, RosterLimits::kDay));
        l.season = static_cast<int>(e.integer("season", 1, RosterLimits::kSeason));
        l.kind = e.text("kind", 40);
        l.id = e.text("id", UnitLimits::kId, "");
        l.name = e.text("name", UnitLimits::kName, "");
        l.text = e.text("text", RosterLimits::kText, "");
        l.gold = e.integer("gold", 0, 100'000'000);
        r.ledger.push_back(std::move(l));
    }
    for (const In& e : in.list("battles", bounds.battles)) {
        e.must_be_object();
        e.only({"day", "season", "text", "seed", "dice", "start", "final", "side", "outcome", "battle", "result"});
        BattleRecord b;
        b.day = static_cast<int>(e.integer("day", 1, RosterLimits::kDay));
        b.season = static_cast<int>(e.integer("season", 1, RosterLimits::kSeason));
        b.text = e.text("text", RosterLimits::kText * 4, "");
        if (e.has("seed")) b.seed = read_seed(e);
        if (e.has("dice")) b.dice = static_cast<int>(e.integer("dice", 1, kDiceVersion));
        read_pairs(e, "start", 1, b.start);
        read_pairs(e, "final", 0, b.final);
        if (e.has("side")) b.side = e.choice("side", {"attacker", "defender"});
        if (e.has("outcome")) b.outcome = e.choice("outcome", kBattleOutcomes);
        if (e.has("battle")) {
            if (b.side.empty() || b.outcome.empty())
                e.fail_at(b.side.empty() ? "side" : "outcome", "is required with a kept battle");
            read_kept_battle(e, b, bounds);
        } else if (e.has("result")) {
            e.fail_at("result", "is kept only with its battle");
        }
        r.battles.push_back(std::move(b));
    }
    if (kept_battle_bytes(r) > bounds.battles_bytes)
        in.fail_at("battles", "hold more than " + std::to_string(bounds.battles_bytes) +
                                  " bytes of kept battles in all (a roster the core writes drops the oldest "
                                  "records' battles before that)");
    return r;
}

json roster_json(const Roster& r) {
    json units = json::array();
    for (const auto& u : r.units) {
        json spec = unit_json(u.spec);
        spec.erase("id");
        spec.erase("casualties");
        spec.erase("unpaid");
        json j = {{"id", u.id}, {"unit", spec}, {"casualties", u.current}, {"battles", u.battles},
                  {"unpaid_seasons", u.unpaid_seasons}};
        if (u.recover_day) j["recover_day"] = *u.recover_day;
        if (u.wounded_days) j["wounded_days"] = u.wounded_days;
        if (u.equipment_season || u.size_season || u.experience_season)
            j["improved"] = {{"equipment", opt_json(u.equipment_season)},
                             {"size", opt_json(u.size_season)},
                             {"experience", opt_json(u.experience_season)}};
        if (u.training_until) j["training_until"] = *u.training_until;
        if (u.levy_until) j["levy_until"] = *u.levy_until;
        if (u.levy_convert) j["levy_convert"] = *u.levy_convert;
        units.push_back(j);
    }
    json ledger = json::array();
    for (const auto& l : r.ledger) {
        json j = {{"day", l.day}, {"season", l.season}, {"kind", l.kind}, {"text", l.text}, {"gold", l.gold}};
        if (!l.id.empty()) j["id"] = l.id;
        if (!l.name.empty()) j["name"] = l.name;
        ledger.push_back(j);
    }
    json battles = json::array();
    for (const auto& b : r.battles) {
        json j = {{"day", b.day}, {"season", b.season}, {"text", b.text}};
        if (b.seed) j["seed"] = *b.seed;
        if (b.dice) j["dice"] = *b.dice;
        if (!b.start.empty()) j["start"] = pairs_json(b.start);
        if (!b.final.empty()) j["final"] = pairs_json(b.final);
        if (!b.side.empty()) j["side"] = b.side;
        if (!b.outcome.empty()) j["outcome"] = b.outcome;
        if (!b.battle.is_null()) {
            j["battle"] = b.battle;
            j["result"] = {{"attacker", b.result[0]}, {"defender", b.result[1]}};
        }
        battles.push_back(j);
    }
    return {{"name", r.name},
            {"clock", {{"day", r.day}, {"week", (r.day - 1) / 7 + 1}, {"season", r.season}}},
            {"next_id", r.next_id},
            {"units", units},
            {"ledger", ledger},
            {"battles", battles}};
}

}  // namespace bc::warfare

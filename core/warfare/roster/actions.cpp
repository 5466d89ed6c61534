// The roster's actions (call "roster"): each takes the roster as it is and
// returns the roster after it, the events and the gold they cost. Nothing is
// changed in place: the page undoes an action by keeping the old roster.
#include <algorithm>
#include <map>
#include <set>

#include "api/solver.hpp"
#include "dice/rng.hpp"
#include "warfare/battle/battle.hpp"
#include "warfare/roster/actions.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/warfare.hpp"
#include <algorithm>
#include <map>
#include <set>


namespace bc::warfare::roster_ops {

std::string clip(std::string s, std::size_t n) {
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

void event(Ctx& c, const RosterUnit* u, std::string type, std::string text, std::optional<std::int64_t> gold,
           json data) {
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

RosterUnit& unit_at(Ctx& c, const In& a, const std::string& key) {
    const std::string id = a.text(key, UnitLimits::kId);
    RosterUnit* u = find_unit(c.r, id);
    if (!u) a.fail_at(key, "is not the id of a unit on this roster");
    return *u;
}

void remove_unit(Ctx& c, const std::string& id) {
    c.r.units.erase(std::remove_if(c.r.units.begin(), c.r.units.end(), [&](const RosterUnit& u) { return u.id == id; }),
                    c.r.units.end());
}

namespace {

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

}  // namespace bc::warfare::roster_ops

namespace bc::warfare {

json roster_call(const In& req, const RosterBounds& bounds) {
    using namespace roster_ops;
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

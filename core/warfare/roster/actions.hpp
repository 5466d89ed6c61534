// The roster's actions (call "roster"), shared by the files that carry them
// out: an action's context (the roster as it becomes, its options, the events
// and the gold they cost), writing events, and each action. Internal to
// roster/*.cpp: actions.cpp reads the call and adds, renames and deletes
// units; battle_result.cpp applies a battle; calendar.cpp runs the clock
// (recovery, levies' days, seasons of upkeep); improve.cpp improves units
// and offers the next improvements in the summary.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json/input.hpp"
#include "warfare/roster/roster.hpp"
#include "warfare/units/unit.hpp"

namespace bc::warfare::roster_ops {

struct Ctx {
    Roster r;
    RosterOptions o;
    RosterBounds bounds;
    UnitReadOptions ro;
    std::vector<Event> events;
    std::int64_t gold = 0;
};

std::string clip(std::string s, std::size_t n = RosterLimits::kText);
std::string dstr(int faces);
Costing costing(const UnitSpec& s);
json cost_or_null(const Costing& c);
json upkeep_or_null(const Costing& c);
bool has_upkeep(const Costing& c);
void event(Ctx& c, const RosterUnit* u, std::string type, std::string text, std::optional<std::int64_t> gold = {},
           json data = json::object());
RosterUnit* find_unit(Roster& r, const std::string& id);
RosterUnit& unit_at(Ctx& c, const In& a, const std::string& key = "id");
void remove_unit(Ctx& c, const std::string& id);

// A battle's result (battle_result.cpp); levies going home, after a battle
// or at the end of their stay.
void act_battle(Ctx& c, const In& a);
void levy_leaves(Ctx& c, RosterUnit& u, std::optional<bool> convert_override);

// The clock (calendar.cpp): recovery, days and weeks, seasons of upkeep.
void settle(Ctx& c, RosterUnit& u);
void act_advance(Ctx& c, const In& a);
std::int64_t upkeep_due(const RosterUnit& u, const RosterOptions& o);
void act_season(Ctx& c, const In& a);

// Improvements (improve.cpp), and the summary that offers the next ones.
void act_improve(Ctx& c, const In& a);
json summary(const Roster& r, const RosterOptions& o);

}  // namespace bc::warfare::roster_ops

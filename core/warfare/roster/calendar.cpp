// The roster's clock: recovery from casualties (S&F p. 242), days and weeks
// (levies' stays, training, growth through the dice) and seasons of upkeep.
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

bool is_die(int faces) {
    for (const auto& s : sizes())
        if (s.faces == faces) return true;
    return false;
}

}  // namespace

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

namespace {

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

}  // namespace

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

}  // namespace bc::warfare::roster_ops

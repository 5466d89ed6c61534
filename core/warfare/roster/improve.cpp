// The roster's improvements (equipment and size once a season, experience
// after two battles), and the summary that offers each unit's next ones.
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

}  // namespace

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

namespace {

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

}  // namespace

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

}  // namespace bc::warfare::roster_ops

// The tools for Bloodied Steel: Arms, Armour and Size; the least Arms that
// reaches a target; luck worked out exactly from the two Totals.
#include <algorithm>

#include "bloodied/bloodied.hpp"
#include "dice/dist.hpp"
#include "tools/luck.hpp"
#include "tools/pointer.hpp"

namespace bc::tools {

namespace {

using namespace bc::bloodied;

const char* const kNations[2] = {"tribunan", "ashen"};

const json& units_of(const json& battle) {
    static const json none = json::array();
    if (!battle.contains("units") || !battle["units"].is_array()) return none;
    return battle["units"];
}

int nation_of(const json& u) {
    return u.is_object() && u.contains("nation") && u["nation"] == "ashen" ? kAshen : kTribunan;
}

std::string unit_name(const json& u, std::size_t i) {
    if (u.is_object() && u.contains("name") && u["name"].is_string() && !u["name"].get<std::string>().empty())
        return u["name"].get<std::string>();
    return "Unit " + std::to_string(i + 1);
}

std::int64_t int_or(const json& u, const char* key) {
    return u.is_object() && u.contains(key) && u[key].is_number() ? static_cast<std::int64_t>(u[key].get<double>()) : 0;
}

struct Stat {
    const char* key;
    const char* name;
    std::int64_t max;
};
const Stat kStats[3] = {{"arms", "Arms", Limits::kArms}, {"armour", "Armour", Limits::kArmour}, {"size", "Size", Limits::kSize}};

class BloodiedFacts final : public Facts {
public:
    std::vector<std::string> sides() const override { return {"tribunan", "ashen"}; }
    std::string side_name(int s) const override { return s == 0 ? "the Tribunan" : "the Ashen"; }
    std::string loss_word() const override { return "Size"; }

    std::vector<LossPart> losses(const json& odds, int side) const override {
        std::vector<LossPart> out;
        for (const auto& u : odds["units"])
            if (u["nation"] == kNations[side])
                out.push_back({u["name"].get<std::string>(), std::max(0.0, u["size"].get<double>()), std::max(0.0, u["mean_final_size"].get<double>())});
        return out;
    }

    std::vector<Field> fields(const json& battle) const override {
        std::vector<Field> out;
        const json& units = units_of(battle);
        for (std::size_t i = 0; i < units.size(); ++i)
            for (const auto& s : kStats)
                out.push_back({"/units/" + std::to_string(i) + "/" + s.key, possessive(unit_name(units[i], i)) + " " + s.name,
                               kNations[nation_of(units[i])], "", "", 0, s.max, int_or(units[i], s.key), 1});
        if (battle.contains("tactics") && battle["tactics"].is_array())
            for (std::size_t i = 0; i < battle["tactics"].size(); ++i) {
                const json& t = battle["tactics"][i];
                const std::string name = t.is_object() && t.contains("name") && t["name"].is_string()
                                             ? t["name"].get<std::string>()
                                             : "Tactic " + std::to_string(i + 1);
                out.push_back({"/tactics/" + std::to_string(i) + "/amount", "the amount of the tactic " + name, "tactics",
                               "", "", -Limits::kAmount, Limits::kAmount, int_or(t, "amount"), 1});
            }
        return out;
    }

    std::vector<Change> changes(const json& battle, int side, const In&) const override {
        std::vector<Change> out;
        const json& units = units_of(battle);
        for (std::size_t i = 0; i < units.size(); ++i) {
            if (nation_of(units[i]) != side) continue;
            for (const auto& s : kStats) {
                Change c;
                c.unit = unit_name(units[i], i);
                c.what = s.key;
                c.label = "+1 " + std::string(s.name) + " for " + c.unit;
                const std::int64_t now = int_or(units[i], s.key);
                if (now + 1 > s.max)
                    c.skipped = std::string(s.name) + " is at most " + std::to_string(s.max);
                else
                    c.battle = with_number(battle, "/units/" + std::to_string(i) + "/" + s.key, now + 1);
                out.push_back(std::move(c));
            }
        }
        return out;
    }

    std::vector<std::string> minimum_fields() const override { return {"unit", "from", "max"}; }

    // More Arms never lowers a nation's chance to win: its own units' fate
    // depends only on the enemy Total, and more dice make its Total larger in
    // distribution. So halving finds the least Arms for certain.
    json minimum(Runner& run, const Request& req, int side, double target, const In& tool) const override {
        const json& units = units_of(req.battle);
        std::int64_t first = -1, others = 0;
        for (std::size_t i = 0; i < units.size(); ++i)
            if (nation_of(units[i]) == side && first < 0) first = static_cast<std::int64_t>(i);
        if (first < 0) tool.fail_at("side", "has no units in this battle");
        const std::int64_t u = tool.integer("unit", 0, static_cast<std::int64_t>(units.size()) - 1, first);
        if (nation_of(units[static_cast<std::size_t>(u)]) != side)
            tool.fail_at("unit", "must be one of " + side_name(side) + " units");
        for (std::size_t i = 0; i < units.size(); ++i)
            if (nation_of(units[i]) == side && static_cast<std::int64_t>(i) != u) others += std::max<std::int64_t>(0, int_or(units[i], "arms"));
        const std::int64_t from = tool.integer("from", 0, Limits::kArms, 0);
        const std::int64_t max = tool.integer("max", from, Limits::kArms, Limits::kArms);
        const std::string who = unit_name(units[static_cast<std::size_t>(u)], static_cast<std::size_t>(u));
        json out = least_value(run, *this, req.battle, "/units/" + std::to_string(u) + "/arms", from, max, target, side,
                               true, "Arms for " + who);
        out["others_arms"] = others;
        if (out["reachable"] == true) out["arms_total"] = others + out["value"].get<std::int64_t>();
        out["searched"] = "Arms of " + who + " from " + std::to_string(from) + " to " + std::to_string(max) +
                          ", the nation's other units keeping theirs (" + std::to_string(others) + " Arms)";
        return out;
    }

    json minimum_info(const json& battle) const override {
        json units = json::array();
        const json& us = units_of(battle);
        for (std::size_t i = 0; i < us.size(); ++i)
            units.push_back({{"index", i}, {"name", unit_name(us[i], i)}, {"nation", kNations[nation_of(us[i])]}});
        return {{"searches", "arms"}, {"units", units}, {"max", Limits::kArms}};
    }

    json luck_info(const json& battle) const override {
        const Battle b = prepare(parse(In(battle, "")), nullptr);
        json units = json::array();
        for (const auto& u : b.units)
            units.push_back({{"name", u.name}, {"nation", nation_id(u.nation)}, {"start", std::max<std::int64_t>(0, u.size)}});
        return {{"outcomes", kOutcomes}, {"units", units}};
    }

    // Exact from the Totals: a nation's units' Sizes after the battle follow
    // from the enemy Total alone, and whether the enemy keeps a unit from its
    // own Total alone; the two Totals are independent.
    json luck(Runner& run, const Request& req, const In& actual) const override {
        const Battle b = prepare(parse(In(req.battle, "")), nullptr);
        actual.only({"outcome", "units"});
        const auto list = actual.list("units", Limits::kUnits, false);
        if (list.size() != b.units.size())
            actual.fail_at("units", "must give the Size of each of the battle's " + std::to_string(b.units.size()) +
                                        " units after the battle (0: destroyed)");
        std::int64_t room[2] = {1, 1}, left[2] = {0, 0}, best[2] = {0, 0};
        bool has[2] = {false, false}, kept[2] = {false, false};
        json seen = json::array();
        for (std::size_t i = 0; i < b.units.size(); ++i) {
            const Unit& u = b.units[i];
            const std::int64_t start = std::max<std::int64_t>(0, u.size);
            const std::int64_t v = list[i].as_integer(0, start);
            seen.push_back(v);
            room[u.nation] += start;
            left[u.nation] += v;
            if (v > 0) kept[u.nation] = true;
            if (u.size > 0) {
                best[u.nation] = has[u.nation] ? std::max(best[u.nation], u.armour + u.size) : u.armour + u.size;
                has[u.nation] = true;
            }
        }
        const std::string derived = kOutcomes[static_cast<std::size_t>(outcome_of(kept[0], kept[1]))];
        if (actual.has("outcome") && actual.choice("outcome", kOutcomes) != derived)
            actual.fail_at("outcome", "does not match the Sizes given: with them the outcome is \"" + derived + "\"");

        const json odds = run.odds(req.battle);
        json marks = json::array();
        for (std::size_t i = 0; i < b.units.size(); ++i) {
            json m = mark_json(odds["units"][i]["final_size"], seen[i].get<std::int64_t>());
            m["side"] = nation_id(b.units[i].nation);
            m["unit"] = i;
            m["label"] = possessive(b.units[i].name) + " Size";
            marks.push_back(m);
        }
        run.begin_solve();
        Dist total[2];
        for (int n = 0; n < 2; ++n)
            total[n] = Dist::from_weights(0, {3, 2, 1}).power(static_cast<std::uint64_t>(b.dice[n])).shift(b.bonus[n]);
        auto rank = [](bool own, bool enemy) { return own && !enemy ? 2 : !own && enemy ? 0 : 1; };
        json sides_j = json::object();
        for (int n = 0; n < 2; ++n) {
            const Dist& enemy = total[1 - n];
            const Dist& own = total[n];
            // The enemy keeps a unit when our Total is below its best Armour + Size.
            const double q = has[1 - n] ? own.at_most(best[1 - n] - 1) : 0.0;
            std::map<std::int64_t, double> score;
            for (std::int64_t t = enemy.min(); t <= enemy.max(); ++t) {
                const double p = enemy.p(t);
                if (p <= 0) continue;
                std::int64_t sizes = 0;
                for (const auto& u : b.units)
                    if (u.nation == n) sizes += std::max<std::int64_t>(0, size_after(u.size, t, u.armour));
                const bool own_left = has[n] && t <= best[n] - 1;
                if (q > 0) score[luck_score(rank(own_left, true), sizes, room[n])] += p * q;
                if (q < 1) score[luck_score(rank(own_left, false), sizes, room[n])] += p * (1 - q);
            }
            const std::int64_t observed = luck_score(rank(kept[n], kept[1 - n]), left[n], room[n]);
            json r = rank_json(score, observed);
            r["score"] = observed;
            r["text"] = luck_words(side_name(n), r);
            sides_j[kNations[n]] = r;
        }
        return {{"sides", sides_j},
                {"marks", marks},
                {"actual", {{"outcome", derived}, {"units", seen}}},
                {"method", "exact"},
                {"odds", odds}};
    }
};

}  // namespace

}  // namespace bc::tools

namespace bc::bloodied {

const tools::Facts& tool_facts() {
    static const tools::BloodiedFacts f;
    return f;
}

}  // namespace bc::bloodied

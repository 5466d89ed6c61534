// The tools for Strongholds & Followers: casualty dice; improvements by the
// unit builder's steps and costs; the cheapest improvements that reach a
// target; luck ranked by casualty dice left.
#include <algorithm>
#include <queue>
#include <set>

#include "api/solver.hpp"
#include "tools/luck.hpp"
#include "tools/pointer.hpp"
#include "warfare/battle/state.hpp"
#include "warfare/units/unit.hpp"

namespace bc::tools {

namespace {

using namespace bc::warfare;

const char* const kSides[2] = {"attacker", "defender"};
const std::vector<std::string> kSteps = {"size", "experience", "equipment"};

const json& units_of(const json& battle, int side) {
    static const json none = json::array();
    const json* s = battle.contains(kSides[side]) ? &battle[kSides[side]] : nullptr;
    if (!s || !s->is_object() || !s->contains("units") || !(*s)["units"].is_array()) return none;
    return (*s)["units"];
}

std::string unit_name(const json& u, int side, std::size_t i) {
    if (u.is_object() && u.contains("name") && u["name"].is_string() && !u["name"].get<std::string>().empty())
        return u["name"].get<std::string>();
    return std::string(side == 0 ? "Attacker" : "Defender") + " unit " + std::to_string(i + 1);
}

// "d8" (built by appending: g++ 12 warns falsely on "d" + std::to_string()).
std::string die_text(int faces) {
    std::string s = "d";
    s.append(std::to_string(faces));
    return s;
}

std::string unit_path(int side, std::size_t i) { return std::string("/") + kSides[side] + "/units/" + std::to_string(i); }

// The builder's reading of a battle's unit (its battle-only fields set aside).
UnitSpec spec_of(const json& u, const std::string& levy_equipment) {
    json copy = u;
    copy.erase("id");
    copy.erase("sapped");
    UnitReadOptions ro;
    ro.levy_equipment = levy_equipment;
    return parse_unit(In(copy, ""), ro);
}

std::string levy_equipment_of(const json& battle) {
    if (battle.contains("options") && battle["options"].is_object() && battle["options"].contains("levy_equipment") &&
        battle["options"]["levy_equipment"].is_string())
        return battle["options"]["levy_equipment"].get<std::string>();
    return "none";
}

// One improvement of one unit: its unit JSON and what it costs over the unit as it is.
struct Option {
    json unit;
    std::vector<std::string> words;  // "d4 → d6"
    int steps = 0;
    bool priced = false;
    double cost = 0;
};

// Every improvement of a unit by the chosen kinds of step (each never going
// down), the unit as it is first. Empty with `why` when it cannot improve.
std::vector<Option> options_of(const json& u, const std::string& levy_eq, const std::vector<std::string>& steps,
                               std::string& why) {
    const UnitSpec spec = spec_of(u, levy_eq);
    if (spec.type == Type::Fortification) {
        why = "a fortification cannot be improved";
        return {};
    }
    const Costing base = cost_of(build(spec));
    auto want = [&](const char* k) { return std::find(steps.begin(), steps.end(), k) != steps.end(); };
    // Each kind's ladder from the unit as it is, one next_step() at a time.
    auto ladder = [&](const char* kind, std::string now) {
        std::vector<std::string> out = {now};
        if (!want(kind)) return out;
        UnitSpec s = spec;
        for (std::string to = next_step(s, kind).to; !to.empty(); to = next_step(s, kind).to) {
            out.push_back(to);
            if (std::string(kind) == "size")
                s.size = std::stoi(to.substr(1));
            else
                (std::string(kind) == "experience" ? s.experience : s.equipment) = to;
        }
        return out;
    };
    const std::vector<std::string> sizes_ok = ladder("size", die_text(spec.size));
    const std::vector<std::string> exps = ladder("experience", spec.experience);
    const std::vector<std::string> eqs = ladder("equipment", spec.equipment);
    std::vector<Option> out;
    for (std::size_t a = 0; a < sizes_ok.size(); ++a)
        for (std::size_t b = 0; b < exps.size(); ++b)
            for (std::size_t c = 0; c < eqs.size(); ++c) {
                Option o;
                o.unit = u;
                o.steps = static_cast<int>(a + b + c);
                if (a) {
                    o.unit["size"] = sizes_ok[a];
                    o.words.push_back(sizes_ok[0] + " \u2192 " + sizes_ok[a]);
                }
                if (b) {
                    o.unit["experience"] = exps[b];
                    o.words.push_back(spec.experience + " \u2192 " + exps[b]);
                }
                if (c) {
                    o.unit["equipment"] = eqs[c];
                    o.words.push_back(spec.equipment + " \u2192 " + eqs[c]);
                }
                const Costing now = cost_of(build(spec_of(o.unit, levy_eq)));
                o.priced = base.priced && now.priced && !spec.cost_override;
                if (o.priced) o.cost = (now.exact - base.exact).value();
                out.push_back(std::move(o));
            }
    return out;
}

std::vector<std::string> read_steps(const In& tool, std::vector<std::string> def) {
    if (!tool.has("steps")) return def;
    std::vector<std::string> out;
    for (const In& s : tool.list("steps", 3, false)) {
        const std::string v = s.as_choice(kSteps);
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    if (out.empty()) tool.fail_at("steps", "must name at least one of size, experience, equipment");
    return out;
}

class WarfareFacts final : public Facts {
public:
    std::vector<std::string> sides() const override { return {"attacker", "defender"}; }
    std::string side_name(int s) const override { return s == 0 ? "the attacker" : "the defender"; }
    std::string loss_word() const override { return "casualty dice"; }

    std::vector<LossPart> losses(const json& odds, int side) const override {
        std::vector<LossPart> out;
        for (const auto& u : odds["units"])
            if (u["side"] == kSides[side])
                out.push_back({u["name"].get<std::string>(), u["start"].get<double>(), u["mean_final"].get<double>()});
        return out;
    }

    std::vector<Field> fields(const json& battle) const override {
        std::vector<Field> out;
        for (int side = 0; side < 2; ++side) {
            const json& units = units_of(battle, side);
            for (std::size_t i = 0; i < units.size(); ++i) {
                const json& u = units[i];
                if (!u.is_object()) continue;
                const std::string who = unit_name(u, side, i), at = unit_path(side, i);
                std::int64_t faces = 6;
                number_at(battle, at + "/size", faces);
                std::int64_t now = faces;
                number_at(battle, at + "/casualties", now);
                out.push_back({at + "/casualties", possessive(who) + " casualty die", kSides[side], "", "", 1, faces, now, 1});
                out.push_back({at + "/size", possessive(who) + " size (faces of its casualty die)", kSides[side], "", "", 4, 12,
                               faces, 2});
                const bool fort = u.contains("type") && u["type"] == "fortification";
                std::vector<std::tuple<const char*, const char*, int, int>> stats;
                if (fort)
                    stats = {{"defense", "Defense", 0, 40}, {"toughness", "Toughness", 0, 40},
                             {"morale_bonus", "morale bonus", 0, 10}};
                else if (u.contains("attack"))  // a unit given by its stats
                    stats = {{"attack", "Attack", -10, 30}, {"power", "Power", -10, 30}, {"defense", "Defense", 0, 40},
                             {"toughness", "Toughness", 0, 40}, {"morale", "Morale", -10, 30}};
                for (const auto& [key, word, lo, hi] : stats) {
                    std::int64_t v = 0;
                    number_at(battle, at + "/" + key, v);
                    out.push_back({at + "/" + key, possessive(who) + " " + word, kSides[side], "", "", lo, hi, v, 1});
                }
            }
        }
        for (const auto& d : option_defs())
            if (d.type == "int") {
                std::int64_t v = d.def.is_number() ? d.def.get<std::int64_t>() : 0;
                number_at(battle, "/options/" + d.id, v);
                out.push_back({"/options/" + d.id, d.name, "options", "", "", d.min, d.max, v, 1});
            }
        return out;
    }

    std::vector<std::string> marginal_fields() const override { return {"steps"}; }

    std::vector<Change> changes(const json& battle, int side, const In& tool) const override {
        const auto steps = read_steps(tool, {"size", "experience"});
        const std::string levy_eq = levy_equipment_of(battle);
        std::vector<Change> out;
        const json& units = units_of(battle, side);
        for (std::size_t i = 0; i < units.size(); ++i) {
            const std::string who = unit_name(units[i], side, i);
            UnitSpec spec;
            try {
                spec = spec_of(units[i], levy_eq);
            } catch (const InputError&) {
                continue;  // the battle's own error: its solve says so
            }
            for (const auto& step : steps) {
                Change c;
                c.unit = who;
                c.what = step;
                c.label = "+1 " + step + (step == "size" ? " step" : " step") + " for " + who;
                json u = units[i];
                const NextStep next = next_step(spec, step);
                const std::string why = next.why;
                if (!next.to.empty()) {
                    const std::string from = step == "size" ? die_text(spec.size) : step == "experience" ? spec.experience : spec.equipment;
                    u[step] = next.to;
                    c.label = who + ": " + from + " \u2192 " + next.to;
                }
                if (!why.empty()) {
                    c.label = who + ": " + step;
                    c.skipped = why;
                } else {
                    c.battle = battle;
                    c.battle[json::json_pointer(unit_path(side, i))] = u;
                    const Costing a = cost_of(build(spec)), b = cost_of(build(spec_of(u, levy_eq)));
                    c.priced = a.priced && b.priced && !spec.cost_override;
                    if (c.priced) c.cost = (b.exact - a.exact).value();
                }
                out.push_back(std::move(c));
            }
        }
        return out;
    }

    std::vector<std::string> minimum_fields() const override { return {"steps"}; }

    // Cheapest in gold: every combination of the side's units' improvements
    // (each unit's own options sorted by cost), taken in order of total cost
    // (a best-first search over "one unit one option dearer"); the first that
    // reaches the target is the cheapest among all combinations searched.
    json minimum(Runner& run, const Request& req, int side, double target, const In& tool) const override {
        const auto steps = read_steps(tool, {"size", "experience"});
        const std::string levy_eq = levy_equipment_of(req.battle);
        const json& units = units_of(req.battle, side);
        std::vector<std::vector<Option>> opts;
        std::vector<std::size_t> index;  // unit index of each entry of opts
        json fixed = json::array();
        for (std::size_t i = 0; i < units.size(); ++i) {
            std::string why;
            std::vector<Option> o = options_of(units[i], levy_eq, steps, why);
            bool priced = true;
            for (const auto& x : o) priced = priced && x.priced;
            if (!priced) why = "it has no price the builder can work out (a d20 without a modifier, or a printed cost)";
            if (o.size() <= 1 || !why.empty()) {
                fixed.push_back({{"unit", unit_name(units[i], side, i)},
                                 {"why", why.empty() ? std::string("it has nothing left to improve by these steps") : why}});
                continue;
            }
            std::stable_sort(o.begin(), o.end(), [](const Option& a, const Option& b) {
                return a.cost < b.cost - 1e-9 || (a.cost <= b.cost + 1e-9 && a.steps < b.steps);
            });
            opts.push_back(std::move(o));
            index.push_back(i);
        }
        std::size_t space = 1;
        for (const auto& o : opts) space = std::min<std::size_t>(space * o.size(), 1'000'000'000);
        json out = {{"steps", steps}, {"fixed", fixed}};
        out["searched"] = "every combination of " + join_words(steps) + " steps of the " + std::string(kSides[side]) +
                          "'s units that can improve (" + std::to_string(space) +
                          (space >= 1'000'000'000 ? "+" : "") + " combinations, each unit never lower than now), " +
                          "in order of total cost; the first that reaches the target is the cheapest of them";

        using Key = std::vector<std::uint16_t>;  // (not uint8_t: g++ 12 warns falsely on its memcmp)
        auto gold = [](double c) { return std::to_string(static_cast<long long>(std::llround(c))) + " gold"; };
        auto cost_of_key = [&](const Key& k) {
            double c = 0;
            for (std::size_t u = 0; u < k.size(); ++u) c += opts[u][k[u]].cost;
            return c;
        };
        auto cmp = [](const std::pair<double, Key>& a, const std::pair<double, Key>& b) { return a.first > b.first + 1e-9; };
        std::priority_queue<std::pair<double, Key>, std::vector<std::pair<double, Key>>, decltype(cmp)> queue(cmp);
        std::set<Key> seen;
        Key start(opts.size(), 0);
        queue.push({cost_of_key(start), start});
        seen.insert(start);
        std::string stopped;
        std::size_t refused = 0, solved = 0;
        double best_win = -1;
        json best_point;
        while (!queue.empty()) {
            const auto [cost, key] = queue.top();
            queue.pop();
            json battle = req.battle;
            std::vector<std::string> words;
            for (std::size_t u = 0; u < key.size(); ++u) {
                const Option& o = opts[u][key[u]];
                battle[json::json_pointer(unit_path(side, index[u]))] = o.unit;
                if (!o.words.empty())
                    words.push_back(unit_name(units[index[u]], side, index[u]) + ": " + join_words(o.words));
            }
            json odds;
            try {
                run.progress(run.solves(), run.max_solves(), words.empty() ? "the army as it is" : join_words(words));
                odds = run.odds(battle);
            } catch (const Stopped& s) {
                stopped = s.why;
                break;
            } catch (const InputError&) {
                ++refused;  // for example two units that would have the same keywords
                odds = nullptr;
            }
            if (!odds.is_null()) {
                ++solved;
                json point = point_json(*this, odds, side);
                const double w = point["win"].get<double>();
                if (w > best_win) best_win = w, best_point = point, best_point["changes"] = words, best_point["cost"] = cost;
                if (w >= target) {
                    out["reachable"] = true;
                    out["cost"] = cost;
                    out["changes"] = words;
                    out["point"] = point;
                    out["note"] = words.empty() ? "The army as it is already reaches the target."
                                                : "The cheapest way found: " + join_words(words) + ", for " + gold(cost) +
                                                      " (the builder's costs). " + std::to_string(solved - 1) +
                                                      " cheaper combinations were solved and fall short.";
                    break;
                }
            }
            for (std::size_t u = 0; u < key.size(); ++u)
                if (key[u] + 1u < opts[u].size()) {
                    Key next = key;
                    ++next[u];
                    if (seen.insert(next).second) queue.push({cost_of_key(next), next});
                }
        }
        out["solved"] = solved;
        out["refused"] = refused;
        // The combination behind the best chance found, in words.
        auto best_words = [&]() {
            const auto w = best_point["changes"].get<std::vector<std::string>>();
            return w.empty() ? std::string("the army as it is") : join_words(w) + " (" + gold(best_point["cost"].get<double>()) + ")";
        };
        if (!out.contains("reachable")) {
            out["reachable"] = false;
            const std::string why = !stopped.empty() ? "stopped by " + stopped
                                    : opts.empty()   ? "no unit of this side can be improved by these steps"
                                                     : "every combination was solved";
            out["note"] = "Not reachable within the limits (" + why + "; " + std::to_string(solved) +
                          " combinations solved)." +
                          (best_win >= 0 ? " The best chance to win found was " + percent(best_win) + ", with " + best_words() + "." : "");
            if (best_win >= 0) out["best"] = best_point;
            if (!stopped.empty()) out["stopped_by"] = stopped;
        }
        return out;
    }

    json minimum_info(const json&) const override {
        return {{"searches", "gold"}, {"steps", kSteps}, {"default_steps", {"size", "experience"}}};
    }

    json luck_info(const json& battle) const override {
        const Battle b = parse_battle(In(battle, ""), {"solver", "seed"});
        json out = json::object();
        for (int side = 0; side < 2; ++side) {
            json list = json::array();
            for (const auto& u : b.units)
                if (u.side == side) list.push_back({{"name", u.unit.spec.name}, {"start", u.start}, {"die", u.max}});
            out[kSides[side]] = list;
        }
        return {{"outcomes", kBattleOutcomes}, {"units", out}};
    }

    json luck(Runner& run, const Request& req, const In& actual) const override {
        auto battle = std::make_shared<const Battle>(parse_battle(In(req.battle, ""), {"solver", "seed"}));
        actual.only({"outcome", "attacker", "defender"});
        const std::vector<std::string> outcomes = {"attacker", "defender", "draw"};
        const std::string outcome = actual.choice("outcome", outcomes);
        const int result = outcome == "attacker" ? 0 : outcome == "defender" ? 1 : 2;
        auto rank = [](int outcome, int side) { return outcome == side ? 2 : outcome == 1 - side ? 0 : 1; };
        std::int64_t room[2] = {1, 1}, left[2] = {0, 0};
        std::vector<int> of_side[2];
        for (std::size_t i = 0; i < battle->units.size(); ++i) {
            of_side[battle->units[i].side].push_back(static_cast<int>(i));
            room[battle->units[i].side] += battle->units[i].max;
        }
        json seen = json::object();
        for (int side = 0; side < 2; ++side) {
            const auto list = actual.list(kSides[side], BattleLimits::kUnitsPerSide, false);
            if (list.size() != of_side[side].size())
                actual.fail_at(kSides[side], "must give the final casualty die of each of the " + std::string(kSides[side]) +
                                                 "'s " + std::to_string(of_side[side].size()) + " units (0: removed)");
            json dice = json::array();
            for (std::size_t k = 0; k < list.size(); ++k) {
                const BattleUnit& bu = battle->units[static_cast<std::size_t>(of_side[side][k])];
                const std::int64_t v = list[k].as_integer(0, bu.max);
                dice.push_back(v);
                left[side] += v;
            }
            seen[kSides[side]] = dice;
        }
        const json odds = run.odds(req.battle);
        json marks = json::array();
        for (int side = 0; side < 2; ++side)
            for (std::size_t k = 0; k < of_side[side].size(); ++k) {
                const std::size_t u = static_cast<std::size_t>(of_side[side][k]);
                json m = mark_json(odds["units"][u]["final"], seen[kSides[side]][k].get<std::int64_t>());
                m["side"] = kSides[side];
                m["unit"] = u;
                m["label"] = possessive(battle->units[u].unit.spec.name) + " casualty die";
                marks.push_back(m);
            }
        const std::int64_t r0 = room[0], r1 = room[1];
        auto record = std::make_shared<const ScoredState::Record<State>>([battle, r0, r1, rank](const State& s, Recorder& r) {
            r.outcome(static_cast<std::size_t>(s.outcome()));
            std::int64_t dice[2] = {0, 0};
            for (std::size_t u = 0; u < battle->units.size(); ++u)
                dice[battle->units[u].side] += s.removed(static_cast<int>(u)) ? 0 : s.die(static_cast<int>(u));
            r.value(0, luck_score(rank(s.outcome(), 0), dice[0], r0));
            r.value(1, luck_score(rank(s.outcome(), 1), dice[1], r1));
        });
        const std::vector<std::int64_t> observed = {luck_score(rank(result, 0), left[0], room[0]),
                                                    luck_score(rank(result, 1), left[1], room[1])};
        // The battle's own outcomes: with "endless" where the rules have it.
        return scored_luck_answer(run, req, ScoredState::of(State(battle), record), State::schema(*battle).outcomes,
                                  sides(), {side_name(0), side_name(1)}, observed, std::move(marks),
                                  {{"outcome", outcome}, {"dice", seen}}, odds);
    }
};

}  // namespace

}  // namespace bc::tools

namespace bc::warfare {

const tools::Facts& tool_facts() {
    static const tools::WarfareFacts f;
    return f;
}

}  // namespace bc::warfare

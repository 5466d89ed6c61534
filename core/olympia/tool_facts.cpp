// The tools for Olympia: men per kind, nobles' numbers, break points; luck
// ranked by men left.
#include <algorithm>

#include "api/solver.hpp"
#include "olympia/olympia.hpp"
#include "tools/luck.hpp"
#include "tools/pointer.hpp"

namespace bc::tools {

namespace {

using namespace bc::olympia;

const char* const kSides[2] = {"attacker", "defender"};

// The battle as given may be any shape until the core has read it: every
// reading here tolerates what is missing.
const json& nobles_of(const json& battle, int side) {
    static const json none = json::array();
    const json* s = battle.contains(kSides[side]) ? &battle[kSides[side]] : nullptr;
    if (!s || !s->is_object() || !s->contains("nobles") || !(*s)["nobles"].is_array()) return none;
    return (*s)["nobles"];
}

std::string noble_name(const json& n, int side, std::size_t i) {
    if (n.is_object() && n.contains("name") && n["name"].is_string() && !n["name"].get<std::string>().empty())
        return n["name"].get<std::string>();
    return std::string(side == 0 ? "Attacker" : "Defender") + " noble " + std::to_string(i + 1);
}

std::int64_t int_or(const json& o, const char* key, std::int64_t def) {
    if (o.is_object() && o.contains(key) && o[key].is_number()) return static_cast<std::int64_t>(o[key].get<double>());
    return def;
}

std::string base(int side, std::size_t i) {
    return std::string("/") + kSides[side] + "/nobles/" + std::to_string(i);
}

class OlympiaFacts final : public Facts {
public:
    std::vector<std::string> sides() const override { return {"attacker", "defender"}; }
    std::string side_name(int s) const override { return s == 0 ? "the attacker" : "the defender"; }
    std::string loss_word() const override { return "men"; }

    std::vector<LossPart> losses(const json& odds, int side) const override {
        std::vector<LossPart> out;
        const json& men = odds["sides"][kSides[side]]["men"];
        for (auto it = men.begin(); it != men.end(); ++it) {
            const int k = kind_index(it.key());
            out.push_back({k >= 0 ? kinds()[static_cast<std::size_t>(k)].plural : it.key(),
                           it.value()["start"].get<double>(), it.value()["mean"].get<double>()});
        }
        return out;
    }

    std::vector<Field> fields(const json& battle) const override {
        std::vector<Field> out;
        for (int side = 0; side < 2; ++side) {
            const json& nobles = nobles_of(battle, side);
            for (std::size_t i = 0; i < nobles.size(); ++i) {
                const json& n = nobles[i];
                const std::string who = noble_name(n, side, i), at = base(side, i);
                if (i == 0)
                    out.push_back({at + "/break_point", "the " + std::string(kSides[side]) + "'s break point",
                                   kSides[side], "", "", 0, 100, int_or(n, "break_point", 50), 10});
                if (n.is_object() && n.contains("troops") && n["troops"].is_object())
                    for (auto it = n["troops"].begin(); it != n["troops"].end(); ++it) {
                        const int k = kind_index(it.key());
                        if (k < 0) continue;
                        const Kind& kd = kinds()[static_cast<std::size_t>(k)];
                        out.push_back({at + "/troops/" + it.key(), possessive(who) + " " + kd.plural, kSides[side], kd.name,
                                       kd.plural, 0, Limits::kMen, int_or(n["troops"], it.key().c_str(), 0), 1});
                    }
                for (const auto& [key, word, lo, hi, def] :
                     {std::tuple{"attack", "attack", 0, 10000, 80}, std::tuple{"defense", "defense", 0, 10000, 80},
                      std::tuple{"missile", "missile", 0, 10000, 0}, std::tuple{"health", "health", 1, 100, 100},
                      std::tuple{"behind", "position behind", 0, 9, 0}})
                    out.push_back({at + "/" + key, possessive(who) + " " + word, kSides[side], "", "", lo, hi, int_or(n, key, def),
                                   hi > 100 ? 10 : 1});
            }
        }
        if (battle.contains("defender") && battle["defender"].is_object() && battle["defender"].contains("structure") &&
            battle["defender"]["structure"].is_object()) {
            const json& st = battle["defender"]["structure"];
            const int k = st.contains("kind") && st["kind"].is_string() ? [&] {
                for (std::size_t i = 0; i < structure_kinds().size(); ++i)
                    if (st["kind"] == structure_kinds()[i].id) return static_cast<int>(i);
                return -1;
            }()
                                                                        : -1;
            const std::string name = k >= 0 ? structure_kinds()[static_cast<std::size_t>(k)].name : "structure";
            out.push_back({"/defender/structure/defense", "the " + name + "'s defense", "defender", "", "", 0,
                           Limits::kStructureDefense,
                           int_or(st, "defense", k >= 0 ? structure_kinds()[static_cast<std::size_t>(k)].defense : 0), 5});
            out.push_back({"/defender/structure/damage", "the " + name + "'s damage", "defender", "", "", 0, 99,
                           int_or(st, "damage", 0), 10});
        }
        return out;
    }

    json presets(const json& battle) const override {
        json out = json::array();
        for (int side = 0; side < 2; ++side)
            if (!nobles_of(battle, side).empty())
                out.push_back({{"label", std::string("The ") + kSides[side] + "'s break point, 0\u2013100"},
                               {"path", base(side, 0) + "/break_point"},
                               {"from", 0},
                               {"to", 100},
                               {"step", 10}});
        return out;
    }

    std::vector<Change> changes(const json& battle, int side, const In&) const override {
        std::vector<Change> out;
        const json& nobles = nobles_of(battle, side);
        std::int64_t side_men = 0;
        for (const auto& n : nobles)
            if (n.is_object() && n.contains("troops") && n["troops"].is_object())
                for (auto it = n["troops"].begin(); it != n["troops"].end(); ++it) side_men += int_or(n["troops"], it.key().c_str(), 0);
        for (std::size_t i = 0; i < nobles.size(); ++i) {
            const json& n = nobles[i];
            if (!n.is_object() || !n.contains("troops") || !n["troops"].is_object()) continue;
            const std::string who = noble_name(n, side, i);
            for (auto it = n["troops"].begin(); it != n["troops"].end(); ++it) {
                const int k = kind_index(it.key());
                if (k < 0) continue;
                Change c;
                c.what = it.key();
                c.unit = who;
                c.label = "+1 " + std::string(kinds()[static_cast<std::size_t>(k)].name) + " for " + who;
                const std::int64_t now = int_or(n["troops"], it.key().c_str(), 0);
                if (now + 1 > Limits::kMen)
                    c.skipped = "a noble leads at most " + std::to_string(Limits::kMen) + " men of one kind";
                else if (side_men + 1 > Limits::kSideMen)
                    c.skipped = "a side has at most " + std::to_string(Limits::kSideMen) + " men";
                else
                    c.battle = with_number(battle, base(side, i) + "/troops/" + it.key(), now + 1);
                out.push_back(std::move(c));
            }
        }
        return out;
    }

    std::vector<std::string> minimum_fields() const override { return {"noble", "kind", "from", "max"}; }

    json minimum(Runner& run, const Request& req, int side, double target, const In& tool) const override {
        const json& nobles = nobles_of(req.battle, side);
        if (nobles.empty()) tool.fail_at("side", "has no nobles in this battle");
        const std::size_t i = static_cast<std::size_t>(
            tool.integer("noble", 0, static_cast<std::int64_t>(nobles.size()) - 1, 0));
        const json& n = nobles[i];
        // Soldiers if he has any, else the first kind he leads in the table's order.
        std::string kind = "soldier";
        if (n.is_object() && n.contains("troops") && n["troops"].is_object() && !n["troops"].contains("soldier"))
            for (const auto& k : kinds())
                if (n["troops"].contains(k.id)) {
                    kind = k.id;
                    break;
                }
        std::vector<std::string> ids;
        for (const auto& k : kinds()) ids.emplace_back(k.id);
        kind = tool.choice("kind", ids, kind);
        const Kind& kd = kinds()[static_cast<std::size_t>(kind_index(kind))];
        const std::int64_t from = tool.integer("from", 0, Limits::kMen, 0);
        const std::int64_t max = tool.integer("max", from, Limits::kMen, std::max<std::int64_t>(from, 1000));
        const std::string who = noble_name(n, side, i);
        json out = least_value(run, *this, req.battle, base(side, static_cast<std::size_t>(i)) + "/troops/" + kind, from,
                               max, target, side, false, std::string(kd.plural) + " for " + who);
        out["searched"] = "men of one kind for one noble, from " + std::to_string(from) + " to " + std::to_string(max) +
                          " (" + kd.plural + " for " + who + ")";
        return out;
    }

    json minimum_info(const json& battle) const override {
        json kinds_j = json::array();
        for (const auto& k : kinds()) kinds_j.push_back({{"id", k.id}, {"name", k.name}, {"plural", k.plural}});
        json nobles = json::object();
        for (int side = 0; side < 2; ++side) {
            json list = json::array();
            const json& ns = nobles_of(battle, side);
            for (std::size_t i = 0; i < ns.size(); ++i) list.push_back(noble_name(ns[i], side, i));
            nobles[kSides[side]] = list;
        }
        return {{"searches", "men"}, {"kinds", kinds_j}, {"nobles", nobles}, {"max", Limits::kMen}};
    }

    json luck_info(const json& battle) const override {
        json out = json::object();
        const Battle b = prepare(parse(In(battle, "")), false);
        for (int side = 0; side < 2; ++side) {
            json men = json::object();
            for (const auto& e : b.ents)
                if (e.side == side && !e.is_noble) {
                    const std::string id = kinds()[static_cast<std::size_t>(e.kind)].id;
                    men[id] = men.value(id, std::int64_t{0}) + e.count;
                }
            out[kSides[side]] = men;
        }
        return {{"outcomes", kOutcomes}, {"start", out}};
    }

    json luck(Runner& run, const Request& req, const In& actual) const override {
        auto battle = std::make_shared<const Battle>(prepare(parse(In(req.battle, "")), false));
        actual.only({"outcome", "attacker", "defender"});
        const std::string outcome = actual.choice("outcome", kOutcomes);
        const int result = outcome == "attacker" ? kAttackerWins : outcome == "defender" ? kDefenderWins : kTie;
        std::int64_t room[2] = {1, 1}, left[2] = {0, 0};
        std::map<std::string, std::int64_t> start[2];
        for (const auto& e : battle->ents)
            if (!e.is_noble) {
                start[e.side][kinds()[static_cast<std::size_t>(e.kind)].id] += e.count;
                room[e.side] += e.count;
            }
        json seen = json::object();
        for (int side = 0; side < 2; ++side) {
            const In m = actual.object(kSides[side], start[side].empty());
            m.must_be_object();
            for (auto it = m.raw().begin(); it != m.raw().end(); ++it)
                if (!start[side].count(it.key()))
                    m.fail_at(it.key(), std::string("is not a kind of men the ") + kSides[side] + " has in this battle");
            json men = json::object();
            for (const auto& [kind, n] : start[side]) {
                if (!m.has(kind))
                    m.fail_at(kind, "is required: how many " +
                                        std::string(kinds()[static_cast<std::size_t>(kind_index(kind))].plural) +
                                        " were left (of " + std::to_string(n) + ")");
                const std::int64_t v = m.integer(kind, 0, n);
                men[kind] = v;
                left[side] += v;
            }
            seen[kSides[side]] = men;
        }
        auto rank = [](int result, int side) { return result == kTie ? 1 : result == side ? 2 : 0; };

        // The marks on the survivors charts, from the odds the page shows.
        const json odds = run.odds(req.battle);
        json marks = json::array();
        for (int side = 0; side < 2; ++side)
            for (const auto& [kind, n] : start[side]) {
                json m = mark_json(odds["sides"][kSides[side]]["men"][kind]["p"], seen[kSides[side]][kind].get<std::int64_t>());
                m["side"] = kSides[side];
                m["kind"] = kind;
                m["label"] = std::string("the ") + kSides[side] + "'s " +
                             kinds()[static_cast<std::size_t>(kind_index(kind))].plural;
                marks.push_back(m);
            }

        // The luck of each side: the battle's chance state once more, each end
        // recording both sides' scores.
        const std::int64_t r0 = room[0], r1 = room[1];
        auto record = std::make_shared<const ScoredState::Record<State>>([battle, r0, r1, rank](const State& s, Recorder& r) {
            r.outcome(static_cast<std::size_t>(s.result()));
            std::int64_t men[2] = {0, 0};
            for (std::size_t e = 0; e < battle->ents.size(); ++e)
                if (!battle->ents[e].is_noble) men[battle->ents[e].side] += s.count(static_cast<int>(e));
            r.value(0, luck_score(rank(s.result(), 0), men[0], r0));
            r.value(1, luck_score(rank(s.result(), 1), men[1], r1));
        });
        const std::vector<std::int64_t> observed = {luck_score(rank(result, 0), left[0], room[0]),
                                                    luck_score(rank(result, 1), left[1], room[1])};
        try {
            return scored_luck_answer(run, req, ScoredState::of(State(battle), record), kOutcomes, sides(),
                                      {side_name(0), side_name(1)}, observed, std::move(marks),
                                      {{"outcome", outcome}, {"men", seen}}, odds);
        } catch (const LimitError& e) {
            throw LimitError(std::string("how lucky: ") + e.what());
        }
    }
};

}  // namespace

}  // namespace bc::tools

namespace bc::olympia {

const tools::Facts& tool_facts() {
    static const tools::OlympiaFacts f;
    return f;
}

}  // namespace bc::olympia

// Olympia: the odds and roll answers, and the ruleset's entry in the registry.
#include <chrono>
#include <cstdio>

#include "api/registry.hpp"
#include "api/solver.hpp"
#include "olympia/olympia.hpp"
#include "olympia/solve.hpp"

namespace bc::olympia {

namespace {

std::string plural(std::int64_t n, const Kind& k) { return std::to_string(n) + " " + (n == 1 ? k.name : k.plural); }

// Men of each kind a side starts with.
std::vector<std::int64_t> men_at_start(const Battle& b, int side) {
    std::vector<std::int64_t> m(kinds().size(), 0);
    for (const auto& e : b.ents)
        if (e.side == side && !e.is_noble) m[static_cast<std::size_t>(e.kind)] += e.count;
    return m;
}

json side_base(const Battle& b, int side) {
    const NobleInfo& leader = b.nobles[static_cast<std::size_t>(b.leader[side])];
    return {{"leader", leader.name},
            {"strength", static_cast<double>(b.start4[side]) / 4},
            {"break_point", b.break_point[side]},
            {"breaks_at", static_cast<double>(b.start4[side] * b.break_point[side]) / 400}};
}

}  // namespace

json odds(const Scenario& s, const In& solver_in) {
    const SolverRequest req = parse_solver(solver_in);
    const auto t0 = std::chrono::steady_clock::now();
    auto battle = std::make_shared<Battle>(prepare(s, false));
    const Schema schema = State::schema(*battle);
    Tally tally(schema);
    json out = solve_battle(battle, tally, req);
    const bool mc = out.value("method", std::string()).rfind("monte-carlo", 0) == 0;
    out["outcomes"] = outcomes_json(tally);
    if (mc) out["ci95"] = outcomes_ci_json(tally);
    json sides = json::object();
    for (int side = 0; side < 2; ++side) {
        json j = side_base(*battle, side);
        const auto start = men_at_start(*battle, side);
        json men = json::object();
        for (std::size_t i = 0; i < schema.series.size(); ++i) {
            const std::string prefix = std::string("men/") + side_id(side) + "/";
            if (schema.series[i].rfind(prefix, 0) != 0) continue;
            const std::string kind = schema.series[i].substr(prefix.size());
            men[kind] = {{"start", start[static_cast<std::size_t>(kind_index(kind))]},
                         {"mean", tally.mean_series(i)},
                         {"p", series_json(tally, i, mc ? 0 : 1e-12)}};
        }
        j["men"] = men;
        json nobles = json::array();
        for (std::size_t n = 0; n < battle->nobles.size(); ++n) {
            const NobleInfo& nb = battle->nobles[n];
            if (nb.side != side) continue;
            const double hit = tally.p_event(3 * n), killed = tally.p_event(3 * n + 1),
                         captured = tally.p_event(3 * n + 2);
            json x = {{"name", nb.name}, {"health", nb.health}, {"hit", hit},   {"wounded", std::max(0.0, hit - killed)},
                      {"killed", killed}, {"captured", captured}};
            if (mc) {
                x["hit_ci95"] = event_ci_json(tally, 3 * n);
                x["killed_ci95"] = event_ci_json(tally, 3 * n + 1);
                x["captured_ci95"] = event_ci_json(tally, 3 * n + 2);
            }
            nobles.push_back(x);
        }
        j["nobles"] = nobles;
        sides[side_id(side)] = j;
    }
    out["sides"] = sides;
    if (battle->structure.present) {
        const std::size_t k = schema.series.size() - 2;
        json st = {{"kind", structure_kinds()[static_cast<std::size_t>(battle->structure.kind)].id},
                   {"defense_start", battle->structure.defense},
                   {"damage_start", battle->structure.damage},
                   {"defense", series_json(tally, k, mc ? 0 : 1e-12)},
                   {"damage", series_json(tally, k + 1, mc ? 0 : 1e-12)},
                   {"mean_defense", tally.mean_series(k)},
                   {"mean_damage", tally.mean_series(k + 1)},
                   {"collapsed", tally.p_event(schema.events.size() - 1)}};
        out["structure"] = st;
    } else {
        out["structure"] = nullptr;
    }
    out["expected_attacks"] = tally.total() > 0 ? tally.steps() / tally.total() : 0.0;
    out["options"] = options_json(s.options);
    out["solver"] = solver_json(req);
    out["time_ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

namespace {

// After the battle, wounds first (each noble who fell loses d100
// Health, and dies at 0): every noble's fate, and the loser's dead.
json wounds(const Battle& battle, const State& end, Rng& rng, Log& log, int loser, std::vector<std::string>& dead_losers) {
    json fates = json::array();
    for (const auto& nb : battle.nobles) {
        json f = {{"name", nb.name}, {"side", side_id(nb.side)}, {"hit", false}, {"health", nb.health},
                  {"killed", false}, {"captured", false}};
        if (end.count(nb.entity) == 0) {
            const int loss = static_cast<int>(rng.d(100));
            const int after = nb.health - loss;
            f["hit"] = true;
            f["wound"] = loss;
            f["health"] = std::max(0, after);
            f["killed"] = after <= 0;
            if (after <= 0) {
                log.add("wound", nb.name + " loses " + std::to_string(loss) + " health and dies of his wounds.",
                        {{"noble", nb.name}, {"loss", loss}, {"health", 0}, {"killed", true}});
                if (nb.side == loser) dead_losers.push_back(nb.name);
            } else {
                log.add("wound", nb.name + " loses " + std::to_string(loss) + " health from his wounds (" +
                                     std::to_string(after) + " left).",
                        {{"noble", nb.name}, {"loss", loss}, {"health", after}, {"killed", false}});
            }
        }
        fates.push_back(f);
    }
    return fates;
}

// Then prisoners: each of the loser's living nobles is taken with chance c;
// the winner takes the belongings of the taken and the dead, and may take the
// loser's place. Returns the nobles taken.
std::vector<std::string> prisoners(const Battle& battle, const State& end, Rng& rng, Log& log, int result, Chance c,
                                   const std::string& winner_leader, json& fates,
                                   const std::vector<std::string>& dead_losers) {
    const int loser = 1 - result;
    std::vector<std::string> taken;
    const double pct = 100.0 * c.p();
    for (std::size_t i = 0; i < battle.nobles.size(); ++i) {
        const NobleInfo& nb = battle.nobles[i];
        if (nb.side != loser || fates[i]["killed"] == true) continue;
        const bool caught = rng.below(static_cast<std::uint32_t>(c.den)) < c.num;
        fates[i]["captured"] = caught;
        json pj = {{"noble", nb.name}, {"chance", c.p()}, {"captured", caught}};
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4g%%", pct);
        if (caught) {
            taken.push_back(nb.name);
            log.add("prisoner", nb.name + " is taken prisoner by " + winner_leader + " (chance " + buf + ").", pj);
        } else {
            log.add("prisoner", nb.name + " escapes (chance of capture " + std::string(buf) + ").", pj);
        }
    }
    std::vector<std::string> stripped = taken;
    stripped.insert(stripped.end(), dead_losers.begin(), dead_losers.end());
    if (!stripped.empty())
        log.add("loot", winner_leader + " takes the belongings of " + join_words(stripped) + ".",
                {{"to", winner_leader}, {"from", stripped}});
    const std::string loser_leader = battle.nobles[static_cast<std::size_t>(battle.leader[loser])].name;
    if (result == kAttackerWins && battle.structure.present && end.structure_damage() < 100)
        log.add("position", winner_leader + " may move into the " + battle.structure_name + ", ejecting " +
                                loser_leader + "'s stack.",
                json::object());
    else
        log.add("position", winner_leader + " may take " + loser_leader + "'s place.", json::object());
    return taken;
}

// Each side at the end: its strength, its men by kind and its nobles' fates;
// `left_text` gets the words for the men left.
json sides_at_end(const Battle& battle, const State& end, const json& fates, std::vector<std::string>& left_text) {
    json sides = json::object();
    for (int side = 0; side < 2; ++side) {
        json j = side_base(battle, side);
        j["strength_left"] = static_cast<double>(end.value4(side)) / 4;
        const auto start = men_at_start(battle, side);
        std::vector<std::int64_t> now(kinds().size(), 0);
        for (std::size_t i = 0; i < battle.ents.size(); ++i)
            if (battle.ents[i].side == side && !battle.ents[i].is_noble)
                now[static_cast<std::size_t>(battle.ents[i].kind)] += end.count(static_cast<int>(i));
        json men = json::object();
        std::vector<std::string> parts;
        for (std::size_t k = 0; k < kinds().size(); ++k) {
            if (start[k] == 0) continue;
            men[kinds()[k].id] = {{"start", start[k]}, {"left", now[k]}};
            parts.push_back(std::to_string(now[k]) + " of " + plural(start[k], kinds()[k]));
        }
        j["men"] = men;
        json nobles = json::array();
        for (std::size_t i = 0; i < battle.nobles.size(); ++i)
            if (battle.nobles[i].side == side) nobles.push_back(fates[i]);
        j["nobles"] = nobles;
        sides[side_id(side)] = j;
        left_text.push_back(std::string(side == kAttacker ? "attacker" : "defender") + " " +
                            (parts.empty() ? std::string("no men") : join_words(parts)));
    }
    return sides;
}

}  // namespace

json roll(const Scenario& s, std::uint64_t seed, bool with_log) {
    // Without the log, the blows go unnarrated (the steps after the battle,
    // a few lines, are written and left out).
    Log log;
    Log* narrate = with_log ? &log : nullptr;
    auto battle = std::make_shared<Battle>(prepare(s, true));
    Rng rng(seed);
    const State end = play(State(battle, narrate), rng, narrate);
    const int result = end.result();
    const std::string winner_leader =
        result == kTie ? std::string() : battle->nobles[static_cast<std::size_t>(battle->leader[result])].name;
    int loser = -1;
    Chance c{0, 1};
    if (!end.stalemate() && result != kTie) {
        loser = 1 - result;
        const bool nobles = battle->options.prisoners_count_nobles;
        c = capture_chance(end.standing(result, nobles), end.standing(loser, nobles));
    }

    std::vector<std::string> dead_losers, taken;
    json fates = wounds(*battle, end, rng, log, loser, dead_losers);
    if (loser >= 0) taken = prisoners(*battle, end, rng, log, result, c, winner_leader, fates, dead_losers);
    std::vector<std::string> left_text;
    const json sides = sides_at_end(*battle, end, fates, left_text);
    std::string result_text = result == kTie ? "Both stacks break: nobody wins."
                              : result == kAttackerWins ? winner_leader + "'s attack is victorious."
                                                        : winner_leader + " holds against the attack.";
    std::string story = "After " + std::to_string(end.attacks()) + " attacks (" + std::to_string(end.misses()) +
                        " without effect): " + result_text + " Men left: " + join_words(left_text) + ".";
    if (!taken.empty()) story += " Prisoners: " + join_words(taken) + ".";
    log.add("summary", story, {{"outcome", kOutcomes[static_cast<std::size_t>(result)]}});

    json out = {{"seed", seed},
                {"outcome", kOutcomes[static_cast<std::size_t>(result)]},
                {"stalemate", end.stalemate()},
                {"attacks", end.attacks()},
                {"sides", sides}};
    if (with_log) out["log"] = log.entries();
    if (battle->structure.present)
        out["structure"] = {{"kind", structure_kinds()[static_cast<std::size_t>(battle->structure.kind)].id},
                            {"defense", end.structure_defense()},
                            {"damage", end.structure_damage()},
                            {"collapsed", end.structure_damage() >= 100}};
    else
        out["structure"] = nullptr;
    return out;
}

api::Ruleset ruleset() {
    api::Ruleset r = api::scenario_ruleset<Scenario>("olympia", "Olympia PBEM", parse, odds, roll, rules_json);
    r.facts = &tool_facts();
    return r;
}

}  // namespace bc::olympia

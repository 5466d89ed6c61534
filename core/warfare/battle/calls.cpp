// The battle calls: odds (exact within budget, else Monte Carlo), a rolled
// battle with its log, and single-order odds ("attack") for one pairing or
// every pairing of a battle.
#include <chrono>
#include <memory>

#include "api/solver.hpp"
#include "warfare/battle/calls.hpp"
#include "warfare/battle/sample.hpp"
#include "warfare/battle/state.hpp"

namespace bc::warfare {

json units_json(const Battle& b) {
    json out = json::array();
    for (const auto& u : b.units) {
        json j = {{"side", side_id(u.side)}, {"index", u.index},     {"name", u.unit.spec.name},
                  {"start", u.start},        {"die", u.max},         {"type", type_row(u.unit.spec.type).id}};
        if (u.has_id) j["id"] = u.id;
        out.push_back(j);
    }
    return out;
}

namespace {

// The page's workers sample a battle a few blocks per call (site/js/pool.js),
// so each keeps the graph of its last battle sampled by blocks: the next call
// for the same battle walks on in it. Only block calls keep one; a graph
// changes the speed, never the battles.
std::shared_ptr<GraphSampler> graph_for(const State& root, const json* request, bool blocks) {
    thread_local std::string kept_battle;
    thread_local std::shared_ptr<GraphSampler> kept;
    if (!blocks || !request) return std::make_shared<GraphSampler>(root);
    json named = *request;
    named.erase("solver");
    named.erase("seed");
    std::string battle = named.dump();
    if (kept && kept_battle == battle) return kept;
    kept = std::make_shared<GraphSampler>(root);
    kept_battle = std::move(battle);
    return kept;
}

}  // namespace

json battle_odds(const Battle& b, const In& solver_in, const json* request) {
    const SolverRequest req = parse_solver(solver_in);
    const auto t0 = std::chrono::steady_clock::now();
    // The generic path: the exact solver keys every field of the state (no
    // canonical key), and sampling plays one state step by step (no graph).
    const bool generic = req.path == "generic";
    auto bp = std::make_shared<Battle>(b);
    bp->full_key = b.full_key || generic;
    Tally tally(State::schema(b));
    const State root(bp);
    std::shared_ptr<GraphSampler> graph;
    json out = solve_any(root, tally, req, [&](Tally& t, const MonteCarloOptions& mo) {
        if (generic) return sample_battle_generic(root, t, mo);
        if (!graph) graph = graph_for(root, request, req.blocks > 0);
        return graph->run(t, mo);
    });
    const bool sampled = out["method"] == "monte-carlo";
    if (out.contains("method"))
        out["path"] = sampled ? (generic ? "plain sampler" : "graph of states")
                              : (bp->full_key ? "chance state, every field keyed" : "chance state, canonical key");
    out["outcomes"] = outcomes_json(tally);
    if (sampled) out["ci95"] = outcomes_ci_json(tally);
    out["expected_rounds"] = tally.total() > 0 ? tally.steps() / tally.total() : 0.0;
    json units = units_json(b);
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        units[i]["removed"] = tally.p_event(i);
        if (sampled) units[i]["removed_ci95"] = event_ci_json(tally, i);
        units[i]["final"] = series_json(tally, i, sampled ? 0 : 1e-12);
        units[i]["mean_final"] = tally.mean_series(i);
    }
    out["units"] = units;
    if (sampled) {
        // The share of sampled battles that went kCapTurns / 2 rounds with no
        // lasting change and were counted as endless without proof.
        out["endless_unproved"] = tally.p_event(b.units.size());
        out["endless_unproved_ci95"] = event_ci_json(tally, b.units.size());
    }
    out["options"] = options_json(b.opt);
    out["policy"] = policy_json(b.pol);
    out["rules_version"] = b.rules_version;
    out["solver"] = solver_json(req);
    out["time_ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

json battle_roll(const Battle& b, std::uint64_t seed, std::size_t max_log, bool with_log) {
    // The endless rule ends every loop; the log keeps its first and last
    // steps all the same (solve/log.hpp).
    Log log(max_log);
    Log* narrate = with_log ? &log : nullptr;
    auto bp = std::make_shared<const Battle>(b);
    State s(bp, narrate);
    s.watch_endless();
    Rng rng(seed);
    std::uint64_t steps = 0;
    while (!s.is_terminal()) {
        if (++steps > kStepLimit) throw LimitError(step_limit_message(kStepLimit));
        if ((steps & 0xffff) == 0 && work_deadline().passed())
            throw LimitError("the battle did not end within the time limit");
        const Roll r = s.roll(rng);
        s.apply_roll(r, narrate);
    }
    json units = units_json(b);
    std::vector<std::string> gone, fled, broke;
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        const int u = static_cast<int>(i);
        units[i]["final"] = s.removed(u) ? 0 : s.die(u);
        units[i]["removed"] = s.removed(u);
        units[i]["broke_morale"] = s.broke(u);
        units[i]["retreated"] = s.left(u);
        units[i]["rallied"] = s.rallied(u);
        const std::string& nm = b.units[i].unit.spec.name;
        if (s.removed(u)) gone.push_back(nm);
        if (s.left(u)) fled.push_back(nm);
    }
    const std::string outcome = kBattleOutcomes[static_cast<std::size_t>(s.outcome())];
    std::string story = "After " + std::to_string(s.rounds()) + (s.rounds() == 1 ? " round" : " rounds") + ", ";
    story += outcome == "draw"      ? std::string("the battle is a draw.")
             : outcome == "endless" ? std::string("the battle is counted as endless: it could go on for ever.")
                                    : "the " + outcome + " wins.";
    if (!gone.empty()) story += " Removed: " + join_words(gone) + ".";
    if (!fled.empty()) story += " Left the field: " + join_words(fled) + ".";
    log.add("summary", story, {{"outcome", outcome}, {"rounds", s.rounds()}});
    json out = {{"seed", seed},   {"outcome", outcome}, {"rounds", s.rounds()}, {"units", units},
                {"endless_unproved", s.endless_unproved()}, {"rules_version", b.rules_version}};
    if (with_log) out["log"] = log.entries();
    return out;
}

namespace {

struct Cell {
    double hit = 0, crit = 0, removed = 0, expected = 0;
    double cas[5] = {0, 0, 0, 0, 0};
};

void walk(const State& s, double p, int target, int start, Cell& c, int depth) {
    if (depth > 400) throw std::runtime_error("a single order did not end");
    if (s.probe_done()) {
        const int after = s.removed(target) ? 0 : s.die(target);
        const int k = std::max(0, start - after);
        c.cas[std::min(k, 4)] += p;
        c.expected += p * k;
        if (s.removed(target)) c.removed += p;
        if (s.first_attack() >= 1) c.hit += p;
        if (s.first_attack() == 2) c.crit += p;
        return;
    }
    Outcomes outs;
    s.chance_outcomes(outs);
    std::uint64_t total = 0;
    for (const auto& o : outs) total += o.weight;
    for (const auto& o : outs) {
        State next = s;
        next.apply(o.code, nullptr);
        walk(next, p * static_cast<double>(o.weight) / static_cast<double>(total), target, start, c, depth + 1);
    }
}

json cell_json(const State& base, int a, int t) {
    State s = base;
    const std::string why = s.start_probe(a, t, nullptr);
    if (!why.empty()) return {{"legal", false}, {"reason", why}};
    Cell c;
    walk(s, 1.0, t, base.die(t), c, 0);
    json cas = {{"0", c.cas[0]}, {"1", c.cas[1]}, {"2", c.cas[2]}, {"3", c.cas[3]}, {"4+", c.cas[4]}};
    return {{"legal", true},      {"charge", s.probe_charged()}, {"hit", c.hit},
            {"critical", c.crit}, {"casualties", cas},           {"expected_casualties", c.expected},
            {"removed", c.removed}};
}

}  // namespace

json attack_call(const In& req) {
    req.must_be_object();
    // A full battle file (armies with "units") gives every pairing; otherwise
    // "attacker" and "defender" are one unit each.
    const bool armies = req.has("attacker") && req.field("attacker").raw().is_object() &&
                        req.field("attacker").raw().contains("units");
    Battle b;
    if (armies) {
        b = parse_battle(req, {"solver", "seed"});
    } else {
        req.only({"ruleset", "rules_version", "attacker", "defender", "options", "policy"});
        // Two one-unit armies; errors keep the units' own paths.
        read_rules(req, b);
        UnitReadOptions ro;
        ro.levy_equipment = b.opt.levy_equipment;
        for (int s = 0; s < 2; ++s) b.units.push_back(read_battle_unit(req.object(side_id(s), false), s, 0, ro));
        prepare_battle(b);
    }
    auto bp = std::make_shared<const Battle>(b);
    const State base = State::for_probe(bp);
    json out = {{"units", units_json(b)}, {"options", options_json(b.opt)}, {"policy", policy_json(b.pol)},
                {"rules_version", b.rules_version}};
    std::vector<int> side_units[2];
    for (std::size_t i = 0; i < b.units.size(); ++i) side_units[b.units[i].side].push_back(static_cast<int>(i));
    json matrix = json::object();
    for (int s = 0; s < 2; ++s) {
        json rows = json::array();
        for (int a : side_units[s]) {
            json row = json::array();
            for (int t : side_units[1 - s]) row.push_back(cell_json(base, a, t));
            rows.push_back(row);
        }
        matrix[side_id(s)] = rows;
    }
    out["matrix"] = matrix;
    if (side_units[0].size() == 1 && side_units[1].size() == 1) out["attack"] = matrix["attacker"][0][0];
    return out;
}

}  // namespace bc::warfare

// The battle state's fast paths against the rules they stand for, on a corpus
// of small battles that sets every option and policy value in turn:
// - the canonical packed key against a key of every field (exact odds equal
//   to 1e-12, with fewer or as many states), and its one flag dropped by
//   reasoning about the rules (a rallied unit's Courageous) on battles made
//   for each reason it may still matter;
// - the sampler's one-number draws against the chance outcomes the exact
//   solver follows (every draw sequence enumerated), and sampled odds against
//   exact odds (within 4 standard errors, fixed seeds), with every plan the
//   sampler remembers checked against a fresh one;
// - the order-of-battle tables and fixed expected values against illegal()
//   and expected_value() in every state of random playthroughs.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "api/solver.hpp"
#include "solve/exact.hpp"
#include "generic_checks.hpp"
#include "warfare/advisor/advise.hpp"
#include "warfare/battle/calls.hpp"
#include "warfare/battle/sample.hpp"
#include "warfare/options.hpp"
#include "warfare_helpers.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_battle_fast {

using namespace wtest;
using bc::warfare::Battle;
using bc::warfare::State;

namespace {

json kw(const std::string& name, const char* ancestry, const char* experience, const char* equipment, const char* type,
        const char* size, int casualties) {
    json u = {{"name", name}, {"ancestry", ancestry}, {"equipment", equipment}, {"type", type}, {"size", size},
              {"casualties", casualties}};
    if (experience) u["experience"] = experience;
    return u;
}

// Two small battles with between them every trait the battle rules read.
// (Not a Regenerate unit only a weak enemy can reach: such a battle may take
// tens of thousands of rounds, past the endless rule's round cap, and sampling
// then counts it endless where exact odds count where it really ends; see
// docs/warfare.md, Endless battles.)
std::vector<json> armies() {
    return {
        battle({kw("Riders", "human", "regular", "light", "cavalry", "d4", 3),
                kw("Ghouls", "ghoul", "regular", "light", "infantry", "d4", 2)},
               {kw("Orcs", "orc", "green", "medium", "infantry", "d4", 3), kw("Levy", "gnoll", nullptr, "light", "levies", "d4", 2)}),
        battle({kw("Treants", "treant", "regular", "light", "siege-engine", "d4", 2),
                kw("Trolls", "troll", "regular", "heavy", "infantry", "d4", 2)},
               {fort("Keep", 12, 12, 4, {{"casualties", 2}, {"morale_bonus", 2}}),
                kw("Hobgoblins", "hobgoblin", "regular", "light", "archers", "d4", 3),
                kw("Bones", "skeleton", "regular", "light", "infantry", "d4", 2)}),
    };
}

// Every value of every option and policy field, one at a time (ints: their
// default and one other value).
std::vector<std::pair<std::string, json>> variations() {
    std::vector<std::pair<std::string, json>> out;
    auto add = [&](const char* where, const bc::OptionDef& d) {
        std::vector<json> values;
        if (d.type == "choice")
            for (const auto& c : d.choices) values.emplace_back(c.id);
        else if (d.type == "bool")
            values = {true, false};
        else
            values = {d.def, d.id == "orders_per_turn" ? json(2) : d.id.rfind("retreat_below", 0) == 0 ? json(2) : json(12)};
        for (const auto& v : values) {
            if (v == d.def) continue;
            json change = json::object();
            change[where][d.id] = v;
            out.emplace_back(std::string(where) + "." + d.id + "=" + v.dump(), change);
        }
    };
    out.emplace_back("defaults", json::object());
    for (const auto& d : bc::warfare::option_defs()) add("options", d);
    for (const auto& d : bc::warfare::policy_defs()) add("policy", d);
    return out;
}

json with(json req, const json& change) {
    for (auto it = change.begin(); it != change.end(); ++it)
        for (auto f = it.value().begin(); f != it.value().end(); ++f) req[it.key()][f.key()] = f.value();
    return req;
}

json solve(const Battle& b, const json& solver) {
    const json s = solver;
    return bc::warfare::battle_odds(b, bc::In(s, "/solver"));
}

// A battle solved exactly with the canonical key and with a key of every
// field: outcomes, expected rounds, removals and mean final dice equal to
// 1e-12. Returns the two state counts (canonical, full).
std::pair<double, double> canonical_against_full(const json& request) {
    Battle b = bc::warfare::parse_battle(bc::In(request, ""), {});
    const json canonical = solve(b, {{"method", "exact"}});
    b.full_key = true;
    const json full = solve(b, {{"method", "exact"}});
    REQUIRE(canonical["method"] == "exact");
    for (const char* o : {"attacker", "defender", "draw", "endless"}) equal(canonical["outcomes"][o], full["outcomes"][o]);
    equal(canonical["expected_rounds"], full["expected_rounds"]);
    for (std::size_t u = 0; u < full["units"].size(); ++u) {
        equal(canonical["units"][u]["removed"], full["units"][u]["removed"]);
        equal(canonical["units"][u]["mean_final"], full["units"][u]["mean_final"]);
    }
    return {canonical["states"].get<double>(), full["states"].get<double>()};
}

// The draws of the sampler give each outcome code its weight: exactly, by
// enumerating every sequence of draws, where there are few (one check out of
// 400); by a chi-square test of 4,000 draws (fixed seed) for an Attack check
// with its Power checks (up to 400^3 sequences).
void check_draws(const State& s, bc::Rng& rng) {
    bc::Outcomes outs;
    s.chance_outcomes(outs);
    std::uint64_t total = 0;
    for (const auto& o : outs) total += o.weight;
    std::map<std::uint32_t, double> seen;
    bctest::EnumDice probe;
    s.draw<bc::Dice>(probe);
    const bool few = !probe.advance() || outs.size() <= 2;
    if (few) {
        std::map<std::uint32_t, bctest::Frac> got;
        bctest::EnumDice dice;
        do {
            const std::uint32_t c = s.draw<bc::Dice>(dice);
            got[c] = got[c] + dice.weight();
        } while (dice.advance());
        for (const auto& o : outs)
            CHECK(got[o.code] == bctest::Frac(static_cast<bctest::i128>(o.weight), static_cast<bctest::i128>(total)));
        CHECK(got.size() == outs.size());
        return;
    }
    const int n = 4000;
    for (int i = 0; i < n; ++i) seen[s.draw(rng)] += 1;
    std::vector<double> observed, p;
    for (const auto& o : outs) {
        observed.push_back(seen[o.code]);
        p.push_back(static_cast<double>(o.weight) / static_cast<double>(total));
        seen.erase(o.code);
    }
    CHECK(seen.empty());  // no code outside the outcomes
    CHECK(bctest::chi_square_passes(observed, p, n));
}

// The chance node as data (the graph sampler's): the same outcome from the
// same generator, with the same draws used.
void check_spec(const State& s, std::uint64_t seed) {
    const State::DrawSpec d = s.draw_spec();
    if (d.kind == State::DrawSpec::Other) return;
    for (std::uint64_t k = 0; k < 50; ++k) {
        bc::Rng a(seed * 1000 + k), b(seed * 1000 + k);
        const std::uint32_t code = s.draw(a);
        CHECK(d.code_of(draw_slot(d, b)) == code);
        CHECK(a.next() == b.next());
    }
}

// Two tallies equal to within `tol` in every figure (0: to the last bit).
void same_tally(const bc::Tally& a, const bc::Tally& b, double tol = 0) {
    const auto near = [tol](double x, double y) { CHECK(std::fabs(x - y) <= tol); };
    near(a.total(), b.total());
    near(a.steps(), b.steps());
    for (std::size_t i = 0; i < a.schema().outcomes.size(); ++i) near(a.outcome(i), b.outcome(i));
    for (std::size_t i = 0; i < a.schema().events.size(); ++i) near(a.event(i), b.event(i));
    for (std::size_t i = 0; i < a.schema().series.size(); ++i) {
        CHECK(a.series(i).size() == b.series(i).size());
        for (const auto& [v, m] : a.series(i)) {
            INFO("series " << i << " value " << v);
            REQUIRE(b.series(i).count(v) == 1);
            near(m, b.series(i).at(v));
        }
    }
}

// The graph sampler against the plain one: the same battles, so the same
// tally; within the given memory budget for the graph, which holds.
bc::warfare::GraphStats check_graph(const json& req, std::uint64_t trials, std::size_t max_bytes, std::uint64_t seed) {
    const auto b = std::make_shared<const Battle>(bc::warfare::parse_battle(bc::In(req, ""), {}));
    const State root(b);
    bc::MonteCarloOptions mo;
    mo.trials = trials;
    mo.seed = seed;
    mo.target_halfwidth = 0;
    bc::Tally plain(State::schema(*b)), graph(State::schema(*b));
    bc::warfare::sample_battle_generic(root, plain, mo);
    bc::warfare::GraphStats st;
    bc::warfare::sample_battle(root, graph, mo, max_bytes, &st);
    same_tally(plain, graph);
    CHECK(st.bytes <= max_bytes);
    return st;
}

// The battle state without the solver's pause (bc::PausesForSolver): the
// exact solver then keys it at chance nodes only, as the rules stop it.
struct Unpaused {
    State s;
    bool is_terminal() const { return s.is_terminal(); }
    void chance_outcomes(bc::Outcomes& out) const { s.chance_outcomes(out); }
    void apply(std::uint32_t code, bc::Log* log) { s.apply(code, log); }
    void pack(bc::KeyWriter& w) const { s.pack(w); }
    void unpack(bc::KeyReader& r) { s.unpack(r); }
    std::uint64_t progress() const { return s.progress(); }
    void record(bc::Recorder& r) const { s.record(r); }
    double step_weight() const { return s.step_weight(); }
};
static_assert(bc::ChanceState<Unpaused> && !bc::PausesForSolver<Unpaused> && bc::PausesForSolver<State>);

}  // namespace

TEST_CASE("Warfare fast paths: the solver's pause before each order gives the odds of keys at chance nodes only", "[warfare-battle][heavy][scale]") {
    // Every option and policy value: the exact solver keys the battle where
    // it pauses (no step waiting) and unpack() runs on to the chance node;
    // against the same solver keying chance nodes only, outcomes, rounds,
    // removals and final dice equal to 1e-12.
    // `differ`: battles where the two ways key different states, so that the
    // comparison is not between two copies of one solve.
    std::size_t solved = 0, differ = 0;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name << " " << army["attacker"]["units"][0]["name"]);
            const auto b = std::make_shared<const Battle>(bc::warfare::parse_battle(bc::In(with(army, change), ""), {}));
            const State root(b);
            bc::Tally paused(State::schema(*b)), plain(State::schema(*b));
            const bc::ExactStatus a = bc::solve_exact(root, paused);
            const bc::ExactStatus c = bc::solve_exact(Unpaused{root}, plain);
            REQUIRE(a.complete);
            REQUIRE(c.complete);
            CHECK(a.dropped == 0);
            same_tally(paused, plain, 1e-12);
            if (a.states != c.states) ++differ;
            ++solved;
        }
    CHECK(solved == 2 * variations().size());
    CHECK(differ > 0);
}

TEST_CASE("Warfare fast paths: the canonical key gives the exact odds of a key of every field", "[warfare-battle][heavy][scale]") {
    std::size_t solved = 0;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name << " " << army["attacker"]["units"][0]["name"]);
            const auto [canonical, full] = canonical_against_full(with(army, change));
            CHECK(canonical <= full);
            ++solved;
        }
    CHECK(solved == 2 * variations().size());
}

TEST_CASE("Warfare fast paths: a charger engaged with walls is free once they fall (issue 34)", "[warfare-battle]") {
    // A cavalry charge that succeeds engages the charger with the walls; the
    // canonical key keeps the engagement on the charger's side only, and the
    // walls' side of it must come back from there: once the walls fall, the
    // charger is free to charge the infantry behind them (which can strike
    // back only when engaged). The independent model of issue 34 gives the
    // attacker 0.8794; with the walls' engagement lost, 0.7874.
    const json bugbears = {{"ancestry", "bugbear"}, {"type", "cavalry"}, {"size", "d4"}, {"experience", "green"},
                           {"equipment", "medium"}, {"traits", {"siege-engine"}}};
    const json foot = U("Infantry", "infantry", 0, 2, 15, 14, 3, 4);
    const json walls = fort("Walls", 16, 12, 4, {{"casualties", 3}, {"morale_bonus", 3}});
    const json req = battle({bugbears}, {foot, walls}, {{"initiative", "attacker"}});
    canonical_against_full(req);
    const json o = odds(req);
    CHECK(o["outcomes"]["attacker"].get<double>() == Approx(0.8794).margin(5e-5));
    // The infantry strikes the cavalry only once charged by it (2 casualties
    // at least): when the defender wins, it is at 1 or 2, never 3 or 4.
    for (const char* v : {"3", "4"}) CHECK_FALSE(o["units"][1]["final"].contains(v));
    // Treants hurling rocks (a d6 of casualties against walls) charge them too.
    json treants = bugbears;
    treants["ancestry"] = "treant";
    treants["traits"] = {"siege-engine", "hurl-rocks"};
    canonical_against_full(battle({treants}, {foot, walls}, {{"initiative", "attacker"}}));
    // Every state on the way: a rebuilt state's next states have the same keys (generic_checks.hpp).
    const auto b = parsed(req);
    bctest::check_playthroughs(State(b), State::schema(*b), 40, 34, 2000);
}

TEST_CASE("Warfare fast paths: draws, order-of-battle tables and fixed values in every state", "[warfare-battle]") {
    std::uint64_t seed = 1;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name);
            const auto b = std::make_shared<const Battle>(bc::warfare::parse_battle(bc::In(with(army, change), ""), {}));
            bc::Rng rng(seed++);
            for (int walk = 0; walk < 3; ++walk) {
                State s(b);
                s.watch_endless();  // the troll battle can loop for ever
                int nodes = 0;
                while (!s.is_terminal()) {
                    CHECK(s.self_check() == "");
                    if (nodes++ < 6 && walk == 0) check_draws(s, rng);
                    if (walk == 1) check_spec(s, seed);
                    s.apply(s.draw(rng), nullptr);
                }
            }
        }
}

TEST_CASE("Warfare fast paths: sampled odds agree with exact odds", "[warfare-battle][heavy][scale]") {
    // The sampler remembers each unit's plan while nothing it reads changes:
    // here every remembered plan is recomputed and a stale one is an error.
    State::check_memo = true;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name);
            const Battle b = bc::warfare::parse_battle(bc::In(with(army, change), ""), {});
            const json ex = solve(b, {{"method", "exact"}});
            const json mc = solve(b, {{"method", "monte-carlo"}, {"trials", 3000}, {"seed", 11}, {"target_halfwidth", 0}});
            const double n = mc["trials"].get<double>();
            auto close = [&](const json& p, const json& q) {
                const double pe = p.get<double>(), ps = q.get<double>();
                CHECK(std::fabs(pe - ps) <= 4 * std::sqrt(std::max(pe * (1 - pe), 1e-9) / n) + 1e-9);
            };
            for (const char* o : {"attacker", "defender", "draw", "endless"}) close(ex["outcomes"][o], mc["outcomes"][o]);
            for (std::size_t u = 0; u < ex["units"].size(); ++u) close(ex["units"][u]["removed"], mc["units"][u]["removed"]);
        }
    State::check_memo = false;
}

TEST_CASE("Warfare: the states call counts what the exact solver reaches, within its budget", "[warfare-battle]") {
    // A always hits and wounds; the Mindless target at 2 of a d4 cannot hurt
    // it. States: A's first attack; A's second attack with the target at 1
    // (after a hit; a critical removes it at once); the end. Three.
    const json a = U("A", "infantry", 30, 30, 40, 10, 0, 6);
    const json d = U("D", "infantry", -10, -10, 10, 10, 0, 4, {"mindless"}, {{"casualties", 2}});
    json req = battle({a}, {d}, {{"initiative", "attacker"}, {"rally", false}, {"natural_20", "critical-if-hits"}});
    const json n = ok("states", req);
    CHECK(n["states"] == 3);
    CHECK(n["terminal"] == 1);
    CHECK(n["complete"] == true);
    // A larger battle: no more states than the exact solver counts (it counts
    // an end again in each level it is reached from), and the budget holds.
    json big = armies()[0];
    const json c = ok("states", big);
    CHECK(c["complete"] == true);
    const json ex = odds(big);
    CHECK(c["states"].get<double>() <= ex["states"].get<double>());
    CHECK(c["states"].get<double>() > 1000);
    // And exactly as many as a plain walk finds: every outcome applied to a
    // copy (paused where the solver pauses), each key kept once, whatever its level.
    {
        const auto b = std::make_shared<const Battle>(bc::warfare::parse_battle(bc::In(big, ""), {"max_states"}));
        std::set<std::vector<std::uint64_t>> seen;
        std::vector<std::vector<std::uint64_t>> todo;
        auto visit = [&](const State& st) {
            bc::KeyWriter k;
            st.pack(k);
            std::vector<std::uint64_t> key(k.data(), k.data() + k.size());
            if (seen.insert(key).second && !st.is_terminal()) todo.push_back(key);
        };
        visit(State(b));
        State s(b);
        s.pause_for_solver();
        bc::Outcomes outs;
        while (!todo.empty()) {
            const auto key = todo.back();
            todo.pop_back();
            bc::KeyReader r(key.data(), key.size());
            s.unpack(r);
            if (s.is_terminal()) {  // ended by the steps after its pause
                visit(s);
                continue;
            }
            outs.clear();
            s.chance_outcomes(outs);
            for (const auto& o : outs) {
                State child = s;
                child.apply(o.code, nullptr);
                visit(child);
            }
        }
        CHECK(c["states"].get<double>() == static_cast<double>(seen.size()));
    }
    big["max_states"] = 100;
    const json cut = ok("states", big);
    CHECK(cut["complete"] == false);
    CHECK(cut["stopped_by"] == "state budget");
    CHECK(cut["states"].get<double>() <= 100 + 20);  // the budget is checked after each state's children
}

TEST_CASE("Warfare fast paths: the graph sampler plays the plain sampler's battles", "[warfare-battle][heavy][scale]") {
    // Every option and policy value, with a graph that may grow to its
    // default size and with one of 12 KB (its table of slots, 8 KB, and a few
    // dozen states: full at once, so battles walk it, then go on by the rules).
    std::uint64_t seed = 3, walked = 0, played_on = 0;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name);
            const json req = with(army, change);
            walked += check_graph(req, 1500, bc::warfare::kGraphBytes, seed).walked;
            const auto small = check_graph(req, 500, 12 << 10, seed++);
            CHECK(small.nodes < 100);
            played_on += small.played_on;
        }
    CHECK(walked > 100000);  // most outcomes came from the graph
    CHECK(played_on > 1000);
}

// The sanitized suite leaves the [scale] cases out: every option and policy
// value is played here too, by both samplers, a few battles each, with every
// remembered plan recomputed (the lines of the two cases above that no other
// case reaches).
TEST_CASE("Warfare fast paths: both samplers play every option briefly, their remembered plans checked", "[warfare-battle]") {
    State::check_memo = true;
    std::uint64_t seed = 3;
    for (const json& army : armies())
        for (const auto& [name, change] : variations()) {
            INFO(name);
            const json req = with(army, change);
            const Battle b = bc::warfare::parse_battle(bc::In(req, ""), {});
            const json mc = solve(b, {{"method", "monte-carlo"}, {"trials", 200}, {"seed", 11}, {"target_halfwidth", 0}});
            CHECK(mc["trials"].get<double>() == 200);
            check_graph(req, 150, bc::warfare::kGraphBytes, seed);
            CHECK(check_graph(req, 50, 12 << 10, seed++).nodes < 100);
        }
    State::check_memo = false;
}

TEST_CASE("Warfare fast paths: the graph sampler under the endless rule, hurled rocks and a large battle", "[warfare-battle]") {
    // The endless rule proves the defender-first half of these endless after
    // 48 rounds: its count is kept beside the walk, and the proof is made by
    // the rules at the same chance node.
    const auto endless = check_graph(half_endless(), 600, bc::warfare::kGraphBytes, 5);
    CHECK(endless.played_on > 200);
    CHECK(endless.walked > 5000);
    // Rocks hurled at a wall: their draws follow the target, so the rules draw them.
    const json treants = U("Treants", "siege-engine", 4, 4, 12, 12, 2, 4, {"hurl-rocks"});
    const json guards = U("Guards", "infantry", 0, 0, 30, 30, 10, 4);
    const auto rocks = check_graph(battle({treants}, {fort("Keep", 10, 10, 6), guards}), 300, bc::warfare::kGraphBytes, 6);
    CHECK(rocks.played_on > 100);
    // Six against six: battles seldom meet, the graph stops growing after its
    // first 256 battles, and the rest leave it at their first new outcome.
    std::vector<json> a, d;
    const char* xp[] = {"green", "regular", "seasoned", "veteran", "elite", "super-elite"};
    for (int i = 0; i < 6; ++i) {
        a.push_back(kw("A" + std::to_string(i), i % 2 ? "elf" : "human", xp[i], "medium", i % 3 ? "infantry" : "archers", "d6", 6));
        d.push_back(kw("D" + std::to_string(i), i % 2 ? "orc" : "dwarf", xp[i], "medium", i % 3 ? "infantry" : "cavalry", "d6", 6));
    }
    const auto big = check_graph(battle(a, d), 600, bc::warfare::kGraphBytes, 7);
    CHECK(big.played_on > 300);
    CHECK(big.nodes < 256 * 200);
}

TEST_CASE("Warfare: a worker's block calls for one battle walk on in one graph", "[warfare-battle]") {
    json req = armies()[0];
    req["seed"] = 9;
    auto blocks = [&](int first) {
        json r = req;
        r["solver"] = {{"method", "monte-carlo"}, {"trials", 8000}, {"blocks", {{"first", first}, {"count", 2}}}};
        return ok("odds", r)["tallies"];
    };
    auto other_battle = [&] {  // another battle's block call: the kept graph is let go
        json r = armies()[1];
        r["solver"] = {{"method", "monte-carlo"}, {"trials", 1000}, {"blocks", {{"first", 0}, {"count", 1}}}};
        ok("odds", r);
    };
    other_battle();
    const json cold = blocks(2);  // a new graph
    other_battle();
    blocks(0);
    const json warm = blocks(2);  // the graph of blocks 0 and 1, walked on
    CHECK(cold.size() == 2);
    CHECK(warm == cold);
}

TEST_CASE("Warfare: each path of the odds and the advisor names itself in its answer", "[warfare-battle]") {
    // The exact paths differ in the states they reach: the canonical key
    // merges what a key of every field keeps apart, so each named path's
    // count is checked against the battle solved directly with that key.
    const json req = armies()[0];
    Battle b = bc::warfare::parse_battle(bc::In(req, ""), {});
    const double canonical_states = solve(b, {{"method", "exact"}})["states"].get<double>();
    b.full_key = true;
    const double full_states = solve(b, {{"method", "exact"}})["states"].get<double>();
    REQUIRE(full_states > canonical_states);
    auto odds_by = [&](const json& solver) {
        json r = req;
        r["solver"] = solver;
        return ok("odds", r);
    };
    const json exact = odds_by({{"method", "exact"}});
    CHECK(exact["method"] == "exact");
    CHECK(exact["path"] == "chance state, canonical key");
    CHECK(exact["states"].get<double>() == canonical_states);
    const json exact_generic = odds_by({{"method", "exact"}, {"path", "generic"}});
    CHECK(exact_generic["method"] == "exact");
    CHECK(exact_generic["path"] == "chance state, every field keyed");
    CHECK(exact_generic["states"].get<double>() == full_states);
    // Sampled: the graph sampler plays the plain sampler's battles, so the
    // same seed gives the same odds under either name.
    const json sampled = odds_by({{"method", "monte-carlo"}, {"trials", 2000}, {"seed", 4}, {"target_halfwidth", 0}});
    const json plain =
        odds_by({{"method", "monte-carlo"}, {"path", "generic"}, {"trials", 2000}, {"seed", 4}, {"target_halfwidth", 0}});
    CHECK(sampled["method"] == "monte-carlo");
    CHECK(sampled["path"] == "graph of states");
    CHECK(plain["method"] == "monte-carlo");
    CHECK(plain["path"] == "plain sampler");
    CHECK(sampled["outcomes"] == plain["outcomes"]);
    // The advisor weighs each order exactly by the canonical key (or every
    // field, on the generic path) or samples it by the plain sampler.
    auto advise_by = [&](const json& solver) {
        json r = req;
        r["solver"] = solver;
        return ok("advise", r)["orders"];
    };
    auto paths = [](const json& orders) {
        std::set<std::string> out;
        for (const auto& o : orders) out.insert(o.value("path", std::string("none")));
        return out;
    };
    using Names = std::set<std::string>;
    CHECK(paths(advise_by({{"method", "exact"}})) == Names{"chance state, canonical key"});
    CHECK(paths(advise_by({{"method", "exact"}, {"path", "generic"}})) == Names{"chance state, every field keyed"});
    CHECK(paths(advise_by({{"method", "monte-carlo"}, {"trials", 200}, {"target_halfwidth", 0}})) == Names{"plain sampler"});
}

TEST_CASE("Warfare fast paths: a rallied unit's Courageous leaves the key only where no check it could turn is left", "[warfare-battle][heavy][scale]") {
    // Human Bowmen (Courageous) and Lancers (Courageous, Charge). The key
    // holds Courageous as used once the unit has rallied at 1 and no check
    // it could turn is possible (State::courage_layout). Each case below is
    // one reason a check is still possible, or none is: against a key of
    // every field, outcomes, rounds, removals and final dice equal to 1e-12.
    const json bowmen = kw("Bowmen", "human", "regular", "light", "archers", "d4", 4);
    const json lancers = kw("Lancers", "human", "regular", "light", "cavalry", "d4", 4);
    const json orcs = kw("Orcs", "orc", "regular", "medium", "infantry", "d4", 4);
    const json raiders = kw("Raiders", "goblin", "regular", "light", "cavalry", "d4", 4);
    json healer = bowmen;
    healer["traits"] = {"regenerate"};
    const json skeletons = kw("Bones", "skeleton", "regular", "light", "infantry", "d4", 4);
    const json pikes = kw("Pikes", "human", "regular", "light", "infantry", "d4", 4);
    const json engines = kw("Engines", "dwarf", "regular", "light", "siege-engine", "d4", 4);
    const json palisade = fort("Palisade", 8, 8, 4);
    // `settles`: some rallied unit's flag can leave the key, so fewer states
    // than a key of every field; otherwise no more (a new order's attack no
    // longer carries the last one's casualty count, which had kept the full
    // key larger in every case).
    struct Case {
        const char* name;
        json request;
        bool settles = true;
    };
    const std::vector<Case> cases = {
        {"defaults", battle({bowmen, lancers}, {orcs, raiders})},
        {"disengage issue", battle({bowmen, lancers}, {orcs, raiders}, {{"disengage", "issue"}})},
        // Foot charged by cavalry may not attack it (engaged, by the order of
        // battle): stuck, it disengages.
        {"disengage issue, foot", battle({pikes, bowmen}, {raiders}, {{"disengage", "issue"}, {"engaged_ignore_order", false}})},
        {"disengage free", battle({bowmen, lancers}, {orcs, raiders}, {{"disengage", "free"}})},
        {"engaged units keep the order of battle", battle({bowmen, lancers}, {orcs, raiders}, {{"engaged_ignore_order", false}})},
        {"to-charge", battle({bowmen, lancers}, {orcs}, json::object(), {{"disengage", "to-charge"}})},
        {"courageous rally", battle({bowmen, lancers}, {orcs, raiders}, json::object(), {{"courageous", "rally"}})},
        {"retreat", battle({bowmen, lancers}, {orcs, raiders}, {{"retreat_below_attacker", 2}}), false},
        {"no rally", battle({bowmen, lancers}, {orcs, raiders}, {{"rally", false}}), false},
        {"undead enemy", battle({bowmen, lancers}, {orcs, skeletons}), false},
        {"own fortification", battle({bowmen, lancers, palisade}, {orcs, engines}), false},
        {"regenerates", battle({healer}, {orcs}), false},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        const auto [canonical, full] = canonical_against_full(c.request);
        if (c.settles)
            CHECK(canonical < full);
        else
            CHECK(canonical <= full);
    }

    // An order's moment may have a unit rallied anywhere, and may give an
    // order that makes a check wait: a rallied Lancers at 3, and one at 1
    // ordered to disengage, neither having used Courageous.
    for (int moment = 0; moment < 2; ++moment) {
        INFO("moment " << moment);
        Battle b = bc::warfare::parse_battle(bc::In(battle({bowmen, lancers}, {orcs, raiders}), ""), {});
        State::Moment m;
        m.units.resize(4);
        for (int u = 0; u < 4; ++u) m.units[static_cast<std::size_t>(u)].die = 4;
        State::UnitMoment& l = m.units[1];
        l.rallied = true;
        if (moment == 0) {
            l.die = 3;
        } else {
            l.die = 1;
            l.engaged = 2;
            l.charged = true;
            m.units[2].engaged = 1;
        }
        bc::Tally tallies[2] = {bc::Tally(State::schema(b)), bc::Tally(State::schema(b))};
        for (int full = 0; full < 2; ++full) {
            b.full_key = full == 1;
            State s = State::at_moment(std::make_shared<const Battle>(b), m);
            const std::vector<State::Order> orders = s.orders();
            const State::Order d = moment == 0 ? s.policy_order() : State::Order{State::Order::Disengage, 1, 2, false};
            REQUIRE(std::count(orders.begin(), orders.end(), d) == 1);
            s.give(d, nullptr);
            REQUIRE(bc::solve_exact(s, tallies[full]).complete);
        }
        same_tally(tallies[0], tallies[1], 1e-12);
    }
}

}  // namespace file_test_warfare_battle_fast

// Olympia's hit rule (hit.hpp) wherever a solver uses it: one blow's chances
// in the chance state and the exact paths' shapes against the rulebook's
// numbers worked by hand; the running-totals sampler's frequencies against the
// chance state's exact odds at structures, siege engines, blessed soldiers and
// rear rows. A copy of the rule that drifted from the state fails here.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "olympia/field.hpp"
#include "olympia/olympia.hpp"
#include "olympia/sampler.hpp"
#include "olympia/shapes.hpp"
#include "olympia_corpus.hpp"
#include "solve/exact.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_olympia_hit {

using namespace bc;
using namespace olytest;

namespace {

std::shared_ptr<const olympia::Battle> staged(const json& req) {
    return std::make_shared<olympia::Battle>(olympia::prepare(olympia::parse(In(req, "")), true));
}

// The entity of side `side` led by noble `noble` (its index on that side):
// the noble himself (kind "") or his men of `kind`.
int entity(const olympia::Battle& b, int side, int noble, const std::string& kind) {
    for (const auto& n : b.nobles) {
        if (n.side != side || n.index != noble) continue;
        if (kind.empty()) return n.entity;
        for (int e : n.troops)
            if (b.ents[static_cast<std::size_t>(e)].kind == olympia::kind_index(kind)) return e;
    }
    FAIL("no such entity");
    return -1;
}

// A blow worked by hand from the rulebook's numbers: a hit with chance
// rating / (rating + defense) (whole points; the structure's defense added to
// a man's inside it), split into `variants` effects with codes first...
struct Hand {
    std::string name;
    json request;
    int side, noble;  // the attacker's entity
    std::string kind;
    int target;       // the target's noble on the other side, or -1: the structure
    std::string target_kind;
    std::int64_t rating, defense;  // whole points, or any common multiple of both
    int variants, first;
};

std::vector<Hand> hand_cases() {
    const json lone_b = noble("B", json::object(), {{"attack", 80}, {"defense", 60}});
    std::vector<Hand> h;
    h.push_back({"a noble on a noble", battle({noble("A", json::object(), {{"attack", 30}})}, {lone_b}), 0, 0, "", 0, "",
                 30, 60, 1, 1});
    h.push_back({"a soldier on a blessed soldier: killed or spared, even odds",
                 battle({noble("A", {{"soldier", 1}})}, {noble("B", {{"blessed_soldier", 1}})}), 0, 0, "soldier", 0,
                 "blessed_soldier", 5, 5, 2, 1});
    const json tower = {{"kind", "tower"}, {"defense", 40}};
    const json inside = battle({noble("A", {{"soldier", 1}, {"catapult", 1}})}, {noble("B", {{"pikeman", 1}})},
                               json::object(), tower);
    h.push_back({"a soldier on a pikeman inside a tower: 30 + 40 defense", inside, 0, 0, "soldier", 0, "pikeman", 5, 70,
                 1, 1});
    h.push_back({"a soldier on the tower: one point", inside, 0, 0, "soldier", -1, "", 5, 40, 1, 1});
    h.push_back({"a catapult on the tower: six blows of 5-10 points", inside, 0, 0, "catapult", -1, "", 25, 40, 6, 2});
    const json spent = battle({noble("A", {{"soldier", 1}})}, {noble("B", {{"pikeman", 1}})}, json::object(),
                              {{"kind", "tower"}, {"defense", 0}});
    h.push_back({"a soldier on a pikeman in a tower with no defense left", spent, 0, 0, "soldier", 0, "pikeman", 5, 30, 1,
                 1});
    h.push_back({"a soldier on a tower with no defense left: a sure hit", spent, 0, 0, "soldier", -1, "", 5, 0, 1, 1});
    // Rain halves a bow: an archer behind strikes with 25 of his 50 missile.
    h.push_back({"an archer behind, in rain",
                 battle({noble("A", {{"soldier", 1}}), noble("R", {{"archer", 1}}, {{"behind", 1}})},
                        {noble("B", {{"soldier", 1}})}, {{"weather", "rain"}}),
                 0, 1, "archer", 0, "soldier", 25, 5, 1, 1});
    h.push_back({"the defender's noble on the attacker's soldier",
                 battle({noble("A", {{"soldier", 1}})}, {noble("B", json::object(), {{"attack", 80}})}), 1, 0, "", 0,
                 "soldier", 80, 5, 1, 1});
    return h;
}

}  // namespace

TEST_CASE("Olympia hit rule: one blow's chances in the chance state and the shapes, worked by hand", "[olympia][fast]") {
    for (const Hand& c : hand_cases()) {
        INFO(c.name);
        const auto b = staged(c.request);
        const int a = entity(*b, c.side, c.noble, c.kind);
        const int si = olympia::structure_index(*b);
        const int t = c.target < 0 ? si : entity(*b, 1 - c.side, c.target, c.target_kind);
        // The chance state in three nodes: attacker, target, then the blow.
        olympia::State s(b);
        s.apply(static_cast<std::uint32_t>(a), nullptr);
        s.apply(static_cast<std::uint32_t>(t), nullptr);
        Outcomes out;
        s.chance_outcomes(out);
        std::uint64_t total = 0;
        for (const auto& o : out) total += o.weight;
        std::map<std::uint32_t, std::uint64_t> w;
        for (const auto& o : out) w[o.code] = o.weight;
        // Each hit variant: rating / ((rating + defense) x variants), as fractions.
        const std::uint64_t num = static_cast<std::uint64_t>(c.rating);
        const std::uint64_t den = static_cast<std::uint64_t>((c.rating + c.defense) * c.variants);
        for (int k = c.first; k < c.first + c.variants; ++k) {
            INFO("blow " << k);
            CHECK(w[static_cast<std::uint32_t>(k)] * den == num * total);
        }
        CHECK(w.size() == static_cast<std::size_t>(c.variants) + (c.defense > 0 ? 1 : 0));
        if (c.defense > 0) CHECK(w[0] * den == static_cast<std::uint64_t>(c.defense * c.variants) * total);
        // The exact paths' shapes: the same chance of one hit variant.
        olympia::Shapes shapes(*b);
        std::vector<std::int32_t> n;
        for (const auto& e : b->ents) n.push_back(static_cast<std::int32_t>(e.count));
        const olympia::Works works{static_cast<std::int32_t>(b->structure.defense), 0, 0};
        const olympia::Shape& sh = shapes.get(n.data(), works);
        const double p = static_cast<double>(num) / static_cast<double>(den);
        const auto& atts = sh.att[c.side];
        const std::size_t ai = static_cast<std::size_t>(std::find(atts.begin(), atts.end(), a) - atts.begin());
        REQUIRE(ai < atts.size());
        if (t == si) {
            CHECK((c.variants == 6 ? sh.qs[ai] : sh.qw[ai]) == Approx(p).epsilon(1e-14));
        } else {
            const auto& tg = sh.tg[1 - c.side];
            const std::size_t j = static_cast<std::size_t>(std::find(tg.begin(), tg.end(), t) - tg.begin());
            REQUIRE(j < tg.size());
            CHECK(sh.q[c.side][ai * tg.size() + j] == Approx(p).epsilon(1e-14));
        }
    }
}

TEST_CASE("Olympia sampler: its hits at structures, siege engines, blessed soldiers and rear rows are the chance state's",
          "[olympia][fast][heavy][scale]") {
    // Battles decided by the hit rule's variants; each in both orders.
    std::vector<Case> cases;
    cases.push_back({"blessed soldiers",
                     battle({noble("A", {{"soldier", 3}})}, {noble("B", {{"blessed_soldier", 2}}, {{"attack", 20}})})});
    cases.push_back({"men inside a tower, the tower struck",
                     battle({noble("A", {{"soldier", 3}})}, {noble("B", {{"pikeman", 1}})}, json::object(),
                            {{"kind", "tower"}, {"defense", 3}})});
    cases.push_back({"a catapult on a castle, overflow",
                     battle({noble("A", {{"catapult", 1}, {"soldier", 1}})}, {noble("B", {{"soldier", 1}})}, json::object(),
                            {{"kind", "castle"}, {"defense", 12}, {"damage", 85}})});
    cases.push_back({"a ram on an inn, no overflow, blessed inside",
                     battle({noble("A", {{"battering_ram", 1}, {"soldier", 2}})}, {noble("B", {{"blessed_soldier", 1}})},
                            {{"siege_overflow", false}}, {{"kind", "inn"}, {"defense", 7}, {"damage", 90}})});
    cases.push_back({"archers behind in rain",
                     battle({noble("A", {{"soldier", 1}}), noble("R", {{"archer", 2}}, {{"behind", 1}})},
                            {noble("B", {{"pikeman", 2}})}, {{"weather", "rain"}})});
    const std::uint64_t N = 20000;
    std::uint64_t seed = 35;
    int compared = 0;
    for (const auto& c : both_orders(cases)) {
        INFO(c.name);
        const auto b = prepared(c.request);
        Tally exact(olympia::State::schema(*b));
        REQUIRE(solve_exact(olympia::State(b), exact).complete);
        Tally mc(olympia::State::schema(*b));
        MonteCarloOptions mo;
        mo.trials = N;
        mo.seed = seed++;
        REQUIRE(olympia::sample_battles(*b, mc, mo).trials == N);
        // Each outcome's frequency within five standard errors of its exact
        // chance; each series (men of a kind, the structure's defense and
        // damage) within a Kolmogorov-Smirnov distance of 2.3 / sqrt(N) of
        // its exact distribution (a false alarm about once in 20,000 series).
        for (std::size_t o = 0; o < exact.schema().outcomes.size(); ++o) {
            INFO(exact.schema().outcomes[o]);
            const double p = exact.p_outcome(o), f = mc.outcome(o) / static_cast<double>(N);
            CHECK(std::fabs(f - p) <= 5 * std::sqrt(p * (1 - p) / static_cast<double>(N)) + 1e-9);
            ++compared;
        }
        for (std::size_t i = 0; i < exact.schema().series.size(); ++i) {
            INFO(exact.schema().series[i]);
            const auto p = exact.p_series(i);
            std::map<std::int64_t, double> f;
            for (const auto& [v, seen] : mc.series(i)) {
                INFO("value " << v);
                CHECK(p.count(v) == 1);  // a value the rules never reach
                f[v] = seen / static_cast<double>(N);
            }
            for (const auto& [v, pv] : p) f.emplace(v, 0.0);
            double cum_p = 0, cum_f = 0, ks = 0;
            for (const auto& [v, fv] : f) {
                cum_f += fv;
                const auto it = p.find(v);
                cum_p += it == p.end() ? 0.0 : it->second;
                ks = std::max(ks, std::fabs(cum_f - cum_p));
            }
            CHECK(ks <= 2.3 / std::sqrt(static_cast<double>(N)));
            ++compared;
        }
    }
    CHECK(compared >= 50);
}

}  // namespace file_test_olympia_hit

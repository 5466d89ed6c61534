// The "advise" call: for the side about to act, every order the rules allow,
// with the odds of the battle if that order is given and the policy plays on,
// ranked. Each order is one solve (exact within budget, else sampled) under
// one time limit for the whole call.
#include <algorithm>
#include <chrono>

#include "api/solver.hpp"
#include "warfare/advisor/advise.hpp"
#include "warfare/battle/calls.hpp"
#include "warfare/battle/sample.hpp"
#include "warfare/battle/state.hpp"

namespace bc::warfare {

namespace {

using Order = State::Order;

std::string unit_label(const BattleUnit& u) {
    return u.unit.spec.name + " (the " + side_id(u.side) + "'s unit " + std::to_string(u.index + 1) + ")";
}

// Reads one field of a unit's moment; a bad value's error names the unit and the field.
template <class F>
auto unit_field(const BattleUnit& u, const std::string& key, F&& read) {
    try {
        return read();
    } catch (const InputError& e) {
        throw InputError(e.path(), unit_label(u) + ": \"" + key + "\" " + e.what());
    }
}

// An enemy unit named by its index in its army's list or by its "id".
int enemy_ref(const Battle& b, const BattleUnit& u, const In& v) {
    const int enemy = 1 - u.side;
    if (v.raw().is_string()) {
        const std::string id = v.as_text(BattleLimits::kIdChars);
        for (int t = b.first[enemy]; t < b.first[enemy + 1]; ++t)
            if (b.units[static_cast<std::size_t>(t)].has_id && b.units[static_cast<std::size_t>(t)].id == id) return t;
        v.fail(unit_label(u) + ": \"engaged\" names no unit of the " + side_id(enemy) + " with id \"" + id + "\"");
    }
    const int count = b.first[enemy + 1] - b.first[enemy];
    const auto i = unit_field(u, "engaged", [&] { return v.as_integer(0, count - 1); });
    return b.first[enemy] + static_cast<int>(i);
}

State::Moment read_moment(const In& req, const Battle& b, bool& set_up) {
    State::Moment m;
    for (const auto& u : b.units) m.units.push_back({u.start, -1, false, false, false, false, false, false, u.sapped});
    const Initiative ini = b.opt.initiative;
    m.side = ini == Initiative::Defender ? kDefender : kAttacker;
    const In s = req.object("situation");
    s.must_be_object();
    s.only({"side", "first", "round", "orders_given", "attacker", "defender"});
    // Naming only the side to act is still the start of the battle.
    set_up = s.has("round") || s.has("orders_given") || s.has("attacker") || s.has("defender");
    if (s.has("side")) m.side = s.choice("side", {"attacker", "defender"}) == "attacker" ? kAttacker : kDefender;
    m.first = m.side;
    if (s.has("first")) m.first = s.choice("first", {"attacker", "defender"}) == "attacker" ? kAttacker : kDefender;
    m.round = static_cast<int>(s.integer("round", 1, 10000, 1));
    m.orders_given = static_cast<int>(s.integer("orders_given", 0, b.opt.orders_per_turn - 1, 0));
    for (int side = 0; side < 2; ++side) {
        const int count = b.first[side + 1] - b.first[side];
        const auto list = s.list(side_id(side), static_cast<std::size_t>(count));
        for (std::size_t i = 0; i < list.size(); ++i) {
            const In& x = list[i];
            const int ui = b.first[side] + static_cast<int>(i);
            const BattleUnit& u = b.units[static_cast<std::size_t>(ui)];
            State::UnitMoment& um = m.units[static_cast<std::size_t>(ui)];
            if (!x.raw().is_object()) x.fail(unit_label(u) + ": must be an object ({...}) of the unit's state");
            x.only({"die", "exhausted", "resting", "engaged", "charged", "rallied", "courage_used", "savage_used", "sapped"});
            um.die = static_cast<int>(unit_field(u, "die", [&] { return x.integer("die", 0, u.max, u.start); }));
            auto flag = [&](const char* key, bool& out) {
                if (x.has(key)) out = unit_field(u, key, [&] { return x.boolean(key); });
            };
            flag("exhausted", um.exhausted);
            flag("resting", um.resting);
            flag("charged", um.charged);
            flag("rallied", um.rallied);
            flag("courage_used", um.courage_used);
            flag("savage_used", um.savage_used);
            flag("sapped", um.sapped);
            const bool fort = u.unit.is(Type::Fortification);
            const std::string who = unit_label(u) + ": ";
            if (fort && (um.exhausted || um.resting)) x.fail_at(um.exhausted ? "exhausted" : "resting", who + "a fortification never acts, so it is never exhausted");
            if (um.resting && !u.unit.is(Type::Cavalry)) x.fail_at("resting", who + "only cavalry rests after attacking");
            if (um.sapped && !fort) x.fail_at("sapped", who + "only a fortification's walls can be sapped");
            if (um.courage_used && !u.unit.has(Trait::Courageous)) x.fail_at("courage_used", who + "has no Courageous trait");
            if (um.savage_used && !u.unit.has(Trait::Savage)) x.fail_at("savage_used", who + "has no Savage trait");
            if (x.has("engaged") && !x.field("engaged").raw().is_null()) um.engaged = enemy_ref(b, u, x.field("engaged"));
            if (um.charged && um.engaged < 0) x.fail_at("charged", who + "only an engaged unit can have charged into it");
            if (um.charged && !u.unit.has(Trait::Charge)) x.fail_at("charged", who + "has no Charge trait");
        }
    }
    // Engagement is a pair: each side's entry may name it, and the two must agree.
    std::vector<std::size_t> named;  // the units whose own entry names an engagement
    for (std::size_t a = 0; a < m.units.size(); ++a)
        if (m.units[a].engaged >= 0) named.push_back(a);
    for (const std::size_t a : named) {
        const int e = m.units[a].engaged;
        const BattleUnit& u = b.units[a];
        auto fail = [&](const std::string& msg) {
            const std::string at = pointer_join(pointer_join(s.path(), side_id(u.side)), static_cast<std::size_t>(u.index));
            throw InputError(pointer_join(at, "engaged"), unit_label(u) + ": " + msg);
        };
        State::UnitMoment& other = m.units[static_cast<std::size_t>(e)];
        if (m.units[a].die <= 0 || other.die <= 0) fail("a removed unit is engaged with no one");
        if (other.engaged >= 0 && other.engaged != static_cast<int>(a))
            fail("is engaged with " + unit_label(b.units[static_cast<std::size_t>(e)]) + ", who is engaged with another unit");
        if (other.charged && m.units[a].charged) fail("only one of two engaged units charged");
        // Walls never attack: only a charge into them engages them.
        const bool walls = u.unit.is(Type::Fortification), their_walls = b.units[static_cast<std::size_t>(e)].unit.is(Type::Fortification);
        if ((walls || their_walls) && !(walls ? other.charged : m.units[a].charged))
            fail("a fortification is engaged only with a unit that charged it (\"charged\": true on that unit)");
        other.engaged = static_cast<int>(a);
    }
    return m;
}

std::string order_kind(Order::Kind k) {
    switch (k) {
        case Order::Attack: return "attack";
        case Order::Feed: return "feed";
        case Order::Sap: return "sap";
        case Order::Disengage: return "disengage";
        case Order::Retreat: return "retreat";
        case Order::Hold: return "hold";
    }
    return "";
}

std::string order_text(const Battle& b, const Order& o, int side) {
    auto nm = [&](int u) { return b.units[static_cast<std::size_t>(u)].unit.spec.name; };
    switch (o.kind) {
        case Order::Attack:
            if (o.target < 0) return nm(o.actor) + " attacks a target picked at random";
            return nm(o.actor) + (o.charge ? " charges " : " attacks ") + nm(o.target);
        case Order::Feed: return nm(o.actor) + " feeds on the dead";
        case Order::Sap: return nm(o.actor) + " saps the walls of " + nm(o.target);
        case Order::Disengage: return nm(o.actor) + " disengages from " + nm(o.target);
        case Order::Retreat: return std::string("The ") + side_id(side) + " retreats (option retreat_below)";
        case Order::Hold: return std::string("The ") + side_id(side) + " gives no order (its units hold)";
    }
    return "";
}

// One order weighed: the battle after it, solved or sampled in `slice`
// seconds. Its row gets the method and the chances, or "method": "none" with
// the reason it was not weighed.
void weigh_order(const Battle& b, const State& at, const Order& o, int side, const SolverRequest& whole, double slice,
                 json& row) {
    SolverRequest r = whole;
    r.time_limit_s = slice;
    State after = at;
    after.give(o, nullptr);
    Tally tally(State::schema(b));
    json ans;
    try {
        // Each order is sampled from its own state, in a slice of the time:
        // too few battles for a graph of states (battle/sample.cpp) to pay.
        ans = solve_any(after, tally, r,
                        [&after](Tally& t, const MonteCarloOptions& mo) { return sample_battle_generic(after, t, mo); });
    } catch (const LimitError& e) {
        row["method"] = "none";
        row["reason"] = e.what();
        return;
    }
    if (tally.total() <= 0) {
        row["method"] = "none";
        row["reason"] = "no battle was played to its end within the time limit";
        return;
    }
    const json out = outcomes_json(tally);
    const std::string me = side_id(side), foe = side_id(1 - side);
    row["method"] = ans["method"];
    // Named as the odds name their path (battle/calls.cpp): each order is
    // sampled by the plain sampler, and solved exactly by the canonical
    // key unless the request asks for the generic path.
    row["path"] = ans["method"] == "monte-carlo" ? "plain sampler"
                  : b.full_key                   ? "chance state, every field keyed"
                                                 : "chance state, canonical key";
    for (const char* k : {"states", "trials", "fallback", "stopped_by"})
        if (ans.contains(k)) row[k] = ans[k];
    row["win"] = out[me];
    row["lose"] = out[foe];
    row["draw"] = out["draw"];
    row["endless"] = out["endless"];
    if (ans["method"] == "monte-carlo") {
        const json ci = outcomes_ci_json(tally);
        row["ci95"] = {{"win", ci[me]}, {"lose", ci[foe]}, {"draw", ci["draw"]}, {"endless", ci["endless"]}};
    }
}

// Best first: the highest chance to win, then the lowest chance to lose;
// orders not weighed come last, in the order they were listed.
json rank_orders(const json& rows) {
    std::vector<std::size_t> weighed;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i]["method"] != "none") weighed.push_back(i);
    std::stable_sort(weighed.begin(), weighed.end(), [&rows](std::size_t x, std::size_t y) {
        const double wx = rows[x]["win"].get<double>(), wy = rows[y]["win"].get<double>();
        return wx != wy ? wx > wy : rows[x]["lose"].get<double>() < rows[y]["lose"].get<double>();
    });
    json ranked = json::array();
    for (std::size_t k = 0; k < weighed.size(); ++k) {
        json r = rows[weighed[k]];
        r["rank"] = k + 1;
        r["best"] = k == 0;
        ranked.push_back(r);
    }
    for (const auto& r : rows)
        if (r["method"] == "none") {
            json x = r;
            x["best"] = false;
            ranked.push_back(x);
        }
    return ranked;
}

// Whose advice it is, and when.
std::string advice_note(const Battle& b, const State::Moment& m, bool set_up) {
    const int side = m.side;
    if (set_up)
        return std::string("At the moment set up: round ") + std::to_string(m.round) + ", the " + side_id(side) +
               " to give its next order.";
    return std::string("At the start of the battle, with the ") + side_id(side) + " acting first" +
           (b.opt.initiative == Initiative::Rolled ? " (initiative is rolled: set situation.side for the other side's advice)."
            : (b.opt.initiative == Initiative::Attacker) == (side == kAttacker)
                ? " (option initiative)."
                : std::string(" (as asked, though option initiative gives the first order to the ") + side_id(1 - side) +
                      ").");
}

}  // namespace

json advise_call(const In& req) {
    const auto t0 = std::chrono::steady_clock::now();
    Battle b = parse_battle(req, {"solver", "seed", "situation"});
    read_seed(req);
    const SolverRequest whole = parse_solver(req.object("solver"));
    if (whole.defer_sampling || whole.blocks > 0 || !whole.tally.is_null())
        req.fail_at("solver", "the advisor samples within its own call: leave out defer_sampling, blocks and tally");
    bool set_up = false;
    const State::Moment m = read_moment(req, b, set_up);
    b.full_key = whole.path == "generic";  // every field keyed, as odds' generic path
    // An engagement set up where no unit can charge must still be kept by the key.
    for (const auto& x : m.units)
        if (x.engaged >= 0 && !b.any_charge && !b.set_engaged) {
            b.set_engaged = true;
            State::key_layout(b);
        }
    auto bp = std::make_shared<const Battle>(b);
    const State at = State::at_moment(bp, m);
    if (at.is_terminal())
        req.fail_at("situation", std::string("the battle is already over: the ") +
                                     side_id(at.outcome() == 0 ? kDefender : kAttacker) + " has no unit left on the field");
    const int side = m.side;

    std::vector<Order> list = at.orders();
    const Order pol = at.policy_order();
    if (std::find(list.begin(), list.end(), pol) == list.end()) list.push_back(pol);

    const Deadline deadline(whole.time_limit_s);
    const std::size_t n = list.size();
    json rows = json::array();
    for (std::size_t i = 0; i < n; ++i) {
        const Order& o = list[i];
        json row = {{"kind", order_kind(o.kind)}, {"text", order_text(b, o, side)}, {"policy", o == pol}};
        if (o.actor >= 0) row["actor"] = o.actor;
        if (o.target >= 0) row["target"] = o.target;
        if (o.kind == Order::Attack) row["charge"] = o.charge;
        if (!report_progress({{"phase", "advise"}, {"order", i}, {"orders", n}, {"text", row["text"]}}))
            throw std::runtime_error("cancelled");
        // What is left of the time, shared by the orders not yet weighed.
        const double slice = deadline.left() / static_cast<double>(n - i);
        if (deadline.passed() || slice < 0.01) {
            row["method"] = "none";
            row["reason"] = "the time limit ran out before this order was weighed";
        } else {
            weigh_order(b, at, o, side, whole, slice, row);
        }
        rows.push_back(row);
    }
    const json ranked = rank_orders(rows);
    int pol_at = -1;
    const int best_at = !ranked.empty() && ranked[0]["method"] != "none" ? 0 : -1;
    for (std::size_t k = 0; k < ranked.size(); ++k)
        if (ranked[k]["policy"] == true) pol_at = static_cast<int>(k);

    json out = {{"side", side_id(side)},
                {"round", m.round},
                {"situation", set_up ? "set" : "start"},
                {"note", advice_note(b, m, set_up)},
                {"orders", ranked},
                {"best", best_at},
                {"policy_choice", pol_at},
                {"units", units_json(b)},
                {"options", options_json(b.opt)},
                {"policy", policy_json(b.pol)},
                {"rules_version", b.rules_version},
                {"solver", solver_json(whole)}};
    out["time_ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace bc::warfare

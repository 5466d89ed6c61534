// Strongholds & Followers battles: every rule and trait in a situation whose
// chance is worked out by hand below (the d20 faces counted in the comments),
// the chance state's generic checks, exact against sampled odds, and bad input.
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "api/api.hpp"
#include "fraction.hpp"
#include "generic_checks.hpp"
#include "warfare/battle/state.hpp"
#include "warfare_helpers.hpp"

// A namespace per test file: the unity build compiles several together.
namespace file_test_warfare_battle {

using bc::json;
using bctest::Frac;
using bctest::frac;

using namespace wtest;

TEST_CASE("Warfare battle: the Attack check, with advantage and disadvantage", "[warfare-battle]") {
    const json target = U("Shields", "infantry", 0, 0, 13, 12, 0, 12);
    // +4 against Defense 13 hits on 9..20: 12 of 20 faces.
    same(attack(U("Foot", "infantry", 4, 2, 10, 10, 0, 6), target)["hit"], frac(12, 20));
    // Charge (cavalry): advantage, misses only when both dice show 1..8.
    const json charge = attack(U("Riders", "cavalry", 4, 2, 10, 10, 0, 6), target);
    CHECK(charge["charge"] == true);
    same(charge["hit"], Frac(1) - frac(8, 20) * frac(8, 20));
    // Policy "charge": false attacks without advantage.
    same(attack(U("Riders", "cavalry", 4, 2, 10, 10, 0, 6), target, {}, {{"charge", false}})["hit"], frac(12, 20));
    // Archers attack cavalry with disadvantage: both dice must hit.
    const json horse = U("Horse", "cavalry", 0, 0, 13, 12, 0, 12);
    same(attack(U("Bows", "archers", 4, 2, 10, 10, 0, 6), horse)["hit"], frac(12, 20) * frac(12, 20));
    // Savage (advantage on the first attack) and that disadvantage cancel.
    same(attack(U("Bows", "archers", 4, 2, 10, 10, 0, 6, {"savage"}), horse)["hit"], frac(12, 20));
    same(attack(U("Orcs", "infantry", 4, 2, 10, 10, 0, 6, {"savage"}), target)["hit"],
         Frac(1) - frac(8, 20) * frac(8, 20));
    // Water: disadvantage unless Amphibious.
    const json water = {{"terrain", "water"}};
    same(attack(U("Foot", "infantry", 4, 2, 10, 10, 0, 6), target, water)["hit"], frac(12, 20) * frac(12, 20));
    same(attack(U("Lizards", "infantry", 4, 2, 10, 10, 0, 6, {"amphibious"}), target, water)["hit"], frac(12, 20));
    // Stalwart only matters against battle magic: no change here.
    same(attack(U("Foot", "infantry", 4, 2, 10, 10, 0, 6), U("Dwarves", "infantry", 0, 0, 13, 12, 0, 12, {"stalwart"}))["hit"],
         frac(12, 20));
}

TEST_CASE("Warfare battle: natural 20s and natural 1s", "[warfare-battle]") {
    const json wall = U("Wall", "infantry", 0, 0, 30, 11, 0, 12);
    const json weak = U("Weak", "infantry", 0, 0, 10, 10, 0, 6);
    // Only a 20 reaches nothing here: by default it is a critical hit anyway.
    const json c = attack(weak, wall);
    same(c["hit"], frac(1, 20));
    same(c["critical"], frac(1, 20));
    // Two Power checks of +0 against Toughness 11 (11..20: 1/2 each).
    same(P(c, "1"), frac(1, 20) * frac(1, 2));
    same(P(c, "2"), frac(1, 20) * frac(1, 4));
    same(attack(weak, wall, kNoCrit)["hit"], Frac(0));
    // A +30 attack hits on every face, unless a natural 1 misses.
    const json strong = U("Strong", "infantry", 30, 0, 10, 10, 0, 6);
    same(attack(strong, wall)["hit"], Frac(1));
    same(attack(strong, wall, {{"natural_1", "attack-misses"}})["hit"], frac(19, 20));
}

TEST_CASE("Warfare battle: Power checks and casualties per success", "[warfare-battle]") {
    // +4/+2 against Defense 13 / Toughness 12: hit without a 20 on 9..19 (11/20),
    // a 20 is critical (two Power checks); Power succeeds on 10..20 (11/20).
    const json target = U("Target", "infantry", 0, 0, 13, 12, 0, 12, {"mindless"});
    const Frac h = frac(11, 20), c = frac(1, 20), ps = frac(11, 20), pf = frac(9, 20);
    const Frac one = h * ps + c * Frac(2) * ps * pf, two = c * ps * ps;
    const json plain = attack(U("Foot", "infantry", 4, 2, 10, 10, 0, 6), target);
    same(P(plain, "1"), one);
    same(P(plain, "2"), two);
    same(P(plain, "0"), Frac(1) - one - two);
    same(plain["expected_casualties"], one + Frac(2) * two);
    // Brutal: two casualties per success.
    const json brutal = attack(U("Ogres", "infantry", 4, 2, 10, 10, 0, 6, {"brutal"}), target);
    same(P(brutal, "2"), one);
    same(P(brutal, "4+"), two);
    same(P(brutal, "1"), Frac(0));
    // Charge: advantage (kept face f has weight 2f - 1 of 400) and two per success.
    const Frac ha = frac(19 * 19 - 8 * 8, 400), ca = frac(39, 400);
    const json charge = attack(U("Riders", "cavalry", 4, 2, 10, 10, 0, 6), target);
    same(P(charge, "2"), ha * ps + ca * Frac(2) * ps * pf);
    same(P(charge, "4+"), ca * ps * ps);
    // Brutal and a Charge do not stack: still two.
    same(P(attack(U("Riders", "cavalry", 4, 2, 10, 10, 0, 6, {"brutal"}), target), "2"), ha * ps + ca * Frac(2) * ps * pf);
}

TEST_CASE("Warfare battle: Martial compares sizes", "[warfare-battle]") {
    const json target = U("Target", "infantry", 0, 0, 13, 12, 0, 6, {"mindless"});
    const Frac h = frac(11, 20), c = frac(1, 20), ps = frac(11, 20), pf = frac(9, 20);
    const Frac one = h * ps + c * Frac(2) * ps * pf;
    // A d8 at 8 against a d6 at 6: larger, two casualties per success.
    same(P(attack(U("Hobgoblins", "infantry", 4, 2, 10, 10, 0, 8, {"martial"}), target), "2"), one);
    // At 4 it is smaller now (option martial_size "current") ...
    const json hurt = U("Hobgoblins", "infantry", 4, 2, 10, 10, 0, 8, {"martial"}, {{"casualties", 4}});
    same(P(attack(hurt, target), "1"), one);
    // ... but its die is still the larger (martial_size "die").
    same(P(attack(hurt, target, {{"martial_size", "die"}}), "2"), one);
}

TEST_CASE("Warfare battle: Hurl Rocks and sapped walls", "[warfare-battle]") {
    // A successful Attack check (9..20) inflicts 2 casualties, no Power check.
    const json target = U("Target", "infantry", 0, 0, 13, 40, 0, 12, {"mindless"});
    const json treant = U("Treant", "infantry", 4, -10, 10, 10, 0, 6, {"hurl-rocks"});
    const json h = attack(treant, target);
    same(P(h, "2"), frac(12, 20));
    same(P(h, "0"), frac(8, 20));
    const json dbl = attack(treant, target, {{"hurl_rocks_critical", "double"}});
    same(P(dbl, "2"), frac(11, 20));
    same(P(dbl, "4+"), frac(1, 20));
    // Against a fortification: 1d6 casualties.
    const json wall = fort("Keep", 13, 12, 12);
    const json rocks = attack(U("Catapult", "siege-engine", 4, -10, 10, 10, 0, 6, {"hurl-rocks"}), wall);
    for (const char* k : {"1", "2", "3"}) same(P(rocks, k), frac(12, 20) * frac(1, 6));
    same(P(rocks, "4+"), frac(12, 20) * frac(3, 6));
    // Only siege engines attack fortifications.
    const json no = attack(U("Foot", "infantry", 4, 2, 10, 10, 0, 6), wall);
    CHECK(no["legal"] == false);
    CHECK(no["reason"].get<std::string>().find("siege") != std::string::npos);
    // Sapped walls (Twisting Roots): siege units roll Power with advantage:
    // fails only when both dice show 1..9.
    const json ram = U("Ram", "siege-engine", 4, 2, 10, 10, 0, 6);
    const Frac pa = Frac(1) - frac(9, 20) * frac(9, 20), pf = frac(9, 20) * frac(9, 20);
    const json sapped = attack(ram, fort("Keep", 13, 12, 12, {{"sapped", true}}));
    same(P(sapped, "1"), frac(11, 20) * pa + frac(1, 20) * Frac(2) * pa * pf);
    same(P(sapped, "2"), frac(1, 20) * pa * pa);
    same(P(attack(ram, wall), "2"), frac(1, 20) * frac(11, 20) * frac(11, 20));
}

TEST_CASE("Warfare battle: diminished units check Morale after casualties", "[warfare-battle]") {
    // Always hits (+30), always wounds (+30); a 20 is critical: two casualties.
    const json killer = U("Killers", "infantry", 30, 30, 10, 10, 0, 6);
    // A d6 at 4 is not diminished; at 3 it is. DC 15 with Morale +0 passes on 15..20: 6/20.
    const json t4 = U("Target", "infantry", 0, 0, 10, 10, 0, 6, json::array(), {{"casualties", 4}});
    const Frac pass = frac(6, 20), fail = frac(14, 20), n = frac(19, 20), c = frac(1, 20);
    const json a = attack(killer, t4);
    same(P(a, "1"), n);             // 4 -> 3: it was not diminished yet ("already")
    same(P(a, "2"), c * pass);      // critical: 3 -> 2 prompts a check
    same(P(a, "3"), c * fail);      // which fails: one more casualty (counted once)
    // "after": the casualty that makes it diminished prompts the check.
    same(P(attack(killer, t4, {{"diminished_check", "after"}}), "1"), n * pass);
    // "two-casualties": the failed check decrements and adds another casualty.
    const json two = attack(killer, t4, {{"failed_diminished", "two-casualties"}, {"rally", false}});
    same(P(two, "3"), Frac(0));
    same(P(two, "4+"), c * fail);
    same(two["removed"], c * fail);
    // Per hit instead of per casualty (a Brutal hit on a diminished d6 at 3).
    const json brute = U("Brutes", "infantry", 30, 30, 10, 10, 0, 6, {"brutal"});
    const json t3 = U("Target", "infantry", 0, 0, 10, 10, 0, 6, json::array(), {{"casualties", 3}});
    same(P(attack(brute, t3, {{"rally", false}}), "2"), n * pass * pass);
    same(P(attack(brute, t3, {{"rally", false}, {"diminished_checks", "per-hit"}}), "2"), n * pass);
    // A failed check's own casualty prompts another check only with the option.
    const json chain = attack(killer, U("Target", "infantry", 0, 0, 10, 10, 0, 12, json::array(), {{"casualties", 6}}),
                              {{"morale_casualty_checks", true}});
    // d12 at 6 is diminished: 6 -> 5, check fails (14/20): 5 -> 4, which checks
    // again. A critical's two casualties each check, their failures too.
    same(P(chain, "2"), n * fail * pass + c * pass * pass);
    same(P(chain, "3"), n * fail * fail * pass + c * Frac(2) * fail * pass * pass);
}

TEST_CASE("Warfare battle: levies, Bred for War, Mindless, unpaid and fortification bonus", "[warfare-battle]") {
    const json killer = U("Killers", "infantry", 30, 30, 10, 10, 0, 6);
    const Frac n = frac(19, 20), pass = frac(6, 20);
    // Levies are always diminished: even the first casualty prompts a check.
    same(P(attack(killer, U("Levy", "levies", 0, 0, 10, 10, 0, 6)), "1"), n * pass);
    // Bred for War: never diminished.
    same(P(attack(killer, U("Levy", "levies", 0, 0, 10, 10, 0, 6, {"bred-for-war"})), "1"), n);
    // Mindless: cannot fail.
    same(P(attack(killer, U("Levy", "levies", 0, 0, 10, 10, 0, 6, {"mindless"})), "1"), n);
    // Unpaid: disadvantage on Morale checks (both dice must pass).
    same(P(attack(killer, U("Levy", "levies", 0, 0, 10, 10, 0, 6, json::array(), {{"unpaid", true}})), "1"),
         n * pass * pass);
    // A standing fortification's morale_bonus (+5) helps its side: passes on 10..20.
    const json req = battle({killer}, {U("Levy", "levies", 0, 0, 10, 10, 0, 6), fort("Keep", 20, 20, 8, {{"morale_bonus", 5}})});
    const json m = ok("attack", req)["matrix"]["attacker"][0][0];
    same(P(m, "1"), n * frac(11, 20));
}

TEST_CASE("Warfare battle: rally and Courageous", "[warfare-battle]") {
    const json killer = U("Killers", "infantry", 30, 30, 10, 10, 0, 6);
    const json at1 = U("Target", "infantry", 0, 0, 10, 10, 0, 6, json::array(), {{"casualties", 1}});
    // A casualty at 1: rally on 15..20 keeps it at 1; a critical's second casualty removes it.
    same(attack(killer, at1)["removed"], frac(19, 20) * frac(14, 20) + frac(1, 20));
    same(attack(killer, at1, {{"rally", false}})["removed"], Frac(1));
    // Courageous turns the failed rally into a success, once.
    const json brave = U("Humans", "infantry", 0, 0, 10, 10, 0, 6, {"courageous"}, {{"casualties", 1}});
    same(attack(killer, brave)["removed"], frac(1, 20));
    same(attack(killer, brave, {}, {{"courageous", "rally"}})["removed"], frac(1, 20));
    // Unpaid: the rally needs both dice.
    const json unpaid = U("Target", "infantry", 0, 0, 10, 10, 0, 6, json::array(), {{"casualties", 1}, {"unpaid", true}});
    same(attack(killer, unpaid)["removed"], frac(19, 20) * (Frac(1) - frac(36, 400)) + frac(1, 20));
    // Bred for War: no disadvantage on Morale even unpaid.
    const json bred = U("Hobgoblins", "infantry", 0, 0, 10, 10, 0, 6, {"bred-for-war"}, {{"casualties", 1}, {"unpaid", true}});
    same(attack(killer, bred)["removed"], frac(19, 20) * frac(14, 20) + frac(1, 20));
}

TEST_CASE("Warfare battle: Horrify, Eternal and Feast", "[warfare-battle]") {
    const json horror = U("Ghouls", "infantry", 30, 30, 10, 10, 0, 6, {"horrify"});
    const json big = U("Target", "infantry", 0, 0, 10, 10, 0, 12);
    const Frac n = frac(19, 20), c = frac(1, 20), pass = frac(6, 20), fail = frac(14, 20);
    // A casualty forces a DC 15 check; failure exhausts and costs a casualty.
    const json h = attack(horror, big);
    same(P(h, "1"), n * pass);
    same(P(h, "2"), n * fail + c * pass);
    same(P(h, "3"), c * fail);
    // Eternal cannot be horrified.
    const json e = attack(horror, U("Elves", "infantry", 0, 0, 10, 10, 0, 12, {"eternal"}));
    same(P(e, "1"), n);
    same(P(e, "2"), c);
    // Feast: diminishing the target (d6 4 -> 3) gives a free attack at once.
    const json t4 = U("Target", "infantry", 0, 0, 10, 10, 0, 6, {"mindless"}, {{"casualties", 4}});
    const json f = attack(U("Gnolls", "infantry", 30, 30, 10, 10, 0, 6, {"feast"}), t4);
    same(P(f, "2"), n * n);
    same(P(f, "3"), Frac(1) - n * n);
    const json plain = attack(U("Men", "infantry", 30, 30, 10, 10, 0, 6), t4);
    same(P(plain, "1"), n);
    same(P(plain, "2"), c);
}

TEST_CASE("Warfare battle: Undead need a Morale check from Green and Regular troops", "[warfare-battle]") {
    const json undead = U("Skeletons", "infantry", 0, 0, 13, 12, 0, 12, {"undead"});
    auto hit = [&](json a) { return attack(a, undead)["hit"]; };
    // DC 15 at +0 passes 6/20, then the Attack check 12/20.
    same(hit(U("Recruits", "infantry", 4, 2, 10, 10, 0, 6, json::array(), {{"experience", "green"}})),
         frac(6, 20) * frac(12, 20));
    // Levies have no experience: they attack undead without a check, unless
    // option undead_levies (the reading before rules version 2).
    same(hit(U("Levy", "levies", 4, 2, 10, 10, 0, 6)), frac(12, 20));
    same(attack(U("Levy", "levies", 4, 2, 10, 10, 0, 6), undead, {{"undead_levies", true}})["hit"],
         frac(6, 20) * frac(12, 20));
    // Option undead_dc: DC 12 at +0 passes on 12..20.
    same(attack(U("Recruits", "infantry", 4, 2, 10, 10, 0, 6, json::array(), {{"experience", "regular"}}), undead,
                {{"undead_dc", 12}})["hit"],
         frac(9, 20) * frac(12, 20));
    same(hit(U("Vets", "infantry", 4, 2, 10, 10, 0, 6, json::array(), {{"experience", "veteran"}})), frac(12, 20));
    // Eternal always succeeds on Morale checks to attack undead.
    same(hit(U("Elves", "infantry", 4, 2, 10, 10, 0, 6, {"eternal"}, {{"experience", "green"}})), frac(12, 20));
}

TEST_CASE("Warfare battle: order of battle", "[warfare-battle]") {
    const json inf = U("Inf", "infantry", 4, 2, 10, 10, 0, 6);
    const json lev = U("Lev", "levies", 4, 2, 10, 10, 0, 6);
    const json arc = U("Arc", "archers", 4, 2, 10, 10, 0, 6);
    const json cav = U("Cav", "cavalry", 4, 2, 10, 10, 0, 6);
    const json air = U("Air", "airborne", 4, 2, 10, 10, 0, 6);
    const json sie = U("Sie", "siege-engine", 4, 2, 10, 10, 0, 6);
    auto legal = [](const json& m, int i, int j) { return m[i][j]["legal"].get<bool>(); };
    // Attacker: all six types; defender: infantry, levies, archers, cavalry, airborne, siege.
    const std::vector<json> att = {inf, lev, arc, cav, air, sie};
    std::vector<json> def = att;
    for (auto& u : def) u["name"] = "D" + u["name"].get<std::string>();
    const json m = ok("attack", battle(att, def))["matrix"]["attacker"];
    // Infantry cannot attack infantry while levies are on the field; levies by anyone.
    CHECK_FALSE(legal(m, 0, 0));
    CHECK(legal(m, 0, 1));
    CHECK(legal(m, 1, 1));
    // Archers are shielded from infantry and levies by their infantry.
    CHECK_FALSE(legal(m, 0, 2));
    CHECK_FALSE(legal(m, 1, 2));
    CHECK(legal(m, 3, 2));
    // Cavalry: not by infantry or levies.
    CHECK_FALSE(legal(m, 0, 3));
    CHECK(legal(m, 2, 3));
    // Airborne: only archers and airborne.
    CHECK_FALSE(legal(m, 3, 4));
    CHECK(legal(m, 2, 4));
    CHECK(legal(m, 4, 4));
    // Siege engines: shielded (except from airborne) while infantry, archers or cavalry stand.
    CHECK_FALSE(legal(m, 2, 5));
    CHECK(legal(m, 4, 5));
    // Siege engines attack infantry, levies, archers (and fortifications) only.
    CHECK(legal(m, 5, 0));
    CHECK_FALSE(legal(m, 5, 3));
    CHECK_FALSE(legal(m, 5, 4));
    // Without the defender's levies, infantry may attack infantry.
    const json m2 = ok("attack", battle({inf}, {def[0], def[2]}))["matrix"]["attacker"];
    CHECK(legal(m2, 0, 0));
}

TEST_CASE("Warfare battle: initiative and rounds", "[warfare-battle]") {
    // Whoever acts first removes the other (a d4 at 1, no rally).
    const json a = U("A", "infantry", 30, 30, 10, 10, 0, 4, json::array(), {{"casualties", 1}});
    json d = a;
    d["name"] = "D";
    const json rolled = odds(battle({a}, {d}, {{"rally", false}}));
    same(rolled["outcomes"]["attacker"], frac(1, 2));
    same(rolled["outcomes"]["defender"], frac(1, 2));
    // One turn is half a round.
    same(rolled["expected_rounds"], frac(1, 2));
    const json first = odds(battle({a}, {d}, {{"rally", false}, {"initiative", "defender"}}));
    same(first["outcomes"]["defender"], Frac(1));
    same(first["units"][0]["removed"], Frac(1));
    same(first["units"][0]["final"]["0"], Frac(1));
}

TEST_CASE("Warfare battle: a side that loses its infantry retreats", "[warfare-battle]") {
    const json foot = U("Foot", "infantry", -10, -10, 0, 0, 0, 4, json::array(), {{"casualties", 1}});
    const json bows = U("Bows", "archers", -10, -10, 40, 40, 0, 4);
    const json axe = U("Axes", "infantry", 30, 30, 40, 40, 0, 6);
    json opts = kNoCrit;
    opts["initiative"] = "defender";
    opts["rally"] = false;
    const json req = battle({foot, bows}, {axe}, opts);
    const json o = odds(req);
    same(o["outcomes"]["defender"], Frac(1));
    same(o["units"][1]["removed"], Frac(0));
    same(o["units"][1]["final"]["4"], Frac(1));
    json r = req;
    r["seed"] = 5;
    const json roll = ok("roll", r);
    CHECK(roll["outcome"] == "defender");
    CHECK(roll["units"][1]["retreated"] == true);
    CHECK(roll["units"][0]["removed"] == true);
    // Without the rule the axes go on to the archers (hit on 10..20 against Defense 40).
    opts["infantry_loss_retreat"] = false;
    const json o2 = odds(battle({foot, bows}, {axe}, opts));
    same(o2["units"][1]["removed"], Frac(1));
}

TEST_CASE("Warfare battle: a fortification falls", "[warfare-battle]") {
    // The ram can hurt only the keep; nothing else can hurt anything.
    const json ram = U("Ram", "siege-engine", 10, 30, 40, 40, 0, 6);
    const json keep = fort("Keep", 0, 0, 4, {{"casualties", 1}});
    const json levy = U("Levy", "levies", -10, -10, 40, 40, 0, 4);
    const json guard = U("Guard", "infantry", -10, -10, 40, 40, 0, 6);
    json opts = kNoCrit;
    opts["initiative"] = "attacker";
    opts["rally"] = false;
    const json o = odds(battle({ram}, {keep, levy, guard}, opts));
    // Levies disband; the guard fails DC 15 on 1..14 and loses one; then a stalemate.
    same(o["outcomes"]["draw"], Frac(1));
    same(o["units"][1]["removed"], Frac(1));
    same(o["units"][2]["removed"], Frac(0));
    same(o["units"][3]["final"]["5"], frac(14, 20));
    same(o["units"][3]["final"]["6"], frac(6, 20));
    json r = battle({ram}, {keep, levy, guard}, opts);
    r["seed"] = 1;
    const json roll = ok("roll", r);
    CHECK(roll["units"][2]["retreated"] == true);
    CHECK(roll["outcome"] == "draw");
}

TEST_CASE("Warfare battle: ordering a retreat below a number of units", "[warfare-battle]") {
    const json a = U("A", "infantry", -10, -10, 40, 40, 0, 6);
    const json d = U("D", "infantry", -10, -10, 40, 40, 0, 6);
    json opts = kNoCrit;
    opts["initiative"] = "defender";
    opts["retreat_below_defender"] = 2;
    const json o = odds(battle({a}, {d}, opts));
    same(o["outcomes"]["attacker"], Frac(1));
    same(o["units"][1]["final"]["5"], frac(14, 20));
    opts["retreat_dc"] = 10;  // passes on 10..20
    same(odds(battle({a}, {d}, opts))["units"][1]["final"]["6"], frac(11, 20));
}

TEST_CASE("Warfare battle: a failed retreat check's casualty chains under morale_casualty_checks", "[warfare-battle]") {
    // The attacker (one unit, fewer than 2) orders its retreat at once. Its
    // unit is diminished (2 of 4): a failed retreat check (DC 11, Morale +0:
    // passes on 11..20) costs a casualty, and with the option that casualty,
    // like any from a failed Morale check, brings a DC 15 diminished check
    // (passes on 15..20), whose failure removes it (no rally).
    const json a = U("A", "infantry", -10, -10, 40, 40, 0, 4, json::array(), {{"casualties", 2}});
    const json d = U("D", "infantry", -10, -10, 40, 40, 0, 6);
    json opts = kNoCrit;
    opts["initiative"] = "attacker";
    opts["retreat_below_attacker"] = 2;
    opts["retreat_dc"] = 11;
    opts["rally"] = false;
    opts["morale_casualty_checks"] = true;
    const json chained = odds(battle({a}, {d}, opts));
    same(chained["outcomes"]["defender"], Frac(1));
    same(chained["units"][0]["final"]["2"], frac(10, 20));
    same(chained["units"][0]["final"]["1"], frac(10, 20) * frac(6, 20));
    same(chained["units"][0]["final"]["0"], frac(10, 20) * frac(14, 20));
    // Without the option the casualty ends it: the unit leaves at 1.
    opts["morale_casualty_checks"] = false;
    const json plain = odds(battle({a}, {d}, opts));
    same(plain["units"][0]["final"]["1"], frac(10, 20));
    same(plain["units"][0]["removed"], Frac(0));
}

TEST_CASE("Warfare battle: Regenerate and Ravenous raise the casualty die", "[warfare-battle]") {
    const json foe = U("Foe", "levies", -10, -10, 40, 40, 0, 6);
    json troll = U("Trolls", "infantry", -10, -10, 40, 40, 0, 6, {"regenerate"}, {{"casualties", 4}});
    // Nobody can hurt anybody: the trolls regenerate at each refresh up to 6.
    same(odds(battle({troll}, {foe}, kNoCrit))["units"][0]["final"]["6"], Frac(1));
    troll["traits"] = json::array();
    same(odds(battle({troll}, {foe}, kNoCrit))["units"][0]["final"]["4"], Frac(1));
    // Levies are always diminished, so a Ravenous unit may feed: while itself
    // diminished (2, 3 -> 4), whenever hurt (-> 6), or never.
    const json ghouls = U("Ghouls", "infantry", -10, -10, 40, 40, 0, 6, {"ravenous"}, {{"casualties", 2}});
    same(odds(battle({ghouls}, {foe}, kNoCrit))["units"][0]["final"]["4"], Frac(1));
    same(odds(battle({ghouls}, {foe}, kNoCrit, {{"feed", "when-hurt"}}))["units"][0]["final"]["6"], Frac(1));
    same(odds(battle({ghouls}, {foe}, kNoCrit, {{"feed", "never"}}))["units"][0]["final"]["2"], Frac(1));
}

namespace {
// Rounds in which `unit` issued an order, from a rolled battle's log.
std::vector<int> order_rounds(const json& roll, int unit) {
    std::vector<int> out;
    int round = 0;
    for (const auto& e : roll["log"]) {
        if (e["step"] == "round") round = e["round"].get<int>();
        if (e["step"] == "order" && e["unit"] == unit) out.push_back(round);
    }
    return out;
}
}  // namespace

TEST_CASE("Warfare battle: cavalry attacks every other round unless engaged", "[warfare-battle]") {
    // The riders can wound the big target only on a 20 (Power +9 vs Toughness 29).
    const json riders = U("Riders", "cavalry", 30, 9, 40, 40, 0, 6);
    const json target = U("Target", "infantry", -10, -10, 0, 29, 20, 20);
    json opts = kNoCrit;
    opts["initiative"] = "attacker";
    json req = battle({riders}, {target}, opts, {{"charge", false}});
    req["seed"] = 3;
    auto rounds = order_rounds(ok("roll", req), 0);
    REQUIRE(rounds.size() >= 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(rounds[i] == static_cast<int>(2 * i + 1));
    req["options"]["cavalry"] = "odd-rounds";
    rounds = order_rounds(ok("roll", req), 0);
    for (std::size_t i = 0; i < 4; ++i) CHECK(rounds[i] == static_cast<int>(2 * i + 1));
    req["options"]["cavalry"] = "off";
    rounds = order_rounds(ok("roll", req), 0);
    for (std::size_t i = 0; i < 4; ++i) CHECK(rounds[i] == static_cast<int>(i + 1));
    // Charging engages (here after every Charge, option charge_engages "always"):
    // engaged cavalry attacks every round, and the engaged infantry (which
    // could not attack cavalry otherwise) strikes back at it only.
    json always = opts;
    always["charge_engages"] = "always";
    json fight = battle({riders}, {U("Target", "infantry", 20, 20, 0, 29, 20, 20), U("Other", "levies", -10, -10, 40, 40, 0, 6)},
                        always);
    fight["seed"] = 3;
    const json roll = ok("roll", fight);
    rounds = order_rounds(roll, 0);
    REQUIRE(rounds.size() >= 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(rounds[i] == static_cast<int>(i + 1));
    bool engaged = false;
    int strikes = 0;
    for (const auto& e : roll["log"]) {
        if (e["step"] == "engage") engaged = true;
        if (e["step"] == "order" && e["unit"] == 0) CHECK(e["target"] == 1);
        if (e["step"] == "order" && e["unit"] == 1) {
            CHECK(e["target"] == 0);
            ++strikes;
        }
    }
    CHECK(engaged);
    CHECK(strikes >= 2);
}

TEST_CASE("Warfare battle: orders per turn and the refresh", "[warfare-battle]") {
    const json a1 = U("A1", "infantry", 0, 0, 10, 20, 0, 6), a2 = U("A2", "archers", 0, 0, 10, 20, 0, 6);
    const json d1 = U("D1", "infantry", 0, 0, 10, 20, 0, 6), d2 = U("D2", "archers", 0, 0, 10, 20, 0, 6);
    json req = battle({a1, a2}, {d1, d2}, {{"initiative", "attacker"}, {"orders_per_turn", 2}});
    req["seed"] = 11;
    const json roll = ok("roll", req);
    std::vector<int> first;
    for (const auto& e : roll["log"])
        if (e["step"] == "order" && first.size() < 4) first.push_back(e["unit"].get<int>());
    REQUIRE(first.size() == 4);
    // Two attacker orders, then two defender orders.
    CHECK(first[0] < 2);
    CHECK(first[1] < 2);
    CHECK(first[2] >= 2);
    CHECK(first[3] >= 2);
    // Refresh "all": still a valid battle that ends.
    json all = req;
    all["options"]["refresh"] = "all";
    all["options"]["orders_per_turn"] = 1;
    CHECK(ok("roll", all)["outcome"].is_string());
}

TEST_CASE("Warfare battle: generic checks on chance nodes", "[warfare-battle]") {
    using bc::warfare::State;
    const json human = {{"name", "Humans"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "medium"},
                        {"type", "infantry"}, {"size", "d6"}};
    json ghouls = {{"name", "Ghouls"}, {"ancestry", "ghoul"}, {"experience", "green"}, {"equipment", "light"},
                   {"type", "infantry"}, {"size", "d6"}};
    json riders = {{"name", "Riders"}, {"ancestry", "orc"}, {"experience", "regular"}, {"equipment", "light"},
                   {"type", "cavalry"}, {"size", "d4"}};
    json treant = {{"name", "Treants"}, {"ancestry", "treant"}, {"experience", "regular"}, {"equipment", "light"},
                   {"type", "siege-engine"}, {"size", "d6"}};
    json troll = {{"name", "Trolls"}, {"ancestry", "troll"}, {"experience", "regular"}, {"equipment", "heavy"},
                  {"type", "infantry"}, {"size", "d4"}};
    json gnolls = {{"name", "Gnolls"}, {"ancestry", "gnoll"}, {"experience", "green"}, {"equipment", "light"},
                   {"type", "levies"}, {"size", "d6"}};
    gnolls.erase("experience");
    const std::vector<json> battles = {
        battle({human, riders}, {ghouls, gnolls}),
        battle({treant, troll}, {fort("Keep", 12, 12, 6, {{"morale_bonus", 2}}), human, gnolls},
               {{"orders_per_turn", 2}, {"refresh", "all"}, {"cavalry", "odd-rounds"}}, {{"targeting", "random"}}),
        battle({riders, ghouls}, {human, troll},
               {{"disengage", "charger-check"}, {"natural_1", "all-checks-fail"}, {"retreat_below_defender", 2}},
               {{"unit", "card"}, {"disengage", "to-charge"}, {"targeting", "weakest"}}),
    };
    int seed = 1;
    for (const auto& req : battles) {
        const auto b = parsed(req);
        bctest::check_playthroughs(State(b), State::schema(*b), 30, static_cast<std::uint64_t>(seed++), 150);
    }
}

TEST_CASE("Warfare battle: exact and sampled odds agree", "[warfare-battle]") {
    const json dwarf = {{"name", "Dwarves"}, {"ancestry", "dwarf"}, {"experience", "regular"}, {"equipment", "medium"},
                        {"type", "infantry"}, {"size", "d6"}};
    const json bows = {{"name", "Bows"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "light"},
                       {"type", "archers"}, {"size", "d4"}};
    const json orcs = {{"name", "Orcs"}, {"ancestry", "orc"}, {"experience", "regular"}, {"equipment", "medium"},
                       {"type", "infantry"}, {"size", "d6"}};
    const json riders = {{"name", "Riders"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "light"},
                         {"type", "cavalry"}, {"size", "d4"}};
    const json ghouls = {{"name", "Ghouls"}, {"ancestry", "ghoul"}, {"experience", "regular"}, {"equipment", "light"},
                         {"type", "infantry"}, {"size", "d4"}};
    const std::vector<json> battles = {battle({dwarf, bows}, {orcs, riders}), battle({ghouls}, {orcs}),
                                       battle({dwarf}, {ghouls, riders}, {{"initiative", "defender"}})};
    for (const auto& req : battles) {
        const json ex = odds(req);
        REQUIRE(ex["method"] == "exact");
        const json mc = odds(req, {{"method", "monte-carlo"}, {"trials", 10000}, {"seed", 7}, {"target_halfwidth", 0}});
        REQUIRE(mc["method"] == "monte-carlo");
        const double n = mc["trials"].get<double>();
        double total = 0;
        // Within 4 standard errors (a 99.99% bound); the seed is fixed, so this cannot flake.
        auto close = [&](double p, double q) {
            const double se = std::sqrt(std::max(p * (1 - p), 1e-9) / n);
            CHECK(std::fabs(p - q) <= 4 * se + 1e-9);
        };
        for (const char* o : {"attacker", "defender", "draw"}) {
            close(ex["outcomes"][o].get<double>(), mc["outcomes"][o].get<double>());
            total += ex["outcomes"][o].get<double>();
        }
        CHECK(total == Approx(1).margin(1e-9));
        for (std::size_t i = 0; i < ex["units"].size(); ++i)
            close(ex["units"][i]["removed"].get<double>(), mc["units"][i]["removed"].get<double>());
        CHECK(std::fabs(ex["expected_rounds"].get<double>() - mc["expected_rounds"].get<double>()) <
              0.05 * ex["expected_rounds"].get<double>() + 0.5);
    }
}

TEST_CASE("Warfare battle: rolls follow the exact odds (chi-square)", "[warfare-battle][heavy][scale]") {
    const json a = U("A", "infantry", 3, 2, 12, 12, 1, 4);
    const json d = U("D", "infantry", 2, 3, 12, 12, 2, 4);
    json req = battle({a}, {d});
    const json ex = odds(req);
    std::vector<double> p, seen(5, 0.0);
    for (int v = 0; v <= 4; ++v) p.push_back(ex["units"][0]["final"].value(std::to_string(v), 0.0));
    const int n = 2000;
    for (int s = 0; s < n; ++s) {
        req["seed"] = s;
        seen[static_cast<std::size_t>(ok("roll", req)["units"][0]["final"].get<int>())] += 1;
    }
    CHECK(bctest::chi_square_passes(seen, p, n));
}

TEST_CASE("Warfare battle: roll answers and ids", "[warfare-battle]") {
    json a = U("A", "infantry", 3, 2, 12, 12, 1, 4);
    a["id"] = "unit-a";
    const json d = U("D", "infantry", 2, 3, 12, 12, 2, 4);
    json req = battle({a}, {d});
    req["seed"] = 42;
    const json r1 = ok("roll", req), r2 = ok("roll", req);
    CHECK(r1 == r2);
    CHECK(r1["units"][0]["id"] == "unit-a");
    CHECK_FALSE(r1["units"][1].contains("id"));
    for (const char* k : {"side", "index", "name", "start", "final", "removed", "broke_morale", "retreated", "rallied"})
        CHECK(r1["units"][0].contains(k));
    CHECK(r1["log"].back()["step"] == "summary");
    for (const auto& e : r1["log"]) {
        CHECK(e["text"].is_string());
        CHECK(e["step"].is_string());
    }
    const json o = odds(battle({a}, {d}));
    CHECK(o["units"][0]["id"] == "unit-a");
    double sum = 0;
    for (auto it = o["units"][0]["final"].begin(); it != o["units"][0]["final"].end(); ++it) sum += it.value().get<double>();
    CHECK(sum == Approx(1));
    CHECK(o["units"][0]["removed"].get<double>() == Approx(o["units"][0]["final"].value("0", 0.0)));
    CHECK(ok("check", battle({a}, {d}))["ok"] == true);
}

TEST_CASE("Warfare battle: a 2v2 of d6 units is exact; 3v3 falls back to sampling when over budget", "[warfare-battle]") {
    const json dwarf = {{"name", "Dwarves"}, {"ancestry", "dwarf"}, {"experience", "regular"}, {"equipment", "medium"},
                        {"type", "infantry"}, {"size", "d6"}};
    const json bows = {{"name", "Bows"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "light"},
                       {"type", "archers"}, {"size", "d6"}};
    const json orcs = {{"name", "Orcs"}, {"ancestry", "orc"}, {"experience", "regular"}, {"equipment", "medium"},
                       {"type", "infantry"}, {"size", "d6"}};
    const json riders = {{"name", "Riders"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "light"},
                         {"type", "cavalry"}, {"size", "d6"}};
    json req = battle({dwarf, bows}, {orcs, riders});
    // "auto" gives the exact solve a quarter of the time limit: generous here, so
    // that slow builds (the sanitizers) still finish it; the state budget decides.
    req["solver"] = {{"time_limit_s", 120}};
    const json o = ok("odds", req);
    CHECK(o["method"] == "exact");
    req["solver"] = {{"max_states", 1000}, {"trials", 2000}};
    const json f = ok("odds", req);
    CHECK(f["method"] == "monte-carlo");
    CHECK(f["fallback"]["reason"] == "state budget");
    CHECK(f.contains("ci95"));
}

TEST_CASE("Warfare battle: rules() lists every option and policy with its default", "[warfare-battle]") {
    const json r = json::parse(bc::api::rules(json{{"ruleset", "warfare"}}.dump()));
    INFO(r.dump().substr(0, 500));
    const json& w = r.contains("rulesets") ? r["rulesets"]["warfare"] : r;
    const json defaults = bc::warfare::options_json(bc::warfare::Options{});
    std::size_t n = 0;
    for (const auto& d : w["options"]) {
        ++n;
        CHECK(defaults[d["id"].get<std::string>()] == d["default"]);
        CHECK_FALSE(d["text"].get<std::string>().empty());
    }
    CHECK(n == defaults.size());
    const json pol = bc::warfare::policy_json(bc::warfare::Policy{});
    n = 0;
    for (const auto& d : w["policy"]) {
        ++n;
        CHECK(pol[d["id"].get<std::string>()] == d["default"]);
    }
    CHECK(n == pol.size());
}

TEST_CASE("Warfare battle: bad input names the field", "[warfare-battle]") {
    const json a = U("A", "infantry", 3, 2, 12, 12, 1, 4);
    const json d = U("D", "infantry", 2, 3, 12, 12, 2, 4);
    auto path = [](const json& e) { return e["path"].get<std::string>(); };
    json req = battle({a}, {d});
    req["options"] = {{"cavalry", "sometimes"}};
    CHECK(path(error_of("odds", req)) == "/options/cavalry");
    req["options"] = {{"orders_per_turn", 0}};
    CHECK(path(error_of("odds", req)) == "/options/orders_per_turn");
    req["options"] = {{"no_such_rule", true}};
    CHECK(path(error_of("roll", req)) == "/options/no_such_rule");
    req["options"] = json::object();
    req["policy"] = {{"targeting", "nearest"}};
    CHECK(path(error_of("odds", req)) == "/policy/targeting");
    req["policy"] = json::object();
    json bad = req;
    bad["attacker"]["units"][0]["id"] = std::string(65, 'x');
    CHECK(path(error_of("odds", bad)) == "/attacker/units/0/id");
    bad = req;
    bad["attacker"]["units"][0]["casualties"] = 5;
    CHECK(path(error_of("odds", bad)) == "/attacker/units/0/casualties");
    bad = req;
    bad["defender"]["units"] = json::array();
    CHECK(path(error_of("odds", bad)) == "/defender/units");
    bad = req;
    bad.erase("defender");
    CHECK(path(error_of("roll", bad)) == "/defender");
    bad = req;
    bad["seed"] = -1;
    CHECK(path(error_of("roll", bad)) == "/seed");
    bad = req;
    bad["solver"] = {{"method", "guess"}};
    CHECK(path(error_of("odds", bad)) == "/solver/method");
    bad = req;
    bad["attacker"]["units"][0]["sapped"] = true;
    CHECK(path(error_of("check", bad)) == "/attacker/units/0/sapped");
    // Two units with the same keywords in one army.
    const json human = {{"name", "H1"}, {"ancestry", "human"}, {"experience", "regular"}, {"equipment", "medium"},
                        {"type", "infantry"}, {"size", "d6"}};
    json twin = human;
    twin["name"] = "H2";
    const json clash = error_of("odds", battle({human, twin}, {d}));
    CHECK(path(clash) == "/attacker/units/1");
    // The unit it clashes with, by its path and by name.
    CHECK(clash["refers"] == "/attacker/units/0");
    CHECK(clash["refers_label"] == "H1");
    // Too many units.
    std::vector<json> many;
    for (int i = 0; i < 13; ++i) many.push_back(U("U" + std::to_string(i), "infantry", 0, 0, 10, 10, 0, 4));
    CHECK(path(error_of("odds", battle(many, {d}))) == "/attacker/units");
    // The attack call: a missing defender, a bad unit.
    CHECK(path(error_of("attack", {{"ruleset", "warfare"}, {"attacker", a}})) == "/defender");
    json bu = a;
    bu["attack"] = 99;
    CHECK(path(error_of("attack", {{"ruleset", "warfare"}, {"attacker", bu}, {"defender", d}})) == "/attacker/attack");
}

}  // namespace file_test_warfare_battle

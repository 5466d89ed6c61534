// Resolving chance nodes: an Attack check with its Power checks, Morale
// checks and their effects, casualties, removal and the end of the battle.
#include <algorithm>

#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

void State::apply(std::uint32_t code, Log* log) {
    Roll r;
    r.code = code;
    resolve(r, false, log);
}

void State::apply_roll(const Roll& r, Log* log) { resolve(r, true, log); }

void State::resolve(const Roll& r, bool faces, Log* log) {
    pending_rounds_ = 0;
    const Step s = q_[0];
    pop_front();
    switch (s.kind) {
        case kInitiative:
            first_ = static_cast<std::int8_t>(r.code);
            turn_ = first_;
            started_ = true;
            if (log) out_of_line([=, this] {
                log->add("initiative", std::string("Initiative is rolled: the ") + side_id(first_) + " acts first.",
                         {{"side", side_id(first_)}});
            });
            start_turn(log);
            break;
        case kTarget: {
            Targets ts;
            scan_targets(s.unit, ts);
            if (static_cast<int>(r.code) >= ts.n) fail("no such target");
            const Scored& t = ts.at[r.code];
            queue_attack(s.unit, t.target, t.charge, false, log);
            break;
        }
        case kAttack:
            resolve_attack(s, r, faces, log);
            break;
        default:
            resolve_morale(s, r.code == 1, r, faces, log);
    }
    advance(log);
}

void State::resolve_attack(const Step& s, const Roll& r, bool faces, Log* log) {
    const int a = s.unit, t = s.other;
    const Unit &A = card(a), &T = card(t);
    const bool charge = (s.arg & kArgCharge) != 0;
    const int cls = static_cast<int>(r.code / 32), k = static_cast<int>(r.code % 32);
    const int adv = attack_adv(a, t, charge);
    if (A.has(Trait::Savage) && !has(a, kSavageUsed)) {
        set(a, kSavageUsed);
        touch_unit(a);  // read only by attack_adv() with `a` attacking
    }
    // Cavalry rests after an attack it made while not engaged (option cavalry_rest).
    if (b_->opt.cavalry == Cavalry::AfterAttack && !b_->opt.cavalry_rest_after_order && A.is(Type::Cavalry) &&
        u_[a].engaged < 0)
        set(a, kCavWait);
    if (first_attack_ < 0) first_attack_ = cls;
    inflicted_ = 0;
    if (log) out_of_line([=, this, &A, &T, &r] {
        std::string what = (s.arg & kArgFree) ? "Free attack (Feast)" : charge ? "Charge" : "Attack check";
        std::string t1 = name(a) + " \u2192 " + name(t) + ": " + what + ", d20";
        if (adv > 0) t1 += " with advantage";
        if (adv < 0) t1 += " with disadvantage";
        json data = {{"unit", a}, {"target", t}, {"bonus", A.attack}, {"target_number", T.defense}, {"advantage", adv}};
        if (faces) {
            const int kept = adv == 0 ? r.faces[0] : adv > 0 ? std::max(r.faces[0], r.faces[1]) : std::min(r.faces[0], r.faces[1]);
            t1 += adv == 0 ? " " + num(kept) : " (" + num(r.faces[0]) + ", " + num(r.faces[1]) + ") keeps " + num(kept);
            t1 += signed_num(A.attack) + " = " + num(kept + A.attack);
            data["d20"] = adv == 0 ? json::array({r.faces[0]}) : json::array({r.faces[0], r.faces[1]});
        }
        t1 += " vs Defense " + num(T.defense) + ": " + (cls == 0 ? "miss." : cls == 2 ? "critical hit!" : "hit.");
        data["result"] = cls == 0 ? "miss" : cls == 2 ? "critical" : "hit";
        log->add("attack", t1, data);
    });
    if (cls == 0) return;
    // The attack's casualties in order, `hits` times `casualties`, each hit's
    // followed by its check when diminished checks are per hit: written in
    // place at the front of the queue (below), before the rest.
    int hits = 1, casualties = k;
    if (A.has(Trait::HurlRocks)) {
        if (log) out_of_line([=, &T, &r] {
            std::string t2 = "Hurl Rocks: " + num(k) + " casualties";
            if (T.is(Type::Fortification)) {
                t2 += " (";
                if (faces) {
                    const int first_die = adv == 0 ? 1 : 2;
                    for (int i = first_die; i < r.n; ++i) t2 += (i > first_die ? " + " : "") + std::string("d6 ") + num(r.faces[static_cast<std::size_t>(i)]);
                } else {
                    t2 += "d6";
                }
                t2 += " against a fortification)";
            }
            log->add("power", t2 + ".", {{"unit", a}, {"target", t}, {"casualties", k}});
        });
    } else {
        const int per = per_hit(a, t, charge);
        const int padv = power_adv(a, t);
        if (log) out_of_line([=, &A, &T, &r] {
            const int first_die = adv == 0 ? 1 : 2;
            std::string t2 = cls == 2 ? "Two Power checks" : "Power check";
            json data = {{"unit", a}, {"target", t}, {"bonus", A.power}, {"target_number", T.toughness},
                         {"successes", k}, {"casualties_per_success", per}};
            t2 += padv > 0 ? " with advantage (sapped walls)" : "";
            if (faces) {
                json rolls = json::array();
                std::string list;
                const int step = padv > 0 ? 2 : 1;
                for (int i = first_die; i + step - 1 < r.n; i += step) {
                    const int x = r.faces[static_cast<std::size_t>(i)];
                    const int kept = step == 2 ? std::max(x, r.faces[static_cast<std::size_t>(i + 1)]) : x;
                    rolls.push_back(kept);
                    if (!list.empty()) list += "; ";
                    list += "d20 " + num(kept) + signed_num(A.power) + " = " + num(kept + A.power);
                }
                t2 += ": " + list;
                data["d20"] = rolls;
            }
            t2 += " vs Toughness " + num(T.toughness) + ": " + num(k) + (k == 1 ? " success" : " successes");
            if (k > 0) {
                t2 += ", " + num(k * per) + (k * per == 1 ? " casualty" : " casualties");
                if (per == 2)
                    t2 += charge ? " (a Charge inflicts two)"
                                 : A.has(Trait::Brutal) ? " (Brutal: two each)" : " (Martial: two each, larger than its target)";
            }
            log->add("power", t2 + ".", data);
        });
        hits = k;
        casualties = per;
    }
    const auto U = static_cast<std::int8_t>(t);
    const bool per_hit_checks = b_->opt.diminished_per_hit;
    const std::uint8_t cause = per_hit_checks ? (kByAttack | kNoDimCheck) : kByAttack;
    int at = 0;
    open_front(hits * (casualties + (per_hit_checks ? 1 : 0)));
    for (int h = 0; h < hits; ++h) {
        for (int i = 0; i < casualties; ++i)
            put_step(at++, {kCasualty, U, -1, static_cast<std::uint8_t>(cause | (i == 0 ? kHitFirst : 0))});
        if (per_hit_checks) put_step(at++, {kHitCheck, U, -1, 0});
    }
}

void State::resolve_morale(const Step& s, bool passed, const Roll& r, bool faces, Log* log) {
    const int u = s.unit;
    const Unit& c = card(u);
    bool courage = false;
    if (!passed && c.has(Trait::Courageous) && !has(u, kCourageUsed) &&
        (!b_->pol.courageous_rally_only || s.kind == kRally)) {
        passed = true;
        courage = true;
        set(u, kCourageUsed);
    }
    if (!passed) set(u, kBroke);
    if (log) out_of_line([=, this, &c, &r] {
        const int dc = morale_dc(s);
        const int bonus = morale_total(u);
        static const char* why[] = {"", "", "to attack an undead unit", "", "(diminished, after a casualty)",
                                    "to rally", "(Horrify)", "to disengage", "(its fortification fell)", "(retreat)"};
        std::string t1 = name(u) + " makes a DC " + num(dc) + " Morale check " + why[s.kind];
        json data = {{"unit", u}, {"bonus", bonus}, {"target_number", dc}, {"check", why[s.kind]}};
        const int dis = morale_dis(u);
        if (c.has(Trait::Mindless)) {
            t1 += ": Mindless, it cannot fail.";
        } else {
            if (dis < 0) t1 += ", with disadvantage (unpaid)";
            if (faces) {
                const int kept = dis == 0 ? r.faces[0] : std::min(r.faces[0], r.faces[1]);
                t1 += ": d20 " + (dis == 0 ? num(kept) : "(" + num(r.faces[0]) + ", " + num(r.faces[1]) + ") keeps " + num(kept)) +
                      signed_num(bonus) + " = " + num(kept + bonus);
                data["d20"] = dis == 0 ? json::array({r.faces[0]}) : json::array({r.faces[0], r.faces[1]});
            }
            t1 += courage ? ": fails, but Courageous turns it into a success (once per battle)."
                          : passed ? ": passes." : ": fails.";
        }
        data["passed"] = passed;
        log->add("morale", t1, data);
    });
    const auto U = static_cast<std::int8_t>(u);
    auto failed_casualty = [&](std::uint8_t cause) { push_front({kCasualty, U, -1, cause}); };
    switch (s.kind) {
        case kDiminished:
            if (!passed) {
                failed_casualty(kByMorale);
                if (!b_->opt.never_count_twice) failed_casualty(kByMorale);
                if (log) out_of_line([=, this] {
                    log->add("morale-effect",
                             b_->opt.never_count_twice
                                 ? "The failed check costs one casualty: its decrement is the \"another casualty\" (counted once)."
                                 : "The failed check decrements the die, and the diminished rule adds another casualty.",
                             {{"unit", u}});
                });
            }
            break;
        case kRally:
            if (passed) {
                set(u, kRallied);
                if (log) out_of_line([=, this] {
                    log->add("rally", name(u) + " is rallied and stays at 1 (it cannot be rallied again).", {{"unit", u}});
                });
            } else {
                remove(u, "fails to rally", log);
            }
            break;
        case kHorrify:
            if (!passed) {
                set(u, kExhausted);
                if (log) out_of_line([=, this] {
                    log->add("morale-effect", name(u) + " is horrified: exhausted, and the failed check costs a casualty.", {{"unit", u}});
                });
                failed_casualty(kByMorale);
            }
            break;
        case kUndead:
            if (passed || b_->opt.undead_once) {
                u_[u].undead_ok |= 1u << s.other;
                touch();
            }
            if (!passed) {
                // The order is spent: drop this attack and its end (next in the queue).
                if (q_n_ > 0 && q_[0].kind == kAttack && q_[0].unit == u) pop_front();
                if (q_n_ > 0 && q_[0].kind == kOrderEnd && q_[0].unit == u) pop_front();
                if (log) out_of_line([=, this] {
                    log->add("morale-effect", name(u) + " will not attack " + name(s.other) + ": the order is spent, and the failed check costs a casualty.", {{"unit", u}});
                });
                failed_casualty(kByMorale);
            }
            break;
        case kDisengage:
            if (passed) {
                const int e = u_[u].engaged;
                u_[u].engaged = -1;
                set(u, kCharger, false);
                touch();
                if (e >= 0) {
                    u_[e].engaged = -1;
                    set(e, kCharger, false);
                }
                if (log) out_of_line([=, this] { log->add("disengage", name(u) + " disengages.", {{"unit", u}}); });
            } else {
                failed_casualty(kByMorale);
            }
            break;
        case kFortFall:
            if (!passed) failed_casualty(kByMorale);
            break;
        case kRetreat:
            if (!passed) failed_casualty(kByRetreat);
            break;
        default:
            break;
    }
}

void State::casualty(int u, std::uint8_t cause, Log* log) {
    if (!on_field(u)) return;
    const int why = cause & 3;
    if (why == kByAttack) ++inflicted_;
    const bool before = diminished(u);
    if (cause & kHitFirst) {
        // Per-hit checks with "already": remember whether the unit was
        // diminished before this hit, in the hit's own check step.
        for (int i = 0; i < q_n_; ++i)
            if (q_[static_cast<std::size_t>(i)].kind == kHitCheck && q_[static_cast<std::size_t>(i)].unit == u) {
                q_[static_cast<std::size_t>(i)].arg = before ? 1 : 0;
                break;
            }
    }
    // The book gives walls no Morale (option fortification_morale): no
    // diminished checks and no rally.
    const bool morale = b_->opt.fort_morale || !is(u, Type::Fortification);
    if (u_[u].die > 1) {
        --u_[u].die;
        touch_die();
        if (log)
            out_of_line([=, this] {
                log->add("casualty", name(u) + " takes a casualty: casualty die " + num(u_[u].die + 1) + " \u2192 " + num(u_[u].die) + ".",
                         {{"unit", u}, {"die", u_[u].die}});
            });
        // A failed Morale check's casualty (a retreat's included: "the normal
        // penalties for failing the Morale check made to retreat") chains only
        // by option morale_casualty_checks.
        const bool prompts = !(cause & kNoDimCheck) && (why == kByAttack || b_->opt.morale_casualty_checks);
        const bool dim = b_->opt.diminished_after ? diminished(u) : before;
        if (morale && prompts && dim) push_front({kDiminished, static_cast<std::int8_t>(u), -1, 0});
        return;
    }
    if (b_->opt.rally && morale && !has(u, kRallied) && (why != kByRetreat || b_->opt.retreat_rally)) {
        if (log)
            out_of_line([=, this] {
                log->add("casualty", name(u) + " takes a casualty at 1 and would be removed: its commander tries to rally it.",
                         {{"unit", u}, {"die", 1}});
            });
        push_front({kRally, static_cast<std::int8_t>(u), -1, 0});
        return;
    }
    remove(u, "takes a casualty at 1", log);
}

void State::remove(int u, const char* why, Log* log) {
    set(u, kRemoved);
    recount();
    touch();
    u_[u].die = 0;
    const int e = u_[u].engaged;
    if (e >= 0) {
        u_[e].engaged = -1;
        set(e, kCharger, false);
        u_[u].engaged = -1;
    }
    if (log) out_of_line([=, this] { log->add("removed", name(u) + " " + why + " and is removed from the battle.", {{"unit", u}}); });
    if (is(u, Type::Fortification) && !probe_) {
        const int side = side_of(u);
        if (log) out_of_line([=, this] {
            log->add("fortification", name(u) + " has fallen: the " + side_id(side) +
                                          "'s levies disband and its other units make DC 15 Morale checks.",
                     {{"unit", u}});
        });
        for (int v = 0; v < n(); ++v) {
            if (side_of(v) != side || !acts(v)) continue;
            if (is(v, Type::Levies))
                leave(v, "disbands", log);
            else
                push_back({kFortFall, static_cast<std::int8_t>(v), -1, 0});
        }
    }
    check_end(log);
}

void State::leave(int u, const char* why, Log* log) {
    set(u, kLeft);
    recount();
    touch();
    const int e = u_[u].engaged;
    if (e >= 0) {
        u_[e].engaged = -1;
        set(e, kCharger, false);
        u_[u].engaged = -1;
    }
    if (log) out_of_line([=, this] { log->add("leaves", name(u) + " " + why + " and leaves the field.", {{"unit", u}}); });
}

void State::check_end(Log* log) {
    if (outcome_ >= 0) return;
    int left[2] = {alive(kAttacker), alive(kDefender)};
    if (left[0] == 0 || left[1] == 0) {
        if (left[0] == 0 && left[1] == 0)
            finish(kOutDraw, "Neither side has a unit left on the field.", log);
        else
            finish(left[0] == 0 ? kOutDefender : kOutAttacker,
                   left[0] == 0 ? "The attacker has no unit left on the field." : "The defender has no unit left on the field.",
                   log);
        return;
    }
    if (probe_) return;
    for (int s = 0; s < 2; ++s) {
        const int lead = b_->leader[s];
        if (lead < 0 || !b_->opt.leader_disbands || !has(lead, kRemoved)) continue;
        for (int u = 0; u < n(); ++u)
            if (side_of(u) == s && acts(u)) leave(u, "disbands (its leader's unit is gone)", log);
        finish(s == kAttacker ? kOutDefender : kOutAttacker,
               s == kAttacker ? "The attacker's leader's unit is removed: its army disbands."
                              : "The defender's leader's unit is removed: its army disbands.",
               log);
        return;
    }
    if (!b_->opt.infantry_loss_retreat) return;
    for (int s = 0; s < 2; ++s) {
        // A side already retreating goes on making its Morale checks.
        if (!b_->had_infantry[s] || s == retreating_ || side_has(s, Type::Infantry)) continue;
        for (int u = 0; u < n(); ++u)
            if (side_of(u) == s && acts(u)) leave(u, "retreats (its side has lost all its infantry)", log);
        finish(s == kAttacker ? kOutDefender : kOutAttacker,
               s == kAttacker ? "The attacker has lost all its infantry and retreats."
                              : "The defender has lost all its infantry and retreats.",
               log);
        return;
    }
}

void State::finish(int outcome, const char* why, Log* log) {
    outcome_ = static_cast<std::int8_t>(outcome);
    q_n_ = 0;
    if (log) out_of_line([=] {
        const char* who = outcome == kOutAttacker   ? "The attacker wins."
                          : outcome == kOutDefender ? "The defender wins."
                          : outcome == kOutDraw     ? "A draw."
                                                    : "It is counted as endless.";
        log->add("result", std::string(why) + " " + who, {{"outcome", kBattleOutcomes[static_cast<std::size_t>(outcome)]}});
    });
}

void State::order_end(const Step& s, Log* log) {
    const int a = s.unit, t = s.other;
    const int inflicted = inflicted_;
    inflicted_ = 0;  // kept only while its attack resolves, so states merge after it
    if (!on_field(a) || !on_field(t)) return;
    const Unit& A = card(a);
    // "On a successful Power check ... the charging unit becomes engaged"
    // (option charge_engages "always": after any Charge).
    const bool engages = b_->opt.charge_engages_always || inflicted > 0;
    if ((s.arg & kArgCharge) && !(s.arg & kArgFree) && engages && u_[a].engaged < 0 && u_[t].engaged < 0) {
        u_[a].engaged = static_cast<std::int8_t>(t);
        u_[t].engaged = static_cast<std::int8_t>(a);
        touch();
        set(a, kCharger);
        if (log) out_of_line([=, this] {
            log->add("engage", name(a) + " is now engaged with " + name(t) + ": they may attack only each other.", {{"unit", a}, {"target", t}});
        });
    }
    if (A.has(Trait::Feast) && !(s.arg & kArgFree) && !(s.arg & kArgTargetDim) && diminished(t)) {
        if (log) out_of_line([=, this] {
            log->add("feast", name(a) + " has diminished " + name(t) + " (Feast): a free attack against it.", {{"unit", a}, {"target", t}});
        });
        queue_attack(a, t, false, true, log);
    }
    if (A.has(Trait::Horrify) && inflicted > 0 && !trait(t, Trait::Eternal) &&
        (b_->opt.fort_morale || !is(t, Type::Fortification))) {
        push_front({kHorrify, static_cast<std::int8_t>(t), -1, 0});
    }
}

}  // namespace bc::warfare

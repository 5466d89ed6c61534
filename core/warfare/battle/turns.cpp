// Turns and orders: the step queue, refreshing, issuing orders, and the loop
// that carries out deterministic steps until the next chance node.

#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

// The queue's operations and the small checks of each step are in
// battle/inline.hpp, where every battle/*.cpp can inline them.

// ---------------------------------------------------------------- turns

void State::refresh(Log* log) {
    refreshed_ = true;
    // Names are gathered only for the log (out of line): the log-free path must not allocate.
    const bool all = b_->opt.refresh_all;
    const int lo = all ? 0 : b_->first[turn_], hi = all ? n() : b_->first[turn_ + 1];
    std::uint32_t rested = 0, regenerated = 0;
    for (int u = lo; u < hi; ++u) {
        if (!acts(u)) continue;
        const bool resting = has(u, kCavWait) && u_[u].engaged < 0;
        set(u, kCavWait, false);
        if (resting) {
            rested |= 1u << u;
            continue;  // it stays exhausted: it does not refresh, so it does not regenerate either
        }
        set(u, kExhausted, false);
        if (trait(u, Trait::Regenerate) && u_[u].die < max_of(u)) {
            ++u_[u].die;
            touch_die();
            regenerated |= 1u << u;
        }
    }
    if (log) out_of_line([=, this] {
        std::vector<std::string> rest, regen;
        for (int u = 0; u < n(); ++u) {
            if (rested & (1u << u)) rest.push_back(name(u));
            if (regenerated & (1u << u)) regen.push_back(name(u) + " to " + num(u_[u].die));
        }
        std::string t = b_->opt.refresh_all ? std::string("All units are exhausted and refresh.")
                                            : std::string("All the ") + side_id(turn_) + "'s units are exhausted and refresh.";
        if (!rest.empty()) t += " Resting cavalry stays exhausted until the next refresh: " + join_words(rest) + ".";
        if (!regen.empty()) t += " Regenerate: " + join_words(regen) + ".";
        log->add("refresh", t, {{"side", b_->opt.refresh_all ? "all" : side_id(turn_)}});
    });
}

void State::start_turn(Log* log) {
    orders_left_ = static_cast<std::int8_t>(b_->opt.orders_per_turn);
    refreshed_ = false;
    if (pending_rounds_ < 255) ++pending_rounds_;  // half a round: one side's turn
    if (turn_ == first_) {
        ++rounds_;
        parity_ = static_cast<std::uint8_t>((rounds_ & 1) == 0);  // 1 in even rounds
        if (b_->opt.cavalry == Cavalry::OddRounds) touch();
        if (log) out_of_line([=, this] { log->add("round", "Round " + num(rounds_) + ".", {{"round", rounds_}}); });
    }
}

void State::end_turn(Log* log) {
    // "Once all units are exhausted, all units are immediately refreshed": the
    // acting side's units, as soon as its order leaves none fresh (next_order)
    // and at the end of its turn. Not twice without an order between, so
    // resting cavalry sits out its side's next turn.
    if (!refreshed_ && needs_refresh()) refresh(log);
    if (watch_) watch_turn();
    turn_ = static_cast<std::int8_t>(1 - turn_);
    start_turn(log);
}

void State::before_order(Log* log) {
    // An order this turn left every unit exhausted: they refresh at once, so a
    // side with more orders than fresh units goes on ordering.
    if (orders_left_ != b_->opt.orders_per_turn && !refreshed_ && needs_refresh()) refresh(log);
}

int State::pick(Plan& bp) const {
    int best = -1;
    for (int u = b_->first[turn_]; u < b_->first[turn_ + 1]; ++u) {
        const Plan p = plan(u);
        if (p.kind == kNone) continue;
        if (best < 0) {
            best = u;
            bp = p;
            if (b_->pol.unit_by_card) break;
            continue;
        }
        // "best": attacks by expected casualties; other orders after them, in card order.
        const bool pa = p.kind == kAttackOrder, ba = bp.kind == kAttackOrder;
        if ((pa && !ba) || (pa && ba && p.value > bp.value)) {
            best = u;
            bp = p;
        }
    }
    return best;
}

bool State::next_order(Log* log) {
    const int side = turn_;
    const Options& o = b_->opt;
    before_order(log);
    if (retreat_due()) {
        retreating_ = static_cast<std::int8_t>(side);
        if (log) out_of_line([=, &o] {
            log->add("retreat",
                     std::string("The ") + side_id(side) + " has fewer than " + num(o.retreat_below[side]) +
                         " units and orders a retreat: each unit makes a DC " + num(o.retreat_dc) +
                         " Morale check and leaves the field.",
                     {{"side", side_id(side)}});
        });
        for (int u = 0; u < n(); ++u)
            if (side_of(u) == side && acts(u)) push_back({kRetreat, static_cast<std::int8_t>(u), -1, 0});
        return true;
    }
    for (int attempt = 0; attempt < 2; ++attempt) {
        Plan bp;
        const int best = pick(bp);
        if (best >= 0) {
            issue(best, bp, log);
            --orders_left_;
            return true;
        }
        int held = 0;
        std::uint32_t holding = 0;  // who, for the log (its names out of line)
        const bool even = o.cavalry == Cavalry::OddRounds && parity_;
        for (int u = 0; u < n(); ++u)
            if (side_of(u) == side && acts(u) && !has(u, kExhausted) &&
                !(even && is(u, Type::Cavalry) && u_[u].engaged < 0)) {  // waits, fresh, for an odd round
                set(u, kExhausted);
                ++held;
                holding |= 1u << u;
            }
        if (log && held > 0) out_of_line([=, this] {
            std::vector<std::string> names;
            for (int u = 0; u < n(); ++u)
                if (holding & (1u << u)) names.push_back(name(u));
            log->add("hold", join_words(names) + (held == 1 ? " has" : " have") +
                                 " no legal target it can hurt and holds (exhausted).",
                     {{"side", side_id(side)}});
        });
        // Units that had nothing to do are now exhausted too; if that leaves
        // none fresh, they refresh and the turn goes on. A side that began its
        // turn with none fresh (resting cavalry) passes instead.
        if (held == 0 || refreshed_ || !needs_refresh()) break;
        refresh(log);
    }
    return false;
}

void State::issue(int actor, const Plan& p, Log* log) {
    set(actor, kExhausted);
    refreshed_ = false;
    switch (p.kind) {
        case kAttackOrder: {
            // Option cavalry_rest "order": the order itself makes cavalry rest
            // (otherwise the Attack check does, in resolve_attack).
            if (b_->opt.cavalry_rest_after_order && b_->opt.cavalry == Cavalry::AfterAttack &&
                is(actor, Type::Cavalry) && u_[actor].engaged < 0)
                set(actor, kCavWait);
            if (p.target < 0) {
                if (log)
                    out_of_line([=, this] {
                        Targets ts;
                        scan_targets(actor, ts);
                        log->add("order", name(actor) + " is ordered to attack; its target is picked at random among " +
                                              num(ts.n) + " legal targets.",
                                 {{"unit", actor}});
                    });
                push_back({kTarget, static_cast<std::int8_t>(actor), -1, 0});
                return;
            }
            queue_attack(actor, p.target, p.charge, false, log);
            return;
        }
        case kFeed:
            ++u_[actor].die;
            touch_die();
            if (log)
                out_of_line([=, this] {
                    log->add("feed", name(actor) + " feeds on the dead (Ravenous): casualty die up to " + num(u_[actor].die) + ".",
                             {{"unit", actor}, {"die", u_[actor].die}});
                });
            return;
        case kSap:
            set(p.target, kSapped);
            touch();
            if (log)
                out_of_line([=, this] {
                    log->add("sap", name(actor) + " saps the walls of " + name(p.target) +
                                        " (Twisting Roots): siege units have advantage on Power checks against it.",
                             {{"unit", actor}, {"target", p.target}});
                });
            return;
        case kDisengageOrder: {
            const bool charger = has(actor, kCharger);
            const Disengage how = b_->opt.disengage;
            const bool check = (how == Disengage::Issue && !charger) || how == Disengage::ChargerCheck;
            if (check) {
                if (log)
                    out_of_line([=, this] {
                        log->add("order", name(actor) + " tries to disengage from " + name(p.target) + ".", {{"unit", actor}});
                    });
                push_back({kDisengage, static_cast<std::int8_t>(actor), static_cast<std::int8_t>(p.target), 0});
                return;
            }
            const int e = u_[actor].engaged;
            touch();
            u_[actor].engaged = -1;
            set(actor, kCharger, false);
            if (e >= 0) {
                u_[e].engaged = -1;
                set(e, kCharger, false);
            }
            if (log)
                out_of_line([=, this] { log->add("disengage", name(actor) + " disengages from " + name(p.target) + ".", {{"unit", actor}}); });
            return;
        }
        case kNone:
            return;
    }
}

void State::queue_attack(int a, int t, bool charge, bool free, Log* log) {
    std::uint8_t arg = 0;
    if (charge) arg |= kArgCharge;
    if (free) arg |= kArgFree;
    const std::uint8_t end_arg = static_cast<std::uint8_t>(arg | (diminished(t) ? kArgTargetDim : 0));
    const auto A = static_cast<std::int8_t>(a), T = static_cast<std::int8_t>(t);
    // An order's end does something only for a Charge, Feast or Horrify:
    // without them it is not queued (its attack's casualty count is then
    // never read, and the key leaves it out).
    const bool ends = (!free && (charge || trait(a, Trait::Feast))) || trait(a, Trait::Horrify);
    if (log && !free)
        out_of_line([=, this] {
            log->add("order", name(a) + (charge ? " charges " : " attacks ") + name(t) + ".",
                     {{"unit", a}, {"target", t}, {"charge", charge}});
        });
    // A new order's attack starts the count afresh: an earlier attack with no
    // order's end left its count behind, which no one reads but the key
    // would, once this attack's end is queued.
    if (!free) inflicted_ = 0;
    if (free) {
        if (ends) push_front({kOrderEnd, A, T, end_arg});
        push_front({kAttack, A, T, arg});
        if (needs_undead_check(a, t)) push_front({kUndead, A, T, 0});
    } else {
        if (needs_undead_check(a, t)) push_back({kUndead, A, T, 0});
        push_back({kAttack, A, T, arg});
        if (ends) push_back({kOrderEnd, A, T, end_arg});
    }
}

// ---------------------------------------------------------------- the loop

void State::advance(Log* log, bool resume) {
    int idle = 0, guard = 0;
    bool seen_start = false, acted = false;
    while (outcome_ < 0) {
        if (++guard > 200000) {
            finish(kOutDraw, "the battle goes nowhere: a stalemate", log);
            return;
        }
        if (q_n_ > 0) {
            const Step s = q_[0];
            const bool chance = s.kind <= kRetreat;
            if (chance) {
                if (s.kind != kInitiative && !on_field(s.unit)) {
                    pop_front();
                    continue;
                }
                if ((s.kind == kAttack || s.kind == kUndead || s.kind == kTarget) &&
                    (!acts(s.unit) || (s.kind != kTarget && !on_field(s.other)))) {
                    pop_front();
                    continue;
                }
                if (s.kind == kTarget) {
                    Targets ts;
                    scan_targets(s.unit, ts);
                    if (ts.n == 0) {
                        pop_front();
                        continue;
                    }
                }
                if (auto_pass(s)) {
                    pop_front();
                    resolve_morale(s, true, Roll{}, false, log);
                    continue;
                }
                if (still_.proof_due) endless_rule(log);
                return;  // a chance node (or an endless battle's end)
            }
            pop_front();
            switch (s.kind) {
                case kCasualty:
                    casualty(s.unit, s.arg, log);
                    break;
                case kHitCheck:
                    // "already": diminished before the hit (noted by its first casualty).
                    if (on_field(s.unit) && (b_->opt.diminished_after ? diminished(s.unit) : s.arg != 0) &&
                        (b_->opt.fort_morale || !is(s.unit, Type::Fortification)))
                        push_front({kDiminished, s.unit, -1, 0});
                    break;
                case kOrderEnd:
                    order_end(s, log);
                    break;
                default:
                    break;
            }
            continue;
        }
        if (probe_ || !started_) return;
        // The solver's pause comes before anything below, so a call that
        // stops there has ended no turn yet: resumed, the call starts afresh
        // exactly as this one would have gone on.
        if (solver_pause_ && !resume) return;
        if (retreating_ >= 0) {
            const int side = retreating_;
            for (int u = 0; u < n(); ++u)
                if (side_of(u) == side && acts(u)) leave(u, "retreats", log);
            finish(side == kAttacker ? kOutDefender : kOutAttacker,
                   side == kAttacker ? "The attacker has retreated." : "The defender has retreated.", log);
            return;
        }
        if (orders_left_ > 0 && pause_) {
            before_order(log);
            return;  // the advisor's moment: the side picks its next order
        }
        if (orders_left_ > 0 && next_order(log)) {
            acted = true;
            continue;
        }
        // The turn is over. Turns without any order, one after another and
        // with no dice between them, mean neither side can hurt the other.
        if (seen_start) idle = acted ? 0 : idle + 1;
        if (idle >= 6) {
            finish(kOutDraw, "Neither side can hurt the other: the battle ends in a stalemate.", log);
            return;
        }
        end_turn(log);
        seen_start = true;
        acted = false;
    }
}

}  // namespace bc::warfare

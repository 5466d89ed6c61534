// The battle as a chance state. Work waits in a small queue of steps: chance
// steps (an Attack check with its Power checks, a Morale check, a random
// target, initiative) stop the state for the solver; the others (a casualty,
// the end of an order) are carried out at once. A step pushed to the front
// runs before the rest, so a casualty's Morale check comes before the next
// Power check's casualties, as at the table.
#include <bit>
#include <stdexcept>

#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

const std::vector<std::string> kBattleOutcomes = {"attacker", "defender", "draw", "endless"};

void detail::fail(const char* what) { throw std::logic_error(what); }
void detail::run_cold(void (*f)(const void*), const void* context) { f(context); }

// ---------------------------------------------------------------- set-up

State::State(std::shared_ptr<const Battle> b, Log* log) : b_(std::move(b)), facts_(b_->facts.data()) {
    if (b_->units.size() > u_.size()) throw std::logic_error("too many units");
    for (int u = 0; u < n(); ++u) {
        u_[u].die = static_cast<std::int8_t>(bu(u).start);
        if (bu(u).sapped) set(u, kSapped);
    }
    recount();
    check_end(log);
    if (outcome_ >= 0) return;
    const Initiative ini = b_->opt.initiative;
    if (ini == Initiative::Rolled) {
        push_back({kInitiative, -1, -1, 0});
    } else {
        first_ = static_cast<std::int8_t>(ini == Initiative::Attacker ? kAttacker : kDefender);
        turn_ = first_;
        started_ = true;
        if (log) log->add("initiative", std::string("The ") + side_id(first_) + " acts first (option initiative).",
                          {{"side", side_id(first_)}});
        start_turn(log);
    }
    advance(log);
}

State State::for_probe(std::shared_ptr<const Battle> b) {
    // Built without the constructor's advance: the probe sets its own order.
    State s(b, nullptr);
    s.q_n_ = 0;
    s.outcome_ = -1;
    s.started_ = true;
    for (int u = 0; u < s.n(); ++u)
        s.u_[u] = UnitState{static_cast<std::int8_t>(s.bu(u).start), -1, static_cast<std::uint16_t>(s.bu(u).sapped ? kSapped : 0), 0};
    s.probe_ = true;
    s.recount();
    return s;
}

Schema State::schema(const Battle& b) {
    Schema s;
    s.outcomes = kBattleOutcomes;
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        s.series.push_back("unit " + std::to_string(i) + " final die");
        s.events.push_back("unit " + std::to_string(i) + " removed");
    }
    // Sampling only: battles the endless rule's cap counted as endless unproved.
    s.events.push_back("endless unproved");
    return s;
}

// ---------------------------------------------------------------- probes

std::string State::start_probe(int actor, int target, Log* log) {
    if (const char* why = illegal(actor, target)) return why;
    const bool charge = can_charge(actor, target);
    probe_charge_ = charge;
    first_attack_ = -1;
    queue_attack(actor, target, charge, false, log);
    advance(log);
    return "";
}

// ---------------------------------------------------------------- solver view

void State::record(Recorder& r) const {
    r.outcome(static_cast<std::size_t>(outcome_));
    // An endless battle never ends: like the exact solver, no final dice.
    if (outcome_ == kOutEndless) {
        r.event(static_cast<std::size_t>(n()), by_rule_ == 2);
        return;
    }
    for (int u = 0; u < n(); ++u) {
        r.value(static_cast<std::size_t>(u), has(u, kRemoved) ? 0 : u_[u].die);
        r.event(static_cast<std::size_t>(u), has(u, kRemoved));
    }
}

}  // namespace bc::warfare

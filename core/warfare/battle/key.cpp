// The battle's canonical key for the exact solver (core/solve/key.hpp), and
// its progress measure. The key holds what the rest of the battle depends on
// and nothing that cannot matter, so that states differing only there merge:
// - a finished battle: its outcome and each unit's final die (all record() reads);
// - a unit gone from the field: removed, or left with its die (the roster reads it);
// - a unit on the field: its die, and only the flags that can still change
//   something for it (Key below: exhaustion for units that act, resting for
//   cavalry that rests, rally, Courageous (held as used once it can turn no
//   check: courage_layout()), Savage, sapped walls, engagement when
//   some unit can charge, "already checked" against undead units still standing);
// - the turn, orders left, a retreat under way, the refresh already made, the
//   round's parity only where cavalry keeps to odd rounds;
// - whether the attack being resolved has inflicted a casualty, only while an
//   order's end that reads it (Horrify, a Charge engaging) is waiting;
// - the queue of steps.
// What only the log reads (rounds, who broke, the probe's first roll) and the
// endless rule's counters (sampling only) are left out.
#include <array>
#include <bit>

#include "warfare/battle/detail.hpp"

namespace bc::warfare {

using namespace detail;

namespace {
// Gathers fields into whole words, written straight into the KeyWriter's
// buffer: a key is a few dozen small fields, and one store per word is much
// cheaper than one put() per field. The words are the KeyWriter's own bit
// stream (each field's bits right after the last's), so the key is the same
// as one put() per field. Every value fits its width (as KeyWriter::put
// would mask it to). Nothing here takes its own address, so the compiler
// keeps the position in registers (in wasm, too: a buffer of its own had
// put every field's position through memory).
class Bits {
public:
    explicit Bits(KeyWriter& w) : w_(w) {
        const KeyWriter::Open o = w.open();
        buf_ = o.words;
        n_ = o.n;
        acc_ = o.partial;
        used_ = o.used;
    }
    ~Bits() { w_.close(n_, acc_, used_, overflow_); }
    void put(std::uint64_t v, unsigned bits) {
        acc_ |= v << used_;
        used_ += bits;
        if (used_ < 64) return;
        // A whole word: what did not fit goes on in the next one.
        used_ -= 64;
        if (n_ < kMaxKeyWords)
            buf_[n_++] = acc_;
        else
            overflow_ = true;
        acc_ = used_ ? v >> (bits - used_) : 0;
    }
    void put_opt(int v, unsigned bits) { put(static_cast<std::uint64_t>(v + 1), bits); }

private:
    KeyWriter& w_;
    std::uint64_t* buf_;
    std::size_t n_;
    std::uint64_t acc_;
    unsigned used_;
    bool overflow_ = false;
};

// Reads fields in the KeyWriter's bit stream, as KeyReader::get() does,
// with one check at the end instead of one per field: unpack() reads a
// layout it knows, a few dozen fields per key.
class Fields {
public:
    explicit Fields(KeyReader& r) : r_(r), w_(r.words()), n_(r.size()), i_(r.word()), used_(r.bit()) {
        cur_ = i_ < n_ ? w_[i_] : 0;
    }
    // `bits` 1 to 64.
    std::uint64_t get(unsigned bits) {
        std::uint64_t v = cur_ >> used_;
        const unsigned from_first = 64 - used_;
        used_ += bits;
        if (used_ >= 64) {
            used_ -= 64;
            ++i_;
            cur_ = i_ < n_ ? w_[i_] : 0;
            if (used_) v |= cur_ << from_first;
        }
        return bits < 64 ? v & ((std::uint64_t{1} << bits) - 1) : v;
    }
    bool get_bool() { return get(1) != 0; }
    int get_opt(unsigned bits) { return static_cast<int>(get(bits)) - 1; }
    // Hands the position back to the KeyReader; a key too short is an error, as there.
    void done() {
        if (i_ > n_ || (i_ == n_ && used_ > 0)) fail("key read past its end");
        r_.seek(i_, used_);
    }

private:
    KeyReader& r_;
    const std::uint64_t* w_;
    std::size_t n_, i_;
    unsigned used_;
    std::uint64_t cur_;
};

// progress()'s measure counted unit by unit: by progress(), and by
// pack_progress() in the same pass as the key.
struct Progress {
    std::uint64_t gone = 0, once = 0, cas = 0;
    explicit Progress(bool started) : once(started ? 1 : 0) {}
    void casualties(int max, int die) { cas += static_cast<std::uint64_t>(max - die); }
    // A unit on the field: its once-per-battle flags that can still matter
    // (bits 4 to 7) and its live "already checked" bits against undead.
    void on_field(unsigned once_flags, std::uint32_t undead_checked) {
        // A table, not std::popcount: without the instruction (x86-64's
        // baseline) that is a call.
        static constexpr std::uint8_t kOnes[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        once += kOnes[(once_flags >> 4) & 15u];
        for (std::uint32_t m = undead_checked; m; m &= m - 1) ++once;
    }
    std::uint64_t value(bool heals) const {
        // Regenerate and Ravenous raise dice: only one-way events count.
        return (gone << 40) | (once << 20) | (heals ? 0 : cas);
    }
};

constexpr std::uint64_t low_bits(unsigned bits) { return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }

// The queue of pending steps, the same in both keys (the reader: unpack_queue).
// A step's four fields (kind 4 bits, unit + 1 and other + 1 `ub` each, arg 8)
// go in as one value: the same bits as four puts, for a quarter of the work.
template <class W, class StepT>
void put_queue(W& w, const StepT* q, int n, unsigned ub) {
    w.put(static_cast<std::uint64_t>(n), 6);
    for (int i = 0; i < n; ++i) {
        const std::uint64_t v = std::uint64_t{q[i].kind} | static_cast<std::uint64_t>(q[i].unit + 1) << 4 |
                                static_cast<std::uint64_t>(q[i].other + 1) << (4 + ub) |
                                std::uint64_t{q[i].arg} << (4 + 2 * ub);
        w.put(v, 12 + 2 * ub);
    }
}
}  // namespace

void State::key_layout(Battle& b) {
    const Options& o = b.opt;
    b.key.assign(b.units.size(), BattleKey{});
    b.unit_bits = static_cast<std::uint8_t>(bits_for(b.units.size()));
    b.order_bits = static_cast<std::uint8_t>(bits_for(static_cast<std::uint64_t>(o.orders_per_turn)));
    static_assert(BattleLimits::kQueue < 64, "the queue's length is kept in 6 bits");
    b.any_charge = false;
    for (const auto& u : b.units) b.any_charge = b.any_charge || u.unit.has(Trait::Charge);
    // What decide() reads of the dice: diminished() and a unit's room to grow
    // for feeding, per_hit() for Martial, and the targeting rule's comparisons.
    b.plans_read_dice = b.pol.targeting == Targeting::Weakest || b.pol.targeting == Targeting::Strongest;
    for (const auto& u : b.units)
        b.plans_read_dice = b.plans_read_dice || (u.unit.has(Trait::Ravenous) && b.pol.feed != Feed::Never) ||
                            (u.unit.has(Trait::Martial) && !o.martial_uses_die);
    for (std::size_t i = 0; i < b.units.size(); ++i) {
        const Unit& c = b.units[i].unit;
        BattleKey& k = b.key[i];
        k.die_bits = static_cast<std::uint8_t>(bits_for(static_cast<std::uint64_t>(b.units[i].max)));
        const bool fort = c.is(Type::Fortification);
        std::uint16_t f = 0;
        if (!fort) f |= kExhausted;
        if (c.is(Type::Cavalry) && o.cavalry == Cavalry::AfterAttack) f |= kCavWait;
        if (o.rally && (!fort || o.fort_morale)) f |= kRallied;
        if (c.has(Trait::Courageous)) f |= kCourageUsed;
        if (c.has(Trait::Savage)) f |= kSavageUsed;
        if (fort) f |= kSapped;
        k.flags = f;
        k.flag_bits = static_cast<std::uint8_t>(f ? std::bit_width(static_cast<unsigned>(f)) : 0);
        k.engages = (b.any_charge || b.set_engaged) && !fort;
        for (std::size_t t = 0; t < b.units.size(); ++t)
            if (b.units[i].checks_undead && b.units[t].side != b.units[i].side && b.units[t].unit.has(Trait::Undead))
                k.undead |= 1u << t;
        if (c.has(Trait::Courageous)) courage_layout(b, static_cast<int>(i));
    }
    b.walls_engage = (b.any_charge || b.set_engaged) && (b.forts[0] | b.forts[1]) != 0;
}

// Courageous turns one failed Morale check into a success, once. Whether it
// has been used can change nothing once the unit has rallied, if it could
// face no other check:
// - option "rally" (it turns only a rally check): a unit rallies once;
// - otherwise, at 1 (where a rallied unit stays, unless it can raise its own
//   die: Regenerate, Ravenous) a casualty removes the unit before any check
//   it brings. The checks left: against undead, when its side's
//   fortification falls, in a retreat, and to disengage. A disengage check
//   is made by the charger ("charger-check"; a unit with Charge) or by the
//   unit charged ("issue"), when the policy disengages: when stuck (no attack
//   on the unit it is engaged with, or one worth nothing: decide()), or
//   "to-charge" for a charger.
// The key then holds the flag as used (so progress() only grows): the
// states where it was and was not used merge.
void State::courage_layout(Battle& b, int u) {
    const Options& o = b.opt;
    BattleKey& k = b.key[static_cast<std::size_t>(u)];
    const BattleUnit& bu = b.units[static_cast<std::size_t>(u)];
    const Unit& c = bu.unit;
    if (b.pol.courageous_rally_only) {
        k.courage_settles = true;
        return;
    }
    bool stuck = false;
    const int n = static_cast<int>(b.units.size());
    for (int t = 0; t < n; ++t) {
        if (b.units[static_cast<std::size_t>(t)].side == bu.side) continue;
        const PairOdds& po = b.pairs[static_cast<std::size_t>(u * n + t)];
        // Engaged, it may attack its partner whatever the order of battle,
        // unless option engaged_ignore_order is off (may_attack()).
        if (!o.engaged_ignore_order && (!po.legal || po.blocked_by != 0)) stuck = true;
        for (const auto& by_adv : po.value)
            for (const std::int64_t v : by_adv) stuck = stuck || v == 0;
    }
    const bool as_charger = o.disengage == Disengage::ChargerCheck && c.has(Trait::Charge) && (stuck || b.pol.disengage_to_charge);
    const bool as_charged = o.disengage == Disengage::Issue && stuck;
    const bool disengages = k.engages && (as_charger || as_charged);
    const bool raises_die = c.has(Trait::Regenerate) || c.has(Trait::Ravenous);
    k.courage_settles = !disengages && !raises_die && k.undead == 0 && b.forts[bu.side] == 0 && o.retreat_below[bu.side] == 0;
}

// A rallied unit's Courageous settled (courage_layout()): at 1 (an order's
// moment may rally a unit anywhere), with no check of its own waiting.
inline bool State::courage_settled(int u) const {
    // Under "rally" only a rally check can use it, and a rallied unit makes no more.
    if (b_->pol.courageous_rally_only) return true;
    if (u_[u].die != 1) return false;
    for (int i = 0; i < q_n_; ++i) {
        const Step& st = q_[static_cast<std::size_t>(i)];
        if (st.unit == u && is_morale(st.kind)) return false;
    }
    return true;
}

inline std::uint16_t State::key_flags(int u) const {
    const BattleKey& k = b_->key[static_cast<std::size_t>(u)];
    const std::uint16_t f = u_[u].flags & k.flags;
    // Only a rallied unit that has not used it can change (k.flags holds kCourageUsed only with Courageous).
    if ((f & (kRallied | kCourageUsed)) != kRallied || !k.courage_settles || !courage_settled(u)) return f;
    return static_cast<std::uint16_t>(f | kCourageUsed);
}

// The "already checked" bits that can still matter: against undead enemies
// still on the field, for a unit still on it.
std::uint32_t State::live_undead(int u) const {
    std::uint32_t m = b_->key[static_cast<std::size_t>(u)].undead & u_[u].undead_ok;
    for (std::uint32_t bits = m; bits; bits &= bits - 1) {
        const int t = std::countr_zero(bits);
        if (!on_field(t)) m &= ~(1u << t);
    }
    return m;
}

bool State::inflicted_matters() const {
    for (int i = 0; i < q_n_; ++i) {
        const Step& s = q_[static_cast<std::size_t>(i)];
        if (s.kind != kOrderEnd) continue;
        if (trait(s.unit, Trait::Horrify)) return true;
        if ((s.arg & kArgCharge) && !(s.arg & kArgFree) && !b_->opt.charge_engages_always) return true;
    }
    return false;
}

// Every field, nothing dropped: the key the canonical one is checked against
// (Battle::full_key, tests only).
// The queue of pending steps is read the same in both keys.
template <class R>
[[gnu::always_inline]] inline void State::unpack_queue(R& r, unsigned ub) {
    q_n_ = static_cast<std::int8_t>(r.get(6));
    const std::uint64_t unit_mask = low_bits(ub);
    for (int i = 0; i < q_n_; ++i) {
        const std::uint64_t v = r.get(12 + 2 * ub);  // one step's fields (put_queue)
        Step& s = q_[static_cast<std::size_t>(i)];
        s.kind = static_cast<std::uint8_t>(v & 15);
        s.unit = static_cast<std::int8_t>(static_cast<int>((v >> 4) & unit_mask) - 1);
        s.other = static_cast<std::int8_t>(static_cast<int>((v >> (4 + ub)) & unit_mask) - 1);
        s.arg = static_cast<std::uint8_t>(v >> (4 + 2 * ub));
    }
}

void State::pack_full(KeyWriter& kw) const {
    Bits w(kw);
    const unsigned ub = b_->unit_bits;
    for (int u = 0; u < n(); ++u) {
        const UnitState& s = u_[u];
        w.put(static_cast<std::uint64_t>(s.die), 5);
        w.put_opt(s.engaged, ub);
        w.put(s.flags & ~kBroke & 0x3ff, 10);
        w.put(s.undead_ok, 24);
    }
    w.put_opt(outcome_, 3);
    w.put(static_cast<std::uint64_t>(turn_), 1);
    w.put(static_cast<std::uint64_t>(first_), 1);
    w.put(static_cast<std::uint64_t>(orders_left_), 4);
    w.put_opt(retreating_, 2);
    w.put(static_cast<std::uint64_t>(inflicted_), 8);
    w.put(parity_, 1);
    w.put(refreshed_ ? 1 : 0, 1);
    w.put(started_ ? 1 : 0, 1);
    w.put(pending_rounds_, 8);
    put_queue(w, q_.data(), q_n_, ub);
}

void State::unpack_full(KeyReader& r) {
    const unsigned ub = b_->unit_bits;
    for (int u = 0; u < n(); ++u) {
        UnitState& s = u_[u];
        s.die = static_cast<std::int8_t>(r.get(5));
        s.engaged = static_cast<std::int8_t>(r.get_opt(ub));
        s.flags = static_cast<std::uint16_t>(r.get(10));
        s.undead_ok = static_cast<std::uint32_t>(r.get(24));
    }
    outcome_ = static_cast<std::int8_t>(r.get_opt(3));
    turn_ = static_cast<std::int8_t>(r.get(1));
    first_ = static_cast<std::int8_t>(r.get(1));
    orders_left_ = static_cast<std::int8_t>(r.get(4));
    retreating_ = static_cast<std::int8_t>(r.get_opt(2));
    inflicted_ = static_cast<std::int8_t>(r.get(8));
    parity_ = static_cast<std::uint8_t>(r.get(1));
    refreshed_ = r.get(1) != 0;
    started_ = r.get(1) != 0;
    pending_rounds_ = static_cast<std::uint8_t>(r.get(8));
    unpack_queue(r, ub);
    rounds_ = started_ ? (parity_ ? 2 : 1) : 0;
    probe_charge_ = false;
    first_attack_ = -1;
    by_rule_ = 0;
    recount();
    resume_from_pause();
}

void State::pack(KeyWriter& kw) const { pack_progress(kw); }

std::uint64_t State::pack_progress(KeyWriter& kw) const {
    const Battle& b = *b_;
    if (b.full_key) {
        pack_full(kw);
        return is_terminal() ? 0 : progress();
    }
    Bits w(kw);
    w.put_opt(outcome_, 3);
    if (outcome_ >= 0) {
        if (outcome_ != kOutEndless)  // an endless battle records no dice
            for (int u = 0; u < n(); ++u)
                w.put(has(u, kRemoved) ? 0 : static_cast<std::uint64_t>(u_[u].die), b.key[static_cast<std::size_t>(u)].die_bits);
        return 0;  // nobody asks an ended battle's progress
    }
    Progress pr(started_);
    const unsigned ub = b.unit_bits;
    for (int u = 0; u < n(); ++u) {
        // One field per unit: its status (on the field 0, removed 1, left 2),
        // then for one still there its die, then its flags and engagement.
        const BattleKey& k = b.key[static_cast<std::size_t>(u)];
        const UnitState& s = u_[u];
        pr.casualties(max_of(u), s.die);
        if (s.flags & kRemoved) {
            ++pr.gone;
            w.put(1, 2);
            continue;
        }
        std::uint64_t v = static_cast<std::uint64_t>(s.die) << 2;
        unsigned bits = 2 + k.die_bits;
        if (s.flags & kLeft) {
            ++pr.gone;
            w.put(v | 2, bits);
            continue;
        }
        const std::uint16_t flags = key_flags(u);
        v |= static_cast<std::uint64_t>(flags) << bits;
        bits += k.flag_bits;
        if (k.engages) {
            v |= static_cast<std::uint64_t>(s.engaged + 1) << bits;
            bits += ub;
            if (s.engaged >= 0) {
                v |= static_cast<std::uint64_t>((s.flags & kCharger) ? 1 : 0) << bits;
                ++bits;
            }
        }
        w.put(v, bits);
        const std::uint32_t undead = k.undead ? live_undead(u) : 0;
        if (k.undead) w.put(undead, static_cast<unsigned>(n()));
        pr.on_field(flags, undead);
    }
    // The turn's fields as one value (the same bits as one put each, in this order).
    std::uint64_t v = 0;
    unsigned at = 0;
    auto add = [&](std::uint64_t x, unsigned bits) {
        v |= x << at;
        at += bits;
    };
    add(started_ ? 1 : 0, 1);
    add(static_cast<std::uint64_t>(turn_), 1);
    add(static_cast<std::uint64_t>(orders_left_), b.order_bits);
    if (b.opt.retreat_below[0] || b.opt.retreat_below[1]) add(static_cast<std::uint64_t>(retreating_ + 1), 2);
    add(refreshed_ ? 1 : 0, 1);
    if (b.opt.cavalry == Cavalry::OddRounds) {
        add(parity_, 1);
        add(static_cast<std::uint64_t>(first_), 1);
    }
    add(inflicted_ > 0 && inflicted_matters() ? 1 : 0, 1);
    add(pending_rounds_, 8);
    w.put(v, at);
    put_queue(w, q_.data(), q_n_, ub);
    return pr.value(b.heals);
}

void State::unpack(KeyReader& key) {
    const Battle& b = *b_;
    if (b.full_key) return unpack_full(key);
    // Read through a reader of its own, handed back at the end: its
    // position then stays in registers instead of going to memory per field.
    Fields r(key);
    outcome_ = static_cast<std::int8_t>(r.get_opt(3));
    for (int u = 0; u < n(); ++u) u_[u] = UnitState{};
    q_n_ = 0;
    rounds_ = 0;
    probe_charge_ = false;
    first_attack_ = -1;
    by_rule_ = 0;  // reported only: a rebuilt state was not ended by the cap
    if (outcome_ >= 0) {
        for (int u = 0; u < n(); ++u) {
            if (outcome_ == kOutEndless) continue;
            u_[u].die = static_cast<std::int8_t>(r.get(b.key[static_cast<std::size_t>(u)].die_bits));
            if (u_[u].die == 0) u_[u].flags = kRemoved;
        }
        recount();
        r.done();
        return;
    }
    const unsigned ub = b.unit_bits;
    for (int u = 0; u < n(); ++u) {
        const BattleKey& k = b.key[static_cast<std::size_t>(u)];
        UnitState& s = u_[u];
        const auto status = r.get(2);
        if (status == 1) {
            s.flags = kRemoved;
            continue;
        }
        if (status == 2) {
            s.die = static_cast<std::int8_t>(r.get(k.die_bits));
            s.flags = kLeft;
            continue;
        }
        // Die, flags and engagement, written as one field by pack(), read as one.
        const unsigned engaged_at = k.die_bits + k.flag_bits;
        const std::uint64_t v = r.get(engaged_at + (k.engages ? ub : 0));
        s.die = static_cast<std::int8_t>(v & low_bits(k.die_bits));
        s.flags = static_cast<std::uint16_t>((v >> k.die_bits) & low_bits(k.flag_bits) & k.flags);
        if (k.engages) {
            s.engaged = static_cast<std::int8_t>(static_cast<int>((v >> engaged_at) & low_bits(ub)) - 1);
            if (s.engaged >= 0 && r.get_bool()) s.flags = static_cast<std::uint16_t>(s.flags | kCharger);
        }
        if (k.undead) s.undead_ok = static_cast<std::uint32_t>(r.get(static_cast<unsigned>(n())));
    }
    // Engagement is a pair, kept in the key on the unit that can charge or be
    // charged; a fortification (never the charger, and kept without it) is
    // engaged exactly when its partner says so. Without this a charger
    // engaged with walls stayed engaged with them after they fell.
    if (b.walls_engage)
        for (int u = 0; u < n(); ++u) {
            const int e = u_[u].engaged;
            if (e >= 0 && !b.key[static_cast<std::size_t>(e)].engages) u_[e].engaged = static_cast<std::int8_t>(u);
        }
    // The turn's fields, one value (see pack()).
    const bool retreats = b.opt.retreat_below[0] || b.opt.retreat_below[1];
    const bool odd_rounds = b.opt.cavalry == Cavalry::OddRounds;
    std::uint64_t v = r.get(12 + b.order_bits + (retreats ? 2 : 0) + (odd_rounds ? 2 : 0));
    auto take = [&v](unsigned bits) {
        const std::uint64_t x = v & low_bits(bits);
        v >>= bits;
        return x;
    };
    started_ = take(1) != 0;
    turn_ = static_cast<std::int8_t>(take(1));
    orders_left_ = static_cast<std::int8_t>(take(b.order_bits));
    retreating_ = retreats ? static_cast<std::int8_t>(static_cast<int>(take(2)) - 1) : -1;
    refreshed_ = take(1) != 0;
    if (odd_rounds) {
        parity_ = static_cast<std::uint8_t>(take(1));
        first_ = static_cast<std::int8_t>(take(1));
    } else {
        parity_ = 0;
        first_ = kAttacker;
    }
    inflicted_ = static_cast<std::int8_t>(take(1));
    pending_rounds_ = static_cast<std::uint8_t>(take(8));
    unpack_queue(r, ub);
    // The round count matters only through its parity (odd-rounds cavalry):
    // any count with the parity the key holds will do.
    rounds_ = started_ ? (parity_ ? 2 : 1) : 0;
    recount();
    r.done();
    resume_from_pause();
}

// Never decreases: a unit gone outweighs everything else; once-per-battle
// effects used (by units on the field) outweigh casualties; casualties count
// only where no unit can heal. Cycles (missed attacks, rounds that change
// nothing) stay within one value.
std::uint64_t State::progress() const {
    if (outcome_ >= 0) return ~std::uint64_t{0};  // the end: past every level (its key keeps no flags)
    if (b_->full_key) return progress_full();
    static_assert(kRallied == 16 && kCourageUsed == 32 && kSavageUsed == 64 && kSapped == 128,
                  "the once-per-battle flags are bits 4 to 7");
    Progress pr(started_);
    for (int u = 0; u < n(); ++u) {
        const UnitState& s = u_[u];
        pr.casualties(max_of(u), s.die);
        if (s.flags & (kRemoved | kLeft)) {
            ++pr.gone;
            continue;
        }
        const BattleKey& k = b_->key[static_cast<std::size_t>(u)];
        pr.on_field(key_flags(u), k.undead ? live_undead(u) : 0);
    }
    return pr.value(b_->heals);
}

// The progress measure as it was before the canonical key (every flag and
// undead check counted), for the full key.
std::uint64_t State::progress_full() const {
    std::uint64_t gone = 0, once = started_ ? 1 : 0, cas = 0;
    for (int u = 0; u < n(); ++u) {
        const UnitState& s = u_[u];
        if (s.flags & (kRemoved | kLeft)) ++gone;
        for (std::uint16_t f : {kRallied, kCourageUsed, kSavageUsed, kSapped})
            if (s.flags & f) ++once;
        for (std::uint32_t m = s.undead_ok; m; m &= m - 1) ++once;
        cas += static_cast<std::uint64_t>(bu(u).max - s.die);
    }
    if (b_->heals) cas = 0;
    return (gone << 40) | (once << 20) | cas;
}

}  // namespace bc::warfare

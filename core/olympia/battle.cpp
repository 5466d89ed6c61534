// Olympia: the battle as a chance state over counts (men per group, nobles
// hit or not, the structure, how many men inside have been targeted).
#include <climits>
#include <map>
#include <numeric>

#include "olympia/field.hpp"
#include "olympia/olympia.hpp"

namespace bc::olympia {

namespace {

std::string fmt4(std::int64_t q) {
    // Quarter points as text: 37.5, 6.25, 40.
    std::string s = std::to_string(q / 4);
    const std::int64_t r = q % 4;
    if (r == 1) s += ".25";
    if (r == 2) s += ".5";
    if (r == 3) s += ".75";
    return s;
}

constexpr std::uint32_t kCombined = 0x40000000u;
constexpr std::uint32_t kMissPlain = 0, kMissCounted = 1;
std::uint32_t hit_code(int t, int v) { return 2u + static_cast<std::uint32_t>(t) * 8u + static_cast<std::uint32_t>(v - 1); }

}  // namespace

Chance capture_chance(std::int64_t winner, std::int64_t loser) noexcept {
    if (loser <= 0) return {3, 4};
    return {std::clamp(winner, loser, 3 * loser), 4 * loser};
}

State::State(std::shared_ptr<const Battle> b, Log* log) : b_(std::move(b)) {
    n_.reserve(b_->ents.size());
    for (const auto& e : b_->ents) n_.push_back(static_cast<std::int32_t>(e.count));
    sdef_ = static_cast<std::int32_t>(b_->structure.defense);
    sdmg_ = static_cast<std::int32_t>(b_->structure.damage);
    staged_ = b_->detailed;
    if (log) {
        for (int s = 0; s < 2; ++s) {
            const NobleInfo& leader = b_->nobles[static_cast<std::size_t>(b_->leader[s])];
            std::string text = std::string(s == kAttacker ? "Attacking" : "Defending") + " stack of " + leader.name +
                               ": strength " + fmt4(b_->start4[s]) + ", breaks at " +
                               std::to_string(b_->break_point[s]) + "% (" +
                               fmt4(b_->start4[s] * b_->break_point[s] / 100) + ")";
            std::vector<std::string> parts;
            for (const auto& n : b_->nobles) {
                if (n.side != s) continue;
                std::string p = n.name;
                std::vector<std::string> men;
                for (int e : n.troops) {
                    const Entity& x = b_->ents[static_cast<std::size_t>(e)];
                    const Kind& k = kinds()[static_cast<std::size_t>(x.kind)];
                    men.push_back(std::to_string(x.count) + " " + (x.count == 1 ? k.name : k.plural));
                }
                if (!men.empty()) p += " with " + join_words(men);
                const Entity& ne = b_->ents[static_cast<std::size_t>(n.entity)];
                if (ne.row > 0) p += " (behind " + std::to_string(ne.row) + ")";
                parts.push_back(p);
            }
            text += ": " + join_words(parts) + ".";
            log->add("stack", text, {{"side", side_id(s)}, {"strength", static_cast<double>(b_->start4[s]) / 4},
                                     {"break_point", b_->break_point[s]}});
        }
        if (b_->structure.present)
            log->add("structure",
                     b_->nobles[static_cast<std::size_t>(b_->leader[kDefender])].name + " holds a " +
                         b_->structure_name + " (defense " + std::to_string(sdef_) + ", damage " +
                         std::to_string(sdmg_) + ").",
                     {{"defense", sdef_}, {"damage", sdmg_}});
        log->add("battle",
                 b_->nobles[static_cast<std::size_t>(b_->leader[kAttacker])].name + " attacks " +
                     b_->nobles[static_cast<std::size_t>(b_->leader[kDefender])].name + "!",
                 json::object());
    }
    settle(log);
}

std::int64_t State::value4(int side) const { return side_value4(*b_, n_.data(), side); }

std::int64_t State::standing(int side, bool with_nobles) const {
    return side_standing(*b_, n_.data(), side, with_nobles);
}

bool State::bonus_counting() const { return olympia::bonus_counting(*b_, works()); }

State::View State::view() const {
    View v;
    fill_view(v);
    return v;
}

State::View& State::scratch_view() const {
    thread_local View v;
    fill_view(v);
    return v;
}

void State::fill_view(View& v) const { survey(*b_, n_.data(), works(), v); }

int State::engine_side() const { return next_side(slots_[0], slots_[1], turn_); }

// One node per attack: every (attacker, target, blow) with its probability,
// merged by effect, over one common denominator L = C x lcm(T) x lcm((A+B) x
// variants). `plan` finds L; when it would not fit in 32 bits the attack is
// taken in three nodes instead (attacker, target, blow).
namespace {
std::uint64_t lcm64(std::uint64_t a, std::uint64_t b) { return a / std::gcd(a, b) * b; }
constexpr std::uint64_t kMaxWeight = 0xffffffffULL;
}  // namespace

bool State::plan(const View& v, int s0, int s1, std::uint64_t& L) const {
    std::uint64_t C = 0, lt = 1, ls = 1;
    for (int s = s0; s <= s1; ++s) {
        C += static_cast<std::uint64_t>(v.attacker_men[s]);
        for (const auto& at : v.attackers[s]) {
            std::uint64_t T = 0;
            for (const auto& t : targets_for(*b_, v, at.e)) {
                T += static_cast<std::uint64_t>(t.weight);
                ls = lcm64(ls, static_cast<std::uint64_t>(blow(*b_, at.e, at.rating, t.t, t.defense).span()));
                if (ls > kMaxWeight) return false;
            }
            lt = lcm64(lt, T);
            if (lt > kMaxWeight) return false;
        }
    }
    if (C == 0 || lt > kMaxWeight / C || ls > kMaxWeight / (C * lt)) return false;
    L = C * lt * ls;
    return true;
}

std::uint32_t State::blow_code(int t, int v) const {
    // A blessed soldier who survives is, in effect, a miss.
    const BlowEffect effect = effect_of(*b_, t, v);
    if (effect == BlowEffect::kMiss || effect == BlowEffect::kSpared) {
        const bool inside = t != structure_index() && b_->ents[static_cast<std::size_t>(t)].side == kDefender;
        return kCombined | (inside && bonus_counting() ? kMissCounted : kMissPlain);
    }
    return kCombined | hit_code(t, v);
}

void State::combined_outcomes(const View& v, std::uint64_t L, Outcomes& out) const {
    const int s0 = b_->options.engine_order ? engine_side() : 0, s1 = b_->options.engine_order ? s0 : 1;
    std::uint64_t C = 0;
    for (int s = s0; s <= s1; ++s) C += static_cast<std::uint64_t>(v.attacker_men[s]);
    auto add = [&out](std::uint32_t code, std::uint64_t w) {
        if (w == 0) return;
        for (auto& o : out)
            if (o.code == code) {
                o.weight += w;
                return;
            }
        out.push_back({code, w});
    };
    for (int s = s0; s <= s1; ++s)
        for (const auto& at : v.attackers[s]) {
            const auto& tg = targets_for(*b_, v, at.e);
            std::uint64_t T = 0;
            for (const auto& t : tg) T += static_cast<std::uint64_t>(t.weight);
            for (const auto& t : tg) {
                const Blow bw = blow(*b_, at.e, at.rating, t.t, t.defense);
                // Weight of one (attacker, target, blow outcome) unit: w_a w_t L / (C T span).
                const std::uint64_t unit = L / C / T / static_cast<std::uint64_t>(bw.span()) *
                                           static_cast<std::uint64_t>(at.weight) * static_cast<std::uint64_t>(t.weight);
                add(blow_code(t.t, 0), unit * static_cast<std::uint64_t>(bw.miss()));
                for (int k = bw.first; k <= bw.last(); ++k)
                    add(blow_code(t.t, k), unit * static_cast<std::uint64_t>(bw.rating));
            }
        }
    std::uint64_t g = 0;
    for (const auto& o : out) g = std::gcd(g, o.weight);
    if (g > 1)
        for (auto& o : out) o.weight /= g;
}

std::uint32_t State::sample(Dice& dice) const {
    const View& v = scratch_view();
    std::uint64_t L = 0;
    const bool engine = b_->options.engine_order;
    const int s0 = engine ? engine_side() : 0, s1 = engine ? s0 : 1;
    const bool combined = stage_ == 0 && !staged_ && plan(v, s0, s1, L);
    int a = pe_, t = pt_;
    if (stage_ == 0) {
        a = draw_attacker(v, s0, s1, dice);
        if (!combined) return static_cast<std::uint32_t>(a);
    }
    if (stage_ <= 1) {
        t = draw_target(*b_, v, a, dice);
        if (!combined) return static_cast<std::uint32_t>(t);
    }
    const int code = draw_blow(blow_in(*b_, v, works(), a, t), dice);
    return combined ? blow_code(t, code) : static_cast<std::uint32_t>(code);
}

void State::chance_outcomes(Outcomes& out) const {
    const View& v = scratch_view();
    if (stage_ == 0 && !staged_) {
        const bool engine = b_->options.engine_order;
        std::uint64_t L = 0;
        if (plan(v, engine ? engine_side() : 0, engine ? engine_side() : 1, L)) {
            combined_outcomes(v, L, out);
            return;
        }
    }
    if (stage_ == 0) {
        const bool engine = b_->options.engine_order;
        for (int s = 0; s < 2; ++s) {
            if (engine && s != engine_side()) continue;
            for (const auto& at : v.attackers[s]) out.push_back({static_cast<std::uint32_t>(at.e), static_cast<std::uint64_t>(at.weight)});
        }
        return;
    }
    if (stage_ == 1) {
        for (const auto& t : targets_for(*b_, v, pe_)) out.push_back({static_cast<std::uint32_t>(t.t), static_cast<std::uint64_t>(t.weight)});
        return;
    }
    const Blow bw = blow_in(*b_, v, works(), pe_, pt_);
    if (bw.miss() > 0) out.push_back({0, static_cast<std::uint64_t>(bw.miss())});
    for (int k = bw.first; k <= bw.last(); ++k)
        out.push_back({static_cast<std::uint32_t>(k), static_cast<std::uint64_t>(bw.rating)});
}

std::string State::who(int e) const {
    if (e == structure_index()) return "the " + b_->structure_name;
    const Entity& x = b_->ents[static_cast<std::size_t>(e)];
    const std::string& owner = b_->nobles[static_cast<std::size_t>(x.noble)].name;
    if (x.is_noble) return owner;
    return owner + "'s " + kinds()[static_cast<std::size_t>(x.kind)].name;
}

void State::strike(int a, int t, int v, Log* log) {
    ++attacks_;
    const bool to_structure = t == structure_index();
    const bool inside = !to_structure && b_->ents[static_cast<std::size_t>(t)].side == kDefender;
    if (inside && bonus_counting()) ++targeted_;
    const BlowEffect effect = effect_of(*b_, t, v);
    if (effect == BlowEffect::kMiss) {
        ++misses_;
        return;
    }
    json data;
    std::string striker;
    if (log) {
        data = {{"attacker", a >= 0 ? json(who(a)) : json(nullptr)}, {"target", who(t)}};
        striker = a >= 0 ? who(a) : std::string("A man");
    }
    if (effect == BlowEffect::kWorks) {
        const std::int32_t points = works_points(v);
        const std::int32_t def0 = sdef_, dmg0 = sdmg_;
        Works w = works();
        hit_works(*b_, w, points);
        sdef_ = w.def;
        sdmg_ = w.dmg;
        if (log) {
            std::string text = striker + " strikes " + who(t) + " for " + std::to_string(points) + ": defense " +
                               std::to_string(def0) + " \u2192 " + std::to_string(sdef_);
            if (sdmg_ != dmg0) text += ", damage " + std::to_string(dmg0) + " \u2192 " + std::to_string(sdmg_);
            text += sdmg_ >= 100 ? ". The " + b_->structure_name + " collapses!" : ".";
            data["points"] = points;
            data["defense"] = sdef_;
            data["damage"] = sdmg_;
            log->add("hit", text, data);
        }
        return;
    }
    const Entity& x = b_->ents[static_cast<std::size_t>(t)];
    if (effect == BlowEffect::kSpared) {
        ++misses_;
        if (log) log->add("hit", striker + " strikes " + who(t) + ", who is spared by the gods.", data);
        return;
    }
    --n_[static_cast<std::size_t>(t)];
    if (log) {
        data["killed"] = !x.is_noble;
        data["left"] = n_[static_cast<std::size_t>(t)];
        if (x.is_noble)
            log->add("hit", striker + " strikes " + who(t) + ": " + who(t) + " is wounded and leaves the fight.", data);
        else
            log->add("hit", striker + " kills " + who(t) + " (" + std::to_string(n_[static_cast<std::size_t>(t)]) + " left).", data);
    }
}

void State::end_slot(int side) {
    if (!b_->options.engine_order) return;
    if (slots_[side] > 0) --slots_[side];
    turn_ = static_cast<std::int8_t>(1 - side);
}

void State::apply(std::uint32_t code, Log* log) {
    if (code & kCombined) {
        const std::uint32_t c = code & ~kCombined;
        const int side = b_->options.engine_order ? engine_side() : -1;
        if (c == kMissPlain || c == kMissCounted) {
            ++attacks_;
            ++misses_;
            if (c == kMissCounted) ++targeted_;
        } else {
            const int t = static_cast<int>((c - 2) / 8), v = static_cast<int>((c - 2) % 8) + 1;
            strike(-1, t, v, log);
        }
        if (side >= 0) end_slot(side);
        settle(log);
        return;
    }
    if (stage_ == 0) {
        pe_ = static_cast<std::int32_t>(code);
        stage_ = 1;
        return;
    }
    if (stage_ == 1) {
        pt_ = static_cast<std::int32_t>(code);
        stage_ = 2;
        return;
    }
    const int a = pe_, t = pt_;
    stage_ = 0;
    pe_ = pt_ = -1;
    strike(a, t, static_cast<int>(code), log);
    end_slot(b_->ents[static_cast<std::size_t>(a)].side);
    settle(log);
}

void State::settle(Log* log) {
    std::int64_t val[2], up[2];
    for (int s = 0; s < 2; ++s) {
        val[s] = value4(s);
        up[s] = standing(s, true);
    }
    const int result = judge(*b_, val, up);
    if (result != kRunning) {
        result_ = static_cast<std::int8_t>(result);
        if (log)
            for (int s = 0; s < 2; ++s)
                if (result == kTie || result == 1 - s)
                    log->add("break",
                             "The " + std::string(side_id(s)) + "'s stack breaks: strength " + fmt4(val[s]) + " of " +
                                 fmt4(b_->start4[s]) + " (breaks at " + std::to_string(b_->break_point[s]) + "%).",
                             {{"side", side_id(s)}, {"strength", static_cast<double>(val[s]) / 4},
                              {"start", static_cast<double>(b_->start4[s]) / 4}});
        return;
    }
    const View& v = scratch_view();
    if (v.attacker_men[0] + v.attacker_men[1] == 0) {
        stalemate_ = true;
        result_ = b_->options.stalemate_tie ? kTie : kDefenderWins;
        if (log)
            log->add("stalemate",
                     std::string("Nobody on either side can strike a blow; ") +
                         (b_->options.stalemate_tie ? "neither side wins." : "the attack fails."),
                     json::object());
        return;
    }
    if (!bonus_counting()) targeted_ = b_->structure.present ? b_->bonus_limit : 0;
    if (b_->options.engine_order) {
        for (int s = 0; s < 2; ++s)
            slots_[s] = static_cast<std::int32_t>(std::min<std::int64_t>(slots_[s], v.attacker_men[s]));
        if (slots_[0] == 0 && slots_[1] == 0) {
            slots_[0] = static_cast<std::int32_t>(v.attacker_men[0]);
            slots_[1] = static_cast<std::int32_t>(v.attacker_men[1]);
            turn_ = 0;
        }
    }
}

// Each field takes as many bits as its largest value in this battle needs.
void State::pack(KeyWriter& w) const {
    const Battle& b = *b_;
    for (std::size_t i = 0; i < n_.size(); ++i)
        w.put(static_cast<std::uint64_t>(n_[i]), bits_for(static_cast<std::uint64_t>(b.ents[i].count)));
    if (b.structure.present) {
        w.put(static_cast<std::uint64_t>(sdef_), bits_for(static_cast<std::uint64_t>(b.structure.defense)));
        w.put(static_cast<std::uint64_t>(sdmg_), 7);
        w.put(static_cast<std::uint64_t>(targeted_), bits_for(static_cast<std::uint64_t>(b.bonus_limit)));
    }
    if (b.options.engine_order) {
        const unsigned sb = bits_for(Limits::kSideMen + Limits::kNobles);  // slots never pass a side's men
        w.put(static_cast<std::uint64_t>(slots_[0]), sb);
        w.put(static_cast<std::uint64_t>(slots_[1]), sb);
        w.put(static_cast<std::uint64_t>(turn_), 1);
    }
    {
        // Attacks go in three steps when the log wants them, or when one
        // combined node's weights would not fit in 32 bits.
        const unsigned eb = bits_for(b.ents.size() + 2);
        w.put(static_cast<std::uint64_t>(stage_), 2);
        w.put_opt(pe_, eb);
        w.put_opt(pt_, eb);
    }
    w.put_opt(result_, 2);
    w.put_bool(stalemate_);
}

void State::unpack(KeyReader& r) {
    const Battle& b = *b_;
    for (std::size_t i = 0; i < n_.size(); ++i)
        n_[i] = static_cast<std::int32_t>(r.get(bits_for(static_cast<std::uint64_t>(b.ents[i].count))));
    if (b.structure.present) {
        sdef_ = static_cast<std::int32_t>(r.get(bits_for(static_cast<std::uint64_t>(b.structure.defense))));
        sdmg_ = static_cast<std::int32_t>(r.get(7));
        targeted_ = static_cast<std::int32_t>(r.get(bits_for(static_cast<std::uint64_t>(b.bonus_limit))));
    }
    if (b.options.engine_order) {
        const unsigned sb = bits_for(Limits::kSideMen + Limits::kNobles);
        slots_[0] = static_cast<std::int32_t>(r.get(sb));
        slots_[1] = static_cast<std::int32_t>(r.get(sb));
        turn_ = static_cast<std::int8_t>(r.get(1));
    }
    {
        const unsigned eb = bits_for(b.ents.size() + 2);
        stage_ = static_cast<std::int8_t>(r.get(2));
        pe_ = r.get_opt(eb);
        pt_ = r.get_opt(eb);
    }
    result_ = static_cast<std::int8_t>(r.get_opt(2));
    stalemate_ = r.get_bool();
    attacks_ = misses_ = 0;  // the log's counters only
}

std::uint64_t State::progress() const {
    std::uint64_t p = 0;
    for (std::size_t i = 0; i < n_.size(); ++i) p += static_cast<std::uint64_t>(b_->ents[i].count - n_[i]);
    p += static_cast<std::uint64_t>(b_->structure.defense - sdef_) + static_cast<std::uint64_t>(sdmg_);
    p += static_cast<std::uint64_t>(targeted_);
    return p;
}

Schema State::schema(const Battle& b) {
    Schema s;
    s.outcomes = kOutcomes;
    for (const auto& ms : b.men_series)
        s.series.push_back(std::string("men/") + side_id(ms.side) + "/" + kinds()[static_cast<std::size_t>(ms.kind)].id);
    if (b.structure.present) {
        s.series.push_back("structure/defense");
        s.series.push_back("structure/damage");
    }
    for (std::size_t i = 0; i < b.nobles.size(); ++i) {
        s.events.push_back("noble/" + std::to_string(i) + "/hit");
        s.events.push_back("noble/" + std::to_string(i) + "/killed");
        s.events.push_back("noble/" + std::to_string(i) + "/captured");
    }
    if (b.structure.present) s.events.push_back("structure/collapsed");
    return s;
}

void State::record(Recorder& r) const {
    record_end(*b_, End{n_.data(), works(), result_, stalemate_}, r);
}

}  // namespace bc::olympia

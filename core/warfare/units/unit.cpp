#include "warfare/units/unit.hpp"

#include <cctype>
#include <cmath>
#include <numeric>

namespace bc::warfare {

Gold Gold::of(std::int64_t n, std::int64_t d) {
    if (d < 0) {
        n = -n;
        d = -d;
    }
    const std::int64_t g = std::gcd(n < 0 ? -n : n, d);
    if (g > 1) {
        n /= g;
        d /= g;
    }
    return Gold{n, d};
}

std::int64_t Gold::rounded() const {
    // floor((2n + d) / 2d): the nearest whole number, halves up, for either sign.
    const std::int64_t a = 2 * num + den, b = 2 * den;
    std::int64_t q = a / b;
    if ((a % b != 0) && (a < 0)) --q;
    return q;
}

namespace {

const char* kBothWays =
    "give either keywords (ancestry, experience, equipment) or the five stats (attack, power, defense, "
    "toughness, morale), not both";

int read_size(const In& u) {
    const In f = u.field("size");
    const std::string msg = "must be a casualty die: " + join_words(size_ids());
    const json& v = f.raw();
    int faces = 0;
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        for (const auto& r : sizes())
            if (s == r.id) faces = r.faces;
    } else if (v.is_number_integer()) {
        const auto n = v.get<std::int64_t>();
        if (n > 0 && n <= 1000 && find_size(static_cast<int>(n))) faces = static_cast<int>(n);
    }
    if (faces == 0) f.fail(msg);
    return faces;
}

int read_percent(const In& u, const std::string& key) {
    const double x = u.number(key, 0.01, 10.0);
    const double h = x * 100;
    const double r = std::round(h);
    if (std::fabs(h - r) > 1e-6) u.fail_at(key, "must be given in hundredths (like 3.33)");
    return static_cast<int>(r);
}

void read_traits(const In& u, UnitSpec& s) {
    const auto list = u.list("traits", UnitLimits::kTraits);
    for (const In& t : list) {
        if (t.raw().is_string()) {
            const std::string id = t.as_text(UnitLimits::kTraitName);
            const TraitRow* row = find_trait(id);
            if (!row)
                t.fail("must be a known trait (" + join_words(trait_ids()) +
                       ") or a custom trait {\"name\", \"cost\", \"text\"}");
            if (row->trait == Trait::AlwaysDiminished && s.type != Type::Levies)
                t.fail("is the levies' rule, not a trait other units can take");
            s.added_traits |= bit(row->trait);
            continue;
        }
        if (!t.raw().is_object())
            t.fail("must be a known trait's id or a custom trait {\"name\", \"cost\", \"text\"}");
        t.only({"name", "cost", "text"});
        CustomTrait c;
        c.name = t.text("name", UnitLimits::kTraitName);
        if (c.name.empty()) t.fail_at("name", "must not be empty");
        // "Courageous", "Bred for War": a known trait under its printed name is not custom.
        std::string as_id;
        for (const char ch : c.name) as_id += ch == ' ' || ch == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (const TraitRow* known = find_trait(as_id))
            t.fail_at("name", std::string("is a known trait: give it as \"") + known->id + "\" instead of a custom one");
        c.cost = static_cast<int>(t.integer("cost", -UnitLimits::kTraitCost, UnitLimits::kTraitCost, 0));
        c.text = t.text("text", UnitLimits::kTraitText, "");
        for (const auto& o : s.custom)
            if (o.name == c.name) t.fail_at("name", "is given twice");
        s.custom.push_back(std::move(c));
    }
}

}  // namespace

UnitSpec parse_unit(const In& u, const UnitReadOptions& opt) {
    u.must_be_object();
    u.only({"name", "ancestry", "experience", "equipment", "type", "size", "traits", "attack", "power", "defense",
            "toughness", "morale", "cost", "attitude", "mercenary", "unpaid", "casualties", "size_cost_modifier",
            "morale_bonus", "id"});
    UnitSpec s;
    s.type = find_type(u.choice("type", type_ids()))->type;
    const bool fort = s.type == Type::Fortification;
    const bool any_stat =
        u.has("attack") || u.has("power") || u.has("defense") || u.has("toughness") || u.has("morale");
    s.explicit_stats = fort || any_stat;
    constexpr int lo = UnitLimits::kStatMin, hi = UnitLimits::kStatMax, dhi = UnitLimits::kDefenseMax;

    if (fort) {
        for (const char* k : {"ancestry", "experience", "equipment", "attack", "power", "morale", "cost", "traits",
                              "attitude", "mercenary", "unpaid"})
            if (u.has(k))
                u.fail_at(k, "a fortification has only a name, Defense, Toughness, a casualty die and a "
                             "morale_bonus for its side");
        s.stats.defense = static_cast<int>(u.integer("defense", 0, dhi));
        s.stats.toughness = static_cast<int>(u.integer("toughness", 0, dhi));
        s.morale_bonus = static_cast<int>(u.integer("morale_bonus", 0, UnitLimits::kMoraleBonus, 0));
    } else if (s.explicit_stats) {
        if (u.has("ancestry")) u.fail_at("ancestry", kBothWays);
        if (u.has("equipment")) u.fail_at("equipment", kBothWays);
        s.stats.attack = static_cast<int>(u.integer("attack", lo, hi));
        s.stats.power = static_cast<int>(u.integer("power", lo, hi));
        s.stats.defense = static_cast<int>(u.integer("defense", 0, dhi));
        s.stats.toughness = static_cast<int>(u.integer("toughness", 0, dhi));
        s.stats.morale = static_cast<int>(u.integer("morale", lo, hi));
        if (u.has("experience")) {
            auto ids = experience_ids();
            ids.insert(ids.begin(), "none");
            const std::string e = u.choice("experience", ids);
            s.experience = e == "none" ? "" : e;
        }
        if (u.has("cost")) s.cost_override = u.integer("cost", -UnitLimits::kCost, UnitLimits::kCost);
    } else {
        s.ancestry = u.choice("ancestry", ancestry_ids());
        if (s.type == Type::Levies) {
            if (u.has("experience") && u.field("experience").raw() != "none")
                u.fail_at("experience", "levies have no experience: leave it out");
            s.equipment = u.choice("equipment", {"none", "light"}, opt.levy_equipment);
        } else {
            s.experience = u.choice("experience", experience_ids());
            s.equipment = u.choice("equipment", equipment_ids());
        }
        if (u.has("cost"))
            u.fail_at("cost", "only units given by their stats take a printed cost; keyword units are priced "
                              "from the tables");
    }
    if (!fort && u.has("morale_bonus")) u.fail_at("morale_bonus", "only fortifications give a morale_bonus");

    s.size = read_size(u);
    if (u.has("size_cost_modifier")) {
        if (find_size(s.size)->cost_percent != 0)
            u.fail_at("size_cost_modifier", "only a die the book does not price (d20) takes a cost modifier");
        s.size_cost_percent = read_percent(u, "size_cost_modifier");
    }
    if (!fort) read_traits(u, s);
    if (!fort) {
        s.attitude = u.choice("attitude", attitude_ids(), "allied");
        s.mercenary = u.boolean("mercenary", false);
        s.unpaid = u.boolean("unpaid", false);
    }
    if (u.has("casualties")) {
        if (!opt.allow_casualties) u.fail_at("casualties", "is not used here");
        s.casualties = static_cast<int>(u.integer("casualties", 1, s.size));
    }
    s.name = u.text("name", UnitLimits::kName, "");
    if (s.name.empty()) s.name = keyword_label(s);
    s.id = u.text("id", UnitLimits::kId, "");
    if (u.has("id") && s.id.empty()) u.fail_at("id", "must not be empty when given");
    return s;
}

Unit build(const UnitSpec& spec) {
    Unit u;
    u.spec = spec;
    const TypeRow& type = type_row(spec.type);
    if (spec.explicit_stats) {
        u.attack = spec.stats.attack;
        u.power = spec.stats.power;
        u.defense = spec.stats.defense;
        u.toughness = spec.stats.toughness;
        u.morale = spec.stats.morale;
        u.traits = type.traits | spec.added_traits;
        return u;
    }
    const AncestryRow* a = find_ancestry(spec.ancestry);
    Bonuses b = a->bonuses + type.bonuses;
    if (const LevelRow* e = find_experience(spec.experience)) b = b + e->bonuses;
    if (const LevelRow* q = find_equipment(spec.equipment)) b = b + q->bonuses;
    u.attack = b.attack;
    u.power = b.power;
    u.defense = 10 + b.defense;
    u.toughness = 10 + b.toughness;
    u.morale = b.morale;
    u.traits = a->traits | type.traits | spec.added_traits;
    return u;
}

Costing cost_of(const Unit& u) {
    Costing c;
    const UnitSpec& s = u.spec;
    c.bonuses = u.attack + u.power + (u.defense - 10) + (u.toughness - 10);
    c.morale = u.morale;
    c.type_percent = type_row(s.type).cost_percent;
    c.size_percent = s.size_cost_percent ? s.size_cost_percent : find_size(s.size)->cost_percent;
    for (const auto& t : traits())
        if (u.has(t.trait) && t.priced) c.traits_cost += t.cost;
    for (const auto& t : s.custom) c.traits_cost += t.cost;
    c.has_upkeep = s.type != Type::Levies;

    if (s.type == Type::Fortification) {
        c.unpriced_why = "fortifications are not priced by the unit tables";
        c.has_upkeep = false;
        return c;
    }
    if (s.cost_override) {
        c.overridden = true;
        c.exact = Gold::of(*s.cost_override, 1);
    } else if (c.size_percent == 0) {
        c.unpriced_why = "the book gives no cost modifier for a d" + std::to_string(s.size) +
                         ": give size_cost_modifier to price it";
        return c;
    } else {
        // (bonuses + 2 x Morale) x type x size x 10 + traits + 30, with the two
        // modifiers in hundredths: x10 / 10000 = / 1000.
        const std::int64_t points = c.bonuses + 2 * c.morale;
        c.exact = Gold::of(points * c.type_percent * c.size_percent, 1000) +
                  Gold::of(c.traits_cost + kFlatCost, 1);
    }
    c.priced = true;
    c.cost = c.exact.rounded();
    const int att = find_attitude(s.attitude)->cost_percent;
    c.buyable = att > 0;
    if (c.buyable) {
        c.price_exact = c.exact.times(att, 100);
        c.price = c.price_exact.rounded();
        c.upkeep_exact = c.exact.times(att * (s.mercenary ? 2 : 1), 1000);
        c.upkeep = c.upkeep_exact.rounded();
    }
    return c;
}

std::string keyword_label(const UnitSpec& s) {
    const std::string type = type_row(s.type).name;
    const std::string die = "d" + std::to_string(s.size);
    if (s.explicit_stats) return type + " " + die;
    std::string out = find_ancestry(s.ancestry)->name;
    if (const LevelRow* e = find_experience(s.experience)) out += std::string(" ") + e->name;
    if (const LevelRow* q = find_equipment(s.equipment)) out += std::string(" ") + q->name;
    return out + " " + type + " " + die;
}

bool same_keywords(const UnitSpec& a, const UnitSpec& b) {
    return !a.explicit_stats && !b.explicit_stats && a.ancestry == b.ancestry && a.experience == b.experience &&
           a.equipment == b.equipment && a.type == b.type;
}

void check_army(const std::vector<UnitSpec>& units, const std::string& path) {
    for (std::size_t j = 0; j < units.size(); ++j)
        for (std::size_t i = 0; i < j; ++i)
            if (same_keywords(units[i], units[j])) {
                std::string label = keyword_label(units[j]);
                label = label.substr(0, label.rfind(' '));  // without the die
                throw InputError(pointer_join(path, j),
                                 "has the same keywords (" + label + ") as unit " + std::to_string(i) +
                                     " of this army; an army fields only one unit with identical keywords "
                                     "(S&F p. 239): give that unit a larger size instead",
                                 pointer_join(path, i));
            }
}

json unit_json(const UnitSpec& s) {
    json j = {{"name", s.name}, {"type", type_row(s.type).id}, {"size", "d" + std::to_string(s.size)}};
    if (!s.id.empty()) j["id"] = s.id;
    if (s.explicit_stats) {
        if (s.type != Type::Fortification) {
            j["attack"] = s.stats.attack;
            j["power"] = s.stats.power;
            j["morale"] = s.stats.morale;
        }
        j["defense"] = s.stats.defense;
        j["toughness"] = s.stats.toughness;
        if (!s.experience.empty()) j["experience"] = s.experience;
        if (s.cost_override) j["cost"] = *s.cost_override;
    } else {
        j["ancestry"] = s.ancestry;
        if (!s.experience.empty()) j["experience"] = s.experience;
        j["equipment"] = s.equipment;
    }
    if (s.type == Type::Fortification) {
        j["morale_bonus"] = s.morale_bonus;
    } else {
        json traits = json::array();
        for (const auto& t : warfare::traits())
            if (s.added_traits & bit(t.trait)) traits.push_back(t.id);
        for (const auto& c : s.custom) traits.push_back({{"name", c.name}, {"cost", c.cost}, {"text", c.text}});
        j["traits"] = traits;
        j["attitude"] = s.attitude;
        j["mercenary"] = s.mercenary;
        j["unpaid"] = s.unpaid;
    }
    if (s.size_cost_percent) j["size_cost_modifier"] = s.size_cost_percent / 100.0;
    if (s.casualties) j["casualties"] = *s.casualties;
    return j;
}

json cost_json(const Costing& c) {
    json j = {{"bonuses", c.bonuses},
              {"morale", c.morale},
              {"points", c.bonuses + 2 * c.morale},
              {"type_modifier", c.type_percent / 100.0},
              {"size_modifier", c.size_percent ? json(c.size_percent / 100.0) : json(nullptr)},
              {"traits", c.traits_cost},
              {"flat", kFlatCost}};
    if (c.overridden) j["printed"] = true;
    return j;
}

json card_json(const Unit& u) {
    const UnitSpec& s = u.spec;
    const Costing c = cost_of(u);
    json keywords = {{"type", type_row(s.type).id}, {"size", "d" + std::to_string(s.size)}};
    if (!s.explicit_stats) {
        keywords["ancestry"] = s.ancestry;
        keywords["experience"] = s.experience.empty() ? json(nullptr) : json(s.experience);
        keywords["equipment"] = s.equipment;
    } else if (!s.experience.empty()) {
        keywords["experience"] = s.experience;
    }
    json traits = json::array();
    const AncestryRow* anc = s.explicit_stats ? nullptr : find_ancestry(s.ancestry);
    const std::uint32_t type_traits = type_row(s.type).traits;
    for (const auto& t : warfare::traits()) {
        if (!u.has(t.trait)) continue;
        const char* source = (anc && (anc->traits & bit(t.trait))) ? "ancestry"
                             : (type_traits & bit(t.trait))       ? "type"
                                                                  : "added";
        json e = {{"id", t.id}, {"name", t.name}, {"cost", t.cost}, {"text", t.text}, {"source", source}};
        if (!t.priced) e["priced"] = false;
        traits.push_back(e);
    }
    for (const auto& t : s.custom)
        traits.push_back({{"id", nullptr}, {"name", t.name}, {"cost", t.cost}, {"text", t.text}, {"source", "custom"}});

    json notes = json::array();
    if (!s.explicit_stats)
        for (const auto& b : book_cards())
            if (*b.note && s.ancestry == b.ancestry && s.experience == b.experience && s.equipment == b.equipment &&
                type_row(s.type).id == std::string(b.type) && "d" + std::to_string(s.size) == b.size &&
                s.added_traits == 0 && s.custom.empty())
                notes.push_back(b.note);
    if (s.type == Type::Levies) {
        notes.push_back("Levies have no experience and are always diminished. They disband after a battle or two "
                        "and cannot be kept on upkeep.");
        if (s.equipment == "light")
            notes.push_back("Light equipment for levies follows one printing of the book; the other gives them "
                            "none (option levy_equipment).");
        if (u.has(Trait::BredForWar))
            notes.push_back("Bred for War outranks the levies' rule: this unit is never diminished.");
    }
    if (s.type == Type::Fortification)
        notes.push_back("A fortification never acts; only siege units can attack it. When it falls, its side's "
                        "levies disband and its other units make DC 15 Morale checks.");
    if (s.explicit_stats && s.type != Type::Fortification)
        notes.push_back(c.overridden ? "Stats and cost as given (a card from another book)."
                                     : "Stats as given; the cost follows from them by the book's formula.");
    if (!c.priced && !c.unpriced_why.empty()) notes.push_back("Not priced: " + c.unpriced_why + ".");
    if (u.has(Trait::Charge) && !u.is(Type::Cavalry))
        notes.push_back("The book gives Charge no price outside cavalry's type modifier.");
    if (c.priced && !c.buyable) notes.push_back("A hostile ancestry will not sell this unit.");
    if (c.priced && s.mercenary && c.has_upkeep) notes.push_back("Mercenaries cost their price to hire and twice the upkeep.");
    if (c.priced && s.attitude != "allied" && c.buyable)
        notes.push_back(std::string(find_attitude(s.attitude)->name) + " attitude: " +
                        find_attitude(s.attitude)->text + ".");
    if (s.unpaid) notes.push_back("Unpaid for a season: disadvantage on Morale checks.");

    json card = {{"name", s.name},
                 {"label", keyword_label(s)},
                 {"keywords", keywords},
                 {"explicit_stats", s.explicit_stats},
                 {"stats",
                  {{"attack", u.attack},
                   {"power", u.power},
                   {"defense", u.defense},
                   {"toughness", u.toughness},
                   {"morale", u.morale}}},
                 {"die", "d" + std::to_string(s.size)},
                 {"size", s.size},
                 {"traits", traits},
                 {"always_diminished", u.has(Trait::AlwaysDiminished) && !u.has(Trait::BredForWar)},
                 {"cost", c.priced ? json(c.cost) : json(nullptr)},
                 {"cost_exact", c.priced ? json(c.exact.value()) : json(nullptr)},
                 {"cost_breakdown", cost_json(c)},
                 {"attitude", s.attitude},
                 {"mercenary", s.mercenary},
                 {"unpaid", s.unpaid},
                 {"price", c.priced && c.buyable ? json(c.price) : json(nullptr)},
                 {"upkeep", c.priced && c.buyable && c.has_upkeep ? json(c.upkeep) : json(nullptr)},
                 {"notes", notes},
                 {"unit", unit_json(s)}};
    if (s.casualties) card["casualties"] = *s.casualties;
    if (s.type == Type::Fortification) card["morale_bonus"] = s.morale_bonus;
    return card;
}

Improvement improve(const UnitSpec& from, const In& ch) {
    ch.must_be_object();
    ch.only({"experience", "equipment", "size"});
    Improvement imp;
    imp.from = from;
    imp.to = from;
    UnitSpec& to = imp.to;
    if (from.type == Type::Fortification) ch.fail("a fortification cannot be improved");
    if (ch.has("experience")) {
        if (from.type == Type::Levies)
            ch.fail_at("experience", "levies have no experience; levies who survive a battle can become Green "
                                     "Infantry instead");
        if (from.explicit_stats) ch.fail_at("experience", "a unit given by its stats is improved by editing them");
        to.experience = ch.choice("experience", experience_ids());
        const int a = experience_rank(from.experience), b = experience_rank(to.experience);
        if (b < a) ch.fail_at("experience", "an improvement cannot lower the unit's experience");
        if (b > a + 1)
            imp.notes.push_back("The book improves experience one level at a time, after two battles survived "
                                "without breaking or retreating and a week of training.");
    }
    if (ch.has("equipment")) {
        if (from.explicit_stats) ch.fail_at("equipment", "a unit given by its stats is improved by editing them");
        std::vector<std::string> allowed = from.type == Type::Levies ? std::vector<std::string>{"none", "light"}
                                                                     : equipment_ids();
        to.equipment = ch.choice("equipment", allowed);
        const int a = from.equipment == "none" ? -1 : equipment_rank(from.equipment);
        const int b = to.equipment == "none" ? -1 : equipment_rank(to.equipment);
        if (b < a) ch.fail_at("equipment", "an improvement cannot lower the unit's equipment");
        if (b > a + 1) imp.notes.push_back("More than one step of equipment at once: the book allows one improvement "
                                           "of equipment per season.");
    }
    if (ch.has("size")) {
        to.size = read_size(ch);
        if (to.size < from.size) ch.fail_at("size", "an improvement cannot make the unit smaller");
        int steps = 0;
        for (const auto& r : sizes())
            if (r.faces > from.size && r.faces <= to.size) ++steps;
        if (steps > 1)
            imp.notes.push_back("More than one size step at once: the book allows one size step per season.");
        if (to.size_cost_percent && find_size(to.size)->cost_percent != 0) to.size_cost_percent = 0;
    }
    to.casualties.reset();
    const Costing a = cost_of(build(from)), b = cost_of(build(to));
    imp.priced = a.priced && b.priced;
    if (imp.priced) {
        imp.exact = b.exact - a.exact;
        imp.cost = imp.exact.rounded();
    } else {
        imp.notes.push_back("Not priced: " + (a.priced ? b.unpriced_why : a.unpriced_why) + ".");
    }
    if (to.name == from.name && from.name == keyword_label(from)) to.name = keyword_label(to);
    return imp;
}

json improvement_json(const Improvement& imp) {
    return {{"from", card_json(build(imp.from))},
            {"to", card_json(build(imp.to))},
            {"cost", imp.priced ? json(imp.cost) : json(nullptr)},
            {"cost_exact", imp.priced ? json(imp.exact.value()) : json(nullptr)},
            {"notes", imp.notes}};
}

NextStep next_step(const UnitSpec& s, const std::string& kind) {
    // (Appended: g++ 12 warns falsely on "d" + std::to_string().)
    auto die = [](int faces) {
        std::string d = "d";
        d.append(std::to_string(faces));
        return d;
    };
    if (s.type == Type::Fortification) return {"", "a fortification cannot be improved"};
    if (kind == "size") {
        // Only a priced size: the book gives no cost modifier for a d20.
        for (const auto& z : sizes())
            if (z.faces > s.size && z.cost_percent != 0) return {die(z.faces), ""};
        return {"", "a " + die(s.size) + " has no bigger size the book prices"};
    }
    if (s.explicit_stats) return {"", "a unit given by its stats is improved by editing them"};
    if (kind == "experience") {
        if (s.type == Type::Levies) return {"", "levies have no experience"};
        const auto ids = experience_ids();
        const int r = experience_rank(s.experience);
        if (r + 1 >= static_cast<int>(ids.size())) return {"", "already " + s.experience + ", the highest experience"};
        return {ids[static_cast<std::size_t>(r + 1)], ""};
    }
    // Equipment: levies have none or light; from none the next is light.
    if (s.equipment == "none") return {"light", ""};
    const auto ids = equipment_ids();
    const int r = equipment_rank(s.equipment);
    if (s.type == Type::Levies || r + 1 >= static_cast<int>(ids.size()))
        return {"", "already " + s.equipment + ", the best equipment it can have"};
    return {ids[static_cast<std::size_t>(r + 1)], ""};
}

}  // namespace bc::warfare

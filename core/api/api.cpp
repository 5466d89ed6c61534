#include "api/api.hpp"

#include <exception>
#include <map>
#include <mutex>
#include <new>
#include <vector>

#include "api/answer_text.hpp"
#include "api/label.hpp"
#include "api/solver.hpp"
#include "api/registry.hpp"
#include "dice/rng.hpp"

namespace bc::api {

const char* const kVersion = "0.1.0";

namespace {

std::vector<std::string> ids() {
    std::vector<std::string> v;
    for (const auto& r : rulesets()) v.push_back(r.id);
    return v;
}

json error_json(const std::string& path, const std::string& message, const char* kind) {
    return {{"ok", false}, {"error", {{"path", path}, {"message", message}, {"kind", kind}}}};
}

// A rule system's rules() answer, read once: the names an error's words use.
const json& rules_of(const Ruleset& r) {
    static std::mutex guard;
    static std::map<std::string, json> read;
    const std::lock_guard<std::mutex> lock(guard);
    auto it = read.find(r.id);
    if (it == read.end()) it = read.emplace(r.id, r.rules()).first;
    return it->second;
}

// What an error is put in words from: the request and its rule system, as far
// as they were read when it was raised.
struct Asked {
    json request;
    const Ruleset* ruleset = nullptr;
};

json input_error_json(const InputError& e, const Asked* asked) {
    json out = error_json(e.path(), e.what(), "input");
    if (!e.refers().empty()) out["error"]["refers"] = e.refers();
    if (!asked) return out;
    try {
        const Ruleset* r = asked->ruleset;
        add_words(out["error"], asked->request, r ? &rules_of(*r) : nullptr, r ? r->id : std::string());
    } catch (...) {
        // Words are a help: an error answer goes out without them rather than not at all.
    }
    return out;
}

// The one place exceptions become answers.
std::string guarded(const std::function<json()>& fn, const Asked* asked = nullptr) {
    json out;
    try {
        out = fn();
        out["ok"] = true;
    } catch (const InputError& e) {
        out = input_error_json(e, asked);
    } catch (const LimitError& e) {
        out = error_json("", e.what(), "limit");
    } catch (const std::bad_alloc&) {
        out = error_json("", "out of memory: make the battle smaller or use Monte Carlo", "limit");
    } catch (const std::exception& e) {
        out = error_json("", e.what(), "failed");
    } catch (...) {
        // Nothing else should be thrown; if it is, an answer all the same, never an abort.
        out = error_json("", "the calculator failed in an unexpected way", "failed");
    }
    return answer_text(out);
}

const Ruleset& ruleset_of(const In& req) {
    const std::string id = req.choice("ruleset", ids());
    for (const auto& r : rulesets())
        if (r.id == id) return r;
    req.fail_at("ruleset", "is unknown");
}

}  // namespace

const std::vector<Ruleset>& rulesets() {
    static const std::vector<Ruleset> all = all_rulesets();
    return all;
}

// Reads a request, finds its rule system and answers with `fn`. A saved
// battle may say which dice its seed was meant for ("dice"): read here for
// every rule system, so that a file from older dice says so when rolled and
// one from newer dice than these is refused.
std::string by_ruleset(const std::string& request,
                       const std::function<json(const Ruleset&, const In&)>& fn) {
    Asked asked;
    return guarded([&] {
        json& j = asked.request;
        j = parse_request(request);
        const In top(j, "");
        top.must_be_object();
        int dice = kDiceVersion;
        if (top.has("dice")) {
            const In d = top.field("dice");
            if (d.raw().is_number_integer() && d.raw().get<std::int64_t>() > kDiceVersion)
                d.fail("this battle was saved for dice version " + std::to_string(d.raw().get<std::int64_t>()) +
                       ", newer than this calculator's (" + std::to_string(kDiceVersion) + ")");
            dice = static_cast<int>(d.as_integer(1, kDiceVersion));
            j.erase("dice");
        }
        const In req(j, "");
        const Ruleset& r = ruleset_of(req);
        asked.ruleset = &r;
        json out = fn(r, req);
        out["ruleset"] = r.id;
        if (dice < kDiceVersion && out.contains("log"))
            out["dice_note"] = "this seed was saved for dice version " + std::to_string(dice) + "; rolled with version " +
                               std::to_string(kDiceVersion) + " it gives a different battle from the one it was saved with";
        return out;
    }, &asked);
}

std::string odds(const std::string& request) {
    return by_ruleset(request, [](const Ruleset& r, const In& req) {
        answer_override().reset();
        json out = r.odds(req);
        // Sampling left to the page's workers, or their raw block tallies.
        if (auto& o = answer_override()) {
            out = std::move(*o);
            o.reset();
        }
        return out;
    });
}

std::string roll(const std::string& request) {
    return by_ruleset(request, [](const Ruleset& r, const In& req) {
        // A roll is bounded by the request's time limit, like its odds.
        double limit = SolverRequest{}.time_limit_s;
        if (req.has("solver")) limit = parse_solver(req.object("solver")).time_limit_s;
        struct Bound {
            explicit Bound(double s) { work_deadline() = Deadline(s); }
            ~Bound() { work_deadline() = Deadline(); }
        } bound(limit);
        json out = r.roll(req);
        out["dice"] = kDiceVersion;  // which dice rolled it: a saved roll can tell it is from older dice
        return out;
    });
}

std::string check(const std::string& request) {
    return by_ruleset(request, [](const Ruleset& r, const In& req) {
        if (r.check) r.check(req);
        // Everything odds and roll would read: a file that passes its check
        // never fails later on its solver settings or seed.
        if (req.has("solver")) parse_solver(req.object("solver"));
        if (req.has("seed")) read_seed(req);
        return json::object();
    });
}

std::string rules(const std::string& request) {
    Asked asked;
    return guarded([&] {
        json all = json::object();
        std::string only;
        if (!request.empty()) {
            asked.request = parse_request(request);
            const In req(asked.request, "");
            req.must_be_object();
            req.only({"ruleset"});
            if (req.has("ruleset")) only = req.choice("ruleset", ids());
        }
        for (const auto& r : rulesets())
            if (only.empty() || only == r.id) {
                json x = r.rules();
                x["id"] = r.id;
                std::vector<std::string> calls = {"odds", "roll", "rules", "check"};
                for (const auto& [name, fn] : r.extra) calls.push_back(name);
                for (const auto& c : shared_calls()) calls.push_back(c.name);
                x["calls"] = calls;
                all[r.id] = x;
            }
        return json{{"version", kVersion},
                    {"rulesets", all},
                    {"solver", solver_json(SolverRequest{})},
                    {"solver_limits",
                     {{"trials", SolverLimits::kMaxTrials},
                      {"max_states", SolverLimits::kMaxStates},
                      {"max_memory_mb", SolverLimits::kMaxMemoryMb},
                      {"time_limit_s", SolverLimits::kMaxSeconds}}}};
    }, &asked);
}

std::string version() {
    return guarded([] {
        return json{{"version", kVersion},
                    {"rulesets", ids()},
                    {"dice", kDiceVersion},
#ifdef __EMSCRIPTEN__
                    {"build", "wasm"},
#else
                    {"build", "native"},
#endif
                    {"compiler", __VERSION__}};
    });
}

std::string dice(const std::string& request) {
    Asked asked;
    return guarded([&] {
        asked.request = parse_request(request);
        const In req(asked.request, "");
        req.must_be_object();
        req.only({"seed", "faces", "count"});
        const auto seed = static_cast<std::uint64_t>(req.integer("seed", 0, kMaxSeed));
        const auto faces = static_cast<std::uint32_t>(req.integer("faces", 1, 1000000));
        const auto count = req.integer("count", 0, 100000);
        Rng rng(seed);
        json rolls = json::array();
        for (std::int64_t i = 0; i < count; ++i) rolls.push_back(rng.d(faces));
        return json{{"seed", seed}, {"faces", faces}, {"rolls", rolls}, {"dice", kDiceVersion}};
    }, &asked);
}

std::string call(const std::string& function, const std::string& request) {
    if (function == "dice") return dice(request);
    if (function == "check") return check(request);
    if (function == "odds") return odds(request);
    if (function == "roll") return roll(request);
    if (function == "rules") return rules(request);
    if (function == "version") return version();
    if (const auto it = whole_calls().find(function); it != whole_calls().end()) return it->second(request);
    for (const auto& c : shared_calls())
        if (c.name == function) return by_ruleset(request, c.run);
    return by_ruleset(request, [&](const Ruleset& r, const In& req) {
        auto it = r.extra.find(function);
        if (it == r.extra.end())
            throw InputError("", "the " + r.name + " rules have no \"" + function + "\" call");
        return it->second(req);
    });
}

}  // namespace bc::api

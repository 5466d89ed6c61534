#include "tools/runner.hpp"

#include <chrono>
#include <cstdio>

namespace bc::tools {

namespace {
double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

Request split(const In& req, const std::string& tool_key, const std::vector<std::string>& known) {
    req.must_be_object();
    Request r;
    r.tool_key = tool_key;
    r.battle = req.raw();
    r.battle.erase("dice");  // read by the API for rolls; a tool never rolls
    r.tool = json::object();
    if (!tool_key.empty() && r.battle.contains(tool_key)) {
        const In t = req.object(tool_key);
        t.only(known);
        r.tool = t.raw();
        r.battle.erase(tool_key);
    }
    if (req.has("solver")) {
        const In s = req.object("solver");
        r.solver = parse_solver(s);
        // The page's multi-worker sampling answers one odds call, not a tool's many.
        for (const char* k : {"defer_sampling", "blocks", "tally"})
            if (s.has(k)) s.fail_at(k, "is for a single odds call, not for a tool");
    }
    return r;
}

json Chances::json_() const {
    json j = {{"win", win}, {"lose", lose}, {"draw", draw}};
    if (sampled) {
        json ci = json::object();
        for (const auto& [k, p] : {std::pair{"win", win}, {"lose", lose}, {"draw", draw}}) {
            const auto [lo, hi] = wilson95(p * trials, trials);
            ci[k] = {lo, hi};
        }
        j["ci95"] = ci;
        j["trials"] = trials;
    }
    return j;
}

Runner::Runner(const api::Ruleset& ruleset, std::string tool, const SolverRequest& solver, std::size_t max_solves)
    : ruleset_(ruleset),
      tool_(std::move(tool)),
      time_limit_(solver.time_limit_s),
      deadline_(solver.time_limit_s),
      max_solves_(max_solves),
      started_ms_(now_ms()) {}

double Runner::begin_solve() {
    if (solves_ >= max_solves_)
        throw Stopped("the most solves this call may make (" + std::to_string(max_solves_) + ")");
    const double left = deadline_.left();
    // Below the solver's own least time limit a solve cannot be asked for.
    if (left < 0.01) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "the time limit (%g s)", time_limit_);
        throw Stopped(buf);
    }
    ++solves_;
    return std::min(left, SolverLimits::kMaxSeconds);
}

json Runner::odds(json battle, const std::function<void(const InputError&)>& remap) {
    const double left = begin_solve();
    if (!battle.contains("solver") || !battle["solver"].is_object()) battle["solver"] = json::object();
    battle["solver"]["time_limit_s"] = left;
    const In in(battle, "");
    try {
        json out = ruleset_.odds(in);
        out["ok"] = true;
        return out;
    } catch (const InputError& e) {
        if (remap) remap(e);
        throw;
    } catch (const Stopped&) {
        throw;
    } catch (const LimitError& e) {
        throw Stopped(e.what());
    }
}

void Runner::progress(std::size_t done, std::size_t total, const std::string& what) {
    if (!report_progress({{"phase", "tool"}, {"tool", tool_}, {"done", done}, {"total", total}, {"what", what}}))
        throw std::runtime_error("cancelled");
}

json Runner::work() const {
    return {{"solves", solves_},
            {"max_solves", max_solves_},
            {"time_limit_s", time_limit_},
            {"time_ms", now_ms() - started_ms_}};
}

int read_side(const In& tool, const std::vector<std::string>& sides) {
    const std::string s = tool.choice("side", sides, sides.at(0));
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i] == s) return static_cast<int>(i);
    return 0;
}

std::size_t read_bound(const In& tool, const char* key, std::size_t def, std::size_t hi) {
    return static_cast<std::size_t>(
        tool.integer(key, 1, static_cast<std::int64_t>(hi), static_cast<std::int64_t>(def)));
}

std::string percent(double p) {
    char buf[32];
    const double x = p * 100;
    // Never "0.00%" or "100.00%" for what is not certain (as the page's pct() says it).
    if (x > 0 && x < 0.01) return "<0.01%";
    if (x > 99.99 && x < 100) return ">99.99%";
    if (x > 0 && x < 0.1)
        std::snprintf(buf, sizeof buf, "%.2f%%", x);
    else if (x < 100 && x > 99.9)
        std::snprintf(buf, sizeof buf, "%.2f%%", x);
    else
        std::snprintf(buf, sizeof buf, "%.1f%%", x);
    return buf;
}

}  // namespace bc::tools

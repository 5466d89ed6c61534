// Runs the benchmark workloads natively; scripts/bench runs the same list in
// wasm under node and prints both side by side.
//
//   bc_bench WORKLOADS.json   each workload in turn: one untimed call, then
//                             timed runs (at least its "runs", and more until
//                             1 s has gone by); one JSON line each.
//   bc_bench --serve          reads requests from standard input, one JSON
//                             line each, {"w": workload, "warm": bool,
//                             "runs": n, "ms": budget}, and answers each with
//                             one JSON line: the untimed call if "warm", then
//                             at least n timed runs and more until `ms` has
//                             gone by. tests/bench/run.mjs alternates short
//                             turns of this with the same in wasm.
//
// A result: {"name", "ms", "cpu_ms", "runs", "checksum"?, ...} (the best of
// the runs, wall clock and this process's CPU time).
#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/resource.h>

#include "api/api.hpp"
#include "dice/rng.hpp"
#include "json/input.hpp"
#include "warfare/battle/calls.hpp"

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kMaxRuns = 1000;

nlohmann::json run_line(const nlohmann::json& w, bool warm, int runs, double budget_ms) {
    nlohmann::json out = {{"name", w["name"]}};
    int done = 0;
    double best = 1e300, best_cpu = 1e300;
    auto timed = [&](auto&& f) {
        const auto t0 = Clock::now();
        const std::clock_t c0 = std::clock();
        f();
        best_cpu = std::min(best_cpu, 1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
        best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        ++done;
    };
    // At least `runs` timed runs, and more until `budget_ms` has gone by.
    auto repeat = [&](auto&& f) {
        const auto until = Clock::now() + std::chrono::duration<double, std::milli>(budget_ms);
        while (done < runs || (done < kMaxRuns && Clock::now() < until)) timed(f);
    };
    const std::string kind = w.value("kind", "");
    if (kind == "dice") {
        std::uint64_t sum = 0;
        repeat([&] {
            sum = bc::dice_checksum(w["draws"].get<std::uint64_t>(), w["seed"].get<std::uint64_t>(),
                                    w["faces"].get<std::uint32_t>());
        });
        out["checksum"] = std::to_string(sum);
    } else if (kind == "count-all") {
        // An S&F battle's reachable states counted to the end, past the
        // "states" call's budget of 5,000,000 (and its 120 s): the count
        // itself, which that call stops early. Once.
        const bc::In in(w["request"], "");
        const auto b = bc::warfare::parse_battle(in, {"max_states", "time_limit_s", "solver", "seed"});
        nlohmann::json a;
        timed([&] { a = bc::warfare::count_states(b, w["max_states"].get<std::uint64_t>(), w["time_limit_s"].get<double>()); });
        out["ok"] = a["complete"];
        out["states"] = a["states"];
        out["terminal"] = a["terminal"];
    } else {
        // "calls": several requests timed as one (a sweep).
        const std::string call = w["call"].get<std::string>();
        std::vector<std::string> reqs;
        if (kind == "calls")
            for (const auto& r : w["requests"]) reqs.push_back(r.dump());
        else
            reqs.push_back(w["request"].dump());
        std::string answer;
        // One untimed call first, to warm the caches (the wasm side makes
        // untimed calls for 1 s, so that V8 has optimised its code).
        // A line too long to run twice warms up with a smaller request of the
        // same call instead (`warm` is then that request).
        if (warm) {
            if (w.contains("warm") && w["warm"].is_object())
                answer = bc::api::call(call, w["warm"].dump());
            else if (w.value("warm", true))
                for (const auto& q : reqs) answer = bc::api::call(call, q);
        }
        repeat([&] {
            for (const auto& q : reqs) answer = bc::api::call(call, q);
        });
        if (done > 0) {
            const auto a = nlohmann::json::parse(answer);
            out["ok"] = a.value("ok", false);
            for (const char* k : {"method", "trials", "states", "expected_attacks", "draws_per_trial"})
                if (a.contains(k)) out[k] = a[k];
            if (!out["ok"]) out["error"] = a["error"];
        }
    }
    out["ms"] = done ? best : 0;
    out["cpu_ms"] = done ? best_cpu : 0;
    out["runs"] = done;
    // The process's peak resident memory so far (a workload run alone gets its own).
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    out["max_rss_mb"] = static_cast<double>(ru.ru_maxrss) / 1024.0;
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "--serve") {
        std::string line;
        while (std::getline(std::cin, line)) {
            const auto q = nlohmann::json::parse(line);
            std::cout << run_line(q["w"], q.value("warm", false), q.value("runs", 1), q.value("ms", 0.0)).dump()
                      << std::endl;
        }
        return 0;
    }
    if (argc != 2) {
        std::cerr << "usage: bc_bench WORKLOADS.json | bc_bench --serve\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::stringstream ss;
    ss << in.rdbuf();
    // At least `runs` timed runs, and more until 1 s has gone by (as run.mjs
    // does for wasm): the best of many is steadier on a shared machine (with
    // 0.3 s a 60 ms line made 5 runs, and its ratio moved by a tenth from one
    // bench to the next).
    for (const auto& w : nlohmann::json::parse(ss.str()))
        std::cout << run_line(w, true, w.value("runs", 1), 1000).dump() << std::endl;
    return 0;
}

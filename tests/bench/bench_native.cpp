// Runs the benchmark workloads natively; scripts/bench runs the same list in
// wasm under node and prints both side by side.
// Input: a JSON file of workloads (written by tests/bench/run.mjs).
// Output: one JSON line per workload: {"name", "ms", "runs", "checksum"?}.
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "api/api.hpp"
#include "dice/rng.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: bc_bench WORKLOADS.json\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::stringstream ss;
    ss << in.rdbuf();
    const auto workloads = nlohmann::json::parse(ss.str());
    using Clock = std::chrono::steady_clock;
    for (const auto& w : workloads) {
        nlohmann::json out = {{"name", w["name"]}};
        const int runs = w.value("runs", 1);
        double best = 1e300;
        if (w.value("kind", "") == "dice") {
            std::uint64_t sum = 0;
            for (int r = 0; r < runs; ++r) {
                const auto t0 = Clock::now();
                sum = bc::dice_checksum(w["draws"].get<std::uint64_t>(), w["seed"].get<std::uint64_t>(),
                                        w["faces"].get<std::uint32_t>());
                best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            }
            out["checksum"] = std::to_string(sum);
        } else {
            const std::string req = w["request"].dump();
            std::string answer;
            for (int r = 0; r < runs; ++r) {
                const auto t0 = Clock::now();
                answer = bc::api::call(w["call"].get<std::string>(), req);
                best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            }
            const auto a = nlohmann::json::parse(answer);
            out["ok"] = a.value("ok", false);
            if (a.contains("method")) out["method"] = a["method"];
            if (a.contains("trials")) out["trials"] = a["trials"];
            if (a.contains("states")) out["states"] = a["states"];
            if (!out["ok"]) out["error"] = a["error"];
        }
        out["ms"] = best;
        out["runs"] = runs;
        std::cout << out.dump() << std::endl;
    }
    return 0;
}

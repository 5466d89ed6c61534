// bc_diff: the differential test's runner (tests/diff/README.md).
//   bc_diff [--system NAME]... [--seed N | --fresh] [--battles N | --minutes M]
//           [--rolls N] [--trials N] [--alpha A] [--out DIR] [--verbose]
// Checks random battles of each rule system (all by default), --battles of
// each or for --minutes in all (shared evenly), and writes each battle that
// disagrees to DIR as a ready-to-run JSON file (scripts/battle odds FILE).
// Exit status: 0 when nothing disagrees, 1 when something does, 2 on bad usage.
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>

#include "differential.hpp"
#include "generate.hpp"

using namespace bc;
using namespace bc::diff;

namespace {

struct Args {
    std::vector<std::string> systems;
    std::vector<std::string> files;  // battles to check again (a disagreement written before)
    std::uint64_t seed = 1;
    std::uint64_t battles = 0;
    double minutes = 0;
    std::string out = "build/diff";
    bool verbose = false;
    Settings s;
};

int usage() {
    std::cerr << "usage: bc_diff [--system NAME]... [--seed N | --fresh] [--battles N | --minutes M]\n"
                 "       bc_diff --file BATTLE.json... [--rolls N] ...   (check saved battles again)\n"
                 "               [--rolls N] [--trials N] [--alpha A] [--out DIR] [--verbose]\n";
    return 2;
}

bool parse(int argc, char** argv, Args& a) {
    for (int i = 1; i < argc; ++i) {
        const std::string k = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(k + " needs a value");
            return argv[++i];
        };
        if (k == "--system") a.systems.push_back(next());
        else if (k == "--file") a.files.push_back(next());
        else if (k == "--seed") a.seed = std::stoull(next());
        else if (k == "--fresh") a.seed = std::random_device{}() ^ (static_cast<std::uint64_t>(std::random_device{}()) << 32);
        else if (k == "--battles") a.battles = std::stoull(next());
        else if (k == "--minutes") a.minutes = std::stod(next());
        else if (k == "--rolls") a.s.rolls = std::stoull(next());
        else if (k == "--trials") a.s.trials = std::stoull(next());
        else if (k == "--alpha") a.s.alpha = std::stod(next());
        else if (k == "--out") a.out = next();
        else if (k == "--verbose") a.verbose = true;
        else return false;
    }
    if (a.systems.empty()) a.systems = systems();
    if (a.battles == 0 && a.minutes <= 0) a.battles = 20;
    return true;
}

struct Totals {
    std::uint64_t battles = 0, skipped = 0, cells = 0, rolls = 0, disagree = 0, unconfirmed = 0, censored = 0;
    std::map<std::string, std::uint64_t> methods;
};

std::string write_battle(const Args& a, const std::string& system, std::uint64_t battle_seed, const json& battle) {
    std::filesystem::create_directories(a.out);
    const std::string file = a.out + "/" + system + "-" + std::to_string(battle_seed) + ".json";
    json ready = battle;
    ready["solver"] = {{"method", "exact"}};
    std::ofstream(file) << ready.dump(2) << "\n";
    return file;
}

}  // namespace

int main(int argc, char** argv) {
    std::cout << std::unitbuf;  // a soak's log shows each disagreement as it is found
    Args a;
    try {
        if (!parse(argc, argv, a)) return usage();
    } catch (const std::exception& e) {
        std::cerr << "bc_diff: " << e.what() << "\n";
        return usage();
    }
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    std::cout << "bc_diff: seed " << a.seed << ", " << a.s.rolls << " rolls and " << a.s.trials
              << " sampled trials a battle, a cell fails below tail probability " << a.s.alpha << "\n";
    std::map<std::string, Totals> totals;
    bool any = false;
    for (const std::string& file : a.files) {
        std::ifstream in(file);
        json battle = json::parse(in);
        battle.erase("solver");
        battle.erase("seed");
        const BattleResult r = check_battle(battle, a.s, a.seed);
        std::cout << file << ": " << (r.skipped ? "skipped: " + r.skip_reason : std::to_string(r.cells) + " cells, " + std::to_string(r.findings.size()) + " disagree") << "\n";
        for (const auto& f : r.findings) std::cout << "  " << f.text() << "\n";
        for (const auto& f : r.unconfirmed) std::cout << "  (not confirmed) " << f.text() << "\n";
        any = any || !r.findings.empty();
    }
    if (!a.files.empty()) return any ? 1 : 0;
    for (std::size_t si = 0; si < a.systems.size(); ++si) {
        const std::string& system = a.systems[si];
        Totals& t = totals[system];
        const auto start = clock::now();
        const double share_s = a.minutes * 60 / static_cast<double>(a.systems.size());
        Rng seeds(a.seed ^ std::hash<std::string>{}(system));
        for (std::uint64_t k = 0;; ++k) {
            if (a.battles > 0 && k >= a.battles) break;
            if (a.battles == 0 && std::chrono::duration<double>(clock::now() - start).count() >= share_s) break;
            const std::uint64_t battle_seed = seeds.next() & ((std::uint64_t{1} << 53) - 1);
            Rng rng(battle_seed);
            const json battle = random_battle(system, rng);
            BattleResult r;
            try {
                r = check_battle(battle, a.s, battle_seed);
            } catch (const std::exception& e) {
                const std::string file = write_battle(a, system, battle_seed, battle);
                std::cout << "FAILED " << file << ": " << e.what() << "\n";
                any = true;
                continue;
            }
            ++t.battles;
            if (r.skipped) {
                ++t.skipped;
                if (a.verbose || r.skip_reason.rfind("input", 0) == 0)
                    std::cout << "skipped " << system << " " << battle_seed << ": " << r.skip_reason << "\n";
                continue;
            }
            t.cells += r.cells;
            t.censored += r.censored;
            t.rolls += r.rolls;
            ++t.methods[r.method + (r.path.empty() ? "" : " (" + r.path + ")")];
            t.unconfirmed += r.unconfirmed.size();
            if (!r.findings.empty()) {
                ++t.disagree;
                any = true;
                const std::string file = write_battle(a, system, battle_seed, battle);
                std::cout << "DISAGREES " << file << "\n";
                for (const auto& f : r.findings) std::cout << "  " << f.text() << "\n";
            } else if (a.verbose) {
                std::cout << "ok " << system << " " << battle_seed << " (" << r.cells << " cells)\n";
            }
        }
        std::cout << system << ": " << t.battles << " battles (" << t.skipped << " past the exact budget), "
                  << t.rolls << " rolls, " << t.cells << " cells compared, " << t.disagree << " disagree";
        if (t.unconfirmed) std::cout << " (" << t.unconfirmed << " cells flagged once and not confirmed)";
        if (t.censored)
            std::cout << "; " << t.censored << " observables not judged (some battles stopped by the endless rule's cap)";
        std::cout << "; exact paths:";
        for (const auto& [m, n] : t.methods) std::cout << " " << m << " " << n << ";";
        std::cout << "\n";
    }
    std::uint64_t cells = 0;
    for (const auto& [s, t] : totals) cells += t.cells;
    std::cout << "bc_diff: " << cells << " cells; with no bug, a cell is flagged with probability below " << a.s.alpha
              << ", so a run of this size flags at most " << static_cast<double>(cells) * a.s.alpha
              << " cells by chance on average (Bonferroni), and a flag counts only when rerun rolls confirm it; "
              << std::chrono::duration<double>(clock::now() - t0).count() << " s\n";
    return any ? 1 : 0;
}

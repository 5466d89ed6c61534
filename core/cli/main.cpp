// The native command line. It speaks the same JSON as the page:
//   battle odds FILE.json            exact or sampled odds
//   battle roll [--seed N] FILE.json one battle with its log (--text: the log as lines)
//   battle rules [RULESET]           tables and options
//   battle version
//   battle dice --seed N [--faces F] [--count C]   plain dice from the generator
//   battle share FILE.json           the battle as wikitext, Markdown, BBCode, text, HTML and SVG
//   battle CALL FILE.json            a rule system's further calls (unit, attack, ...)
// FILE may be "-" for standard input. Bad input: exit status 2.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "api/api.hpp"

namespace {

int usage() {
    std::cerr << "usage: battle odds FILE.json\n"
                 "       battle roll [--seed N] [--text] FILE.json\n"
                 "       battle rules [RULESET]\n"
                 "       battle version\n"
                 "       battle dice --seed N [--faces F] [--count C]\n"
                 "       battle share FILE.json   (snapshots: \"share\": {\"link_base\", \"roll\"} in the file)\n"
                 "       battle unit|attack|... FILE.json\n"
                 "FILE may be - to read standard input.\n";
    return 2;
}

// Reads at most one byte past the request limit, so that an endless input
// (/dev/zero) is refused by the size check instead of filling memory.
bool read_input(const std::string& file, std::string& out) {
    std::ifstream f;
    std::istream* in = &std::cin;
    if (file != "-") {
        f.open(file, std::ios::binary);
        if (!f) {
            std::cerr << "battle: cannot read " << file << "\n";
            return false;
        }
        in = &f;
    }
    out.clear();
    char buf[65536];
    while (out.size() <= bc::kMaxRequestBytes && in->read(buf, sizeof buf).gcount() > 0)
        out.append(buf, static_cast<std::size_t>(in->gcount()));
    if (out.size() > bc::kMaxRequestBytes) out.resize(bc::kMaxRequestBytes + 1);
    return true;
}

int finish(const std::string& answer, bool text) {
    const auto j = nlohmann::json::parse(answer);
    if (!j.value("ok", false)) {
        const auto& e = j["error"];
        std::cerr << "battle: " << (e["path"].get<std::string>().empty() ? std::string("request")
                                                                          : e["path"].get<std::string>())
                  << ": " << e["message"].get<std::string>() << "\n";
        std::cout << answer << "\n";
        return e.value("kind", "") == "input" ? 2 : 1;
    }
    if (text && j.contains("log")) {
        for (const auto& e : j["log"]) std::cout << e["text"].get<std::string>() << "\n";
        return 0;
    }
    std::cout << answer << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help") return usage();
    const std::string cmd = args[0];
    if (cmd == "version") return finish(bc::api::version(), false);
    if (cmd == "rules") {
        if (args.size() > 2) return usage();
        const std::string req = args.size() == 2 ? nlohmann::json{{"ruleset", args[1]}}.dump() : "";
        return finish(bc::api::rules(req), false);
    }
    if (cmd == "dice") {
        nlohmann::json req = {{"seed", 1}, {"faces", 6}, {"count", 10}};
        for (std::size_t i = 1; i + 1 < args.size(); i += 2) {
            const std::string k = args[i], v = args[i + 1];
            if (k != "--seed" && k != "--faces" && k != "--count") return usage();
            try {
                req[k.substr(2)] = std::stoll(v);
            } catch (const std::exception&) {
                req[k.substr(2)] = v;  // reported by the API with the field's name
            }
        }
        if (args.size() % 2 == 0) return usage();
        return finish(bc::api::dice(req.dump()), false);
    }
    std::string file, seed;
    bool text = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--seed" && i + 1 < args.size())
            seed = args[++i];
        else if (args[i] == "--text")
            text = true;
        else if (file.empty())
            file = args[i];
        else
            return usage();
    }
    if (file.empty()) return usage();
    std::string request;
    if (!read_input(file, request)) return 2;
    if (!seed.empty()) {
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(request);
        } catch (const std::exception&) {
            return finish(bc::api::call(cmd, request), text);  // reports the parse error
        }
        char* end = nullptr;
        const unsigned long long s = std::strtoull(seed.c_str(), &end, 10);
        if (seed.empty() || *end != '\0' || seed[0] == '-') {
            std::cerr << "battle: --seed: must be a whole number from 0 to 9007199254740991\n";
            return 2;
        }
        if (j.is_object()) j["seed"] = s;
        request = j.dump();
    }
    return finish(bc::api::call(cmd, request), text);
}

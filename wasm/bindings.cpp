// The embind boundary: JSON strings in, JSON strings out; no class handles,
// so JavaScript never has to free anything.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "api/api.hpp"
#include "api/solver.hpp"
#include "dice/rng.hpp"

namespace {

std::string odds(const std::string& r) { return bc::api::odds(r); }
std::string roll(const std::string& r) { return bc::api::roll(r); }
std::string rules(const std::string& r) { return bc::api::rules(r); }
std::string version() { return bc::api::version(); }
// As a decimal string: a 64-bit number does not fit a JavaScript number.
std::string dice_checksum(double draws, double seed, int faces) {
    return std::to_string(bc::dice_checksum(static_cast<std::uint64_t>(draws), static_cast<std::uint64_t>(seed),
                                            static_cast<std::uint32_t>(faces)));
}
std::string call(const std::string& fn, const std::string& r) { return bc::api::call(fn, r); }

// A JavaScript function called with progress JSON during long solves; if it
// returns false the solve stops. Pass null to stop reporting.
void set_progress(emscripten::val fn) {
    if (fn.isNull() || fn.isUndefined()) {
        bc::set_progress(nullptr);
        return;
    }
    bc::set_progress([fn](const bc::json& p) {
        emscripten::val r = fn(p.dump());
        return r.isUndefined() || r.isNull() || r.as<bool>();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(battle_calculator) {
    emscripten::function("odds", &odds);
    emscripten::function("roll", &roll);
    emscripten::function("rules", &rules);
    emscripten::function("version", &version);
    emscripten::function("call", &call);
    emscripten::function("setProgress", &set_progress);
    emscripten::function("diceChecksum", &dice_checksum);
}

// The embind boundary: JSON strings in, JSON strings out; no class handles,
// so JavaScript never has to free anything.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "api/api.hpp"
#include "api/solver.hpp"
#include "dice/rng.hpp"

namespace {

using emscripten::val;

// Requests and answers cross as JavaScript strings, moved by the browser's own
// TextEncoder and TextDecoder. embind's std::string does it in JavaScript
// loops, a byte at a time, twice over an answer: a tenth of a large exact
// solve's time in wasm, and the biggest part of a small one's.
std::string from_js(const val& text) {
    // A non-string gets embind's own error, as before.
    if (!text.isString()) return text.as<std::string>();
    static const val encoder = val::global("TextEncoder").new_();
    // Each UTF-16 unit becomes at most 3 bytes of UTF-8.
    std::string out(3 * text["length"].as<std::size_t>(), '\0');
    const val view(emscripten::typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data())));
    out.resize(encoder.call<val>("encodeInto", text, view)["written"].as<std::size_t>());
    return out;
}

val to_js(const std::string& text) {
    static const val decoder = val::global("TextDecoder").new_(std::string("utf-8"));
    return decoder.call<val>(
        "decode", val(emscripten::typed_memory_view(text.size(), reinterpret_cast<const unsigned char*>(text.data()))));
}

val odds(const val& r) { return to_js(bc::api::odds(from_js(r))); }
val roll(const val& r) { return to_js(bc::api::roll(from_js(r))); }
val rules(const val& r) { return to_js(bc::api::rules(from_js(r))); }
std::string version() { return bc::api::version(); }
// As a decimal string: a 64-bit number does not fit a JavaScript number.
std::string dice_checksum(double draws, double seed, int faces) {
    return std::to_string(bc::dice_checksum(static_cast<std::uint64_t>(draws), static_cast<std::uint64_t>(seed),
                                            static_cast<std::uint32_t>(faces)));
}
val call(const std::string& fn, const val& r) { return to_js(bc::api::call(fn, from_js(r))); }

// A JavaScript function called with progress JSON during long solves; if it
// returns false the solve stops. Pass null to stop reporting.
void set_progress(emscripten::val fn) {
    if (fn.isNull() || fn.isUndefined()) {
        bc::set_progress(nullptr);
        return;
    }
    bc::set_progress([fn](const bc::json& p) {
        val r = fn(p.dump());
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

// Shared by the files that implement the battle state (battle/*.cpp, and
// advisor/moment.cpp for the advisor's moments).
#pragma once
#include <string>

#include "warfare/battle/state.hpp"
#include "warfare/battle/inline.hpp"

namespace bc::warfare::detail {
constexpr int kOutAttacker = 0, kOutDefender = 1, kOutDraw = 2, kOutEndless = 3;  // kBattleOutcomes
inline std::string num(int v) { return std::to_string(v); }
inline std::string signed_num(int v) { return v < 0 ? " - " + num(-v) : " + " + num(v); }
// Writing to the log, out of line: its strings and JSON then cost a hot
// function that only may log no large stack frame, and it can be inlined.
// Callers capture numbers by value: a local captured by reference must live
// in memory for the whole function, log or not.
// The call goes through one function shared by every caller (run_cold), by
// pointer: binaryen (wasm) inlines any function that has a single caller back
// into it, whatever clang decided, and would put each log line's strings and
// exception handling back into the hot function.
[[gnu::cold, gnu::noinline]] void run_cold(void (*f)(const void*), const void* context);
template <class F>
inline void out_of_line(const F& f) {
    run_cold([](const void* c) { (*static_cast<const F*>(c))(); }, &f);
}
// fail(): declared in battle/inline.hpp, whose queue checks use it too.
}  // namespace bc::warfare::detail

// What every tool shares: the battle taken from the request, and a Runner that
// solves changed copies of it with the rule system's own odds, within one
// time limit and one count of solves for the whole tool call, reporting
// progress between solves.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "api/api.hpp"
#include "api/solver.hpp"

namespace bc::tools {

// A bound of the tool call reached (time, solves, a solve's own budget): the
// tool answers with what it has and says which bound stopped it. A tool with
// nothing to answer yet lets it go: it is a LimitError, which the API answers
// as a "limit" error naming the bound.
struct Stopped : LimitError {
    explicit Stopped(const std::string& bound) : LimitError("stopped by " + bound), why(bound) {}
    std::string why;
};

// The request split in two: the battle (everything odds reads) and the
// tool's own object.
struct Request {
    json battle;  // without the tool's object and "dice"; its "solver" as given
    json tool;    // the tool's object ({} when absent)
    std::string tool_key;
    SolverRequest solver;  // the battle's solver settings, read once
};
// Reads the request; the tool's object may hold only `known` fields.
Request split(const In& req, const std::string& tool_key, const std::vector<std::string>& known);

// Wins, losses and draws of one side, from an odds answer.
struct Chances {
    double win = 0, lose = 0, draw = 0;
    bool sampled = false;
    double trials = 0;
    json json_() const;  // {"win", "lose", "draw", "ci95"?}
};

class Runner {
public:
    // `max_solves`: the most solves this tool call may make.
    Runner(const api::Ruleset& ruleset, std::string tool, const SolverRequest& solver, std::size_t max_solves);

    // The rule system's odds for `battle` (its "solver" is given the time
    // left). `remap` may turn an input error of this copy into one naming the
    // tool's field. Throws Stopped when the time or the solves are used up.
    json odds(json battle, const std::function<void(const InputError&)>& remap = nullptr);

    // One solve made outside odds() (a tool's own solve of the battle's state):
    // counted like the others; returns the seconds it may take.
    double begin_solve();

    // Between solves: progress for the page ({"phase": "tool", ...}); a
    // cancel from the page ends the call.
    void progress(std::size_t done, std::size_t total, const std::string& what);

    std::size_t solves() const { return solves_; }
    std::size_t max_solves() const { return max_solves_; }
    double seconds_left() const { return deadline_.left(); }
    double time_limit() const { return time_limit_; }
    const api::Ruleset& ruleset() const { return ruleset_; }
    // The answer's account of the work: {"solves", "max_solves", "time_limit_s", "time_ms"}.
    json work() const;

private:
    const api::Ruleset& ruleset_;
    std::string tool_;
    double time_limit_;
    Deadline deadline_;
    std::size_t max_solves_;
    std::size_t solves_ = 0;
    double started_ms_;
};

// The tool's "side": whose chance to win it reports (the first side by default).
int read_side(const In& tool, const std::vector<std::string>& sides);
// A bound field of the tool's object: 1..hi, default def.
std::size_t read_bound(const In& tool, const char* key, std::size_t def, std::size_t hi);

// "62.0%": probabilities in the answers' words.
std::string percent(double p);

}  // namespace bc::tools

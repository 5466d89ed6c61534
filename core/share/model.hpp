// What a snapshot says, whatever form it is copied in: the armies, every
// outcome's chance as the page shows it, the expected losses, the link, and
// for a rolled battle its report. Built from the core's own odds and roll
// answers, so a snapshot can never show other numbers than `odds`.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "json/input.hpp"

namespace bc::share {

struct Outcome {
    std::string id, label;
    double p = 0;
    std::optional<std::pair<double, double>> ci;  // sampled: the 95% interval
};

struct Loss {
    std::string side, unit;  // user text (unit), our words (side)
    double start = 0, left = 0;
    double gone = 0;         // chance the unit is destroyed, removed or all lost
};

struct Army {
    std::string side;                // "Tribunan", "Attacker"
    std::vector<std::string> units;  // "First Cohort (Arms 4, Armour 2, Size 5)"
};

struct Report {
    std::string heading;              // "Story Post", "Turn report", "Orders, one by one"
    std::vector<std::string> events;  // in order
    std::vector<std::string> casualties;
    std::string result;               // "The Tribunan are Victorious."
    std::size_t left_out = 0;         // events not listed (a very long battle)
};

struct Model {
    std::string ruleset, ruleset_name;
    std::vector<Army> armies;
    std::vector<Outcome> outcomes;
    bool exact = true;
    std::string method_words;      // "exact" or "sampled: 20,000 battles, 95% intervals"
    std::string loss_measure;      // "Size", "men", "casualty die"
    std::string gone_word;         // "Destroyed", "All lost", "Removed"
    std::vector<Loss> losses;
    std::vector<std::string> notes;
    std::string link;              // empty without share.link_base
    std::optional<Report> report;  // a rolled battle
    std::uint64_t seed = 0;
};

// The armies line: "Tribunan: First Cohort (…) against Ashen: Grey Host (…)".
std::string armies_line(const Model& m);
// "± 0.6%" for a sampled outcome, "" for an exact one.
std::string plus_minus(const Outcome& o);

// battle: the request (without "share"); odds: its odds answer; roll: its
// roll answer or null.
Model model_of(const json& battle, const json& odds, const json& roll);

}  // namespace bc::share

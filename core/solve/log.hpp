// A battle's narration: a list of steps, each with its text and the numbers behind it.
//
// A log holds at most `limit` steps: past that it keeps the first half and the
// last half, and in between one "omitted" step that says how many steps of
// each kind were left out. So a legal battle of millions of blows still gives
// an answer of a few megabytes, with its start, its end and its summary.
#pragma once
#include <cstddef>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace bc {

class Log {
public:
    static constexpr std::size_t kDefaultLimit = 20'000;

    explicit Log(std::size_t limit = kDefaultLimit) : limit_(limit < 2 ? 2 : limit) {}

    void add(std::string step, std::string text, nlohmann::json data = nlohmann::json::object()) {
        nlohmann::json e = std::move(data);
        if (!e.is_object()) e = nlohmann::json::object();
        e["step"] = step;
        e["text"] = std::move(text);
        ++added_;
        if (head_.size() < limit_ / 2) {
            head_.push_back(std::move(e));
            return;
        }
        tail_.push_back(std::move(e));
        if (tail_.size() > limit_ - limit_ / 2) {
            ++omitted_[tail_.front()["step"].get<std::string>()];
            tail_.pop_front();
        }
    }

    // The steps kept, with the "omitted" step between the first and last ones
    // when some were left out.
    nlohmann::json entries() const {
        nlohmann::json out = head_;
        const std::size_t left_out = added_ - head_.size() - tail_.size();
        if (left_out > 0) {
            nlohmann::json counts = nlohmann::json::object();
            for (const auto& [step, n] : omitted_) counts[step] = n;
            out.push_back({{"step", "omitted"},
                           {"text", std::to_string(left_out) + " steps are left out here: the log keeps the first " +
                                        std::to_string(head_.size()) + " and the last " + std::to_string(tail_.size()) +
                                        " of " + std::to_string(added_) + "."},
                           {"omitted", left_out},
                           {"counts", counts}});
        }
        for (const auto& e : tail_) out.push_back(e);
        return out;
    }
    // Steps added, kept or not.
    std::size_t size() const { return added_; }
    std::size_t omitted() const { return added_ - head_.size() - tail_.size(); }

private:
    std::size_t limit_;
    std::size_t added_ = 0;
    nlohmann::json head_ = nlohmann::json::array();
    std::deque<nlohmann::json> tail_;
    std::map<std::string, std::size_t> omitted_;
};

}  // namespace bc

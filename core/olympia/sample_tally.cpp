// Olympia: the sampler's battles counted in flat arrays (see sampler.hpp).
#include "olympia/sampler.hpp"

namespace bc::olympia {

SampleTally::SampleTally(const Battle& b, const Schema& schema)
    : outcomes_(schema.outcomes.size(), 0), series_(schema.series.size()), events_(schema.events.size(), 0.0) {
    std::size_t si = 0;
    auto make = [&](std::int64_t lo, std::int64_t hi) {
        Hist& h = series_[si++];
        h.lo = lo;
        h.count.assign(static_cast<std::size_t>(hi - lo + 1), 0);
        h.first = h.count.size();
        h.last = 0;
    };
    for (const auto& ms : b.men_series) {
        std::int64_t start = 0;
        for (int e : ms.ents) start += b.ents[static_cast<std::size_t>(e)].count;
        make(0, start);
    }
    if (b.structure.present) {
        make(0, b.structure.defense);
        make(b.structure.damage, 100);
    }
}

void SampleTally::flush(Tally& t) {
    for (std::size_t i = 0; i < outcomes_.size(); ++i) {
        if (outcomes_[i]) Recorder(t, static_cast<double>(outcomes_[i])).outcome(i);
        outcomes_[i] = 0;
    }
    for (std::size_t s = 0; s < series_.size(); ++s) {
        Hist& h = series_[s];
        for (std::size_t k = h.first; k < h.last; ++k) {
            if (h.count[k]) Recorder(t, static_cast<double>(h.count[k])).value(s, h.lo + static_cast<std::int64_t>(k));
            h.count[k] = 0;
        }
        h.first = h.count.size();
        h.last = 0;
    }
    for (std::size_t i = 0; i < events_.size(); ++i) {
        if (events_[i] != 0) Recorder(t, events_[i]).event_chance(i, 1.0);
        events_[i] = 0;
    }
    t.add_total(static_cast<double>(total_));
    t.add_steps(steps_);
    total_ = 0;
    steps_ = 0;
}

}  // namespace bc::olympia

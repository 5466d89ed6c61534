// The outcome chart as an SVG image that stands alone: no script, no
// outside font or image, every value written beside its bar on a percent axis.
#include <algorithm>
#include <map>

#include "share/forms.hpp"
#include "share/text.hpp"

namespace bc::share {

namespace {

constexpr int kWidth = 640, kLeft = 16, kTrack = 196, kTrackWidth = 300, kTop = 76, kRow = 34;

std::string colour(const std::string& id) {
    static const std::map<std::string, std::string> colours = {
        {"tribunan", "#a33b2a"}, {"ashen", "#4b5d73"}, {"retreat", "#8a7f5c"}, {"none", "#555555"},
        {"attacker", "#2b63a6"}, {"defender", "#a6402b"}, {"tie", "#7a6a8c"},  {"draw", "#7a6a8c"}};
    const auto it = colours.find(id);
    return it == colours.end() ? "#666666" : it->second;
}

std::string x_at(double p) { return fixed(kTrack + std::clamp(p, 0.0, 1.0) * kTrackWidth, 1, true); }

}  // namespace

std::string svg(const Model& m) {
    const auto t = [](const std::string& s) { return html_text(s); };
    const int rows = static_cast<int>(m.outcomes.size());
    const int axis_y = kTop + rows * kRow + 4;
    const int height = axis_y + 44;
    const std::string title = m.ruleset_name + ": outcome of the battle (" + m.method_words + ")";
    std::string desc = armies_line(m) + ".";
    for (const auto& o : m.outcomes) desc += " " + o.label + ": " + pct(o.p) + (o.ci ? " " + plus_minus(o) : "") + ".";

    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) + "\" height=\"" +
                      std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(kWidth) + " " +
                      std::to_string(height) + "\" role=\"img\" aria-labelledby=\"t d\" font-family=\"sans-serif\">\n";
    out += "<title id=\"t\">" + t(title) + "</title>\n<desc id=\"d\">" + t(desc) + "</desc>\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    out += "<text x=\"" + std::to_string(kLeft) + "\" y=\"26\" font-size=\"16\" font-weight=\"bold\" fill=\"#111111\">" +
           t(clip(title, 72)) + "</text>\n";
    out += "<text x=\"" + std::to_string(kLeft) + "\" y=\"48\" font-size=\"12\" fill=\"#333333\">" +
           t(clip(armies_line(m), 100)) + "</text>\n";
    // The percent axis: gridlines at every quarter, labelled under the bars.
    for (int q = 0; q <= 4; ++q) {
        const std::string x = x_at(q / 4.0);
        out += "<line x1=\"" + x + "\" y1=\"" + std::to_string(kTop - 8) + "\" x2=\"" + x + "\" y2=\"" +
               std::to_string(axis_y) + "\" stroke=\"#d0d0d0\" stroke-width=\"1\"/>\n";
        out += "<text x=\"" + x + "\" y=\"" + std::to_string(axis_y + 16) +
               "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\">" + std::to_string(q * 25) + "%</text>\n";
    }
    out += "<line x1=\"" + x_at(0) + "\" y1=\"" + std::to_string(axis_y) + "\" x2=\"" + x_at(1) + "\" y2=\"" +
           std::to_string(axis_y) + "\" stroke=\"#333333\" stroke-width=\"1\"/>\n";
    out += "<text x=\"" + x_at(0.5) + "\" y=\"" + std::to_string(axis_y + 34) +
           "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333333\">Chance of each outcome</text>\n";
    for (int i = 0; i < rows; ++i) {
        const Outcome& o = m.outcomes[static_cast<std::size_t>(i)];
        const int y = kTop + i * kRow;
        out += "<g>\n<text x=\"" + std::to_string(kLeft) + "\" y=\"" + std::to_string(y + 17) +
               "\" font-size=\"13\" fill=\"#111111\">" + t(o.label) + "</text>\n";
        out += "<rect x=\"" + x_at(0) + "\" y=\"" + std::to_string(y + 4) + "\" width=\"" + std::to_string(kTrackWidth) +
               "\" height=\"18\" fill=\"#f0f0f0\"/>\n";
        out += "<rect x=\"" + x_at(0) + "\" y=\"" + std::to_string(y + 4) + "\" width=\"" +
               fixed(std::clamp(o.p, 0.0, 1.0) * kTrackWidth, 1, true) + "\" height=\"18\" fill=\"" + colour(o.id) + "\"/>\n";
        if (o.ci) {
            const std::string lo = x_at(o.ci->first), hi = x_at(o.ci->second), mid = std::to_string(y + 13);
            out += "<path d=\"M" + lo + " " + mid + "H" + hi + "M" + lo + " " + std::to_string(y + 7) + "V" +
                   std::to_string(y + 19) + "M" + hi + " " + std::to_string(y + 7) + "V" + std::to_string(y + 19) +
                   "\" stroke=\"#111111\" stroke-width=\"1.5\" fill=\"none\"/>\n";
        }
        out += "<text x=\"" + std::to_string(kTrack + kTrackWidth + 8) + "\" y=\"" + std::to_string(y + 17) +
               "\" font-size=\"13\" font-weight=\"bold\" fill=\"#111111\">" + t(pct(o.p)) +
               (o.ci ? "<tspan font-weight=\"normal\"> " + t(plus_minus(o)) + "</tspan>" : "") + "</text>\n</g>\n";
    }
    out += "</svg>\n";
    return out;
}

}  // namespace bc::share

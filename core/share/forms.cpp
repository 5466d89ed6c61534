#include "share/forms.hpp"

#include <algorithm>

#include "share/text.hpp"

namespace bc::share {

namespace {

const char* const kOpen = "Open this battle in the battle odds calculator";
const char* const kOpenRolled = "Open this rolled battle in the battle odds calculator";

std::string heading(const Model& m) {
    return m.report ? m.ruleset_name + ", " + m.report->heading + " (seed " + std::to_string(m.seed) + ")"
                    : m.ruleset_name + " odds (" + m.method_words + ")";
}
std::string chance(const Outcome& o) {
    const std::string pm = plus_minus(o);
    return pct(o.p) + (pm.empty() ? "" : " " + pm);
}
std::string lost(const Loss& l) { return num(std::max(0.0, l.start - l.left)); }
std::string loss_caption(const Model& m) { return "Expected losses (" + m.loss_measure + ")"; }
const char* link_words(const Model& m) { return m.report ? kOpenRolled : kOpen; }
std::vector<std::string> loss_cells(const Loss& l) {
    return {l.side, l.unit, num(l.start), num(l.left), lost(l), pct(l.gone)};
}
std::vector<std::string> loss_head(const Model& m) {
    return {"Side", "Unit", "At start", "Expected left", "Expected lost", m.gone_word};
}
std::string more_events(const Report& r) {
    return "… and " + std::to_string(r.left_out) + " more events: the link shows the whole battle.";
}

}  // namespace

std::string wrap(const std::string& text, std::size_t columns, const std::string& first, const std::string& rest) {
    std::string out, line = first;
    std::size_t used = width(first), words_on_line = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        if (i >= text.size()) break;
        std::size_t j = text.find(' ', i);
        if (j == std::string::npos) j = text.size();
        std::string word = text.substr(i, j - i);
        i = j;
        for (;;) {
            const std::size_t need = width(word) + (words_on_line ? 1 : 0);
            if (used + need <= columns) {
                line += (words_on_line ? " " : "") + word;
                used += need;
                ++words_on_line;
                break;
            }
            if (words_on_line) {  // the word goes on the next line
                out += line + "\n";
                line = rest;
                used = width(rest);
                words_on_line = 0;
                continue;
            }
            // A word longer than a whole line: cut it at the line's end.
            std::size_t room = columns > used ? columns - used : 1, k = 0, n = 0;
            while (k < word.size() && n < room) {
                ++k;
                while (k < word.size() && (static_cast<unsigned char>(word[k]) & 0xC0) == 0x80) ++k;
                ++n;
            }
            out += line + word.substr(0, k) + "\n";
            word = word.substr(k);
            line = rest;
            used = width(rest);
            if (word.empty()) break;
        }
    }
    return out + line + "\n";
}

// ---- MediaWiki ----
std::string wikitext(const Model& m) {
    const auto t = [](const std::string& s) { return wiki_text(s); };
    std::string out = "'''" + t(heading(m)) + "''': " + t(armies_line(m)) + "\n\n";
    if (m.report) {
        const Report& r = *m.report;
        for (const auto& e : r.events) out += "# " + t(e) + "\n";
        if (r.left_out) out += "\n" + t(more_events(r)) + "\n";
        if (!r.casualties.empty()) {
            out += "\n'''Casualties'''\n";
            for (const auto& c : r.casualties) out += "* " + t(c) + "\n";
        }
        if (!r.result.empty()) out += "\n'''Result''': " + t(r.result) + "\n";
    } else {
        out += "{| class=\"wikitable\"\n|+ " + t("Outcome of the battle (" + m.method_words + ")") + "\n";
        out += "! scope=\"col\" | Outcome !! scope=\"col\" | Chance\n";
        for (const auto& o : m.outcomes) out += "|-\n| " + t(o.label) + " || " + t(chance(o)) + "\n";
        out += "|}\n\n";
        if (!m.losses.empty()) {
            out += "{| class=\"wikitable\"\n|+ " + t(loss_caption(m)) + "\n!";
            const auto head = loss_head(m);
            for (std::size_t i = 0; i < head.size(); ++i) out += (i ? " !! " : " ") + t(head[i]);
            out += "\n";
            for (const auto& l : m.losses) {
                out += "|-\n|";
                const auto cells = loss_cells(l);
                for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? " || " : " ") + t(cells[i]);
                out += "\n";
            }
            out += "|}\n\n";
        }
        for (const auto& n : m.notes) out += t(n) + "\n\n";
    }
    if (!m.link.empty()) out += (m.report ? "\n" : "") + std::string("[") + m.link + " " + link_words(m) + "]\n";
    return out;
}

// ---- GitHub-flavoured Markdown ----
std::string markdown(const Model& m) {
    const auto t = [](const std::string& s) { return markdown_text(s); };
    std::string out = "**" + t(heading(m)) + "**: " + t(armies_line(m)) + "\n\n";
    if (m.report) {
        const Report& r = *m.report;
        for (std::size_t i = 0; i < r.events.size(); ++i) out += std::to_string(i + 1) + ". " + t(r.events[i]) + "\n";
        if (r.left_out) out += "\n" + t(more_events(r)) + "\n";
        if (!r.casualties.empty()) {
            out += "\n**Casualties**\n\n";
            for (const auto& c : r.casualties) out += "- " + t(c) + "\n";
        }
        if (!r.result.empty()) out += "\n**Result**: " + t(r.result) + "\n";
        out += "\n";
    } else {
        out += "| Outcome | Chance |\n| --- | ---: |\n";
        // Numbers (digits, "." "," "%" "±", and "<" or ">" before a digit) mean nothing to Markdown as they are.
        for (const auto& o : m.outcomes) out += "| " + t(o.label) + " | " + chance(o) + " |\n";
        out += "\n";
        if (!m.losses.empty()) {
            out += "**" + t(loss_caption(m)) + "**\n\n|";
            for (const auto& hd : loss_head(m)) out += " " + t(hd) + " |";
            out += "\n| --- | --- | ---: | ---: | ---: | ---: |\n";
            for (const auto& l : m.losses) {
                out += "|";
                const auto cells = loss_cells(l);
                for (std::size_t i = 0; i < cells.size(); ++i) out += " " + (i < 2 ? t(cells[i]) : cells[i]) + " |";
                out += "\n";
            }
            out += "\n";
        }
        for (const auto& n : m.notes) out += t(n) + "\n\n";
    }
    if (!m.link.empty()) out += "[" + std::string(link_words(m)) + "](" + m.link + ")\n";
    return out;
}

// ---- BBCode ----
std::string bbcode(const Model& m) {
    const auto t = [](const std::string& s) { return bbcode_text(s); };
    std::string out = "[b]" + t(heading(m)) + "[/b]: " + t(armies_line(m)) + "\n";
    if (m.report) {
        const Report& r = *m.report;
        out += "[list=1]\n";
        for (const auto& e : r.events) out += "[*]" + t(e) + "\n";
        out += "[/list]\n";
        if (r.left_out) out += t(more_events(r)) + "\n";
        if (!r.casualties.empty()) {
            out += "[b]Casualties[/b]\n[list]\n";
            for (const auto& c : r.casualties) out += "[*]" + t(c) + "\n";
            out += "[/list]\n";
        }
        if (!r.result.empty()) out += "[b]Result[/b]: " + t(r.result) + "\n";
    } else {
        out += "[list]\n";
        for (const auto& o : m.outcomes) out += "[*]" + t(o.label) + ": [b]" + t(chance(o)) + "[/b]\n";
        out += "[/list]\n";
        if (!m.losses.empty()) {
            out += t(loss_caption(m)) + ":\n[list]\n";
            for (const auto& l : m.losses)
                out += "[*]" + t(l.side + ", " + l.unit + ": " + num(l.start) + " at start, " + num(l.left) +
                                 " expected left, " + lost(l) + " expected lost; " + m.gone_word + " " + pct(l.gone)) +
                       "\n";
            out += "[/list]\n";
        }
        for (const auto& n : m.notes) out += t(n) + "\n";
    }
    if (!m.link.empty()) out += "[url=" + m.link + "]" + link_words(m) + "[/url]\n";
    return out;
}

// ---- plain text, for an e-mail ----
std::string plain_text(const Model& m) {
    constexpr std::size_t kColumns = 72;
    std::string out = wrap(one_line(heading(m)), kColumns, "", "") + wrap(one_line(armies_line(m)), kColumns, "", "") + "\n";
    if (m.report) {
        const Report& r = *m.report;
        for (std::size_t i = 0; i < r.events.size(); ++i) {
            const std::string n = std::to_string(i + 1) + ". ";
            out += wrap(one_line(r.events[i]), kColumns, n, std::string(n.size(), ' '));
        }
        if (r.left_out) out += wrap(more_events(r), kColumns, "", "");
        if (!r.casualties.empty()) {
            out += "\nCasualties:\n";
            for (const auto& c : r.casualties) out += wrap(one_line(c), kColumns, "  - ", "    ");
        }
        if (!r.result.empty()) out += "\n" + wrap("Result: " + one_line(r.result), kColumns, "", "");
    } else {
        std::size_t label = 0;
        for (const auto& o : m.outcomes) label = std::max(label, width(o.label));
        for (const auto& o : m.outcomes)
            out += "  " + o.label + std::string(label - width(o.label) + 3, ' ') + chance(o) + "\n";
        if (!m.losses.empty()) {
            out += "\n" + loss_caption(m) + ":\n";
            for (const auto& l : m.losses)
                out += wrap(one_line(l.side + ", " + l.unit + ": " + num(l.start) + " at start, " + num(l.left) +
                                     " expected left, " + lost(l) + " expected lost; " + m.gone_word + " " + pct(l.gone)),
                            kColumns, "  ", "    ");
        }
        if (!m.notes.empty()) out += "\n";
        for (const auto& n : m.notes) out += wrap(one_line(n), kColumns, "", "");
    }
    // A link is never cut: it stands alone on its own line, however long.
    if (!m.link.empty()) out += "\n" + std::string(link_words(m)) + ":\n" + m.link + "\n";
    return out;
}

// ---- an HTML fragment (a WordPress post) ----
std::string html(const Model& m) {
    const auto t = [](const std::string& s) { return html_text(s); };
    std::string out = "<p><strong>" + t(heading(m)) + "</strong>: " + t(armies_line(m)) + "</p>\n";
    if (m.report) {
        const Report& r = *m.report;
        out += "<ol>\n";
        for (const auto& e : r.events) out += "<li>" + t(e) + "</li>\n";
        out += "</ol>\n";
        if (r.left_out) out += "<p>" + t(more_events(r)) + "</p>\n";
        if (!r.casualties.empty()) {
            out += "<p><strong>Casualties</strong></p>\n<ul>\n";
            for (const auto& c : r.casualties) out += "<li>" + t(c) + "</li>\n";
            out += "</ul>\n";
        }
        if (!r.result.empty()) out += "<p><strong>Result</strong>: " + t(r.result) + "</p>\n";
    } else {
        out += "<table>\n<caption>" + t("Outcome of the battle (" + m.method_words + ")") + "</caption>\n";
        out += "<thead><tr><th scope=\"col\">Outcome</th><th scope=\"col\">Chance</th></tr></thead>\n<tbody>\n";
        for (const auto& o : m.outcomes)
            out += "<tr><th scope=\"row\">" + t(o.label) + "</th><td>" + t(chance(o)) + "</td></tr>\n";
        out += "</tbody>\n</table>\n";
        if (!m.losses.empty()) {
            out += "<table>\n<caption>" + t(loss_caption(m)) + "</caption>\n<thead><tr>";
            for (const auto& hd : loss_head(m)) out += "<th scope=\"col\">" + t(hd) + "</th>";
            out += "</tr></thead>\n<tbody>\n";
            for (const auto& l : m.losses) {
                out += "<tr>";
                for (const auto& c : loss_cells(l)) out += "<td>" + t(c) + "</td>";
                out += "</tr>\n";
            }
            out += "</tbody>\n</table>\n";
        }
        for (const auto& n : m.notes) out += "<p>" + t(n) + "</p>\n";
    }
    if (!m.link.empty()) out += "<p><a href=\"" + t(m.link) + "\">" + link_words(m) + "</a></p>\n";
    return out;
}

}  // namespace bc::share

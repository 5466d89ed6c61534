#include "share/text.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace bc::share {

namespace {

// Adds one to a string of decimal digits (with a '.' somewhere), carrying left.
std::string carry(std::string digits) {
    for (std::size_t i = digits.size(); i-- > 0;) {
        if (digits[i] == '.') continue;
        if (digits[i] < '9') {
            ++digits[i];
            return digits;
        }
        digits[i] = '0';
    }
    return "1" + digits;
}

// Rounds a plain decimal "123.4567" to `digits` decimals, a half going up
// (both JavaScript's toFixed and its number formatting do so).
std::string round_decimal(const std::string& plain, int digits) {
    const auto dot = plain.find('.');
    std::string whole = dot == std::string::npos ? plain : plain.substr(0, dot);
    std::string frac = dot == std::string::npos ? "" : plain.substr(dot + 1);
    frac.resize(static_cast<std::size_t>(digits) + 1, '0');
    const bool up = frac.back() >= '5';
    frac.pop_back();
    std::string out = digits > 0 ? whole + "." + frac : whole;
    return up ? carry(out) : out;
}

// The shortest digits that read back as x (what JavaScript's number
// formatting starts from), written out without an exponent.
std::string shortest_plain(double x) {
    char buf[64];
    char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, x);
    std::string s(buf, end);
    const auto e = s.find('e');
    if (e == std::string::npos) return s;
    const int exp = std::stoi(s.substr(e + 1));
    std::string mant = s.substr(0, e);
    std::string digits;
    int point = 0;  // digits before the decimal point in `mant`
    for (char c : mant) {
        if (c == '.') continue;
        digits += c;
    }
    const auto dot = mant.find('.');
    point = static_cast<int>(dot == std::string::npos ? mant.size() : dot) + exp;
    if (point <= 0) return "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    if (point >= static_cast<int>(digits.size())) return digits + std::string(point - digits.size(), '0');
    return digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
}

std::string trim_zeros(std::string s) {
    if (s.find('.') == std::string::npos) return s;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

bool is_zero(const std::string& s) { return s.find_first_not_of("0.") == std::string::npos; }

}  // namespace

std::string fixed(double x, int digits, bool trim) {
    if (!std::isfinite(x)) return "–";
    const bool neg = std::signbit(x) && x != 0;
    // The exact binary value's first digits: enough places that no rounding of
    // the printout reaches the digit that decides (values here are far above 2^-60).
    char buf[256];
    std::snprintf(buf, sizeof buf, "%.*f", digits + 60, std::fabs(x));
    std::string s = round_decimal(buf, digits);
    if (trim) s = trim_zeros(s);
    return (neg && !is_zero(s) ? "-" : "") + s;
}

std::string pct(double p) {
    if (std::isnan(p)) return "–";
    if (p <= 0) return "0%";
    if (p >= 1) return "100%";
    const double x = p * 100;
    if (x < 0.01) return "<0.01%";
    if (x > 99.99) return ">99.99%";
    return fixed(x, x < 1 || x > 99 ? 2 : 1) + "%";
}

std::string num(double x, int digits) {
    if (!std::isfinite(x)) return "–";
    std::string s = trim_zeros(round_decimal(shortest_plain(std::fabs(x)), digits));
    const auto dot = s.find('.');
    std::string whole = s.substr(0, dot);
    std::string grouped;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
        grouped += whole[i];
    }
    if (dot != std::string::npos) grouped += s.substr(dot);
    return (std::signbit(x) ? "-" : "") + grouped;
}

std::string one_line(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        // U+2028 and U+2029 (line and paragraph separators) are line breaks too.
        if (c == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            (static_cast<unsigned char>(text[i + 2]) == 0xA8 || static_cast<unsigned char>(text[i + 2]) == 0xA9)) {
            out += ' ';
            i += 2;
        } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            out += ' ';  // C1 controls
            ++i;
        } else {
            out += c < 0x20 || c == 0x7F ? ' ' : static_cast<char>(c);
        }
    }
    return out;
}

std::size_t width(std::string_view text) {
    std::size_t n = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

std::string clip(std::string_view text, std::size_t max) {
    if (width(text) <= max) return std::string(text);
    std::size_t n = 0, i = 0;
    for (; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && ++n == max) break;
    }
    return std::string(text.substr(0, i)) + "…";
}

std::string html_text(std::string_view text) {
    std::string out;
    for (char c : one_line(text)) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string wiki_text(std::string_view text) {
    const std::string s = one_line(text);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        // Characters that open or close wikitext: tags and entities, links and
        // templates, table cells, bold and italics, lists and headings,
        // signatures (~~~~, expanded when a page is saved), magic words
        // (__TOC__), and ":" so that no "https://" becomes a link.
        static constexpr std::string_view kSpecial = "&<>[]{}|'*#:;=~_!\"";
        if (kSpecial.find(c) != std::string_view::npos) {
            out += "&#" + std::to_string(static_cast<unsigned char>(c)) + ";";
            continue;
        }
        // "ISBN 123", "RFC 123" and "PMID 123" are magic links: the space after them is a reference.
        if (c == ' ' && (out.ends_with("ISBN") || out.ends_with("RFC") || out.ends_with("PMID"))) {
            out += "&#32;";
            continue;
        }
        out += c;
    }
    return out;
}

std::string markdown_text(std::string_view text) {
    std::string out;
    for (char c : one_line(text)) {
        const auto u = static_cast<unsigned char>(c);
        const bool punct = (u >= 0x21 && u <= 0x2F) || (u >= 0x3A && u <= 0x40) || (u >= 0x5B && u <= 0x60) ||
                           (u >= 0x7B && u <= 0x7E);
        if (punct) out += '\\';
        out += c;
    }
    return out;
}

std::string bbcode_text(std::string_view text) {
    static const std::string zwsp = "\u200B";
    const std::string s = one_line(text);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        out += s[i];
        const bool www = s[i] == 'w' && i >= 2 && s.compare(i - 2, 3, "www") == 0 && i + 1 < s.size() && s[i + 1] == '.';
        if (s[i] == '[' || s[i] == '@' || (s[i] == ':' && s.compare(i + 1, 2, "//") == 0) || www) out += zwsp;
    }
    return out;
}

std::string url_encode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += kHex[u >> 4];
            out += kHex[u & 15];
        }
    }
    return out;
}

}  // namespace bc::share

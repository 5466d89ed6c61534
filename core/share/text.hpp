// Numbers written as the page writes them (site/js/dom.js pct() and num()),
// and a user's text made safe for each form a snapshot is copied as: in every
// form a name is text, never markup, a link or a table's edge.
#pragma once
#include <string>
#include <string_view>

namespace bc::share {

// A chance as the page shows it: "0%", "<0.01%", "0.67%", "31.9%", ">99.99%", "100%".
std::string pct(double p);
// A number with at most `digits` decimals and thousands separated by commas ("1,234.5").
std::string num(double x, int digits = 2);
// x rounded to `digits` decimals, halves away from zero on the exact binary
// value (JavaScript's toFixed), without trailing zeros when `trim`.
std::string fixed(double x, int digits, bool trim = false);

// Control characters and line breaks become spaces (a name is one line).
std::string one_line(std::string_view text);
// Characters (code points) in UTF-8 text.
std::size_t width(std::string_view text);
// At most `max` characters, ending in "…" when cut.
std::string clip(std::string_view text, std::size_t max);

// Text for HTML and SVG (XML): & < > " ' as character references.
std::string html_text(std::string_view text);
// Text for MediaWiki: every character wikitext gives a meaning to as a
// character reference, so no table, link, template, list or signature can start.
std::string wiki_text(std::string_view text);
// Text for GitHub-flavoured Markdown: every ASCII punctuation mark
// backslash-escaped (a table's pipe, emphasis, links, HTML, autolinks).
std::string markdown_text(std::string_view text);
// Text for BBCode: a zero-width space after "[" so that no tag can open, and
// inside "://", "www." and "@" so that forums do not turn it into a link.
std::string bbcode_text(std::string_view text);

// Percent-encodes all but A-Z a-z 0-9 - . _ ~ (for a link's ?j= query).
std::string url_encode(std::string_view text);

}  // namespace bc::share

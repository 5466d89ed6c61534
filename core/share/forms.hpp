// A snapshot in each form it is copied as. Every piece of text goes through
// its form's escaping (share/text.hpp), our own words as well as the user's.
#pragma once
#include <string>

#include "share/model.hpp"

namespace bc::share {

std::string wikitext(const Model& m);   // MediaWiki: a "wikitable"
std::string markdown(const Model& m);   // GitHub-flavoured Markdown tables
std::string bbcode(const Model& m);     // forums: lists, no tables
std::string plain_text(const Model& m); // e-mail: lines of at most 72 characters (a long link stands alone)
std::string html(const Model& m);       // a fragment: no script, no style, no handlers
std::string svg(const Model& m);        // the outcome chart, self-contained

// Lines of at most `columns` characters: `first` before the first, `rest`
// before the others; a word longer than a line is cut.
std::string wrap(const std::string& text, std::size_t columns, const std::string& first, const std::string& rest);

}  // namespace bc::share

// The "share" call: a battle as a snapshot for pages that run no script.
// Request: a battle (as for odds) and optionally
//   "share": {"link_base": "https://example.org/battle/",   where the calculator is hosted
//             "code": "2.…",                                 the page's link code for the battle
//             "roll": true}                                   the rolled battle's report instead of the odds
// Answer: {"ok":true, "wikitext", "markdown", "bbcode", "text", "html", "svg"
//          (the odds chart; a rolled battle has none), "link", "method", "outcomes"}.
#pragma once
#include <string>

namespace bc::share {

std::string share(const std::string& request);

}  // namespace bc::share

#include "json/input.hpp"

#include <algorithm>
#include <cmath>

namespace bc {

namespace {
const json& empty_object() {
    static const json e = json::object();
    return e;
}

std::string range_text(std::int64_t lo, std::int64_t hi) {
    return "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
}

std::string number_text(double v) {
    json j = v;
    return j.dump();
}
}  // namespace

std::string pointer_join(const std::string& path, const std::string& key) {
    std::string out = path + "/";
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string pointer_join(const std::string& path, std::size_t index) {
    return path + "/" + std::to_string(index);
}

std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i) out += ", ";
        out += words[i];
    }
    return out;
}

std::int64_t In::as_integer(std::int64_t lo, std::int64_t hi) const {
    const json& v = *v_;
    std::int64_t x = 0;
    if (v.is_number_integer()) {
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
            fail(range_text(lo, hi));
        x = v.get<std::int64_t>();
    } else if (v.is_number_float()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15) fail(range_text(lo, hi));
        x = static_cast<std::int64_t>(d);
    } else {
        fail(range_text(lo, hi));
    }
    if (x < lo || x > hi) fail(range_text(lo, hi));
    return x;
}

double In::as_number(double lo, double hi) const {
    if (!v_->is_number()) fail("must be a number from " + number_text(lo) + " to " + number_text(hi));
    const double d = v_->get<double>();
    if (!std::isfinite(d) || d < lo || d > hi)
        fail("must be a number from " + number_text(lo) + " to " + number_text(hi));
    return d;
}

bool In::as_bool() const {
    if (!v_->is_boolean()) fail("must be true or false");
    return v_->get<bool>();
}

std::string In::as_text(std::size_t max_chars) const {
    if (!v_->is_string()) fail("must be text of at most " + std::to_string(max_chars) + " characters");
    const std::string& s = v_->get_ref<const std::string&>();
    // Count characters, not bytes, so the limit means what the page says.
    std::size_t chars = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++chars;
    if (chars > max_chars) fail("must be text of at most " + std::to_string(max_chars) + " characters");
    return s;
}

std::string In::as_choice(const std::vector<std::string>& allowed) const {
    const std::string msg = "must be one of: " + join_words(allowed);
    if (!v_->is_string()) fail(msg);
    const std::string& s = v_->get_ref<const std::string&>();
    for (const auto& a : allowed)
        if (a == s) return s;
    fail(msg);
}

void In::must_be_object() const {
    if (!v_->is_object()) fail("must be an object ({...})");
}

bool In::has(const std::string& key) const { return v_->is_object() && v_->contains(key); }

In In::field(const std::string& key) const {
    must_be_object();
    auto it = v_->find(key);
    if (it == v_->end()) fail_at(key, "is required");
    return In(*it, pointer_join(path_, key));
}

std::int64_t In::integer(const std::string& key, std::int64_t lo, std::int64_t hi,
                         std::optional<std::int64_t> def) const {
    must_be_object();
    if (!has(key)) {
        if (def) return *def;
        fail_at(key, "is required: " + range_text(lo, hi).substr(8));
    }
    return field(key).as_integer(lo, hi);
}

double In::number(const std::string& key, double lo, double hi, std::optional<double> def) const {
    must_be_object();
    if (!has(key)) {
        if (def) return *def;
        fail_at(key, "is required");
    }
    return field(key).as_number(lo, hi);
}

bool In::boolean(const std::string& key, std::optional<bool> def) const {
    must_be_object();
    if (!has(key)) {
        if (def) return *def;
        fail_at(key, "is required: true or false");
    }
    return field(key).as_bool();
}

std::string In::text(const std::string& key, std::size_t max_chars, std::optional<std::string> def) const {
    must_be_object();
    if (!has(key)) {
        if (def) return *def;
        fail_at(key, "is required");
    }
    return field(key).as_text(max_chars);
}

std::string In::choice(const std::string& key, const std::vector<std::string>& allowed,
                       std::optional<std::string> def) const {
    must_be_object();
    if (!has(key)) {
        if (def) return *def;
        fail_at(key, "is required: one of " + join_words(allowed));
    }
    return field(key).as_choice(allowed);
}

std::vector<In> In::list(const std::string& key, std::size_t max_items, bool optional) const {
    must_be_object();
    std::vector<In> out;
    if (!has(key)) {
        if (optional) return out;
        fail_at(key, "is required: a list");
    }
    const json& v = (*v_)[key];
    const std::string p = pointer_join(path_, key);
    if (!v.is_array()) throw InputError(p, "must be a list ([...]) of at most " + std::to_string(max_items) + " items");
    if (v.size() > max_items)
        throw InputError(p, "must be a list of at most " + std::to_string(max_items) + " items");
    for (std::size_t i = 0; i < v.size(); ++i) out.emplace_back(v[i], pointer_join(p, i));
    return out;
}

In In::object(const std::string& key, bool optional) const {
    must_be_object();
    if (!has(key)) {
        if (optional) return In(empty_object(), pointer_join(path_, key));
        fail_at(key, "is required: an object ({...})");
    }
    In o = field(key);
    o.must_be_object();
    return o;
}

void In::only(std::initializer_list<const char*> known) const {
    std::vector<std::string> k;
    for (const char* s : known) k.emplace_back(s);
    only(k);
}

void In::only(const std::vector<std::string>& known) const {
    must_be_object();
    for (auto it = v_->begin(); it != v_->end(); ++it) {
        bool ok = false;
        for (const auto& k : known)
            if (k == it.key()) ok = true;
        if (!ok) fail_at(it.key(), "is not a known field here; known fields: " + join_words(known));
    }
}

json parse_request(const std::string& text, std::size_t max_bytes) {
    if (text.size() > max_bytes)
        throw InputError("", "the request is too large: at most " + std::to_string(max_bytes) + " bytes");
    try {
        // A depth limit stops hostile nesting from exhausting the stack.
        int depth = 0, max_depth = 0;
        bool in_string = false, escape = false;
        for (char c : text) {
            if (in_string) {
                if (escape)
                    escape = false;
                else if (c == '\\')
                    escape = true;
                else if (c == '"')
                    in_string = false;
                continue;
            }
            if (c == '"') in_string = true;
            if (c == '[' || c == '{') max_depth = std::max(max_depth, ++depth);
            if (c == ']' || c == '}') --depth;
        }
        if (max_depth > 64) throw InputError("", "the request is nested too deeply (at most 64 levels)");
        // Parsed plainly first: the path-tracking parse below costs a call and
        // a copied key per event (in wasm, more than the rest of the parse),
        // and only an error needs it.
        try {
            return json::parse(text);
        } catch (const json::out_of_range&) {
        }
        // Parsed again, tracking where the parser is, so that a number too
        // large for a double can be blamed on its field like any other bad number.
        struct Frame {
            bool array;
            std::size_t index;
            std::string key;
        };
        std::vector<Frame> at;
        auto element_done = [&at] {
            if (!at.empty() && at.back().array) ++at.back().index;
        };
        const json::parser_callback_t track = [&](int, json::parse_event_t ev, json& parsed) {
            switch (ev) {
                case json::parse_event_t::object_start: at.push_back({false, 0, {}}); break;
                case json::parse_event_t::array_start: at.push_back({true, 0, {}}); break;
                case json::parse_event_t::key: at.back().key = parsed.get<std::string>(); break;
                case json::parse_event_t::object_end:
                case json::parse_event_t::array_end:
                    at.pop_back();
                    element_done();
                    break;
                case json::parse_event_t::value: element_done(); break;
            }
            return true;
        };
        try {
            return json::parse(text, track);
        } catch (const json::out_of_range&) {
            std::string path;
            for (const Frame& f : at) path = f.array ? pointer_join(path, f.index) : pointer_join(path, f.key);
            throw InputError(path, "must be a number no larger than 1.8e308 in size");
        }
    } catch (const json::parse_error& e) {
        throw InputError("", std::string("the request is not valid JSON: ") + e.what());
    }
}

}  // namespace bc

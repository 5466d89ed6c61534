// Reading requests: every value is checked where it is read, and a bad one
// raises InputError naming its JSON Pointer path and what is allowed.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace bc {

using json = nlohmann::json;

class InputError : public std::runtime_error {
public:
    // `refers`: another place in the request that the message speaks of (the
    // unit a value clashes with), so that an answer can name it in words.
    InputError(std::string path, const std::string& message, std::string refers = {})
        : std::runtime_error(message), path_(std::move(path)), refers_(std::move(refers)) {}
    const std::string& path() const { return path_; }
    const std::string& refers() const { return refers_; }

private:
    std::string path_;
    std::string refers_;
};

// "/a/b" + "c" -> "/a/b/c", escaping as RFC 6901 says.
std::string pointer_join(const std::string& path, const std::string& key);
std::string pointer_join(const std::string& path, std::size_t index);

// A JSON value and where it sits in the request.
class In {
public:
    In(const json& value, std::string path) : v_(&value), path_(std::move(path)) {}

    const json& raw() const { return *v_; }
    const std::string& path() const { return path_; }
    [[noreturn]] void fail(const std::string& message) const { throw InputError(path_, message); }
    [[noreturn]] void fail_at(const std::string& key, const std::string& message) const {
        throw InputError(pointer_join(path_, key), message);
    }

    // This value, checked.
    std::int64_t as_integer(std::int64_t lo, std::int64_t hi) const;
    double as_number(double lo, double hi) const;
    bool as_bool() const;
    std::string as_text(std::size_t max_chars) const;
    std::string as_choice(const std::vector<std::string>& allowed) const;
    void must_be_object() const;

    // Fields of this object. A missing field takes the default; with no
    // default it is an error.
    bool has(const std::string& key) const;
    In field(const std::string& key) const;
    std::int64_t integer(const std::string& key, std::int64_t lo, std::int64_t hi,
                         std::optional<std::int64_t> def = std::nullopt) const;
    double number(const std::string& key, double lo, double hi, std::optional<double> def = std::nullopt) const;
    bool boolean(const std::string& key, std::optional<bool> def = std::nullopt) const;
    std::string text(const std::string& key, std::size_t max_chars,
                     std::optional<std::string> def = std::nullopt) const;
    std::string choice(const std::string& key, const std::vector<std::string>& allowed,
                       std::optional<std::string> def = std::nullopt) const;
    // A list of at most max_items; a missing field is an empty list when optional.
    std::vector<In> list(const std::string& key, std::size_t max_items, bool optional = true) const;
    // An object field; a missing one reads as {} when optional.
    In object(const std::string& key, bool optional = true) const;
    // Rejects fields not in `known`, naming the first such field.
    void only(std::initializer_list<const char*> known) const;
    void only(const std::vector<std::string>& known) const;

private:
    const json* v_;
    std::string path_;
};

// Parses request text; malformed JSON is an InputError at path "".
inline constexpr std::size_t kMaxRequestBytes = 4u << 20;
json parse_request(const std::string& text, std::size_t max_bytes = kMaxRequestBytes);

std::string join_words(const std::vector<std::string>& words);

}  // namespace bc

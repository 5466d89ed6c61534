#include "api/answer_text.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <memory>

namespace bc::api {

namespace {

using json = nlohmann::json;

// Writes what nlohmann's serializer writes, walking the tree itself. That
// serializer writes every string a byte at a time through a UTF-8 decoder
// that wasm does not inline, and every piece through a virtual call: a large
// answer spent a fifth of its time in wasm there. Here a string of printable
// ASCII with nothing to escape (the keys, and nearly every value) is copied
// whole, and anything else is handed to nlohmann's serializer, so that
// escapes and replacement are its own. Numbers are written as it writes
// them: integers in decimal, doubles by its shortest round-trip to_chars,
// and anything not finite as null.
class Writer {
public:
    std::string finish() {
        flush();
        return std::move(out_);
    }

    void value(const json& v) {
        switch (v.type()) {
            case json::value_t::object: {
                const auto& o = v.get_ref<const json::object_t&>();
                put('{');
                bool first = true;
                for (const auto& [k, x] : o) {
                    if (!first) put(',');
                    first = false;
                    string(k, nullptr);
                    put(':');
                    value(x);
                }
                put('}');
                return;
            }
            case json::value_t::array: {
                const auto& a = v.get_ref<const json::array_t&>();
                put('[');
                for (std::size_t i = 0; i < a.size(); ++i) {
                    if (i) put(',');
                    value(a[i]);
                }
                put(']');
                return;
            }
            case json::value_t::string:
                string(v.get_ref<const std::string&>(), &v);
                return;
            case json::value_t::boolean:
                v.get<bool>() ? put("true", 4) : put("false", 5);
                return;
            case json::value_t::number_integer:
                number(v.get<json::number_integer_t>());
                return;
            case json::value_t::number_unsigned:
                number(v.get<json::number_unsigned_t>());
                return;
            case json::value_t::number_float: {
                const double x = v.get<double>();
                if (!std::isfinite(x)) {
                    put("null", 4);
                    return;
                }
                char* p = room(kNumber);
                n_ += static_cast<std::size_t>(nlohmann::detail::to_chars(p, p + kNumber, x) - p);
                return;
            }
            case json::value_t::null:
                put("null", 4);
                return;
            default:  // binary and discarded: never in an answer, but written as the library would
                library(v);
                return;
        }
    }

private:
    static constexpr std::size_t kChunk = 1 << 14;
    static constexpr std::size_t kNumber = 64;

    // A string, quoted. `node` is the JSON value holding it, if any.
    void string(const std::string& s, const json* node) {
        for (const char c : s) {
            const auto b = static_cast<unsigned char>(c);
            if (b < 0x20 || b > 0x7e || c == '"' || c == '\\') {
                if (node) library(*node);
                else library(json(s));
                return;
            }
        }
        put('"');
        put(s.data(), s.size());
        put('"');
    }

    template <class T>
    void number(T x) {
        char* p = room(kNumber);
        n_ += static_cast<std::size_t>(std::to_chars(p, p + kNumber, x).ptr - p);
    }

    // nlohmann's own writing of one value, into this text.
    class Adapter final : public nlohmann::detail::output_adapter_protocol<char> {
    public:
        explicit Adapter(Writer& w) : w_(w) {}
        void write_character(char c) override { w_.put(c); }
        void write_characters(const char* s, std::size_t len) override { w_.put(s, len); }

    private:
        Writer& w_;
    };
    void library(const json& v) {
        if (!library_)
            library_ = std::make_unique<nlohmann::detail::serializer<json>>(std::make_shared<Adapter>(*this), ' ',
                                                                            json::error_handler_t::replace);
        library_->dump(v, false, false, 0);
    }

    // At least `len` bytes free at the end of the chunk; returns where they start.
    char* room(std::size_t len) {
        if (kChunk - n_ < len) flush();
        return chunk_ + n_;
    }
    void put(char c) { *room(1) = c, ++n_; }
    void put(const char* s, std::size_t len) {
        if (len > kChunk) {
            flush();
            out_.append(s, len);
            return;
        }
        std::memcpy(room(len), s, len);
        n_ += len;
    }
    void flush() {
        out_.append(chunk_, n_);
        n_ = 0;
    }

    std::string out_;
    std::size_t n_ = 0;
    char chunk_[kChunk];
    std::unique_ptr<nlohmann::detail::serializer<json>> library_;
};

}  // namespace

std::string answer_text(const json& answer) {
    auto w = std::make_unique<Writer>();
    w->value(answer);
    return w->finish();
}

}  // namespace bc::api

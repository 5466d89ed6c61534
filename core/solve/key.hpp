// A state's canonical key, packed into 64-bit words: the exact solver stores
// these instead of whole states (a few words against hundreds of bytes), and
// rebuilds a state from its key when it needs it. So a key must hold
// everything the state's future (and its record()) depends on, and nothing
// that cannot matter: two states with equal keys are merged.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace bc {

inline constexpr std::size_t kMaxKeyWords = 64;

class KeyWriter {
public:
    // Appends the low `bits` bits of `v` (1 to 64). A key that would pass
    // kMaxKeyWords sets overflow() instead of writing past the end.
    void put(std::uint64_t v, unsigned bits) {
        if (bits < 64) v &= (std::uint64_t{1} << bits) - 1;
        const unsigned room = 64 - used_;
        if (used_ == 0) {
            if (n_ == kMaxKeyWords) {
                overflow_ = true;
                return;
            }
            w_[n_++] = 0;
        }
        w_[n_ - 1] |= v << used_;
        if (bits < room) {
            used_ += bits;
            return;
        }
        // The rest goes into the next word.
        const unsigned rest = bits - room;
        used_ = 0;
        if (rest == 0) return;
        if (n_ == kMaxKeyWords) {
            overflow_ = true;
            return;
        }
        w_[n_++] = v >> room;
        used_ = rest;
    }
    void put_bool(bool b) { put(b ? 1 : 0, 1); }
    // For a packer that gathers fields into words itself (warfare's key):
    // open() hands over the buffer, the whole words written so far and the
    // partial last word; close() takes them back. The words go straight into
    // the buffer, and the packer's position can stay in registers.
    struct Open {
        std::uint64_t* words;
        std::size_t n;  // whole words
        std::uint64_t partial;
        unsigned used;  // bits of `partial` in use (0 to 63)
    };
    Open open() {
        if (used_ == 0) return {w_.data(), n_, 0, 0};
        return {w_.data(), n_ - 1, w_[n_ - 1], used_};
    }
    // `n` whole words (at most kMaxKeyWords), then `used` bits of `partial`;
    // `overflow`: the packer had more words than the key may have.
    void close(std::size_t n, std::uint64_t partial, unsigned used, bool overflow) {
        n_ = n;
        used_ = used;
        if (used_ > 0) {
            if (n_ == kMaxKeyWords)
                overflow = true;
            else
                w_[n_++] = partial;
        }
        overflow_ = overflow_ || overflow;
    }
    // A small signed value stored as v + 1 (for "none" = -1 fields).
    void put_opt(int v, unsigned bits) { put(static_cast<std::uint64_t>(v + 1), bits); }

    void clear() {
        n_ = 0;
        used_ = 0;
        overflow_ = false;
    }
    std::size_t size() const { return n_; }
    const std::uint64_t* data() const { return w_.data(); }
    bool overflow() const { return overflow_; }

private:
    std::array<std::uint64_t, kMaxKeyWords> w_{};
    std::size_t n_ = 0;
    unsigned used_ = 0;  // bits used in the last word (0: none begun)
    bool overflow_ = false;
};

class KeyReader {
public:
    KeyReader(const std::uint64_t* w, std::size_t n) : w_(w), n_(n) {}
    std::uint64_t get(unsigned bits) {
        if (i_ >= n_) throw std::logic_error("key read past its end");
        const unsigned room = 64 - used_;
        std::uint64_t v = w_[i_] >> used_;
        if (bits < room) {
            used_ += bits;
        } else {
            ++i_;
            used_ = bits - room;
            if (used_ > 0) {
                if (i_ >= n_) throw std::logic_error("key read past its end");
                v |= w_[i_] << room;
            }
        }
        if (bits < 64) v &= (std::uint64_t{1} << bits) - 1;
        return v;
    }
    bool get_bool() { return get(1) != 0; }
    int get_opt(unsigned bits) { return static_cast<int>(get(bits)) - 1; }

    // Where the reader stands, for a caller that reads a known layout with a
    // reader of its own and then moves this one on (seek()).
    const std::uint64_t* words() const { return w_; }
    std::size_t size() const { return n_; }
    std::size_t word() const { return i_; }
    unsigned bit() const { return used_; }
    void seek(std::size_t word, unsigned bit) {
        i_ = word;
        used_ = bit;
    }

private:
    const std::uint64_t* w_;
    std::size_t n_;
    std::size_t i_ = 0;
    unsigned used_ = 0;
};

// Bits needed for values 0..max.
constexpr unsigned bits_for(std::uint64_t max) {
    unsigned b = 1;
    while (b < 64 && (max >> b) != 0) ++b;
    return b;
}

}  // namespace bc

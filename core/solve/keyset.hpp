// A set of packed keys with a number for each: keys live end to end in one
// array of words, and a flat open-addressing table maps a key to its number.
// No per-key allocation, no strings; memory is a few bytes more than the keys.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

namespace bc {

inline std::uint64_t hash_words(const std::uint64_t* w, std::size_t n) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= w[i] + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
    }
    h ^= h >> 31;
    h *= 0x94d049bb133111ebULL;
    h ^= h >> 29;
    return h;
}

class KeySet {
public:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    std::uint32_t size() const { return static_cast<std::uint32_t>(start_.size()); }
    const std::uint64_t* key(std::uint32_t id) const { return words_.data() + start_[id]; }
    std::size_t key_size(std::uint32_t id) const {
        const std::size_t end = id + 1 < start_.size() ? start_[id + 1] : words_.size();
        return end - start_[id];
    }

    // The key's number, adding it when new (`fresh` says which).
    std::uint32_t insert(const std::uint64_t* w, std::size_t n, bool& fresh) {
        if ((start_.size() + 1) * 10 > slots_.size() * 7) grow();
        const std::uint32_t tag = tag_of(w, n);
        std::size_t i = home(tag);
        for (;;) {
            const std::uint64_t s = slots_[i];
            if (s == kEmpty) break;
            if (static_cast<std::uint32_t>(s >> 32) == tag) {
                const std::uint32_t id = static_cast<std::uint32_t>(s);
                if (same(id, w, n)) {
                    fresh = false;
                    return id;
                }
            }
            i = (i + 1) & (slots_.size() - 1);
        }
        const std::uint32_t id = size();
        start_.push_back(static_cast<std::uint32_t>(words_.size()));
        words_.insert(words_.end(), w, w + n);
        slots_[i] = (std::uint64_t{tag} << 32) | id;
        fresh = true;
        return id;
    }

    std::uint32_t find(const std::uint64_t* w, std::size_t n) const {
        if (slots_.empty()) return kNone;
        const std::uint32_t tag = tag_of(w, n);
        std::size_t i = home(tag);
        for (;;) {
            const std::uint64_t s = slots_[i];
            if (s == kEmpty) return kNone;
            const std::uint32_t id = static_cast<std::uint32_t>(s);
            if (static_cast<std::uint32_t>(s >> 32) == tag && same(id, w, n)) return id;
            i = (i + 1) & (slots_.size() - 1);
        }
    }

    // Bytes held (capacity, not just size: that is what the process pays).
    std::size_t bytes() const {
        return words_.capacity() * sizeof(std::uint64_t) + start_.capacity() * sizeof(std::uint32_t) +
               slots_.capacity() * sizeof(std::uint64_t);
    }

    void release() {
        std::vector<std::uint64_t>().swap(words_);
        std::vector<std::uint32_t>().swap(start_);
        std::vector<std::uint64_t>().swap(slots_);
    }

private:
    // A slot: the hash's high 32 bits, then the key's number; all ones is empty
    // (no key can have number 0xffffffff: the state budget is far below it).
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};

    static std::uint32_t tag_of(const std::uint64_t* w, std::size_t n) {
        return static_cast<std::uint32_t>(hash_words(w, n) >> 32);
    }
    // A key's first slot: the top bits of its tag, so that growing the table
    // places every slot again from the slot alone, without hashing its key.
    std::size_t home(std::uint32_t tag) const { return static_cast<std::size_t>(tag) >> shift_; }
    // Keys are a few words: a loop the compiler inlines beats a call to memcmp.
    bool same(std::uint32_t id, const std::uint64_t* w, std::size_t n) const {
        if (key_size(id) != n) return false;
        const std::uint64_t* k = key(id);
        for (std::size_t j = 0; j < n; ++j)
            if (k[j] != w[j]) return false;
        return true;
    }

    void grow() {
        const std::size_t cap = slots_.empty() ? 64 : slots_.size() * 2;
        std::vector<std::uint64_t> old;
        old.swap(slots_);
        slots_.assign(cap, kEmpty);
        shift_ = 32 - static_cast<unsigned>(std::countr_zero(cap));
        for (const std::uint64_t s : old) {
            if (s == kEmpty) continue;
            std::size_t i = home(static_cast<std::uint32_t>(s >> 32));
            while (slots_[i] != kEmpty) i = (i + 1) & (cap - 1);
            slots_[i] = s;
        }
    }

    std::vector<std::uint64_t> words_;
    std::vector<std::uint32_t> start_;  // where each key begins in words_ (the memory budget keeps it
                                       // far below 2^32 words)
    std::vector<std::uint64_t> slots_;
    unsigned shift_ = 32;  // 32 - log2(slots_.size())
};

}  // namespace bc

// One layer of the frontier engine: the distinct states after some number of visited cells, each
// with a count, in flat arrays (keys of `stride` entries side by side) with an open-addressing
// index. A hash map of vectors would spend a heap block and a pointer per state; here a state
// costs its key, its count and one to three index slots, which decides how wide a board fits in
// memory.
//
// Counts are unsigned 128-bit integers that saturate at their maximum (2^128 - 1) instead of
// wrapping: an exact count below that is exact, and a saturated one is reported as "at least".
// A narrow table keeps 16-bit counts saturating at kNarrowMax instead, for callers that ask only
// whether the total exceeds a cap below it (count --max N, unique): min(a + b, S) =
// min(min(a, S) + min(b, S), S), so every state keeps min(count, S), and the total is exact up to
// S. A narrow count sits beside its key (one entry more per key) rather than in an array of its
// own: on janko_even #135 under nikoli rules the tables took 17 % less memory (count --max 2:
// 703 -> 584 MB; unique: 1176 -> 1025 MB) and 2-5 % less time. (128-bit counts beside their keys
// took 5 % more time and 10 % more memory on mzucker extreme_12x12_28, so they stay apart.)
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "solver/count/frontier_state.hpp"
#include "solver/base/grow_buffer.hpp"

namespace nl::frontier {

using Count = unsigned __int128;
constexpr Count kCountMax = ~Count(0);

inline Count add_saturating(Count a, Count b) {
    const Count sum = a + b;
    return sum < a ? kCountMax : sum;
}

class StateTable {
   public:
    static constexpr Count kNarrowMax = 65535;
    StateTable(int stride, bool narrow) : stride_(stride), record_(stride + (narrow ? 1 : 0)) {
        assign_slots(1024);
    }

    std::size_t size() const { return size_; }
    bool narrow() const { return record_ == stride_ + 1; }
    const Plug* key(std::size_t i) const { return records_.data() + i * record_; }
    Count count(std::size_t i) const { return narrow() ? key(i)[stride_] : counts_[i]; }
    // Sets state i's count (a narrow table keeps at most kNarrowMax).
    void set_count(std::size_t i, Count c) {
        if (narrow())
            records_[i * record_ + stride_] = static_cast<Plug>(std::min(c, kNarrowMax));
        else
            counts_[i] = c;
    }
    // Bytes held (keys, counts, index), for the memory budget.
    std::size_t bytes() const {
        return records_.capacity() * sizeof(Plug) + counts_.capacity() * sizeof(Count) +
               slots_.capacity() * sizeof(Slot);
    }

    // Room for `states` states without growing: the index sized for them (rehashing every key
    // at each doubling is then mostly avoided) and the keys and counts reserved (no copies of
    // them as they grow). A layer is about as large as the one before it, which callers pass.
    void reserve(std::size_t states) {
        std::size_t slots = slots_.size();
        while (3 * slots < 4 * states) slots *= 2;
        if (slots > slots_.size()) reindex(slots);
        records_.reserve(states * static_cast<std::size_t>(record_));
        if (!narrow()) counts_.reserve(states);
    }

    // Adds `count` to the state `key`, inserting it (with that count) when it is new (then its
    // index is size() - 1). Returns the state's index.
    std::size_t add(const Plug* key, Count count) { return add(key, count, hash(key)); }
    // The same with the key's hash() already computed.
    std::size_t add(const Plug* key, Count count, std::size_t h) {
        if (4 * (size() + 1) > 3 * slots_.size()) grow();
        std::size_t s = h & (slots_.size() - 1);
        const Slot tag = tag_of(h);
        for (; slots_[s]; s = (s + 1) & (slots_.size() - 1)) {
            if ((slots_[s] & tag_bits_) != tag) continue;
            const std::size_t i = index_of(slots_[s]);
            if (same(this->key(i), key)) {
                set_count(i, add_saturating(this->count(i), count));
                return i;
            }
        }
        slots_[s] = tag | static_cast<Slot>(size() + 1);
        records_.append(key, static_cast<std::size_t>(stride_));
        if (narrow())
            records_.push_back(static_cast<Plug>(std::min(count, kNarrowMax)));
        else
            counts_.push_back(count);
        ++size_;
        return size() - 1;
    }

    // The index of state `key`, or -1.
    long find(const Plug* key) const {
        const std::size_t h = hash(key);
        const Slot tag = tag_of(h);
        for (std::size_t s = h & (slots_.size() - 1); slots_[s]; s = (s + 1) & (slots_.size() - 1)) {
            if ((slots_[s] & tag_bits_) != tag) continue;
            const std::size_t i = index_of(slots_[s]);
            if (same(this->key(i), key)) return static_cast<long>(i);
        }
        return -1;
    }

    // The hash of a key (add() takes it computed, and the hints below).
    std::size_t hash(const Plug* key) const {
        const std::size_t bytes = static_cast<std::size_t>(stride_) * sizeof(Plug);
        std::uint64_t h = 0x9e3779b97f4a7c15ull;
        for (std::size_t b = 0; b < bytes; b += 8) h = (h ^ word(key, b, bytes)) * 0xff51afd7ed558ccdull + (h >> 31);
        h ^= h >> 33;  // the table masks the low bits: fold the high ones in (MurmurHash3's finaliser)
        h *= 0xc4ceb9fe1a85ec53ull;
        return static_cast<std::size_t>(h ^ (h >> 33));
    }

    // Hints for adding many keys at once (see FrontierCounter::flush): each add in a layer of
    // millions of states misses the cache twice, at its slot and at the key that slot names, and
    // these loads may be started for a whole batch of keys before the first add needs them.
    // prefetch_slot starts loading key's slot; prefetch_key, once that slot has arrived, the key
    // and count it names. Neither changes anything, so the table may have grown in between.
    void prefetch_slot(std::size_t h) const { __builtin_prefetch(slots_.data() + (h & (slots_.size() - 1))); }
    // Returns the index the slot names (the likely match), or -1 when it is empty.
    long prefetch_key(std::size_t h) const {
        const Slot slot = slots_[h & (slots_.size() - 1)];
        if (!slot || (slot & tag_bits_) != tag_of(h)) return -1;
        const std::size_t i = index_of(slot);
        __builtin_prefetch(key(i));
        if (narrow())
            __builtin_prefetch(key(i) + record_ - 1);  // the key and count may straddle two lines
        else
            __builtin_prefetch(counts_.data() + i);
        return static_cast<long>(i);
    }

    // Empties the table but keeps its memory, for a layer of about `states` states (allocating
    // every layer afresh spent a tenth of the time in the kernel, clearing new pages). The index
    // is cut down to that size (the small layers after a large one need not clear the large
    // one's index each time), filled to between three eighths and three quarters (add grows it
    // beyond). With tags (below) the index may be that full: keeping it at most half full, as
    // before them, took 28 % more memory on janko_even #135 under flow rules in the same time.
    void clear(std::size_t states) {
        records_.clear();
        counts_.clear();
        size_ = 0;
        std::size_t slots = 1024;
        while (slots < 2 * states) slots *= 2;
        assign_slots(slots);
        reserve(states);
    }

   private:
    int stride_;
    int record_;  // entries per key in records_: stride_, and one more for a narrow count
    GrowBuffer<Plug> records_;
    GrowBuffer<Count> counts_;  // wide counts
    std::size_t size_ = 0;
    // A slot: 0 (empty), or the state's index + 1 in the low bits and bits of its hash above
    // them (the tag), so that a probe reads the keys of states whose tag matches only. With the
    // index a quarter to a half full, a probe met another state's slot first about as often,
    // and that key's load missed the cache: 65 % of the time of adds on janko_even #135 under
    // nikoli rules. The index needs log2(slots) bits (a table holds at most 3/4 slots states),
    // the tag has the rest: 5 bits or more up to 2^27 slots. Tags took the count of #135 from
    // 12.2 to 10.5 s; 64-bit slots with 32-bit tags gained less (11.6 s) and took 40 % more
    // memory.
    using Slot = std::uint32_t;
    Slot tag_bits_ = 0;  // the bits of a slot above the index's
    Slot tag_of(std::size_t h) const { return static_cast<Slot>(h >> 32) & tag_bits_; }
    std::size_t index_of(Slot slot) const { return static_cast<std::size_t>(slot & ~tag_bits_) - 1; }
    void assign_slots(std::size_t slots) {
        slots_.assign_zeros(slots);
        const int index_bits = std::countr_zero(slots);
        tag_bits_ = index_bits >= 32 ? 0 : ~Slot{0} << index_bits;
    }
    GrowBuffer<Slot> slots_;  // size a power of two

    // A key's bytes eight at a time (the last word zero-padded), for hashing and comparing: a
    // state of a 12-wide board (13 plugs, 26 bytes) is 4 words. Adding states took 62 % of the
    // engine's time on mzucker extreme_12x12_28 under nikoli rules when the hash chained one
    // multiply per plug and keys were compared by memcmp calls; word by word, the count takes
    // 7.5-7.9 s instead of 9.1 s. (A 32-bit fingerprint of the hash beside each slot, to pass
    // other states without reading their keys, cost 8 % more memory for no measurable gain.)
    // Fixed-size copies only: they compile to loads, a copy of variable size to a call.
    static std::uint64_t word(const Plug* key, std::size_t byte, std::size_t bytes) {
        const unsigned char* p = reinterpret_cast<const unsigned char*>(key) + byte;
        std::uint64_t w = 0;
        std::uint32_t w4 = 0;
        std::uint16_t w2 = 0;
        switch (bytes - byte) {  // even: a plug has two bytes
            case 2: std::memcpy(&w2, p, 2); return w2;
            case 4: std::memcpy(&w4, p, 4); return w4;
            case 6:
                std::memcpy(&w4, p, 4);
                std::memcpy(&w2, p + 4, 2);
                return w4 | std::uint64_t{w2} << 32;
            default: std::memcpy(&w, p, 8); return w;
        }
    }
    bool same(const Plug* a, const Plug* b) const {
        const std::size_t bytes = static_cast<std::size_t>(stride_) * sizeof(Plug);
        for (std::size_t i = 0; i < bytes; i += 8)
            if (word(a, i, bytes) != word(b, i, bytes)) return false;
        return true;
    }
    void grow() { reindex(slots_.size() * 2); }
    // The index rebuilt with `slots` slots (a power of two).
    void reindex(std::size_t slots) {
        assign_slots(slots);
        for (std::size_t i = 0; i < size(); ++i) {
            const std::size_t h = hash(key(i));
            std::size_t s = h & (slots - 1);
            while (slots_[s]) s = (s + 1) & (slots - 1);
            slots_[s] = tag_of(h) | static_cast<Slot>(i + 1);
        }
    }
};

}  // namespace nl::frontier

// The generator's own pseudo-random numbers, so that a seed gives the same puzzles with every
// compiler and standard library (std::uniform_int_distribution and friends differ between
// implementations; the engines are portable but their use through distributions is not).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace nl::gen {

// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state, one addition and a mixing function per
// number; passes BigCrush and is the usual way to seed other generators.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct Rng {
    std::uint64_t state;

    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() { return splitmix64(state); }

    // Uniform in [0, n) for n > 0, without modulo bias: Lemire's multiply-and-shift with
    // rejection of the few low products that would favour some values.
    std::uint32_t below(std::uint32_t n) {
        std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
        auto low = static_cast<std::uint32_t>(m);
        if (low < n) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
            while (low < threshold) {
                m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    template <class T>
    const T& pick(const std::vector<T>& items) { return items[below(static_cast<std::uint32_t>(items.size()))]; }

    // Fisher-Yates, with our own `below`.
    template <class T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i)
            std::swap(items[i - 1], items[below(static_cast<std::uint32_t>(i))]);
    }
};

// The seed of puzzle number `index` of a run: independent streams per puzzle, so puzzle k of a
// run does not depend on how many attempts the puzzles before it needed.
inline std::uint64_t puzzle_seed(std::uint64_t run_seed, std::uint64_t index) {
    std::uint64_t s = run_seed ^ (0xD1B54A32D192ED03ull * (index + 1));
    splitmix64(s);
    return splitmix64(s);
}

}  // namespace nl::gen

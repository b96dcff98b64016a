// Test-only: seeded random small puzzles, so a failure reproduces from the printed seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nl::testing_boards {

// xorshift64: our own generator, so the boards are the same with every standard library.
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

struct BoardShape {
    int min_side = 2, max_side = 4;  // width and height drawn from [min_side, max_side]
    int blocked_one_in = 8;          // each cell blocked with probability 1/n (0: never)
    int max_labels = 3;
};

// Places 1..max_labels labels (named A, B, ...) on distinct free cells of `p`, whose blocked
// cells are set; false, with nothing placed, when the number drawn does not fit.
inline bool place_random_labels(Rng& rng, Puzzle& p, int max_labels) {
    std::vector<CellId> free;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (!p.blocked[c]) free.push_back(c);
    const int labels = 1 + rng.below(max_labels);
    if (static_cast<int>(free.size()) < 2 * labels) return false;
    for (int l = 0; l < labels; ++l) {
        Label label{std::string(1, char('A' + l)), {}};
        for (CellId& end : label.ends) {
            const int k = rng.below(static_cast<int>(free.size()));
            end = free[k];
            free.erase(free.begin() + k);
        }
        p.labels.push_back(label);
    }
    return true;
}

// A random board with 1..max_labels labels on distinct free cells (redrawn until they fit).
inline Puzzle random_puzzle(Rng& rng, const BoardShape& shape = {}) {
    for (;;) {
        const int span = shape.max_side - shape.min_side + 1;
        const int w = shape.min_side + rng.below(span), h = shape.min_side + rng.below(span);
        Puzzle p = make_board(w, h);
        if (shape.blocked_one_in > 0)
            for (CellId c = 0; c < p.cell_count(); ++c) p.blocked[c] = rng.below(shape.blocked_one_in) == 0;
        if (!place_random_labels(rng, p, shape.max_labels)) continue;
        p.name = "random";
        finalize(p);
        return p;
    }
}

}  // namespace nl::testing_boards

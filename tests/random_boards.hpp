// Test-only: seeded random small puzzles, so a failure reproduces from the printed seed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
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
// cells (and bridges, where a path cannot end) are set; false, with nothing placed, when the
// number drawn does not fit.
inline bool place_random_labels(Rng& rng, Puzzle& p, int max_labels) {
    std::vector<CellId> free;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!p.blocked[c] && std::find(p.bridges.begin(), p.bridges.end(), c) == p.bridges.end()) free.push_back(c);
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

// A random board that has a solution under flow rules by construction: random links join the
// free cells into paths (never closing a cycle, never a third link at a cell) until a drawn number
// of paths is left; cells left alone are blocked, and each path's two ends become a label's
// terminals (1 to max_paths of them). The paths themselves are forgotten: the board usually has
// other solutions too.
inline Puzzle random_covered_puzzle(Rng& rng, int max_side, int max_paths = 4) {
    for (;;) {
        const int w = 2 + rng.below(max_side - 1), h = 2 + rng.below(max_side - 1);
        Puzzle p = make_board(w, h);
        const int n = w * h;
        for (CellId c = 0; c < n; ++c) p.blocked[c] = rng.below(10) == 0;
        std::vector<int> root(n), degree(n, 0);
        for (int c = 0; c < n; ++c) root[c] = c;
        auto find = [&](int c) {
            while (root[c] != c) c = root[c] = root[root[c]];
            return c;
        };
        int paths = 0;
        for (CellId c = 0; c < n; ++c) paths += !p.blocked[c];
        const int target = 1 + rng.below(max_paths);
        for (int attempt = 0; attempt < 40 * n && paths > target; ++attempt) {
            const CellId c = rng.below(n);
            const Coord xy = p.coord(c);
            const int dir = rng.below(4);
            const int x = xy.x + (dir == 0) - (dir == 1), y = xy.y + (dir == 2) - (dir == 3);
            if (!p.in_bounds(x, y)) continue;
            const CellId d = p.cell(x, y);
            if (p.blocked[c] || p.blocked[d] || degree[c] == 2 || degree[d] == 2 || find(c) == find(d)) continue;
            root[find(c)] = find(d);
            ++degree[c];
            ++degree[d];
            --paths;
        }
        std::vector<std::vector<CellId>> ends(n);
        for (CellId c = 0; c < n; ++c) {
            if (p.blocked[c]) continue;
            if (degree[c] == 0) p.blocked[c] = 1;
            if (degree[c] == 1) ends[find(c)].push_back(c);
        }
        for (const auto& e : ends)
            if (e.size() == 2) p.labels.push_back({std::string(1, char('A' + p.labels.size())), {e[0], e[1]}});
        if (p.labels.empty() || p.labels.size() > 26) continue;
        p.name = "covered";
        finalize(p);
        return p;
    }
}

// A random board of `layers` layers; with `vias`, a few random stacked columns are the only
// places where a line may change layer.
inline Puzzle random_layered(Rng& rng, int layers, bool vias, int max_side, int max_labels) {
    for (;;) {
        const int w = 2 + rng.below(max_side - 1), h = 2 + rng.below(max_side - 1);
        Puzzle p = make_board(w, h, layers);
        for (CellId c = 0; c < p.cell_count(); ++c) p.blocked[c] = rng.below(8) == 0;
        if (vias) {
            const int count = 1 + rng.below(3);
            std::set<int> columns;
            for (int v = 0; v < count; ++v) columns.insert(rng.below(w * h));
            for (int column : columns) {
                Via via{"v", {}};
                via.name += std::to_string(column);  // += : GCC 12 warns falsely on "v" + string
                for (int z = 0; z < layers; ++z) {
                    via.cells.push_back(z * w * h + column);
                    p.blocked[z * w * h + column] = 0;
                }
                p.vias.push_back(via);
            }
        }
        if (!place_random_labels(rng, p, max_labels)) continue;
        p.name = "random";
        finalize(p);
        return p;
    }
}

// Half the time (drawn from `rng`), swaps the second ends of two labels of `p`: a board made
// solvable by construction (the generator's) then often is not, so both verdicts come up.
inline void maybe_swap_ends(Puzzle& p, Rng& rng) {
    if (!rng.below(2) || p.labels.size() < 2) return;
    const int n = static_cast<int>(p.labels.size());
    const int a = rng.below(n);
    const int b = (a + 1 + rng.below(n - 1)) % n;
    std::swap(p.labels[a].ends[1], p.labels[b].ends[1]);
    finalize(p);
}

// A w x h board with `labels` labels on random cells, each label's ends of different chessboard
// colours (so that the colour counts can fit under fill rules), and up to `dominoes` blocked
// pairs of neighbouring cells in a row (which keep them fitting): sparse flow boards, like the
// bench's huge-random boards.
inline Puzzle random_sparse_board(Rng& rng, int w, int h, int labels, int dominoes = 0) {
    for (;;) {
        Puzzle p = make_board(w, h);
        std::set<CellId> taken;
        bool ok = true;
        for (int l = 0; l < labels && ok; ++l) {
            Label label{std::string(1, static_cast<char>('A' + l)), {}};
            for (CellId& end : label.ends) {
                end = rng.below(w * h);
                ok &= taken.insert(end).second;
            }
            const Coord a = p.coord(label.ends[0]), b = p.coord(label.ends[1]);
            ok &= (a.x + a.y) % 2 != (b.x + b.y) % 2;
            p.labels.push_back(label);
        }
        for (int d = 0; d < dominoes && ok; ++d) {
            const int x = rng.below(w - 1), y = rng.below(h);
            if (taken.count(p.cell(x, y)) || taken.count(p.cell(x + 1, y))) continue;
            p.blocked[p.cell(x, y)] = p.blocked[p.cell(x + 1, y)] = kCellBlocked;
        }
        if (!ok) continue;
        p.name = "sparse";
        finalize(p);
        return p;
    }
}

// A board cut in two by a column of blocked cells (and random blocked cells besides), with one
// or two labels on each side, both ends on that side; nothing when a side has too few free cells.
inline std::optional<Puzzle> split_board(std::uint64_t seed) {
    Rng rng{seed * 0xD1B54A32D192ED03ull};
    const int half = 2 + rng.below(2), h = 2 + rng.below(3), w = 2 * half + 1;
    Puzzle p = make_board(w, h);
    for (CellId c = 0; c < p.cell_count(); ++c) p.blocked[c] = c % w == half || rng.below(6) == 0;
    for (int side = 0; side < 2; ++side) {
        std::vector<CellId> free;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.blocked[c] && (c % w < half) == (side == 0)) free.push_back(c);
        const int labels = 1 + rng.below(2);
        for (int l = 0; l < labels; ++l) {
            if (free.size() < 2) return std::nullopt;
            Label label{std::string(1, static_cast<char>('A' + p.labels.size())), {}};
            for (CellId& end : label.ends) {
                const int k = rng.below(static_cast<int>(free.size()));
                end = free[k];
                free.erase(free.begin() + k);
            }
            p.labels.push_back(label);
        }
    }
    p.name = "split";
    finalize(p);
    return p;
}

}  // namespace nl::testing_boards

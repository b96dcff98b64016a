// A solution under construction: paths over a W x H board (one layer), each cell owned by one
// path, empty, or blocked. The generator builds a layout first and reads the puzzle off it (the
// path ends become the terminals), as seed 001 does.
#pragma once

#include <array>
#include <vector>

#include "core/puzzle.hpp"
#include "generator/rng.hpp"

namespace nl::gen {

constexpr int kEmpty = -1;
constexpr int kSolid = -2;

struct Layout {
    int width = 0, height = 0;
    std::vector<int> owner;                   // per cell: path index, kEmpty or kSolid
    std::vector<std::vector<CellId>> paths;   // each from one end to the other

    Layout(int w, int h) : width(w), height(h), owner(static_cast<std::size_t>(w) * h, kEmpty) {}
    int cell_count() const { return width * height; }
    int count(int what) const;  // cells owned by `what` (kEmpty, kSolid)
    // Re-derives `owner` from `paths` (after paths were split, merged or renumbered).
    void renumber();
};

// The up-to-four neighbours of a cell in a fixed order (up, left, right, down); `n` gets how many.
struct Neighbours {
    std::array<CellId, 4> cells;
    int n = 0;
    const CellId* begin() const { return cells.data(); }
    const CellId* end() const { return cells.data() + n; }
};
Neighbours grid_neighbours(int width, int height, CellId c);

// Does `c` have a neighbour on path `path` other than `except` (and `except2`)? Adding `c` next
// to `except` would then make the path touch itself.
bool touches_path(const Layout& layout, CellId c, int path, CellId except, CellId except2 = kNoCell);

// The puzzle (terminals at the path ends, labels named 1, 2, ... in path order, solid cells
// blocked) and its solution. The caller checks it.
Puzzle puzzle_of(const Layout& layout, Rules rules, const std::string& name);
Solution solution_of(const Layout& layout);

}  // namespace nl::gen

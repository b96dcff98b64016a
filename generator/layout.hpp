// A solution under construction: paths over a board, each node owned by one path, empty, or
// blocked. The generator builds a layout first and reads the puzzle off it (the path ends become
// the terminals): the union-find generator's method.
//
// The board is a graph (Board: an empty Puzzle of any variant, generator/variant.hpp), and every
// step of the generator walks its adjacency, so growing, shaping and repairing paths are the same
// on squares, hexagons, warps, shapes and bridges. On a plain board the graph's neighbours come
// in a fixed order (up, left, right, down), so a seed gives the same puzzles in every version.
// The one thing the graph does not say is that a bridge is not an ordinary cell: a path may
// neither end in one of its lanes nor leave it empty or blocked (Layout::may_end), which the steps that make ends and blocked cells respect.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/puzzle.hpp"
#include "generator/rng.hpp"

namespace nl::gen {

constexpr int kEmpty = -1;
constexpr int kSolid = -2;

// The graph a layout is grown on, shared by the layouts made from it (the repair copies layouts).
struct Board {
    Puzzle graph;                          // no labels; finalized (adjacency built)
    std::vector<std::uint8_t> in_bridge;   // per node: a lane of a bridge (empty: no bridges)

    explicit Board(Puzzle graph);
};

struct Layout {
    std::shared_ptr<const Board> board;
    int width = 0, height = 0;
    std::vector<int> owner;                   // per node: path index, kEmpty or kSolid
    std::vector<std::vector<CellId>> paths;   // each from one end to the other, as nodes

    Layout(int w, int h);  // a plain W x H board
    // Cells outside a shaped board start (and stay) solid; every other node starts empty.
    explicit Layout(std::shared_ptr<const Board> board);
    int cell_count() const { return static_cast<int>(owner.size()); }  // nodes, lanes included
    std::span<const CellId> neighbours(CellId c) const { return board->graph.neighbours(c); }
    // May a path end on node c (be a terminal)? Not in a lane of a bridge.
    bool may_end(CellId c) const { return board->in_bridge.empty() || !board->in_bridge[c]; }
    int count(int what) const;  // nodes owned by `what` (kEmpty, kSolid)
    // Re-derives `owner` from `paths` (after paths were split, merged or renumbered).
    void renumber();
};

// Does `c` have a neighbour on path `path` other than `except` (and `except2`)? Adding `c` next
// to `except` would then make the path touch itself.
bool touches_path(const Layout& layout, CellId c, int path, CellId except, CellId except2 = kNoCell);

// Does every warp of the board join two consecutive cells of a path, and does a path run
// through both lanes of every bridge? The generator keeps only such layouts, so that every part
// of a variant board matters to its solution.
bool uses_whole_board(const Layout& layout);

// The puzzle (the board with terminals at the path ends, labels named 1, 2, ... in path order,
// solid cells blocked) and its solution. The caller checks it.
Puzzle puzzle_of(const Layout& layout, Rules rules, const std::string& name);
Solution solution_of(const Layout& layout);

}  // namespace nl::gen

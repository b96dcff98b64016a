// The puzzle model every part of numberlink works on.
//
// A board is W x H cells in D layers (D = 1 for ordinary puzzles). Cells are numbered densely,
// layer-major then row-major: id = (z * H + y) * W + x, which matches the Flow Free level-pack
// numbering on one layer. Adjacency is kept as data (a neighbour list per cell, CSR layout) so
// that the encoder, the searches and the checker all walk the same graph, and a variant only
// changes how the graph is built (docs/variants.md):
//  - vias (ADC 2016): layer changes only at listed columns;
//  - hex geometry: six neighbours per cell instead of four;
//  - warps: extra edges between cells that are not neighbours on the grid;
//  - walls: removed edges between neighbours;
//  - shapes: cells outside the board (blocked, drawn as absent);
//  - bridges: a bridge cell is two nodes of the graph, its "lanes": the cell's own id is the
//    horizontal lane (left and right neighbours only), and node grid_cells() + k the vertical lane
//    of bridges[k] (up and down only). A path through a lane goes straight, and two paths can
//    cross there. Everything that walks the graph (encoder, checker, exhaustive search, counting)
//    handles bridges with no special case; cell_count() counts nodes, lanes included, and
//    coord() of a vertical lane is its bridge cell's position.
// Blocked cells have no neighbours and are nobody's neighbour.
//
// Labels keep the name they had in the file ("R", "7", "12") for output and are otherwise
// identified by their dense index.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/zero_pages.hpp"

namespace nl {

using CellId = std::int32_t;
constexpr CellId kNoCell = -1;
constexpr int kNoLabel = -1;

// fill: every non-blocked cell lies on a path. touch: a path may run alongside itself (two of
// its cells adjacent without being consecutive on it).
struct Rules {
    bool fill = true;
    bool touch = true;
    bool operator==(const Rules&) const = default;
};

// Presets: flow (fill, touch), nikoli (no fill, touch), adc (no fill, no touch),
// strict (fill, no touch).
std::optional<Rules> rules_from_name(std::string_view name);
std::string rules_name(Rules rules);
inline constexpr std::string_view kRulesNames = "flow|nikoli|adc|strict";

struct Coord {
    int x = 0, y = 0, z = 0;
    bool operator==(const Coord&) const = default;
};

struct Label {
    std::string name;
    std::array<CellId, 2> ends{kNoCell, kNoCell};
};

// ADC 2016 vias: a column of cells through which a line may change layer. When a puzzle lists
// vias, layer changes are possible only between consecutive cells of a via.
struct Via {
    std::string name;
    std::vector<CellId> cells;
};

// Square cells (up to 4 neighbours in a layer) or hexagons (up to 6): pointy-top hexagons in
// rows, odd rows (y = 1, 3, ...) shifted right by half a cell. Cell (x, y) of a hex board
// neighbours (x - 1, y) and (x + 1, y); in the rows above and below, (x - 1, y +- 1) and
// (x, y +- 1) when y is even, (x, y +- 1) and (x + 1, y +- 1) when y is odd.
enum class Geometry : std::uint8_t { Square, Hex };

// Blocked cells: a solid square (drawn grey), or a cell outside the board (a shaped board, drawn
// as nothing). Both are the same to every solver.
inline constexpr std::uint8_t kCellBlocked = 1, kCellOutside = 2;

// Two cells, for warps (an extra edge) and walls (a removed edge).
using CellPair = std::array<CellId, 2>;

// The graph of a finalized puzzle in CSR layout: the neighbours of cell c are
// cells[start[c]] .. cells[start[c + 1] - 1].
struct Adjacency {
    std::vector<std::int32_t> start;  // size cell_count() + 1
    std::vector<CellId> cells;
    bool operator==(const Adjacency&) const = default;
};

struct Puzzle;

// The label of the terminal on each cell, kNoLabel on the others. Kept as label + 1 in zero
// pages (core/zero_pages.hpp), so that a board of millions of cells with a few terminals writes
// a few words, not 4 bytes a cell, when it is read.
class TerminalLabels {
public:
    int operator[](CellId c) const { return cells_[static_cast<std::size_t>(c)] - 1; }
    void reset(std::size_t cells) { cells_ = Cells(cells); }  // every cell without a label
    void set(CellId c, int label) { cells_[static_cast<std::size_t>(c)] = label + 1; }
    std::size_t size() const { return cells_.size(); }
    bool empty() const { return cells_.empty(); }
    std::vector<int> to_vector() const;  // per cell, as operator[]
    bool operator==(const TerminalLabels&) const = default;

private:
    using Cells = std::vector<int, ZeroPagesAllocator<int>>;
    Cells cells_;
};

// A puzzle's Adjacency, built on first use and then shared by the puzzle's copies. On a million
// cells the table is 20 MB and a fifth of reading the board, while the refutations and the
// scan search that decide most huge boards work on coordinates and never ask for it. Safe to
// read from several threads at once (the first reader builds it under a lock); finalize()
// drops it, so a puzzle changed and finalized again gets its own.
class LazyAdjacency {
public:
    LazyAdjacency() = default;
    // Copying shares the built lists (noexcept, so that a puzzle moves: std::vector<Puzzle>
    // moves its puzzles when it grows only if that cannot throw).
    LazyAdjacency(const LazyAdjacency& other) noexcept { *this = other; }
    LazyAdjacency& operator=(const LazyAdjacency& other) noexcept;
    // `poll` (optional) is called every 65,536 cells of a build and may throw to stop it
    // (nothing is kept then): the stages under a time limit build the lists of a huge board
    // through it.
    const Adjacency& get(const Puzzle& puzzle, const std::function<void()>* poll = nullptr) const {
        if (const Adjacency* built = ready_.load(std::memory_order_acquire)) return *built;
        return build(puzzle, poll);
    }
    void reset();

private:
    const Adjacency& build(const Puzzle& puzzle, const std::function<void()>* poll) const;
    // table_ is written once, before ready_ is published, and only read after ready_ is seen.
    mutable std::shared_ptr<const Adjacency> table_;
    mutable std::atomic<const Adjacency*> ready_{nullptr};
};

struct Puzzle {
    std::string name;            // "file:index" (index 1-based)
    int width = 0, height = 0, layers = 1;
    Rules rules;                 // the rules this puzzle is to be solved under
    std::vector<std::uint8_t> blocked;  // per cell: 0 open, kCellBlocked, kCellOutside
    std::vector<Label> labels;
    std::vector<Via> vias;
    Geometry geometry = Geometry::Square;
    std::vector<CellPair> warps;  // extra edges between cells that are not grid neighbours
    std::vector<CellPair> walls;  // grid neighbours that are not linked
    std::vector<CellId> bridges;  // bridge cells (one layer, square geometry)

    // Derived by finalize(): the owner label of each terminal cell; the adjacency lists on
    // first use (adjacency()).
    TerminalLabels terminal_label;  // per cell: label index or kNoLabel
    LazyAdjacency adjacency_cache;

    // Positions on the board, W * H * D.
    int grid_cells() const { return width * height * layers; }
    // Nodes of the graph: every position, plus the vertical lane of every bridge.
    int cell_count() const { return grid_cells() + static_cast<int>(bridges.size()); }
    CellId cell(int x, int y, int z = 0) const { return (z * height + y) * width + x; }
    // The position a node lies at (itself, except for a vertical lane: its bridge cell).
    // (bridges.empty() first: coord() is on hot paths, and most boards have no bridge.)
    CellId position(CellId c) const { return bridges.empty() || c < grid_cells() ? c : bridges[c - grid_cells()]; }
    Coord coord(CellId c) const {
        c = position(c);
        return {c % width, (c / width) % height, c / (width * height)};
    }
    // The vertical lane of a bridge cell, kNoCell for other cells.
    CellId vertical_lane(CellId c) const;
    bool is_lane(CellId c) const { return c >= grid_cells(); }
    // Square geometry with exactly the grid's edges (no warps, walls or bridges): what the
    // engines that work on coordinates instead of the graph (dfs, frontier, wall follower,
    // router, parts) need. Layers and vias are checked by each on its own.
    bool square_grid() const {
        return geometry == Geometry::Square && warps.empty() && walls.empty() && bridges.empty();
    }
    bool in_bounds(int x, int y, int z = 0) const {
        return x >= 0 && y >= 0 && z >= 0 && x < width && y < height && z < layers;
    }
    bool is_blocked(CellId c) const { return blocked[c] != 0; }
    bool is_outside(CellId c) const { return blocked[c] == kCellOutside; }
    bool is_terminal(CellId c) const { return terminal_label[c] != kNoLabel; }
    const Adjacency& adjacency() const { return adjacency_cache.get(*this); }
    // The same, built (if not yet) under `poll` (see LazyAdjacency::get).
    const Adjacency& adjacency(const std::function<void()>& poll) const { return adjacency_cache.get(*this, &poll); }
    std::span<const CellId> neighbours(CellId c) const {
        const Adjacency& a = adjacency();
        return {a.cells.data() + a.start[c], a.cells.data() + a.start[c + 1]};
    }
    bool adjacent(CellId a, CellId b) const;
    int label_index(std::string_view name) const;  // kNoLabel when absent
};

// The square-grid neighbour of cell `c` of one layer `width` cells wide and `cells` cells in
// all, in direction `d` clockwise from up (0 up, 1 right, 2 down, 3 left), or kNoCell off the
// board: the arithmetic alone, for the walks that step by direction on plain grids (blocked
// cells, walls, warps and bridges are the caller's).
inline CellId grid_step(CellId width, CellId cells, CellId c, int d) {
    switch (d) {
        case 0: return c >= width ? c - width : kNoCell;
        case 1: return c % width + 1 < width ? c + 1 : kNoCell;
        case 2: return c + width < cells ? c + width : kNoCell;
        default: return c % width > 0 ? c - 1 : kNoCell;
    }
}

// The positions next to cell c on its layer by the board's geometry (4 on square boards, 6 on
// hex boards, fewer at the border), in a fixed order, ignoring blocked cells, walls, warps and
// bridges; plus the cells above and below when there are layers (and no vias say otherwise is
// not checked here). Returns how many were written to out (at most 8).
int grid_neighbours(const Puzzle& puzzle, CellId c, CellId out[8]);

// A path read as positions (from coordinates) put onto the graph: a bridge cell entered or left
// by a vertical step becomes its vertical lane. The one place that turns coordinates of a path
// into nodes, so every reader of paths handles bridges the same way.
void place_on_lanes(const Puzzle& puzzle, std::vector<CellId>& path);

// A solution: for each label (by index) its path, an ordered list of cells from one endpoint
// to the other. An empty path means the label is missing from the solution.
struct Solution {
    std::vector<std::vector<CellId>> paths;
};

// The label on each cell (kNoLabel when empty), a rendering of the paths.
std::vector<int> solution_grid(const Puzzle& puzzle, const Solution& solution);

// When two solutions count as different (`count` and `unique`, --distinct). Paths: their sets of
// paths (edge sets) differ. Colours: their colourings (solution_grid: the label of every cell,
// or none) differ, which is what a player sees. Under touch-allowed rules (flow, nikoli) several
// path sets can give one colouring (a path may wind through a 2x2 block of its own cells in two
// ways); under no-touch rules (adc, strict) a colouring determines the paths (two cells of one
// label that are adjacent must be consecutive on its path, so each label's cells form a simple
// chain whose edges are exactly the adjacent pairs), and the two modes count the same.
enum class Distinct { Paths, Colours };

// Builds terminal_label from the raw fields and validates them: sizes within limits, every
// label with two distinct in-bounds unblocked terminals, no cell shared by two terminals,
// unique label names, vias, warps, walls and bridges well formed. Throws ModelError (a plain
// message; readers attach the file position) on failure. Drops the adjacency lists, which
// adjacency() builds from the fields again when first asked.
void finalize(Puzzle& puzzle);

// Throws ModelError when a W x H x D board is empty or exceeds the documented limits.
void check_board_size(int width, int height, int layers = 1);

// Allocates the raw fields of an empty W x H x D board (no labels), after checking the limits.
Puzzle make_board(int width, int height, int layers = 1);

// "[x, y]" or "[x, y, z]" for messages; z only on multi-layer boards.
std::string format_cell(const Puzzle& puzzle, CellId c);

}  // namespace nl

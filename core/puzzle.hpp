// The puzzle model every part of numberlink works on.
//
// A board is W x H cells in D layers (D = 1 for ordinary puzzles). Cells are numbered densely,
// layer-major then row-major: id = (z * H + y) * W + x, which matches the Flow Free level-pack
// numbering on one layer. Adjacency is kept as data (a neighbour list per cell, CSR layout) so
// that the encoder, the searches and the checker all walk the same graph, and a variant (vias,
// extra edges) only changes how the graph is built. Blocked cells have no neighbours and are
// nobody's neighbour.
//
// Labels keep the name they had in the file ("R", "7", "12") for output and are otherwise
// identified by their dense index.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

struct Puzzle {
    std::string name;            // "file:index" (index 1-based)
    int width = 0, height = 0, layers = 1;
    Rules rules;                 // the rules this puzzle is to be solved under
    std::vector<std::uint8_t> blocked;  // per cell, 1 = solid square
    std::vector<Label> labels;
    std::vector<Via> vias;

    // Derived by finalize(): the owner label of each terminal cell and the adjacency lists.
    std::vector<int> terminal_label;    // per cell: label index or kNoLabel
    std::vector<std::int32_t> adjacency_start;  // size cell_count()+1
    std::vector<CellId> adjacency;

    int cell_count() const { return width * height * layers; }
    CellId cell(int x, int y, int z = 0) const { return (z * height + y) * width + x; }
    Coord coord(CellId c) const {
        return {c % width, (c / width) % height, c / (width * height)};
    }
    bool in_bounds(int x, int y, int z = 0) const {
        return x >= 0 && y >= 0 && z >= 0 && x < width && y < height && z < layers;
    }
    bool is_blocked(CellId c) const { return blocked[c] != 0; }
    bool is_terminal(CellId c) const { return terminal_label[c] != kNoLabel; }
    std::span<const CellId> neighbours(CellId c) const {
        return {adjacency.data() + adjacency_start[c],
                adjacency.data() + adjacency_start[c + 1]};
    }
    bool adjacent(CellId a, CellId b) const;
    int label_index(std::string_view name) const;  // kNoLabel when absent
};

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

// Builds terminal_label and adjacency from the raw fields and validates them: sizes within
// limits, every label with two distinct in-bounds unblocked terminals, no cell shared by two
// terminals, unique label names. Throws ModelError (a plain message; readers attach the file
// position) on failure.
void finalize(Puzzle& puzzle);

// Throws ModelError when a W x H x D board is empty or exceeds the documented limits.
void check_board_size(int width, int height, int layers = 1);

// Allocates the raw fields of an empty W x H x D board (no labels), after checking the limits.
Puzzle make_board(int width, int height, int layers = 1);

// "[x, y]" or "[x, y, z]" for messages; z only on multi-layer boards.
std::string format_cell(const Puzzle& puzzle, CellId c);

}  // namespace nl

// Groups of lines of a solution that may be routed again together, the other lines held where
// they are: the sub-puzzles behind a second solution for `unique` (reroute_lines.hpp) and a
// shorter answer for `--prove` (length_line_sets.hpp).
//
// The argument. Let T be a solution under rules R (any preset: the fill rule and the checker's
// touch rule, which is about a path touching itself only), D a set of labels, and F_D the cells
// that T leaves empty or gives to a label of D. The sub-puzzle P_D is the board with every cell
// outside F_D blocked and the labels of D alone (their ends are in F_D).
//  - Sound: for a solution U of P_D under R, T with the paths of D replaced by U's is a solution
//    of the puzzle under R. The other paths are T's and lie outside F_D, U's lie inside, so no
//    cell is used twice; every path joins its ends; a cell that is free on the board is either
//    in F_D (filled by U when R fills, since F_D's cells are free in P_D) or on a path of T kept
//    as it is; blocking cells removes no link between two free cells, so a path of U touches
//    itself on the board exactly when it does in P_D. It differs from T when U differs from T's
//    paths of D. The result is passed by the checker all the same: nothing here is trusted
//    without that.
//  - Windows: under no-fill rules the same holds for any W with D's cells in W and W inside
//    F_D (P_W blocks the cells of F_D outside W too): U's paths lie in W, so in F_D, and no
//    cell has to be filled. A window keeps the sub-puzzle small on sparse boards, where F_D is
//    most of the board. Under fill rules a cell of F_D outside W would stay empty: no window.
//  - Complete over all D (not used as a proof, only to say what is searched): a solution S != T
//    differs from T on some set D of labels; its paths of D avoid the cells of the other paths,
//    which S and T share, so they lie in F_D and form a solution of P_D other than T's.
// Vias (ADC 2016) change nothing: a layer change only joins consecutive cells of a via, so a
// blocked via cell loses its links like any other cell. Boards with bridges are left alone: a
// bridge cell is two nodes of the graph (its lanes), and blocking it is not one node deletion.
#pragma once

#include <vector>

#include "core/puzzle.hpp"

namespace nl {

// A set of labels (indices, ascending) and the cells its sub-puzzle leaves free (without a
// window).
struct LineSet {
    std::vector<int> labels;
    int free_cells = 0;
};

// The sets: each label alone (when `singles`), pairs of labels with neighbouring cells in
// `grid` (solution_grid of T), and triples made of such a pair and a neighbour of either;
// smaller sets first, then smaller sub-puzzles, ties by labels, so the order depends on nothing
// but the board and T.
std::vector<LineSet> neighbouring_line_sets(const Puzzle& puzzle, const std::vector<int>& grid, bool singles);

// The labels meeting each window of `side` x `side` positions (on every layer), the windows
// placed every side / 2 positions across and down, in board order, each set once: lines near
// each other in the plane, however many, where a shorter answer may move several at once.
std::vector<LineSet> window_line_sets(const Puzzle& puzzle, const std::vector<int>& grid, int side);

// P_D (or P_W) of the argument above. `window` >= 0 (no-fill rules only) keeps of the empty
// cells those within `window` steps of D's cells, walking through empty cells; < 0 keeps all.
Puzzle line_set_puzzle(const Puzzle& puzzle, const std::vector<int>& grid, const std::vector<int>& labels,
                       int window = -1);

// T's paths of `labels`, numbered as the sub-puzzle's labels.
Solution paths_of(const Solution& whole, const std::vector<int>& labels);

// `whole` with the paths of `labels` replaced by `part`'s (numbered as the sub-puzzle's).
Solution spliced(const Solution& whole, const std::vector<int>& labels, const Solution& part);

}  // namespace nl

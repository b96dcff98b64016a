// The states and moves of the frontier engine (solver/count/frontier.hpp): one step of the
// frontier-based dynamic programming ("plug DP", the method of ZDD path counters such as TdZdd's
// numberlink example and simpath) over a one-layer board.
//
// The cells are visited in row-major order on a "virtual" grid whose rows are the board's short
// side (the board is transposed when it is wider than tall), so the frontier is as short as it
// can be. Visiting a cell decides its two edges that lead forward: to the right and down. A state
// is what the rest of the board needs to know about the cells visited so far:
//   - one plug per column (the edge going down from the last visited cell of that column) and
//     one plug for the edge going right from the last visited cell. A plug is absent, or it is an
//     open end of a partial path, a "component". A component is a simple path; its two ends are
//     either two plugs (kind = a pair number shared by both) or one plug and a terminal (kind
//     kAttached, and the plug carries the terminal's label). A component with no open end is
//     finished and leaves the state.
//   - the label each plug's component will carry: known once it touches a terminal; under
//     touch-allowed rules a component of two plugs has label 0 ("not known yet"). Under no-touch
//     rules every used cell gets its label when it is visited (a new component guesses one of
//     the labels, one branch per label: a solution fixes the label of every cell, so it is
//     reached by exactly one branch), and the state also holds the label of the last visited
//     cell of every column (0: empty or blocked). That is what the no-touch rule needs: two
//     adjacent cells of one label must be consecutive on its path (core/checker.cpp), that is,
//     the edge between them must be used; a cell's earlier neighbours (left, up) are in the
//     frontier when it is visited, so the rule is checked locally.
// Pair numbers are renumbered in order of first appearance along the frontier after every step
// (a canonical form; frontier_state.cpp, renumber), so states that differ only in numbering merge.
//
// The moves of one cell, with L and U the plugs coming in from the left and from above:
//   blocked: L and U must be absent; nothing goes out.
//   terminal of label t: exactly one of L, U, right, down (degree 1). An incoming plug joins the
//     terminal: an attached plug must carry t (its path is then finished), a pair plug's other end
//     becomes attached with label t (its label must be 0 or t).
//   other cell: degree 2, or 0 when the rules allow empty cells (no fill). Two incoming plugs are
//     joined (not when they are the two ends of one component: that would close a cycle; not when
//     their labels differ); one incoming plug goes on right or down; none starts a new component
//     going both right and down.
// The degree rules, "no cycle" and "labels never mix" together mean that when every plug has
// closed, each component is a path between the two terminals of one label, that is, a solution;
// conversely every solution is reached by exactly one sequence of moves, since the moves are its
// edges (and, under no-touch, its labels). So the number of move sequences that end with no plug
// is the number of solutions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nl::frontier {

// A plug, a column's label and every other state entry: 16 bits. A plug is 0 (absent) or
// (label code << 6) | kind, with label code = label index + 1 (0: not known yet) and kind 1..62
// a pair number or kAttached.
using Plug = std::uint16_t;
constexpr int kAttached = 63;
constexpr int kMaxLabelCode = 1023;  // labels that fit in 10 bits
constexpr int kMaxWidth = 120;        // at most 61 pairs among width + 1 plugs

// The board as the DP walks it.
struct Grid {
    int width = 0, height = 0;       // virtual: width is the board's short side
    bool transposed = false;
    Rules rules;
    int labels = 0;
    std::vector<CellId> cell;        // virtual index (y * width + x) -> puzzle cell
    std::vector<int> kind;           // per virtual cell: kBlockedCell, kPlainCell or a label index
    std::vector<int> last_end_step;  // per label: the step at which its second terminal is visited
    int stride = 0;                  // entries per state: width + 1 plugs (+ width labels, no touch)
    // Drop the moves that make a U-turn whose two sides point down or up the virtual grid (set
    // by the driver only under rules with empty cells and touching, for a verdict capped at 2;
    // frontier.cpp, decide_from_u_turn_free, says why that verdict stays exact). A U-turn is
    // four consecutive cells a, b, c, d of one path with a and d neighbours: the square
    // a b / d c. Both kinds are seen from the state alone, with no more entries:
    //   opening down: the cell (x, y) entered from the left goes down while the cell to its left
    //     went down too (its plug in column x - 1): (x-1, y+1), (x-1, y), (x, y), (x, y+1);
    //   opening up: the cell (x, y) entered from above goes right while the plug of column
    //     x + 1 comes down into (x+1, y), which must then take both: (x, y-1), (x, y),
    //     (x+1, y), (x+1, y-1).
    // The two middle cells have two links, so they are plain cells, never terminals. (The
    // sideways kinds need the row above's horizontal links, which the state does not hold.)
    bool no_u_turns = false;
};
constexpr int kBlockedCell = -2;
constexpr int kPlainCell = -1;

// Why the engine cannot take this puzzle under these rules, or nothing when it can: more than one
// layer (or adjacency other than the 4-neighbour grid), more labels or a wider short side than a
// state holds, or --distinct colours under touch-allowed rules (see frontier.hpp).
std::optional<std::string> unsupported_reason(const Puzzle& puzzle, Rules rules, Distinct distinct);

// The grid of a supported puzzle.
Grid make_grid(const Puzzle& puzzle, Rules rules);

// The successors of one state at one step: their states, stride entries each, and which forward
// edges (right, down) each move uses.
struct Moves {
    std::vector<Plug> states;
    std::vector<std::uint8_t> right, down;
    std::size_t size() const { return right.size(); }
    const Plug* state(std::size_t i, int stride) const { return states.data() + i * stride; }
    void clear() {
        states.clear();
        right.clear();
        down.clear();
    }
};

// Fills `moves` with every move of virtual cell `step` from `state` (canonical successors, in a
// fixed order: the order solutions are ranked in).
void expand(const Grid& grid, int step, const Plug* state, Moves& moves);
// The same, appended to `moves` (the driver collects a batch of states' moves).
void append_moves(const Grid& grid, int step, const Plug* state, Moves& moves);

// Numbers the pairs of a state of `layer` (the states before visiting virtual cell `layer`) in
// order of first appearance along that layer's frontier: columns 0 .. x - 1, the plug going
// right into cell x, columns x .. width - 1, with x = layer % width (the order in which the plugs
// meet the boundary of the unvisited cells). In that order a plug that turns (left to down, up to
// right) keeps its place among the others, as one going straight on does, so such moves need no
// renumbering; in the order of the state's entries (columns, then the plug going right) a turn
// moved a plug past the columns to its right, and on janko_even #135 under nikoli rules
// renumbering those moves cost ~0.8 s of 13.5.
void canonicalise(const Grid& grid, int layer, Plug* state);

// True when every plug of `state` is absent (a final state: every component has closed).
bool all_closed(const Grid& grid, const Plug* state);

}  // namespace nl::frontier

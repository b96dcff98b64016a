// The route-and-fill engine (`--engine routefill`, and `auto` on sparse flow boards): route the
// lines as if empty cells were allowed, grow the paths into the empty cells, and let SAT finish
// what is left in a small window.
//
// Why: under flow rules (fill, touch allowed) a board with few labels and much empty space is
// easy to route but hard for SAT, which must get the parity of every enclosed region right
// (a region that no path enters must be covered by loops, so its two chessboard colours must
// balance): random 22x22 to 36x32 boards with 4-8 labels (the small boards of the shrink engine
// on the huge-random bench set) took SAT 3 s to over 30 s, while routing them takes
// milliseconds and the filling below leaves a handful of cells.
//
// The method:
//  0. First, routing in 2x2 blocks (block_route.hpp): paths that cover whole blocks and take
//     the empty blocks whole, so that only cells around blocked cells or at an odd border stay
//     empty; those go through steps 2 and 3, with each window of step 3 cut out as a puzzle of
//     its own (its memory goes with the window, not the board). When that routing fails or
//     its windows cannot be filled, on boards of at most whole_board_max_cells cells:
//  1. Route every line with the router (route.hpp) under the same rules without fill: shortest
//     paths that avoid each other.
//  2. Bump: a path edge (a, b) with two empty cells c, d beside it (a - c, c - d, d - b edges of
//     the graph: a 4-cycle) becomes a - c - d - b, which covers two more cells and keeps the
//     path simple. Greedily, most constrained pair first (fewest empty neighbours), so that
//     cells in corners are taken before they are cut off.
//  3. Repair: if cells are still empty, SAT solves the exact flow encoding with every edge
//     outside a window around them fixed to the bumped paths (assumptions), detached loops
//     spliced into paths (merge_loops.hpp) or cut. The window starts two steps around the
//     empty cells, joined by corridors until each of its parts holds as many empty cells of
//     each chessboard colour (else it cannot be filled: join_unbalanced in route_fill.cpp);
//     when SAT proves it cannot be filled, the cells around the fixed edges of its final
//     conflict join it; when SAT runs out of conflicts, it grows and the budget doubles, until
//     it is the whole board or the engine's conflict budget (max_conflicts) is spent.
//
// Exactness: only `solved` (the answer passed the checker) or `unknown`: a failed routing or a
// window that cannot be filled proves nothing about the puzzle. Never `unsolvable`; SAT decides
// after it under `auto`. Deterministic for a given seed (the router's; SAT is deterministic).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"

namespace nl {

struct RouteFillOptions {
    std::uint64_t seed = 1;      // the router's
    Budget budget;               // the whole engine's: deadline, interrupt, memory cap
    int route_rounds = 200;      // the router's rounds of rip-up and reroute
    // The same on the board of 2x2 blocks (block_route.hpp), per offset: a quarter of the
    // cells, but tighter, so that labels that must go round each other's ends need more
    // rounds (a 36x32 board with 6 labels: 2,000 found a routing where 200 did not).
    int block_route_rounds = 2000;
    // SAT conflicts over all repair windows before it gives up (0: no limit): a failure must
    // stay cheap, since SAT runs after it. Measured on the huge-random set's small boards:
    // where the windows were filled at all it took at most about 100,000.
    std::uint64_t max_conflicts = 150'000;
    // And no new window after this many seconds of repair: a conflict's cost grows with the
    // window (150 us a conflict on a window of 12,000 cells), so on a board whose holes need
    // the lines rerouted far away the conflicts alone let a failure take 16 s; the huge-random
    // set's repairs that succeed take a fraction of this (docs/performance.md).
    double max_repair_seconds = 1.0;
    // Above this many cells only routing in 2x2 blocks is tried, whose repair windows are cut
    // out as puzzles of their own: the thin routing leaves far more to repair, in windows of
    // the whole board's encoding (2.9 GB for a board of a million cells).
    int whole_board_max_cells = 250'000;
    int max_window_cells = 250'000;  // cut-out windows: give up beyond this many cells
};

struct RouteFillResult {
    // NotApplicable: not fill with touching allowed (flow rules). Unknown: the router found no
    // routing, or no window could be filled. Timeout: the time limit or the memory cap ended it;
    // Interrupted: the interrupt flag.
    using Status = Verdict;  // it gives Solved, Unknown, Timeout, Interrupted, NotApplicable
    Status status = Status::Unknown;
    Solution solution;      // when Solved: passed the checker
    int left_empty = 0;     // cells still empty after bumping (before the repair)
    int windows = 0;        // SAT repair steps
    int window_cells = 0;   // cells SAT was free to change in the last step
};


RouteFillResult solve_by_route_fill(const Puzzle& puzzle, Rules rules, const RouteFillOptions& options);

// ---- Pieces, exposed for tests ----

// Step 2 above on `paths` (one per label, between its ends, disjoint): grows them into empty
// cells by bumps. Returns how many non-blocked cells no path covers afterwards. The paths stay
// disjoint and simple, with the same ends. `budget` (optional) is polled every 65,536 bumps
// tried (poll_budget throws Stopped): on a board of millions of cells this takes tenths of a second.
int bump_into_empty(const Puzzle& puzzle, std::vector<std::vector<CellId>>& paths, const Budget* budget = nullptr);

}  // namespace nl

// The scan search: a second depth-first search order for strict solutions, made for batches of
// small puzzles: cheaper per node than dfs.hpp's and far stronger on designed puzzles
// with few turns (the Janko boards of 17x17 to 36x20 that the path-growing search leaves to SAT
// after thousands of nodes).
//
// The method (scan.cpp): the cells are visited once each, one anti-diagonal after another, and
// each cell chooses its links to the east and south; its north and west links were chosen by
// the cells before it. Under fill every cell has exactly two links (a terminal one), so a cell
// has at most two choices. What makes it strong is the corner rule (corners.hpp): a cell may
// turn only where its diagonal ray meets a terminal or a blocked cell, and the cell diagonally
// outwards of a turn must turn the same way; on boards with few terminals most cells have no
// choice at all. Which cells are on one path is kept as the two ends of every chain (a
// union-find without finds), so closing a loop or joining two labels is refused at once.
//
// It searches strict solutions (fill, no touch) on one-layer square boards without vias,
// warps, walls or bridges (where the corner rule holds). Under flow rules a strict solution
// is a flow solution too, so `auto` runs it on flow boards as well; there a search that ends
// without a solution proves nothing. Under strict rules the search is exhaustive (every
// strict solution satisfies every rule it enforces; argued in scan.cpp and property-tested
// against the brute-force oracle), so Unsolvable is a proof there.
#pragma once

#include "core/limits.hpp"
#include "core/puzzle.hpp"
#include "solver/search/dfs.hpp"

namespace nl {

// The largest board the scan takes: any the input limits allow. It keeps its own stack, so
// the size is not bounded by a thread's, and its memory is linear (about 100 MB for a million
// cells, the board included). Nothing in its argument depends on the size; where it runs is the
// stage table's choice (under flow rules, where it can only solve, small boards only).
inline constexpr int kScanMaxCells = static_cast<int>(limits::kMaxCells);

// Whether scan_solve handles `puzzle`: one layer, square grid, no vias, at most kScanMaxCells
// cells, and the corner rule applies under strict rules.
bool scan_applies(const Puzzle& puzzle);

// Looks for a strict solution of `puzzle` (whatever puzzle.rules say), with the options and
// result of the path-growing search (nodes: cells visited). Solved: a strict solution, which the
// engines (solver/pipeline/engine.cpp) pass through the checker before they use it, as every engine's.
// Unsolvable: the search was exhaustive (no strict solution).
DfsResult scan_solve(const Puzzle& puzzle, const DfsOptions& options = {});

}  // namespace nl

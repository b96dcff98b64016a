// Solving a board in independent parts. Once the presolve (solver/board/presolve.hpp) has found the
// regions of cells joined by usable edges, no solution crosses from one region to another: a
// path's cells are joined by its used edges, which are usable. So each region, with its labels,
// is a puzzle of its own: every solution of the board is a solution of each region, and
// solutions of all regions together are one of the board. A region without a solution proves
// the board unsolvable (reason "split: ..." around the region's own proof); the regions'
// answers are merged and the whole goes through the checker like any other answer.
//
// Regions are gathered into at most kMaxGroups groups (in the order of their first cell, about
// equal in cells), each group solved as one puzzle cropped to its bounding box, so that a board
// of thousands of regions does not pay for thousands of SAT solvers. Flat boards only, and not
// when one region holds more than three quarters of the cells.
#pragma once

#include <chrono>
#include <optional>

#include "core/puzzle.hpp"
#include "solver/board/presolve.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

// The solve of `puzzle` by parts, or nothing when it has fewer than two regions (or layers).
// options.timeout counts from `start` (the start of the whole solve); `options.split` is off in
// the parts' own solves. Throws InternalError when the merged answer fails the checker (a bug,
// never printed).
std::optional<SolveResult> solve_in_parts(const Puzzle& puzzle, Rules rules, const SolveOptions& options,
                                          const Presolved& presolved, std::chrono::steady_clock::time_point start);

}  // namespace nl

// The shrink engine (`--engine shrink`, and `auto` on large flow boards with wide empty bands):
// solve a smaller board, then widen its paths back to the full board.
//
// Why: under flow rules (fill, touch allowed) a board of a million cells with a few labels is
// mostly empty rows and columns, and SAT is handed the whole formula (17 M clauses for an empty
// 1000x1000 board) where the answer's shape is decided by the few rows and columns that hold
// ends or blocked cells. Here a row is "plain" when it holds no end and no blocked cell (a
// column likewise, over the whole board).
//
// The method:
//  - Shrink: in every run of g >= 4 plain rows, keep its first row and the last 1 or 2 (so that
//    an even number, g - 2 or g - 3, goes), the same for columns. The small board keeps every
//    end and blocked cell; it is solved by the `auto` engine within the time given.
//  - Widen, one run at a time (rows, then columns on the transposed board): 2m empty rows go
//    back between the run's first kept row A and its next kept row B. A path that crosses from
//    A to B at column x runs straight down through them, or, in a U for each pair of new rows,
//    fills them from column x to a column on one side of it; a path that links (c, A) and
//    (c + 1, A) (or the same on B) drops between them into the new rows and fills any columns
//    around c and c + 1 in a serpentine. A small dynamic programme over the crossings of the
//    pair (A, B) picks which of these covers which columns; each crossing can reach out to one
//    side only. Under flow rules these shapes are legal (a path may run alongside itself), and
//    they keep every cell on a path: the result is a solution if the widening finds a cover.
//
// Exactness: only `solved` (the widened answer passes the checker) or `unknown` (the small
// board has no solution in the time given, or some run cannot be covered): the small board may
// lack a solution that the full board has, so its failure proves nothing. Never `unsolvable`.
// Tests: tests/test_shrink.cpp (random boards with empty bands against the oracle's
// solvability, every answer checked; huge empty boards).
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/solve_part.hpp"

namespace nl {

struct ShrinkOptions {
    Budget budget;         // the whole engine's: its deadline, interrupt and memory cap
    SolvePart solve_part;  // solves the small board (required)
};

struct ShrinkResult {
    using Status = Verdict;  // it gives Solved, Unknown, NotApplicable, Timeout, Interrupted
    Status status = Status::Unknown;
    Solution solution;           // when solved: passed the checker
    int width = 0, height = 0;   // the small board's size
    std::string why;             // not applicable, or unknown: the reason in words
};

// Why the shrink engine does not apply to `puzzle` under `rules` (not flow rules, layers, a
// variant board, no run of four plain rows or columns), or "".
std::string shrink_not_applicable(const Puzzle& puzzle, Rules rules);

// The share of the board's cells that the small board keeps: 1 when nothing can go, or when
// the engine does not apply to the board or the rules (see shrink_not_applicable).
double shrink_ratio(const Puzzle& puzzle, Rules rules);

ShrinkResult solve_by_shrinking(const Puzzle& puzzle, Rules rules, const ShrinkOptions& options);


}  // namespace nl

// The tight engine (`--engine tight`, and `auto` on boards where it applies): boards, or groups
// of layers, that the lines' shortest routes fill exactly.
//
// The count that decides it. Let d(l) be the length of line l's shortest route between its ends
// in the board's graph, avoiding the other lines' ends (no path may pass through them), and F
// the number of open cells. Paths use disjoint cells and line l uses at least d(l) + 1 of them,
// so sum (d(l) + 1) <= F in every solution. The slack is F - sum (d(l) + 1):
//  - slack < 0: there is no solution, under any rules.
//  - slack = 0: in every solution every line runs on a shortest route and every cell is used.
//    Conversely, lines on pairwise disjoint shortest routes are a solution under every preset:
//    they use all F cells (fill holds), and a shortest route never runs alongside itself (two
//    of its cells adjacent but not consecutive would give a shorter route), so the touch rule
//    holds too. The solutions are exactly the packings of shortest routes, and this engine
//    finds one, or proves there is none, with a SAT formula over those packings alone (below):
//    exact in both directions.
//
// The packing formula. For line l with ends a, b, a cell c is on one of its shortest routes when
// dist(a, c) + dist(c, b) = d(l), and its level is dist(a, c). A shortest route has exactly one
// cell on every level 0..d(l), consecutive levels on neighbouring cells. Variables x(l, c) for
// the on-route pairs; clauses: exactly one cell per line and level, a cell of level j has a
// neighbour of level j + 1 (and j - 1) on the same line, every open cell exactly one line. A
// model is a set of cell sequences, one per line, each a walk through every level, hence a
// shortest route, pairwise disjoint and covering. There is no label arithmetic, no
// connectivity and no cycle to rule out, which is why SAT answers these boards at once where
// the general encoding does not (2017 Q25's layers 1 and 4: 0.2 s, against no answer in 900 s
// with the same facts added to the general encoding).
//
// Groups of layers (a speculation, only on layered boards whose lines change layer anywhere,
// ADC 2017 style). The layers joined by lines (a line joins the layers of its two ends) fall
// into groups; a union S of groups, not every layer, is *tight* when the lines of S, kept to
// S's layers and crossing the other layers only straight up through cells that are open and no
// line's end (a column), have slack 0 on S's cells. Then S is solved exactly as above, its
// routes and columns are blocked, and the other lines are solved on what is left (`auto`); the
// two answers merged go through the checker. If the rest has no solution, the next packing
// with a different set of columns is tried. A designed board can be built this way (2017 Q25:
// layers 1 and 4 are filled exactly by their 80 lines, the 40 from layer 1 to 4 passing layers 2
// and 3 in a column), but nothing says a solution must be: for a group the engine answers
// `solved` (checked) or `unknown`, never `unsolvable`.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/board/slack.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/solve_part.hpp"

namespace nl {

struct TightOptions {
    Budget budget;  // the whole engine's: deadline, interrupt, memory cap
    // The speculation on groups of layers looks for packings until here (or the budget's
    // deadline, if sooner); the rest of the board, once a packing is found, is solved until the
    // budget's deadline.
    // Under auto the packings get a share of the time, the exact whole-board case all of it.
    Budget::Clock::time_point group_deadline = Budget::Clock::time_point::max();
    // Groups of layers (the speculation above): off leaves only the exact whole-board case.
    bool groups = true;
    // The packing formula is not built when the on-route pairs exceed this many (a tight board
    // whose lines have huge bounding boxes): the engine is not applicable then. A pair costs
    // about 15 clauses of 2-4 literals, here and again inside CryptoMiniSat, so 4 M pairs are
    // about a gigabyte; 2017 Q25's layers 1 and 4 have 64,780 (20 per cell), a 72x72x8 board at
    // that rate 830,000.
    std::size_t max_pairs = 4'000'000;
    // The board's slack when the caller counted it already (solver/board/refute.hpp), else null.
    const BoardSlack* slack = nullptr;
    // Solves the rest of the board once a tight group of layers is packed (required for groups).
    SolvePart solve_part;
};

struct TightResult {
    using Status = Verdict;  // it gives Solved, Unsolvable, Unknown, NotApplicable, Timeout, Interrupted
    Status status = Status::NotApplicable;
    Solution solution;     // when solved: passed the checker
    long slack = 0;        // of the whole board (open cells minus the lines' shortest routes)
    std::string group;     // the tight part solved: "board" or "layers 1, 4"
    long packings = 0;     // packings of the tight part found (the rest tried under each)
    std::string why;       // not applicable or unknown: the reason in words
};


// Not applicable (quickly: one breadth-first search per line, stopped at its other end, and as
// many per union of layer groups) unless the whole board is tight or over-full, or, with
// groups, some union of layer groups is tight; so `auto` runs it on every board.
TightResult solve_tight(const Puzzle& puzzle, Rules rules, const TightOptions& options);


}  // namespace nl

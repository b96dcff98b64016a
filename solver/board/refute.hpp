// The refutations of `auto`: exact arguments, each linear in the board (or bounded by a multiple
// of it), that may prove there is no solution before a search starts. Four rows of the stage table:
//
//  - parity (parity.hpp), first of all: a line's ends in different parts of the board; under
//    fill, a part whose black and white cells cannot be covered by its lines. A fraction of a
//    microsecond a cell.
//  - crossing, next: two lines whose ends alternate around a face of the board must cross
//    (crossing.hpp). A walk round each face that holds a line's end: microseconds on most boards.
//  - cuts, next: fewer cells than lines that must pass between two sides of a row, column or
//    diagonal (cuts.hpp). One pass over the cells, then a maximum flow per set of lines across,
//    within a few visits a cell.
//  - refute, after the scan search (which answers most small boards in less time than these
//    take): the lines' shortest routes (slack.hpp), when they need more cells than
//    the board has; then presolve (presolve.hpp): dead ends, regions no line reaches, the corner
//    rule under strict rules, chains that join two labels. About 0.2 microseconds a cell.
// Each has its argument and its property test against the exhaustive search where it is
// defined. What they compute is kept (`BoardFacts`) so that SAT and the tight engine do not
// compute it again.
#pragma once

#include <optional>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/board/presolve.hpp"
#include "solver/board/slack.hpp"

namespace nl {

struct BoardFacts {
    bool parity_checked = false;         // components and parity found nothing
    bool crossing_checked = false;       // no two lines must cross
    bool cuts_checked = false;           // no cut found with too few cells for the lines across
    std::optional<BoardSlack> slack;     // the lines' shortest routes, when counted
    std::optional<Presolved> presolved;  // presolve's deductions, when it ran
};

struct RefuteLimits {
    // Presolve costs about 0.2 microseconds a cell (0.2 s on a million); above this many cells
    // it runs inside SAT instead, after the stages that may answer such boards sooner.
    long presolve_max_cells = 100'000;
    // The shortest-route count is one breadth-first search per line, stopped at its other end:
    // at most lines x cells steps. It runs when that bound is at most this.
    long slack_max_work = 50'000'000;
};

// The parity row, and the refute row (the shortest routes, then presolve), under `budget`
// (Stopped propagates), filling `facts`. The attempt's verdict is `unsolvable` with the argument
// as its reason, or `unknown`.
Attempt refute_by_parity(const Puzzle& puzzle, Rules rules, const Budget& budget, BoardFacts& facts);
// The crossing row: two lines whose ends alternate around a face of the board (crossing.hpp).
Attempt refute_by_crossing(const Puzzle& puzzle, const Budget& budget, BoardFacts& facts);
// The cuts row: fewer cells than lines that must pass a cut (cuts.hpp).
Attempt refute_by_cuts(const Puzzle& puzzle, const Budget& budget, BoardFacts& facts);
Attempt refute_board(const Puzzle& puzzle, Rules rules, const RefuteLimits& limits, const Budget& budget,
                     BoardFacts& facts);

}  // namespace nl

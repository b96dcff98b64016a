// Counting and enumerating solutions exactly with the SAT engine.
//
// Two solutions differ when their sets of paths differ. After each solution the solver gets a
// blocking clause over that solution's path edges only ("not all of these edges"): any other
// solution lacks one of them (a label's path is determined by its edges, so a solution holding
// all of them has the same paths), while models that differ only in detached loops, in empty
// cells or in auxiliary variables all hold them and are blocked together. Lazy no-touch clauses
// and cycle cuts are sound for every solution, so they stay in the solver.
// Speculation is used only where it cannot hide a solution: on touch-allowed rules the
// solutions without a U-turn are enumerated first, assuming the no-U-turn guard (every model
// found is a real solution, and is blocked); when none is left, the guard is dropped and the
// enumeration goes on under the exact rules, so solutions with U-turns are counted too and the
// final "no more" is proved without any speculation.
#pragma once

#include <vector>

#include "solver/solve.hpp"

namespace nl {

struct CountOptions {
    long max = 0;           // stop after this many solutions (0: count all)
    std::size_t keep = 2;   // solutions kept in CountResult::solutions
    // timeout, interrupt, max_memory (one budget for the whole enumeration), threads, coding,
    // cycles, touch clauses (speculation: see above)
    SolveOptions sat;
};

struct CountResult {
    long count = 0;
    bool capped = false;     // stopped at `max`: there are at least `count`
    // Stopped early: the count is a lower bound. `stop` says why: time ran out (Timeout), the
    // interrupt flag (Interrupted) or the memory cap (Memory, also for a CNF too large to build).
    bool timed_out = false;
    StopReason stop = StopReason::None;
    std::vector<Solution> solutions;  // the first `keep`, each passed the checker
    SolveStats stats;
};

CountResult count_solutions_sat(const Puzzle& puzzle, Rules rules, const CountOptions& options);

}  // namespace nl

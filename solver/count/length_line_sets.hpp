// Shorter answers for the length proof by routing a few lines again with SAT. For each set D of
// lines of the best answer T (line_sets.hpp: neighbouring pairs and triples, then the lines
// meeting windows of the board of growing side), the sub-puzzle of D's cells and the empty
// cells near them, every other cell blocked, is given to minimize_length itself with a small
// budget. A shorter route of D found there, spliced into T, is a solution of the whole puzzle
// (line_sets.hpp says why) shorter by as much, since the other lines keep their cells; it is
// checked and measured again before it replaces T, and the sets start again from it.
//
// Why: the two-sided search asks "shorter than the best?" of every line at once, and on boards
// with many lines that one question can stall for minutes, while the shorter answer often
// differs from the best in a few lines near each other only, where a small question settles it
// in milliseconds. Once the best is optimal, the cores or one Unsat of the two-sided search
// prove it. Only answers come from here: finding nothing proves nothing, and the lower bound is
// not touched.
#pragma once

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"
#include "solver/count/min_length.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

// How far the windows grow: to the whole board, or (inside the proof, whose other steps need
// the time) only while their sets are settled in a few milliseconds each on average.
enum class LineSetReach { AllWindows, WhileCheap };

// Replaces out.solution and out.length by shorter answers while a pass over the sets finds one
// and the clock is before `stop_at` (each set gets a fifth of a second at most; `budget` ends it
// with Stopped). Counts sets in out.line_sets and shorter answers in out.rerouted. True when it
// ended because a whole pass found nothing shorter or the answer met out.lower_bound, false
// when `stop_at` came first. Does nothing on boards with bridges (line_sets.hpp).
bool shorten_by_line_sets(const Puzzle& puzzle, Rules rules, const SolveOptions& sat, const Budget& budget,
                          Budget::Clock::time_point stop_at, LineSetReach reach, MinLengthResult& out);

// solve --optimize length (without --prove, whose proof routes the sets itself): when the
// optimiser's local search has stopped with time to spare (options.optimize_seconds counted
// from its start, never past the puzzle's timeout counted from `started`), the answer is
// shortened further by routing the sets again, until a pass over them finds nothing shorter or
// the time is spent. Records an attempt "reroute" and replaces result.solution by the shortest
// answer found (checked; InternalError if not). Otherwise does nothing.
void reroute_optimized_answer(const Puzzle& puzzle, Rules rules, const EngineOptions& options,
                              Budget::Clock::time_point started, EngineResult& result);

}  // namespace nl

// The frontier engine (`count --engine frontier`, `unique --engine frontier`): exact counting by
// frontier-based dynamic programming over the cells of a one-layer board, the method of ZDD path
// counters (TdZdd's numberlink example, "simpath"). It shares no code with the SAT encoding or the
// exhaustive search (only core/, and the detour test of rewrite.hpp in the verdict of `unique`
// under nikoli rules, which CountOptions::local_moves = false turns off), so it is a third,
// independent oracle, and its cost grows with the board's short side rather than with the
// number of solutions: it gives exact counts in the millions and far beyond where SAT
// enumeration can only say "at least N".
//
// The DP visits the cells row by row along the short side, keeping every distinct state of the
// cut between visited and unvisited cells with the number of ways to reach it
// (solver/count/frontier_state.hpp: the states and moves, and why each solution is counted once).
// Counts are unsigned 128-bit, saturating: a count of 2^128 - 1 or more is reported as "at least
// 2^128 - 1" (CountResult::capped), never wrapped.
//
// Rules: all four presets (flow, nikoli, adc, strict) on one-layer boards of any shape (blocked
// cells anywhere). Not supported (unsupported_frontier says why, and the command line refuses the
// run with a usage error before counting anything): boards with more than one layer (3-D, vias),
// more than 1022 labels or a short side above 120 cells, and --distinct colours under the
// touch-allowed presets (flow, nikoli), where one colouring may come from several path sets and a
// DP over path sets cannot tell how many colourings it has seen. Under adc and strict a colouring
// determines the paths (core/puzzle.hpp, Distinct), so the count is the same in both modes.
//
// Solutions: with options.keep at most 2 (unique) the DP keeps, per state, its first in-edge and
// whether it is reached in two or more ways (4 bytes; the states themselves are freed layer by
// layer): following first in-edges back from a final state rebuilds one solution, and the first
// state on that chain reached in several ways from a predecessor reached in one (or a second
// final state) gives another; that state's second in-edge is found by running the DP again up to
// its layer (frontier.cpp says why one exists when the count is at least 2). With a larger keep
// (count --all) every layer is kept, a backward pass replaces each state's count by the number of
// ways to finish from it, and solution number k (in the order of the moves) is rebuilt by walking
// forward, choosing at each cell the move whose completions contain k. Every rebuilt solution
// passes check_solution (a rejected one throws InternalError).
// --max N: the DP cannot stop early, so it always finds the exact total T; the result is T when
// T <= N, else N with capped set ("at least N"), as the other engines report. Except for the
// verdict of `unique` under nikoli rules (--max 2 with local_moves): there the DP counts only
// the solutions without certain U-turns, which decides min(T, 2) exactly with a detour test
// (frontier.cpp, decide_from_u_turn_free), and 2 is reported as "at least 2". Budget: the deadline
// and the interrupt flag are polled every 1,024 expanded states, resident memory every 65,536,
// and the tables' own size is compared with the cap at every poll; when one runs out the result is
// timed_out with `stop` saying why and count 0 (the DP has no partial count to offer).
#pragma once

#include <optional>
#include <string>

#include "solver/count/count.hpp"

namespace nl {

// Why the frontier engine cannot count `puzzle` under `rules` and `distinct`, or nothing.
std::optional<std::string> unsupported_frontier(const Puzzle& puzzle, Rules rules, Distinct distinct);

// Counts the solutions of a supported puzzle (throws InternalError on an unsupported one).
CountResult count_solutions_frontier(const Puzzle& puzzle, Rules rules, const CountOptions& options);

// The decimal text of a 128-bit count (for counts beyond CountResult::count's range).
std::string count_decimal(unsigned __int128 count);

}  // namespace nl

// The proved minimum total length of a no-fill puzzle's lines (solve --optimize length --prove):
// SAT with bounds on the total length, closed in from above and below until they meet.
//
// Why the links: in a solution every line of k cells has k - 1 links (edge variables true), and
// no other link is true, so total length = links + lines. A bound "at most E links" is a
// cardinality constraint over the edge variables, encoded once as a totalizer (Bailleux and
// Boufkhad 2003) whose outputs say "at least j links" (forced true whenever j links are); the
// bound is an assumption on one output, so the same incremental solver serves every bound.
// Only the "at least" direction is encoded: it is all an upper bound needs, and the outputs are
// capped at the first bound, above which nothing is ever asked.
//
// First the uniqueness proof gets its turn: a puzzle with one solution has no shorter one
// (min_length.cpp, settle_by_uniqueness). Then the gap between the shortest solution known and
// the lower bound is closed from both sides (min_length.cpp, close_gap). Downward: each model
// under "fewer links than the best" is decoded, checked and becomes the best (it is strictly
// shorter); Unsat proves that no solution is shorter than the best, which is then optimal.
// Upward: Unsat under "no longer than the lower bound" raises the bound by a step; a model
// there is as short as the bound, so optimal. Every question also bounds the lines' slack over
// their shortest routes (line_slack.hpp), which the solver propagates line by line. The cycle cuts and no-touch clauses the SAT loop
// adds are valid for every solution (solve_loop.hpp), so they cannot remove the shorter
// solution an Unsat answer denies. Dense answers are bounded by counting empty cells instead of
// links (the smaller tree), and on bipartite boards, where every answer's length has the same
// parity, "shorter" means two cells shorter (min_length.cpp says why). The lower bound starts at
// the lines' shortest routes alone (optimize.hpp, wire_lower_bound); before the two-sided
// search, cores raise it (length_cores.hpp), with half the time left. Before the cores, sets of
// neighbouring lines, and the lines of small windows of the board, are routed again on
// sub-puzzles of their own for a shorter answer (length_line_sets.hpp), with a quarter of the
// time left. When the budget stops the
// search first, the best solution and the gap are reported.
#pragma once

#include <cstdint>

#include <chrono>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

struct MinLengthResult {
    bool optimal = false;    // lower_bound == the solution's length, proved
    Solution solution;       // the shortest found, passed the checker
    long length = 0;         // its total length (cells on lines)
    long lower_bound = 0;    // no solution is shorter
    long improvements = 0;   // shorter solutions found by SAT
    long bound_raises = 0;   // Unsat answers that raised the lower bound by a step
    long rerouted = 0;       // shorter answers from routing sets of lines again (length_line_sets.hpp)
    int line_sets = 0;       // sets of lines routed again
    long cores = 0;          // cores found (length_cores.hpp), each a step of the lower bound
    int core_calls = 0;      // SAT questions asked while looking for cores
    int cube_calls = 0;      // of those, questions about one cube of a question (length_cores.cpp)
    long cube_cores = 0;     // cores found by refuting every cube of a question
    bool cube_model = false;  // a cube's model settled it
    bool by_cores = false;   // the cores settled it (their bound met the best, or a model met it)
    bool met_lower_bound = false;  // a model as short as the (raised) lower bound settled it
    int sat_calls = 0;
    bool counted_empty = false;  // the bound counted empty cells rather than links
    long stride = 1;             // 2 when every answer's length has the same parity
    bool by_uniqueness = false;  // proved by the puzzle having one solution only
    StopReason stop = StopReason::None;  // why it ended before a proof, if it did
};

// The steps minimize_length takes; the tests turn some off to exercise the others alone.
struct MinLengthSteps {
    bool uniqueness = true;  // the uniqueness proof first
    bool line_sets = true;   // sets of lines routed again (off inside a set's own proof)
    bool cores = true;       // the cores before the two-sided search
    // The conflict budget of each question in the first round of the two-sided search (doubled
    // each round), and of the cores' first question; the tests make it tiny to exercise both
    // sides and the cubes.
    std::uint64_t first_conflicts = 20000;
};

// `start` must pass the checker under `rules`, which must be no-fill (InternalError otherwise).
// `sat`: back end, threads, coding; its timeout is ignored in favour of `budget`.
MinLengthResult minimize_length(const Puzzle& puzzle, Rules rules, const Solution& start, const Budget& budget,
                                const SolveOptions& sat = {}, const MinLengthSteps& steps = {});

// solve --prove: when `result` is solved under no-fill `rules` and options.prove_length is set,
// minimize_length from its solution until proved or the puzzle's timeout (counted from
// `started`, with options.sat's interrupt and memory cap). Records an attempt "prove" with its
// figures, replaces the solution by the shortest found (checked; InternalError if not) and sets
// result.length_proof. Otherwise does nothing.
void prove_minimum_length(const Puzzle& puzzle, Rules rules, const EngineOptions& options,
                          std::chrono::steady_clock::time_point started, EngineResult& result);

}  // namespace nl

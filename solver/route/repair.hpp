// Repairing a nearly routed board with SAT: "connect first, then repair" (the ADC 2018
// winner's approach), for boards that need not be filled.
//
// The router (route.hpp) often ends with every line routed and a few cells shared by two lines.
// The repair keeps most of that work: it loads the exact encoding of the whole board once, fixes
// the lines that share nothing (their edges are assumed true) and lets SAT route the others
// around them. When that is unsatisfiable, CryptoMiniSat's final conflict names the assumptions
// it used, so the lines they belong to are exactly the fixed lines in the way: they are freed and
// SAT solves again, in the same incremental session (what it learnt stays valid: assumptions are
// not clauses). When a step runs out of its conflict budget, the lines lying next to the free
// lines' old routes are freed too and the budget doubles.
//
// Exact in both directions: an answer is decoded from a model of the rules' encoding, cut of
// detached loops and self-touch like every SAT answer (solve_loop.hpp), and checked. An
// unsatisfiable step with an empty final conflict means the encoding is unsatisfiable without
// any assumption, so the puzzle has no solution. Every step frees at least one line, or doubles
// the budget once all are free, so without a deadline (and max_stalls) the repair ends with
// one of the two.
#pragma once

#include <vector>

#include "core/puzzle.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

struct RepairResult {
    // Solved (checked), Unsolvable (exact, as above), or Timeout / Interrupted / Limit.
    SolveResult solve;
    int steps = 0;        // SAT steps, each under one set of fixed lines
    int window_cells = 0; // cells SAT was free to change in the last step
};

// `attempt`: a path for every label between its ends (the router's last routing, lines may
// share cells). No-fill rules only (under fill rules the router does not run): throws
// std::invalid_argument otherwise. options.timeout bounds the repair; options.interrupt and
// options.max_memory apply as in solve_sat.
//
// `max_stalls` > 0 makes it give up (status Timeout, "no answer in its budget") after that many
// steps ran out of conflicts: measured on ADC 2015 and 2016, where the repair answers at all it
// answers after steps that are all decided at once (2016 Q12: an unsatisfiable step, then the
// answer, in 0.6 s), while on dense boards whose answer is far from the routing (2015 Q03,
// Q07: 1-2 shared cells) it stalls step after step where SAT on the whole board answers in 0.1 s.
RepairResult repair_routing(const Puzzle& puzzle, Rules rules, const std::vector<std::vector<CellId>>& attempt,
                            const SolveOptions& options, int max_stalls = 0);

// Sets open[c] for every cell within `radius` steps of `from` (breadth first over the puzzle's
// graph); the windows of this repair and of the route-and-fill engine (route_fill.hpp).
void open_around(const Puzzle& puzzle, const std::vector<CellId>& from, int radius, std::vector<char>& open);

}  // namespace nl

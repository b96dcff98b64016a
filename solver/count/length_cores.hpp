// The lower bound of the proved minimum length (min_length.hpp) raised by cores: core-guided
// optimisation over the lines' slacks, the OLL method of MaxSAT solvers (Andres, Kaufmann,
// Matheis and Schaub, ICLP 2012; Morgado, Dodaro and Marques-Silva, CP 2014).
//
// Why it pays. The two-sided search asks one question about the whole board, "is the total
// length at most B?", over a counter of every cell; refuting it means refuting every way of
// spreading the slack over all the lines at once. But the slack an answer must have comes from
// places: two lines whose shortest routes cross, a line that must go round another's end. A
// core is one such place, found by asking for every line on a shortest route and reading which
// of those wishes the solver needed to refute (its failed assumptions): a handful of lines,
// refuted in a small part of the search. Each core raises the bound by a step, and only the
// lines of the cores found so far are allowed any slack in the next question.
//
// Why it holds. Let line i run from a to b with d_i = dist(a, b) (in links, on the board where
// blocked cells and the other lines' ends are obstacles): its shortest route has d_i - 1 cells
// besides its ends, and in an answer where it has n_i such cells its slack is n_i - (d_i - 1),
// the total length being D + the sum of the slacks (D: the shortest routes' lengths, summed).
// On bipartite boards every slack is even (min_length.cpp, length_step), so slack is counted in
// units of u = 2 cells, else of 1. Let S be any answer shorter than the best known. Every cell
// line i uses in S has excess dist(a, c) + dist(c, b) - d_i at most S's total slack
// (line_slack.hpp), so at most best - 1 - D; cells beyond that (or unreachable) get the clause
// "not used or not label i", which S satisfies. For the cells within it, z(c, i) is forced true
// by "used and label i", and a totalizer over them gives unit literals "line i has slack at
// least k u" (forced true when it has), which S, with every auxiliary variable set to what it
// counts, satisfies exactly. The soft wishes are the negations of unit literals. An Unsat answer
// under a set of wishes (and "length < best", assumed too) means S violates one of the core's
// wishes; OLL then adds a totalizer over the core's literals and wishes "fewer than two of
// these", and for each member the next unit of the same counter. By the usual OLL argument
// (each core costs S one unit that no other core counts) S's slack is at least u times the
// number of cores, so no answer shorter than the best is shorter than D + u x cores: a valid
// lower bound for the best too. A model under all the wishes has slack at most u x cores (its
// detached loops, which decoding drops, only add to the counts), so its checked answer is as
// short as the bound: optimal.
//
// Cost: a clause and a counter input per line and cell within the excess, a totalizer per line
// capped at its shortest route plus the largest slack; used only where min_length.cpp's own
// slack counters are (no bridges, lines x cells within their bound) and the gap is small.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"
#include "solver/count/min_length.hpp"
#include "solver/sat/sat_session.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

// Raises out.lower_bound by cores, asking under "length < out.length" (`shorter_than_best`, an
// assumption literal valid for that length) until the bound meets out.length, a model settles
// it (then out.solution is that answer, checked, and out.lower_bound its length), or a question
// is still open at `until`. Each question gets `first_conflicts`, doubled while it stays open;
// between them `ask_down` gets turns of about as many conflicts for the question "shorter than
// the best?", which finds the shorter answers a question under every wish is slow to (an
// answer as short as the cores' bound ends both) and proves a best that is already optimal. Clauses go into enc.cnf and are sent from `sent`. Throws
// Stopped when the budget runs out.
void raise_bound_by_cores(const Puzzle& p, Rules rules, const SolveOptions& sat_options, Encoding& enc,
                          SatSession& sat, std::size_t& sent, int shorter_than_best, long shortest_total,
                          std::chrono::steady_clock::time_point until, std::uint64_t first_conflicts,
                          const std::function<void(std::uint64_t)>& ask_down, MinLengthResult& out);

}  // namespace nl

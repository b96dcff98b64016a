// A second solution by rerouting a few lines of a first one, the rest held where they are: a
// constructive proof of "multiple" for `unique` on boards where the exact search for a second
// solution is slow (inputs9 under nikoli rules: the adc enumeration found none in 180 s on
// board 3, where freeing two lines finds one in milliseconds).
//
// The sub-puzzles are line_sets.hpp's, where the argument is: a solution of one, spliced into
// the first solution, is a solution of the puzzle.
// Only small sets are tried (each line alone, then pairs of lines that lie next to each other,
// then such triples), smallest sub-puzzle first, so finding nothing proves nothing: the caller's
// exact search goes on.
#pragma once

#include <optional>

#include "core/puzzle.hpp"
#include "solver/sat/solve.hpp"

namespace nl {

// `first` is a solution under `search_rules`; a second one is searched under `search_rules` (adc
// when unique under nikoli is decided through adc, solver/count/count.cpp) and returned only when it
// also passes the checker under `rules` and differs from `first` under `distinct`. `sat` bounds the
// whole search (timeout, interrupt, memory: a stop ends it with nullopt). Boards with bridges
// are left alone (nullopt; line_sets.hpp says why), and so are boards with vias, which its
// property test does not draw.
std::optional<Solution> rerouted_second_solution(const Puzzle& puzzle, Rules rules, Rules search_rules,
                                                 const Solution& first, Distinct distinct, const SolveOptions& sat);

}  // namespace nl

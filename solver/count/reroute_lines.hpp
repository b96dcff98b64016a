// A second solution by rerouting a few lines of a first one, the rest held where they are: a
// constructive proof of "multiple" for `unique` on boards where the exact search for a second
// solution is slow (inputs9 under nikoli rules: the adc enumeration found none in 180 s on
// board 3, where freeing two lines finds one in milliseconds).
//
// The argument. Let T be a solution under rules R (any preset: the fill rule and the checker's
// touch rule, which is about a path touching itself only), D a set of labels, and F_D the cells
// that T leaves empty or gives to a label of D. The sub-puzzle P_D is the board with every cell
// outside F_D blocked and the labels of D alone (their ends are in F_D).
//  - Sound: for a solution U of P_D under R, T with the paths of D replaced by U's is a solution
//    of the puzzle under R. The other paths are T's and lie outside F_D, U's lie inside, so no
//    cell is used twice; every path joins its ends; a cell that is free on the board is either
//    in F_D (filled by U when R fills, since F_D's cells are free in P_D) or on a path of T kept
//    as it is; blocking cells removes no link between two free cells, so a path of U touches
//    itself on the board exactly when it does in P_D. It differs from T when U differs from T's
//    paths of D. The result is passed by the checker and compared with T all the same: nothing
//    here is trusted without that.
//  - Complete over all D (not used as a proof, only to say what is searched): a solution S != T
//    differs from T on some set D of labels; its paths of D avoid the cells of the other paths,
//    which S and T share, so they lie in F_D and form a solution of P_D other than T's.
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
// whole search (timeout, interrupt, memory: a stop ends it with nullopt). Boards with vias or
// bridges are left alone (nullopt): blocking a cell there is not one node of the graph.
std::optional<Solution> rerouted_second_solution(const Puzzle& puzzle, Rules rules, Rules search_rules,
                                                 const Solution& first, Distinct distinct, const SolveOptions& sat);

}  // namespace nl

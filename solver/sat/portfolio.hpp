// Both SAT back ends on one puzzle at once: the same encoding for CryptoMiniSat and CaDiCaL, each
// on a thread of its own, the first verdict stopping the other.
//
// Why: on hard boards the two solvers' times differ by large factors, in either direction and
// not predictably from the board (docs/engines.md, "SAT back ends"), so running both costs a
// second core and wins the faster of the two. Each side is the whole exact SAT engine
// (solve_sat_on), so each verdict is exact on its own; when both end with a verdict they must
// agree, and a disagreement is an internal error, never an answer.
#pragma once

#include "solver/sat/solve.hpp"

namespace nl {

// solve_sat with options.sat == Portfolio. The result is the first verdict's (its stats name its
// back end); without one, the CryptoMiniSat side's status (timeout, interrupted, limit).
SolveResult solve_portfolio(const Puzzle& puzzle, Rules rules, const SolveOptions& options);

// Loads both solvers' tables before a portfolio starts, so that a solver the installation lacks
// is reported every time (frontend::ModuleMissing in the command line), not only when the other
// side happens to be slower than it.
void require_both_backends();

}  // namespace nl

// Internal to solver/: the SAT inner loop shared by solving (solve.cpp) and counting (count.cpp).
#pragma once

#include <chrono>
#include <vector>

#include "encoder/encoding.hpp"
#include "solver/sat_session.hpp"
#include "solver/solve.hpp"

namespace nl::detail {

// The encoding options a solve or count asks for (coding, cycles, touch clauses); speculation is
// set by the caller.
inline EncodeOptions encode_options(const SolveOptions& options) {
    EncodeOptions eo;
    eo.coding = options.coding;
    eo.acyclic = options.acyclic;
    eo.lazy_no_touch = options.lazy_no_touch;
    return eo;
}

enum class Outcome { Solved, Unsat, Unknown };

// One incremental session over one encoding, under fixed assumptions: solves, cuts detached
// loops (fill rules) and adds lazy no-touch clauses until an answer that passed the checker
// (in result.solution), unsatisfiability, or the deadline (options.timeout from `start`).
// Statistics accumulate in result.stats. Throws InternalError when the checker rejects an answer.
Outcome solve_with_cuts(const Puzzle& p, Rules rules, const SolveOptions& options, Encoding& enc,
                        SatSession& sat, std::size_t& sent, const std::vector<int>& assume,
                        std::chrono::steady_clock::time_point start, SolveResult& result);

}  // namespace nl::detail

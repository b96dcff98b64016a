// Internal to solver/: the SAT inner loop shared by solving (solve.cpp) and counting (count.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "encoder/encoding.hpp"
#include "solver/board/presolve.hpp"
#include "solver/sat/sat_session.hpp"
#include "solver/sat/solve.hpp"

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

// The budget of one solve or count, started now: options.timeout, options.interrupt and
// options.max_memory.
inline Budget budget_for(const SolveOptions& options) {
    return Budget::starting_now(options.timeout, options.interrupt, options.max_memory);
}

// The stop of a CNF over SolveOptions::max_cells: a limit of SAT alone, so other engines may still
// answer the board (the memory cap, a plain Stopped(Memory), is the process's).
struct OverCellBound : Stopped {
    using Stopped::Stopped;
};

// Throws OverCellBound when the CNF of `p` under `options` would be over options.max_cells open
// cells, and Stopped(Memory) when it cannot fit options.max_memory (its literals alone,
// min_cnf_literals), before any time is spent encoding it; what() names the limit.
void refuse_oversized(const Puzzle& p, const SolveOptions& options);

// Notes `phase` to options.progress, with `count` `unit`s when a unit is given.
inline void note_progress(const SolveOptions& options, const char* phase, const char* unit = "",
                          std::uint64_t count = 0) {
    if (options.progress) options.progress({ProgressNote::Kind::Figures, "sat", phase, unit, count});
}

// The cells of `p` that are not blocked.
long open_cells(const Puzzle& p);

// Loads `enc` into `sat` and frees the encoding's clause buffer, which the solver now holds a
// copy of (on a 1000x1000 board under flow rules 17 M clauses, about 300 MB that were paid
// twice for the whole solve); clauses added later (cuts, lazy no-touch) go into the emptied
// buffer and are sent from the returned offset. The counts in enc.cnf stay.
inline std::size_t load_and_release(SatSession& sat, Encoding& enc) {
    sat.add(enc.cnf);
    std::vector<int>().swap(enc.cnf.literals);
    return 0;
}

// What solver/board/presolve.hpp proved, as unit clauses: every solution uses each forced edge and
// none uses a dead one, so neither the verdict nor any count of solutions changes.
inline void add_presolved_units(SatSession& sat, const Encoding& enc, const Presolved& pre) {
    for (const auto& [a, b] : pre.forced) sat.add_clause(std::vector<int>{enc.edges[enc.edge_between(a, b)].var});
    for (const auto& [a, b] : pre.dead) sat.add_clause(std::vector<int>{-enc.edges[enc.edge_between(a, b)].var});
}

// What a stop reason means for a solve.
SolveStatus status_for(StopReason why);

// Undecided: the call's conflict budget ran out first.
enum class Outcome { Solved, Unsat, Undecided };

// Whether a model's detached loops may be spliced into paths (solver/sat/merge_loops.hpp) before
// they are cut: only where one answer is wanted (solve), never where models are counted or
// enumerated (a splice turns one model into another).
enum class Loops { Cut, SpliceThenCut };

// One incremental session over one encoding, under fixed assumptions: solves, cuts detached
// loops (fill rules; with Loops::SpliceThenCut under touch-allowed rules, first tries to splice
// them into paths) and adds lazy no-touch clauses until an answer that passed the checker
// (in result.solution) or unsatisfiability, or until `max_conflicts` conflicts over all its SAT
// calls (0: no limit). Throws Stopped when the session's budget runs out.
// Statistics accumulate in result.stats. Throws InternalError when the checker rejects an answer.
Outcome solve_with_cuts(const Puzzle& p, Rules rules, const SolveOptions& options, Encoding& enc,
                        SatSession& sat, std::size_t& sent, const std::vector<int>& assume,
                        SolveResult& result, std::uint64_t max_conflicts = 0, Loops loops = Loops::Cut);

// Whether solve_sat gives a plain exact session turns beside its speculative (staged) one
// (solve.cpp, at the top). A second session holds a second copy of the formula: on boards whose
// CNF takes hundreds of megabytes (a 1000x1000 board under flow rules: 3.9 GB for one), the race
// would double that, so there speculation runs alone and unbounded.
// The monotone stage's clauses (about 0.65 times the rules' own on big layered boards) are not
// counted: the plain copy has none of them, and counting them took the race from ADC 2017 Q15
// and Q24 (1.3-1.4 M clauses without them), leaving their fill stage unbounded.
constexpr std::size_t kRaceMaxClauses = 2'000'000;
inline bool race_pays(const Encoding& enc) { return enc.cnf.num_clauses - enc.monotone_clauses <= kRaceMaxClauses; }

}  // namespace nl::detail

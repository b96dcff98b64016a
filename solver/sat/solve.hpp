// Exact solving with the SAT engine: encode, solve incrementally, cut detached loops, decode,
// and check every answer with the independent checker.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/progress.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

struct Presolved;

// How speculative constraints are tried (solve.cpp): behind activation literals in one
// incremental solver, or as plain clauses in a fresh solver per attempt. Guarded is the default:
// where the first attempt fails, the guarded solver keeps what it learnt (figures:
// docs/performance.md, "SAT speculation: two sessions").
enum class SpeculationMode { Guarded, Fresh };

// Which SAT solver decides (solver/sat/sat_api.hpp): one back end, or both at once on two
// threads, the first verdict winning and stopping the other (solver/sat/portfolio.hpp). Auto
// is CryptoMiniSat in solve_sat; the stage table of `auto` turns it into the portfolio where a
// second core is free (solver/pipeline/stage_sat.cpp).
enum class SatChoice { Auto, CryptoMiniSat, CaDiCaL, Portfolio };

struct SolveOptions {
    double timeout = 0;  // seconds per puzzle, 0: none
    // Resident memory of the process (bytes) above which a solve stops with status Limit; 0:
    // none. See solver/base/budget.hpp.
    std::size_t max_memory = 0;
    // Open cells of one CNF (the board, or one of its independent regions when it splits) above
    // which the solve stops with status Limit before encoding: a CNF costs 2.7 KB a cell with
    // few lines, 8.4 KB with a line every 8 cells (docs/performance.md, `sat_max_cells`), so the
    // bound keeps memory bounded by design rather than by the cap alone. 0: none. The stage table of `auto` sets it
    // (EngineOptions::sat_max_cells); --engine sat asks for SAT and leaves it at 0.
    long max_cells = 0;
    int threads = 1;  // CryptoMiniSat's search threads
    SatChoice sat = SatChoice::Auto;
    LabelCoding coding = LabelCoding::Auto;
    bool acyclic = false;   // exact ordering encoding instead of lazy cycle cuts
    bool speculate = true;  // try monotone lines / no U-turn / fill first (see solve.cpp)
    // With speculate, on boards of several layers under no-fill rules: monotone lines first
    // (encoder/monotone.cpp); off only to compare (tests, measurements).
    bool speculate_monotone = true;
    // Under flow rules, splice a model's detached loops into paths before cutting them
    // (solver/sat/merge_loops.hpp); off only to test the cuts alone.
    bool splice_loops = true;
    // Forced and dead links before encoding (solver/board/presolve.hpp): a contradiction ends the
    // solve, a complete set of forced paths that passes the checker is the answer, and the rest
    // go to the SAT solver as unit clauses. Off only to compare (tests).
    bool presolve = true;
    // What the refutations before SAT already established (solver/board/refute.hpp), so that SAT does
    // not compute it again: parity and components found nothing; presolve's deductions (must
    // outlive the solve).
    bool parity_checked = false;
    bool crossing_checked = false;  // no two lines must cross (solver/board/crossing.hpp)
    bool cuts_checked = false;      // no row or column too narrow (solver/board/cuts.hpp)
    const Presolved* presolved = nullptr;
    // With the presolve: solve the board's independent regions one by one (solver/sat/split.hpp),
    // on boards of split_min_cells cells and more (smaller ones take SAT microseconds whole, and
    // their statistics, e.g. speculation, then describe the whole board; the tests lower it).
    bool split = true;
    int split_min_cells = 10'000;
    SpeculationMode speculation = SpeculationMode::Guarded;
    // No-touch rules: add no-touch clauses on demand (measured faster on janko_even, inputs4,
    // inputs9 and ADC 2015; see encoder/encoding.hpp) rather than all up front.
    bool lazy_no_touch = true;
    const std::atomic<bool>* interrupt = nullptr;
    // Called as a SAT solve enters a stage: "loading" (clauses into the SAT solver) and
    // "searching" (the first SAT call). The CLI turns these into test markers, so that tests can
    // interrupt a stage exactly (app/test_markers.hpp); null: nothing.
    std::function<void(const char* stage)> on_stage;
    // Where the solve notes its phase (encoding, loading, searching) and its conflicts so far,
    // after every SAT call, for a progress line (solver/base/progress.hpp); its notes name the
    // stage "sat" (the stage table gives its own row's name). Empty: nothing is noted.
    ProgressSink progress;
    // Test hooks (NUMBERLINK_DEBUG_FAULT=corrupt|unsolvable), so tests can prove that a wrong
    // answer becomes an internal error and is never printed: damage every decoded answer before
    // the checker sees it, or claim "unsolvable" without solving.
    enum class Fault { None, CorruptAnswers, ClaimUnsolvable } debug_fault = Fault::None;
};

// Timeout, Interrupted and Limit (the memory cap, or a CNF too large to build) say nothing about
// the puzzle.
// The SAT engine gives Solved, Unsolvable, Timeout, Interrupted or Limit.
using SolveStatus = Verdict;

struct SolveStats {
    int vars = 0;
    std::size_t clauses = 0;
    int cycle_cuts = 0;
    int loops_spliced = 0;  // detached loops spliced into paths (solver/sat/merge_loops.hpp)
    int touch_cuts = 0;  // no-touch clauses added on demand
    int sat_calls = 0;
    std::uint64_t conflicts = 0;
    std::string speculation = "none";  // none, held (answer found under it), dropped
    // When held: the constraints of the stage that held, joined by '+': "monotone", "no-uturn",
    // "fill" (solve.cpp's stages), e.g. "no-uturn+fill".
    std::string speculation_stage;
    double encode_seconds = 0, solve_seconds = 0;
    // The back end that answered ("cms", "cadical"); under the portfolio, the one whose verdict
    // was taken.
    std::string backend = "cms";
    // When unsolvable, the proof: "sat" (the exact encoding is unsatisfiable), or the board
    // argument that decided it before any encoding: solver/board/parity.hpp ("parity: ...", "no path
    // can join ...") or solver/board/presolve.hpp ("forced: ...").
    std::string unsolvable_reason;
    // When stopped with status Limit: which limit ("memory limit reached", or the CNF's cells
    // over SolveOptions::max_cells).
    std::string limit_reason;
    // The Limit is SolveOptions::max_cells (of the board or of a part): SAT declined the board
    // before encoding, and the engines that need no CNF may still answer it.
    bool over_cell_bound = false;
    // Edges that solver/board/presolve.hpp fixed before the SAT solver saw the board (used by every
    // solution / by none).
    std::size_t forced_edges = 0, dead_edges = 0;
};

struct SolveResult {
    SolveStatus status = SolveStatus::Timeout;
    Solution solution;  // when solved: passed the checker
    SolveStats stats;
};

// Throws InternalError when a decoded answer fails the checker (a bug, never printed).
SolveResult solve_sat(const Puzzle& puzzle, Rules rules, const SolveOptions& options);

// solve_sat on one back end, whatever options.sat says.
SolveResult solve_sat_on(const Puzzle& puzzle, Rules rules, const SolveOptions& options, SatBackend backend);

// The back end a single-solver choice stands for (Auto: CryptoMiniSat).
SatBackend backend_of(SatChoice choice);

}  // namespace nl

// Counting and enumerating solutions exactly with the SAT engine.
//
// By default (Distinct::Paths) two solutions differ when their sets of paths differ. After each
// solution the solver gets a blocking clause over that solution's path edges only ("not all of
// these edges"): any other solution lacks one of them (a label's path is determined by its
// edges, so a solution holding all of them has the same paths), while models that differ only
// in detached loops, in empty cells or in auxiliary variables all hold them and are blocked
// together. With Distinct::Colours two solutions differ when their colourings differ, and the
// blocking clause says "some cell is coloured otherwise" over the value variables (and, for
// cells left empty, the edges; count.cpp, colouring_block): every model with that colouring,
// whatever its paths, is blocked at once. Lazy no-touch clauses and cycle cuts are sound for
// every solution, so they stay in the solver.
//
// Label coding under Distinct::Colours: both codings work without forcing one-hot. "Some cell
// differs" is a plain disjunction over the value literals of every cell (one-hot: -x[c][l];
// binary: the opposite of each bit of l's code), so binary needs no "different value"
// auxiliary variables; only on no-fill boards, where an empty cell's bits are free, it needs
// one "used" variable per cell (used_var). No-fill boards are enumerated over the exact
// acyclicity encoding in colours mode (count.cpp, colouring_block, says why). The two codings
// tie in colours mode, so it keeps the coding Auto picks (figures: docs/performance.md,
// "Counting: label coding in colours mode").
// Speculation is used only where it cannot hide a solution: on touch-allowed rules the
// solutions without a U-turn are enumerated first, assuming the no-U-turn guard (every model
// found is a real solution, and is blocked); when none is left, the guard is dropped and the
// enumeration goes on under the exact rules, so solutions with U-turns are counted too and the
// final "no more" is proved without any speculation. Either blocking clause is kept across the
// two phases: a colouring found in the first phase stays blocked in the second, even when it
// also has path solutions with U-turns, so it is counted once.
// Capped at 2 (unique) under no-fill rules, a second solution may come from a local rewrite of
// the first (solver/count/rewrite.hpp), found before the enumeration by the router or the solve
// pipeline, or after the enumeration's first solution; see count.cpp, pipeline_proves_multiple.
// When the search for a second solution has not answered within kRerouteAfterConflicts
// conflicts, a few lines of the first are rerouted with the rest held (solver/count/reroute_lines.hpp)
// before the search goes on.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "solver/sat/solve.hpp"

namespace nl {

struct CountOptions {
    long max = 0;           // stop after this many solutions (0: count all)
    Distinct distinct = Distinct::Paths;  // what makes two solutions different (core/puzzle.hpp)
    std::size_t keep = 2;   // solutions kept in CountResult::solutions
    // Capped at 2 (unique): look for a quick second solution by local moves of a first one (the
    // router and solve pipeline with rewrites, and rerouting a few lines, reroute_lines.hpp)
    // besides the exact enumeration. Off inside those moves themselves.
    bool local_moves = true;
    // timeout, interrupt, max_memory (one budget for the whole enumeration), threads, coding,
    // cycles, touch clauses (speculation: see above)
    SolveOptions sat;
    // Called with each solution as the enumeration counts it (checked, in the order found), on
    // the counting thread: what a caller that streams solutions (Python's `solutions()`) needs.
    // Only for the plain enumeration, where every solution comes from the SAT loop one at a time:
    // local_moves off, max other than 2 (capped at 2 under nikoli rules the enumeration runs
    // through adc rules, and a rewrite may add the second solution beside the loop) and one
    // back end (a portfolio would report each solution once per side). count_solutions_sat
    // throws std::invalid_argument otherwise.
    std::function<void(const Solution&)> on_solution;
    // Count only the solutions that use every one of these links (pairs of neighbouring cells):
    // one part of a split count (solver/count/cubes.hpp). The enumeration then runs plainly under
    // the puzzle's own rules: local_moves must be off, and no rewrite of a solution, which could
    // leave the part, is counted. Every solution counted is checked to use the links.
    std::vector<std::pair<CellId, CellId>> fixed_links;
    // The cores this count may use. With two, and the SAT back end left to the table (sat.sat
    // Auto), a count under fill rules that CryptoMiniSat alone has not finished within a head
    // start goes on with both back ends side by side (count_engine.hpp). The command line gives
    // each puzzle the machine's cores divided among the puzzles in flight.
    int cores = 1;
    // How long CryptoMiniSat runs alone before CaDiCaL joins it (count_engine.cpp says why 1 s);
    // under a time limit at most a quarter of it. 0: both from the start (the tests race every count).
    double portfolio_head_start = 1.0;
};

struct CountResult {
    long count = 0;
    // The exact count in decimal when it exceeds `count`'s range (then count is LONG_MAX); only
    // the frontier engine counts that far. Empty otherwise.
    std::string count_text;
    bool capped = false;     // stopped at `max`: there are at least `count`
    // Stopped early: the count is a lower bound. `stop` says why: time ran out (Timeout), the
    // interrupt flag (Interrupted) or the memory cap (Memory, also for a CNF too large to build).
    bool timed_out = false;
    StopReason stop = StopReason::None;
    std::vector<Solution> solutions;  // the first `keep`, each passed the checker
    // How many solutions have no U-turn (no path runs along three sides of a square of four
    // cells, a 2x2 block on a grid), when that is known exactly: on touch-allowed rules the SAT
    // enumeration finds those first (see above), and once that phase has proved there are no
    // more, it is their number; all of them are among the solutions counted. So a search that
    // stops later still tells that every further solution has a U-turn (a designer's "any
    // other solution must turn back on itself"). -1 when not known: that phase did not finish
    // or did not run (no-touch rules, where no solution has a U-turn; speculation off; the
    // frontier and search engines).
    long uturn_free = -1;
    SolveStats stats;
};

CountResult count_solutions_sat(const Puzzle& puzzle, Rules rules, const CountOptions& options);

// Both SAT back ends on one count (solver/sat/portfolio.hpp): `count` with CryptoMiniSat from the
// start and, when it has not ended after `head_start` seconds (0: at once), with CaDiCaL beside
// it (solver/base/race.hpp, race_after: CryptoMiniSat's search goes on). `count` must honour
// options.sat.sat, interrupt and timeout (CaDiCaL's is what is left of it). Each side is the
// whole exact count, so the first to finish has the answer; two finished counts that differ are
// an InternalError; when both stop, the larger lower bound with the caller's reason.
CountResult count_on_both_backends(const Puzzle& p, const CountOptions& options, double head_start,
                                   const std::function<CountResult(const CountOptions&)>& count);

// True when some path of `solution` runs along three sides of a square of four cells (a 2x2
// block on a grid): four consecutive cells of a path, the first beside the last (the three
// sides of a square are three links in a row).
bool has_uturn(const Puzzle& puzzle, const Solution& solution);

// The adc verdict capped at 2 (unique) that a finished nikoli count capped at 2 (`nikoli`, with
// at least one solution kept) decides, or nullopt when it decides none. Every adc solution is a
// nikoli solution (adc adds only the no-touch rule), and adc solutions that differ (paths or
// colourings) are nikoli solutions that differ in the same way. So no nikoli solution means no
// adc solution, and exactly one nikoli solution (or colouring) T means at most one adc
// solution, and T is one: if T touched itself, the shortcut between the touching cells
// (rewrite.hpp) would give another nikoli solution with fewer cells, so another colouring too
// (the checker confirms T all the same; nullopt if it did not pass). Two nikoli solutions
// decide nothing. Used by `unique` under adc rules (count_engine.cpp), where the nikoli proof
// (count.cpp, decide_through_adc: adc solutions in corner order, then local tests) is sometimes
// far faster than the adc enumeration itself.
std::optional<CountResult> adc_verdict_from_nikoli(const Puzzle& puzzle, const CountResult& nikoli, std::size_t keep);

}  // namespace nl

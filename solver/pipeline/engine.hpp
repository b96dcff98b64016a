// Solving one puzzle: `auto` walks the stage table (solver/pipeline/stage_table.cpp, printed by
// `solve --help` and docs/engines.md), `--engine NAME` runs one engine alone. Every answer passes
// the checker; every negative verdict comes from an exact method (solver/base/attempt.hpp). Under
// no-fill rules an answer can then be shortened (optimize.hpp) when `optimize` is set.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/quality.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/progress.hpp"
#include "solver/board/refute.hpp"
#include "solver/route/optimize.hpp"
#include "solver/sat/solve.hpp"
#include "solver/base/solve_part.hpp"

namespace nl {

enum class Engine { Auto, Sat, Wall, Search, Route, Dfs, Scan, Layers, Shrink, RouteFill, Tight };

// The engine `solve --engine NAME` (and Python's solve(engine=NAME)) names, or nothing.
std::optional<Engine> engine_named(std::string_view name);
// The names engine_named takes, for messages ("auto, sat, ... or scan").
extern const std::string kEngineNames;
// The same names as "auto|sat|...|scan", for option tables.
const std::string& engine_choices();

// The options of every stage. Where a value comes from (the measurements behind it):
// docs/performance.md, "The stages' budgets", one paragraph per field.
struct EngineOptions {
    Engine engine = Engine::Auto;
    SolveOptions sat;  // SAT's options; its timeout, interrupt and memory cap bound the whole solve
    RefuteLimits refute;
    // The wall follower as a presolver: boards of at most this many cells, this many boards.
    int presolve_max_cells = 81;
    long presolve_boards = 2000;
    // The depth-first search: boards of at most this many cells, this many nodes (0: off).
    int dfs_max_cells = 256;
    long dfs_nodes = 2000;
    // The shrink engine: boards of at least this many cells whose small board keeps at most this
    // share of them; at most this share of the time.
    int shrink_min_cells = 10'000;
    double shrink_max_ratio = 0.5;
    double shrink_share = 0.5;
    // Route-and-fill: sparse flow boards (this many open cells, and per line); its thin
    // routing's repair loads the whole board's encoding only up to routefill_max_cells.
    int routefill_min_cells = 400;
    int routefill_max_cells = 250'000;
    int routefill_min_cells_per_label = 60;
    double routefill_share = 0.5;
    // SAT's stages (sat-turn, the repair, sat) encode one CNF of at most this many open cells: a
    // larger board is solved by its independent regions, or SAT declines it and the stages
    // without a CNF go on; limit when none answers (SolveOptions::max_cells). 0: no bound.
    // --engine sat is not bound by it.
    long sat_max_cells = 250'000;
    // The scan search: this many cells visited plus scan_nodes_per_cell a cell (0: off); on
    // boards of scan_race_min_cells and more it then races the rest of the table, because no
    // budget fits every board. Under flow rules (where it only looks for a strict solution) only
    // on boards of at most scan_flow_max_cells cells.
    long scan_nodes = 200'000;
    int scan_nodes_per_cell = 4;
    int scan_race_min_cells = 1'000;
    int scan_flow_max_cells = 10'000;
    // The wall follower's budget when it checks SAT's negative answers, alone and in cross-checks.
    long fallback_boards = 20000;
    bool cross_check = false;
    // SAT's first turn on routed one-layer boards (at most a tenth of the timeout), so that
    // boards SAT decides at once never wait for the router.
    double sat_first_seconds = 0.3;
    // The router: its seed; --engine route's rounds; under auto the rounds in all (no limit: it
    // races SAT, which stops it), restarts after route_restart_rounds x luby(k) rounds. Its turns
    // are measured in cells expanded, not seconds, so auto routes the same way on every machine.
    std::uint64_t route_seed = 1;
    int route_rounds = 20000;
    int auto_route_rounds = std::numeric_limits<int>::max();
    int route_restart_rounds = 4000;
    double route_share = 0.2;
    long route_first_expanded = 10'000'000;
    int route_min_cells = 100;
    double route_turn_factor = 2.0;  // each later turn: this many times the work so far
    // The SAT repair of a routing: this share of the time left, at most this long, at most this
    // many steps out of conflicts.
    double repair_share = 0.5;
    double repair_max_seconds = 10.0;
    int repair_max_stalls = 2;
    // False: no race of the router with SAT, for callers that promise the same output on every
    // run (the first answer of a race depends on timing): the generator's uniqueness checks.
    bool race_sat = true;
    // The layers engine, once, after the router's first turn and its repair: this share of the
    // time left.
    double layers_share = 0.5;
    // On a tight group of layers the tight engine's packings get this share.
    double tight_share = 0.5;
    // Shorter wires after a solved no-fill puzzle (solve --optimize), for at most this long and
    // never past the puzzle's timeout. Under length, the sets of lines routed again with SAT
    // share this time after the optimiser stage; like the proof below they sit in the counting
    // room (solver/count/length_line_sets.hpp), and the front end calls them after solve_puzzle.
    std::optional<WireObjective> optimize;
    double optimize_seconds = 5.0;
    // After --optimize length: prove the minimum total length (solve --prove). Not a stage of
    // the pipeline: the proof runs the uniqueness proof, which runs the pipeline, so it sits in
    // the counting room above it (solver/count/min_length.hpp, prove_minimum_length), and the
    // front end calls it after solve_puzzle.
    bool prove_length = false;
    // Cores this puzzle may use. With two or more, the last SAT stage of `auto` runs both SAT
    // solvers at once (SatChoice::Portfolio) when --sat is auto: the command line gives each
    // puzzle the machine's cores divided among the puzzles in flight; a race inside the walk
    // takes one for its other side.
    int cores = 1;
    // Rows of the stage table (by name: "tight", "route", ...) that `auto` passes over, for
    // callers that have run an engine themselves or know it has nothing to find.
    std::vector<std::string> skipped_stages;
    bool skips(std::string_view stage) const;
    // Where the solve notes each stage as it begins and ends, and what the engines in it count
    // (SAT's conflicts, the router's rounds, the scan's nodes), for a progress line
    // (solver/base/progress.hpp). Empty: nothing is noted.
    ProgressSink progress;
};

struct EngineResult {
    Verdict status = Verdict::Unknown;  // by its name (verdict_name) in the output
    std::string engine;  // the stage that gave the verdict: refute, scan, dfs, sat, route, repair, ...
    Solution solution;   // when solved: passed the checker
    SolveStats sat_stats;  // SAT's figures, when it ran; the reason of an unsolvable verdict
    std::vector<Attempt> attempts;  // every stage that ran, in order, with its figures
    bool disagreement = false;      // cross-check: the engines contradict each other
    // With EngineOptions::prove_length on a solved puzzle: whether the solution's total length
    // is proved minimal, and the proved lower bound (equal to the length when it is).
    struct LengthProof {
        bool optimal = false;
        long lower_bound = 0;
    };
    std::optional<LengthProof> length_proof;
};

// The last attempt of `engine` in the trail, or null.
const Attempt* last_attempt(const EngineResult& result, std::string_view engine);

// Parts of a puzzle (the tight, shrink and layers engines) solved by `auto` with these limits.
SolvePart pipeline_part_solver();

// Throws InternalError when an answer fails the checker or the engines contradict each other
// (SAT "unsolvable" while the wall follower holds a checked solution).
EngineResult solve_puzzle(const Puzzle& puzzle, Rules rules, const EngineOptions& options);

}  // namespace nl

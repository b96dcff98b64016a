// The options of `numberlink solve` that choose and tune the engine, shared with `numberlink
// serve` (server/), whose /api/solve takes the same options by name and validates them with the
// same messages; and one puzzle solved as `solve` solves it (time, wire lower bound).
#pragma once

#include <optional>
#include <string>

#include "app/cli.hpp"
#include "app/records.hpp"
#include "solver/engine.hpp"

namespace nl::app {

// Adds solve's options (engine, labels, timeout, ... and the common ones it takes) to `desc`.
void add_solve_options(po::options_description& desc);

// The engine options from parsed solve options, validated (UsageError). The interrupt flag is
// Ctrl-C's (app/interrupt.hpp); a caller with its own flag replaces it.
EngineOptions read_engine_options(const po::variables_map& vm);

// Solves `puzzle` under its rules: the outcome with its time; an internal error (a rejected
// answer) becomes status "error"; `bound`: the wire lower bound of a solved no-fill puzzle.
SolveOutcome solve_one(const Puzzle& puzzle, const EngineOptions& options, bool bound);

// Under fill rules every cell is on a line, so every answer has the same length: --optimize is
// refused (UsageError) rather than pretending to optimise.
void check_optimize_rules(const EngineOptions& options, const Puzzle& puzzle);
// The reason check_optimize_rules would give, without the puzzle's name; nullopt when it applies.
std::optional<std::string> optimize_rules_error(const EngineOptions& options, const Puzzle& puzzle);

int default_jobs();  // the number of cores, at least 1

// --timeout (solve, unique, count, render --solve): seconds from 0 (or none given: no limit) to
// kMaxTimeoutSeconds. NaN is refused (it compares false with every number, so no check would
// ever see the deadline pass), and so are infinity and negative numbers. Throws UsageError.
inline constexpr double kMaxTimeoutSeconds = 1e9;
double read_timeout_option(const po::variables_map& vm);

// --threads (solve, unique, count): SAT solver threads per puzzle, from 1 to kMaxSatThreads
// (solver/sat_api.hpp says why). Throws UsageError naming the bound.
int read_threads_option(const po::variables_map& vm);

// --jobs (solve, unique, count): puzzles worked on at once, from 1 to kMaxJobs. Each job is a
// thread with up to 2 puzzles waiting behind it (core/ordered_batch.hpp); far beyond the cores
// that buys nothing, and a million would fail to start its threads. Throws UsageError.
inline constexpr int kMaxJobs = 256;
int read_jobs_option(const po::variables_map& vm);

}  // namespace nl::app

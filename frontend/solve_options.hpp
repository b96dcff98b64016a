// The options of `numberlink solve` that choose and tune the engine, read from option values
// (frontend/option_values.hpp) by the command line and by `numberlink serve`'s /api/solve with
// the same messages; and one puzzle solved as `solve` solves it (time, wire lower bound).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "frontend/option_readers.hpp"
#include "frontend/records.hpp"
#include "solver/engine.hpp"

namespace nl::frontend {

// The defaults of solve's options that the command line's table shows in its help.
inline constexpr const char* kDefaultEngine = "auto";
inline constexpr const char* kDefaultLabels = "auto";
inline constexpr const char* kDefaultAcyclic = "cuts";
inline constexpr const char* kDefaultTouchClauses = "lazy";
inline constexpr const char* kDefaultSpeculation = "guarded";
inline constexpr std::uint64_t kDefaultRouteSeed = 1;
inline constexpr int kDefaultRouteRounds = 20000;

// The engine options from solve's option values, validated (UsageError): timeout, threads,
// max-memory, jobs (checked only), labels, acyclic, no-speculate, speculation, touch-clauses,
// engine, route-seed, route-rounds, dfs-nodes, scan-nodes, cross-check, optimize,
// optimize-seconds. No interrupt flag: the caller sets its own.
EngineOptions read_engine_options(const OptionValues& values);

// Solves `puzzle` under its rules: the outcome with its time; an internal error (a rejected
// answer) becomes status "error"; `bound`: the wire lower bound of a solved no-fill puzzle.
SolveOutcome solve_one(const Puzzle& puzzle, const EngineOptions& options, bool bound);

// Under fill rules every cell is on a line, so every answer has the same length: --optimize is
// refused (UsageError) rather than pretending to optimise.
void check_optimize_rules(const EngineOptions& options, const Puzzle& puzzle);
// The reason check_optimize_rules would give, without the puzzle's name; nullopt when it applies.
std::optional<std::string> optimize_rules_error(const EngineOptions& options, const Puzzle& puzzle);

}  // namespace nl::frontend

// The options of `numberlink solve` that choose and tune the engine, read from option values
// (frontend/option_values.hpp) by the command line and by `numberlink serve`'s /api/solve with
// the same messages; and one puzzle solved as `solve` solves it (time, wire lower bound).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "frontend/option_readers.hpp"
#include "frontend/option_table.hpp"
#include "frontend/records.hpp"
#include "solver/pipeline/engine.hpp"

namespace nl::frontend {

// solve's own options (the common ones are in common_option_table()), in the order its help
// shows them: the engine, its budgets and encoding, the output. The defaults are the rows'.
std::span<const OptionRow> solve_option_table();

// The engine options from solve's option values, each checked against its row (UsageError):
// timeout, threads, max-memory, jobs (checked only), labels, acyclic, no-speculate,
// speculation, touch-clauses, engine, route-seed, route-rounds, dfs-nodes, scan-nodes,
// cross-check, optimize, optimize-seconds. No interrupt flag: the caller sets its own.
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

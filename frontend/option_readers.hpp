// The readers of the options that several commands share (and the server's endpoints with them):
// time limit, SAT threads, parallel jobs, memory cap, input format, rules. Each validates its
// value and throws UsageError with the message both the command line and the server give.
#pragma once

#include <cstddef>
#include <optional>

#include "core/formats.hpp"
#include "frontend/option_values.hpp"
#include "frontend/usage_error.hpp"
#include "solver/sat/solve.hpp"

namespace nl::frontend {

int default_jobs();  // the number of cores, at least 1
// The cores each of `in_flight` puzzles solved at once may use (EngineOptions::cores): the
// machine's cores divided among them, at least 1.
int cores_per_puzzle(int in_flight);

// --timeout (solve, unique, count, render --solve, serve): seconds from 0 (or none given: no
// limit) to kMaxTimeoutSeconds. NaN is refused (it compares false with every number, so no check
// would ever see the deadline pass), and so are infinity and negative numbers.
inline constexpr double kMaxTimeoutSeconds = 1e9;
double read_timeout(const OptionValues& values);

// --threads (solve, unique, count): SAT solver threads per puzzle, from 1 (the default) to
// kMaxSatThreads (solver/sat/sat_api.hpp says why); the message names the bound.
int read_threads(const OptionValues& values);
// --sat: which SAT solver (solver/sat/solve.hpp).
SatChoice read_sat_choice(const OptionValues& values);

// --jobs (solve, unique, count): puzzles worked on at once, from 1 to kMaxJobs; by default the
// number of cores. Each job is a thread with up to 2 puzzles waiting behind it
// (core/ordered_batch.hpp); far beyond the cores that buys nothing, and a million would fail to
// start its threads.
inline constexpr int kMaxJobs = 256;
// --split (count, unique): parts of one puzzle, from 1 to kMaxSplitParts (a file each).
inline constexpr long kMaxSplitParts = 100000;
int read_jobs(const OptionValues& values);

// --max-memory MB as bytes (0: no cap); without it default_memory_cap() (solver/base/budget.hpp).
std::size_t read_max_memory(const OptionValues& values);

// --format (or `name`, e.g. --solution-format): an input format; nullopt (detect) when not given.
std::optional<Format> read_format(const OptionValues& values, const char* name);
// --rules: a preset; nullopt (the input format's own) when not given.
std::optional<Rules> read_rules(const OptionValues& values);

}  // namespace nl::frontend

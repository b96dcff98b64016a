// The options of `numberlink count` and `unique` that choose the counting engine and its
// limits, read from option values (frontend/option_values.hpp) by the command line and by
// `numberlink serve`'s /api/count and /api/unique with the same messages.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "frontend/option_readers.hpp"
#include "frontend/option_table.hpp"
#include "solver/count/count_engine.hpp"

namespace nl::frontend {

// The options of `numberlink count` and of `numberlink unique`, their own and the common ones
// they take, in the order their help shows them (frontend/option_table.hpp).
std::span<const OptionRow> count_option_table();
std::span<const OptionRow> unique_option_table();

struct CountSettings {
    CountEngine engine = CountEngine::Sat;
    CountOptions options;
    int jobs = 1;  // puzzles counted at once (--jobs)
};

// engine, distinct, timeout, threads, jobs, max-memory and, when `max` is 0, max (unique passes
// 2: its cap). Validated (UsageError). No interrupt flag: the caller sets its own.
CountSettings read_count_settings(const OptionValues& values, long max);

// Why `engine` cannot count `puzzle` (the frontier engine's limits), nullopt when it can. A
// batch reports such a puzzle as an error in its place.
std::optional<std::string> count_engine_refusal(CountEngine engine, const CountOptions& options, const Puzzle& puzzle);
// The same as a UsageError "NAME: reason", for one puzzle (`numberlink serve`).
void require_count_engine_applies(CountEngine engine, const CountOptions& options, const Puzzle& puzzle);

}  // namespace nl::frontend

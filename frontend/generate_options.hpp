// The options of `numberlink generate` that shape the puzzles, read from option values
// (frontend/option_values.hpp) by the command line and by `numberlink serve`'s /api/generate
// with the same messages.
#pragma once

#include <cstdint>
#include <string>

#include "frontend/option_readers.hpp"
#include "generator/generate.hpp"

namespace nl::frontend {

// The generator's options from generate's option values, validated (UsageError); size is
// required. No interrupt flag: the caller sets its own.
gen::GenerateOptions read_generate_options(const OptionValues& values);

// The seed when given, else a fresh random seed (`drawn` says which, so the CLI can print it).
std::uint64_t read_seed(const OptionValues& values, bool& drawn);
// A random seed, as generate draws one when none is given (64 bits from std::random_device).
std::uint64_t draw_seed();

// What generate says when a run ended with `made` of `count` puzzles (timeout, gave up,
// exhausted; empty for a complete or interrupted run): the CLI prints it, /api/generate answers it.
std::string generate_shortfall(gen::GenerateStatus status, const gen::GenerateOptions& options, int made, int count);

// Option `name`'s value when given and at least `least`, else `fallback` (UsageError below `least`).
int positive(const OptionValues& values, const char* name, int fallback, int least);

}  // namespace nl::frontend

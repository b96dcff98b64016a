// The options of `numberlink generate` that shape the puzzles, shared with `numberlink serve`
// (server/), whose /api/generate takes the same options by name and validates them with the
// same messages.
#pragma once

#include "app/cli.hpp"
#include "generator/generate.hpp"

namespace nl::app {

// Adds generate's options (size, seed, unique, variant, ... and the common ones it takes).
void add_generate_options(po::options_description& desc);

// The generator's options from parsed generate options, validated (UsageError); --size is
// required. The interrupt flag is Ctrl-C's (app/interrupt.hpp); a caller with its own replaces it.
gen::GenerateOptions read_generate_options(const po::variables_map& vm);

// --seed when given, else a fresh random seed (`drawn` says which, so the CLI can print it).
std::uint64_t seed_option(const po::variables_map& vm, bool& drawn);

// What generate says when a run ended with `made` of `count` puzzles (timeout, gave up,
// exhausted; empty for a complete or interrupted run): the CLI prints it, /api/generate answers it.
std::string generate_shortfall(gen::GenerateStatus status, const gen::GenerateOptions& options, int made, int count);

// --NAME's value when given and at least `least`, else `fallback` (UsageError below `least`).
int positive(const po::variables_map& vm, const char* name, int fallback, int least);

}  // namespace nl::app

// The command line's side of generate's options: their table and readers that take the parsed
// arguments. The values are checked by the front end's readers (frontend/generate_options.hpp),
// which `numberlink serve`'s /api/generate uses for the same options.
#pragma once

#include "app/cli.hpp"
#include "frontend/generate_options.hpp"

namespace nl::app {

// Adds generate's options (size, seed, unique, variant, ... and the common ones it takes).
void add_generate_options(po::options_description& desc);

// The generator's options, validated (UsageError), with Ctrl-C's interrupt flag (app/interrupt.hpp).
gen::GenerateOptions read_generate_options(const po::variables_map& vm);

// --seed when given, else a fresh random seed (`drawn` says which, so the CLI can print it).
std::uint64_t seed_option(const po::variables_map& vm, bool& drawn);

// --NAME's value when given and at least `least`, else `fallback` (UsageError below `least`).
int positive(const po::variables_map& vm, const char* name, int fallback, int least);

}  // namespace nl::app

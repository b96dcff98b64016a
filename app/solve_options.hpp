// The command line's side of solve's options: their table (names, help, defaults) and readers
// that take the parsed arguments. The values are checked by the front end's readers
// (frontend/solve_options.hpp), which `numberlink serve` uses for the same options.
#pragma once

#include "app/cli.hpp"
#include "frontend/solve_options.hpp"

namespace nl::app {

// Adds solve's options (engine, labels, timeout, ... and the common ones it takes) to `desc`.
void add_solve_options(po::options_description& desc);

// The engine options from parsed solve options, validated (UsageError), with Ctrl-C's interrupt
// flag (app/interrupt.hpp) and, under NUMBERLINK_TEST_MARKERS, the SAT stages as test markers.
EngineOptions read_engine_options(const po::variables_map& vm);

// --timeout, --threads, --jobs (frontend/option_readers.hpp says what each takes).
double read_timeout_option(const po::variables_map& vm);
int read_threads_option(const po::variables_map& vm);
int read_jobs_option(const po::variables_map& vm);

}  // namespace nl::app

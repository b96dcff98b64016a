// solve's options on the command line, from the option table; see solve_options.hpp.
#include "app/solve_options.hpp"

#include <cstdint>

#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "solver/pipeline/stage.hpp"

namespace nl::app {

double read_timeout_option(const po::variables_map& vm) { return read_timeout(CommandLineValues(vm)); }

int read_threads_option(const po::variables_map& vm) { return read_threads(CommandLineValues(vm)); }

int read_jobs_option(const po::variables_map& vm) { return read_jobs(CommandLineValues(vm)); }

void add_solve_options(po::options_description& desc) {
    add_table_options(desc, frontend::solve_option_table());
}

EngineOptions read_engine_options(const po::variables_map& vm) {
    EngineOptions engine = frontend::read_engine_options(CommandLineValues(vm));
    engine.sat.interrupt = &interrupt_flag();
    if (test_markers_enabled()) engine.sat.on_stage = [](const char* stage) { test_marker(stage); };
    return engine;
}

}  // namespace nl::app

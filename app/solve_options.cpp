// solve's options table and its command-line readers; see solve_options.hpp.
#include "app/solve_options.hpp"

#include <cstdint>

#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "solver/stage.hpp"

namespace nl::app {

double read_timeout_option(const po::variables_map& vm) { return read_timeout(CommandLineValues(vm)); }

int read_threads_option(const po::variables_map& vm) { return read_threads(CommandLineValues(vm)); }

int read_jobs_option(const po::variables_map& vm) { return read_jobs(CommandLineValues(vm)); }

void add_solve_options(po::options_description& desc) {
    desc.add_options()
        ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
        ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle")
        ("jobs,j", po::value<int>()->value_name("N")->default_value(default_jobs()),
         "puzzles solved in parallel (default: the number of cores)")
        ("labels", po::value<std::string>()->value_name("CODE")->default_value(kDefaultLabels),
         "label variables: auto|onehot|binary")
        ("acyclic", po::value<std::string>()->value_name("HOW")->default_value(kDefaultAcyclic),
         "how loops are excluded: cuts (lazy cycle cuts) or order (exact ordering encoding)")
        ("touch-clauses", po::value<std::string>()->value_name("HOW")->default_value(kDefaultTouchClauses),
         "no-touch rules: lazy (added when an answer touches) or eager (all up front)")
        ("no-speculate", "do not try monotone lines / no U-turn / fill first")
        ("speculation", po::value<std::string>()->value_name("HOW")->default_value(kDefaultSpeculation),
         "guarded (activation literals, one solver) or fresh (a solver per attempt)")
        ("engine", po::value<std::string>()->value_name("NAME")->default_value(kDefaultEngine), engines_help().c_str())
        ("dfs-nodes", po::value<long>()->value_name("N")->default_value(EngineOptions{}.dfs_nodes),
         "auto: node budget of the depth-first search tried first on small boards under fill rules (0: off)")
        ("scan-nodes", po::value<long>()->value_name("N")->default_value(EngineOptions{}.scan_nodes),
         "auto: budget (cells visited) of the scan search tried before it under fill rules (0: off)")
        ("route-seed", po::value<std::uint64_t>()->value_name("N")->default_value(kDefaultRouteSeed),
         "seed of the router's rerouting order (same seed, same answer)")
        ("route-rounds", po::value<int>()->value_name("N")->default_value(kDefaultRouteRounds),
         "rounds of rip-up and reroute before --engine route gives up (given, it caps auto's "
         "router too, which by default routes until SAT or the deadline stops it)")
        ("optimize", po::value<std::string>()->value_name("WHAT"),
         "shorter wires under no-fill rules (adc, nikoli): improve each answer for total length "
         "(length) or length + bends (bends, the ADC score) by rerouting its lines")
        ("optimize-seconds", po::value<double>()->value_name("SECONDS"),
         "time for --optimize per puzzle, after solving (default 5; it stops earlier when no line "
         "improves, and never runs past --timeout)")
        ("cross-check", "run both engines on every puzzle and report disagreements (exit 70)")
        ("stats", "print statistics per puzzle")
        ("animate", "replay each solution on the terminal, its paths laid one cell at a time (grid "
         "output with colour: on a terminal or with --color always)")
        ("animate-delay", po::value<int>()->value_name("MS")->default_value(30),
         "milliseconds between animation frames (0: no pause)");
    add_common_options(desc, {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet",
                              "help"});
}

EngineOptions read_engine_options(const po::variables_map& vm) {
    EngineOptions engine = frontend::read_engine_options(CommandLineValues(vm));
    engine.sat.interrupt = &interrupt_flag();
    if (test_markers_enabled()) engine.sat.on_stage = [](const char* stage) { test_marker(stage); };
    return engine;
}

}  // namespace nl::app

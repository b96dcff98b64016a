// solve's engine options and one solve; see solve_options.hpp.
#include "app/solve_options.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "core/errors.hpp"
#include "solver/sat_api.hpp"
#include "solver/stage.hpp"

namespace nl::app {

int default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

double read_timeout_option(const po::variables_map& vm) {
    if (!vm.count("timeout")) return 0;
    const double seconds = vm["timeout"].as<double>();
    // The upper bound keeps the deadline (steady_clock's nanoseconds in 64 bits, 292 years) from
    // overflowing; NaN and infinity fail it too.
    if (!(seconds >= 0 && seconds <= kMaxTimeoutSeconds)) {
        std::ostringstream given;
        given << seconds;
        throw UsageError("--timeout takes seconds from 0 (no limit) to 1e9, not " + given.str());
    }
    return seconds;
}

int read_threads_option(const po::variables_map& vm) {
    const int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > kMaxSatThreads) {
        const std::string why =
            threads > kMaxSatThreads ? " (CryptoMiniSat's multi-threaded search fails beyond that: docs/limits.md)" : "";
        throw UsageError("--threads takes 1 to " + std::to_string(kMaxSatThreads) + ", not " + std::to_string(threads) +
                         why);
    }
    return threads;
}

int read_jobs_option(const po::variables_map& vm) {
    const int jobs = vm["jobs"].as<int>();
    if (jobs < 1 || jobs > kMaxJobs)
        throw UsageError("--jobs takes 1 to " + std::to_string(kMaxJobs) + ", not " + std::to_string(jobs));
    return jobs;
}

void add_solve_options(po::options_description& desc) {
    desc.add_options()
        ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
        ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle")
        ("jobs,j", po::value<int>()->value_name("N")->default_value(default_jobs()),
         "puzzles solved in parallel (default: the number of cores)")
        ("labels", po::value<std::string>()->value_name("CODE")->default_value("auto"),
         "label variables: auto|onehot|binary")
        ("acyclic", po::value<std::string>()->value_name("HOW")->default_value("cuts"),
         "how loops are excluded: cuts (lazy cycle cuts) or order (exact ordering encoding)")
        ("touch-clauses", po::value<std::string>()->value_name("HOW")->default_value("lazy"),
         "no-touch rules: lazy (added when an answer touches) or eager (all up front)")
        ("no-speculate", "do not try monotone lines / no U-turn / fill first")
        ("speculation", po::value<std::string>()->value_name("HOW")->default_value("guarded"),
         "guarded (activation literals, one solver) or fresh (a solver per attempt)")
        ("engine", po::value<std::string>()->value_name("NAME")->default_value("auto"), engines_help().c_str())
        ("dfs-nodes", po::value<long>()->value_name("N")->default_value(EngineOptions{}.dfs_nodes),
         "auto: node budget of the depth-first search tried first on small boards under fill rules (0: off)")
        ("scan-nodes", po::value<long>()->value_name("N")->default_value(EngineOptions{}.scan_nodes),
         "auto: budget (cells visited) of the scan search tried before it under fill rules (0: off)")
        ("route-seed", po::value<std::uint64_t>()->value_name("N")->default_value(1),
         "seed of the router's rerouting order (same seed, same answer)")
        ("route-rounds", po::value<int>()->value_name("N")->default_value(20000),
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
    SolveOptions options;
    options.timeout = read_timeout_option(vm);
    options.threads = read_threads_option(vm);
    options.max_memory = read_max_memory_option(vm);
    (void)read_jobs_option(vm);
    const std::string coding = vm["labels"].as<std::string>();
    if (coding == "onehot") options.coding = LabelCoding::OneHot;
    else if (coding == "binary") options.coding = LabelCoding::Binary;
    else if (coding != "auto") throw UsageError("--labels takes auto, onehot or binary");
    const std::string acyclic = vm["acyclic"].as<std::string>();
    if (acyclic != "cuts" && acyclic != "order") throw UsageError("--acyclic takes cuts or order");
    options.acyclic = acyclic == "order";
    options.speculate = !vm.count("no-speculate");
    const std::string speculation = vm["speculation"].as<std::string>();
    if (speculation != "guarded" && speculation != "fresh")
        throw UsageError("--speculation takes guarded or fresh");
    if (speculation == "fresh") options.speculation = SpeculationMode::Fresh;
    const std::string touch_clauses = vm["touch-clauses"].as<std::string>();
    if (touch_clauses != "lazy" && touch_clauses != "eager")
        throw UsageError("--touch-clauses takes lazy or eager");
    options.lazy_no_touch = touch_clauses == "lazy";
    if (const char* fault = std::getenv("NUMBERLINK_DEBUG_FAULT")) {
        const std::string f = fault;
        if (f == "corrupt") options.debug_fault = SolveOptions::Fault::CorruptAnswers;
        if (f == "unsolvable") options.debug_fault = SolveOptions::Fault::ClaimUnsolvable;
    }
    options.interrupt = &interrupt_flag();
    EngineOptions engine;
    engine.sat = options;
    if (test_markers_enabled()) engine.sat.on_stage = [](const char* stage) { test_marker(stage); };
    const std::string engine_name = vm["engine"].as<std::string>();
    const std::optional<Engine> named = engine_named(engine_name);
    if (!named) throw UsageError(std::string("--engine takes ") + kEngineNames);
    engine.engine = *named;
    engine.route_seed = vm["route-seed"].as<std::uint64_t>();
    engine.route_rounds = vm["route-rounds"].as<int>();
    if (!vm["route-rounds"].defaulted()) engine.auto_route_rounds = engine.route_rounds;
    engine.dfs_nodes = vm["dfs-nodes"].as<long>();
    if (engine.dfs_nodes < 0) throw UsageError("--dfs-nodes must be >= 0");
    engine.scan_nodes = vm["scan-nodes"].as<long>();
    if (engine.scan_nodes < 0) throw UsageError("--scan-nodes must be >= 0");
    if (engine.route_rounds < 0) throw UsageError("--route-rounds must be >= 0");
    engine.cross_check = vm.count("cross-check") > 0;
    if (vm.count("optimize")) {
        const std::string what = vm["optimize"].as<std::string>();
        if (what == "length") engine.optimize = WireObjective::Length;
        else if (what == "bends") engine.optimize = WireObjective::Bends;
        else throw UsageError("--optimize takes length or bends");
    }
    if (vm.count("optimize-seconds")) {
        if (!engine.optimize) throw UsageError("--optimize-seconds goes with --optimize length|bends");
        engine.optimize_seconds = vm["optimize-seconds"].as<double>();
        if (!(engine.optimize_seconds > 0)) throw UsageError("--optimize-seconds must be > 0");
    }
    if (engine.cross_check && (engine.engine == Engine::Wall || engine.engine == Engine::Search ||
                               engine.engine == Engine::Route || engine.engine == Engine::Dfs || engine.engine == Engine::Scan ||
                               engine.engine == Engine::Layers || engine.engine == Engine::Tight))
        throw UsageError("--cross-check runs SAT and the wall follower; it goes with --engine auto or sat");
    return engine;
}

std::optional<std::string> optimize_rules_error(const EngineOptions& options, const Puzzle& puzzle) {
    if (!options.optimize || !puzzle.rules.fill) return std::nullopt;
    return "--optimize applies to no-fill rules only (adc, nikoli), but this puzzle is under " +
           rules_name(puzzle.rules) + " rules, where every answer fills the board (give --rules adc or nikoli)";
}

void check_optimize_rules(const EngineOptions& options, const Puzzle& puzzle) {
    if (const auto why = optimize_rules_error(options, puzzle)) throw UsageError(puzzle.name + ": " + *why);
}

SolveOutcome solve_one(const Puzzle& puzzle, const EngineOptions& options, bool bound) {
    SolveOutcome o;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        o.result = solve_puzzle(puzzle, puzzle.rules, options);
    } catch (const InternalError& e) {
        o.error = e.what();
    }
    o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Not part of the solve's time: a report on the puzzle (a few A* searches per line).
    if (bound && o.error.empty() && o.result.status == "solved" && !puzzle.rules.fill)
        o.bound = wire_lower_bound(puzzle);
    return o;
}

}  // namespace nl::app

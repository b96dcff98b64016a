// Shared counting machinery; see counting.hpp.
#include "app/counting.hpp"

#include <chrono>
#include <iostream>
#include <thread>

#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "solver/search.hpp"

namespace nl::app {

void add_counting_options(po::options_description& desc) {
    desc.add_options()
        ("engine", po::value<std::string>()->value_name("NAME")->default_value("sat"),
         "sat (SAT enumeration with blocking clauses) or search (exhaustive depth-first search, an "
         "independent oracle for small boards)")
        ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
        ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle");
    add_common_options(desc, {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet",
                              "help"});
}

CountingRun read_counting_run(const Parsed& parsed, long max, bool to_terminal) {
    const auto& vm = parsed.vm;
    CountingRun run;
    run.engine = vm["engine"].as<std::string>();
    if (run.engine != "sat" && run.engine != "search") throw UsageError("--engine takes sat or search");
    if (vm.count("timeout")) run.options.sat.timeout = vm["timeout"].as<double>();
    run.options.sat.threads = vm["threads"].as<int>();
    if (run.options.sat.timeout < 0 || run.options.sat.threads < 1)
        throw UsageError("--timeout must be >= 0 and --threads >= 1");
    run.options.sat.max_memory = read_max_memory_option(vm);
    run.options.sat.interrupt = &interrupt_flag();
    run.options.max = max;
    if (!max && vm.count("max")) {
        run.options.max = vm["max"].as<long>();
        if (run.options.max < 1) throw UsageError("--max must be at least 1");
    }
    run.output = read_output_option(vm, Format::Grid);
    if (run.output != Format::Grid && run.output != Format::Json)
        throw UsageError("--output takes grid or json here");
    run.quiet = vm.count("quiet") > 0;
    run.color = run.output == Format::Grid && read_color_option(vm, to_terminal);
    run.entries = load_puzzles(parsed.files, {read_format_option(vm, "format"), read_rules_option(vm)});
    return run;
}

CountResult count_puzzle(const Puzzle& puzzle, const CountingRun& run) {
    test_marker("start " + puzzle.name);
    if (run.engine == "sat") return count_solutions_sat(puzzle, puzzle.rules, run.options);
    SearchOptions so;
    so.max_solutions = run.options.max;
    so.keep = run.options.keep;
    so.timeout = run.options.sat.timeout;
    so.interrupt = run.options.sat.interrupt;
    const auto start = std::chrono::steady_clock::now();
    SearchResult s = search_solutions(puzzle, puzzle.rules, so);
    CountResult r;
    r.count = s.count;
    r.capped = s.status == SearchResult::Status::Capped;
    r.timed_out = s.status == SearchResult::Status::Timeout;
    if (r.timed_out) r.stop = so.interrupt && so.interrupt->load() ? StopReason::Interrupted : StopReason::Timeout;
    r.solutions = std::move(s.solutions);
    r.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

std::string stop_name(StopReason why) {
    switch (why) {
        case StopReason::Interrupted: return "interrupted";
        case StopReason::Memory: return "limit";
        case StopReason::Timeout:
        case StopReason::None: break;
    }
    return "timeout";
}

int finish_counting_run(Progress& progress, Output& out, const CountingRun& run, std::size_t done, bool negative) {
    progress.finish();
    out.commit();
    if (*run.options.sat.interrupt) {
        std::cerr << "numberlink: interrupted: " << done << " of " << run.entries.size() << " puzzles done\n";
        return int(kExitInterrupted);
    }
    return int(negative ? kExitNegative : kExitOk);
}

std::vector<CellId> differing_cells(const Puzzle& p, const Solution& a, const Solution& b) {
    const auto ga = solution_grid(p, a), gb = solution_grid(p, b);
    std::vector<CellId> out;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (ga[c] != gb[c]) out.push_back(c);
    return out;
}

}  // namespace nl::app

// Shared counting machinery; see counting.hpp.
#include "app/counting.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <iostream>
#include <mutex>
#include <thread>

#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "solver/frontier.hpp"

namespace nl::app {

void add_counting_options(po::options_description& desc) {
    desc.add_options()
        ("engine", po::value<std::string>()->value_name("NAME")->default_value("sat"),
         "sat (SAT enumeration with blocking clauses), search (exhaustive depth-first search, an "
         "independent oracle for small boards) or frontier (exact counting by dynamic programming "
         "over the board's short side; one-layer boards, see docs/counting.md)")
        ("distinct", po::value<std::string>()->value_name("MODE")->default_value("paths"),
         "paths (solutions differ when their paths differ) or colours (when the label of some cell "
         "differs: what a player sees; 'colors' is also accepted)")
        ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
        ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle")
        ("jobs,j", po::value<int>()->value_name("N")->default_value(static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
         "puzzles counted at once (default: the number of cores); results still in input order");
    add_common_options(desc, {"rules", "format", "output", "color", "progress", "max-memory", "output-file", "quiet",
                              "help"});
}

void add_count_options(po::options_description& desc) {
    desc.add_options()("max", po::value<long>()->value_name("N"), "stop at N solutions (then: at least N)")(
        "all", "print every solution found");
    add_counting_options(desc);
}

CountingRun read_counting_run(const Parsed& parsed, long max, bool to_terminal) {
    const auto& vm = parsed.vm;
    CountingRun run;
    const auto engine = count_engine_from_name(vm["engine"].as<std::string>());
    if (!engine) throw UsageError("--engine takes sat, search or frontier");
    run.engine = *engine;
    const std::string distinct = vm["distinct"].as<std::string>();
    if (distinct == "paths")
        run.options.distinct = Distinct::Paths;
    else if (distinct == "colours" || distinct == "colors")
        run.options.distinct = Distinct::Colours;
    else
        throw UsageError("--distinct takes paths or colours, not '" + distinct + "'");
    if (vm.count("timeout")) run.options.sat.timeout = vm["timeout"].as<double>();
    run.options.sat.threads = vm["threads"].as<int>();
    run.jobs = vm["jobs"].as<int>();
    if (run.options.sat.timeout < 0 || run.options.sat.threads < 1 || run.jobs < 1)
        throw UsageError("--timeout must be >= 0, --threads and --jobs >= 1");
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
    for (const PuzzleEntry& e : run.entries) require_engine_applies(run, e.puzzle);
    return run;
}

void require_engine_applies(const CountingRun& run, const Puzzle& puzzle) {
    if (run.engine != CountEngine::Frontier) return;
    if (const auto why = unsupported_frontier(puzzle, puzzle.rules, run.options.distinct))
        throw UsageError("--engine frontier cannot count " + puzzle.name + ": " + *why);
}

CountResult count_puzzle(const Puzzle& puzzle, const CountingRun& run) {
    test_marker("start " + puzzle.name);
    return count_with_engine(puzzle, puzzle.rules, run.engine, run.options);
}

std::size_t count_all(const CountingRun& run,
                      const std::function<void(const PuzzleEntry&, const CountResult&)>& report) {
    const std::size_t n = run.entries.size();
    const std::atomic<bool>& interrupt = *run.options.sat.interrupt;
    if (run.jobs == 1 || n <= 1) {
        // One at a time on this thread: starting a worker costs about 0.5 ms, as much as a
        // small puzzle (docs/startup.md).
        std::size_t reported = 0;
        for (const PuzzleEntry& e : run.entries) {
            if (interrupt) break;  // Ctrl-C: the rest is skipped
            report(e, count_puzzle(e.puzzle, run));
            ++reported;
        }
        return reported;
    }
    std::vector<CountResult> results(n);
    std::vector<std::exception_ptr> errors(n);
    enum : char { kWaiting, kDone, kSkipped };
    std::vector<char> state(n, kWaiting);
    std::mutex mutex;
    std::condition_variable ready;
    std::size_t next = 0;
    bool abandon = false;  // the caller stopped reading (an exception): start nothing more
    auto work = [&] {
        while (true) {
            std::size_t i;
            {
                std::lock_guard lock(mutex);
                if ((interrupt || abandon) && next < n) {  // the rest is skipped
                    for (std::size_t k = next; k < n; ++k) state[k] = kSkipped;
                    next = n;
                    ready.notify_all();
                }
                if (next >= n) return;
                i = next++;
            }
            CountResult r;
            std::exception_ptr error;
            try {
                r = count_puzzle(run.entries[i].puzzle, run);
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard lock(mutex);
            results[i] = std::move(r);
            errors[i] = error;
            state[i] = kDone;
            ready.notify_all();
        }
    };
    std::vector<std::thread> workers;
    struct Join {  // on every way out, the workers are stopped and joined
        std::vector<std::thread>& workers;
        std::mutex& mutex;
        bool& abandon;
        ~Join() {
            {
                std::lock_guard lock(mutex);
                abandon = true;
            }
            for (auto& w : workers) w.join();
        }
    } join{workers, mutex, abandon};
    for (int j = 0; j < std::min<int>(run.jobs, static_cast<int>(n)); ++j) workers.emplace_back(work);
    std::size_t reported = 0;
    for (std::size_t i = 0; i < n; ++i) {
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return state[i] != kWaiting; });
        }
        if (state[i] == kSkipped) continue;
        if (errors[i]) std::rethrow_exception(errors[i]);
        report(run.entries[i], results[i]);
        results[i] = CountResult{};  // reported: its solutions need not stay in memory
        ++reported;
    }
    return reported;
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

}  // namespace nl::app

// Shared counting machinery; see counting.hpp.
#include "app/counting.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <thread>

#include "app/batch_input.hpp"
#include "app/interrupt.hpp"
#include "app/solve_options.hpp"
#include "app/test_markers.hpp"
#include "core/ordered_batch.hpp"
#include "frontend/count_options.hpp"

namespace nl::app {

void add_counting_options(po::options_description& desc) {
    desc.add_options()
        ("engine", po::value<std::string>()->value_name("NAME")->default_value(kDefaultCountEngine),
         "sat (SAT enumeration with blocking clauses), search (exhaustive depth-first search, an "
         "independent oracle for small boards) or frontier (exact counting by dynamic programming "
         "over the board's short side; one-layer boards, see docs/counting.md)")
        ("distinct", po::value<std::string>()->value_name("MODE")->default_value(kDefaultDistinct),
         "paths (solutions differ when their paths differ) or colours (when the label of some cell "
         "differs: what a player sees; 'colors' is also accepted)")
        ("timeout", po::value<double>()->value_name("SECONDS"), "time limit per puzzle (default: none)")
        ("threads", po::value<int>()->value_name("N")->default_value(1), "SAT solver threads per puzzle")
        ("jobs,j", po::value<int>()->value_name("N")->default_value(default_jobs()),
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
    const CountSettings settings = read_count_settings(CommandLineValues(vm), max);
    run.engine = settings.engine;
    run.options = settings.options;
    run.jobs = settings.jobs;
    run.options.sat.interrupt = &interrupt_flag();
    run.output = read_output_option(vm, Format::Grid);
    if (run.output != Format::Grid && run.output != Format::Json)
        throw UsageError("--output takes grid or json here");
    run.quiet = vm.count("quiet") > 0;
    run.color = run.output == Format::Grid && read_color_option(vm, to_terminal);
    run.puzzles = std::make_shared<PuzzleStream>(parsed.files,
                                                 ReadOptions{read_format_option(vm, "format"), read_rules_option(vm)});
    return run;
}

CountResult count_puzzle(const Puzzle& puzzle, const CountingRun& run) {
    test_marker("start " + puzzle.name);
    return count_with_engine(puzzle, puzzle.rules, run.engine, run.options);
}

CountingTally count_all(const CountingRun& run, Progress& progress, Output& out,
                        const std::function<void(const PuzzleEntry&, const CountResult&)>& report) {
    PuzzleStream& stream = *run.puzzles;
    struct Counted {
        CountResult result;
        std::optional<InputError> bad;  // unreadable, or not for this engine
    };
    const auto next = next_with_progress(stream, progress);
    std::function<Counted(StreamedPuzzle&)> work = [&](StreamedPuzzle& item) {
        Counted counted;
        if (!item.entry) {
            counted.bad = item.error;
            return counted;
        }
        if (const auto why = count_engine_refusal(run.engine, run.options, item.entry->puzzle)) {
            counted.bad = InputError(item.name, 0, *why);
            return counted;
        }
        counted.result = count_puzzle(item.entry->puzzle, run);
        return counted;
    };
    CountingTally tally;
    std::function<void(StreamedPuzzle&, Counted&)> emit = [&](StreamedPuzzle& item, Counted& counted) {
        if (counted.bad) {
            const auto hold = progress.pause();
            ++tally.bad_input;
            print_input_error(out.stream(), item.name, *counted.bad, run.output, run.quiet);
            out.flush();
            return;
        }
        report(*item.entry, counted.result);
        ++tally.done;
    };
    // One puzzle in all: counted on this thread (starting a worker costs about 0.5 ms, as much
    // as a small puzzle, docs/startup.md).
    run_in_order(stream.at_most_one() ? 1 : run.jobs, *run.options.sat.interrupt, next, work, emit);
    return tally;
}

int finish_counting_run(Progress& progress, Output& out, const CountingRun& run, const CountingTally& tally,
                        bool negative) {
    progress.finish();
    if (*run.options.sat.interrupt)
        std::cerr << "numberlink: interrupted: " << tally.done << " of " << batch_size_text(*run.puzzles)
                  << " puzzles done\n";
    // Interrupted: -o holds the puzzles finished so far, or no file when none was.
    return finish_batch(out, tally.bad_input ? kExitBadInput : negative ? kExitNegative : kExitOk, tally.done,
                        tally.bad_input);
}

}  // namespace nl::app

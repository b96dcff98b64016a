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
#include "frontend/option_readers.hpp"

namespace nl::app {

void add_count_options(po::options_description& desc) { add_table_options(desc, count_option_table()); }

void add_unique_options(po::options_description& desc) { add_table_options(desc, unique_option_table()); }

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

CountResult count_puzzle(const Puzzle& puzzle, const CountingRun& run, int cores) {
    test_marker("start " + puzzle.name);
    CountOptions options = run.options;
    options.cores = cores;
    return count_with_engine(puzzle, puzzle.rules, run.engine, options);
}

CountingTally count_all(const CountingRun& run, Progress& progress, Output& out,
                        const std::function<void(const PuzzleEntry&, const CountResult&)>& report) {
    PuzzleStream& stream = *run.puzzles;
    struct Counted {
        CountResult result;
        std::optional<InputError> bad;  // unreadable, or not for this engine
    };
    const auto next = next_with_progress(stream, progress);
    const int in_flight = stream.at_most_one() ? 1 : run.jobs;
    const int cores = frontend::cores_per_puzzle(in_flight);
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
        counted.result = count_puzzle(item.entry->puzzle, run, cores);
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
    run_in_order(in_flight, *run.options.sat.interrupt, next, work, emit);
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

// numberlink solve: solve every puzzle of every file exactly, check each answer, print it.
//
// Puzzles may be solved in parallel (--jobs); results are printed in input order as soon as
// they are ready, so a long batch shows progress on standard output.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>

#include "app/animate.hpp"
#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/test_markers.hpp"
#include "app/pictures.hpp"
#include "app/progress.hpp"
#include "app/split_emit.hpp"
#include "frontend/records.hpp"
#include "app/solve_options.hpp"
#include "frontend/text_records.hpp"
#include "core/errors.hpp"
#include "core/ordered_batch.hpp"
#include "core/puzzle_stream.hpp"
#include "app/batch_input.hpp"
#include "core/json.hpp"
#include "core/quality.hpp"
#include "render/svg.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/pipeline/engine_json.hpp"
#include "solver/pipeline/stage.hpp"
#include "solver/route/optimize.hpp"

namespace nl::app {

namespace {

// The bound is computed for solved no-fill puzzles when --stats or JSON shows it.
using Outcome = SolveOutcome;

std::string status_of(const Outcome& o) { return solve_status(o); }

std::string size_of(const Puzzle& p) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "x" + to_string().
    std::string s = std::to_string(p.width);
    s += 'x';
    s += std::to_string(p.height);
    if (p.layers > 1) {
        s += 'x';
        s += std::to_string(p.layers);
    }
    return s;
}

void print_outcome(std::ostream& out, const Puzzle& p, const Outcome& o, const SolveTextOptions& options,
                   const AnimateOptions* animate) {
    if (!write_solve_text(out, std::cerr, p, o, options)) return;
    const Solution& solution = o.result.solution;
    if (animate) animate_solution(out, p, solution, *animate);  // its last frame is the grid
    else write_puzzle(out, Format::Grid, p, &solution, {options.color});
}

// Totals per board size, gathered as the puzzles are printed.
class SizeTotals {
   public:
    void add(const Puzzle& p, const Outcome& o) {
        Total& t = totals_[{p.cell_count(), size_of(p)}];
        ++t.count;
        t.solved += status_of(o) == "solved";
        t.seconds += o.seconds;
        t.max = std::max(t.max, o.seconds);
    }
    void print(std::ostream& out) const {
        for (const auto& [key, t] : totals_)
            out << "# " << key.second << ": " << t.solved << "/" << t.count << " solved, total "
                << seconds_text(t.seconds) << " s, max " << seconds_text(t.max) << " s\n";
    }

   private:
    struct Total {
        int count = 0, solved = 0;
        double seconds = 0, max = 0;
    };
    std::map<std::pair<int, std::string>, Total> totals_;  // ordered by cell count, then size
};

}  // namespace

namespace {

// solve --help: one screen; --help-all adds the statuses, the engines and the stage table.
CommandHelp solve_help() {
    CommandHelp help;
    help.usage = "numberlink solve [options] FILE...";
    help.about =
        "Solves every puzzle of every FILE exactly and prints each solution (a grid of its\n"
        "labels) once the independent checker has passed it. A file may hold many puzzles;\n"
        "- is standard input. Statuses: solved, unsolvable (proved), timeout, unknown, limit,\n"
        "interrupted, error.\n"
        "Exit 0 when every puzzle was solved, 1 when one was not, 2 on bad input.";
    help.everyday = {"rules", "timeout", "jobs", "output", "output-file", "quiet", "stats",
                     "engine", "optimize", "help"};
    help.examples = {"numberlink solve puzzle.txt",
                     "numberlink solve --rules strict --timeout 10 -q pack.txt   # a line per puzzle",
                     "numberlink solve --stats --output json puzzle.txt          # how it was solved",
                     "numberlink solve --output svg -o pictures/ pack.txt        # a picture each"};
    help.details =
        "Solves every puzzle of every FILE exactly and prints each solution once the\n"
        "independent checker has passed it.\n"
        "Output: --output grid (default), paths, levelpack, adc, json (JSON Lines), or svg|png\n"
        "with -o DIR: a picture of every solved puzzle in DIR (DIR/NAME-INDEX.svg; the -q lines\n"
        "on standard output). -q: one line per puzzle 'name status seconds vars clauses\n"
        "engine', then totals per size.\n"
        "Statuses: solved; unsolvable (proved: --stats and JSON give the proof, e.g. 'parity' or\n"
        "'sat'); timeout; unknown (an engine run alone gave up: the wall follower stuck, the\n"
        "router out of rounds); not-applicable (an engine run alone on a board it does not\n"
        "take); limit (--max-memory, --sat-max-cells); interrupted (Ctrl-C); error (a file or\n"
        "puzzle that cannot be read: reported on stderr, and the others are still solved).\n"
        "--optimize length|bends (no-fill rules) shortens the answers' wires after solving;\n"
        "--stats and JSON give length, bends and their lower bounds.\n"
        "Exit 70 on an internal error (an answer the checker rejected, or engines that\n"
        "contradict each other), 130 when interrupted.\n\n"
        "Engines (--engine NAME):\n" +
        engines_text() +
        "\nThe stages of --engine auto, top to bottom (stage, kind, when it applies, its budget);\n"
        "the first that decides ends the walk, and --stats and JSON show every attempt:\n" +
        stage_table_text();
    return help;
}

}  // namespace

int run_solve(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        add_solve_options(desc);
        auto parsed = parse_command(args, solve_help(), desc, 1, 1 << 20);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        // --output svg|png: a picture per solved puzzle in the directory -o names (pictures.hpp).
        const std::optional<PictureFormat> picture =
            vm.count("output") ? picture_format_from_name(vm["output"].as<std::string>()) : std::nullopt;
        const Format format = picture ? Format::Grid : read_output_option(vm, Format::Grid);
        if (format == Format::Ascii || format == Format::Stream || format == Format::Intgrid ||
            format == Format::Puzzlink)
            throw UsageError("solve --output takes grid, paths, levelpack, adc, json, svg or png");
        EngineOptions engine = read_engine_options(vm);
        const int jobs = read_jobs_option(vm);
        const bool quiet = vm.count("quiet") > 0 || picture.has_value(), stats = vm.count("stats") > 0;
        if (vm.count("animate") && (format != Format::Grid || quiet))
            throw UsageError("--animate replays grid output: not with -q or another --output");
        const long long delay_ms = frontend::whole_value(
            CommandLineValues(vm), *frontend::find_option(frontend::solve_option_table(), "animate-delay"));
        std::atomic<bool>& stop = interrupt_flag();

        const ReadOptions read{read_format_option(vm, "format"), read_rules_option(vm)};
        PuzzleStream stream(parsed->files, read);
        if (const auto code = emit_solve_split_if_asked(*parsed, stream)) return *code;
        const bool show_bound = stats || format == Format::Json;
        const std::string out_path = vm.count("output-file") ? vm["output-file"].as<std::string>() : "";
        std::optional<PictureDirectory> pictures;
        if (picture && out_path.empty()) throw UsageError("solve --output svg|png writes pictures into a directory: give -o DIR");
        if (picture) pictures.emplace(out_path, *picture);
        Output out(picture ? "" : out_path, /*stream_stdout=*/true);
        const bool color = format == Format::Grid && read_color_option(vm, out.to_terminal());
        // Animation only where it can be seen (colour grid on standard output); elsewhere the
        // plain grid, so -o files and pipes hold no escape codes.
        AnimateOptions animation{color, std::chrono::milliseconds(delay_ms), &stop};
        const AnimateOptions* animate = vm.count("animate") && color && out_path.empty() ? &animation : nullptr;
        // One puzzle in all (or --jobs 1): solved on this thread, with no worker to start (part of
        // the start-up cost of a one-puzzle run, docs/startup.md).
        const bool single = stream.at_most_one();
        engine.cores = frontend::cores_per_puzzle(single ? 1 : jobs);
        Progress progress(0, read_progress_option(vm), "solved", "failed",
                          progress_delay(vm, single ? 1 : 2));

        // Puzzles are read one at a time as workers take them (core/puzzle_stream.hpp), so a
        // batch holds only the puzzles in flight; a puzzle that cannot be read is answered with
        // an error record in its place and the batch goes on.
        struct Solved {
            Outcome outcome;
            std::optional<InputError> bad;  // the puzzle's input or options are wrong
        };
        const auto next = next_with_progress(stream, progress);
        std::function<Solved(StreamedPuzzle&)> work = [&](StreamedPuzzle& item) {
            Solved solved;
            if (!item.entry) {
                solved.bad = item.error;
                return solved;
            }
            const Puzzle& puzzle = item.entry->puzzle;
            if (const auto why = optimize_rules_error(engine, puzzle)) {
                solved.bad = InputError(puzzle.name, 0, *why);
                return solved;
            }
            test_marker("start " + puzzle.name);
            {
                // The progress line names the stage this puzzle is in, from the solver's notes:
                // the options are copied only when there is a line to show them on.
                const Progress::Watch watch = progress.watch(puzzle.name);
                std::optional<EngineOptions> watched;
                if (ProgressSink sink = watch.sink()) {
                    watched = engine;
                    watched->progress = std::move(sink);
                }
                solved.outcome = solve_one(puzzle, watched ? *watched : engine, show_bound);
            }
            if (stop && solved.outcome.result.status == Verdict::Timeout) solved.outcome.result.status = Verdict::Interrupted;
            progress.record(solved.outcome.error.empty() && solved.outcome.result.status == Verdict::Solved);
            return solved;
        };
        int failed = 0, errors = 0, bad_input = 0, printed = 0, finished = 0;
        SizeTotals totals;
        std::function<void(StreamedPuzzle&, Solved&)> emit = [&](StreamedPuzzle& item, Solved& solved) {
            const auto hold = progress.pause();  // no progress line inside the output
            if (solved.bad) {
                ++bad_input;
                print_input_error(out.stream(), item.name, *solved.bad, format, quiet);
                out.flush();
                return;
            }
            ++finished;
            const Puzzle& puzzle = item.entry->puzzle;
            const Outcome& o = solved.outcome;
            if (!o.error.empty()) {
                std::cerr << "numberlink: internal error: " << o.error << '\n';
                ++errors;
            } else if (o.result.status != Verdict::Solved) {
                ++failed;
            }
            if (!quiet && (format == Format::Grid || o.result.status == Verdict::Solved))
                write_separator(out.stream(), format, printed++ == 0);
            print_outcome(out.stream(), puzzle, o, {format, quiet, stats, color, engine.cross_check}, animate);
            if (pictures && o.error.empty() && o.result.status == Verdict::Solved)
                pictures->write(puzzle.name, render::svg_picture(puzzle, &o.result.solution, {}));
            if (quiet) totals.add(puzzle, o);
            out.flush();
        };
        run_in_order(single ? 1 : jobs, stop, next, work, emit);
        progress.finish();
        if (quiet) totals.print(out.stream());
        if (stop)
            std::cerr << "numberlink: interrupted: " << finished << " of " << batch_size_text(stream)
                      << " puzzles done, " << finished - failed - errors << " solved\n";
        // Interrupted: -o holds the puzzles finished so far, or no file when none was.
        return finish_batch(out, errors ? kExitInternal : bad_input ? kExitBadInput : failed ? kExitNegative : kExitOk,
                            finished, bad_input);
    });
}

}  // namespace nl::app

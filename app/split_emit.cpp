// Writing a split count's parts; see split_emit.hpp.
#include "app/split_emit.hpp"

#include <iostream>

#include "app/interrupt.hpp"
#include "core/errors.hpp"
#include "frontend/count_options.hpp"
#include "frontend/option_table.hpp"
#include "frontend/solve_options.hpp"
#include "frontend/split_files.hpp"
#include "frontend/usage_error.hpp"

namespace nl::app {

namespace {

// Cubes per part. Every cube is a proof of its own (its own encoding and search), and the
// cubes' costs add up to more than the whole's: on a 17x17 flow board with no solution (single
// run 112 s), 64 cubes in 16 parts cost 323 s of CPU in all, 16 cubes 142 s
// (docs/performance.md, "Split proofs"). So one cube per part, as few as the parts asked for.
constexpr long kCubesPerPart = 1;

void poll() {
    if (interrupt_flag()) throw Stopped(StopReason::Interrupted);
}

// "b16.json:1: 16 parts (16 cubes, 3 left out: no solution) in parts"
void print_split(const std::string& what, const SplitManifest& manifest, const std::string& dir) {
    std::cout << what << ": " << manifest.parts << (manifest.parts == 1 ? " part" : " parts") << " ("
              << manifest.cubes << (manifest.cubes == 1 ? " cube" : " cubes");
    if (manifest.dropped) std::cout << ", " << manifest.dropped << " left out: no solution";
    std::cout << ") in " << dir << '\n';
}

// The one puzzle of the run (--split takes one).
PuzzleEntry only_puzzle(PuzzleStream& puzzles) {
    std::optional<StreamedPuzzle> first = puzzles.next();
    if (!first) throw UsageError("--split needs a puzzle");
    if (!first->entry) throw *first->error;
    if (puzzles.next()) throw UsageError("--split takes one puzzle; the input holds more than one");
    return std::move(*first->entry);
}

// --split N --emit DIR of the one puzzle in `puzzles` for `task`; `split_row` is the command's
// --split row (its range).
int write_parts(const po::variables_map& vm, const frontend::OptionRow& split_row, PuzzleStream& puzzles,
                const SplitTask& task) {
    const CommandLineValues values(vm);
    const long parts = static_cast<long>(frontend::whole_value(values, split_row));
    const PuzzleEntry entry = only_puzzle(puzzles);
    const Puzzle& puzzle = entry.puzzle;
    if (const auto why = split_refusal(puzzle, puzzle.rules, task.distinct)) throw UsageError(*why);
    const CubeSplit split = split_into_cubes(puzzle, puzzle.rules, parts * kCubesPerPart, poll);
    const std::string dir = vm["emit"].as<std::string>();
    const SplitManifest manifest = write_split(dir, puzzle, task, split, parts);
    print_split(puzzle.name, manifest, dir);
    return int(kExitOk);
}

bool split_asked(const po::variables_map& vm) {
    if (!vm.count("split") && !vm.count("emit")) return false;
    if (!vm.count("split") || !vm.count("emit")) throw UsageError("--split N and --emit DIR go together");
    return true;
}

}  // namespace

std::optional<int> emit_split_if_asked(const Parsed& parsed, const CountingRun& run, const std::string& command) {
    if (!split_asked(parsed.vm)) return std::nullopt;
    if (run.engine != CountEngine::Sat)
        throw UsageError("--split counts each part with the SAT enumeration; leave out --engine");
    const SplitTask task{command, command == "unique" ? 2 : run.options.max, run.options.distinct};
    return write_parts(parsed.vm, *frontend::find_option(frontend::count_option_table(), "split"), *run.puzzles, task);
}

std::optional<int> emit_solve_split_if_asked(const Parsed& parsed, PuzzleStream& puzzles) {
    if (!split_asked(parsed.vm)) return std::nullopt;
    const auto& vm = parsed.vm;
    for (const char* other : {"engine", "optimize", "cross-check", "animate"})
        if (vm.count(other) && !vm[other].defaulted())
            throw UsageError(std::string("--split searches each part with SAT for one solution; leave out --") + other);
    const SplitTask task{"solve", 1, Distinct::Paths};
    return write_parts(vm, *frontend::find_option(frontend::solve_option_table(), "split"), puzzles, task);
}

void emit_part_split(const std::string& path, long parts) {
    const PartFile part = read_part_file(path);
    const CubeSplit split = split_cubes_further(part.puzzle, part.puzzle.rules, part.cubes, parts * kCubesPerPart, poll);
    const std::string dir = sub_split_dir(path);
    const SplitManifest manifest =
        write_split(dir, part.puzzle, part.task, split, parts, SplitParent{part.id, part.index});
    print_split(path, manifest, dir);
}

}  // namespace nl::app

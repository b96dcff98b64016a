// Shared by `count` and `unique`: options, choosing the counting engine, running it per puzzle.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <memory>

#include "app/cli.hpp"
#include "app/progress.hpp"
#include "core/puzzle_stream.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/count/count_json.hpp"

namespace nl::app {

// Ctrl-C and SIGTERM raise options.sat.interrupt (app/interrupt.hpp): the running count stops
// with StopReason::Interrupted, and the command prints what it has and exits 130.
struct CountingRun {
    // The puzzles, read one at a time as they are counted (shared: a run is passed by const
    // reference, and reading advances the stream).
    std::shared_ptr<PuzzleStream> puzzles;
    CountOptions options;
    CountEngine engine = CountEngine::Sat;
    Format output = Format::Grid;
    bool quiet = false, color = false;
    int jobs = 1;  // puzzles counted at once (--jobs)
};

// Adds count's options, or unique's (frontend/count_options.hpp holds their rows).
void add_count_options(po::options_description& desc);
void add_unique_options(po::options_description& desc);
// Reads them; `max` is the cap the command needs (unique: 2), 0 to take --max.
CountingRun read_counting_run(const Parsed& parsed, long max, bool to_terminal);

// Counts the solutions of one puzzle with the chosen engine, on `cores` cores (CountOptions::cores).
// Throws InternalError as solving does.
CountResult count_puzzle(const Puzzle& puzzle, const CountingRun& run, int cores);

// What a batch did: puzzles reported, puzzles that could not be read.
struct CountingTally {
    std::size_t done = 0;
    int bad_input = 0;
};

// Counts every puzzle of the run, run.jobs at a time, and hands each result to `report` on the
// calling thread in input order, as soon as it and all before it are done, so the output never
// depends on the number of jobs. A puzzle that cannot be read, or that the engine cannot count,
// is printed as an error record (app/batch_input.hpp) in its place. After Ctrl-C / SIGTERM the
// puzzles not yet started are skipped. An exception from a count (InternalError) reaches the
// caller once the puzzles before it are reported and the other workers have stopped.
CountingTally count_all(const CountingRun& run, Progress& progress, Output& out,
                        const std::function<void(const PuzzleEntry&, const CountResult&)>& report);

// The end of a unique/count batch: erases the progress line, writes the output and returns the
// exit code: 130 after Ctrl-C / SIGTERM (with "interrupted: K of N puzzles done" on stderr; -o
// then holds the puzzles done, or no file when none was), else 2 when a puzzle could not be
// read, else 1 when `negative`, else 0.
int finish_counting_run(Progress& progress, Output& out, const CountingRun& run, const CountingTally& tally,
                        bool negative);

}  // namespace nl::app

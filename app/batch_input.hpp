// What the batch commands (solve, unique, count) print for a puzzle that cannot be read.
//
// A batch reads its puzzles one at a time (core/puzzle_stream.hpp), and a bad file or a bad
// puzzle does not stop it: the others are answered, and the bad one is reported in its place.
// The message goes to stderr as every input error does ("file:line: what is wrong"); the
// line-per-puzzle outputs get a record in its place, so a program reading them sees every puzzle:
//   -q:    NAME error 0.000 0 0 -
//   json:  {"name": NAME, "status": "error", "error": MESSAGE, "file": FILE, "line": LINE}
// The grid and the other formats print nothing for it on stdout (the grid is read by a person,
// who has the message; paths, levelpack and adc hold solutions only). The command exits 2 at the
// end (unless an internal error or an interruption says more).
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "app/output.hpp"
#include "app/progress.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/puzzle_stream.hpp"

namespace nl::app {

void print_input_error(std::ostream& out, const std::string& name, const InputError& error, Format format,
                       bool quiet);

// The end of a batch whose exit code, uninterrupted, is `code`, after `answered` puzzles were
// answered and `bad` could not be read: Output::finish, except that a batch that answered no
// puzzle at all (every file or puzzle bad) leaves -o as it was and exits 2, as a command whose
// one input is bad does.
int finish_batch(Output& out, int code, std::size_t answered, std::size_t bad);

// A batch on this thread (info, convert): one puzzle at a time until the stream ends or Ctrl-C;
// each readable puzzle goes to `each`, a bad one is reported in its place (print_input_error,
// records when `format` is JSON) and skipped. Returns the exit code of finish_batch: 0, 2 when a
// puzzle could not be read, 130 when interrupted.
int run_batch_inline(PuzzleStream& stream, Output& out, Format format,
                     const std::function<void(const PuzzleEntry&)>& each);

// The stream's next item, the progress line told the batch's size once every file is open; the
// `next` of run_in_order (core/ordered_batch.hpp) for the batches that show progress.
std::function<std::optional<StreamedPuzzle>()> next_with_progress(PuzzleStream& stream, Progress& progress);

// The number of puzzles in the batch, "N" (the files not read yet are split to count theirs),
// or "at least N" when standard input was not read yet.
std::string batch_size_text(const PuzzleStream& stream);

}  // namespace nl::app

// Reading a batch of files one puzzle at a time.
//
// A batch may hold many files, a file many puzzles, and a puzzle's board costs about 25 bytes a
// cell once built (a 2000 x 2000 board about 100 MB), so a batch must not build every puzzle
// before it starts working. PuzzleStream opens one file at a time, splits it into its puzzles
// (positions in the text: cheap) and builds each puzzle only when next() asks for it; the caller
// holds only the puzzles it is working on. Bad input does not end the stream: a file that cannot
// be read, or a puzzle whose content is wrong, is an item carrying the error (file and line), and
// the stream goes on with the next puzzle (after an error in a file's structure, where the next
// puzzle would start is unknown, with the next file).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/formats.hpp"

namespace nl {

struct StreamedPuzzle {
    std::string name;                  // "file:index", or the file when it cannot be read at all
    std::optional<PuzzleEntry> entry;  // the puzzle, built
    std::optional<InputError> error;   // or why it cannot be read
};

class PuzzleStream {
   public:
    PuzzleStream(std::vector<std::string> paths, ReadOptions options);
    ~PuzzleStream();
    PuzzleStream(const PuzzleStream&) = delete;
    PuzzleStream& operator=(const PuzzleStream&) = delete;

    // The next puzzle or error, in file order; nullopt after the last. Not thread-safe.
    std::optional<StreamedPuzzle> next();

    // Items (puzzles and errors) of the files opened so far, and whether those are all the files.
    long known() const { return known_; }
    bool all_files_opened() const { return next_file_ == paths_.size(); }
    // Items of the whole batch: the files not opened yet are split to count their puzzles
    // (cheap: nothing is built). -1 when one of them is standard input, which cannot be read
    // again. For the summary of an interrupted batch.
    long count_all() const;
    // True when the whole batch is one file of at most one puzzle (it opens that file to see):
    // then a caller need not start threads for it.
    bool at_most_one();
    // The format of the file the last puzzle came from (as given, or detected).
    Format format() const { return format_; }

   private:
    void open_next_file();

    std::vector<std::string> paths_;
    ReadOptions options_;
    std::size_t next_file_ = 0;
    std::unique_ptr<TextFile> file_;  // a stable address: the pending puzzles read it
    std::vector<PendingPuzzle> pending_;
    std::size_t next_pending_ = 0;
    std::optional<InputError> file_error_;  // comes after the current file's pending puzzles
    long known_ = 0;
    Format format_ = Format::Ascii;
};

}  // namespace nl

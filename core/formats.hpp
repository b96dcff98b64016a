// Reading and writing puzzles and solutions in every supported format.
//
// Readers take a whole file (a file may hold many puzzles) and return entries named
// "file:index" (1-based). Every malformed input throws InputError with the file and line.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

enum class Format { Ascii, Stream, Levelpack, Intgrid, Adc, Json, Paths, Grid, Board, Flowsolver, Puzzlink };

std::optional<Format> format_from_name(std::string_view name);
std::string format_name(Format format);
// Names accepted by --format (readers) and --output / --to (writers), for help texts.
inline constexpr std::string_view kReadFormatNames = "ascii|stream|levelpack|intgrid|adc|json|paths|board|flowsolver|puzzlink";
inline constexpr std::string_view kWriteFormatNames =
    "grid|paths|levelpack|adc|ascii|stream|intgrid|json|board|flowsolver|puzzlink";

// The rules a format implies when the user gives none (ADC: adc; puzzlink: nikoli, the rules
// pzprjs checks Numberlink by; everything else: flow).
Rules default_rules(Format format);

struct PuzzleEntry {
    Puzzle puzzle;
    std::optional<Solution> solution;  // level packs and JSON may carry one
    int line = 0;                      // where the puzzle starts in its file
};

// A puzzle of a file found but not yet built: build() allocates and validates it (throws
// InputError naming the file and line when its content is wrong).
struct PendingPuzzle {
    std::string name;  // "file:index"
    int line = 0;      // where it starts in its file
    std::function<PuzzleEntry()> build;
};

// A solution as read from a file, before it is matched to a puzzle. Grid formats fill `grid`
// (one symbol per cell, "" for an empty cell); path formats fill `paths` with named cell lists.
struct SolutionText {
    std::string name;  // "file:index"
    int line = 0;
    int width = 0, height = 0, layers = 1;  // 0 x 0 when the format carries no size
    std::vector<std::string> grid;
    std::vector<std::pair<std::string, std::vector<Coord>>> paths;
};

struct ReadOptions {
    std::optional<Format> format;  // nullopt: detect
    std::optional<Rules> rules;    // nullopt: the format's default (JSON: the rules it names)
};

// A file's contents split into lines, with its name for messages.
struct TextFile {
    std::string name;
    std::string content;
    std::vector<std::string_view> lines;  // without line terminators; line k is lines[k-1]

    // Copies and moves point the lines into their own content: a short string lives inside
    // the object, so a moved file's lines would otherwise still point into the old one.
    TextFile() = default;
    TextFile(const TextFile& other);
    TextFile(TextFile&& other) noexcept;
    TextFile& operator=(const TextFile& other);
    TextFile& operator=(TextFile&& other) noexcept;

   private:
    void rebase_lines(const char* old_content);
};

// Loads a file (or standard input for "-"): rejects missing files, files over the size limit,
// empty files and binary data. Strips a UTF-8 byte-order mark and CR of CRLF line ends.
// A command-line argument that is a puzz.link / pzv.jp Numberlink URL (http:// or https://
// with "?numlin/") or a bare "numlin/W/H/BODY", and names no existing file, is read as the
// text of a file named "puzz.link" holding that URL (core/format_puzzlink.cpp).
TextFile load_text(const std::string& path);
bool is_puzzlink_argument(std::string_view argument);
TextFile text_from_string(std::string name, std::string content);

Format detect_format(const TextFile& file);

// The puzzles of a file, each to be built when needed (core/puzzle_stream.hpp reads a batch
// this way). Throws InputError for an error in the file's structure, with the puzzles found
// before it already in `out`.
void split_puzzles(const TextFile& file, const ReadOptions& options, std::vector<PendingPuzzle>& out);

// Builds every pending puzzle in order (the first error is thrown).
std::vector<PuzzleEntry> build_each(const std::vector<PendingPuzzle>& pending);

std::vector<PuzzleEntry> read_puzzles(const TextFile& file, const ReadOptions& options);
std::vector<PuzzleEntry> read_puzzles(const std::string& path, const ReadOptions& options);

// Solutions in any readable format: grids (ascii, stream, intgrid), ADC answers, level packs,
// our paths format and JSON.
std::vector<SolutionText> read_solutions(const TextFile& file, std::optional<Format> format);
std::vector<SolutionText> read_solutions(const std::string& path, std::optional<Format> format);

struct WriteOptions {
    bool color = false;  // ANSI background colours (grid writer)
};

// Writes one puzzle (and its solution when given and the format can hold it). Formats that
// need a solution (levelpack) or cannot express the puzzle throw ModelError.
void write_puzzle(std::ostream& out, Format format, const Puzzle& puzzle,
                  const Solution* solution, const WriteOptions& options = {});

}  // namespace nl

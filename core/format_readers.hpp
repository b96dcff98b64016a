// Internal: one reader and writer per format, dispatched from formats.cpp. Not for use outside
// core/ (tests may include it to test a format directly).
#pragma once

#include <charconv>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"
#include "core/formats.hpp"

namespace nl::detail {

// Each reader splits a file into its puzzles (cheap: positions in the text) and appends one
// PendingPuzzle per puzzle to `out`; building a puzzle (allocating its board) waits until its
// `build` is called, so a batch holds only the puzzles it is working on (PuzzleStream). An error
// in a puzzle's own content is thrown by its `build`, so the other puzzles of the file can still
// be read; an error in the file's structure (where the next puzzle starts cannot be known) is
// thrown by the splitter, after the puzzles before it were appended. `build` reads the TextFile
// by reference: it must outlive them.
void split_ascii(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
void split_stream(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
void split_levelpack(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
void split_intgrid(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
void split_adc(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
void split_board(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
bool is_board_header(std::string_view line);
void split_flowsolver(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
// STANDARD, BRIDGES, WARPS or HEX alone on the line: the first line of a flowsolver board.
bool is_flowsolver_header(std::string_view line);
void split_puzzlink(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out);
// The first non-blank line is a numlin URL or a pzprv3 header.
bool is_puzzlink_text(const TextFile& file);
bool is_puzzlink_line(std::string_view line);
void split_json(const TextFile& file, const std::optional<Rules>& rules, std::vector<PendingPuzzle>& out);

// Every puzzle of the file, built: the splitter, then each build in order.
template <class Rule>
std::vector<PuzzleEntry> build_all(void (*split)(const TextFile&, Rule, std::vector<PendingPuzzle>&),
                                   const TextFile& file, Rule rules) {
    std::vector<PendingPuzzle> pending;
    split(file, rules, pending);
    return build_each(pending);
}
inline std::vector<PuzzleEntry> read_levelpack(const TextFile& file, Rules rules) {
    return build_all(split_levelpack, file, rules);
}
inline std::vector<PuzzleEntry> read_adc(const TextFile& file, Rules rules) {
    return build_all(split_adc, file, rules);
}
inline std::vector<PuzzleEntry> read_intgrid(const TextFile& file, Rules rules) {
    return build_all(split_intgrid, file, rules);
}
inline std::vector<PuzzleEntry> read_json(const TextFile& file, const std::optional<Rules>& rules) {
    return build_all<const std::optional<Rules>&>(split_json, file, rules);
}

std::vector<SolutionText> read_ascii_solutions(const TextFile& file);
std::vector<SolutionText> read_stream_solutions(const TextFile& file);
std::vector<SolutionText> read_intgrid_solutions(const TextFile& file);
std::vector<SolutionText> read_adc_answers(const TextFile& file);
std::vector<SolutionText> read_paths_solutions(const TextFile& file);
std::vector<SolutionText> read_json_solutions(const TextFile& file);
// Level packs carry their solutions: the paths of each line, named like the puzzle's labels.
std::vector<SolutionText> solutions_of(const std::vector<PuzzleEntry>& entries);

void write_ascii(std::ostream& out, const Puzzle& puzzle);
void write_stream(std::ostream& out, const Puzzle& puzzle);
void write_levelpack(std::ostream& out, const Puzzle& puzzle, const Solution* solution);
void write_intgrid(std::ostream& out, const Puzzle& puzzle);
void write_adc(std::ostream& out, const Puzzle& puzzle, const Solution* solution);
void write_board(std::ostream& out, const Puzzle& puzzle);
void write_flowsolver(std::ostream& out, const Puzzle& puzzle);
void write_json(std::ostream& out, const Puzzle& puzzle, const Solution* solution);
void write_puzzlink(std::ostream& out, const Puzzle& puzzle);
void write_paths(std::ostream& out, const Puzzle& puzzle, const Solution* solution);
void write_grid(std::ostream& out, const Puzzle& puzzle, const Solution* solution, bool color);

// ---- helpers shared by the readers ----

// "file:index", the name every puzzle and solution carries.
inline std::string entry_name(const TextFile& file, int index) {
    return file.name + ":" + std::to_string(index);
}

[[noreturn]] inline void fail(const TextFile& file, int line, const std::string& message) {
    throw InputError(file.name, line, message);
}

// The messages of a label with one end and of a label's third end (at cell x, y), in the words
// every grid reader uses, so that a file's mistake reads the same whatever its format.
inline std::string one_end_message(const std::string& label) {
    return "label " + label + " appears only once; each label needs two endpoints";
}
inline std::string third_end_message(const std::string& label, int x, int y) {
    return "label " + label + " appears a third time (at [" + std::to_string(x) + ", " + std::to_string(y) +
           "]); each label has exactly two endpoints";
}

// Parses a whole token as a non-negative decimal integer no larger than `max`; anything else
// (sign, junk, overflow) is an error naming `what`.
int parse_count(const TextFile& file, int line, std::string_view token, std::string_view what,
                long long max);

// Splits on runs of spaces and tabs.
std::vector<std::string_view> split_words(std::string_view line);
std::string_view trim(std::string_view s);

// Throws ModelError when the puzzle is a variant the grid formats cannot express (hex cells,
// warps, walls, bridges); cells outside a shaped board are written as blocked cells there.
void require_square_grid(const Puzzle& puzzle, std::string_view format);

// Runs finalize() and reports a ModelError at `line` of the file.
void finalize_at(Puzzle& puzzle, const TextFile& file, int line);
// make_board() with a ModelError reported at `line`.
Puzzle board_at(const TextFile& file, int line, int width, int height, int layers = 1);

// Single-character label symbols for grid formats (ascii, stream, grid): the label's own name
// when every name is one printable character other than '.' and '#', otherwise letters and
// digits by label index. `reserved`: more characters a symbol may not be (the board format's '+').
// Throws ModelError when there are more labels than symbols.
std::vector<std::string> grid_symbols(const Puzzle& puzzle, std::string_view reserved = "");

}  // namespace nl::detail

// numberlink's public C++ API: read and write puzzles, solve them, prove a solution unique or
// count solutions, check a solution, generate puzzles. #include <numberlink/numberlink.hpp> and
// link numberlink::numberlink (find_package(numberlink CONFIG), docs/library.md).
//
// This header is self-contained: it includes only the standard library, and none of the
// library's internal types shows through it, so they can change without breaking programs
// built against it. The same guarantees as the command line hold: every solution
// returned has passed numberlink's independent checker, and every negative verdict (unsolvable,
// no solution, a count that is complete) comes from an exact method.
//
// Errors: bad input (a file or text that cannot be read, a solution that does not fit its
// puzzle) throws InputError; an argument out of range (a negative time limit, an unknown engine
// name) throws std::invalid_argument; a bug caught by one of the library's own checks throws
// InternalError; running out of memory throws std::bad_alloc. Different puzzles may be handled
// on different threads at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace numberlink {

// The library's version, as `numberlink --version` prints it ("0.1.0").
std::string_view version();

// Bad input at a known place: what() is "file:line: message" ("file: message" when the line is
// unknown, "message" alone when there is no file, e.g. for a Solution built in code).
struct InputError : std::runtime_error {
    InputError(std::string file, int line, std::string message);
    std::string file;     // the file name given to read_file, or read_text's name
    int line = 0;         // 1-based; 0: not known
    std::string message;  // what is wrong, without the place
};

// A bug that one of the library's checks caught (say, an answer the checker rejected). It is
// never returned as an answer.
struct InternalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The rule presets. Flow: every cell on a path, a path may run alongside itself (Flow Free).
// Nikoli: cells may stay empty. Adc: cells may stay empty, no path may touch itself (two of its
// cells adjacent but not consecutive on it; the ADC contest). Strict: every cell, no touching.
enum class Rules { Flow, Nikoli, Adc, Strict };
std::string_view rules_name(Rules rules);                        // "flow", "nikoli", "adc", "strict"
std::optional<Rules> rules_from_name(std::string_view name);      // nullopt for another name

// A cell of the board: column x (0 at the left), row y (0 at the top), layer z (0 except on
// boards of several layers).
struct Cell {
    int x = 0, y = 0, z = 0;
    bool operator==(const Cell&) const = default;
};

// One line of a solution: its label's name and its cells in order, from one endpoint to the
// other. On a bridge cell (docs/variants.md) a path that crosses straight through lists the cell
// once, and a board's two paths through one bridge each list it.
struct Path {
    std::string label;
    std::vector<Cell> cells;
};

// A solution: one path per label of its puzzle, in the puzzle's label order.
struct Solution {
    std::vector<Path> paths;
};

// A puzzle: a board (width x height cells in one or more layers, some cells blocked) and its
// labels, each with two endpoints to be joined; plus the rules it is to be solved under.
// Immutable and cheap to copy (copies share one board). Puzzles come from read_file,
// read_text and generate. A board can also have hexagonal cells, warps, walls, bridges or
// vias (docs/variants.md, docs/adc.md); they are read, solved, checked and written like any
// other, and this class does not describe them.
class Puzzle {
   public:
    struct Label {
        std::string name;  // as in the file: "A", "7", "12"
        Cell ends[2];
    };
    std::string name() const;  // "file:index", index 1-based
    int width() const;
    int height() const;
    int layers() const;
    Rules rules() const;       // what solve, count, unique and check apply
    std::vector<Label> labels() const;
    bool blocked(Cell cell) const;  // no path may use it (also false outside the board)
    // This puzzle under other rules.
    Puzzle with_rules(Rules rules) const;

    // The library's own representation (api/puzzle_impl.hpp in the sources): hidden, so that
    // the internal board can change without breaking programs built against this header.
    struct Impl;
    explicit Puzzle(std::shared_ptr<const Impl> impl);
    const Impl& impl() const { return *impl_; }

   private:
    std::shared_ptr<const Impl> impl_;
};

// A puzzle as read or generated, with the solution that came with it: a level pack or a JSON
// file may carry one, and a generated puzzle always does.
struct Entry {
    Puzzle puzzle;
    std::optional<Solution> solution;
    int line = 0;  // where the puzzle starts in its file (0 for a generated one)
};

// ---- Reading and writing (docs/formats.md) ----

enum class Format { Ascii, Stream, Levelpack, Intgrid, Adc, Json, Paths, Grid, Board, Flowsolver };
std::string_view format_name(Format format);  // "ascii", "stream", ...
std::optional<Format> format_from_name(std::string_view name);

struct ReadOptions {
    std::optional<Format> format;  // nullopt: detected from the content. Grid and Paths hold
                                   // solutions only, and are refused here
    std::optional<Rules> rules;    // nullopt: the format's (adc for ADC files, the rules a JSON
                                   // puzzle names, else flow)
};

// Every puzzle of a file (a file may hold many; "-" reads standard input), named "path:index".
// Throws InputError naming the file and line of the first problem (missing file, unknown
// format, a malformed puzzle).
std::vector<Entry> read_file(const std::string& path, const ReadOptions& options = {});

// The same from text in memory; `name` stands for the file in puzzle names and errors.
std::vector<Entry> read_text(std::string_view text, const ReadOptions& options = {},
                             const std::string& name = "<text>");

// A solution of `puzzle` given as text: a grid of symbols (ascii, stream, intgrid; the symbols
// are tied to labels through the endpoints), paths, an ADC answer or JSON. The first solution of
// the text is read. Throws InputError when the text is malformed or cannot be a solution of
// this puzzle (another size, a path for no label); whether it obeys the rules is check's job.
Solution read_solution(const Puzzle& puzzle, std::string_view text, std::optional<Format> format = {},
                       const std::string& name = "<text>");

// Writes the puzzle in `format`, with its solution when one is given and the format can hold it
// (grid, paths, levelpack, json, adc answers...). Throws InputError when the format cannot
// express the puzzle or needs a solution (levelpack), or when the solution does not fit it.
void write(std::ostream& out, Format format, const Puzzle& puzzle, const Solution* solution = nullptr);
std::string write(Format format, const Puzzle& puzzle, const Solution* solution = nullptr);

// ---- Checking ----

struct CheckResult {
    bool ok = true;
    // Which rule failed: missing, path, ends, blocked, overlap, terminal, adjacency, fill, touch.
    std::string rule;
    std::string message;  // the first problem found, naming the label and the cell
};

// Does `solution` solve `puzzle` under puzzle.rules()? Checks each path (it exists, stays on the
// board, joins its label's endpoints, moves between neighbours, avoids blocked cells and other
// paths), then the rules' fill and touch conditions. This is the checker every answer passes.
CheckResult check(const Puzzle& puzzle, const Solution& solution);

// ---- DIMACS CNF for any SAT solver (docs/encoding.md) ----

// Writes the exact CNF of `puzzle` under puzzle.rules(), as `numberlink encode` does: it is
// satisfiable exactly when the puzzle is solvable, and every model holds a solution. With
// `models_exact` every model is exactly one solution (for model counters); without it, under
// rules that let cells stay empty, a model may also hold loops apart from the paths (a far
// smaller CNF). Comment lines before `p cnf` map the edge and cell variables back to the board,
// so any program can turn a model into paths.
void write_dimacs(std::ostream& out, const Puzzle& puzzle, bool models_exact = false);

// ---- Solving (docs/engines.md) ----

// Stopping conditions shared by solve, count and unique.
struct Limits {
    double timeout = 0;                       // seconds of wall-clock time; 0: none
    std::atomic<bool>* interrupt = nullptr;   // set it (from any thread) to stop early
    std::size_t max_memory = 0;               // bytes of resident memory of the process; 0: none
};

struct SolveOptions {
    // Any engine `numberlink solve --engine` takes: auto (the pipeline of every engine), sat,
    // wall, route, routefill, layers, tight, shrink, search, dfs or scan.
    std::string engine = "auto";
    Limits limits;
};

enum class Status {
    Solved,         // `solution` holds a checked solution
    Unsolvable,     // proved: no solution exists (`unsolvable_reason` says how)
    Unknown,        // an incomplete engine gave up (it can find solutions, not prove there is none)
    Timeout,        // Limits::timeout ran out
    Interrupted,    // Limits::interrupt was set
    Limit,          // Limits::max_memory was reached, or the encoding was too large to build
    NotApplicable,  // the chosen engine does not handle this kind of board
};
std::string_view status_name(Status status);  // "solved", "unsolvable", ..., "not-applicable"

struct SolveResult {
    Status status = Status::Unknown;
    std::string engine;             // which engine gave the answer or verdict ("scan", "sat", ...)
    std::optional<Solution> solution;  // when Solved
    double seconds = 0;             // wall-clock time of the call
    // When Unsolvable, the proof: "sat" (the exact encoding is unsatisfiable) or the board
    // argument that decided it, e.g. "parity: ..." or "no path can join ...". May be empty for
    // an engine that gives no reason.
    std::string unsolvable_reason;
};

// Solves one puzzle under puzzle.rules(). Throws std::invalid_argument for an unknown engine or
// a negative or non-finite timeout.
SolveResult solve(const Puzzle& puzzle, const SolveOptions& options = {});

// ---- Counting and uniqueness (docs/counting.md) ----

enum class Distinct {
    Paths,    // two solutions differ when their sets of paths differ
    Colours,  // ... when the labels of some cell differ (what a player sees)
};

struct CountOptions {
    long max = 0;  // stop after this many solutions (0: count them all); unique() uses 2
    Distinct distinct = Distinct::Paths;
    // sat (any board), search (exhaustive, small boards; independent of the SAT encoding) or
    // frontier (one-layer square boards, counts of any size).
    std::string engine = "sat";
    Limits limits;
};

// Why a count stopped before it finished: the limits' timeout, their interrupt flag, or their
// memory cap (also: an encoding too large to build).
enum class Stop { None, Timeout, Interrupted, Limit };

struct CountResult {
    long count = 0;          // distinct solutions found
    std::string count_text;  // the exact count in decimal when it exceeds long (frontier), else ""
    bool capped = false;     // stopped at CountOptions::max: there are at least `count`
    Stop stop = Stop::None;  // not None: stopped early, and `count` is a lower bound
    std::vector<Solution> solutions;  // the first two found, checked
    double seconds = 0;
    bool exact() const { return !capped && stop == Stop::None; }
};

// Counts the solutions of `puzzle` under puzzle.rules(), exactly as `numberlink count` does.
// Throws std::invalid_argument for a negative max, an unknown engine, a bad timeout, or the
// frontier engine on a board it cannot count (the message says why).
CountResult count(const Puzzle& puzzle, const CountOptions& options = {});

enum class Uniqueness {
    Unique,    // exactly one solution: solutions[0]
    Multiple,  // two or more: solutions[0] and solutions[1] differ
    None,      // proved unsolvable
    Unknown,   // stopped before a verdict; `stop` says why
};
std::string_view uniqueness_name(Uniqueness verdict);  // "unique", "multiple", "none", "unknown"

struct UniqueResult {
    Uniqueness verdict = Uniqueness::Unknown;
    Stop stop = Stop::None;           // when Unknown: why it stopped
    std::vector<Solution> solutions;  // checked; with Unknown, the one found if any
    double seconds = 0;
};

// Does `puzzle` have exactly one solution under puzzle.rules()? As `numberlink unique`: counts
// up to two with options.engine (options.max is ignored). Throws as count() does.
UniqueResult unique(const Puzzle& puzzle, const CountOptions& options = {});

// ---- Generating (docs/generate.md) ----

struct GenerateOptions {
    int width = 7, height = 7;  // 4 cells up to 1000 x 1000
    int count = 1;              // distinct puzzles to make (none equal under the board's symmetries)
    std::uint64_t seed = 1;     // the same seed and options give the same puzzles as
                                // `numberlink generate --seed`
    Rules rules = Rules::Flow;
    bool unique = false;        // only puzzles with exactly one solution (proved)
    bool fill_all = false;      // no blocked cells
    int min_length = 3;         // cells of the shortest path, >= 2
    int min_paths = 1;          // labels, at least
    int max_paths = 0;          // labels, at most (0: no bound)
    double timeout = 0;         // seconds per puzzle; 0: none
    std::atomic<bool>* interrupt = nullptr;
};

enum class GenerateStatus {
    Done,         // `count` puzzles were made
    Timeout,      // a puzzle took longer than the timeout
    Interrupted,  // the interrupt flag was set
    GaveUp,       // no layout met the constraints (they may be impossible)
    Exhausted,    // no further distinct puzzle was found: the board has too few
};

struct GenerateResult {
    GenerateStatus status = GenerateStatus::Done;
    std::vector<Entry> puzzles;  // in order, each with its checked solution; all made before a stop
};

// Random puzzles with their solutions. Throws std::invalid_argument for options out of range.
GenerateResult generate(const GenerateOptions& options);

}  // namespace numberlink

// Shared machinery of the command line: the one options table, exit codes, loading puzzles,
// output that is written atomically, and turning library errors into messages.
#pragma once

#include <boost/program_options.hpp>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/formats.hpp"

namespace nl::app {

namespace po = boost::program_options;

// Documented in the README ("Exit codes").
enum Exit : int {
    kExitOk = 0,           // success (every puzzle solved / every solution valid)
    kExitNegative = 1,     // a negative answer: invalid solution, unsolvable, not unique, timeout
    kExitBadInput = 2,     // bad input or usage
    kExitInternal = 70,    // internal error, e.g. the checker rejected a solver's answer
    kExitInterrupted = 130,
};

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Adds options by name from the one table of common options (cli.cpp), so every subcommand
// spells and documents them the same way.
void add_common_options(po::options_description& desc, const std::vector<std::string>& names);

struct Parsed {
    po::variables_map vm;
    std::vector<std::string> files;  // positional arguments
};

// Parses a subcommand's arguments. `usage` is the first help line ("numberlink info [options]
// FILE..."). Returns nullopt after printing help for --help.
std::optional<Parsed> parse_command(const std::vector<std::string>& args, const std::string& usage,
                                    const std::string& about, po::options_description& desc,
                                    int min_files, int max_files);

// "a|b|c" as "a, b, c" for help texts: Boost wraps help at spaces, and cuts a long name list
// without any in the middle of a name.
std::string help_list(std::string_view names);

// Values of common options, validated.
std::optional<Format> read_format_option(const po::variables_map& vm, const char* name);
std::optional<Rules> read_rules_option(const po::variables_map& vm);
Format read_output_option(const po::variables_map& vm, Format fallback);
bool read_color_option(const po::variables_map& vm, bool to_terminal);
// --progress auto|always|never: auto shows the line (app/progress.hpp) when stderr is a terminal
// (not TERM=dumb) and there are `total` > 1 items to do.
bool read_progress_option(const po::variables_map& vm, long total);
// --max-memory MB as bytes (0: no cap); without it default_memory_cap() (solver/budget.hpp).
std::size_t read_max_memory_option(const po::variables_map& vm);

// The puzzle --index picks (1-based) from one file's entries; required when it holds several.
const PuzzleEntry& pick_puzzle(const std::vector<PuzzleEntry>& entries, const std::string& file,
                               const po::variables_map& vm);

// Output that appears whole or not at all. To a file (-o): written as it comes into a temporary
// file beside it, renamed over the file by commit(); without a commit (an error, Ctrl-C) the
// temporary file is removed, so an error or interruption never leaves a half-written file.
// (Streaming into the temporary file rather than collecting in memory: --all of the 5x5 jump
// tours writes 1.2 MB, and the copies of a growing buffer were a quarter of its time.)
// To stdout: collected and written at commit(), or with `stream_stdout` written as it comes
// (long batches show progress).
class Output {
   public:
    explicit Output(std::string path, bool stream_stdout = false)
        : path_(std::move(path)), direct_(stream_stdout && path_.empty()) {}
    ~Output();
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    std::ostream& stream();
    void flush();  // pushes streamed output out now
    bool to_terminal() const;
    void commit();  // throws InputError when the file cannot be written; once (later calls do nothing)
   private:
    void open_file();
    bool committed_ = false;
    std::string path_;
    bool direct_;
    std::ostringstream buffer_;  // stdout, not streamed
    std::string tmp_;            // -o: the temporary file, while it exists
    std::ofstream file_;
};

// Runs a subcommand, mapping exceptions to messages on stderr and exit codes.
int run_guarded(const std::function<int()>& body);

// Blank line between puzzles for the formats that need it to tell them apart.
void write_separator(std::ostream& out, Format format, bool first);

}  // namespace nl::app

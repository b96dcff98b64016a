// Shared machinery of the command line: the one options table, exit codes, loading puzzles,
// and turning library errors into messages. Output (-o files, standard output): app/output.hpp.
#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <optional>
#include <span>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/help_text.hpp"
#include "app/output.hpp"
#include "core/formats.hpp"
#include "frontend/option_readers.hpp"
#include "frontend/option_table.hpp"
#include "frontend/usage_error.hpp"

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

// The front-end library's names (frontend/: the option readers, the records, solve_one, the
// module loader), used unqualified by the commands.
using namespace nl::frontend;

// Option values from the command line (frontend/option_values.hpp): an option with a default in
// its table always has a value.
class CommandLineValues : public OptionValues {
   public:
    explicit CommandLineValues(const po::variables_map& vm) : vm_(vm) {}
    bool given(const char* name) const override;
    bool defaulted(const char* name) const override;
    bool flag(const char* name) const override;
    std::string text(const char* name) const override;
    double number(const char* name) const override;
    long long integer(const char* name, long long least, long long most) const override;
    std::uint64_t unsigned_integer(const char* name) const override;

   private:
    const po::variables_map& vm_;
};

// Adds the rows of an option table (frontend/option_table.hpp) as the command line's options:
// a value of the row's kind, its default, its help.
void add_table_options(po::options_description& desc, std::span<const frontend::OptionRow> rows);

// Adds options by name from the table of common options (frontend/option_table.hpp), so every
// subcommand spells and documents them the same way.
void add_common_options(po::options_description& desc, const std::vector<std::string>& names);

struct Parsed {
    po::variables_map vm;
    std::vector<std::string> files;  // positional arguments
};

// Parses a subcommand's arguments against `desc` (to which it adds --help-all). Returns nullopt
// after printing the help for --help (the everyday options) or --help-all (every one).
std::optional<Parsed> parse_command(const std::vector<std::string>& args, const CommandHelp& help,
                                    po::options_description& desc, int min_files, int max_files);

using frontend::help_list;

// Values of common options, validated.
std::optional<Format> read_format_option(const po::variables_map& vm, const char* name);
std::optional<Rules> read_rules_option(const po::variables_map& vm);
Format read_output_option(const po::variables_map& vm, Format fallback);
bool read_color_option(const po::variables_map& vm, bool to_terminal);
// --progress auto|always|never: auto shows the line (app/progress.hpp) when stderr is a terminal
// (not TERM=dumb).
bool read_progress_option(const po::variables_map& vm);
// Seconds the line waits before it first shows. `total`: the items to do, 1 for a single puzzle.
// Under auto a single puzzle's line shows only once the puzzle has run that long, so that a
// quick answer is not preceded by a flash of it; 0 for a batch, and with --progress always (logs
// and tests see it from the start).
double progress_delay(const po::variables_map& vm, long total);
// --max-memory MB as bytes (0: no cap); without it default_memory_cap() (solver/base/budget.hpp).
std::size_t read_max_memory_option(const po::variables_map& vm);

// The puzzle --index picks (1-based) from one file's entries; required when it holds several.
const PuzzleEntry& pick_puzzle(const std::vector<PuzzleEntry>& entries, const std::string& file,
                               const po::variables_map& vm);

// Runs a subcommand, mapping exceptions to messages on stderr and exit codes.
int run_guarded(const std::function<int()>& body);

// Blank line between puzzles for the formats that need it to tell them apart.
void write_separator(std::ostream& out, Format format, bool first);

}  // namespace nl::app

// What a subcommand's --help prints: one screen for the everyday (usage, what it does, the
// options people use, examples), and everything under --help-all, which the manual page and
// the bash completion are built from.
#pragma once

#include <boost/program_options.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace nl::app {

struct CommandHelp {
    std::string usage;                  // "numberlink info [options] FILE..."
    std::string about;                  // a few lines: what the command does, its exit codes
    std::vector<std::string> everyday;  // long names of the options --help shows, in this order
    std::vector<std::string> examples;  // command lines, each with an optional "  # why"
    std::string details = "";           // --help-all in about's place: all of it, statuses, fields, tables
};

// Width of every help line: an 80-column terminal.
inline constexpr std::size_t kHelpWidth = 80;

// --help (all = false): usage, about, the everyday options and a line naming how many more
// --help-all shows, then the examples. --help-all: usage, details (about when there are none),
// every option, examples. Throws std::logic_error when `everyday` names an option `desc` does not have.
void print_command_help(std::ostream& out, const CommandHelp& help,
                        const boost::program_options::options_description& desc, bool all);

// `text` filled to kHelpWidth columns: prose lines (not indented) are joined and wrapped again,
// a line that ends a sentence ('.' or ':') ending the run; an indented line (a table row, an
// example) is kept, wrapped when longer, its continuation under its last column (the text after
// its last run of two spaces within the first 40 columns) or under its first word.
std::string wrap_help(const std::string& text);

}  // namespace nl::app

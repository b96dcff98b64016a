// Options declared once, as rows of a table: name, kind, default, allowed values, help, and the
// places that take them. The command line's option descriptions (app/), the server's field
// checks (server/) and the Python module's keywords (python/) are generated from the same rows,
// and the readers (frontend/*_options.hpp) validate values through them, so an option cannot
// mean one thing on the command line and another in a request or a Python call.
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/option_values.hpp"

namespace nl::frontend {

enum class OptionKind {
    Switch,    // no value: given or not (a request's true, a Python keyword's True)
    Text,      // any text
    Choice,    // one word of `choices`
    Number,    // a real number
    Whole,     // a whole number within [least, most]
    Unsigned,  // a whole number of 64 bits
};

// Where an option may be given. The command line takes every row; a request and a Python call
// only the rows that say so, because the others write files, draw on a terminal or set what the
// process around them decides (threads, memory, parallel jobs).
enum OptionPlace : unsigned {
    kCommandLine = 1,
    kRequest = 2,
    kPython = 4,
    kEverywhere = kCommandLine | kRequest | kPython,
};

struct OptionRow {
    std::string name;        // the long name; a request's field of the same name; Python: '-' as '_'
    char short_name = 0;     // 0: none
    OptionKind kind = OptionKind::Switch;
    std::string value_name;  // in help: SECONDS, N, NAME
    std::string fallback;    // the default as the command line would read it; "" for none
    std::string choices;     // Choice: "a|b|c"
    long long least = 0, most = 0;  // Whole: the range
    std::string help;
    unsigned places = kEverywhere;
    // The section of docs/performance.md with the measurements behind the default, or "".
    std::string measured;

    bool takes_value() const { return kind != OptionKind::Switch; }
    bool in(OptionPlace place) const { return (places & place) != 0; }
    // The Python keyword: the name with '-' as '_'.
    std::string keyword() const;
};

// A row; `least` and `most` are set by the caller for Whole rows.
OptionRow option_row(std::string name, OptionKind kind, std::string value_name, std::string help,
                     unsigned places = kEverywhere, std::string fallback = "", std::string choices = "");

// The options several commands share (rules, format, output, colour, progress, memory cap,
// output file, quiet, help, time limit, SAT threads); commands pick rows by name.
std::span<const OptionRow> common_option_table();

// The row named `name` in `rows`, or null.
const OptionRow* find_option(std::span<const OptionRow> rows, std::string_view name);
// The row named `name` in the common table, or throws std::logic_error (a program error).
const OptionRow& common_option(std::string_view name);
// Those rows, in this order.
std::vector<OptionRow> common_options(std::initializer_list<std::string_view> names);

// The row's value, checked against the row (UsageError with the command line's message): a
// Choice among its choices ("--labels takes auto, onehot or binary"), a Whole within its range
// ("--dfs-nodes must be at least 0"). The default when not given; a row without one must be given.
std::string choice_value(const OptionValues& values, const OptionRow& row);
long long whole_value(const OptionValues& values, const OptionRow& row);

// The words of "a|b|c".
std::vector<std::string_view> choice_words(std::string_view choices);
// "a|b|c" as "a, b or c", for messages.
std::string choices_in_words(std::string_view choices);
// "a|b|c" as "a, b, c" for help texts: the command line wraps help at spaces, and would cut a
// long list without any in the middle of a name.
std::string help_list(std::string_view names);

}  // namespace nl::frontend

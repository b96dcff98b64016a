// The option rows and the checks every reader shares; see option_table.hpp.
#include "frontend/option_table.hpp"

#include <limits>
#include <stdexcept>

#include "core/formats.hpp"
#include "frontend/usage_error.hpp"

namespace nl::frontend {

namespace {

std::vector<OptionRow> make_common_rows() {
    using K = OptionKind;
    std::vector<OptionRow> rows;
    rows.push_back(option_row("rules", K::Text, "PRESET", "rules: flow|nikoli|adc|strict (default: the input format's own)",
                              kCommandLine | kRequest));
    // Built from the one list of format names, so the help cannot drift from it.
    rows.push_back(option_row("format", K::Text, "FORMAT",
                              "input format: " + help_list(kReadFormatNames) + " (default: detect)",
                              kCommandLine | kRequest));
    rows.push_back(option_row("output", K::Text, "FORMAT", "output format (see the subcommand's help)", kCommandLine));
    rows.push_back(option_row("color", K::Text, "WHEN",
                              "colour in grid output: auto|always|never (auto: only on a terminal)", kCommandLine));
    rows.push_back(option_row("progress", K::Text, "WHEN",
                              "progress line on stderr: auto|always|never (auto: only when stderr is a terminal)",
                              kCommandLine));
    rows.push_back(option_row("max-memory", K::Text, "MB",
                              "memory the process may use: a puzzle that needs more ends with status limit (encode: "
                              "is refused); default 3/4 of the machine's or container's memory, 0: no cap",
                              kCommandLine | kPython));
    rows.push_back(option_row("output-file", K::Text, "FILE",
                              "write output to FILE (atomically) instead of standard output", kCommandLine));
    rows.back().short_name = 'o';
    rows.push_back(option_row("quiet", K::Switch, "", "terse output: a line per puzzle, no grids or reports", kCommandLine));
    rows.back().short_name = 'q';
    rows.push_back(option_row("help", K::Switch, "", "the everyday options and examples", kCommandLine));
    rows.back().short_name = 'h';
    rows.push_back(option_row("timeout", K::Number, "SECONDS", "time limit per puzzle (default: none)"));
    rows.push_back(option_row("threads", K::Whole, "N", "SAT solver threads per puzzle", kCommandLine | kPython, "1"));
    rows.back().least = 1;
    rows.back().most = std::numeric_limits<int>::max();  // read_threads names the real bound
    rows.push_back(option_row("sat", K::Choice, "SOLVER",
                              "SAT solver: auto (the stage table's choice), cms (CryptoMiniSat), cadical (CaDiCaL) or "
                              "portfolio (both at once on two cores, the first verdict wins)",
                              kCommandLine | kPython, "auto", "auto|cms|cadical|portfolio"));
    return rows;
}

}  // namespace

OptionRow option_row(std::string name, OptionKind kind, std::string value_name, std::string help, unsigned places,
                     std::string fallback, std::string choices) {
    OptionRow r;
    r.name = std::move(name);
    r.kind = kind;
    r.value_name = std::move(value_name);
    r.help = std::move(help);
    r.places = places;
    r.fallback = std::move(fallback);
    r.choices = std::move(choices);
    return r;
}

std::string OptionRow::keyword() const {
    std::string k = name;
    for (char& c : k)
        if (c == '-') c = '_';
    return k;
}

std::span<const OptionRow> common_option_table() {
    static const std::vector<OptionRow> rows = make_common_rows();
    return rows;
}

const OptionRow* find_option(std::span<const OptionRow> rows, std::string_view name) {
    for (const OptionRow& r : rows)
        if (r.name == name) return &r;
    return nullptr;
}

std::vector<OptionRow> common_options(std::initializer_list<std::string_view> names) {
    std::vector<OptionRow> rows;
    for (const std::string_view name : names) rows.push_back(common_option(name));
    return rows;
}

const OptionRow& common_option(std::string_view name) {
    if (const OptionRow* r = find_option(common_option_table(), name)) return *r;
    throw std::logic_error("no common option " + std::string(name));
}

std::vector<std::string_view> choice_words(std::string_view choices) {
    std::vector<std::string_view> words;
    while (true) {
        const std::size_t bar = choices.find('|');
        words.push_back(choices.substr(0, bar));
        if (bar == std::string_view::npos) return words;
        choices.remove_prefix(bar + 1);
    }
}

std::string choices_in_words(std::string_view choices) {
    const std::vector<std::string_view> words = choice_words(choices);
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
        out += words[i];
    }
    return out;
}

std::string help_list(std::string_view names) {
    std::string out;
    for (const char c : names) out += c == '|' ? std::string(", ") : std::string(1, c);
    return out;
}

std::string choice_value(const OptionValues& values, const OptionRow& row) {
    const std::string value = values.given(row.name.c_str()) ? values.text(row.name.c_str()) : row.fallback;
    for (const std::string_view word : choice_words(row.choices))
        if (word == value) return value;
    throw UsageError("--" + row.name + " takes " + choices_in_words(row.choices) + ", not '" + value + "'");
}

long long whole_value(const OptionValues& values, const OptionRow& row) {
    const long long value = values.given(row.name.c_str())
                                ? values.integer(row.name.c_str(), std::numeric_limits<long long>::min(),
                                                 std::numeric_limits<long long>::max())
                                : std::stoll(row.fallback);
    if (value < row.least) throw UsageError("--" + row.name + " must be at least " + std::to_string(row.least));
    if (value > row.most) throw UsageError("--" + row.name + " must be at most " + std::to_string(row.most));
    return value;
}

}  // namespace nl::frontend

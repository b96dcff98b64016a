// The option rows and the checks every reader shares; see option_table.hpp.
#include "frontend/option_table.hpp"

#include <limits>
#include <stdexcept>

#include "core/formats.hpp"
#include "frontend/usage_error.hpp"

namespace nl::frontend {

namespace {

// "a|b|c" as "a, b, c" for help: the command line wraps help at spaces, and would cut a long
// list without any in the middle of a name.
std::string spaced_list(std::string_view names) {
    std::string out;
    for (const char c : names) out += c == '|' ? std::string(", ") : std::string(1, c);
    return out;
}

OptionRow row(std::string name, char short_name, OptionKind kind, std::string value_name, std::string help,
              unsigned places) {
    OptionRow r;
    r.name = std::move(name);
    r.short_name = short_name;
    r.kind = kind;
    r.value_name = std::move(value_name);
    r.help = std::move(help);
    r.places = places;
    return r;
}

std::vector<OptionRow> make_common_rows() {
    using K = OptionKind;
    std::vector<OptionRow> rows;
    // Built from the one list of format names, so the help cannot drift from it.
    rows.push_back(row("rules", 0, K::Text, "PRESET", "rules: flow|nikoli|adc|strict (default: the input format's own)",
                       kCommandLine | kRequest));
    rows.push_back(row("format", 0, K::Text, "FORMAT",
                       "input format: " + spaced_list(kReadFormatNames) + " (default: detect)", kCommandLine | kRequest));
    rows.push_back(row("output", 0, K::Text, "FORMAT", "output format (see the subcommand's help)", kCommandLine));
    rows.push_back(row("color", 0, K::Text, "WHEN",
                       "colour in grid output: auto|always|never (auto: only on a terminal)", kCommandLine));
    rows.push_back(row("progress", 0, K::Text, "WHEN",
                       "progress line on stderr: auto|always|never (auto: only when stderr is a terminal)",
                       kCommandLine));
    rows.push_back(row("max-memory", 0, K::Text, "MB",
                       "memory the process may use: a puzzle that needs more ends with status limit (encode: is "
                       "refused); default 3/4 of the machine's or container's memory, 0: no cap",
                       kCommandLine | kPython));
    rows.push_back(row("output-file", 'o', K::Text, "FILE",
                       "write output to FILE (atomically) instead of standard output", kCommandLine));
    rows.push_back(row("quiet", 'q', K::Switch, "", "print only the summary", kCommandLine));
    rows.push_back(row("help", 'h', K::Switch, "", "show this help", kCommandLine));
    rows.push_back(row("timeout", 0, K::Number, "SECONDS", "time limit per puzzle (default: none)", kEverywhere));
    rows.push_back(row("threads", 0, K::Whole, "N", "SAT solver threads per puzzle", kCommandLine | kPython));
    rows.back().fallback = "1";
    rows.back().least = 1;
    rows.back().most = std::numeric_limits<int>::max();  // read_threads names the real bound
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

std::string choices_in_words(std::string_view choices) {
    std::string out;
    std::size_t start = 0;
    while (true) {
        const std::size_t bar = choices.find('|', start);
        const std::string_view word = choices.substr(start, bar == std::string_view::npos ? bar : bar - start);
        if (start > 0) out += choices.find('|', start) == std::string_view::npos ? " or " : ", ";
        out += word;
        if (bar == std::string_view::npos) return out;
        start = bar + 1;
    }
}

std::string choice_value(const OptionValues& values, const OptionRow& row) {
    const std::string value = values.given(row.name.c_str()) ? values.text(row.name.c_str()) : row.fallback;
    std::string_view rest = row.choices;
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        if (rest.substr(0, bar) == value) return value;
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
    }
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

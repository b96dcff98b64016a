// Format names, auto-detection and dispatch to the per-format readers and writers.
#include "core/formats.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ostream>

#include "core/format_readers.hpp"

namespace nl {

namespace {

struct FormatName {
    Format format;
    std::string_view name;
};
constexpr FormatName kFormatNames[] = {
    {Format::Ascii, "ascii"},   {Format::Stream, "stream"}, {Format::Levelpack, "levelpack"},
    {Format::Intgrid, "intgrid"}, {Format::Adc, "adc"},    {Format::Json, "json"},
    {Format::Paths, "paths"},   {Format::Grid, "grid"},     {Format::Board, "board"},
    {Format::Flowsolver, "flowsolver"}, {Format::Puzzlink, "puzzlink"},
};

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// "12 7": the size line of the stream and integer-grid formats.
bool is_size_line(std::string_view line) {
    auto words = detail::split_words(line);
    return words.size() == 2 && all_digits(words[0]) && all_digits(words[1]);
}

// Level-pack header: numbers separated by ',' or ':' up to the first ';'.
bool is_levelpack_line(std::string_view line) {
    auto semi = line.find(';');
    if (semi == std::string_view::npos || semi == 0) return false;
    std::string_view head = detail::trim(line.substr(0, semi));
    if (head.empty() || !std::isdigit(static_cast<unsigned char>(head.front()))) return false;
    return std::all_of(head.begin(), head.end(), [](unsigned char c) {
        return std::isdigit(c) || c == ',' || c == ':' || c == ' ';
    }) && head.find(',') != std::string_view::npos;
}

// "R: 0,0 1,0" or "# puzzle NAME": our own paths format.
bool is_paths_line(std::string_view line) {
    if (line.starts_with("# puzzle")) return true;
    auto colon = line.find(": ");
    if (colon == std::string_view::npos || colon == 0) return false;
    auto words = detail::split_words(line.substr(colon + 2));
    return !words.empty() && words[0].find(',') != std::string_view::npos &&
           std::isdigit(static_cast<unsigned char>(words[0].front()));
}

bool is_int_row(std::string_view line) {
    auto words = detail::split_words(line);
    return !words.empty() && std::all_of(words.begin(), words.end(), all_digits);
}

}  // namespace

TextFile::TextFile(const TextFile& other) : name(other.name), content(other.content), lines(other.lines) {
    rebase_lines(other.content.data());
}

TextFile::TextFile(TextFile&& other) noexcept : name(std::move(other.name)) {
    const char* old = other.content.data();
    content = std::move(other.content);
    lines = std::move(other.lines);
    rebase_lines(old);
}

TextFile& TextFile::operator=(const TextFile& other) {
    if (this != &other) *this = TextFile(other);
    return *this;
}

TextFile& TextFile::operator=(TextFile&& other) noexcept {
    if (this == &other) return *this;
    const char* old = other.content.data();
    name = std::move(other.name);
    content = std::move(other.content);
    lines = std::move(other.lines);
    rebase_lines(old);
    return *this;
}

void TextFile::rebase_lines(const char* old_content) {
    if (old_content == content.data()) return;
    for (std::string_view& line : lines) line = {content.data() + (line.data() - old_content), line.size()};
}

std::optional<Format> format_from_name(std::string_view name) {
    for (const auto& f : kFormatNames)
        if (f.name == name) return f.format;
    return std::nullopt;
}

std::string format_name(Format format) {
    for (const auto& f : kFormatNames)
        if (f.format == format) return std::string(f.name);
    return "?";
}

Rules default_rules(Format format) {
    if (format == Format::Adc) return Rules{false, false};
    if (format == Format::Puzzlink) return Rules{false, true};
    return Rules{true, true};
}

Format detect_format(const TextFile& file) {
    // The non-blank lines, trimmed, listed only as far as a test reads them (has(k): whether
    // line k exists, then lines[k]): most tests look at the first few, and a board of 100,000
    // rows need not be listed to be seen as ASCII.
    std::vector<std::string_view> lines;
    std::size_t next_raw = 0;
    auto has = [&](std::size_t k) {
        while (lines.size() <= k && next_raw < file.lines.size())
            if (auto t = detail::trim(file.lines[next_raw++]); !t.empty()) lines.push_back(t);
        return k < lines.size();
    };
    if (!has(0)) return Format::Ascii;
    const std::string_view first = lines.front();
    if (first.front() == '{' || first.front() == '[') return Format::Json;
    if (first.starts_with("SIZE")) return Format::Adc;
    if (detail::is_puzzlink_text(file)) return Format::Puzzlink;
    // FlowSolver boards: a header, perhaps after "//" comment lines.
    std::size_t board = 0;
    while (has(board) && lines[board].starts_with("//")) ++board;
    if (has(board) && detail::is_flowsolver_header(lines[board])) return Format::Flowsolver;
    if (is_levelpack_line(first)) return Format::Levelpack;
    if (is_paths_line(first)) return Format::Paths;

    // Stream and board files may open with '#' comments; an ASCII row may also start with '#'
    // (blocked).
    std::size_t k = 0;
    while (has(k) && lines[k].front() == '#') ++k;
    if (has(k) && detail::is_board_header(lines[k])) return Format::Board;
    if (has(k) && is_size_line(lines[k])) {
        if (!has(k + 1)) return Format::Stream;
        auto width = detail::split_words(lines[k])[0];
        auto next = detail::split_words(lines[k + 1]);
        // Integer grids continue with a label count or a row of numbers; streams with a row
        // of W characters (which may be one digit when W is 1).
        if (!is_int_row(lines[k + 1])) return Format::Stream;
        // from_chars, not stoul: a width too large for any type is simply not this row's length.
        std::size_t w = 0;
        const auto parsed = std::from_chars(width.data(), width.data() + width.size(), w);
        if (next.size() > 1 || parsed.ec != std::errc() || next[0].size() != w)
            return Format::Intgrid;
        // One number as long as the width: a stream row of digits, or an integer grid's label
        // count followed by a row of several numbers.
        if (has(k + 2) && is_int_row(lines[k + 2]) && detail::split_words(lines[k + 2]).size() > 1)
            return Format::Intgrid;
        return Format::Stream;
    }
    if (k > 0) return Format::Ascii;
    for (std::size_t row = 0; has(row); ++row)
        if (!is_int_row(lines[row]) || detail::split_words(lines[row]).size() < 2) return Format::Ascii;
    return Format::Intgrid;
}

void split_puzzles(const TextFile& file, const ReadOptions& options, std::vector<PendingPuzzle>& out) {
    // Not value_or(detect_format(file)): that would run detection even on a forced format.
    const Format format = options.format ? *options.format : detect_format(file);
    const Rules rules = options.rules.value_or(default_rules(format));
    switch (format) {
        case Format::Ascii: return detail::split_ascii(file, rules, out);
        case Format::Stream: return detail::split_stream(file, rules, out);
        case Format::Levelpack: return detail::split_levelpack(file, rules, out);
        case Format::Intgrid: return detail::split_intgrid(file, rules, out);
        case Format::Adc: return detail::split_adc(file, rules, out);
        case Format::Json: return detail::split_json(file, options.rules, out);
        case Format::Board: return detail::split_board(file, rules, out);
        case Format::Flowsolver: return detail::split_flowsolver(file, rules, out);
        case Format::Puzzlink: return detail::split_puzzlink(file, rules, out);
        case Format::Paths:
        case Format::Grid: break;
    }
    throw InputError(file.name, 0,
                     "the " + format_name(format) + " format holds solutions, not puzzles");
}

std::vector<PuzzleEntry> build_each(const std::vector<PendingPuzzle>& pending) {
    std::vector<PuzzleEntry> entries;
    entries.reserve(pending.size());
    for (const PendingPuzzle& p : pending) entries.push_back(p.build());
    return entries;
}

std::vector<PuzzleEntry> read_puzzles(const TextFile& file, const ReadOptions& options) {
    std::vector<PendingPuzzle> pending;
    split_puzzles(file, options, pending);
    return build_each(pending);
}

std::vector<PuzzleEntry> read_puzzles(const std::string& path, const ReadOptions& options) {
    return read_puzzles(load_text(path), options);
}

std::vector<SolutionText> read_solutions(const TextFile& file, std::optional<Format> format) {
    const Format chosen = format ? *format : detect_format(file);
    switch (chosen) {
        case Format::Ascii:
        case Format::Grid: return detail::read_ascii_solutions(file);
        case Format::Stream: return detail::read_stream_solutions(file);
        case Format::Intgrid: return detail::read_intgrid_solutions(file);
        case Format::Adc: return detail::read_adc_answers(file);
        case Format::Levelpack: return detail::solutions_of(detail::read_levelpack(file, {}));
        case Format::Paths: return detail::read_paths_solutions(file);
        case Format::Json: return detail::read_json_solutions(file);
        case Format::Board:
        case Format::Flowsolver:
        case Format::Puzzlink:
            throw InputError(file.name, 0, "the " + format_name(chosen) + " format holds puzzles; give solutions as paths or JSON");
    }
    return {};
}

std::vector<SolutionText> read_solutions(const std::string& path, std::optional<Format> format) {
    return read_solutions(load_text(path), format);
}

void write_puzzle(std::ostream& out, Format format, const Puzzle& puzzle, const Solution* solution,
                  const WriteOptions& options) {
    switch (format) {
        case Format::Ascii: return detail::write_ascii(out, puzzle);
        case Format::Stream: return detail::write_stream(out, puzzle);
        case Format::Levelpack: return detail::write_levelpack(out, puzzle, solution);
        case Format::Intgrid: return detail::write_intgrid(out, puzzle);
        case Format::Adc: return detail::write_adc(out, puzzle, solution);
        case Format::Json: return detail::write_json(out, puzzle, solution);
        case Format::Paths: return detail::write_paths(out, puzzle, solution);
        case Format::Grid: return detail::write_grid(out, puzzle, solution, options.color);
        case Format::Board: return detail::write_board(out, puzzle);
        case Format::Flowsolver: return detail::write_flowsolver(out, puzzle);
        case Format::Puzzlink: return detail::write_puzzlink(out, puzzle);
    }
}

namespace detail {

std::vector<SolutionText> solutions_of(const std::vector<PuzzleEntry>& entries) {
    std::vector<SolutionText> out;
    for (const PuzzleEntry& e : entries) {
        if (!e.solution) continue;
        const Puzzle& p = e.puzzle;
        SolutionText s;
        s.name = p.name;
        s.line = e.line;
        s.width = p.width;
        s.height = p.height;
        s.layers = p.layers;
        for (std::size_t l = 0; l < p.labels.size(); ++l) {
            std::vector<Coord> cells;
            for (CellId c : e.solution->paths[l]) cells.push_back(p.coord(c));
            s.paths.emplace_back(p.labels[l].name, std::move(cells));
        }
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace detail
}  // namespace nl

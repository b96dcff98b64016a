// Integer grids (the SAT4J Numberlink solver's and similar SAT-solver inputs). One puzzle per file, in one of three
// layouts (blank lines are ignored everywhere):
//
//   (a) "M N" (rows, columns), a line with K, the largest label, then M rows of N integers;
//   (b) "M N", then the M rows (no K line);
//   (c) a bare grid: only the rows, all of the same length.
//
// 0 is an empty cell; any other number is an endpoint of the label it names, and each label
// marks exactly two cells. With a K line the labels must be exactly 1..K.
//
// Telling the layouts apart: after "M N", a line with a single number is K, except when N is
// 1 and every row is a single number too; then the number of lines decides (M + 1 lines: K
// and M rows). A first line of two numbers followed only by two-number lines is a header only
// when it reads "M 2" and exactly M lines follow; otherwise it is the first row of a bare
// two-column grid.
//
// The same layouts serve as solution grids, where every cell of a path carries its number.
#include <limits>
#include <map>
#include <ostream>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl::detail {

namespace {

constexpr long long kMaxInt = std::numeric_limits<int>::max();

struct Row {
    int line;
    std::vector<std::string_view> words;
};

struct Layout {
    int width = 0, height = 0;
    int header_line = 0;  // 0 for a bare grid
    int count_line = 0;   // the K line, 0 when absent
    int count = 0;        // K
    std::vector<Row> rows;
    int first_line() const { return header_line ? header_line : rows.front().line; }
};

std::vector<Row> nonblank_rows(const TextFile& file) {
    std::vector<Row> rows;
    for (std::size_t i = 0; i < file.lines.size(); ++i)
        if (auto words = split_words(file.lines[i]); !words.empty())
            rows.push_back({static_cast<int>(i) + 1, std::move(words)});
    if (rows.empty()) fail(file, 0, "no grid");
    return rows;
}

// A lenient look at a number, only to choose the layout; real parsing reports errors later.
long long peek_number(std::string_view s) {
    long long v = -1;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && ptr == s.data() + s.size() ? v : -1;
}

bool has_header(const std::vector<Row>& lines) {
    if (lines.front().words.size() != 2) return false;
    for (const Row& r : lines)
        if (r.words.size() != 2) return true;
    // Every line holds two numbers: "M 2" and M rows, or a bare two-column grid.
    return peek_number(lines.front().words[1]) == 2 &&
           peek_number(lines.front().words[0]) == static_cast<long long>(lines.size()) - 1;
}

void check_widths(const TextFile& file, const Layout& g) {
    for (std::size_t y = 0; y < g.rows.size(); ++y) {
        const int n = static_cast<int>(g.rows[y].words.size());
        if (n == g.width) continue;
        const std::string expected =
            g.header_line ? "the header on line " + std::to_string(g.header_line) + " says " +
                                std::to_string(g.width) + " columns"
                          : "row 1 has " + std::to_string(g.width);
        fail(file, g.rows[y].line, "row " + std::to_string(y + 1) + " has " + std::to_string(n) +
                                       " numbers, but " + expected);
    }
}

Layout with_header(const TextFile& file, std::vector<Row> lines) {
    Layout g;
    const Row& head = lines.front();
    g.header_line = head.line;
    g.height = parse_count(file, head.line, head.words[0], "row count", limits::kMaxSide);
    g.width = parse_count(file, head.line, head.words[1], "column count", limits::kMaxSide);
    if (g.height == 0 || g.width == 0) fail(file, head.line, "board size must be at least 1x1");
    const std::size_t rest = lines.size() - 1;
    const bool k_line = g.width == 1 ? rest == static_cast<std::size_t>(g.height) + 1
                                     : rest > 0 && lines[1].words.size() == 1;
    if (k_line) {
        g.count_line = lines[1].line;
        g.count = parse_count(file, g.count_line, lines[1].words[0], "label count", kMaxInt);
    }
    g.rows.assign(lines.begin() + (k_line ? 2 : 1), lines.end());
    const int found = static_cast<int>(g.rows.size());
    if (found > g.height)
        fail(file, g.rows[g.height].line,
             "row " + std::to_string(g.height + 1) + " is one too many: the header on line " +
                 std::to_string(g.header_line) + " says " + std::to_string(g.height) + " rows");
    if (found < g.height)
        fail(file, g.header_line, "the header says " + std::to_string(g.height) +
                                      " rows, but only " + std::to_string(found) + " follow");
    check_widths(file, g);
    return g;
}

Layout read_layout(const TextFile& file) {
    std::vector<Row> lines = nonblank_rows(file);
    if (has_header(lines)) return with_header(file, std::move(lines));
    Layout g;
    g.width = static_cast<int>(lines.front().words.size());
    g.height = static_cast<int>(lines.size());
    g.rows = std::move(lines);
    check_widths(file, g);
    return g;
}

int parse_value(const TextFile& file, int line, std::string_view word) {
    if (word.starts_with('-'))
        fail(file, line, "negative number " + std::string(word) +
                             ": labels are positive integers and 0 is an empty cell");
    return parse_count(file, line, word, "cell value", kMaxInt);
}

// The number in each cell, row-major.
std::vector<int> cell_values(const TextFile& file, const Layout& g) {
    std::vector<int> values;
    values.reserve(static_cast<std::size_t>(g.width) * g.height);
    for (const Row& row : g.rows)
        for (std::string_view word : row.words) values.push_back(parse_value(file, row.line, word));
    return values;
}

struct Occurrences {
    std::vector<CellId> cells;
    std::vector<int> lines;
};

// With a K line the labels must be 1..K: values above K were rejected while scanning, so a
// label is missing exactly when there are fewer than K of them.
void check_label_count(const TextFile& file, const Layout& g,
                       const std::map<int, Occurrences>& seen) {
    if (!g.count_line || static_cast<long long>(seen.size()) == g.count) return;
    int missing = 1;
    for (const auto& entry : seen) {
        if (entry.first != missing) break;
        ++missing;
    }
    fail(file, g.count_line, "label " + std::to_string(missing) +
                                 " does not appear, but this line says the labels are 1.." +
                                 std::to_string(g.count));
}

std::map<int, Occurrences> collect_labels(const TextFile& file, const Layout& g,
                                          const std::vector<int>& values) {
    std::map<int, Occurrences> seen;  // ordered by number: the label order
    for (int y = 0; y < g.height; ++y) {
        const int line = g.rows[y].line;
        for (int x = 0; x < g.width; ++x) {
            const CellId c = y * g.width + x;
            const int v = values[c];
            if (v == 0) continue;
            const std::string name = std::to_string(v);
            if (g.count_line && v > g.count)
                fail(file, line, "label " + name + " is larger than the label count " +
                                     std::to_string(g.count) + " given on line " +
                                     std::to_string(g.count_line));
            Occurrences& o = seen[v];
            if (o.cells.size() == 2)
                fail(file, line, "label " + name + " appears a third time (before on lines " +
                                     std::to_string(o.lines[0]) + " and " +
                                     std::to_string(o.lines[1]) +
                                     "); every label marks exactly two cells");
            o.cells.push_back(c);
            o.lines.push_back(line);
        }
    }
    for (const auto& [v, o] : seen)
        if (o.cells.size() == 1)
            fail(file, o.lines[0], "label " + std::to_string(v) +
                                       " appears only once; every label marks exactly two cells");
    check_label_count(file, g, seen);
    return seen;
}

}  // namespace

namespace {

PuzzleEntry intgrid_puzzle(const TextFile& file, Rules rules) {
    const Layout g = read_layout(file);
    const int line = g.first_line();
    PuzzleEntry entry{board_at(file, line, g.width, g.height), std::nullopt, line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(file, 1);
    p.rules = rules;
    for (const auto& [v, o] : collect_labels(file, g, cell_values(file, g)))
        p.labels.push_back({std::to_string(v), {o.cells[0], o.cells[1]}});
    finalize_at(p, file, line);
    return entry;
}

}  // namespace

void split_intgrid(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    // One grid per file.
    out.push_back({entry_name(file, 1), 1, [&file, rules] { return intgrid_puzzle(file, rules); }});
}

std::vector<SolutionText> read_intgrid_solutions(const TextFile& file) {
    const Layout g = read_layout(file);
    SolutionText s;
    s.name = entry_name(file, 1);
    s.line = g.first_line();
    s.width = g.width;
    s.height = g.height;
    for (int v : cell_values(file, g)) s.grid.push_back(v == 0 ? "" : std::to_string(v));
    return {std::move(s)};
}

void write_intgrid(std::ostream& out, const Puzzle& puzzle) {
    require_square_grid(puzzle, "integer-grid");
    if (puzzle.layers != 1)
        throw ModelError("the integer-grid format holds one layer; this board has " +
                         std::to_string(puzzle.layers));
    for (CellId c = 0; c < puzzle.cell_count(); ++c)
        if (puzzle.is_blocked(c))
            throw ModelError("the integer-grid format cannot express blocked cells (cell " +
                             format_cell(puzzle, c) + " is blocked)");
    // Labels become 1..n in label order, whatever they were called.
    std::vector<int> grid(puzzle.cell_count(), 0);
    for (std::size_t l = 0; l < puzzle.labels.size(); ++l)
        for (CellId c : puzzle.labels[l].ends) grid[c] = static_cast<int>(l) + 1;
    out << puzzle.height << ' ' << puzzle.width << '\n' << puzzle.labels.size() << '\n';
    for (int y = 0; y < puzzle.height; ++y)
        for (int x = 0; x < puzzle.width; ++x)
            out << grid[puzzle.cell(x, y)] << (x + 1 < puzzle.width ? ' ' : '\n');
}

}  // namespace nl::detail

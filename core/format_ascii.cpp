// ASCII grids and the "W H" stream format.
//
// ascii: one row per line; '.' is an empty cell, '#' a blocked cell, any other printable
// character an endpoint of the label it names (case-sensitive). A file may hold several
// puzzles separated by blank lines. This is the format of mzucker/flow_solver's puzzles.
//
// stream: the format of thomasahle/numberlink's test inputs: optional '#' comment lines, a line
// "W H", then H rows of W characters as above; repeated; a "0 0" line ends the file.
//
// Both also serve as solution formats: the same rows, with every cell of a path marked with its
// label's character.
#include <algorithm>
#include <ostream>

#include "core/format_readers.hpp"
#include "core/limits.hpp"

namespace nl::detail {

namespace {

struct Row {
    int line;
    std::string_view text;
};

// Checks the characters of a grid row and returns its width.
int checked_width(const TextFile& file, const Row& row) {
    for (std::size_t i = 0; i < row.text.size(); ++i) {
        unsigned char ch = row.text[i];
        if (ch == ' ' || ch == '\t')
            fail(file, row.line,
                 "space in column " + std::to_string(i + 1) + " (use '.' for an empty cell)");
        if (ch > '~')
            fail(file, row.line,
                 "non-ASCII character in column " + std::to_string(i + 1) +
                     " (labels are single ASCII characters)");
    }
    return static_cast<int>(row.text.size());
}

void check_rectangular(const TextFile& file, const std::vector<Row>& rows, int width) {
    for (const Row& row : rows) {
        int w = checked_width(file, row);
        if (w != width)
            fail(file, row.line,
                 "ragged row: " + std::to_string(w) + " cells, expected " + std::to_string(width));
    }
}

PuzzleEntry puzzle_from_rows(const TextFile& file, const std::vector<Row>& rows, int width,
                             Rules rules, int index) {
    check_rectangular(file, rows, width);
    const int first_line = rows.front().line;
    PuzzleEntry entry{board_at(file, first_line, width, static_cast<int>(rows.size())), {},
                      first_line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(file, index);
    p.rules = rules;
    // Labels in order of first appearance (row-major), so output keeps the file's order.
    int slot[128];
    std::fill(std::begin(slot), std::end(slot), -1);
    std::vector<std::vector<int>> seen_lines;
    for (int y = 0; y < p.height; ++y) {
        for (int x = 0; x < width; ++x) {
            const char ch = rows[y].text[x];
            const CellId c = p.cell(x, y);
            if (ch == '.') continue;
            if (ch == '#') {
                p.blocked[c] = 1;
                continue;
            }
            int& l = slot[static_cast<unsigned char>(ch)];
            if (l < 0) {
                l = static_cast<int>(p.labels.size());
                p.labels.push_back({std::string(1, ch), {c, kNoCell}});
                seen_lines.emplace_back();
            } else if (p.labels[l].ends[1] == kNoCell) {
                p.labels[l].ends[1] = c;
            } else {
                fail(file, rows[y].line, third_end_message(std::string(1, ch), x, y));
            }
            seen_lines[l].push_back(rows[y].line);
        }
    }
    for (std::size_t l = 0; l < p.labels.size(); ++l)
        if (p.labels[l].ends[1] == kNoCell)
            fail(file, seen_lines[l][0], one_end_message(p.labels[l].name));
    finalize_at(p, file, first_line);
    return entry;
}

SolutionText solution_from_rows(const TextFile& file, const std::vector<Row>& rows, int width,
                                int index) {
    check_rectangular(file, rows, width);
    SolutionText s;
    s.name = entry_name(file, index);
    s.line = rows.front().line;
    s.width = width;
    s.height = static_cast<int>(rows.size());
    for (const Row& row : rows)
        for (char ch : row.text)
            s.grid.push_back(ch == '.' || ch == '#' ? std::string() : std::string(1, ch));
    return s;
}

// Blank-line separated blocks of rows.
std::vector<std::vector<Row>> ascii_blocks(const TextFile& file) {
    std::vector<std::vector<Row>> blocks(1);
    blocks.back().reserve(file.lines.size());  // a board of 100,000 rows grows in one allocation
    for (std::size_t i = 0; i < file.lines.size(); ++i) {
        std::string_view text = trim(file.lines[i]);
        if (text.empty()) {
            if (!blocks.back().empty()) blocks.emplace_back();
            continue;
        }
        blocks.back().push_back({static_cast<int>(i + 1), text});
    }
    if (blocks.back().empty()) blocks.pop_back();
    return blocks;
}

struct StreamBlock {
    int width;
    std::vector<Row> rows;
};

// The blocks in order; throws at the first structural error with the blocks before it in
// `blocks`.
void stream_blocks(const TextFile& file, std::vector<StreamBlock>& blocks) {
    const int n = static_cast<int>(file.lines.size());
    int i = 0;
    while (i < n) {
        std::string_view text = trim(file.lines[i]);
        const int line = i + 1;
        ++i;
        if (text.empty() || text.front() == '#') continue;
        auto words = split_words(text);
        if (words.size() != 2)
            fail(file, line, "expected a size line 'W H', found '" + std::string(text) + "'");
        const int w = parse_count(file, line, words[0], "width", limits::kMaxSide);
        const int h = parse_count(file, line, words[1], "height", limits::kMaxSide);
        if (w == 0 && h == 0) break;  // end marker
        try {
            check_board_size(w, h);  // before reading rows: refuse absurd sizes at once
        } catch (const ModelError& e) {
            fail(file, line, e.what());
        }
        StreamBlock block{w, {}};
        for (int y = 0; y < h; ++y, ++i) {
            if (i >= n || trim(file.lines[i]).empty())
                fail(file, i >= n ? n : i + 1,
                     "expected " + std::to_string(h) + " rows after the size line " +
                         std::to_string(line) + ", found " + std::to_string(y));
            block.rows.push_back({i + 1, trim(file.lines[i])});
        }
        blocks.push_back(std::move(block));
    }
    if (blocks.empty()) fail(file, 0, "no puzzle found (expected a size line 'W H')");
}

}  // namespace

void split_ascii(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    const std::size_t first = out.size();
    for (auto& rows : ascii_blocks(file)) {
        const int index = static_cast<int>(out.size() - first) + 1;
        const int width = static_cast<int>(rows.front().text.size());
        const int line = rows.front().line;
        out.push_back({entry_name(file, index), line, [&file, rows = std::move(rows), width, rules, index] {
                           return puzzle_from_rows(file, rows, width, rules, index);
                       }});
    }
}

void split_stream(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    std::vector<StreamBlock> blocks;
    const std::size_t first = out.size();
    auto add_blocks = [&] {
        for (auto& block : blocks) {
            const int index = static_cast<int>(out.size() - first) + 1;
            const int line = block.rows.empty() ? 0 : block.rows.front().line;
            out.push_back({entry_name(file, index), line, [&file, block = std::move(block), rules, index] {
                               return puzzle_from_rows(file, block.rows, block.width, rules, index);
                           }});
        }
    };
    try {
        stream_blocks(file, blocks);
    } catch (const InputError&) {
        add_blocks();  // the puzzles before the error can still be read
        throw;
    }
    add_blocks();
}

std::vector<SolutionText> read_ascii_solutions(const TextFile& file) {
    std::vector<SolutionText> out;
    for (const auto& rows : ascii_blocks(file))
        out.push_back(solution_from_rows(file, rows, static_cast<int>(rows.front().text.size()),
                                         static_cast<int>(out.size()) + 1));
    return out;
}

std::vector<SolutionText> read_stream_solutions(const TextFile& file) {
    std::vector<SolutionText> out;
    std::vector<StreamBlock> blocks;
    stream_blocks(file, blocks);
    for (const auto& block : blocks)
        out.push_back(solution_from_rows(file, block.rows, block.width,
                                         static_cast<int>(out.size()) + 1));
    return out;
}

namespace {

void require_flat(const Puzzle& puzzle, std::string_view format) {
    require_square_grid(puzzle, format);
    if (puzzle.layers > 1)
        throw ModelError("the " + std::string(format) + " format cannot express " +
                         std::to_string(puzzle.layers) + " layers");
}

void write_rows(std::ostream& out, const Puzzle& p) {
    const auto symbols = grid_symbols(p);
    for (int y = 0; y < p.height; ++y) {
        std::string row;
        for (int x = 0; x < p.width; ++x) {
            CellId c = p.cell(x, y);
            row += p.is_blocked(c) ? "#" : p.is_terminal(c) ? symbols[p.terminal_label[c]] : ".";
        }
        out << row << '\n';
    }
}

}  // namespace

void write_ascii(std::ostream& out, const Puzzle& puzzle) {
    require_flat(puzzle, "ascii");
    write_rows(out, puzzle);
}

void write_stream(std::ostream& out, const Puzzle& puzzle) {
    require_flat(puzzle, "stream");
    out << puzzle.width << ' ' << puzzle.height << '\n';
    write_rows(out, puzzle);
}

}  // namespace nl::detail

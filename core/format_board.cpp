// The board format: our text format for boards of every variant (docs/variants.md).
//
//   # a comment (before a board, or among its directives)
//   board 6x5 hex          header: "board WxH", then "square" (the default) or "hex"
//    .A..B                 H rows, one character per cell:
//   ..+.#.                   '.' empty, '#' blocked, ' ' outside the board (a shaped board; rows
//   ...                      may also end early), '+' a bridge, anything else a label's endpoint
//   warp 5,0 0,0           an extra edge between two cells (x,y, 0-based)
//   wrap row 2             a warp between the two ends of row 2 (or: wrap column X)
//   wall 1,1 1,2           no edge between two neighbouring cells
//
// A file holds any number of boards, each starting at its header. Why our own format: the public
// ones each lack something. samgoldman/FlowSolver's ASCII graph (cells with '-' '|' '/' '\'
// links) draws every edge, which makes walls explicit but hexes hard to write by hand, and it
// has no holes; the universal-flow-game-solver's JSON schema is complete but not for typing.
// This one keeps the ascii format's rows (a plain board reads the same) and adds one line per
// warp or wall; our JSON carries the same fields.
#include <algorithm>
#include <ostream>

#include "core/format_readers.hpp"

namespace nl::detail {

namespace {

// "x,y" -> a cell of the board.
CellId parse_xy(const TextFile& file, int line, const Puzzle& p, std::string_view token) {
    const auto comma = token.find(',');
    if (comma == std::string_view::npos)
        fail(file, line, "expected a cell x,y, found \"" + std::string(token) + "\"");
    const int x = parse_count(file, line, token.substr(0, comma), "x", p.width - 1);
    const int y = parse_count(file, line, token.substr(comma + 1), "y", p.height - 1);
    return p.cell(x, y);
}

void read_directive(const TextFile& file, int line, Puzzle& p, std::string_view text) {
    const auto words = split_words(text);
    const std::string_view what = words[0];
    if ((what == "warp" || what == "wall") && words.size() == 3) {
        const CellPair pair{parse_xy(file, line, p, words[1]), parse_xy(file, line, p, words[2])};
        (what == "warp" ? p.warps : p.walls).push_back(pair);
        return;
    }
    if (what == "wrap" && words.size() == 3 && (words[1] == "row" || words[1] == "column")) {
        const bool row = words[1] == "row";
        const int k = parse_count(file, line, words[2], row ? "row" : "column", (row ? p.height : p.width) - 1);
        p.warps.push_back(row ? CellPair{p.cell(0, k), p.cell(p.width - 1, k)}
                              : CellPair{p.cell(k, 0), p.cell(k, p.height - 1)});
        return;
    }
    fail(file, line,
         "expected \"warp X,Y X,Y\", \"wrap row Y\", \"wrap column X\" or \"wall X,Y X,Y\", found \"" +
             std::string(text) + "\"");
}

}  // namespace

bool is_board_header(std::string_view line) { return line.starts_with("board ") || line == "board"; }

namespace {

struct BoardHeader {
    int width = 0, height = 0;
    Geometry geometry = Geometry::Square;
};

// The header "board WxH [square|hex]" on line index i.
BoardHeader parse_board_header(const TextFile& file, int i) {
    const int line = i + 1;
    const auto header = split_words(file.lines[i]);
    if (!is_board_header(trim(file.lines[i])) || header.size() < 2 || header.size() > 3)
        fail(file, line, "expected a header \"board WxH\" or \"board WxH hex\"");
    const std::string_view size = header[1];
    const auto x = size.find('x');
    if (x == std::string_view::npos) fail(file, line, "expected the size as WxH, found \"" + std::string(size) + "\"");
    BoardHeader h;
    h.width = parse_count(file, line, size.substr(0, x), "width", 1 << 20);
    h.height = parse_count(file, line, size.substr(x + 1), "height", 1 << 20);
    if (header.size() == 3) {
        if (header[2] == "hex") h.geometry = Geometry::Hex;
        else if (header[2] != "square")
            fail(file, line, "unknown geometry \"" + std::string(header[2]) + "\" (square or hex)");
    }
    return h;
}

// Where the board whose header is on line index i ends: after its rows, the first header of the
// directives that follow them, or the end of the file.
int board_end(const TextFile& file, int i, int height) {
    const int n = static_cast<int>(file.lines.size());
    int k = std::min<long long>(n, static_cast<long long>(i) + 1 + height);
    while (k < n && !is_board_header(trim(file.lines[k]))) ++k;
    return k;
}

// Sets the cells of row y from its text: empty, outside, blocked, bridge or a label's end.
// `label_line`: the line of each label's first end, for the message when it has no second one.
void read_board_row(const TextFile& file, int i, int y, Puzzle& p, int (&slot)[128], std::vector<int>& label_line) {
    const std::string_view row = file.lines[i];
    const int w = p.width;
    if (row.size() > static_cast<std::size_t>(w))
        fail(file, i + 1, "row " + std::to_string(y + 1) + " of " + std::to_string(p.height) + " has " +
                              std::to_string(row.size()) + " cells, expected at most " + std::to_string(w));
    for (int cx = 0; cx < w; ++cx) {
        const char ch = cx < static_cast<int>(row.size()) ? row[cx] : ' ';
        const CellId c = p.cell(cx, y);
        if (ch == '.') continue;
        if (ch == ' ') p.blocked[c] = kCellOutside;
        else if (ch == '#') p.blocked[c] = kCellBlocked;
        else if (ch == '+') p.bridges.push_back(c);
        else if (static_cast<unsigned char>(ch) < '!' || static_cast<unsigned char>(ch) > '~')
            fail(file, i + 1,
                 "unexpected character in column " + std::to_string(cx + 1) + " (labels are printable ASCII characters)");
        else {
            int& l = slot[static_cast<unsigned char>(ch)];
            if (l < 0) {
                l = static_cast<int>(p.labels.size());
                p.labels.push_back({std::string(1, ch), {c, kNoCell}});
                label_line.push_back(i + 1);
            } else if (p.labels[l].ends[1] == kNoCell) {
                p.labels[l].ends[1] = c;
            } else {
                fail(file, i + 1, third_end_message(std::string(1, ch), cx, y));
            }
        }
    }
}

// The board on lines [start, end) (indices; its header on `start`).
PuzzleEntry build_board(const TextFile& file, Rules rules, int start, int end, int index) {
    const int line = start + 1;
    const BoardHeader header = parse_board_header(file, start);
    PuzzleEntry entry{board_at(file, line, header.width, header.height), {}, line};
    Puzzle& p = entry.puzzle;
    p.name = entry_name(file, index);
    p.rules = rules;
    p.geometry = header.geometry;
    int i = start + 1;
    int slot[128];
    std::fill(std::begin(slot), std::end(slot), -1);
    std::vector<int> label_line;
    for (int y = 0; y < header.height; ++y, ++i) {
        if (i == end) fail(file, i, "the board has " + std::to_string(y) + " rows, expected " + std::to_string(header.height));
        read_board_row(file, i, y, p, slot, label_line);
    }
    for (std::size_t l = 0; l < p.labels.size(); ++l)
        if (p.labels[l].ends[1] == kNoCell) fail(file, label_line[l], one_end_message(p.labels[l].name));
    for (; i < end; ++i) {  // directives
        const std::string_view text = trim(file.lines[i]);
        if (text.empty() || text.starts_with("#")) continue;
        read_directive(file, i + 1, p, text);
    }
    finalize_at(p, file, line);
    return entry;
}

}  // namespace

void split_board(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    const int n = static_cast<int>(file.lines.size());
    int i = 0;
    while (i < n && (trim(file.lines[i]).empty() || trim(file.lines[i]).starts_with("#"))) ++i;
    if (i == n) fail(file, 0, "no board in this file");
    for (int index = 1; i < n; ++index) {
        const int end = board_end(file, i, parse_board_header(file, i).height);
        out.push_back({entry_name(file, index), i + 1,
                       [&file, rules, start = i, end, index] { return build_board(file, rules, start, end, index); }});
        i = end;
    }
}

void require_square_grid(const Puzzle& p, std::string_view format) {
    const char* what = p.geometry == Geometry::Hex ? "hex cells"
                       : !p.bridges.empty()        ? "bridges"
                       : !p.warps.empty()          ? "warps"
                       : !p.walls.empty()          ? "walls"
                                                   : nullptr;
    if (what) throw ModelError("the " + std::string(format) + " format cannot express " + what + " (use board or json)");
}

void write_board(std::ostream& out, const Puzzle& p) {
    if (p.layers != 1 || !p.vias.empty())
        throw ModelError("the board format holds one-layer boards without vias (use adc or json)");
    const auto symbols = grid_symbols(p, "+");  // '+' marks a bridge
    std::vector<int> label_at(p.grid_cells(), kNoLabel);
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
        for (CellId c : p.labels[l].ends) label_at[c] = l;
    out << "board " << p.width << 'x' << p.height << (p.geometry == Geometry::Hex ? " hex" : "") << '\n';
    for (int y = 0; y < p.height; ++y) {
        std::string row;
        for (int x = 0; x < p.width; ++x) {
            const CellId c = p.cell(x, y);
            row += p.is_outside(c)                  ? " "
                   : p.is_blocked(c)                ? "#"
                   : p.vertical_lane(c) != kNoCell ? "+"
                   : label_at[c] != kNoLabel        ? symbols[label_at[c]]
                                                    : ".";
        }
        // Trailing outside cells are implied; keep the row as long as its last cell on the board.
        row.erase(row.find_last_not_of(' ') + 1);
        out << row << '\n';
    }
    auto xy = [&](CellId c) {
        const Coord q = p.coord(c);
        return std::to_string(q.x) + "," + std::to_string(q.y);
    };
    for (const CellPair& w : p.warps) out << "warp " << xy(w[0]) << ' ' << xy(w[1]) << '\n';
    for (const CellPair& w : p.walls) out << "wall " << xy(w[0]) << ' ' << xy(w[1]) << '\n';
}

}  // namespace nl::detail

// The flowsolver format: the ASCII graph of samgoldman/FlowSolver (its README, "File Format for
// Rust Puzzle Input"), the one public format with Flow Free's bridges, hexes and warps.
//
//   STANDARD              header: STANDARD, BRIDGES, WARPS or HEX
//   A-.-B-.-              cells in even columns of even rows: '.' empty, '*' a bridge, A-Z an
//   | | |   |             endpoint (each letter twice); links between them: '-' joins the cells
//   .-.-A-.-B               left and right of it, '|' those above and below, '/' and '\' (HEX)
//   // a comment line       the two diagonal corners; a missing link is a wall, a missing cell
//                           a hole; a '-' right of the last column joins its row's end to column
//                           0 (a warp), a '|' below the last row its column's end to row 0.
//
// The drawing is a graph, and we read exactly that graph: links become our adjacency, a link
// the file omits between two grid neighbours becomes a wall, a skipped cell is outside the
// board, a bridge is our two lanes ('-' links reach its horizontal lane, '|' links its vertical
// one), and the trailing links are warps. After finalize() the reader checks that our graph has
// exactly the file's edges. Anything our model cannot say is refused at its line: diagonals
// outside HEX boards, diagonals that do not form one hex lattice, bridges on HEX boards, warps
// onto bridges or between neighbours. Unknown characters are refused too (FlowSolver skips them
// silently, which hides typos).
//
// HEX boards are drawn as a square lattice with one diagonal per square: flat-top hexagons in
// columns, every other column half a cell lower. Our hexes lie in rows, odd rows half a cell to
// the right (core/puzzle.hpp), so the board is transposed: file column c, row r is our cell
// (x, y) = (r, c). When the file's even columns are the lower ones, a row of cells outside the
// board is added on top (y = c + 1) so that they become our odd rows. The writer always draws
// the odd columns lower, so what it writes needs no extra row.
//
// A file may hold several boards, each from its header to the next (FlowSolver reads one).
#include <algorithm>
#include <array>
#include <ostream>
#include <unordered_set>

#include "core/format_readers.hpp"

namespace nl::detail {

namespace {

constexpr std::array<std::string_view, 4> kHeaders = {"STANDARD", "BRIDGES", "WARPS", "HEX"};

bool is_header(std::string_view line) {
    line = trim(line);
    return std::find(kHeaders.begin(), kHeaders.end(), line) != kHeaders.end();
}

bool is_comment(std::string_view line) { return line.starts_with("//"); }

bool is_cell_symbol(char ch) { return ch == '.' || ch == '*' || (ch >= 'A' && ch <= 'Z'); }

std::int64_t pair_key(CellId a, CellId b) {
    if (a > b) std::swap(a, b);
    return (std::int64_t(a) << 32) | std::uint32_t(b);
}

// One board as drawn: its rows (comment lines left out, as FlowSolver does) with their lines.
struct Drawing {
    int header_line = 0;
    bool hex = false;
    std::vector<std::string_view> rows;
    std::vector<int> lines;
    char at(int col, int row) const {
        if (row < 0 || row >= static_cast<int>(rows.size()) || col < 0) return ' ';
        return col < static_cast<int>(rows[row].size()) ? rows[row][col] : ' ';
    }
};

// A link of the drawing, between the cells at text positions (c1, r1) and (c2, r2).
struct Link {
    char symbol;
    int c1, r1, c2, r2;
    bool warp;
    int line, col;  // where it is drawn, 1-based
};

std::string where(int col) { return " in column " + std::to_string(col); }

class BoardReader {
   public:
    BoardReader(const TextFile& file, const Drawing& d) : file_(file), d_(d) {}

    Puzzle read(Rules rules, std::string name) {
        scan();
        place_board();
        p_.name = std::move(name);
        p_.rules = rules;
        add_cells();
        add_links();
        add_walls();
        finalize_at(p_, file_, d_.header_line);
        check_graph();
        return std::move(p_);
    }

   private:
    // Checks every character and collects the links; finds the extent of the cells.
    void scan() {
        for (int r = 0; r < static_cast<int>(d_.rows.size()); ++r)
            for (int c = 0; c < static_cast<int>(d_.rows[r].size()); ++c) {
                const char ch = d_.rows[r][c];
                if (ch == ' ') continue;
                const int line = d_.lines[r];
                if (is_cell_symbol(ch)) {
                    if (c % 2 || r % 2)
                        fail(file_, line,
                             std::string("cell '") + ch + "'" + where(c + 1) +
                                 " is off the lattice (cells lie in odd columns, counting from 1, of every "
                                 "other row from the first)");
                    max_col_ = std::max(max_col_, c);
                    max_row_ = std::max(max_row_, r);
                } else if (ch == '-' || ch == '|' || ch == '/' || ch == '\\') {
                    const bool ok = ch == '-' ? c % 2 && !(r % 2) : ch == '|' ? !(c % 2) && r % 2 : c % 2 && r % 2;
                    if (!ok)
                        fail(file_, line,
                             std::string("link '") + ch + "'" + where(c + 1) + " is not between two cell positions");
                    if ((ch == '/' || ch == '\\') && !d_.hex)
                        fail(file_, line,
                             std::string("diagonal link '") + ch + "'" + where(c + 1) +
                                 ": diagonals belong to HEX boards");
                    links_.push_back({ch, 0, 0, 0, 0, false, line, c + 1});
                    positions_.push_back({c, r});
                } else {
                    fail(file_, line,
                         std::string("unexpected character '") + ch + "'" + where(c + 1) +
                             " (cells are . * A-Z, links - | / \\)");
                }
            }
        if (max_col_ < 0) fail(file_, d_.header_line, "the board has no cells");
        // A link's ends, by FlowSolver's rule: a '-' right of the last column and a '|' below
        // the last row (of the whole board) wrap around to column 0 and row 0.
        for (std::size_t k = 0; k < links_.size(); ++k) {
            Link& l = links_[k];
            const int c = positions_[k][0], r = positions_[k][1];
            switch (l.symbol) {
                case '-':
                    l.warp = c > max_col_;
                    l.c1 = c - 1, l.r1 = r, l.c2 = l.warp ? 0 : c + 1, l.r2 = r;
                    break;
                case '|':
                    l.warp = r > max_row_;
                    l.c1 = c, l.r1 = r - 1, l.c2 = c, l.r2 = l.warp ? 0 : r + 1;
                    break;
                case '/':
                    l.c1 = c - 1, l.r1 = r + 1, l.c2 = c + 1, l.r2 = r - 1;
                    break;
                default:
                    l.c1 = c - 1, l.r1 = r - 1, l.c2 = c + 1, l.r2 = r + 1;
                    break;
            }
            for (const auto& [ec, er] : {std::pair{l.c1, l.r1}, std::pair{l.c2, l.r2}})
                if (!is_cell_symbol(d_.at(ec, er)))
                    fail(file_, l.line,
                         std::string(l.warp ? "warp '" : "link '") + l.symbol + "'" + where(l.col) +
                             " has no cell to join at line " +
                             std::to_string(er < static_cast<int>(d_.lines.size()) ? d_.lines[er] : l.line + 1) +
                             ", column " + std::to_string(ec + 1) +
                             (l.warp ? " (a warp joins the last cell of its row or column to the first)" : ""));
        }
    }

    // The hex lattice's parity from the diagonals, and the board's size.
    void place_board() {
        const int file_cols = max_col_ / 2 + 1, file_rows = max_row_ / 2 + 1;
        if (d_.hex) {
            // '/' between columns x and x+1 puts x+1 lower; '\' puts x lower. Every diagonal
            // must agree on which parity of columns is the lower one.
            const Link* first = nullptr;
            int lower_parity = 1;
            for (const Link& l : links_) {
                if (l.symbol != '/' && l.symbol != '\\') continue;
                const int x = std::min(l.c1, l.c2) / 2;
                const int parity = l.symbol == '/' ? (x + 1) % 2 : x % 2;
                if (!first) {
                    first = &l;
                    lower_parity = parity;
                } else if (parity != lower_parity) {
                    fail(file_, l.line,
                         std::string("diagonal '") + l.symbol + "'" + where(l.col) +
                             " does not fit the hex lattice of the diagonal at line " + std::to_string(first->line) +
                             where(first->col) + " (between columns, diagonals must alternate / and \\)");
                }
            }
            shift_ = lower_parity == 1 ? 0 : 1;
            p_ = board_at(file_, d_.header_line, file_rows, file_cols + shift_);
            p_.geometry = Geometry::Hex;
        } else {
            p_ = board_at(file_, d_.header_line, file_cols, file_rows);
        }
        std::fill(p_.blocked.begin(), p_.blocked.end(), kCellOutside);
    }

    // Our cell at text position (col, row) of the drawing.
    CellId cell_at(int col, int row) const {
        return d_.hex ? p_.cell(row / 2, col / 2 + shift_) : p_.cell(col / 2, row / 2);
    }

    void add_cells() {
        int slot[26];
        std::fill(std::begin(slot), std::end(slot), -1);
        std::vector<int> label_line;
        for (int r = 0; r <= max_row_; r += 2)
            for (int c = 0; c <= max_col_; c += 2) {
                const char ch = d_.at(c, r);
                if (!is_cell_symbol(ch)) continue;
                const CellId id = cell_at(c, r);
                p_.blocked[id] = 0;
                if (ch == '*') {
                    if (d_.hex)
                        fail(file_, d_.lines[r], "bridge '*'" + where(c + 1) + ": bridges are on square boards only");
                    p_.bridges.push_back(id);
                } else if (ch != '.') {
                    int& l = slot[ch - 'A'];
                    if (l < 0) {
                        l = static_cast<int>(p_.labels.size());
                        p_.labels.push_back({std::string(1, ch), {id, kNoCell}});
                        label_line.push_back(d_.lines[r]);
                    } else if (p_.labels[l].ends[1] == kNoCell) {
                        p_.labels[l].ends[1] = id;
                    } else {
                        fail(file_, d_.lines[r], std::string("label ") + ch + " has a third endpoint" + where(c + 1));
                    }
                }
            }
        for (std::size_t l = 0; l < p_.labels.size(); ++l)
            if (p_.labels[l].ends[1] == kNoCell)
                fail(file_, label_line[l], "label " + p_.labels[l].name + " has only one endpoint");
    }

    bool is_bridge(CellId c) const { return std::find(p_.bridges.begin(), p_.bridges.end(), c) != p_.bridges.end(); }

    void add_links() {
        for (const Link& l : links_) {
            const CellId a = cell_at(l.c1, l.r1), b = cell_at(l.c2, l.r2);
            CellId around[8];
            const int k = grid_neighbours(p_, a, around);
            const bool neighbours = std::find(around, around + k, b) != around + k;
            if (!l.warp) {
                if (!neighbours)  // cannot happen once the hex parity is checked; kept as a guard
                    fail(file_, l.line,
                         std::string("link '") + l.symbol + "'" + where(l.col) +
                             " joins cells that are not neighbours on the board");
                linked_.insert(pair_key(a, b));
                continue;
            }
            const std::string what = std::string("warp '") + l.symbol + "'" + where(l.col);
            if (a == b) fail(file_, l.line, what + " joins a cell to itself");
            if (neighbours) fail(file_, l.line, what + " joins two cells that are neighbours already");
            if (is_bridge(a) || is_bridge(b)) fail(file_, l.line, what + " ends on a bridge (not in our model)");
            for (const CellPair& w : p_.warps)
                if (pair_key(w[0], w[1]) == pair_key(a, b)) fail(file_, l.line, what + " is drawn twice");
            p_.warps.push_back({a, b});
        }
    }

    // Grid neighbours, both on the board, that the drawing does not link.
    void add_walls() {
        for (CellId c = 0; c < p_.grid_cells(); ++c) {
            if (p_.blocked[c]) continue;
            CellId around[8];
            const int k = grid_neighbours(p_, c, around);
            for (int i = 0; i < k; ++i)
                if (around[i] > c && !p_.blocked[around[i]] && !linked_.count(pair_key(c, around[i])))
                    p_.walls.push_back({c, around[i]});
        }
    }

    // Our graph must have exactly the drawing's edges, a bridge's '|' links on its vertical lane.
    void check_graph() const {
        std::size_t degrees = 0;
        for (CellId c = 0; c < p_.cell_count(); ++c) degrees += p_.neighbours(c).size();
        auto node = [&](int col, int row, char symbol) {
            const CellId c = cell_at(col, row);
            const CellId lane = symbol == '|' ? p_.vertical_lane(c) : kNoCell;
            return lane == kNoCell ? c : lane;
        };
        for (const Link& l : links_)
            if (!p_.adjacent(node(l.c1, l.r1, l.symbol), node(l.c2, l.r2, l.symbol)))
                throw InternalError(file_.name + ":" + std::to_string(l.line) + ": flowsolver reader lost the link" +
                                    where(l.col));
        if (degrees != 2 * links_.size())
            throw InternalError(file_.name + ":" + std::to_string(d_.header_line) + ": flowsolver reader built " +
                                std::to_string(degrees / 2) + " edges for " + std::to_string(links_.size()) + " links");
    }

    const TextFile& file_;
    const Drawing& d_;
    Puzzle p_;
    int max_col_ = -1, max_row_ = -1;
    int shift_ = 0;  // rows of outside cells added on top of a HEX board
    std::vector<Link> links_;
    std::vector<std::array<int, 2>> positions_;  // where each link is drawn (0-based col, row)
    std::unordered_set<std::int64_t> linked_;
};

}  // namespace

bool is_flowsolver_header(std::string_view line) { return is_header(line); }

void split_flowsolver(const TextFile& file, Rules rules, std::vector<PendingPuzzle>& out) {
    // Split into drawings at the headers; before the first, only blank and comment lines.
    std::vector<Drawing> drawings;
    for (int i = 0; i < static_cast<int>(file.lines.size()); ++i) {
        const std::string_view text = file.lines[i];
        if (is_header(text)) {
            drawings.push_back({i + 1, trim(text) == "HEX", {}, {}});
        } else if (is_comment(text)) {
            continue;
        } else if (drawings.empty()) {
            if (!trim(text).empty()) fail(file, i + 1, "expected a header: STANDARD, BRIDGES, WARPS or HEX");
        } else {
            drawings.back().rows.push_back(text);
            drawings.back().lines.push_back(i + 1);
        }
    }
    if (drawings.empty()) fail(file, 0, "no board in this file");
    for (std::size_t k = 0; k < drawings.size(); ++k) {
        const std::string name = entry_name(file, static_cast<int>(k) + 1);
        out.push_back({name, drawings[k].header_line, [&file, d = std::move(drawings[k]), rules, name]() -> PuzzleEntry {
                           // Tabs have no width to count columns by.
                           for (std::size_t r = 0; r < d.rows.size(); ++r)
                               if (d.rows[r].find('\t') != std::string_view::npos)
                                   fail(file, d.lines[r],
                                        "tab" + where(static_cast<int>(d.rows[r].find('\t')) + 1) +
                                            " (columns are counted in characters; use spaces)");
                           BoardReader reader(file, d);
                           return {reader.read(rules, name), {}, d.header_line};
                       }});
    }
}

// ---- writer ----

namespace {

// The letter of each label: its own name when every name is one capital letter, otherwise A, B,
// ... by index.
std::vector<char> label_letters(const Puzzle& p) {
    std::vector<char> letters;
    const bool own = std::all_of(p.labels.begin(), p.labels.end(), [](const Label& l) {
        return l.name.size() == 1 && l.name[0] >= 'A' && l.name[0] <= 'Z';
    });
    if (!own && p.labels.size() > 26) throw ModelError("the flowsolver format names labels A-Z: at most 26 labels");
    for (std::size_t l = 0; l < p.labels.size(); ++l)
        letters.push_back(own ? p.labels[l].name[0] : static_cast<char>('A' + l));
    return letters;
}

}  // namespace

void write_flowsolver(std::ostream& out, const Puzzle& p) {
    if (p.layers != 1 || !p.vias.empty())
        throw ModelError("the flowsolver format holds one-layer boards without vias (use adc or json)");
    const bool hex = p.geometry == Geometry::Hex;
    const auto letters = label_letters(p);
    // Text position of a cell: transposed on HEX boards (file column = our row).
    auto col_of = [&](CellId c) {
        const Coord q = p.coord(c);
        return 2 * (hex ? q.y : q.x);
    };
    auto row_of = [&](CellId c) {
        const Coord q = p.coord(c);
        return 2 * (hex ? q.x : q.y);
    };
    int max_col = -1, max_row = -1;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!p.blocked[c]) {
            max_col = std::max(max_col, col_of(c));
            max_row = std::max(max_row, row_of(c));
        }
    if (max_col < 0) throw ModelError("the flowsolver format needs at least one cell on the board");
    std::vector<std::string> canvas(max_row + 2, std::string(max_col + 2, ' '));
    std::vector<int> label_at(p.grid_cells(), kNoLabel);
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
        for (CellId c : p.labels[l].ends) label_at[c] = l;
    // A step between two positions uses the vertical lane of a bridge when it is vertical.
    auto node = [&](CellId from, CellId to) {
        const CellId lane = p.vertical_lane(from);
        return lane != kNoCell && p.coord(from).x == p.coord(to).x ? lane : from;
    };
    for (CellId c = 0; c < p.grid_cells(); ++c) {
        if (p.blocked[c]) continue;
        canvas[row_of(c)][col_of(c)] = p.vertical_lane(c) != kNoCell ? '*'
                                       : label_at[c] != kNoLabel     ? letters[label_at[c]]
                                                                     : '.';
        CellId around[8];
        const int k = grid_neighbours(p, c, around);
        for (int i = 0; i < k; ++i) {
            const CellId d = around[i];
            if (d < c || p.blocked[d] || !p.adjacent(node(c, d), node(d, c))) continue;
            const int c1 = col_of(c), r1 = row_of(c), c2 = col_of(d), r2 = row_of(d);
            canvas[(r1 + r2) / 2][(c1 + c2) / 2] = r1 == r2                 ? '-'
                                                   : c1 == c2               ? '|'
                                                   : (c1 < c2) == (r1 < r2) ? '\\'
                                                                            : '/';
        }
    }
    for (const CellPair& w : p.warps) {
        const int c1 = col_of(w[0]), r1 = row_of(w[0]), c2 = col_of(w[1]), r2 = row_of(w[1]);
        if (r1 == r2 && std::min(c1, c2) == 0 && std::max(c1, c2) == max_col) {
            canvas[r1][max_col + 1] = '-';
        } else if (c1 == c2 && std::min(r1, r2) == 0 && std::max(r1, r2) == max_row) {
            canvas[max_row + 1][c1] = '|';
        } else {
            throw ModelError("the flowsolver format cannot express warp " + format_cell(p, w[0]) + " - " +
                             format_cell(p, w[1]) +
                             " (its warps join a row's cell in the last column to its cell in the first, "
                             "or a column's cell in the last row to its cell in the first" +
                             (hex ? ", rows and columns of the transposed drawing)" : ")"));
        }
    }
    out << (hex ? "HEX" : !p.bridges.empty() ? "BRIDGES" : !p.warps.empty() ? "WARPS" : "STANDARD") << '\n';
    while (!canvas.empty() && canvas.back().find_first_not_of(' ') == std::string::npos) canvas.pop_back();
    for (std::string& row : canvas) {
        row.erase(row.find_last_not_of(' ') + 1);
        out << row << '\n';
    }
}

}  // namespace nl::detail

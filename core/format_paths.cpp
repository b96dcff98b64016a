// Our "paths" format and the human "grid" rendering.
//
// paths: one line per label, its cells in order from one endpoint to the other:
//     # puzzle levels.txt:3 5x5 flow
//     R: 0,0 1,0 2,0 2,1
// Coordinates are 0-based x,y (x = column), x,y,z on multi-layer boards. A "# puzzle" line
// starts each solution of a file that holds several; other '#' lines are comments. It is a
// solution format (it cannot express blocked cells or an unsolved puzzle).
//
// grid: labels drawn in a grid, for people. With colour, every label gets its colour
// (core/palette.hpp, the same as in pictures and the editor) as the cells' background.
#include <algorithm>
#include <ostream>

#include "core/format_readers.hpp"
#include "core/palette.hpp"

namespace nl::detail {

namespace {

Coord parse_coord(const TextFile& file, int line, std::string_view word) {
    int v[3] = {0, 0, 0};
    int n = 0;
    std::size_t start = 0;
    while (true) {
        std::size_t comma = word.find(',', start);
        std::string_view part = word.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (n == 3) fail(file, line, "coordinate '" + std::string(word) + "' has too many parts");
        v[n++] = parse_count(file, line, part, "coordinate", 1 << 30);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (n < 2) fail(file, line, "coordinate '" + std::string(word) + "' needs x,y or x,y,z");
    return {v[0], v[1], v[2]};
}

}  // namespace

std::vector<SolutionText> read_paths_solutions(const TextFile& file) {
    std::vector<SolutionText> out;
    auto start = [&](int line) {
        out.emplace_back();
        out.back().name = entry_name(file, static_cast<int>(out.size()));
        out.back().line = line;
    };
    for (std::size_t i = 0; i < file.lines.size(); ++i) {
        const int line = static_cast<int>(i + 1);
        std::string_view text = trim(file.lines[i]);
        if (text.starts_with("# puzzle")) {
            start(line);
            continue;
        }
        if (text.empty() || text.front() == '#') continue;
        auto colon = text.find(':');
        if (colon == std::string_view::npos || colon == 0)
            fail(file, line, "expected 'LABEL: x,y x,y ...'");
        if (out.empty()) start(line);
        std::string name(trim(text.substr(0, colon)));
        for (const auto& [other, cells] : out.back().paths)
            if (other == name) fail(file, line, "label " + name + " has two paths");
        std::vector<Coord> cells;
        for (auto word : split_words(text.substr(colon + 1)))
            cells.push_back(parse_coord(file, line, word));
        if (cells.empty()) fail(file, line, "label " + name + " has an empty path");
        out.back().paths.emplace_back(std::move(name), std::move(cells));
    }
    if (out.empty()) fail(file, 0, "no paths found");
    return out;
}

void write_paths(std::ostream& out, const Puzzle& p, const Solution* solution) {
    if (!solution) throw ModelError("the paths format needs a solution");
    out << "# puzzle " << p.name << ' ' << p.width << 'x' << p.height;
    if (p.layers > 1) out << 'x' << p.layers;
    out << ' ' << rules_name(p.rules) << '\n';
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        out << p.labels[l].name << ':';
        for (CellId c : solution->paths[l]) {
            Coord q = p.coord(c);
            out << ' ' << q.x << ',' << q.y;
            if (p.layers > 1) out << ',' << q.z;
        }
        out << '\n';
    }
}

namespace {

// A 256-colour background (the label's colour from core/palette.hpp, to the nearest the terminal
// shows), with black text on light colours and white on dark ones.
std::string colored(const std::string& text, int xterm) {
    return "\x1b[" + std::string(is_light(xterm_rgb(xterm)) ? "30" : "97") + ";48;5;" + std::to_string(xterm) + "m" + text +
           "\x1b[0m";
}

}  // namespace

void write_grid(std::ostream& out, const Puzzle& p, const Solution* solution, bool color) {
    std::vector<std::string> symbols;
    try {
        symbols = grid_symbols(p, p.bridges.empty() ? "" : "+");  // '+' shows a bridge
    } catch (const ModelError&) {
        for (const Label& l : p.labels) symbols.push_back(l.name);  // too many for one char
    }
    std::size_t width = 1;
    for (const auto& s : symbols) width = std::max(width, s.size());
    const std::vector<int> owner =
        solution ? solution_grid(p, *solution) : p.terminal_label.to_vector();
    std::vector<int> xterm;
    if (color)
        for (Rgb c : label_colours(p.labels)) xterm.push_back(xterm_colour(c));
    // Hex boards: cells one column apart, odd rows shifted right by one, as they lie.
    const bool hex = p.geometry == Geometry::Hex;
    for (int z = 0; z < p.layers; ++z) {
        if (p.layers > 1) out << (z ? "\n" : "") << "layer " << z << ":\n";
        for (int y = 0; y < p.height; ++y) {
            std::string row = hex && y % 2 ? std::string((width + 1) / 2 + (width > 1 ? 0 : 0), ' ') : "";
            for (int x = 0; x < p.width; ++x) {
                const CellId c = p.cell(x, y, z);
                // A bridge shows '+': its two lanes may carry two labels (--output paths or
                // json gives them).
                std::string text = p.is_outside(c)                 ? " "
                                   : p.is_blocked(c)               ? "#"
                                   : p.vertical_lane(c) != kNoCell ? "+"
                                   : owner[c] >= 0                 ? symbols[owner[c]]
                                                                   : ".";
                text.insert(0, width - text.size(), ' ');
                if (x > 0 && (width > 1 || hex)) row += ' ';
                const bool paint = color && owner[c] >= 0 && p.vertical_lane(c) == kNoCell;
                row += paint ? colored(text, xterm[owner[c]]) : text;
            }
            row.erase(row.find_last_not_of(' ') + 1);
            out << row << '\n';
        }
    }
}

}  // namespace nl::detail

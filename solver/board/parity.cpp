// Components and parity of the board; see parity.hpp for the argument.
#include "solver/board/parity.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace nl {

namespace {

std::string parity_message(const Puzzle& p, CellId first, long black, long white, long needed) {
    return "parity: the " + std::to_string(black) + " black and " + std::to_string(white) +
           " white cells (chessboard colouring) connected to " + format_cell(p, first) + " differ by " +
           std::to_string(black - white) + ", but their lines' ends allow " + std::to_string(needed);
}

// A one-layer square grid with no blocked cell is one component whose colours are known without
// a walk: cell (x, y) is black when x + y is even (the walk below colours cell 0 black), so the
// black cells are the larger half. The same verdict as the walk in a fraction of a millisecond instead of tens
// of milliseconds on a million cells, which matters because `auto` runs this check first on
// every board.
std::optional<std::optional<std::string>> open_grid_parity(const Puzzle& p, Rules rules) {
    if (p.layers != 1 || !p.square_grid() || p.labels.empty()) return std::nullopt;
    if (std::any_of(p.blocked.begin(), p.blocked.end(), [](std::uint8_t b) { return b != 0; })) return std::nullopt;
    if (!rules.fill) return std::optional<std::string>{};
    const long cells = p.cell_count();
    const long black = (cells + 1) / 2, white = cells / 2;
    long needed = 0;
    for (const Label& l : p.labels) {
        const Coord a = p.coord(l.ends[0]), b = p.coord(l.ends[1]);
        const bool a_black = (a.x + a.y) % 2 == 0, b_black = (b.x + b.y) % 2 == 0;
        if (a_black == b_black) needed += a_black ? 1 : -1;
    }
    if (black - white == needed) return std::optional<std::string>{};
    return std::optional<std::string>{parity_message(p, 0, black, white, needed)};
}

}  // namespace

std::optional<std::string> unsolvable_by_parity(const Puzzle& p, Rules rules, const std::function<void()>& poll) {
    if (auto known = open_grid_parity(p, rules)) {
        // Callers count on a look at the clock here, as the walk below gives them on large
        // boards: what comes next may be a long pass that looks at it late.
        if (poll && p.cell_count() >= (1 << 16)) poll();
        return *known;
    }
    std::uint32_t since_poll = 0;
    const int n = p.cell_count();
    std::vector<int> component(n, -1);
    std::vector<signed char> colour(n, 0);  // +1 black, -1 white
    std::vector<CellId> stack;
    struct Part {
        CellId first;
        long black = 0, white = 0;
        bool bipartite = true;
        int labels = 0;
        long needed = 0;  // what the labels' paths would cover: sum of +1 / -1 / 0
    };
    std::vector<Part> parts;
    for (CellId start = 0; start < n; ++start) {
        if (p.is_blocked(start) || component[start] >= 0) continue;
        const int k = static_cast<int>(parts.size());
        parts.push_back({start});
        component[start] = k;
        colour[start] = 1;
        stack.assign(1, start);
        while (!stack.empty()) {
            const CellId c = stack.back();
            stack.pop_back();
            (colour[c] > 0 ? parts[k].black : parts[k].white) += 1;
            if (++since_poll == (1u << 16)) {
                since_poll = 0;
                if (poll) poll();
            }
            for (CellId d : p.neighbours(c)) {
                if (component[d] < 0) {
                    component[d] = k;
                    colour[d] = static_cast<signed char>(-colour[c]);
                    stack.push_back(d);
                } else if (colour[d] == colour[c]) {
                    parts[k].bipartite = false;
                }
            }
        }
    }
    for (const Label& l : p.labels) {
        const CellId a = l.ends[0], b = l.ends[1];
        if (component[a] != component[b])
            return "no path can join the ends of " + l.name + " (" + format_cell(p, a) + " and " + format_cell(p, b) +
                   " are not connected)";
        Part& part = parts[component[a]];
        ++part.labels;
        part.needed += colour[a] == colour[b] ? colour[a] : 0;
    }
    if (!rules.fill) return std::nullopt;
    for (const Part& part : parts) {
        if (part.labels == 0)
            return "parity: no line can reach the cells connected to " + format_cell(p, part.first);
        if (part.bipartite && part.black - part.white != part.needed)
            return parity_message(p, part.first, part.black, part.white, part.needed);
    }
    return std::nullopt;
}

}  // namespace nl

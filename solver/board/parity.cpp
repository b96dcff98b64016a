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

// A component as the walk below finds it: its first cell (in cell order), its cells of each
// colour (the first cell's colour is black) and what its labels' paths would cover.
struct Part {
    CellId first;
    long black = 0, white = 0;
    bool bipartite = true;
    int labels = 0;
    long needed = 0;  // sum of +1 / -1 / 0 over the labels
};

// The verdict from the components (each label's ends in one part, each of the part's `colour`
// given by colour_of(cell): +1 or -1 relative to the part's first cell).
template <class PartOf, class ColourOf>
std::optional<std::string> verdict(const Puzzle& p, Rules rules, std::vector<Part>& parts, PartOf part_of,
                                   ColourOf colour_of) {
    for (const Label& l : p.labels) {
        const CellId a = l.ends[0], b = l.ends[1];
        if (part_of(a) != part_of(b))
            return "no path can join the ends of " + l.name + " (" + format_cell(p, a) + " and " + format_cell(p, b) +
                   " are not connected)";
        Part& part = parts[part_of(a)];
        ++part.labels;
        part.needed += colour_of(a) == colour_of(b) ? colour_of(a) : 0;
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

// The same verdict as the walk on a one-layer square grid, from its rows' runs of open cells
// instead of the adjacency lists: a run is joined (union-find) to the runs of the row above that
// it overlaps, so the components are the classes, and each class's root is its run of the
// smallest index, whose first cell is the component's first cell in cell order. The chessboard
// colouring ((x + y) even: black) is the walk's colouring, flipped in a component whose first
// cell is white. A byte read per cell and a few words per run: a few milliseconds on a million
// cells, where the walk builds the adjacency lists and two arrays of the board's size.
std::optional<std::string> grid_parity(const Puzzle& p, Rules rules, const std::function<void()>& poll) {
    const int w = p.width, h = p.height;
    struct Run {
        int x0, x1;  // open cells x0 .. x1 - 1
        int parent;
    };
    std::vector<Run> runs;
    // At most (w + 1) / 2 runs a row. Reserved, not touched: pages are used as runs come, and
    // the vector never moves.
    runs.reserve(std::size_t(h) * std::size_t((w + 1) / 2));
    std::vector<int> row_start(std::size_t(h) + 1, 0);
    auto find = [&](int r) {
        while (runs[r].parent != r) r = runs[r].parent = runs[runs[r].parent].parent;
        return r;
    };
    std::uint32_t since_poll = 0;
    for (int y = 0; y < h; ++y) {
        row_start[y] = static_cast<int>(runs.size());
        const std::uint8_t* row = p.blocked.data() + std::size_t(y) * w;
        int above = y > 0 ? row_start[y - 1] : 0;
        for (int x = 0; x < w;) {
            if (row[x]) {
                ++x;
                continue;
            }
            const int x0 = x;
            while (x < w && !row[x]) ++x;
            const int r = static_cast<int>(runs.size());
            runs.push_back({x0, x, r});
            // Runs of the row above that overlap [x0, x): the smaller root becomes the root.
            while (y > 0 && above < row_start[y] && runs[above].x1 <= x0) ++above;
            for (int a = above; y > 0 && a < row_start[y] && runs[a].x0 < x; ++a) {
                const int ra = find(a), rr = find(r);
                if (ra != rr) runs[std::max(ra, rr)].parent = std::min(ra, rr);
            }
        }
        since_poll += static_cast<std::uint32_t>(w);
        if (since_poll >= (1u << 16)) {
            since_poll = 0;
            if (poll) poll();
        }
    }
    row_start[h] = static_cast<int>(runs.size());
    // Parts in the order of their first cells, as the walk makes them.
    std::vector<int> part_of_root(runs.size(), -1);
    std::vector<Part> parts;
    auto black_in = [](int x0, int x1, int y) { return (x1 - x0 + ((x0 + y) % 2 == 0 ? 1 : 0)) / 2; };
    for (int y = 0; y < h; ++y)
        for (int r = row_start[y]; r < row_start[y + 1]; ++r) {
            const int root = find(r);
            if (part_of_root[root] < 0) {
                part_of_root[root] = static_cast<int>(parts.size());
                parts.push_back({p.cell(runs[root].x0, y)});
            }
            Part& part = parts[part_of_root[root]];
            const long black = black_in(runs[r].x0, runs[r].x1, y), cells = runs[r].x1 - runs[r].x0;
            part.black += black;
            part.white += cells - black;
        }
    std::vector<signed char> flipped(parts.size());
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const Coord at = p.coord(parts[k].first);
        flipped[k] = (at.x + at.y) % 2 != 0;
        if (flipped[k]) std::swap(parts[k].black, parts[k].white);
    }
    auto part_of = [&](CellId c) {
        const Coord at = p.coord(c);
        const auto first = runs.begin() + row_start[at.y], last = runs.begin() + row_start[at.y + 1];
        const auto run = std::partition_point(first, last, [&](const Run& r) { return r.x1 <= at.x; });
        return part_of_root[find(static_cast<int>(run - runs.begin()))];
    };
    auto colour_of = [&](CellId c) {
        const Coord at = p.coord(c);
        const int chessboard = (at.x + at.y) % 2 == 0 ? 1 : -1;
        return flipped[part_of(c)] ? -chessboard : chessboard;
    };
    return verdict(p, rules, parts, part_of, colour_of);
}

}  // namespace

std::optional<std::string> unsolvable_by_parity(const Puzzle& p, Rules rules, const std::function<void()>& poll) {
    if (auto known = open_grid_parity(p, rules)) {
        // Callers count on a look at the clock here, as the walk below gives them on large
        // boards: what comes next may be a long pass that looks at it late.
        if (poll && p.cell_count() >= (1 << 16)) poll();
        return *known;
    }
    if (p.layers == 1 && p.square_grid()) return grid_parity(p, rules, poll);
    return unsolvable_by_parity_walk(p, rules, poll);
}

std::optional<std::string> unsolvable_by_parity_walk(const Puzzle& p, Rules rules,
                                                     const std::function<void()>& poll) {
    std::uint32_t since_poll = 0;
    const int n = p.cell_count();
    std::vector<int> component(n, -1);
    std::vector<signed char> colour(n, 0);  // +1 black, -1 white
    std::vector<CellId> stack;
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
    return verdict(p, rules, parts, [&](CellId c) { return component[c]; }, [&](CellId c) { return colour[c]; });
}

}  // namespace nl

// Line sets and their sub-puzzles; see line_sets.hpp for the argument.
#include "solver/count/line_sets.hpp"

#include <algorithm>
#include <deque>
#include <set>

namespace nl {

namespace {

// The cells of each label in `grid` and the empty free cells, for LineSet::free_cells.
struct CellCounts {
    std::vector<int> per_label;
    int empty = 0;

    CellCounts(const Puzzle& p, const std::vector<int>& grid) : per_label(p.labels.size(), 0) {
        for (CellId c = 0; c < p.cell_count(); ++c) {
            if (grid[c] != kNoLabel) ++per_label[grid[c]];
            else empty += !p.is_blocked(c);
        }
    }
    int free_cells(const std::vector<int>& labels) const {
        int cells = empty;
        for (int l : labels) cells += per_label[l];
        return cells;
    }
};

}  // namespace

std::vector<LineSet> neighbouring_line_sets(const Puzzle& p, const std::vector<int>& grid, bool singles) {
    const int n = static_cast<int>(p.labels.size());
    const CellCounts counts(p, grid);
    std::vector<std::set<int>> next_to(n);
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (grid[c] == kNoLabel) continue;
        for (CellId d : p.neighbours(c))
            if (grid[d] != kNoLabel && grid[d] != grid[c]) next_to[grid[c]].insert(grid[d]);
    }
    std::set<std::vector<int>> seen;
    std::vector<LineSet> sets;
    auto add = [&](std::vector<int> labels) {
        std::sort(labels.begin(), labels.end());
        if (!seen.insert(labels).second) return;
        const int cells = counts.free_cells(labels);
        sets.push_back({std::move(labels), cells});
    };
    if (singles)
        for (int a = 0; a < n; ++a) add({a});
    for (int a = 0; a < n; ++a)
        for (int b : next_to[a]) add({a, b});
    for (int a = 0; a < n; ++a)
        for (int b : next_to[a]) {
            if (b < a) continue;
            std::set<int> third = next_to[a];
            third.insert(next_to[b].begin(), next_to[b].end());
            for (int c : third)
                if (c != a && c != b) add({a, b, c});
        }
    std::stable_sort(sets.begin(), sets.end(), [](const LineSet& x, const LineSet& y) {
        if (x.labels.size() != y.labels.size()) return x.labels.size() < y.labels.size();
        if (x.free_cells != y.free_cells) return x.free_cells < y.free_cells;
        return x.labels < y.labels;
    });
    return sets;
}

std::vector<LineSet> window_line_sets(const Puzzle& p, const std::vector<int>& grid, int side) {
    const CellCounts counts(p, grid);
    // Where windows start along a side of n positions: every stride, the last one at the edge.
    const auto starts = [stride = std::max(1, side / 2), side](int n) {
        std::vector<int> at{0};
        while (at.back() + side < n) at.push_back(std::min(at.back() + stride, n - side));
        return at;
    };
    std::set<std::vector<int>> seen;
    std::vector<LineSet> sets;
    for (int y0 : starts(p.height))
        for (int x0 : starts(p.width)) {
            std::set<int> meeting;
            for (int z = 0; z < p.layers; ++z)
                for (int y = y0; y < std::min(p.height, y0 + side); ++y)
                    for (int x = x0; x < std::min(p.width, x0 + side); ++x)
                        if (const int l = grid[p.cell(x, y, z)]; l != kNoLabel) meeting.insert(l);
            std::vector<int> labels(meeting.begin(), meeting.end());
            if (labels.empty() || !seen.insert(labels).second) continue;
            const int cells = counts.free_cells(labels);
            sets.push_back({std::move(labels), cells});
        }
    return sets;
}

namespace {

// The empty cells within `window` steps of D's cells, walking through empty cells only (a
// breadth-first search from all of D's cells at once).
std::vector<char> empty_cells_near(const Puzzle& p, const std::vector<int>& grid, const std::vector<char>& in_set,
                                   int window) {
    std::vector<int> steps(p.cell_count(), -1);
    std::deque<CellId> queue;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (grid[c] != kNoLabel && in_set[grid[c]]) {
            steps[c] = 0;
            queue.push_back(c);
        }
    std::vector<char> near(p.cell_count(), 0);
    while (!queue.empty()) {
        const CellId c = queue.front();
        queue.pop_front();
        if (steps[c] == window) continue;
        for (CellId d : p.neighbours(c)) {
            if (steps[d] >= 0 || grid[d] != kNoLabel || p.is_blocked(d)) continue;
            steps[d] = steps[c] + 1;
            near[d] = 1;
            queue.push_back(d);
        }
    }
    return near;
}

}  // namespace

Puzzle line_set_puzzle(const Puzzle& p, const std::vector<int>& grid, const std::vector<int>& labels, int window) {
    Puzzle sub = p;  // the same board (finalize rebuilds what is derived)
    std::vector<char> in_set(p.labels.size(), 0);
    for (int l : labels) in_set[l] = 1;
    std::vector<char> near;
    if (window >= 0) near = empty_cells_near(p, grid, in_set, window);
    for (CellId c = 0; c < p.grid_cells(); ++c) {
        if (sub.blocked[c]) continue;
        const bool other_line = grid[c] != kNoLabel && !in_set[grid[c]];
        const bool far_empty = window >= 0 && grid[c] == kNoLabel && !near[c];
        if (other_line || far_empty) sub.blocked[c] = kCellBlocked;
    }
    sub.labels.clear();
    for (int l : labels) sub.labels.push_back(p.labels[l]);
    finalize(sub);
    return sub;
}

Solution paths_of(const Solution& whole, const std::vector<int>& labels) {
    Solution part;
    for (int l : labels) part.paths.push_back(whole.paths[l]);
    return part;
}

Solution spliced(const Solution& whole, const std::vector<int>& labels, const Solution& part) {
    Solution out = whole;
    for (std::size_t k = 0; k < labels.size(); ++k) out.paths[labels[k]] = part.paths[k];
    return out;
}

}  // namespace nl

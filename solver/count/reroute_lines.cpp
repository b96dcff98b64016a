// Rerouting a few lines of a solution inside the cells they and the empty cells hold; see
// reroute_lines.hpp for the argument.
#include "solver/count/reroute_lines.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "core/checker.hpp"
#include "solver/count/count.hpp"
#include "solver/count/rewrite.hpp"

namespace nl {

namespace {

using Clock = std::chrono::steady_clock;

// A set of labels (indices, ascending) and the cells its sub-puzzle leaves free.
struct LineSet {
    std::vector<int> labels;
    int free_cells = 0;
};

// The sets tried: each label alone, pairs of labels with neighbouring cells, and triples made of
// such a pair and a neighbour of either, smallest sub-puzzle first (ties by labels, so the order
// and the answer do not depend on anything but the board and T).
std::vector<LineSet> line_sets(const Puzzle& p, const std::vector<int>& grid, int empty_cells) {
    const int n = static_cast<int>(p.labels.size());
    std::vector<int> size(n, 0);
    std::vector<std::set<int>> next_to(n);
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (grid[c] == kNoLabel) continue;
        ++size[grid[c]];
        for (CellId d : p.neighbours(c))
            if (grid[d] != kNoLabel && grid[d] != grid[c]) next_to[grid[c]].insert(grid[d]);
    }
    std::set<std::vector<int>> seen;
    std::vector<LineSet> sets;
    auto add = [&](std::vector<int> labels) {
        std::sort(labels.begin(), labels.end());
        if (!seen.insert(labels).second) return;
        int cells = empty_cells;
        for (int l : labels) cells += size[l];
        sets.push_back({std::move(labels), cells});
    };
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

// P_D of reroute_lines.hpp: the cells of other labels blocked, the labels of D alone.
Puzzle sub_puzzle(const Puzzle& p, const std::vector<int>& grid, const std::vector<int>& labels) {
    Puzzle sub = p;  // the same board (finalize rebuilds what is derived)
    std::vector<char> in_set(p.labels.size(), 0);
    for (int l : labels) in_set[l] = 1;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!sub.blocked[c] && grid[c] != kNoLabel && !in_set[grid[c]]) sub.blocked[c] = kCellBlocked;
    sub.labels.clear();
    for (int l : labels) sub.labels.push_back(p.labels[l]);
    finalize(sub);
    return sub;
}

}  // namespace

std::optional<Solution> rerouted_second_solution(const Puzzle& p, Rules rules, Rules search_rules,
                                                 const Solution& first, Distinct distinct, const SolveOptions& sat) {
    if (!p.vias.empty() || !p.bridges.empty()) return std::nullopt;
    const auto start = Clock::now();
    auto left = [&] { return sat.timeout - std::chrono::duration<double>(Clock::now() - start).count(); };
    const std::vector<int> grid = solution_grid(p, first);
    int empty_cells = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) empty_cells += !p.is_blocked(c) && grid[c] == kNoLabel;
    for (const LineSet& set : line_sets(p, grid, empty_cells)) {
        if (sat.interrupt && *sat.interrupt) return std::nullopt;
        if (sat.timeout > 0 && left() <= 0) return std::nullopt;
        const Puzzle sub = sub_puzzle(p, grid, set.labels);
        Solution kept;  // T's paths of D, numbered as the sub-puzzle's labels
        for (int l : set.labels) kept.paths.push_back(first.paths[l]);
        CountOptions co;
        co.max = 2;
        co.keep = 2;
        co.distinct = distinct;
        co.local_moves = false;  // no router, pipeline or rerouting inside: this is the local move
        co.sat = sat;
        // One sub-puzzle may not take the whole budget: most are decided in milliseconds, and a
        // hard one is better skipped for the next.
        co.sat.timeout = sat.timeout > 0 ? std::min(left(), std::max(0.05, sat.timeout / 20)) : 1.0;
        const CountResult r = count_solutions_sat(sub, search_rules, co);
        if (r.stop == StopReason::Interrupted || r.stop == StopReason::Memory) return std::nullopt;
        for (const Solution& u : r.solutions) {
            if (!solutions_differ(sub, u, kept, distinct)) continue;
            Solution second = first;
            for (std::size_t k = 0; k < set.labels.size(); ++k) second.paths[set.labels[k]] = u.paths[k];
            if (check_solution(p, second, rules).ok && solutions_differ(p, first, second, distinct)) return second;
        }
    }
    return std::nullopt;
}

}  // namespace nl

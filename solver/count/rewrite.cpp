// Local rewrites of a solution into another one; the argument is in rewrite.hpp.
#include "solver/count/rewrite.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "core/checker.hpp"

namespace nl {

namespace {

std::set<std::pair<CellId, CellId>> edge_set(const Solution& s) {
    std::set<std::pair<CellId, CellId>> edges;
    for (const auto& path : s.paths)
        for (std::size_t i = 1; i < path.size(); ++i)
            edges.insert(std::minmax(path[i - 1], path[i]));
    return edges;
}

// Accepts a candidate only when the checker passes it and it differs from the first solution.
bool acceptable(const Puzzle& p, Rules rules, const Solution& first, const Solution& candidate, Distinct distinct) {
    return check_solution(p, candidate, rules).ok && solutions_differ(p, first, candidate, distinct);
}

}  // namespace

bool solutions_differ(const Puzzle& p, const Solution& a, const Solution& b, Distinct distinct) {
    if (distinct == Distinct::Colours) return solution_grid(p, a) != solution_grid(p, b);
    return edge_set(a) != edge_set(b);
}

namespace {

// Pair swaps (rewrite.hpp): links P[i]P[i+1] and P[j]P[j+1] of one path, j >= i + 2, with P[i]
// next to P[j] and P[i+1] next to P[j+1]; the stretch P[i+1..j] is reversed.
std::optional<Solution> pair_swap(const Puzzle& p, Rules rules, const Solution& first, Distinct distinct) {
    std::vector<int> position(p.cell_count(), -1);
    for (std::size_t l = 0; l < first.paths.size(); ++l) {
        const std::vector<CellId>& path = first.paths[l];
        for (std::size_t i = 0; i < path.size(); ++i) position[path[i]] = static_cast<int>(i);
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
            for (CellId c : p.neighbours(path[i])) {
                const int j = position[c];  // P[j] next to P[i], on this path (positions of
                                            // earlier paths are stale but fail the checks below)
                if (j < static_cast<int>(i) + 2 || j + 1 >= static_cast<int>(path.size())) continue;
                if (path[static_cast<std::size_t>(j)] != c || !p.adjacent(path[i + 1], path[static_cast<std::size_t>(j) + 1]))
                    continue;
                Solution candidate = first;
                auto& q = candidate.paths[l];
                std::reverse(q.begin() + static_cast<std::ptrdiff_t>(i) + 1, q.begin() + j + 1);
                if (acceptable(p, rules, first, candidate, distinct)) return candidate;
            }
    }
    return std::nullopt;
}

}  // namespace

std::optional<Solution> rewrite_second_solution(const Puzzle& p, Rules rules, const Solution& first, Distinct distinct) {
    // A pair swap keeps the colouring, so it is tried under touch rules in paths mode only; on
    // no-fill boards after the shortcuts and corner moves (which were there first, so the
    // second solution shown stays the same where they apply).
    const bool swaps = rules.touch && distinct == Distinct::Paths;
    if (rules.fill) return swaps ? pair_swap(p, rules, first, distinct) : std::nullopt;
    const std::vector<int> grid = solution_grid(p, first);
    // Position of each cell on its path (cells are on one path at most in a solution).
    std::vector<int> position(p.cell_count(), -1);
    for (const auto& path : first.paths)
        for (std::size_t i = 0; i < path.size(); ++i) position[path[i]] = static_cast<int>(i);
    for (std::size_t l = 0; l < first.paths.size(); ++l) {
        const std::vector<CellId>& path = first.paths[l];
        // Shortcuts: P[i] next to a later P[j], j > i + 1.
        for (std::size_t i = 0; i < path.size(); ++i)
            for (CellId d : p.neighbours(path[i])) {
                if (grid[d] != static_cast<int>(l) || position[d] <= static_cast<int>(i) + 1) continue;
                Solution candidate = first;
                auto& q = candidate.paths[l];
                q.erase(q.begin() + static_cast<std::ptrdiff_t>(i) + 1, q.begin() + position[d]);
                if (acceptable(p, rules, first, candidate, distinct)) return candidate;
            }
        // Corner moves: an empty common neighbour e of P[i-1] and P[i+1] takes P[i]'s place.
        for (std::size_t i = 1; i + 1 < path.size(); ++i)
            for (CellId e : p.neighbours(path[i - 1])) {
                if (e == path[i] || grid[e] != kNoLabel || p.is_blocked(e) || p.is_terminal(e)) continue;
                if (!p.adjacent(e, path[i + 1])) continue;
                Solution candidate = first;
                candidate.paths[l][i] = e;
                if (acceptable(p, rules, first, candidate, distinct)) return candidate;
            }
    }
    if (swaps) return pair_swap(p, rules, first, distinct);
    return std::nullopt;
}


std::optional<Solution> detour_second_solution(const Puzzle& p, Rules rules, const Solution& first) {
    const std::vector<int> grid = solution_grid(p, first);
    auto empty = [&](CellId c) { return grid[c] == kNoLabel && !p.is_blocked(c) && !p.is_terminal(c); };
    // The connected components of the empty free cells, and a parent link per cell for a chain
    // from the component's first cell (breadth-first).
    std::vector<int> component(p.cell_count(), -1);
    int components = 0;
    for (CellId start = 0; start < p.cell_count(); ++start) {
        if (!empty(start) || component[start] >= 0) continue;
        std::vector<CellId> queue{start};
        component[start] = components;
        for (std::size_t k = 0; k < queue.size(); ++k)
            for (CellId d : p.neighbours(queue[k]))
                if (empty(d) && component[d] < 0) {
                    component[d] = components;
                    queue.push_back(d);
                }
        ++components;
    }
    if (components == 0) return std::nullopt;  // no empty cell: no detour
    // A chain of empty cells from x to y inside their component (breadth-first from x).
    auto chain = [&](CellId x, CellId y) {
        std::vector<CellId> parent(p.cell_count(), kNoCell);
        std::vector<CellId> queue{x};
        parent[x] = x;
        for (std::size_t k = 0; k < queue.size() && parent[y] == kNoCell; ++k)
            for (CellId d : p.neighbours(queue[k]))
                if (empty(d) && parent[d] == kNoCell) {
                    parent[d] = queue[k];
                    queue.push_back(d);
                }
        std::vector<CellId> cells{y};
        while (cells.back() != x) cells.push_back(parent[cells.back()]);
        std::reverse(cells.begin(), cells.end());
        return cells;
    };
    for (std::size_t l = 0; l < first.paths.size(); ++l) {
        const std::vector<CellId>& path = first.paths[l];
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
            for (CellId x : p.neighbours(path[i])) {
                if (!empty(x)) continue;
                for (CellId y : p.neighbours(path[i + 1])) {
                    if (!empty(y) || component[y] != component[x]) continue;
                    Solution candidate = first;
                    const std::vector<CellId> detour = chain(x, y);
                    auto& q = candidate.paths[l];
                    q.insert(q.begin() + static_cast<std::ptrdiff_t>(i) + 1, detour.begin(), detour.end());
                    if (acceptable(p, rules, first, candidate, Distinct::Colours)) return candidate;
                }
            }
    }
    return std::nullopt;
}

}  // namespace nl

// Local rewrites of a solution into another one; the argument is in rewrite.hpp.
#include "solver/rewrite.hpp"

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

std::optional<Solution> rewrite_second_solution(const Puzzle& p, Rules rules, const Solution& first, Distinct distinct) {
    if (rules.fill) return std::nullopt;  // no cell may be empty: neither rewrite applies
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
    return std::nullopt;
}

}  // namespace nl

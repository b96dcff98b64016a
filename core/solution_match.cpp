// Matching solution texts to puzzles; see solution_match.hpp.
#include "core/solution_match.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

#include "core/errors.hpp"

namespace nl {

namespace {

// The file part of a "file:index" name, for error messages.
std::string file_of(const SolutionText& text) {
    auto colon = text.name.rfind(':');
    return colon == std::string::npos ? text.name : text.name.substr(0, colon);
}

constexpr long kTraceBudget = 2'000'000;  // DFS steps per label before giving up

// Finds an order of `cells` (all marked with the label) that is a path from `from` to `to`
// through adjacent cells. Returns an empty vector when there is none (or the budget runs out,
// flagged in `exhausted`). Iterative, since paths may have millions of cells. `visited` is all
// zero on entry and on return: one table for every label, since a table per label made
// matching a board of thousands of labels quadratic.
std::vector<CellId> trace(const Puzzle& p, const std::vector<char>& mine, std::vector<char>& visited, int count,
                          CellId from, CellId to, bool& exhausted) {
    std::vector<CellId> path{from};
    auto unmark = [&] {
        for (CellId c : path) visited[c] = 0;
    };
    std::vector<int> next{0};
    visited[from] = 1;
    long steps = 0;
    while (!path.empty()) {
        if (++steps > kTraceBudget) {
            exhausted = true;
            unmark();
            return {};
        }
        const CellId c = path.back();
        if (c == to && static_cast<int>(path.size()) == count) {
            unmark();
            return path;
        }
        auto nb = p.neighbours(c);
        int& i = next.back();
        CellId step = kNoCell;
        // The far endpoint may only be entered as the last cell.
        while (c != to && i < static_cast<int>(nb.size()) && step == kNoCell) {
            CellId d = nb[i++];
            if (mine[d] && !visited[d] && (d != to || static_cast<int>(path.size()) + 1 == count))
                step = d;
        }
        if (step == kNoCell) {
            visited[c] = 0;
            path.pop_back();
            next.pop_back();
        } else {
            visited[step] = 1;
            path.push_back(step);
            next.push_back(0);
        }
    }
    return {};
}

MatchedSolution match_grid(const Puzzle& p, const SolutionText& text) {
    MatchedSolution m;
    m.solution.paths.resize(p.labels.size());
    std::map<std::string, int> label_of;  // symbol -> label
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const Label& label = p.labels[l];
        const std::string& a = text.grid[label.ends[0]];
        const std::string& b = text.grid[label.ends[1]];
        if (a.empty() || b.empty()) {
            m.problem = "label " + label.name + ": endpoint " +
                        format_cell(p, a.empty() ? label.ends[0] : label.ends[1]) +
                        " is empty in the solution";
            return m;
        }
        if (a != b) {
            m.problem = "label " + label.name + ": its endpoints are marked '" + a + "' and '" + b +
                        "' in the solution";
            return m;
        }
        auto [it, fresh] = label_of.emplace(a, l);
        if (!fresh) {
            m.problem = "labels " + p.labels[it->second].name + " and " + label.name +
                        " are both marked '" + a + "' in the solution";
            return m;
        }
    }
    std::vector<int> count(p.labels.size(), 0);
    std::vector<std::vector<CellId>> cells_of(p.labels.size());
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (text.grid[c].empty()) continue;
        auto it = label_of.find(text.grid[c]);
        if (it == label_of.end()) {
            m.problem = "cell " + format_cell(p, c) + " is marked '" + text.grid[c] +
                        "', which marks no label's endpoints";
            return m;
        }
        if (p.is_blocked(c)) {
            m.problem = "cell " + format_cell(p, c) + " is blocked but marked '" + text.grid[c] + "'";
            return m;
        }
        ++count[it->second];
        cells_of[it->second].push_back(c);
    }
    // One `mine` table, marked with a label's cells and cleared after it.
    std::vector<char> mine(p.cell_count(), 0), visited(p.cell_count(), 0);
    for (const auto& [symbol, l] : label_of) {
        const Label& label = p.labels[l];
        for (CellId c : cells_of[l]) mine[c] = 1;
        bool exhausted = false;
        m.solution.paths[l] = trace(p, mine, visited, count[l], label.ends[0], label.ends[1], exhausted);
        for (CellId c : cells_of[l]) mine[c] = 0;
        if (m.solution.paths[l].empty()) {
            m.problem = "label " + label.name + ": its " + std::to_string(count[l]) +
                        " cells do not form one path from " + format_cell(p, label.ends[0]) +
                        " to " + format_cell(p, label.ends[1]) +
                        (exhausted ? " (gave up tracing after " + std::to_string(kTraceBudget) +
                                         " steps)"
                                   : "");
            return m;
        }
    }
    return m;
}

MatchedSolution match_paths(const Puzzle& p, const SolutionText& text) {
    MatchedSolution m;
    m.solution.paths.resize(p.labels.size());
    // Label names are unique (finalize checks it); a map keeps a long list of paths linear.
    std::unordered_map<std::string_view, int> index_of;
    std::unordered_map<long long, int> index_by_ends;  // the pair of ends, smaller first
    auto ends_key = [&](CellId a, CellId b) {
        return static_cast<long long>(std::min(a, b)) * p.cell_count() + std::max(a, b);
    };
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        index_of.emplace(p.labels[l].name, l);
        index_by_ends.emplace(ends_key(p.labels[l].ends[0], p.labels[l].ends[1]), l);
    }
    for (const auto& [name, coords] : text.paths) {
        std::vector<CellId> cells;
        for (const Coord& q : coords) {
            if (!p.in_bounds(q.x, q.y, q.z)) {
                m.problem = "path " + name + ": cell [" + std::to_string(q.x) + ", " +
                            std::to_string(q.y) + (p.layers > 1 ? ", " + std::to_string(q.z) : "") +
                            "] is outside the board";
                return m;
            }
            cells.push_back(p.cell(q.x, q.y, q.z));
        }
        const auto named = index_of.find(name);
        int l = named == index_of.end() ? kNoLabel : named->second;
        if (l == kNoLabel && cells.size() >= 2) {
            // Not named like the puzzle: recognise the label by the path's endpoints.
            if (const auto it = index_by_ends.find(ends_key(cells.front(), cells.back())); it != index_by_ends.end())
                l = it->second;
        }
        if (l == kNoLabel) {
            m.problem = "path " + name + " matches no label of the puzzle by name or endpoints";
            return m;
        }
        if (!m.solution.paths[l].empty()) {
            m.problem = "label " + p.labels[l].name + " has two paths in the solution";
            return m;
        }
        place_on_lanes(p, cells);
        m.solution.paths[l] = std::move(cells);
    }
    return m;
}

}  // namespace

MatchedSolution match_solution(const Puzzle& p, const SolutionText& text) {
    if (!text.grid.empty()) {
        if (!p.bridges.empty())
            throw InputError(file_of(text), text.line,
                             "a solution drawn as a grid cannot say which path takes which lane of a bridge; "
                             "give the solution of " + p.name + " as paths or JSON");
        if (text.width != p.width || text.height != p.height || text.layers != p.layers ||
            static_cast<int>(text.grid.size()) != p.cell_count())
            throw InputError(file_of(text), text.line,
                             "solution is " + std::to_string(text.width) + "x" +
                                 std::to_string(text.height) +
                                 (text.layers > 1 ? "x" + std::to_string(text.layers) : "") +
                                 ", but puzzle " + p.name + " is " + std::to_string(p.width) + "x" +
                                 std::to_string(p.height) +
                                 (p.layers > 1 ? "x" + std::to_string(p.layers) : ""));
        return match_grid(p, text);
    }
    if (text.width != 0 && (text.width != p.width || text.height != p.height || text.layers != p.layers))
        throw InputError(file_of(text), text.line,
                         "solution is " + std::to_string(text.width) + "x" +
                             std::to_string(text.height) + ", but puzzle " + p.name + " is " +
                             std::to_string(p.width) + "x" + std::to_string(p.height));
    return match_paths(p, text);
}

}  // namespace nl

// Cubes: splitting a count into parts that cover every solution exactly once (the argument is
// in cubes.hpp).
#include "solver/count/cubes.hpp"

#include <algorithm>
#include <deque>

namespace nl {

namespace {

// A cube under construction: its prefixes by label (empty: not started) and the cells they hold.
struct Growing {
    std::vector<std::vector<CellId>> prefix;  // per label
    std::vector<char> taken;                  // per cell: on some prefix
    int decisions = 0;                        // splits that made it (breadth-first order)
};

// The cells the path of `label` may go to next in `g` (cubes.hpp lists why each is left out).
std::vector<CellId> next_cells(const Puzzle& p, Rules rules, const Growing& g, int label) {
    const std::vector<CellId>& prefix = g.prefix[label];
    const CellId first = p.labels[label].ends[0], last_end = p.labels[label].ends[1];
    const CellId at = prefix.empty() ? first : prefix.back();
    std::vector<CellId> out;
    for (CellId n : p.neighbours(at)) {
        if (p.is_blocked(n) || g.taken[n] || n == first) continue;
        if (p.is_terminal(n) && n != last_end) continue;
        if (!rules.touch) {
            bool touches = false;
            for (std::size_t i = 0; i + 1 < prefix.size() && !touches; ++i) touches = p.adjacent(n, prefix[i]);
            if (touches) continue;
        }
        out.push_back(n);
    }
    return out;
}

bool complete(const Puzzle& p, const Growing& g, int label) {
    return !g.prefix[label].empty() && g.prefix[label].back() == p.labels[label].ends[1];
}

void extend(const Puzzle& p, Growing& g, int label, CellId next) {
    std::vector<CellId>& prefix = g.prefix[label];
    if (prefix.empty()) {
        prefix.push_back(p.labels[label].ends[0]);
        g.taken[prefix.back()] = 1;
    }
    prefix.push_back(next);
    g.taken[next] = 1;
}

// Extends every line with a single possible next cell until none has one; false when some line
// has none (no solution). On return `branch` is the open line with the fewest next cells (at
// least two), or kNoLabel when every line is complete.
bool settle(const Puzzle& p, Rules rules, Growing& g, int& branch) {
    for (bool moved = true; moved;) {
        moved = false;
        branch = kNoLabel;
        std::size_t fewest = 0;
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
            if (complete(p, g, l)) continue;
            const std::vector<CellId> next = next_cells(p, rules, g, l);
            if (next.empty()) return false;
            if (next.size() == 1) {
                extend(p, g, l, next[0]);
                moved = true;
            } else if (branch == kNoLabel || next.size() < fewest) {
                branch = l;
                fewest = next.size();
            }
        }
    }
    return true;
}

Cube to_cube(const Growing& g) {
    Cube cube;
    for (int l = 0; l < static_cast<int>(g.prefix.size()); ++l)
        if (!g.prefix[l].empty()) cube.push_back({l, g.prefix[l]});
    return cube;
}

}  // namespace

std::optional<std::string> split_refusal(const Puzzle& p, Rules rules, Distinct distinct) {
    if (!p.bridges.empty()) return "--split does not split boards with bridges";
    if (distinct == Distinct::Colours && rules.touch)
        return "--split counts path sets: under touch-allowed rules one colouring can have path sets in two "
               "parts, so --distinct colours cannot be split";
    return std::nullopt;
}

namespace {

Growing empty_cube(const Puzzle& p) {
    Growing g;
    g.prefix.resize(p.labels.size());
    g.taken.assign(p.cell_count(), 0);
    return g;
}

// `cube` as a cube under construction; false when no solution can lie in it: its prefixes share
// a cell, or one does not start at its first end, steps between cells that are not neighbours,
// or runs through a terminal other than its first end and (as its last cell) its other end.
// Paths share no cell, move between neighbours and hold exactly two terminals, their ends.
bool grow_from(const Puzzle& p, const Cube& cube, Growing& g) {
    g = empty_cube(p);
    for (const LinePrefix& line : cube) {
        if (line.label < 0 || static_cast<std::size_t>(line.label) >= p.labels.size()) return false;
        if (!g.prefix[line.label].empty() || line.cells.size() < 2) return false;
        if (line.cells.front() != p.labels[line.label].ends[0]) return false;
        for (std::size_t i = 0; i < line.cells.size(); ++i) {
            const CellId c = line.cells[i];
            if (g.taken[c] || p.is_blocked(c)) return false;
            if (i > 0 && !p.adjacent(line.cells[i - 1], c)) return false;
            const bool own_end = (i == 0 && c == p.labels[line.label].ends[0]) ||
                                 (i + 1 == line.cells.size() && c == p.labels[line.label].ends[1]);
            if (p.is_terminal(c) != own_end) return false;
            g.taken[c] = 1;
        }
        g.prefix[line.label] = line.cells;
    }
    return true;
}

// Splits `roots` breadth first (a cube is split only when every cube with fewer decisions has
// been, so the cubes end up alike in depth) until there are `target` cubes or none can split.
// Cubes that cannot split (every line complete) stay as they are.
CubeSplit split_from(const Puzzle& p, Rules rules, std::vector<Growing> roots, long target,
                     const std::function<void()>& poll) {
    CubeSplit out;
    std::deque<std::pair<Growing, int>> open;  // cube, its branch line
    for (Growing& root : roots) {
        int branch = kNoLabel;
        if (settle(p, rules, root, branch)) open.emplace_back(std::move(root), branch);
        else ++out.dropped;
    }
    std::vector<Growing> final_cubes;
    while (!open.empty() && static_cast<long>(open.size() + final_cubes.size()) < target) {
        if (poll) poll();
        auto [cube, line] = std::move(open.front());
        open.pop_front();
        if (line == kNoLabel) {
            final_cubes.push_back(std::move(cube));
            continue;
        }
        for (CellId next : next_cells(p, rules, cube, line)) {
            Growing child = cube;
            ++child.decisions;
            extend(p, child, line, next);
            int child_branch = kNoLabel;
            if (settle(p, rules, child, child_branch)) open.emplace_back(std::move(child), child_branch);
            else ++out.dropped;
        }
    }
    for (const Growing& g : final_cubes) out.cubes.push_back(to_cube(g));
    for (const auto& [g, line] : open) out.cubes.push_back(to_cube(g));
    return out;
}

}  // namespace

CubeSplit split_into_cubes(const Puzzle& p, Rules rules, long target, const std::function<void()>& poll) {
    std::vector<Growing> roots;
    roots.push_back(empty_cube(p));
    return split_from(p, rules, std::move(roots), target, poll);
}

CubeSplit split_cubes_further(const Puzzle& p, Rules rules, const std::vector<Cube>& from, long target,
                              const std::function<void()>& poll) {
    std::vector<Growing> roots;
    long impossible = 0;
    for (const Cube& cube : from) {
        Growing g;
        if (grow_from(p, cube, g)) roots.push_back(std::move(g));
        else ++impossible;
    }
    CubeSplit out = split_from(p, rules, std::move(roots), target, poll);
    out.dropped += impossible;
    return out;
}

std::vector<std::pair<CellId, CellId>> cube_links(const Cube& cube) {
    std::vector<std::pair<CellId, CellId>> links;
    for (const LinePrefix& line : cube)
        for (std::size_t i = 0; i + 1 < line.cells.size(); ++i) links.emplace_back(line.cells[i], line.cells[i + 1]);
    return links;
}

bool solution_in_cube(const Solution& s, const Cube& cube) {
    for (const LinePrefix& line : cube) {
        if (line.label < 0 || static_cast<std::size_t>(line.label) >= s.paths.size()) return false;
        std::vector<CellId> path = s.paths[line.label];
        if (path.empty()) return false;
        if (path.front() != line.cells.front()) std::reverse(path.begin(), path.end());
        if (path.size() < line.cells.size() || !std::equal(line.cells.begin(), line.cells.end(), path.begin()))
            return false;
    }
    return true;
}

std::vector<std::vector<Cube>> deal_cubes(const std::vector<Cube>& cubes, long parts) {
    const std::size_t n = static_cast<std::size_t>(std::max(1L, parts));
    std::vector<std::vector<Cube>> out(n);
    for (std::size_t i = 0; i < cubes.size(); ++i) out[i % n].push_back(cubes[i]);
    return out;
}

}  // namespace nl

// Test-only oracle: counts the solutions of a small puzzle by plain depth-first search over
// paths, label after label (or their distinct colourings, deduplicated here). It shares nothing with the encoder, decoder or solvers (only the
// model and the checker), so it can confirm their verdicts on boards of a few dozen cells.
#pragma once

#include <functional>
#include <set>
#include <vector>

#include "core/checker.hpp"
#include "core/puzzle.hpp"

namespace nl::testing_oracle {

// Calls `visit` with every solution under `rules` (each set of paths once) until it returns
// false. Every full candidate is judged by the checker; the search only prunes with the no-touch
// rule (a new cell may touch no earlier cell of its own path but the previous one), which the
// checker would reject anyway.
inline void for_each_solution(const Puzzle& p, Rules rules, const std::function<bool(const Solution&)>& visit) {
    std::vector<int> owner(p.cell_count(), kNoLabel);
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (p.is_terminal(c)) owner[c] = p.terminal_label[c];
    Solution s;
    s.paths.resize(p.labels.size());
    bool stop = false;
    std::function<void(int)> next_label;
    std::function<void(int, CellId)> extend = [&](int l, CellId c) {
        if (stop) return;
        const CellId goal = p.labels[l].ends[1];
        for (CellId d : p.neighbours(c)) {
            if (d == goal) {
                if (!rules.touch) {  // the goal may touch only c
                    bool touches = false;
                    for (std::size_t i = 0; i + 1 < s.paths[l].size(); ++i)
                        touches |= p.adjacent(s.paths[l][i], goal);
                    if (touches) continue;
                }
                s.paths[l].push_back(goal);
                next_label(l + 1);
                s.paths[l].pop_back();
                continue;
            }
            if (owner[d] != kNoLabel) continue;
            if (!rules.touch) {
                bool touches = false;
                for (CellId e : p.neighbours(d))
                    touches |= e != c && owner[e] == l && e != goal;
                if (touches) continue;
            }
            owner[d] = l;
            s.paths[l].push_back(d);
            extend(l, d);
            s.paths[l].pop_back();
            owner[d] = kNoLabel;
        }
    };
    next_label = [&](int l) {
        if (stop) return;
        if (l == static_cast<int>(p.labels.size())) {
            if (check_solution(p, s, rules).ok) stop = !visit(s);
            return;
        }
        s.paths[l] = {p.labels[l].ends[0]};
        extend(l, p.labels[l].ends[0]);
        s.paths[l].clear();
    };
    next_label(0);
}

// Number of solutions (distinct sets of paths) under `rules`, stopping at `cap`.
inline long count_solutions(const Puzzle& p, Rules rules, long cap) {
    long found = 0;
    for_each_solution(p, rules, [&](const Solution&) { return ++found < cap; });
    return found;
}

// Number of distinct colourings (the label of every cell, or none) among the solutions, stopping
// at `cap`: every set of paths is visited and its colouring kept in a set, so the count does not
// depend on how any engine blocks or deduplicates.
inline long count_colourings(const Puzzle& p, Rules rules, long cap) {
    std::set<std::vector<int>> seen;
    for_each_solution(p, rules, [&](const Solution& s) {
        std::vector<int> grid(p.cell_count(), kNoLabel);
        for (std::size_t l = 0; l < s.paths.size(); ++l)
            for (CellId c : s.paths[l]) grid[c] = static_cast<int>(l);
        seen.insert(std::move(grid));
        return static_cast<long>(seen.size()) < cap;
    });
    return static_cast<long>(seen.size());
}

}  // namespace nl::testing_oracle

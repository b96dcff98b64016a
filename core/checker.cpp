// The checker. Deliberately plain: one pass over each path, then the global rules. It must
// stay obviously correct, so it favours clarity over speed (it is linear anyway).
#include "core/checker.hpp"

#include <cstdlib>

namespace nl {

namespace {

CheckResult failure(std::string rule, std::string message, int label = kNoLabel,
                    CellId cell = kNoCell) {
    return {false, std::move(rule), std::move(message), label, cell};
}

CheckResult touch_failure(const Puzzle& p, int label, CellId c, CellId d) {
    return failure("touch",
                   "label " + p.labels[label].name + " touches itself: " + format_cell(p, c) + " and " +
                       format_cell(p, d) + " are adjacent but not consecutive on its path",
                   label, c);
}

}  // namespace

CheckResult check_solution(const Puzzle& p, const Solution& s, Rules rules) {
    const int n = p.cell_count();
    if (s.paths.size() != p.labels.size())
        return failure("missing", "the solution has " + std::to_string(s.paths.size()) +
                                      " paths for " + std::to_string(p.labels.size()) + " labels");
    std::vector<int> owner(n, kNoLabel);
    std::vector<int> position(n, -1);  // index of the cell on its path
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const Label& label = p.labels[l];
        const auto& path = s.paths[l];
        const std::string who = "label " + label.name;
        if (path.empty()) return failure("missing", who + " has no path", l);
        for (CellId c : path)
            if (c < 0 || c >= n) return failure("path", who + " leaves the board", l);
        const CellId first = path.front(), last = path.back();
        const bool joins = (first == label.ends[0] && last == label.ends[1]) ||
                           (first == label.ends[1] && last == label.ends[0]);
        if (!joins)
            return failure("ends",
                           who + " must run from " + format_cell(p, label.ends[0]) + " to " +
                               format_cell(p, label.ends[1]) + ", but runs from " +
                               format_cell(p, first) + " to " + format_cell(p, last),
                           l, label.ends[0]);
        for (std::size_t i = 0; i < path.size(); ++i) {
            const CellId c = path[i];
            // Formatted only for a message: a string per cell is most of the checker's time on
            // boards solved in microseconds.
            auto at = [&] { return format_cell(p, c); };
            if (p.is_blocked(c)) return failure("blocked", who + " uses blocked cell " + at(), l, c);
            if (owner[c] == l)
                return failure("overlap", who + " visits " + at() + " twice", l, c);
            if (owner[c] != kNoLabel)
                return failure("overlap",
                               "cell " + at() + " is used by both " + p.labels[owner[c]].name +
                                   " and " + label.name,
                               l, c);
            if (p.is_terminal(c) && p.terminal_label[c] != l)
                return failure("terminal",
                               who + " passes through " + at() + ", an endpoint of " +
                                   p.labels[p.terminal_label[c]].name,
                               l, c);
            if (i > 0 && !p.adjacent(path[i - 1], c))
                return failure("adjacency",
                               who + " jumps from " + format_cell(p, path[i - 1]) + " to " + at() +
                                   ", which are not adjacent",
                               l, c);
            owner[c] = l;
            position[c] = static_cast<int>(i);
        }
    }
    if (rules.fill)
        for (CellId c = 0; c < n; ++c)
            if (!p.is_blocked(c) && owner[c] == kNoLabel)
                return failure("fill",
                               "cell " + format_cell(p, c) +
                                   " is empty, but the rules require every cell on a path",
                               kNoLabel, c);
    if (!rules.touch && p.layers == 1 && p.square_grid()) {
        // The plain grid: each cell's east and south neighbours by arithmetic, without building
        // the adjacency lists (20 MB on a million cells) for this pass alone. A cell on a path
        // is open, so its neighbour on the same path is too.
        const int w = p.width;
        for (CellId row = 0; row < n; row += w)
            for (CellId c = row; c < row + w; ++c) {
                if (owner[c] == kNoLabel) continue;
                for (CellId d : {c + 1 < row + w ? c + 1 : kNoCell, c + w < n ? c + w : kNoCell})
                    if (d != kNoCell && owner[d] == owner[c] && std::abs(position[d] - position[c]) != 1)
                        return touch_failure(p, owner[c], c, d);
            }
    } else if (!rules.touch) {
        for (CellId c = 0; c < n; ++c) {
            if (owner[c] == kNoLabel) continue;
            for (CellId d : p.neighbours(c))
                if (d > c && owner[d] == owner[c] && std::abs(position[d] - position[c]) != 1)
                    return touch_failure(p, owner[c], c, d);
        }
    }
    return {};
}

}  // namespace nl

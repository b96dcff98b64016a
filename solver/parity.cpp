// Components and parity of the board; see parity.hpp for the argument.
#include "solver/parity.hpp"

#include <cstdint>
#include <vector>

namespace nl {

std::optional<std::string> unsolvable_by_parity(const Puzzle& p, Rules rules, const std::function<void()>& poll) {
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
            return "parity: the " + std::to_string(part.black) + " black and " + std::to_string(part.white) +
                   " white cells (chessboard colouring) connected to " + format_cell(p, part.first) +
                   " differ by " + std::to_string(part.black - part.white) + ", but their lines' ends allow " +
                   std::to_string(part.needed);
    }
    return std::nullopt;
}

}  // namespace nl

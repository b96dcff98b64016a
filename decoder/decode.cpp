// Tracing paths and loops through the true edges of a model.
#include "decoder/decode.hpp"

namespace nl {

Decoded decode_edges(const Puzzle& p, const Encoding& e, const std::vector<char>& edge_on) {
    Decoded d;
    const int n = p.cell_count();
    std::vector<char> seen(n, 0);
    auto other_end = [&](int i, CellId c) { return e.edges[i].a == c ? e.edges[i].b : e.edges[i].a; };
    for (int l = 0; l < static_cast<int>(p.labels.size()); ++l) {
        const Label& label = p.labels[l];
        std::vector<CellId> path{label.ends[0]};
        seen[label.ends[0]] = 1;
        CellId prev = kNoCell, cur = label.ends[0];
        while (true) {
            CellId next = kNoCell;
            for (int i : e.edges_of(cur))
                if (edge_on[i] && other_end(i, cur) != prev) {
                    next = other_end(i, cur);
                    break;
                }
            if (next == kNoCell || seen[next]) break;
            path.push_back(next);
            seen[next] = 1;
            prev = cur;
            cur = next;
            if (p.is_terminal(cur)) break;
        }
        if (cur != label.ends[1]) {
            d.problem = "label " + label.name + ": the model's edges from " +
                        format_cell(p, label.ends[0]) + " end at " + format_cell(p, cur) +
                        ", not at " + format_cell(p, label.ends[1]);
            return d;
        }
        d.solution.paths.push_back(std::move(path));
    }
    // Whatever else carries edges forms loops: collect each connected component.
    for (CellId start = 0; start < n; ++start) {
        if (seen[start]) continue;
        bool used = false;
        for (int i : e.edges_of(start)) used |= edge_on[i] != 0;
        if (!used) continue;
        std::vector<CellId> loop{start}, stack{start};
        seen[start] = 1;
        while (!stack.empty()) {
            CellId c = stack.back();
            stack.pop_back();
            for (int i : e.edges_of(c)) {
                CellId o = other_end(i, c);
                if (edge_on[i] && !seen[o]) {
                    seen[o] = 1;
                    loop.push_back(o);
                    stack.push_back(o);
                }
            }
        }
        d.loops.push_back(std::move(loop));
    }
    return d;
}

}  // namespace nl

// Splicing detached loops into paths (see merge_loops.hpp for the move and why it is safe).
#include "solver/sat/merge_loops.hpp"

#include <numeric>

namespace nl {

bool splice_loops_into_paths(const Puzzle& p, const Encoding& e, std::vector<char>& edge_on, const Decoded& d) {
    const int paths = static_cast<int>(d.solution.paths.size());
    const int groups = paths + static_cast<int>(d.loops.size());
    // owner[c]: the group of a used cell (paths first, then loops), -1 for an unused one. A
    // loop spliced into another group joins it (union-find over groups; paths are always roots).
    std::vector<int> owner(p.cell_count(), -1), parent(groups);
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int g) {
        while (parent[g] != g) g = parent[g] = parent[parent[g]];
        return g;
    };
    for (int l = 0; l < paths; ++l)
        for (CellId c : d.solution.paths[l]) owner[c] = l;
    for (int k = 0; k < static_cast<int>(d.loops.size()); ++k)
        for (CellId c : d.loops[k]) owner[c] = paths + k;
    auto other_end = [&](int i, CellId c) { return e.edges[i].a == c ? e.edges[i].b : e.edges[i].a; };

    // Tries every splice of loop group `g` (cells `cells`) with another group; true on the first.
    auto splice_one = [&](int g, const std::vector<CellId>& cells) {
        for (CellId c1 : cells)
            for (int across : e.edges_of(c1)) {
                if (edge_on[across]) continue;
                const CellId p1 = other_end(across, c1);
                if (owner[p1] < 0 || root(owner[p1]) == g) continue;
                for (int loop_edge : e.edges_of(c1)) {
                    if (!edge_on[loop_edge]) continue;
                    const CellId c2 = other_end(loop_edge, c1);
                    for (int facing : e.edges_of(p1)) {
                        if (!edge_on[facing]) continue;
                        // p2 lies in p1's group, never in g: it is neither c1 nor c2.
                        const CellId p2 = other_end(facing, p1);
                        const int closing = e.edge_between(c2, p2);
                        if (closing < 0 || edge_on[closing]) continue;
                        edge_on[loop_edge] = edge_on[facing] = 0;
                        edge_on[across] = edge_on[closing] = 1;
                        parent[g] = root(owner[p1]);
                        return true;
                    }
                }
            }
        return false;
    };

    // Loops merged into another loop keep their own cell lists; a group's cells are the union of
    // the lists of the loops whose root it is, so each pass walks every loop still outside the
    // paths. Each splice removes one group, so at most loops.size() splices happen; a pass
    // without one leaves the rest as they are.
    while (true) {
        bool left = false, progress = false;
        for (int k = 0; k < static_cast<int>(d.loops.size()); ++k) {
            const int g = root(paths + k);
            if (g < paths) continue;
            left = true;
            progress |= splice_one(g, d.loops[k]);
        }
        if (!left) return true;
        if (!progress) return false;
    }
}

}  // namespace nl

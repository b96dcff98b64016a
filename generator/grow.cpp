#include "generator/grow.hpp"

namespace nl::gen {

namespace {

bool has_free_neighbour(const Layout& l, CellId c) {
    for (CellId n : grid_neighbours(l.width, l.height, c))
        if (l.owner[n] == kEmpty) return true;
    return false;
}

}  // namespace

void grow_paths(Layout& layout, Rng& rng) {
    UnionFind sets(layout.cell_count());
    std::vector<CellId> starts, steps;
    for (;;) {
        starts.clear();
        for (CellId c = 0; c < layout.cell_count(); ++c)
            if (layout.owner[c] == kEmpty && has_free_neighbour(layout, c)) starts.push_back(c);
        if (starts.empty()) return;

        const int id = static_cast<int>(layout.paths.size());
        std::vector<CellId> path{rng.pick(starts)};
        layout.owner[path[0]] = id;
        for (;;) {
            const CellId head = path.back();
            steps.clear();
            for (CellId k : grid_neighbours(layout.width, layout.height, head)) {
                if (layout.owner[k] != kEmpty) continue;
                bool alone = true;  // k's only neighbour on this path is the head
                for (CellId n : grid_neighbours(layout.width, layout.height, k))
                    if (n != head && layout.owner[n] >= 0 && sets.same(n, head)) alone = false;
                if (alone) steps.push_back(k);
            }
            if (steps.empty()) break;
            const CellId next = rng.pick(steps);
            sets.unite(head, next);
            layout.owner[next] = id;
            path.push_back(next);
        }
        layout.paths.push_back(std::move(path));
    }
}

}  // namespace nl::gen

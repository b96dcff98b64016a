// Clauses that leave out the solutions with a "downhill corner" (count.cpp,
// decide_through_adc, says why `unique` under nikoli rules stays exact without them).
#include "encoder/encoding.hpp"

namespace nl {

bool corner_order_applies(const Puzzle& p) { return p.layers == 1 && p.square_grid(); }

void add_corner_order_clauses(const Puzzle& p, Encoding& e) {
    auto movable = [&](CellId c) { return !p.is_blocked(c) && !p.is_terminal(c); };
    for (CellId a = 0; a < p.cell_count(); ++a) {
        if (!movable(a)) continue;
        const auto around = p.neighbours(a);
        for (std::size_t i = 0; i < around.size(); ++i) {
            for (std::size_t j = i + 1; j < around.size(); ++j) {
                const CellId n1 = around[i], n2 = around[j];
                const int x1 = e.edge_between(a, n1), x2 = e.edge_between(a, n2);
                if (x1 < 0 || x2 < 0) continue;
                // e: another common neighbour of a's two neighbours, before a in cell order.
                for (CellId c : p.neighbours(n1)) {
                    if (c >= a || !movable(c) || !p.adjacent(c, n2)) continue;
                    e.cnf.add({-e.edges[x1].var, -e.edges[x2].var, used_var(p, e, c)});
                }
            }
        }
    }
}

}  // namespace nl

// No-touch and square clauses.
//
// No-touch (adc and strict rules, or speculatively on touch-allowed rules): two adjacent cells
// that carry the same label must be joined by an edge, i.e. consecutive on the path.
//  - one-hot: (-x[u][l] | -x[v][l] | e) for each label l;
//  - binary: auxiliary d[k] -> "bit k differs" for each bit, then (e | d[0] | ... | d[B-1]),
//    with (-used[u] | -used[v]) added on no-fill boards, where an unused cell's bits are free.
// Squares (sound under every rule): the four edges of a 4-cycle (a 2x2 block in a layer, or
// one between layers) never all hold: that would be a closed loop. Under no-touch at most two of
// them hold: three edges of a 4-cycle form a path whose ends are adjacent, which is a touch.
// Squares are found in the adjacency graph itself, so vias and layers need no special case.
// Triangles (three cells each next to the other two: hex boards, warps), likewise: their three
// edges never all hold (a closed loop), and under no-touch at most one does (two edges of a
// triangle form a path whose ends are adjacent, a touch). Square grids have none, so they are
// looked for only on boards that can have them.
#include <algorithm>

#include "encoder/parts.hpp"

namespace nl {

// used[c] <-> c has an edge (both directions: counting distinct colourings needs "c is empty"
// as well as "c is used"); created on first need and kept in Encoding::used_var.
int used_var(const Puzzle& p, Encoding& e, CellId c) {
    if (p.is_terminal(c)) return 0;
    if (e.used_var.empty()) e.used_var.assign(p.cell_count(), 0);
    int& used = e.used_var[c];
    if (used) return used;
    used = e.cnf.new_var();
    std::vector<int> some{-used};
    for (int i : e.edges_of(c)) {
        e.cnf.add({-e.edges[i].var, used});
        some.push_back(e.edges[i].var);
    }
    e.cnf.add(some);
    return used;
}

}  // namespace nl

namespace nl::encoder {

void add_no_touch_edge(const Puzzle& p, Encoding& e, int index, bool fill, int guard) {
    const Edge& edge = e.edges[index];
    Cnf& cnf = e.cnf;
    if (e.coding == LabelCoding::OneHot) {
        for (int l = 0; l < static_cast<int>(p.labels.size()); ++l)
            add_guarded(cnf, guard, {-(e.value_base[edge.a] + l), -(e.value_base[edge.b] + l), edge.var});
        return;
    }
    std::vector<int> clause{edge.var};
    for (int k = 0; k < e.value_bits; ++k) {
        const int bu = e.value_base[edge.a] + k, bv = e.value_base[edge.b] + k;
        const int d = cnf.new_var();
        cnf.add({-d, bu, bv});
        cnf.add({-d, -bu, -bv});
        clause.push_back(d);
    }
    if (!fill)
        for (CellId c : {edge.a, edge.b})
            if (int used = used_var(p, e, c)) clause.push_back(-used);
    add_guarded(cnf, guard, clause);
}

void add_no_touch(const Puzzle& p, Encoding& e, bool fill, int guard) {
    for (int i = 0; i < static_cast<int>(e.edges.size()); ++i) add_no_touch_edge(p, e, i, fill, guard);
}

void add_squares(const Puzzle& p, Encoding& e, bool touch, int guard) {
    for (CellId a = 0; a < p.cell_count(); ++a) {
        auto na = p.neighbours(a);
        for (std::size_t i = 0; i < na.size(); ++i)
            for (std::size_t j = i + 1; j < na.size(); ++j) {
                const CellId b = std::min(na[i], na[j]), c = std::max(na[i], na[j]);
                if (b < a) continue;  // a is the smallest cell of the cycle
                for (CellId d : p.neighbours(b)) {
                    if (d <= a || d == c || !p.adjacent(c, d)) continue;
                    const int ab = e.edges[e.edge_between(a, b)].var;
                    const int ac = e.edges[e.edge_between(a, c)].var;
                    const int bd = e.edges[e.edge_between(b, d)].var;
                    const int cd = e.edges[e.edge_between(c, d)].var;
                    if (touch) {
                        add_guarded(e.cnf, guard, {-ab, -ac, -bd, -cd});
                    } else {
                        add_guarded(e.cnf, guard, {-ab, -ac, -bd});
                        add_guarded(e.cnf, guard, {-ab, -ac, -cd});
                        add_guarded(e.cnf, guard, {-ab, -bd, -cd});
                        add_guarded(e.cnf, guard, {-ac, -bd, -cd});
                    }
                }
            }
    }
}

void add_triangles(const Puzzle& p, Encoding& e, bool touch) {
    if (p.geometry != Geometry::Hex && p.warps.empty()) return;
    for (CellId a = 0; a < p.cell_count(); ++a) {
        auto na = p.neighbours(a);
        for (std::size_t i = 0; i < na.size(); ++i)
            for (std::size_t j = i + 1; j < na.size(); ++j) {
                const CellId b = na[i], c = na[j];
                if (b < a || c < a || !p.adjacent(b, c)) continue;  // a is the smallest cell
                const int ab = e.edges[e.edge_between(a, b)].var;
                const int ac = e.edges[e.edge_between(a, c)].var;
                const int bc = e.edges[e.edge_between(b, c)].var;
                if (touch) {
                    e.cnf.add({-ab, -ac, -bc});
                } else {
                    e.cnf.add({-ab, -ac});
                    e.cnf.add({-ab, -bc});
                    e.cnf.add({-ac, -bc});
                }
            }
    }
}

}  // namespace nl::encoder

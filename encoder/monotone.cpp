// Speculative "monotone lines": every line runs monotonically along its major axis.
//
// Why: the ADC's designed problems are packings where lines nest like brackets (2017 Q33: 142
// lines on four square rings, each joining two ends of one side; line k must leave its layer,
// run past the lines nested inside it and come back). Plain CDCL explores every winding of
// every line and found nothing in 150 s; told that no line ever turns back along the axis on
// which its ends lie farthest apart, CaDiCaL solved the exported CNF in 0.44 s and our solver
// does it in a fraction of a second (docs/adc.md). Most lines of a routed board have that
// property anyway: a detour against the direction of travel is what a short wire avoids.
//
// The constraint, for the line L with ends s = ends[0] and t = ends[1] and the axes A(L): x when
// |dx| >= |dy|, y when |dy| >= |dx| (both on a tie; none when s and t share x and y, i.e. the
// ends are stacked on layers), where d = t - s: along the path from s to t no step on an axis
// of A(L) goes against the sign of d on it. Steps on other axes (and between layers) are free.
//
// Variables: per edge, its direction of travel f (true: from its lower-numbered cell `a` to `b`);
// per cell, M_x, M_y ("the line here is monotone on x / y") and S_x, S_y ("... in the + sense"),
// the same along every edge in use, so they hold the line's values on its whole path (fixed at
// its ends). Clauses, all behind `guard`:
//  - orientation: a terminal s's edge in use leaves s, t's enters t; a cell with two edges in
//    use has one entering and one leaving, so every path is oriented from s to t;
//  - an edge in use on axis i in {x, y} at a cell with M_i is travelled in the sense S_i.
// A detached loop may satisfy them (its M all false, oriented round); under no-fill rules it is
// dropped like any other (solve_loop.hpp). Nothing here is needed for exactness: the clauses
// only remove models, so a model is still a model of the rules, and the solver drops the stage
// when it is unsatisfiable (solver/sat/solve.cpp).
#include <cstdlib>

#include "encoder/parts.hpp"

namespace nl {

bool monotone_applies(const Puzzle& p) {
    // Every edge must be one unit step along one axis: square grids without warps and bridges
    // (walls and vias only remove edges).
    return p.geometry == Geometry::Square && p.warps.empty() && p.bridges.empty();
}

namespace encoder {

void add_monotone(const Puzzle& p, Encoding& e, int guard) {
    const int n = p.cell_count();
    // Cell c's M_x, M_y, S_x, S_y are cell_base + 4c + 0..3; edge i's direction is dir_base + i.
    const int cell_base = e.cnf.new_vars(4 * n);
    auto M = [&](CellId c, int axis) { return cell_base + 4 * c + axis; };
    auto S = [&](CellId c, int axis) { return cell_base + 4 * c + 2 + axis; };
    const int dir_base = e.cnf.new_vars(static_cast<int>(e.edges.size()));
    // The literal "edge i is travelled out of cell c".
    auto out = [&](int i, CellId c) { return e.edges[i].a == c ? dir_base + i : -(dir_base + i); };

    for (std::size_t i = 0; i < e.edges.size(); ++i) {
        const Edge& edge = e.edges[i];
        const Coord ca = p.coord(edge.a), cb = p.coord(edge.b);
        const int f = dir_base + static_cast<int>(i);
        // Travelling a -> b moves by `step` on `axis` (z: no constraint).
        int axis = 2, step = cb.z - ca.z;
        if (cb.x != ca.x) axis = 0, step = cb.x - ca.x;
        else if (cb.y != ca.y) axis = 1, step = cb.y - ca.y;
        if (axis < 2) {
            const int m = M(edge.a, axis), s = S(edge.a, axis);
            const int forward = step > 0 ? s : -s;  // "a -> b goes the line's way on this axis"
            add_guarded(e.cnf, guard, {-edge.var, -m, -f, forward});
            add_guarded(e.cnf, guard, {-edge.var, -m, f, -forward});
        }
        for (int k = 0; k < 2; ++k)
            for (const auto& [u, v] : {std::pair{M(edge.a, k), M(edge.b, k)}, std::pair{S(edge.a, k), S(edge.b, k)}}) {
                add_guarded(e.cnf, guard, {-edge.var, -u, v});
                add_guarded(e.cnf, guard, {-edge.var, u, -v});
            }
    }

    std::vector<int> role(n, 0);  // +1: a line's start, -1: its end
    for (const Label& label : p.labels) {
        const Coord s = p.coord(label.ends[0]), t = p.coord(label.ends[1]);
        const int d[2] = {t.x - s.x, t.y - s.y};
        const int major = std::max(std::abs(d[0]), std::abs(d[1]));
        for (CellId c : label.ends) {
            for (int k = 0; k < 2; ++k) {
                const bool monotone = major > 0 && std::abs(d[k]) == major;
                add_guarded(e.cnf, guard, {monotone ? M(c, k) : -M(c, k)});
                add_guarded(e.cnf, guard, {d[k] >= 0 ? S(c, k) : -S(c, k)});
            }
        }
        role[label.ends[0]] = 1;
        role[label.ends[1]] = -1;
    }

    for (CellId c = 0; c < n; ++c) {
        if (p.is_blocked(c)) continue;
        const auto incident = e.edges_of(c);
        if (role[c]) {
            for (int i : incident) add_guarded(e.cnf, guard, {-e.edges[i].var, role[c] > 0 ? out(i, c) : -out(i, c)});
            continue;
        }
        for (std::size_t j = 0; j < incident.size(); ++j)
            for (std::size_t k = j + 1; k < incident.size(); ++k) {
                const int e1 = e.edges[incident[j]].var, e2 = e.edges[incident[k]].var;
                const int o1 = out(incident[j], c), o2 = out(incident[k], c);
                add_guarded(e.cnf, guard, {-e1, -e2, -o1, -o2});  // not both leaving
                add_guarded(e.cnf, guard, {-e1, -e2, o1, o2});    // not both entering
            }
    }
}

}  // namespace encoder
}  // namespace nl

// Exact acyclicity: no model keeps a loop of edges detached from every terminal.
//
// Under the degree and label clauses the true edges form paths between a label's two terminals
// and, besides, cycles through non-terminal cells only (terminals have degree 1). So it is enough
// to refuse cycles among the *inner* cells (unblocked, non-terminal); edges at terminals need
// nothing. Design: an order on inner cells in which no inner cell is a local minimum of its path.
//
//  - Key. Each inner cell c gets a rank r[c], a binary number of B bits; the strict total order
//    is key(c) = (r[c], c), ties broken by the cell index. For an edge (a, b) between inner
//    cells (a < b as everywhere in Encoding) key(a) < key(b) <=> r[a] <= r[b], one variable
//    g = [r[a] <= r[b]], defined exactly by a carry chain from the low bit: with x = r[a],
//    y = r[b], g_0 = -x_0 | y_0 and g_k = MAJ(-x_k, y_k, g_(k-1)) (x <= y is the carry of
//    y + ~x + 1); g = g_(B-1). Bit 0: 3 clauses, each higher bit 6 of 3 literals (both
//    directions of MAJ). Both directions are needed: b reads g, a reads -g (below).
//  - Local minima. "In(c, e)": edge e's other cell comes before c (g for c = b, -g for c = a;
//    true for an edge to a terminal, which counts as coming first). For every inner cell c and
//    pair of edges e, f of c to inner cells: (-e | -f | In(c,e) | In(c,f)).
//  Sound: on a detached cycle (inner cells only) the cell of smallest key has both cycle edges
//  leaving it, so its pair clause fails. Complete: orient each path one way and number its inner
//  cells p_1..p_k; r(p_1) = 0 and r rises by one at each step to a lower cell index (a
//  "descent"), so keys rise along the path; p_1 and p_k have a terminal edge, every other p_i
//  an edge from p_(i-1), so every pair clause holds. Unused cells keep r = 0 and g its value.
//  Bits: a path's inner cells lie in one connected component of the inner cells, of K cells;
//  of the k-1 <= K-1 steps, one orientation has at most floor((K-1)/2) descents (each step is a
//  descent in exactly one orientation), so B = ceil(log2(floor((K-1)/2) + 1)) per component.
//  B = 0 (K <= 2, where no cycle fits) leaves the index order alone: g is constant true.
// Nothing depends on the rules (fill or not: unused cells have no edge, their clauses hold) nor
// on the label coding; the graph is the adjacency graph, so layers, vias and blocked cells need
// no special case.
//
// Size: per inner cell B variables and C(d,2) clauses over its d inner neighbours (6 for 4);
// per inner-inner edge B variables and 6B-3 clauses of 3 literals. Only "no local minimum" is
// stated: "no local maximum" would be redundant, and is slower. The textbook design (two arc
// variables per edge, in/out degree 1 at every path cell, a strict comparator per arc,
// ceil(log2 cells)-bit ranks on every cell) is two to three times larger and slower still;
// solving over either is slower than lazy cuts, the default (figures: docs/performance.md,
// "Acyclicity encoding").
#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "encoder/parts.hpp"

namespace nl::encoder {

namespace {

// Bits of rank for a component of `size` inner cells (see the header).
int rank_bits(int size) {
    const int values = (size - 1) / 2 + 1;
    int bits = 0;
    while ((1 << bits) < values) ++bits;
    return bits;
}

// Adds the chain g_k and returns g = [x <= y] for the B-bit numbers based at x and y.
int less_equal(Cnf& cnf, int x_base, int y_base, int bits) {
    int prev = 0;
    for (int k = 0; k < bits; ++k) {
        const int x = x_base + k, y = y_base + k, g = cnf.new_var();
        if (k == 0) {
            cnf.add({-g, -x, y});  // g -> (-x | y)
            cnf.add({g, x});       // -x -> g
            cnf.add({g, -y});      // y -> g
        } else {                   // g <-> MAJ(-x, y, prev)
            cnf.add({-g, -x, y});
            cnf.add({-g, -x, prev});
            cnf.add({-g, y, prev});
            cnf.add({g, x, -y});
            cnf.add({g, x, -prev});
            cnf.add({g, -y, -prev});
        }
        prev = g;
    }
    return prev;
}

bool is_inner(const Puzzle& p, CellId c) { return !p.is_blocked(c) && !p.is_terminal(c); }

// Connected components of the inner cells (comp, -1 elsewhere) and their rank widths (bits).
void inner_components(const Puzzle& p, std::vector<int>& comp, std::vector<int>& bits) {
    const int n = p.cell_count();
    auto inner = [&](CellId c) { return is_inner(p, c); };
    comp.assign(n, -1);
    bits.clear();
    for (CellId s = 0; s < n; ++s) {
        if (!inner(s) || comp[s] >= 0) continue;
        const int id = static_cast<int>(bits.size());
        std::vector<CellId> stack{s};
        comp[s] = id;
        int size = 0;
        while (!stack.empty()) {
            const CellId c = stack.back();
            stack.pop_back();
            ++size;
            for (CellId d : p.neighbours(c))
                if (inner(d) && comp[d] < 0) {
                    comp[d] = id;
                    stack.push_back(d);
                }
        }
        bits.push_back(rank_bits(size));
    }
}

}  // namespace

ComparatorCount count_acyclic_comparators(const Puzzle& p) {
    std::vector<int> comp, bits;
    inner_components(p, comp, bits);
    ComparatorCount count;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (is_inner(p, c))
            for (CellId d : p.neighbours(c))
                if (c < d && is_inner(p, d) && bits[comp[c]] > 0) {
                    ++count.comparators;
                    count.bits += static_cast<std::uint64_t>(bits[comp[c]]);
                }
    return count;
}

void add_acyclic(const Puzzle& p, Encoding& e, bool /*fill: the clauses hold either way*/) {
    const int n = p.cell_count();
    Cnf& cnf = e.cnf;
    auto inner = [&](CellId c) { return is_inner(p, c); };
    std::vector<int> comp, bits;
    inner_components(p, comp, bits);

    std::vector<int> rank(n, 0);  // first bit variable (bit 0 = least significant)
    for (CellId c = 0; c < n; ++c)
        if (inner(c) && bits[comp[c]] > 0) {
            rank[c] = cnf.new_vars(bits[comp[c]]);
        }

    // before[i]: literal "key(a) < key(b)" of an inner-inner edge; 0 means constant true.
    std::vector<int> before(e.edges.size(), 0);
    for (std::size_t i = 0; i < e.edges.size(); ++i) {
        const Edge& edge = e.edges[i];
        if (!inner(edge.a) || !inner(edge.b)) continue;
        const int b = bits[comp[edge.a]];
        if (b > 0) before[i] = less_equal(cnf, rank[edge.a], rank[edge.b], b);
    }

    // In(c, e) per inner edge of c: a literal, kFalse (omitted) or kTrue (clause dropped); only
    // B = 0 gives constants: the cell with the lower index comes first.
    constexpr int kFalse = 0, kTrue = INT_MAX;
    for (CellId c = 0; c < n; ++c) {
        if (!inner(c)) continue;
        std::vector<int> used, in;
        for (int i : e.edges_of(c)) {
            const Edge& edge = e.edges[i];
            if (!inner(edge.a) || !inner(edge.b)) continue;
            used.push_back(edge.var);
            if (before[i]) in.push_back(edge.b == c ? before[i] : -before[i]);
            else in.push_back(edge.b == c ? kTrue : kFalse);
        }
        for (std::size_t j = 0; j < used.size(); ++j)
            for (std::size_t k = j + 1; k < used.size(); ++k) {
                if (in[j] == kTrue || in[k] == kTrue) continue;
                std::vector<int> clause{-used[j], -used[k]};
                for (int lit : {in[j], in[k]})
                    if (lit != kFalse) clause.push_back(lit);
                cnf.add(clause);
            }
    }
}

}  // namespace nl::encoder

// Value (label) variables.
//
// One-hot (few labels): x[c][l] is true when cell c carries label l.
//  - terminal of label l: x = l (units);
//  - an edge forces equal values at its ends: (-e | -x[u][l] | x[v][l]) and symmetric;
//  - fill: every cell carries some label (at least one); at most one is implied by the edges
//    for every cell on a path, but stating it locally (pairwise for few labels, a sequential
//    counter above) lets the solver propagate it at once;
//  - no fill: a used cell (one with an edge) carries a label, and a cell with a label is used:
//    (-e | x[c][0] | ... ) for each edge e of c, and (-x[c][l] | edges of c).
// Binary (many labels, e.g. ADC boards with 1,000 lines): bits b[c][k], label l coded as the
// number l; an edge forces equal bits. Codes that name no label need no clause: a cell on a path
// gets the code of the path's terminals, and cells on detached loops are cut or dropped.
#include "encoder/parts.hpp"

namespace nl::encoder {

namespace {

void one_hot(const Puzzle& p, Encoding& e, bool fill) {
    const int labels = static_cast<int>(p.labels.size());
    Cnf& cnf = e.cnf;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (p.is_blocked(c)) continue;
        e.value_base[c] = cnf.new_vars(labels);
        std::vector<int> x(labels);
        for (int l = 0; l < labels; ++l) x[l] = e.value_base[c] + l;
        if (p.is_terminal(c)) {
            for (int l = 0; l < labels; ++l) cnf.add({l == p.terminal_label[c] ? x[l] : -x[l]});
            continue;
        }
        cnf.at_most_one(x);
        if (fill) {
            cnf.add(x);
            continue;
        }
        std::vector<int> around;
        for (int i : e.edges_of(c)) around.push_back(e.edges[i].var);
        for (int v : around) {
            std::vector<int> clause{-v};
            clause.insert(clause.end(), x.begin(), x.end());
            cnf.add(clause);
        }
        for (int l = 0; l < labels; ++l) {
            std::vector<int> clause{-x[l]};
            clause.insert(clause.end(), around.begin(), around.end());
            cnf.add(clause);
        }
    }
    for (const Edge& edge : e.edges)
        for (int l = 0; l < labels; ++l) {
            const int xu = e.value_base[edge.a] + l, xv = e.value_base[edge.b] + l;
            cnf.add({-edge.var, -xu, xv});
            cnf.add({-edge.var, xu, -xv});
        }
}

void binary(const Puzzle& p, Encoding& e) {
    const int labels = static_cast<int>(p.labels.size());
    int bits = 1;
    while ((1 << bits) < labels) ++bits;
    e.value_bits = bits;
    Cnf& cnf = e.cnf;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (p.is_blocked(c)) continue;
        e.value_base[c] = cnf.new_vars(bits);
        if (p.is_terminal(c))
            for (int k = 0; k < bits; ++k) {
                const int b = e.value_base[c] + k;
                cnf.add({(p.terminal_label[c] >> k) & 1 ? b : -b});
            }
    }
    for (const Edge& edge : e.edges)
        for (int k = 0; k < bits; ++k) {
            const int bu = e.value_base[edge.a] + k, bv = e.value_base[edge.b] + k;
            cnf.add({-edge.var, -bu, bv});
            cnf.add({-edge.var, bu, -bv});
        }
}

}  // namespace

void add_labels(const Puzzle& p, Encoding& e, bool fill) {
    e.value_base.assign(p.cell_count(), 0);
    if (e.coding == LabelCoding::Binary)
        binary(p, e);
    else
        one_hot(p, e, fill);
}

}  // namespace nl::encoder

// Degree constraints on the edge variables around each cell.
//
//  - terminal: exactly one incident edge (at least one, and pairwise at most one);
//  - other cell, fill rules: exactly two (for each edge, one of the others: at least two; for each
//    triple, not all three: at most two);
//  - other cell, no-fill rules: none or two (at most two, and each edge needs a second one).
// A cell has at most 6 edges (4 in a layer, 2 between layers), so the direct clauses are small:
// at most 20 triples, 6 clauses of 5 literals.
// Speculative fill on a no-fill puzzle (add_fill_degree) adds only the "at least two" half, the
// rest being there already; behind a guard, or hard in a first attempt.
#include "encoder/parts.hpp"

namespace nl::encoder {

namespace {

std::vector<int> vars_around(const Encoding& e, CellId c) {
    std::vector<int> vars;
    for (int i : e.edges_of(c)) vars.push_back(e.edges[i].var);
    return vars;
}

// For each edge, at least one other edge: "degree is not exactly 1" (and, with fill,
// "not 0" via the caller's clause).
void each_needs_another(Cnf& cnf, const std::vector<int>& vars, bool unconditional, int guard) {
    for (std::size_t i = 0; i < vars.size(); ++i) {
        std::vector<int> clause;
        if (!unconditional) clause.push_back(-vars[i]);
        for (std::size_t j = 0; j < vars.size(); ++j)
            if (j != i) clause.push_back(vars[j]);
        add_guarded(cnf, guard, clause);
    }
    // With fill a cell with no edge at all must be refused too: when a cell has fewer than
    // two possible edges the clauses above are empty (unsatisfiable), as they should be.
    if (unconditional && vars.empty()) add_guarded(cnf, guard, std::vector<int>{});
}

void at_most(Cnf& cnf, const std::vector<int>& v, int k) {
    const std::size_t n = v.size();
    if (k == 1) {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) cnf.add({-v[i], -v[j]});
        return;
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            for (std::size_t l = j + 1; l < n; ++l) cnf.add({-v[i], -v[j], -v[l]});
}

}  // namespace

void add_fill_degree(const Puzzle& p, Encoding& e, int guard) {
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (!p.is_blocked(c) && !p.is_terminal(c)) each_needs_another(e.cnf, vars_around(e, c), true, guard);
}

void add_degree(const Puzzle& p, Encoding& e, bool fill) {
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (p.is_blocked(c)) continue;
        const auto vars = vars_around(e, c);
        if (p.is_terminal(c)) {
            e.cnf.add(vars);  // at least one (empty, hence unsatisfiable, when isolated)
            at_most(e.cnf, vars, 1);
        } else {
            at_most(e.cnf, vars, 2);
            each_needs_another(e.cnf, vars, fill, 0);
        }
    }
}

}  // namespace nl::encoder

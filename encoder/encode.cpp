// encode(): creates the edge variables and combines the techniques.
#include <algorithm>

#include "encoder/parts.hpp"

namespace nl {

int Encoding::edge_between(CellId a, CellId b) const {
    for (int i : edges_of(a))
        if (edges[i].a == b || edges[i].b == b) return i;
    return -1;
}

namespace {

void make_edges(const Puzzle& p, Encoding& e) {
    const int n = p.cell_count();
    for (CellId c = 0; c < n; ++c)
        for (CellId d : p.neighbours(c))
            if (c < d) e.edges.push_back({c, d, e.cnf.new_var()});
    // Incidence lists in each cell's neighbour order.
    e.cell_edge_start.assign(n + 1, 0);
    e.cell_edges.reserve(2 * e.edges.size());
    std::vector<int> first_edge(n + 1, 0);  // edges are grouped by their first cell
    for (std::size_t i = 0, c = 0; c < static_cast<std::size_t>(n); ++c) {
        first_edge[c] = static_cast<int>(i);
        while (i < e.edges.size() && e.edges[i].a == static_cast<CellId>(c)) ++i;
    }
    first_edge[n] = static_cast<int>(e.edges.size());
    for (CellId c = 0; c < n; ++c) {
        e.cell_edge_start[c] = static_cast<std::int32_t>(e.cell_edges.size());
        for (CellId d : p.neighbours(c)) {
            const CellId lo = std::min(c, d), hi = std::max(c, d);
            for (int i = first_edge[lo]; i < first_edge[lo + 1]; ++i)
                if (e.edges[i].b == hi) e.cell_edges.push_back(i);
        }
    }
    e.cell_edge_start[n] = static_cast<std::int32_t>(e.cell_edges.size());
}

}  // namespace

void add_no_touch_clause(const Puzzle& p, Encoding& e, int index) {
    encoder::add_no_touch_edge(p, e, index, e.rules.fill, 0);
}

LabelCoding resolve_coding(const Puzzle& p, LabelCoding requested) {
    if (requested != LabelCoding::Auto) return requested;
    return static_cast<int>(p.labels.size()) > kOneHotMaxLabels ? LabelCoding::Binary : LabelCoding::OneHot;
}

std::uint64_t min_cnf_literals(const Puzzle& p, LabelCoding coding) {
    std::uint64_t ends = 0;  // edge ends: twice the edges
    for (CellId c = 0; c < p.cell_count(); ++c) ends += p.neighbours(c).size();
    const std::uint64_t labels = p.labels.size();
    std::uint64_t values = labels;  // value variables per cell
    if (resolve_coding(p, coding) == LabelCoding::Binary) {
        values = 1;
        while ((std::uint64_t{1} << values) < labels) ++values;
    }
    return ends / 2 * values * 8;
}

Encoding encode(const Puzzle& p, Rules rules, const EncodeOptions& options, const std::function<void()>& poll) {
    Encoding e;
    e.rules = rules;
    e.cnf.poll = poll;
    p.adjacency(poll);  // the graph of a huge board is a pass of its own: under the poll
    // Room for the whole CNF at once (address space only: pages become resident when written).
    // Growing the buffer by doubling copied up to a gigabyte at a time (a 1000x1000 board with
    // 91,000 labels), seconds in which the deadline was not polled. The estimate: the label
    // clauses (min_cnf_literals) and about 30 literals per edge for the rest (measured 28 on an
    // empty 1000x1000 board under flow rules); a wrong estimate costs one more doubling.
    std::uint64_t ends = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) ends += p.neighbours(c).size();
    e.cnf.literals.reserve(static_cast<std::size_t>(min_cnf_literals(p, options.coding) + ends / 2 * 32));
    make_edges(p, e);
    e.coding = resolve_coding(p, options.coding);
    const bool fill_extra = options.speculate_fill && !rules.fill;
    const bool uturn_extra = options.speculate_no_uturn && rules.touch;
    if (fill_extra && !options.speculate_hard) e.fill_guard = e.cnf.new_var();
    if (uturn_extra && !options.speculate_hard) e.uturn_guard = e.cnf.new_var();
    const bool monotone_extra = options.speculate_monotone && monotone_applies(p);
    if (monotone_extra && !options.speculate_hard) e.monotone_guard = e.cnf.new_var();

    encoder::add_degree(p, e, rules.fill);
    if (fill_extra) encoder::add_fill_degree(p, e, e.fill_guard);
    encoder::add_labels(p, e, rules.fill);
    encoder::add_squares(p, e, true, 0);  // a 2x2 loop is never part of a solution
    encoder::add_triangles(p, e, rules.touch);
    if (!rules.touch) {
        if (!options.lazy_no_touch) encoder::add_no_touch(p, e, rules.fill, 0);
        encoder::add_squares(p, e, false, 0);
    } else if (uturn_extra) {
        encoder::add_squares(p, e, false, e.uturn_guard);
    }
    if (monotone_extra) {
        const std::size_t before = e.cnf.num_clauses;
        encoder::add_monotone(p, e, e.monotone_guard);
        e.monotone_clauses = e.cnf.num_clauses - before;
    }
    e.acyclic = options.acyclic;
    if (options.acyclic) encoder::add_acyclic(p, e, rules.fill);
    e.cnf.poll = nullptr;  // it may refer to the caller's state; later clauses are few
    return e;
}

}  // namespace nl

// Internal: the techniques encode() combines, one file each. `guard` (0 for none) turns every
// clause a technique adds into (-guard OR clause), so it holds only while guard is assumed.
#pragma once

#include <cstdint>

#include "encoder/encoding.hpp"

namespace nl::encoder {

// degree.cpp: terminals have exactly one edge, other cells exactly two (fill) or none or two.
void add_degree(const Puzzle& p, Encoding& e, bool fill);
void add_fill_degree(const Puzzle& p, Encoding& e, int guard);  // "at least two" at non-terminals

// labels.cpp: value variables, terminal values, equal values along edges, and (no fill) which
// cells are used.
void add_labels(const Puzzle& p, Encoding& e, bool fill);

// touch.cpp: no-touch (adjacent cells of one label must be joined by an edge) and the sound
// 2x2-square clauses.
void add_no_touch(const Puzzle& p, Encoding& e, bool fill, int guard);
void add_no_touch_edge(const Puzzle& p, Encoding& e, int index, bool fill, int guard);
void add_squares(const Puzzle& p, Encoding& e, bool touch, int guard);
void add_triangles(const Puzzle& p, Encoding& e, bool touch);

// monotone.cpp: every line monotone along its major axis (a speculation: guard != 0).
void add_monotone(const Puzzle& p, Encoding& e, int guard);

// acyclic.cpp: exact acyclicity by ordering cells along each path.
void add_acyclic(const Puzzle& p, Encoding& e, bool fill);
// The comparators add_acyclic creates, for size bounds: one per edge between inner cells in a
// component with rank bits, of `bits` bits in all; bit 0 costs 3 clauses (7 literals), each
// further bit 6 clauses of 3.
struct ComparatorCount {
    std::uint64_t comparators = 0, bits = 0;
};
ComparatorCount count_acyclic_comparators(const Puzzle& p);

// Adds `clause`, prefixed by -guard when guard != 0.
inline void add_guarded(Cnf& cnf, int guard, std::initializer_list<int> clause) {
    if (!guard) return cnf.add(clause);
    std::vector<int> c{-guard};
    c.insert(c.end(), clause.begin(), clause.end());
    cnf.add(c);
}
inline void add_guarded(Cnf& cnf, int guard, std::vector<int> clause) {
    if (guard) clause.insert(clause.begin(), -guard);
    cnf.add(clause);
}

}  // namespace nl::encoder

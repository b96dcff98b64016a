// Splicing detached loops into paths: under fill rules with touching allowed (flow), a SAT model
// whose only flaw is a few loops detached from every terminal is usually one local change away
// from a solution.
//
// The splice: a loop's edge (c1, c2) and an edge (p1, p2) of a path that face each other
// across a 4-cycle c1 - c2 - p2 - p1 (edges c1-p1 and c2-p2 exist in the graph and are unused):
// drop (c1, c2) and (p1, p2), add (c1, p1) and (c2, p2). The path now runs p1 - c1 - ... around
// the loop ... - c2 - p2 and covers every cell of the loop; every cell keeps its degree, so the
// ends and the filling are unchanged, and touching is allowed. Two loops facing each other
// likewise become one loop, which may then reach a path.
//
// Why: on sparse flow boards (a 22x22 board with 7 labels) SAT answers with loops in most
// models, and cutting them one boundary clause at a time took 81 SAT calls, 620 cuts and 6.7 s
// on one board; splicing turns the first model into an answer.
//
// Exactness: this only finds answers; each goes through the checker like every SAT answer, and
// when the loops cannot all be spliced the caller cuts them with clauses. No verdict depends on it,
// and it is never used where models are counted or enumerated (each splice turns one model into
// another).
#pragma once

#include <vector>

#include "decoder/decode.hpp"

namespace nl {

// Splices every loop of `decoded` into a path by the move above, changing `edge_on` (indexed as
// encoding.edges). Returns true when no loop is left; edge_on then decodes to paths only. On
// false, edge_on may hold some splices already (it still satisfies the degree constraints).
bool splice_loops_into_paths(const Puzzle& puzzle, const Encoding& encoding, std::vector<char>& edge_on,
                             const Decoded& decoded);

}  // namespace nl

// Redundant bounds for the proved minimum length (min_length.hpp): how far each line must
// stray from its shortest route (its largest excess), and how often it must turn back (on
// bipartite boards), summed over the lines, as cardinality constraints the SAT solver can
// propagate per line and per cell.
//
// Why it holds. Let line i run from a to b, with dist the distance (in links) on the board
// where blocked cells and the other lines' endpoints are obstacles, and the other lines
// ignored. A path of line i through a cell c has at least dist(a,c) + dist(c,b) + 1 cells; its
// shortest route has dist(a,b) + 1. So if the line uses c, its length exceeds its shortest by at
// least excess(c) = dist(a,c) + dist(c,b) - dist(a,b), and its own slack (length minus shortest)
// is at least the largest excess of its cells. Summed over the lines, the total length is at
// least D + sum of these maxima, D the sum of the shortest routes. "Total length at most L" thus
// implies "sum of the lines' largest excesses at most L - D": adding that under the same
// assumption removes no solution, while the solver learns at once, at slack s, that no line may
// enter a cell whose excess for it exceeds s (at s = 0: every line stays inside the corridor of
// its shortest routes).
//
// Encoding: per line, unary variables u[i][k] ("line i's largest excess is at least k + 1",
// k < cap), forced by (not used(c) or not "c carries label i" or u[i][excess - 1]) and chained
// downwards; the lines' unary numbers are summed by a totalizer capped at `cap`. Only forcing
// clauses (the "at least" direction) are added, which is all an upper bound needs. A cell a line
// cannot reach from its ends counts as excess `cap`: no solution puts the line there (a line is
// a connected path between its ends), so the clause holds in every solution and only keeps
// detached label cycles out of models.
// Boards with bridges are left out: a path through a lane counts differently; so are boards
// where lines x cells exceeds two million (line_slack.cpp, kMaxLineCells).
//
// On bipartite boards (min_length.cpp, length_step) a second count: turn-backs. Along a path of
// line i from a, each step changes dist(a, .) by exactly one (neighbours lie on opposite sides,
// and both are reachable), so with F steps away from a and B towards it, F - B = dist(a, b) and
// the line's slack (length minus shortest) is (F + B) - (F - B) = 2B. Every run of steps towards
// a starts after a step away (none can start at a, where the distance is 0), at a cell whose two
// path neighbours are both nearer to a: a turn-back, never an end. So B is at least the line's
// turn-backs, and "sum of the slacks at most s" implies "at most s / 2 turn-backs on all lines".
// A used cell carrying label i with no used link to a neighbour farther from a is one (a used
// non-end cell has two links); the count is a totalizer over those indicators. At slack 0 it
// says every line only moves away from its first end: shortest, even inside the corridor where
// every cell has excess 0 (an open rectangle between the ends), which the excess cannot see.
#pragma once

#include <vector>

#include "core/puzzle.hpp"
#include "encoder/encoding.hpp"

namespace nl {

// Distances in links from `from` to every node, walking the board's graph, with `obstacle`
// nodes never entered (INT_MAX: unreachable).
std::vector<int> line_distances(const Puzzle& p, CellId from, const std::vector<char>& obstacle);

// The nodes line `label` never enters: blocked cells and every other line's ends.
std::vector<char> line_obstacles(const Puzzle& p, int label);

// Appends to `clause` the literals "cell c does not carry label l" (one-hot: one variable;
// binary: every bit of l's code, negated), so that the clause reads "... or c does not carry l".
void add_not_label(const Encoding& enc, CellId c, int l, std::vector<int>& clause);

// The clause "c is a turn-back of line l, or ...": not used(c), or c does not carry l, or c has
// a used link to a neighbour farther from the line's first end (`from_a`). A used non-end cell
// of a path has two links; with neither going farther on a bipartite board, both go nearer, so
// the path turns back there and its slack is at least 2. The caller appends what that forces.
std::vector<int> turn_back_clause(const Puzzle& p, Encoding& enc, int l, CellId c, const std::vector<int>& from_a,
                                  const std::vector<char>& obstacle);

class LineSlack {
public:
    // Adds the clauses to enc.cnf for slacks up to cap - 1 (a question with slack at least cap
    // gets no literal). Does nothing when cap < 1, the board has bridges or is too big for a
    // clause per line and cell (all sound: the bounds only strengthen). `bipartite`: the
    // board's graph is (required for the turn-back count, which is otherwise left out).
    LineSlack(const Puzzle& puzzle, Encoding& enc, int cap, bool bipartite);
    // The literals to assume for "the lines' slacks sum to at most `slack`": the largest
    // excesses, and (bipartite boards) the turn-backs; none where the counts do not reach.
    std::vector<int> at_most(long slack) const;
    long shortest_total() const { return shortest_total_; }  // D: the lines' shortest routes, summed
    // The counters were added (not left out for the board's size, bridges or a line cut off);
    // shortest_total is then D.
    bool counted() const { return counted_; }

private:
    long shortest_total_ = 0;
    bool counted_ = false;
    std::vector<int> at_least_;  // at_least_[k]: the sum is at least k + 1
    std::vector<int> turn_backs_at_least_;  // [k]: at least k + 1 turn-backs on all lines
};

}  // namespace nl

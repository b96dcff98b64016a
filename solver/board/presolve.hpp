// Reasoning on the board before any encoding: links that every solution uses ("forced"), links
// that no solution uses ("dead"), and contradictions that prove a board unsolvable at once.
//
// An edge joins two adjacent unblocked cells and is "used" when they are consecutive on a path.
// In every solution a terminal has exactly one used edge and a cell on a path but not at its end
// exactly two; under fill rules every unblocked cell is on a path. The rules, applied until
// nothing changes (each with its argument):
//  - saturated: a cell that already has all the forced edges it can have (a terminal one, any
//    other cell two) uses none of its other edges;
//  - forced: a terminal with exactly one usable edge, and under fill a free cell with exactly
//    two, use them, since they need that many;
//  - dead end: a cell that needs more edges than it has usable ones (a terminal with none;
//    under fill, or once a forced edge reaches it, a free cell with fewer than two), or that has
//    more forced edges than it can use (a terminal two, another cell three), makes the board
//    unsolvable;
//  - unreachable (no-fill rules): a free cell with at most one usable edge is on no path (a
//    path cell needs two), so its edges are dead;
//  - unreachable regions: a path's cells are joined to its terminals by its used edges, so a
//    set of cells connected by usable edges without a terminal holds no path: under fill the
//    board is unsolvable, under no-fill its edges are dead (checked once propagation ends);
//  - corners (strict rules on a one-layer square grid; the argument is in corners.hpp): a free
//    cell that is no terminal uses two edges, either in a straight line or turning where the
//    corner rule allows it; an edge in none of the shapes left is dead, an edge in all of them
//    forced, and a cell with no shape left makes the board unsolvable (an empty strict board
//    whose corner cell has no terminal on its diagonal, at once);
//  - chains: forced edges join cells into chains, each carrying the label of a terminal on it;
//    an edge between two cells of one chain would close a loop, and an edge between chains of
//    two different labels would join those labels: neither is usable. When a forced edge does
//    either, the board is unsolvable.
// When every label's chain reaches both its ends, the forced edges are a candidate solution;
// the caller checks it with the checker like any other answer (under fill it must also cover
// the board, under no-touch rules it must not touch itself).
// Tests: tests/test_presolve.cpp compares each deduction with every solution the exhaustive
// oracle finds on thousands of random boards under every preset.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

struct Presolved {
    // Set when the board has no solution under the rules: the reason, beginning "forced:".
    std::optional<std::string> unsolvable;
    // Edges (pairs of adjacent cells, smaller first) that every solution uses, and that none does.
    std::vector<std::pair<CellId, CellId>> forced, dead;
    // When the forced edges join every label's two ends: those paths (not yet checked).
    std::optional<Solution> candidate;
    // The regions of cells joined by usable edges that hold a terminal (the `regions` rule):
    // per cell its region, -1 for blocked cells and cells on no path; `parts` of them. No usable
    // edge joins two regions, so each can be solved on its own (solver/sat/split.hpp).
    std::vector<int> part;
    int parts = 0;
};

// Which rules run (all by default); the tests switch each off and on alone.
struct PresolveRules {
    bool saturated = true, forced = true, dead_end = true, unreachable = true, chains = true, regions = true,
         corners = true;
};

// `poll` (optional) is called every 65,536 cells examined and may throw to stop (the solvers
// pass poll_budget: on a board of millions of cells presolving takes tenths of a second, past a
// short --timeout when it did not look at the clock).
Presolved presolve(const Puzzle& puzzle, Rules rules, const PresolveRules& which = {},
                   const std::function<void()>& poll = {});

}  // namespace nl

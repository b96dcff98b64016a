// Deciding from the board alone that it has no solution (or no filled one), before any search.
//
// Two exact arguments, each cheap (one walk over the board):
//  - Components. A path's consecutive cells are adjacent, so a path lies inside one connected
//    component of the non-blocked cells. A label whose two ends lie in different components has
//    no path: no solution under any rules.
//  - Parity (fill rules only). Colour each component with two colours so that neighbours
//    differ (possible when the component is bipartite: every grid, with or without layers,
//    vias and blocked cells, since the colour of (x, y, z) is the parity of x + y + z). A path
//    alternates colours, so its cells hold one more black than white cell when both ends are
//    black, one more white when both are white, and as many of each when the ends differ. Under
//    fill the paths of a component's labels cover the component exactly, so its black cells
//    minus its white cells must equal the sum of those +1 / -1 / 0 over its labels. And a
//    component that holds cells but no label cannot be covered at all. Components that are not
//    bipartite (none on today's boards) are left alone.
// Tests: tests/test_parity.cpp checks every "impossible" against the exhaustive oracle on
// thousands of random boards under every preset.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.hpp"

namespace nl {

// Why `puzzle` has no solution under `rules` by the arguments above, or nothing when they do
// not decide it (it may still have none). The reason names a cell of the component concerned.
// `poll` (optional) is called every 65,536 cells and may throw to stop (as presolve's).
// On one-layer square grids the components come from the rows' runs of open cells, elsewhere
// from a walk over the adjacency lists.
std::optional<std::string> unsolvable_by_parity(const Puzzle& puzzle, Rules rules,
                                                const std::function<void()>& poll = {});

// The walk over the adjacency lists, on any board: the same verdict and reason (tests hold the
// two to each other).
std::optional<std::string> unsolvable_by_parity_walk(const Puzzle& puzzle, Rules rules,
                                                     const std::function<void()>& poll = {});

}  // namespace nl

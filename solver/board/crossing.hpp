// Lines that would have to cross: an exact refutation on one-layer boards, under every rule.
//
// The argument. The free (non-blocked) cells with their orthogonal adjacencies form a plane
// graph: cell centres as points, adjacencies as unit segments. Take one face of it (the outside
// of the board's cells, the inside of a group of blocked cells, a 2x2 square of free cells) and
// walk its boundary once; say the ends a1, b1, a2, b2 of two lines A and B are met in that cyclic
// order (a cell the walk meets twice, at a cut cell, may be taken at either visit). Then no two
// disjoint paths join a1-a2 and b1-b2. Proof: put a new point z inside the face and join it to
// the four ends by curves inside the face, each reaching its end at the visit chosen; they can be
// drawn without crossing, and leave z in the order a1, b1, a2, b2. If paths P (a1-a2) and Q
// (b1-b2) were disjoint, the closed curve z-a1-P-a2-z would separate the plane in two; the
// curves to b1 and b2 leave z on its two sides and cross it nowhere else, so b1 and b2 lie on
// different sides, and Q joins them without meeting the curve: impossible (Jordan). The lines of
// any solution are disjoint paths (under fill or not, touching or not), so such a board has no
// solution.
//
// The check walks only the faces that meet a line's end (the others cannot hold one), each
// directed adjacency at most once, and on each face reads the labels at their first visit:
// their ends interleave exactly when the sequence does not reduce to nothing by cancelling
// adjacent equal labels (the stack test of balanced brackets).
//
// Scope: one-layer square grids without warps, walls or bridges (bridges let lines cross).
// Tests: tests/test_crossing.cpp checks every "impossible" against the exhaustive oracle on
// thousands of random boards under every preset.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.hpp"

namespace nl {

// Why two lines of `puzzle` would have to cross, naming them and the face, or nothing.
// `poll` (optional) is called every 65,536 steps and may throw to stop.
std::optional<std::string> lines_must_cross(const Puzzle& puzzle, const std::function<void()>& poll = {});

}  // namespace nl

// Lines that would have to cross: exact refutations on one-layer boards, under every rule.
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
// Spokes between two faces. Say lines L1..Lk (k >= 3) each have one end on face F and the other
// on a different face G. Put z in F and w in G, joined to the ends as above; a solution's lines
// then give k paths from z to w that meet only there. Take two of them that are neighbours round
// z: together they close a loop, and one of its two sides holds, at z, the wedge between them
// and nothing of the other paths. The other paths meet the loop only at z and w, so they stay on
// its other side all the way, and the two paths are neighbours round w as well, with the wedge on
// the same side, which seen from w is the other way round. So the order of the lines round G is
// the reverse of their order round F, up to rotation; on two walks that both keep their face on
// the same side (as the walk below does), an order that is not reversed proves the board
// unsolvable. Three lines whose orders agree name the reason. A line with ends on both faces
// could be read either way round and is left out (the argument holds for any subset).
//
// The check walks only the faces that meet a line's end (the others cannot hold one), each
// directed adjacency at most once, and on each face reads the labels at their first visit:
// their ends interleave exactly when the sequence does not reduce to nothing by cancelling
// adjacent equal labels (the stack test of balanced brackets). The spokes are grouped by their
// pair of faces (at most 16 pairs a line: a cell lies on at most four faces).
//
// Scope: one-layer square grids without warps, walls or bridges (bridges let lines cross).
// Tests: tests/test_crossing.cpp checks every "impossible" against the exhaustive oracle on
// thousands of random boards (and boards of spokes) under every preset, and against SAT on
// larger ones.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.hpp"

namespace nl {

// Why lines of `puzzle` would have to cross, naming them and the faces, or nothing.
// `poll` (optional) is called every 65,536 steps and may throw to stop.
std::optional<std::string> lines_must_cross(const Puzzle& puzzle, const std::function<void()>& poll = {});

}  // namespace nl

// Routing in 2x2 blocks, for filling sparse flow boards (a step of the route-and-fill engine,
// route_fill.hpp): every path covers whole blocks, and the empty blocks are then absorbed one by
// one, so that only the cells outside whole free blocks can stay empty.
//
// Why: routing thin paths and growing them into the empty cells (bump_into_empty) leaves a few
// cells of each chessboard colour scattered over the board, and on boards with 6-8 labels SAT
// could not rearrange them (a 36x32 board with 8 labels: windows of 742 of its 1,142 cells
// proved unfillable, whole-board SAT found nothing in 150 s). Whole blocks cannot leave such
// cells behind.
//
// The method, with the argument for each step:
//  - Blocks: the cells [2i - ox, 2i - ox + 1] x [2j - oy, 2j - oy + 1] on the board and not
//    blocked, for an offset (ox, oy) in {0, 1}^2 (clipped at the border). A block is open to
//    the routing when it has three or four such cells (a path can then cross it between any
//    two of its sides), or when it holds an end. No block may hold ends of two labels, and
//    each label's ends must have different chessboard colours (on whole blocks its path
//    covers an even number of cells, so its ends differ in colour).
//  - A coarse board, one cell per block, is routed by the router (route.hpp) without fill: a
//    label's coarse path B1 .. Bk is a chain of distinct blocks, no block on two chains. A
//    label with both ends in one block (k = 1) takes that block only.
//  - Each chain becomes a path covering all its 4k cells when its blocks are whole: in a 2x2
//    block, whose cells form a 4-cycle, a path from a cell e to a neighbour x of e covers the
//    block (e, the other neighbour of e, the cell diagonal to e, x). From s in B1 it leaves
//    towards B2 at the cell x1 of the facing side next to s (the other cell of that side when
//    s lies on it); each next block is entered at the cell next to the last exit, and left the
//    same way. In Bk the entry e has the colour of s (4(k - 1) cells lie before it), so t, of
//    the other colour, is a neighbour of e and the path ends there. k = 1: s and t differ in
//    colour, so they are neighbours in the block. Clipped blocks (and whole ones where nothing
//    better exists) take the simple path through the block that leaves the most cells covered
//    over the whole chain (a small dynamic programme, chain_path in the .cpp).
//  - Absorbing (spanning-tree coverage, Gabriely and Rimon 2001): an empty free block next to
//    a path edge (a, b) that lies along their common side (a - c and b - d neighbours across
//    it) becomes a - c - c' - d' - d - b, where c', d' are the block's far cells: four more
//    cells, the path stays simple, and the block now has a path edge along each of its three
//    other sides, so every empty block joined to it by free blocks follows.
//
// What is left empty (cells outside whole free blocks, blocks that no path edge faces) is the
// caller's: the engine bumps and repairs it with SAT like any other routing's leftovers.
// Nothing here decides solvability: a failed offset or routing proves nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"

namespace nl {

// Paths (one per label, from its first end to its second) covering whole 2x2 blocks, with the
// empty blocks absorbed, for the first offset whose coarse board routes; empty when no offset
// works (not a square grid of one layer, a label whose ends have the same colour, two labels'
// ends in one block for every offset, or the router finds nothing). The paths are disjoint and
// simple; cells may remain empty.
std::vector<std::vector<CellId>> route_in_blocks(const Puzzle& puzzle, std::uint64_t seed, int route_rounds,
                                                 const Budget& budget);

// The absorbing step on its own (exposed for tests): grows `paths` by whole empty 2x2 blocks of
// offset (ox, oy) next to a parallel path edge until none is left. Returns how many
// non-blocked cells stay empty. `budget` (optional) is polled every 65,536 blocks examined
// (poll_budget throws Stopped): on a board of millions of cells this takes a second or more.
int absorb_blocks(const Puzzle& puzzle, std::vector<std::vector<CellId>>& paths, int ox, int oy,
                  const Budget* budget = nullptr);

}  // namespace nl

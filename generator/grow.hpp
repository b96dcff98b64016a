// The union-find generator's algorithm: grow random, mutually non-intersecting paths until no two free
// neighbouring cells are left, keeping each path's cells in one union-find set.
//
// A new path starts on a random free cell with a free neighbour, steps to a random free
// neighbour, and is extended from its head while some free neighbour k of the head has no
// neighbour on the current path other than the head (so the path never touches itself; "on the
// current path" is the union-find test find(n) == find(head), as in the original). The original
// C code's findset() looks one parent up instead of walking to the root, so on long paths that
// test fails; and its neighbour scan falls through switch cases. UnionFind and plain loops
// avoid both.
//
// The growth walks the board's graph (layout.hpp), so it is the same on every variant. Bridges
// add three rules: a path never starts in a lane, enters one only when it can go on after it, and
// takes a lane whenever one is among its possible steps (a lane left empty would sink the layout);
// a path stranded in a lane after all gives the lanes back. On plain boards none of this applies
// and the same random numbers give the same paths as the union-find generator's own algorithm.
#pragma once

#include <atomic>

#include "generator/layout.hpp"
#include "generator/union_find.hpp"

namespace nl::gen {

// Grows paths on the empty cells of `layout` until no free neighbouring pair is left. Cells
// left empty are isolated: every neighbour is on a path or solid. Returns false, the layout
// grown only in part, when `stop` was raised (Ctrl-C: growing a 1000x1000 board takes over a
// second); it is polled between paths.
bool grow_paths(Layout& layout, Rng& rng, const std::atomic<bool>* stop = nullptr);

}  // namespace nl::gen

// Moves that walk a path end across the board while every node stays on the path it is on or on
// a neighbouring one: the "backbite" move of random Hamiltonian path sampling, generalised to a
// cover by several paths. They keep the number of paths and the covered nodes, so a layout that
// has too many paths and no two ends next to each other can be stirred until two ends meet and
// the two paths can be joined (shape.cpp). Without them the generator gave up on boards with
// few long paths (a 14x14 board with at most 11 paths, as Janko's Arukone puzzles have, found
// no layout in 10,000 attempts).
#pragma once

#include "generator/layout.hpp"

namespace nl::gen {

// One random move: an end e of a random path P steps onto a cell n inside a neighbouring path Q
// (Q = q0 .. qj=n .. qm; the link e-n is added) and P takes one side of Q: P + qj .. qm (Q keeps
// q0 .. qj-1) or P + qj .. q0 (Q keeps qj+1 .. qm). Every path stays a simple path. (The plain
// backbite, n on P itself, would always make P touch itself, so it is never made.)
// A move is refused (the layout unchanged, `done` false) when a new end may not be an end (a
// bridge's lane), a path left behind would be shorter than min_length, or a changed path would
// run alongside itself: whatever the rules, since few long paths that touch themselves almost
// never make a unique puzzle (each touch is a place to reroute). Ends next to each other are left
// to the caller's join; n being an end of Q is refused here.
struct EndMove {
    bool done = false;
    int path = -1;   // P, whose end moved
    int other = -1;  // Q, which gave up one side
};
EndMove move_an_end(Layout& layout, Rng& rng, int min_length);

// Does path `path` run alongside itself (two of its nodes neighbours without being consecutive
// on it)?
bool path_touches_itself(const Layout& layout, int path);

}  // namespace nl::gen

// `solve --animate`: replays a solved and checked puzzle on the terminal, drawing its paths
// being laid one cell at a time (like mzucker/flow_solver's animation and the -A option of the
// COMP20003 flow-free solver built on it).
//
// Frame 0 is the puzzle (endpoints only); each next frame extends one path by one cell, label
// by label, each path from its first endpoint; the last frame is the solution grid, exactly as
// plain `solve` prints it. Frames are the grid writer's output (same symbols and colours), each
// drawn over the previous one by moving the cursor up (ESC[nA). The caller decides when to
// animate (solve: colour grid output on a terminal, or forced with --color always).
#pragma once

#include <atomic>
#include <chrono>
#include <iosfwd>
#include <string>

#include "core/puzzle.hpp"

namespace nl::app {

struct AnimateOptions {
    bool color = true;                             // the grid writer's background colours
    std::chrono::milliseconds delay{30};           // between frames; 0: as fast as the terminal goes
    const std::atomic<bool>* interrupt = nullptr;  // raised (Ctrl-C): jump to the last frame
};

// Frames, from 0 (the bare puzzle) to frame_count - 1 (the whole solution).
long frame_count(const Puzzle& puzzle, const Solution& solution);
std::string animation_frame(const Puzzle& puzzle, const Solution& solution, long frame, bool color);

// Writes every frame to `out` (flushed one by one), each over the previous. Boards taller than
// the terminal on stdout get the last frame only, since the cursor cannot climb past the top.
void animate_solution(std::ostream& out, const Puzzle& puzzle, const Solution& solution,
                      const AnimateOptions& options);

}  // namespace nl::app

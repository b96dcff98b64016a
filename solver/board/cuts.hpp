// More lines must pass between two parts of the board than there are cells to pass through: an
// exact refutation under every rule, on boards of any size, shape, layers, vias, bridges, warps
// or hexagons.
//
// The argument (Menger's theorem). Take a set of lines and give each a direction, from an end
// in S to an end in T. In a solution their paths are disjoint and no path passes through
// another line's end, so the graph of free cells, with every other line's ends removed, holds
// that many vertex-disjoint routes from S to T. If the largest number of such routes (a maximum
// flow with capacity one per cell, a bridge's two lanes being two cells) is smaller than the
// number of lines, there is no solution; the minimum cut that the flow leaves is a set of that
// many cells through which every route from S to T passes, and the reason names them.
//
// Which sets are tried: for each row y (and each column x), the lines with one end above it and
// the other below (left and right), directed downwards (rightwards). When no warp leaves the
// grid (every step changes x and y by at most one), such a line has a cell in that row, so a row
// with fewer free cells that are no line's end than lines across is the simplest such cut; the
// flow finds bent and diagonal walls too, and it holds with warps, as it never counts rows.
// Rows that cut the same set of lines are one flow; sets are tried from the most loaded row
// (lines across minus free cells) on, within a number of cell visits proportional to the board.
//
// Tests: tests/test_cuts.cpp checks every "impossible" against the exhaustive oracle on
// thousands of random boards, flat and layered, with bridges, hexagons and warps, under every
// preset, and against SAT on larger ones.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.hpp"

namespace nl {

// Why more lines must pass a cut of `puzzle` than it has cells for, or nothing. `poll`
// (optional) is called every 65,536 cells visited and may throw to stop.
std::optional<std::string> too_many_lines_across(const Puzzle& puzzle, const std::function<void()>& poll = {});

}  // namespace nl

// numberlink's public C++ API for pictures: SVG drawings of a puzzle or a solution, written by
// numberlink's own code (no graphics library). Link numberlink::render (docs/library.md).
#pragma once

#include <string>

#include "numberlink/numberlink.hpp"

namespace numberlink {

struct SvgOptions {
    int cell_size = 40;        // pixels per cell, 4 to 400
    bool labels = false;       // label names on the endpoint dots
    bool coordinates = false;  // column numbers above and row numbers beside the board
};

// An SVG document that draws `puzzle` (its endpoints, blocked cells, the board's variant) and,
// when given, the paths of `solution`, each label in its own colour; boards of several layers
// are drawn as one panel per layer. Throws InputError when the solution does not fit the puzzle
// (a cell off the board, a path for no label), std::invalid_argument for a cell size out of range.
std::string svg(const Puzzle& puzzle, const Solution* solution = nullptr, const SvgOptions& options = {});

}  // namespace numberlink

// Pictures of puzzles and solutions as SVG, written as text by our own code.
//
// Geometry, in SVG pixels with s = the cell size: a margin of s/2 around the picture; each
// panel shows one layer of W x H cells of s pixels; the panels of a multi-layer board stand side
// by side (z = 0 on the left), at most kPanelsPerRow to a row (so 8 layers make two rows of 4),
// with a gap of s between panels. When there is more than one panel, each gets a caption line
// ("z=0", "solution 1") 0.75 s high above it; coordinates add a band of 0.75 s above and left
// of every panel. So a one-layer board without coordinates is (W + 1) s x (H + 1) s pixels.
//
// Variant boards (render/cell_geometry.hpp places every cell):
//  - hex boards: pointy-top hexagons s wide (R = s / sqrt 3 from centre to corner), rows 1.5 R
//    apart, odd rows shifted right by s/2; a panel is (W + 1/2) s by R (1.5 H + 0.5) (W s wide
//    with one row). Cell (x, y)'s centre is ((x + 1/2 + (y odd ? 1/2 : 0)) s, R (1 + 1.5 y))
//    from the panel's top-left corner.
//  - boards that are not full rectangles of squares (hexes, shapes) are drawn cell by cell:
//    class="cell" one <polygon> per cell on the board (data-x, data-y), none for a cell outside
//    the board; class="border" is then a <path> round the board's shape (a subpath per loop,
//    holes included) instead of a <rect>.
//  - a board whose warps have an end on the border gets (kPortMargin = 0.4) s more margin on
//    every side and 0.8 s more between panels, for the ports; its coordinates stand 0.75 s
//    further out (past the ports' numbers).
//
// What a reader (or a test) can rely on in the text:
//   class="pipe"   one <path> per label that has a path, data-label="NAME" (a label's cells on
//                  several layers are subpaths of that one path, and so are the halves of a
//                  path on either side of a warp: each runs to its port, not across the board);
//                  stroked in the label's colour, round caps and joins. In a comparison, one
//                  per label and solution.
//   class="end"    one <circle> per endpoint, filled in the label's colour.
//   class="label"  the label's name on its endpoint dots (with `labels`, or always when the
//                  labels outnumber the palette, so that repeated colours stay told apart).
//   class="blocked" one <path> per panel covering the blocked cells (filled kBlockedColour);
//                  cells outside a shaped board are not blocked cells: they are not drawn.
//   class="via"    a ring on every via cell; class="hop" a small dot where a path changes layer.
//   class="wall"   one <path> per panel, a thick segment on the side two cells share per wall.
//   class="bridge" a <g> per bridge cell (data-x, data-y): a light tile with two rails along
//                  its vertical lane, so that an empty bridge shows.
//   class="crossing" a <g> per path through a bridge's vertical lane (data-label), drawn after
//                  every pipe: a band of the board's colour (the gap), the casing and the pipe,
//                  from the cell's top side to its bottom side, so that the vertical path
//                  passes over the horizontal one.
//   class="port"   a <g> per warp end (data-warp="k", the puzzle's k-th warp from 1; data-cell
//                  "x,y"): on the border, an opening in the outline and a channel outside it;
//                  on a cell with no border side, a dashed ring on the cell. class="warp-number"
//                  the <text> k beside each port; class="warp-link" a dashed <path> between the
//                  two ends of a warp that has an end off the border.
//   class="diff"   one <rect> per differing cell and panel in a comparison (a <polygon> on hex
//                  boards; a bridge cell once, when either lane differs).
//   class="panel"  a <g> per panel, data-layer="z" (and data-solution="k" in a comparison).
#pragma once

#include <string>

#include "core/puzzle.hpp"

namespace nl::render {

struct SvgOptions {
    int cell_size = 40;        // pixels per cell, kMinCellSize..kMaxCellSize
    bool labels = false;       // label names on the endpoint dots
    bool coordinates = false;  // column numbers above and row numbers left of every panel
};

inline constexpr int kMinCellSize = 4, kMaxCellSize = 400;
inline constexpr int kPanelsPerRow = 4;

// Colours: empty cells, blocked cells; label colours come from core/palette.hpp (the terminal's
// and the editor's too).
inline constexpr const char* kBoardColour = "#ffffff";
inline constexpr const char* kBlockedColour = "#595959";

// The puzzle, with `solution` drawn over it when given (it must have one path per label,
// possibly empty). Throws ModelError for a cell size out of range.
std::string svg_picture(const Puzzle& puzzle, const Solution* solution, const SvgOptions& options);

// Two solutions of one puzzle side by side (solution 1 left; on multi-layer boards solution 1's
// panels above solution 2's), with the cells where they differ marked in both.
std::string svg_comparison(const Puzzle& puzzle, const Solution& first, const Solution& second,
                           const SvgOptions& options);

}  // namespace nl::render

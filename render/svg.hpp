// Pictures of puzzles and solutions as SVG, written as text by our own code.
//
// Geometry, in SVG pixels with s = the cell size: a margin of s/2 around the picture; each
// panel shows one layer of W x H cells of s pixels; the panels of a multi-layer board stand side
// by side (z = 0 on the left), at most kPanelsPerRow to a row (so 8 layers make two rows of 4),
// with a gap of s between panels. When there is more than one panel, each gets a caption line
// ("z=0", "solution 1") 0.75 s high above it; coordinates add a band of 0.75 s above and left
// of every panel. So a one-layer board without coordinates is (W + 1) s x (H + 1) s pixels.
//
// What a reader (or a test) can rely on in the text:
//   class="pipe"   one <path> per label that has a path, data-label="NAME" (a label's cells on
//                  several layers are subpaths of that one path); stroked in the label's colour,
//                  round caps and joins. In a comparison, one per label and solution.
//   class="end"    one <circle> per endpoint, filled in the label's colour.
//   class="label"  the label's name on its endpoint dots (with `labels`, or always when the
//                  labels outnumber the palette, so that repeated colours stay told apart).
//   class="blocked" one <path> per panel covering the blocked cells (filled kBlockedColour).
//   class="via"    a ring on every via cell; class="hop" a small dot where a path changes layer.
//   class="diff"   one <rect> per differing cell and panel in a comparison.
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

// Colours: empty cells, blocked cells; label colours come from label_colour().
inline constexpr const char* kBoardColour = "#ffffff";
inline constexpr const char* kBlockedColour = "#595959";

// The colour of label `index` as "#rrggbb". The first kPaletteSize labels get the colours of
// the Okabe-Ito palette (without black) followed by four of Paul Tol's muted colours, all
// chosen to stay distinguishable with the common colour-vision deficiencies; later labels reuse
// them, darker and lighter in turn (deterministic: the colour depends on the index alone).
std::string label_colour(int index);
inline constexpr int kPaletteSize = 11;

// The puzzle, with `solution` drawn over it when given (it must have one path per label,
// possibly empty). Throws ModelError for a cell size out of range.
std::string svg_picture(const Puzzle& puzzle, const Solution* solution, const SvgOptions& options);

// Two solutions of one puzzle side by side (solution 1 left; on multi-layer boards solution 1's
// panels above solution 2's), with the cells where they differ marked in both.
std::string svg_comparison(const Puzzle& puzzle, const Solution& first, const Solution& second,
                           const SvgOptions& options);

}  // namespace nl::render

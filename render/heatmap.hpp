// A heat map of numbers on a board, as SVG written by our own code (render/svg.hpp's style):
// what the jump puzzle's solver author wanted to see, "how many solutions there are from each starting point"
// (numberlink jump --count --output svg).
//
// Geometry: cells of s = cell_size pixels, a margin of s/2 around the board, a caption line of
// 0.75 s above it. Each cell is a <rect class="cell" data-x data-y data-value> filled with a
// colour from the Viridis scale (dark purple for 0, yellow for the maximum; perceptually uniform
// and readable with the common colour-vision deficiencies), with its number written in it
// (class="value") when the cell is large enough.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace nl::render {

// values: width * height numbers, row by row. Throws std::invalid_argument on a size mismatch.
std::string svg_heatmap(int width, int height, const std::vector<std::uint64_t>& values, const std::string& caption,
                        int cell_size = 60);

// The Viridis colour at t in [0, 1] as "#rrggbb" (linear between 9 stops of the published map).
std::string viridis_colour(double t);

}  // namespace nl::render

// The heat map of jump tours by start cell: drawn by `jump --count --output svg|png`
// from the counts it has just made, and by `render` from the JSON that `jump --count --output
// json` wrote, so the picture can be made later from a saved result. One caption, one drawing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/formats.hpp"

namespace nl::app {

// per_start: width * height counts, row by row.
std::string jump_heatmap_svg(int width, int height, const std::string& moves, std::uint64_t total,
                             const std::vector<std::uint64_t>& per_start);

// When the file is the JSON record of `jump --count --output json` (an object with "per_start"),
// its heat map as SVG; nullopt for anything else (a puzzle file). A record with missing or
// malformed fields is an InputError naming the file and line.
std::optional<std::string> jump_heatmap_from_json(const TextFile& file);

}  // namespace nl::app

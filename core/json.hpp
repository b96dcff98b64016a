// The JSON object of a puzzle (and solution), for commands that add their own fields before
// writing it as one JSON Lines record. Field layout: core/format_json.cpp.
#pragma once

#include <nlohmann/json.hpp>

#include "core/puzzle.hpp"

namespace nl {

nlohmann::ordered_json puzzle_json(const Puzzle& puzzle, const Solution* solution);
nlohmann::ordered_json cell_json(const Puzzle& puzzle, CellId cell);

}  // namespace nl

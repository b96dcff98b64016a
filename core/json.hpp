// The JSON object of a puzzle (and solution), for commands that add their own fields before
// writing it as one JSON Lines record. Field layout: core/format_json.cpp.
#pragma once

#include <nlohmann/json.hpp>

#include "core/puzzle.hpp"

namespace nl {

nlohmann::ordered_json puzzle_json(const Puzzle& puzzle, const Solution* solution);
nlohmann::ordered_json cell_json(const Puzzle& puzzle, CellId cell);
// {"label": [[x, y], ...], ...}: the "paths" of a record, in label order.
nlohmann::ordered_json paths_json(const Puzzle& puzzle, const Solution& solution);

// One JSON Lines record. Names come from files and may not be UTF-8 (a Latin-1 file name, a
// via named with byte 0xA0): invalid bytes become U+FFFD instead of nlohmann's type_error.
inline std::string json_line(const nlohmann::ordered_json& j) {
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace nl

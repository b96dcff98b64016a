// count/unique --split N --emit DIR: writes the parts of one puzzle's count instead of counting
// (solver/count/cubes.hpp splits, frontend/split_files.hpp writes; docs/scaling.md).
#pragma once

#include <optional>
#include <string>

#include "app/counting.hpp"

namespace nl::app {

// The exit code of the split when --split or --emit was given, nullopt otherwise (count as
// usual). `command` is "count" or "unique".
std::optional<int> emit_split_if_asked(const Parsed& parsed, const CountingRun& run, const std::string& command);

// solve --split N --emit DIR: the same for a first solution (the parts search their cubes for one
// solution each; merge reports the first found, or none when every part has none).
std::optional<int> emit_solve_split_if_asked(const Parsed& parsed, PuzzleStream& puzzles);

// run-part --split N: splits the part at `path` again into `parts` parts, written to its
// part-NNNN.split directory (frontend/split_files.hpp), which merge then reads in the part's place.
// Prints what it wrote, as --split does.
void emit_part_split(const std::string& path, long parts);

}  // namespace nl::app

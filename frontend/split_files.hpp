// The files of a split count (docs/scaling.md): a directory holding manifest.json (the puzzle and
// the task), one part-NNNN.json per part (self-contained: the puzzle, the task and the part's
// cubes, so a part can be solved on any machine) and, once a part is solved, its
// part-NNNN.result.jsonl. Every file is one JSON object on one line, written to a temporary name
// and renamed, so a reader never sees half a file. A split id (a hash of the manifest) ties parts
// and results to their split; merging a result of another split is an error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/count/cubes.hpp"
#include "solver/count/split_count.hpp"

namespace nl {

// What the parts count: `count` up to `max` (0: all) or `unique` (max 2).
struct SplitTask {
    std::string command = "count";  // "count" or "unique"
    long max = 0;
    Distinct distinct = Distinct::Paths;
};

struct SplitManifest {
    std::string id;
    SplitTask task;
    Puzzle puzzle;  // named as its source ("file:index")
    long parts = 0, cubes = 0, dropped = 0;
};

struct PartFile {
    std::string path;
    std::string id;
    SplitTask task;
    Puzzle puzzle;
    long index = 0, parts = 0;  // 1-based
    std::vector<Cube> cubes;
};

// Writes the split of `puzzle` into `dir` (created when missing; refused when it already holds a
// manifest.json, so two splits never mix): the manifest and one file per part. Returns the
// manifest. Throws InputError naming the path when a file cannot be written.
SplitManifest write_split(const std::string& dir, const Puzzle& puzzle, const SplitTask& task,
                          const CubeSplit& split, long parts);

// Reads a part file; InputError naming the file (and line) when it is not one.
PartFile read_part_file(const std::string& path);

// part-0007.json -> part-0007.result.jsonl (the same directory).
std::string result_path(const std::string& part_path);

// Writes a part's answer next to it (atomically).
void write_part_result(const PartFile& part, const PartCount& count);

// The answer written next to a part, or nullopt when there is none yet; InputError when the file
// is not this part's answer.
std::optional<PartCount> read_part_result(const PartFile& part);

// A split directory as it stands: its manifest and each part's answer (nullopt: not yet). Every
// solution read back is checked against the puzzle (InputError when one fails).
struct SplitState {
    SplitManifest manifest;
    std::vector<std::optional<PartCount>> results;
};
SplitState read_split(const std::string& dir);

}  // namespace nl

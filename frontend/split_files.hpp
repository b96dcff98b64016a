// The files of a split count (docs/scaling.md): a directory holding manifest.json (the puzzle and
// the task), one part-NNNN.json per part (self-contained: the puzzle, the task and the part's
// cubes, so a part can be solved on any machine) and, once a part is solved, its
// part-NNNN.result.jsonl. Every file is one JSON object on one line, written to a temporary name
// and renamed, so a reader never sees half a file. A split id (a hash of the manifest) ties parts
// and results to their split; merging a result of another split is an error.
//
// A part split again (`run-part --split N`) gets a split of its own in part-NNNN.split/, whose
// manifest names its parent (the split id and the part number). Its cubes cover the part's
// solutions exactly once (cubes.hpp, split_cubes_further), so the sub-split's merged count is the
// part's count: read_split uses it for a part that has no finished answer of its own.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/count/cubes.hpp"
#include "solver/count/split_count.hpp"

namespace nl {

// What the parts count: `count` up to `max` (0: all), `unique` (max 2) or `solve` (max 1: the
// first solution any part finds).
struct SplitTask {
    std::string command = "count";  // "count", "unique" or "solve"
    long max = 0;
    Distinct distinct = Distinct::Paths;
};

// The part a split splits again.
struct SplitParent {
    std::string id;  // the parent split's id
    long part = 0;   // 1-based
};

struct SplitManifest {
    std::string id;
    SplitTask task;
    Puzzle puzzle;  // named as its source ("file:index")
    long parts = 0, cubes = 0, dropped = 0;
    std::optional<SplitParent> parent;
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
                          const CubeSplit& split, long parts, const std::optional<SplitParent>& parent = std::nullopt);

// part-0007.json -> part-0007.split: where the part's own split goes when it is split again.
std::string sub_split_dir(const std::string& part_path);

// A split solve stops at the first solution: the part that finds one notes it in the directory of
// the first split (above any part-NNNN.split), and a part started after that is not searched.
// solution_found is true while the finder's answer is still there (merge reads it).
void note_solution_found(const PartFile& part);
bool solution_found(const PartFile& part);

// Whether the part at `part_path` was split again (its part-NNNN.split holds a manifest).
bool has_sub_split(const std::string& part_path);

// Reads a part file; InputError naming the file (and line) when it is not one.
PartFile read_part_file(const std::string& path);

// part-0007.json -> part-0007.result.jsonl (the same directory).
std::string result_path(const std::string& part_path);

// Writes a part's answer next to it (atomically).
void write_part_result(const PartFile& part, const PartCount& count);

// The answer written next to a part, or its split's merged answer when it was split again (as
// read_split takes it), or nullopt when there is none yet; InputError when the file is not this
// part's answer.
std::optional<PartCount> read_part_result(const PartFile& part);

// A split directory as it stands: its manifest and each part's answer (nullopt: not yet). Every
// solution read back is checked against the puzzle (InputError when one fails). A part without a
// finished answer whose part-NNNN.split holds a split of it takes that split's merged answer
// (read the same way, to any depth): finished when all of its parts are (or its cap is reached),
// else stopped (Timeout) with the count so far. `open_inside` names, per part, the parts of its
// split that are still open ("7.3", "7.12.1"); `pending` marks the parts whose split still has a
// part with no answer at all (not run yet).
struct SplitState {
    SplitManifest manifest;
    std::vector<std::optional<PartCount>> results;
    std::vector<std::vector<std::string>> open_inside;
    std::vector<char> pending;
};
SplitState read_split(const std::string& dir);

// The names of the open parts of `state` whose 0-based indices are `open` (merge_part_counts):
// "7" for part 7, or the open parts of its own split ("7.3") when it was split again.
std::vector<std::string> open_part_names(const SplitState& state, const std::vector<std::size_t>& open);

}  // namespace nl

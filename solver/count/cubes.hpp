// Splitting one counting problem into independent cubes whose counts add up exactly (cube and
// conquer: `count`/`unique --split`, docs/scaling.md).
//
// A cube fixes the first cells of some lines: for each such line, a prefix P = (P0, P1, ..., Pk)
// of its path read from its first end (P0 = labels[l].ends[0]). A solution lies in the cube when,
// for every prefix, the line's path from P0 starts with P. In the SAT encoding that is "every
// link P(i)P(i+1) is used" (cube_links): P0 is a terminal, linked to exactly one neighbour, so its
// path starts with the link P0P1; every inner cell of a path has exactly two links, so once the
// path has entered P(i) through P(i-1), the link P(i)P(i+1) is its way on. Conversely a path that
// starts with P uses those links. So the units on those links select exactly the cube's solutions.
//
// The cubes of a split cover every solution exactly once. Splitting starts from the empty cube
// (every solution) and replaces a cube by its children, one per possible next cell of one line
// whose prefix has not reached its other end (an unstarted line's prefix is its first end):
//  - every solution of the cube continues that line's path by exactly one next cell, a neighbour
//    of the prefix's last cell, so it lies in exactly one child;
//  - a next cell that no solution can use is left out, which loses no solution: a blocked cell,
//    a cell already on any prefix of the cube (paths share no cell, and a path visits a cell once),
//    a terminal of another label (a terminal is on its own label's path only); under no-touch
//    rules also a cell next to an earlier cell of the same prefix (two adjacent cells of one label
//    must be consecutive on its path);
//  - a cube in which some line has no possible next cell has no solution and is dropped; a line
//    with exactly one is extended without splitting (the same solutions).
// Each step keeps "every solution in exactly one cube", so the final cubes do too. Property test:
// tests/test_split.cpp against the exhaustive search on random boards under every preset.
//
// Paths, not colourings: under touch-allowed rules two path sets with one colouring may fall into
// two cubes, so a count of colourings cannot be split this way (split_refusal says so).
// Bridges are not split (a bridge cell carries two lines; the prefixes' "one line per cell" does
// not hold there).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

struct LinePrefix {
    int label = kNoLabel;
    std::vector<CellId> cells;  // from labels[label].ends[0]; at least two cells
};

// At most one prefix per label, in label order.
using Cube = std::vector<LinePrefix>;

struct CubeSplit {
    std::vector<Cube> cubes;  // in the order the split made them (siblings next to each other)
    long dropped = 0;         // cubes left out because a line could not go on (no solution)
};

// Why `puzzle` cannot be split for a count under `distinct`, or nullopt when it can.
std::optional<std::string> split_refusal(const Puzzle& puzzle, Rules rules, Distinct distinct);

// Splits breadth first (cubes with fewer decisions first) until there are at least `target`
// cubes or none can be split further; each split is on the line with the fewest possible next
// cells (at least two). May return fewer than `target` cubes, or none (no solution). `poll` is
// called once per split and may throw to stop.
CubeSplit split_into_cubes(const Puzzle& puzzle, Rules rules, long target, const std::function<void()>& poll = {});

// Splits every cube of `from` further, each as split_into_cubes splits the whole puzzle, until
// there are at least `target` cubes in all or none can be split: a part of a split that stays
// open is split again (`run-part --split`). The cubes returned cover every solution of `from`'s
// cubes exactly once: each cube of `from` is the root of its own splitting, and every step keeps
// "every solution of the root in exactly one cube" (above); the cubes of `from` share no
// solution, so neither do their descendants. A cube of `from` that no solution can lie in (two
// prefixes share a cell, or a prefix runs through a terminal other than its own ends, or goes on
// past its other end) is dropped, as is one whose lines cannot go on.
CubeSplit split_cubes_further(const Puzzle& puzzle, Rules rules, const std::vector<Cube>& from, long target,
                              const std::function<void()>& poll = {});

// The links a cube fixes, each as a pair of neighbouring cells.
std::vector<std::pair<CellId, CellId>> cube_links(const Cube& cube);

// Whether `solution` lies in `cube` (each prefixed line's path, read from the prefix's first
// cell, starts with the prefix).
bool solution_in_cube(const Solution& solution, const Cube& cube);

// The cubes dealt to `parts` parts round-robin (siblings, which tend to cost alike, go to
// different parts). Always `parts` parts (at least one), so a job array of that size fits
// whatever the split found; with fewer cubes than parts the last parts are empty (count 0).
std::vector<std::vector<Cube>> deal_cubes(const std::vector<Cube>& cubes, long parts);

}  // namespace nl

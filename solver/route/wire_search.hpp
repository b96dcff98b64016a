// The single-line search of the wire optimiser (optimize.hpp): a cheapest path of one line
// through free cells, where a path costs `cell` per step and `bend` per change of direction.
//
// Bends depend on the direction a cell is entered from, so the search runs A* over states
// (cell, incoming direction), not over cells: entering cell d from c in direction k costs
// `cell`, plus `bend` when k differs from the direction c was entered in. A direction is the
// step between the two cell ids (+-1, +-width, +-layer size), exactly what core/quality.cpp
// compares when it counts bends, so the costs here and the reported bends agree, vias included
// (a via is a vertical step like any other; the adjacency graph decides where it exists).
// The estimate (steps to the goal along x, y and layers, times `cell`) never overestimates.
//
// Memory: the state arrays are cells x directions (4 on one layer, 6 on several) entries of 16
// bytes, allocated on the first search and reused, stamped per search. A search built without
// directions (bends cost nothing) keeps one state per cell.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"

namespace nl {

struct WireWeights {
    std::int64_t cell = 1;  // per step (per cell entered after the first)
    std::int64_t bend = 0;  // per cell where the line changes direction
    // Extra cost of entering a cell another line uses (not its endpoints, which are never
    // entered); negative: such cells are closed.
    std::int64_t evict = -1;
};

// The cost of `path` under `weights`: cell * (cells - 1) + bend * bends.
std::int64_t wire_cost(const std::vector<CellId>& path, WireWeights weights);

class WireSearch {
   public:
    // `directions`: track the incoming direction (needed when bends cost something).
    explicit WireSearch(const Puzzle& puzzle, bool directions = true);
    // A cheapest path of `label` from ends[0] to ends[1], both included, through cells with
    // owner[c] == kNoLabel (and the goal), and with weights.evict >= 0 also through the cells
    // of other lines but their endpoints; empty when there is none. Polls `budget` every few
    // thousand states and throws Stopped when it says so. Without directions, weights.bend is
    // ignored.
    std::vector<CellId> find(int label, const std::vector<int>& owner, WireWeights weights, const Budget& budget);

   private:
    int direction(CellId from, CellId to) const;

    const Puzzle& p_;
    int directions_;
    std::int64_t steps_[6];
    std::vector<std::int64_t> g_;
    std::vector<std::int32_t> parent_;  // previous state, -1 for the first step out of the start
    std::vector<std::uint32_t> seen_;
    std::uint32_t stamp_ = 0;
};

}  // namespace nl

// The single-line search of the router (route.hpp): A* from one end of a line to the other over
// the puzzle's adjacency graph, under the router's cell costs.
//
// A cell costs (1 + history[c]) * (1 + present * sharers[c]) to enter, never less than 1, so the
// distance in steps to the goal (x, y and layer differences added up) never overestimates and
// A* returns a cheapest path. Other lines' endpoints are never entered. The arrays live as long
// as the search object, stamped per search, so a search costs only the cells it touches.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"

namespace nl {

struct RouteCosts {
    std::vector<double> history;  // per cell, grows on cells shared at the end of a round
    std::vector<int> sharers;     // per cell, lines on it now (the line being routed ripped up)
    double present = 0;           // weight of sharing this round
};

class LineSearch {
   public:
    explicit LineSearch(const Puzzle& puzzle);
    // A cheapest path of `label` from ends[0] to ends[1], both included; empty when no path
    // exists (other lines' endpoints may wall an end in). Polls `budget` every few thousand
    // cells and throws Stopped when it says so.
    std::vector<CellId> find(int label, const RouteCosts& costs, const Budget& budget);
    long expanded() const { return expanded_; }

   private:
    const Puzzle& p_;
    std::vector<int> x_, y_, z_;
    std::vector<double> g_;
    std::vector<CellId> parent_;
    std::vector<std::uint32_t> seen_;  // == stamp_: g_ and parent_ are set in this search
    std::uint32_t stamp_ = 0;
    long expanded_ = 0;
};

}  // namespace nl

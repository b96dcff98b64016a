// Shorter wires (solve --optimize): improves a checked solution of a no-fill puzzle for the ADC
// quality score, 1 / (total length + bends), and gives a lower bound on its total length.
//
// Method, local search by rip-up and reroute:
//  1. Single lines: each line in turn is lifted and routed again on a cheapest path (wire_search)
//     through the cells no other line uses, other lines' endpoints excluded. The new path is kept
//     only when it is strictly cheaper than the old one. Passes repeat until one improves no line.
//  2. Pairs: two lines that run next to each other (a cell of one adjacent to a cell of the
//     other) are lifted together and routed again one after the other, in both orders; the
//     cheaper outcome is kept when it beats the two old paths together. Then stage 1 runs again;
//     everything repeats until neither stage improves, or the budget ends it.
//  3. Eviction (for boards packed full, where no line finds a free cell to move into): each line
//     is routed again through other lines' cells too, at the price of one more step per such
//     cell; the lines it crosses are lifted and routed again after it through the cells free
//     then, its old ones included. Kept when they all find a way and the total is cheaper. When
//     that improves anything, stages 1 and 2 run again.
// Objectives (costs are exact integers): `length` minimises total length, fewer bends breaking
// ties; `bends` minimises length + bends (the ADC score), shorter length breaking ties.
//
// The no-touch rule (adc, strict presets: a line may not run alongside itself) is respected
// without a cost term: a fewest-cells path through free cells is an induced path of the board
// (two of its cells that were adjacent would give a shorter one), and under the `bends`
// objective a candidate is shortcut (route.hpp, shortcut_path) and costed again before it is
// compared. Every candidate is also validated locally (simple, on free cells, ends right,
// induced when touching is forbidden), and the whole solution goes through the checker after
// every pass and at the end: only a checked solution that is strictly better replaces the
// previous one, so the answer can never get worse or invalid. A checker rejection is a bug
// (InternalError).
//
// Under fill rules every cell is used, so lengths are fixed: the optimiser does not apply
// (NotApplicable; the command line refuses --optimize there). Deterministic: lines in label
// order, no randomness; only where the budget stops it depends on timing.
#pragma once

#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "core/quality.hpp"
#include "solver/base/budget.hpp"

namespace nl {

enum class WireObjective { Length, Bends };

std::string objective_name(WireObjective objective);

struct OptimizeOptions {
    WireObjective objective = WireObjective::Length;
    bool pairs = true;  // stage 2
    bool evict = true;  // stage 3
    Budget budget;      // deadline and interrupt flag (memory is not polled: a few arrays)
};

struct OptimizeResult {
    // Converged: a full round improved nothing. Timeout / Interrupted: the budget ended it (the
    // solution is the best checked one so far). NotApplicable: fill rules.
    enum class Status { Converged, Timeout, Interrupted, NotApplicable };
    Status status = Status::Converged;
    Solution solution;  // passed check_solution; never worse than the input under the objective
    Quality before, after;
    int passes = 0;     // passes of stage 1 and stage 2 together
    long reroutes = 0;  // line searches
    long improvements = 0;  // accepted reroutes (single lines and pairs)
};

std::string optimize_status_name(OptimizeResult::Status status);

// Improves `solution`, which must pass check_solution(puzzle, solution, rules) (InternalError
// otherwise).
OptimizeResult optimize_wires(const Puzzle& puzzle, Rules rules, const Solution& solution,
                              const OptimizeOptions& options);

// Lower bounds for any solution under no-fill rules: per line, its cheapest path alone on the
// board (blocked cells and the other lines' endpoints are obstacles, other lines ignored),
// summed. `length` counts cells as solution_quality does (endpoints included); `length_bends`
// bounds length + bends (-1 on boards over a million cells, where it would take hundreds of
// megabytes). -1 for both when a line cannot reach its other end even alone (the puzzle then
// has no solution).
struct WireLowerBound {
    long length = -1;
    long length_bends = -1;
};
WireLowerBound wire_lower_bound(const Puzzle& puzzle);

}  // namespace nl

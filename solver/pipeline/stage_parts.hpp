// The stage functions behind the rows of stage_table.cpp, one file per idea: stage_board.cpp
// (refutations, scan, depth-first search, wall follower), stage_decompose.cpp (route-and-fill,
// shrink, tight, layers), stage_route.cpp (router, repair, race with SAT), stage_sat.cpp (SAT,
// the cross-check). Each `run_*` records its attempt in the run's trail and, when it decides,
// sets the verdict; each `alone_*` is the same engine as `solve --engine NAME` runs it, with the
// whole budget and its own verdict whatever it is.
#pragma once

#include <atomic>

#include "solver/pipeline/stage.hpp"

namespace nl {

bool run_parity(StageRun& run);
bool run_crossing(StageRun& run);
bool run_cuts(StageRun& run);
bool run_refute(StageRun& run);
bool run_scan(StageRun& run);
bool race_scan_on(StageRun& run, std::atomic<bool>* stop);
bool run_dfs(StageRun& run);
bool run_wall_presolve(StageRun& run);
bool run_wall_check(StageRun& run);
bool run_route_fill(StageRun& run);
bool run_shrink(StageRun& run);
bool run_tight(StageRun& run);
bool run_sat_first(StageRun& run);
bool run_route(StageRun& run);
bool run_sat(StageRun& run);

// Whether auto routes the board (no-fill rules, large enough) and whether the grid is the plain
// one the wall follower and the depth-first search take.
bool routed_board(const StageRun& run);
bool flat_board(const Puzzle& p);
bool sparse_flow_board(const StageRun& run);
// Whether the last SAT stage runs both SAT solvers at once (when --sat leaves it to the table):
// a second core is free and the board is small enough to be encoded twice.
bool portfolio_fits(const StageRun& run);

void alone_sat(StageRun& run);
void alone_cross_check(StageRun& run);
void alone_wall(StageRun& run);
void alone_search(StageRun& run);
void alone_dfs(StageRun& run);
void alone_scan(StageRun& run);
void alone_route(StageRun& run);
void alone_layers(StageRun& run);
void alone_tight(StageRun& run);
void alone_shrink(StageRun& run);
void alone_route_fill(StageRun& run);

struct LayersResult;
struct WallResult;
struct SolveResult;
// SAT's attempt (untimed) from its result.
Attempt sat_attempt(const SolveResult& result);
// The wall follower with a budget of `boards`, stopped at `until`, recorded; its solution checked.
WallResult wall_attempt(StageRun& run, long boards,
                        StageRun::Clock::time_point until = StageRun::Clock::time_point::max());
// The layers engine until `until`, recorded; its solution checked.
LayersResult layers_attempt(StageRun& run, StageRun::Clock::time_point until);

// The verdict an engine that stopped for `reason` gives.
Verdict verdict_for(StopReason reason);

}  // namespace nl

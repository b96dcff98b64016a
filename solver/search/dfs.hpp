// The cheap-node depth-first search engine, for batches of small puzzles.
//
// Why: on small boards (Janko, the Flow level packs) the SAT engine spends almost all of its
// time handing a few thousand clauses to CryptoMiniSat, milliseconds per board, while a
// depth-first search over paths whose nodes cost a few hundred instructions solves most of
// them in a few hundred nodes. The exhaustive search of solver/search/search.hpp is the independent
// oracle and recomputes everything at every node (about 20,000 instructions a node); this one
// keeps its state incrementally and checks dead ends locally, so it can run first under a node
// budget and leave the rest to SAT (solver/pipeline/engine.cpp, `--engine auto`).
//
// The method (dfs.cpp): every label's path grows from both terminals; each node extends the
// most constrained head (the one with the fewest moves; one move is a forced move), or joins a
// label's two heads when they are adjacent. Prunings (dead cells, heads without moves, heads
// cut off from their partner, regions no label can fill, colour counts) are listed with their
// soundness arguments in dfs.cpp; each is sound under the presets it is used under, so a
// search that ends without a solution is a proof that there is none (property-tested against
// the brute-force oracle on random boards of every preset). Every solution passes
// core/checker before it is returned.
//
// Supported: single-layer boards without vias (blocked cells and any rectangle) of at most
// kDfsMaxCells cells, under every preset; other boards are NotApplicable (the search recurses
// once per cell it lays, so its depth, and its stack, grow with the board). Under no-fill rules it is exact too but weak
// (cells may stay empty, so most prunings are off); `auto` runs it on fill rules only, and under
// flow rules looks for a strict solution (which is a flow solution too; see dfs.cpp).
#pragma once

#include <atomic>
#include <string>

#include "core/puzzle.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/progress.hpp"

namespace nl {

// 2,500: measured, the search needs more than 2 MB of stack for 10,000 cells (a solved
// 100x100 board crashed with `ulimit -s 2048`, and under the sanitizers with 8 MB); 2,500
// cells stay within about 600 KB. `auto` runs it on boards of at most 256 cells.
inline constexpr int kDfsMaxCells = 2'500;

struct DfsOptions {
    long max_nodes = 0;  // node budget, 0: none
    Budget budget;       // its deadline and interrupt flag, polled every 1024 nodes (memory is not:
                         // the search's arrays are sized up front)
    // Notes the nodes so far every 65,536 nodes (solver/base/progress.hpp); empty: none.
    ProgressSink progress;
};

struct DfsResult {
    // Solved: `solution` passed the checker. Unsolvable: the search was exhaustive and found
    // nothing. Budget: out of nodes. Stopped: timeout or interrupt. NotApplicable: a board it
    // does not handle (layers, vias).
    enum class Status { Solved, Unsolvable, Budget, Stopped, NotApplicable } status = Status::Budget;
    Solution solution;
    long nodes = 0;
};

std::string dfs_status_name(DfsResult::Status status);

// Searches for one solution of `puzzle` under `rules` (not puzzle.rules). Throws
// InternalError when a solution it built fails the checker (a bug, never returned).
DfsResult dfs_solve(const Puzzle& puzzle, Rules rules, const DfsOptions& options = {});

}  // namespace nl

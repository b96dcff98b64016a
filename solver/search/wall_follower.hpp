// The maze wall follower of Paul Matthews' JavaScript NumberLink solver, used as a fast
// presolver. It is incomplete by design: it finds a solution or reports that it got
// stuck, never "unsolvable".
//
// The search runs in rounds over a list of partially solved boards. A round takes every board
// of the list and every label not yet connected on it, and walks from each of the label's two
// endpoints with a left-hand and with a right-hand wall follower (in his order: left from
// end 0, left from end 1, right from end 0, right from end 1). A walk that reaches the other
// endpoint yields a child board with that path drawn. Children in which an endpoint of another
// unconnected label has no free neighbour (an empty cell or its own partner endpoint) are
// dropped, and so are duplicates (same cells drawn, same labels connected). The surviving
// children are the next round's list. The search ends when a child is complete (every label
// connected; under fill rules no empty cell left) and passes the checker (Solved), when the list
// runs empty (Stuck), or when the work budget is spent (Budget).
//
// The walk, step by step (as his wallFollow() does; this rule reproduces the four walks
// its README draws for board 1 exactly, see tests/test_wall_follower.cpp). A cell is open when it
// is on the board, not blocked and empty; everything else (the board edge, blocked cells, cells
// used by any path, every endpoint including the walker's own) is wall. The walker starts on its
// endpoint facing up and repeats:
//   1. if the other endpoint is orthogonally adjacent: success (the path ends there);
//   2. if 0 or 4 neighbours are open: stuck (4 happens only on the start cell, in the open,
//      where the walker would otherwise spin for ever, having no wall to put its hand on);
//   3. if the cell on the hand side is open, turn towards the hand (no step);
//      else if the cell ahead is open, step onto it (it becomes wall: the walker's own path);
//      else turn away from the hand (no step).
// Every cell the walker leaves is wall, so it never revisits a cell and never loops; with 1 to 3
// open neighbours rule 3 steps after at most 6 turns, so every walk ends within cell_count()
// steps. "Stuck" is therefore exactly "no open neighbour" (or the open-field start).
// Note rule 3 turns towards an open hand side *without* stepping and looks again, so from a
// start cell without a wall on its hand the walker first turns until it has one: his README's walk
// 2) (right hand from the corner, facing up) turns right twice and then steps down.
//
// Scope: one-layer boards of any shape the model expresses (rectangles, blocked cells). On
// several layers "up", "left" and "right" mean nothing: NotApplicable.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace nl {

struct WallOptions {
    // Work budget: boards examined (expanded) in all rounds. The list of boards of one round is
    // capped at the same number (and at a memory bound), since a longer list could not be
    // examined within the budget anyway.
    long max_boards = 200000;
    // Stop with Budget at the first board or walk that starts after this time. One walk copies
    // and hashes the whole grid, so on a board of millions of cells a single board of the first
    // round already costs a tenth of a second: a budget of boards alone cannot bound the time.
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct WallResult {
    enum class Status { Solved, Stuck, Budget, NotApplicable };
    Status status = Status::Stuck;
    Solution solution;          // when Solved: passed check_solution under the given rules
    int rounds = 0;             // rounds started
    long boards_examined = 0;   // boards expanded, over all rounds
    // His solver's "maximum board stack size": after each board is expanded, the boards of the
    // round not yet expanded (this one included) plus the children found so far in the round.
    std::size_t max_board_list = 0;
};

std::string wall_status_name(WallResult::Status status);

// Runs the wall follower on a one-layer puzzle under `rules`. Never returns Solved with an
// answer that check_solution rejects.
WallResult wall_follow(const Puzzle& puzzle, Rules rules, const WallOptions& options = {});

// ---- The pieces, exposed for tests ----

// `board` gives, per cell, the label drawn there or kNoLabel. Endpoints and blocked cells are
// wall whatever it says. Both functions need a one-layer puzzle (std::invalid_argument else).

struct WallWalk {
    bool reached = false;        // the walk ended next to the other endpoint
    std::vector<CellId> cells;   // from the start endpoint; ends with the other one when reached
};

// One walk of `label` from its endpoint ends[from_end] to the other one.
WallWalk wall_walk(const Puzzle& puzzle, const std::vector<int>& board, int label, int from_end,
                   bool left_hand);

// Endpoints of labels other than `except_label` that have no free neighbour on `board` (free:
// an empty cell or the label's other endpoint), in label order.
std::vector<CellId> trapped_endpoints(const Puzzle& puzzle, const std::vector<int>& board,
                                      int except_label);

}  // namespace nl

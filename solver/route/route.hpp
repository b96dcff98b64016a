// The routing presolver for sparse boards that need not be filled (nikoli and adc rules, ADC
// contest problems): negotiated-congestion rip-up and reroute, the PathFinder family of FPGA
// routers (McMurchie and Ebeling 1995; REFERENCES.md section 1.4), as the ADC 2017 winner's
// router did for Numberlink.
//
// Every line is routed alone with A* over the puzzle's adjacency graph (so one layer, several
// layers, and ADC 2016 vias, which the graph expresses, are all the same to it), ignoring the
// other lines except through costs: a cell costs (1 + history) * (1 + present * sharers), where
// sharers is the number of other lines on it now, `present` grows every round and `history`
// grows on every cell that is still shared at the end of a round. Rounds rip up and reroute the
// lines that share a cell, in a seeded random order, until no cell is shared. Other lines'
// endpoints and blocked cells are never entered.
//
// Touching itself (no-touch rules): a path with two adjacent cells that are not consecutive on
// it can always take the shortcut between them, which only drops cells, so it never adds
// sharing. Every routed path is shortcut at once (shortcut_path), so it is an induced path of
// the graph, which is exactly what the checker's touch rule asks; no cost term is needed.
//
// It is incomplete by design: it finds a solution (which passed the checker) or says nothing.
// It never concludes that a puzzle has no solution. Under fill rules it does not apply.
// Deterministic for a given seed (its own generator, no global state); it polls the budget's
// deadline and interrupt flag (not its memory cap: its own memory is a few arrays per cell).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "solver/base/attempt.hpp"
#include "solver/base/budget.hpp"
#include "solver/base/progress.hpp"

namespace nl {

struct RouteOptions {
    std::uint64_t seed = 1;  // orders of rerouting; the same seed gives the same answer
    int max_rounds = 20000;  // rounds of rip-up and reroute before giving up
    Budget budget;           // deadline and interrupt flag, polled between and inside searches
};

struct RouteResult {
    // Unknown: out of rounds, or a line cannot reach its other end at all (the router does not
    // conclude from that). Timeout / Interrupted: the budget ended it. NotApplicable: fill rules.
    using Status = Verdict;  // it gives Solved, Unknown, Timeout, Interrupted, NotApplicable
    Status status = Status::Unknown;
    Solution solution;       // when Solved: passed check_solution under the given rules
    int rounds = 0;          // rounds of rip-up and reroute after the first routing
    long reroutes = 0;       // A* searches, the first routing included
    long expanded = 0;       // cells the A* searches expanded, over every run: the work done
    int overlaps_left = 0;   // cells shared by two or more lines when it stopped
    // When not Solved: the last routing, every line's path (induced, between its ends), where
    // lines may still share cells; empty when some line had no path at all. The starting point
    // of the SAT repair (solver/route/repair.hpp).
    std::vector<std::vector<CellId>> attempt;
};


// Routes every line of `puzzle` under `rules` (no-fill rules only). Never returns Solved with an
// answer that check_solution rejects (that would be a bug: InternalError).
RouteResult route(const Puzzle& puzzle, Rules rules, const RouteOptions& options = {});

// The same router, stopped and resumed: each run() goes on from where the last one stopped (the
// paths, the history costs, the rounds so far), so `auto` can give it time in slices between
// SAT repairs. `route` is one run of a session. `puzzle` must outlive the session.
class RouteSession {
   public:
    RouteSession(const Puzzle& puzzle, Rules rules, std::uint64_t seed);
    ~RouteSession();
    RouteSession(const RouteSession&) = delete;
    RouteSession& operator=(const RouteSession&) = delete;
    // Until solved, `max_rounds` rounds in all (over every run), or the budget ends the run.
    // With `max_expanded` > 0 it also stops at the first end of a round once its searches have
    // expanded that many cells in all (over every run). That measure of work, unlike time, is
    // the same on every run and machine, and stopping between rounds leaves nothing half done,
    // so a schedule of turns in work units routes the same way every time (`auto` uses it).
    // rounds, reroutes and expanded in the result count over every run. `progress` is told the
    // rounds so far after each round begins (solver/base/progress.hpp).
    RouteResult run(int max_rounds, const Budget& budget, long max_expanded = 0, const ProgressSink& progress = {});

   private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The router restarted: a RouteSession with seed `seed` for base_rounds x luby(1) rounds, then a
// fresh one (new paths, no history costs) with seed + 1 for base_rounds x luby(2) rounds, and so
// on (luby: solver/base/budget.hpp), with the interface of RouteSession (max_rounds and max_expanded
// count over every session; the result's rounds, reroutes and expanded too, and its attempt is
// the current session's routing). Why: the rounds the router needs vary by seed with a heavy
// tail (figures: docs/performance.md, "Counting: router restarts"). Still deterministic for a
// given seed. `puzzle` must outlive the session.
class RestartingRouteSession {
   public:
    RestartingRouteSession(const Puzzle& puzzle, Rules rules, std::uint64_t seed, int base_rounds = 1000);
    RouteResult run(int max_rounds, const Budget& budget, long max_expanded = 0, const ProgressSink& progress = {});

   private:
    const Puzzle& puzzle_;
    Rules rules_;
    std::uint64_t seed_;
    int base_rounds_;
    std::uint64_t k_ = 1;  // the current session's place in the Luby sequence
    std::unique_ptr<RouteSession> session_;
    int rounds_before_ = 0;  // over the sessions before the current one
    long reroutes_before_ = 0, expanded_before_ = 0;
};

// ---- Pieces, exposed for tests ----

// The path with every self-touch removed: from each cell it jumps to the furthest later cell of
// the path adjacent to it. The result is a sub-sequence of `path` with the same ends, and no two
// of its cells are adjacent unless consecutive. `path` must be a walk over adjacent cells.
std::vector<CellId> shortcut_path(const Puzzle& puzzle, const std::vector<CellId>& path);

}  // namespace nl

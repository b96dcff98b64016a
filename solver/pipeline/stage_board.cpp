// The stages that reason on the board itself or search it cell by cell: the refutations, the
// scan search, the depth-first search and the wall follower (as a presolver, as the check of
// SAT's negative answers, and alone).
#include <algorithm>
#include <functional>

#include "core/errors.hpp"
#include "solver/search/dfs.hpp"
#include "solver/search/scan.hpp"
#include "solver/search/search.hpp"
#include "solver/pipeline/stage_parts.hpp"
#include "solver/search/wall_follower.hpp"

namespace nl {

namespace {

using Clock = StageRun::Clock;

bool strict_rules(Rules rules) { return rules.fill && !rules.touch; }

// The scan and the depth-first search share their result type. The scan looks for strict
// solutions, which are solutions under every preset, so its exhausted search is a proof under
// strict rules only; the depth-first search's is a proof under the rules it searched.
Verdict search_verdict(const StageRun& run, DfsResult::Status status, bool proves) {
    switch (status) {
        case DfsResult::Status::Solved:
            return Verdict::Solved;
        case DfsResult::Status::Unsolvable:
            return proves ? Verdict::Unsolvable : Verdict::Unknown;
        case DfsResult::Status::NotApplicable:
            return Verdict::NotApplicable;
        case DfsResult::Status::Budget:
            return Verdict::Unknown;
        case DfsResult::Status::Stopped:
            break;
    }
    return run.interrupted() ? Verdict::Interrupted : Verdict::Timeout;
}

Attempt& record_search(StageRun& run, const char* engine, const DfsResult& d, bool proves, Clock::time_point since,
                       long nodes_before = 0) {
    Attempt a;
    a.engine = engine;
    a.verdict = search_verdict(run, d.status, proves);
    if (d.status == DfsResult::Status::Unsolvable)
        a.reason = proves ? "the search is exhaustive" : "no strict solution (the search is exhaustive)";
    a.add("status", dfs_status_name(d.status)).add("nodes", nodes_before + d.nodes);
    return run.record(std::move(a), since);
}

constexpr double kWallGrace = 0.05;  // seconds past the deadline; part of the timeout margin

}  // namespace

Verdict verdict_for(StopReason reason) {
    switch (reason) {
        case StopReason::Interrupted:
            return Verdict::Interrupted;
        case StopReason::Memory:
            return Verdict::Limit;
        case StopReason::Timeout:
        case StopReason::None:
            break;
    }
    return Verdict::Timeout;
}

static const char* wall_reason(WallResult::Status s) {
    switch (s) {
        case WallResult::Status::Stuck:
            return "stuck: no move is forced";
        case WallResult::Status::Budget:
            return "out of its budget of boards";
        case WallResult::Status::NotApplicable:
            return "layered or not a plain square grid";
        case WallResult::Status::Solved:
            break;
    }
    return "";
}

WallResult wall_attempt(StageRun& run, long boards, Clock::time_point until) {
    const auto since = Clock::now();
    WallOptions wo;
    wo.max_boards = boards;
    wo.deadline = until;
    WallResult w = wall_follow(run.puzzle, run.rules, wo);
    Attempt a;
    a.engine = "wall";
    a.verdict = w.status == WallResult::Status::Solved          ? Verdict::Solved
                : w.status == WallResult::Status::NotApplicable ? Verdict::NotApplicable
                                                                : Verdict::Unknown;
    a.reason = wall_reason(w.status);
    a.add("status", wall_status_name(w.status))
        .add("rounds", w.rounds)
        .add("boards", w.boards_examined)
        .add("max_board_list", w.max_board_list);
    run.record(std::move(a), since);
    if (w.status == WallResult::Status::Solved)
        require_checked(run.puzzle, w.solution, run.rules, "the wall follower's");
    return w;
}

bool flat_board(const Puzzle& p) { return p.layers == 1 && p.square_grid(); }

namespace {

// A refutation row: its verdict, or nothing. One stopped by the budget decides nothing either:
// the stages after it stop as soon as they look at the budget, and SAT's timeout is the one the
// wall follower's check may still rescue with an answer.
bool refutation(StageRun& run, const std::function<Attempt()>& refute, const char* engine) {
    const auto since = Clock::now();
    Attempt a;
    try {
        a = refute();
    } catch (const Stopped& stop) {
        a.engine = engine;
        a.verdict = verdict_for(stop.reason);
        run.record(std::move(a), since);
        return false;
    }
    if (a.verdict == Verdict::Unsolvable) {
        run.refuted(engine);
        run.result.sat_stats.unsolvable_reason = a.reason;  // where records have always put it
    }
    run.record(std::move(a), since);
    return false;
}

}  // namespace

bool run_parity(StageRun& run) {
    return refutation(
        run, [&] { return refute_by_parity(run.puzzle, run.rules, run.budget(), run.facts); }, "parity");
}

bool run_crossing(StageRun& run) {
    return refutation(
        run, [&] { return refute_by_crossing(run.puzzle, run.budget(), run.facts); }, "crossing");
}

bool run_cuts(StageRun& run) {
    return refutation(run, [&] { return refute_by_cuts(run.puzzle, run.budget(), run.facts); }, "cuts");
}

bool run_refute(StageRun& run) {
    RefuteLimits limits = run.options.refute;
    if (!run.options.sat.presolve) limits.presolve_max_cells = 0;  // presolve switched off (tests)
    return refutation(
        run, [&] { return refute_board(run.puzzle, run.rules, limits, run.budget(), run.facts); }, "refute");
}

bool run_scan(StageRun& run) {
    const auto since = Clock::now();
    DfsOptions dop;
    // A share per cell: a board of a million cells needs a million visits to be solved at all
    // (four lines from the corners to the middle, under strict rules: 1-2 M, 0.2 s).
    dop.max_nodes = run.options.scan_nodes + long{run.options.scan_nodes_per_cell} * run.puzzle.cell_count();
    dop.budget = run.budget();
    dop.progress = run.stage_progress();
    DfsResult d = scan_solve(run.puzzle, dop);
    record_search(run, "scan", d, strict_rules(run.rules), since);
    if (d.status == DfsResult::Status::Budget && run.puzzle.cell_count() >= run.options.scan_race_min_cells)
        return true;
    if (d.status == DfsResult::Status::Solved) run.answer("scan", std::move(d.solution));
    // An exhausted scan proves there is no strict solution: the verdict under strict rules,
    // and under flow rules the depth-first search (which looks for strict solutions too) has
    // nothing left to find.
    if (d.status == DfsResult::Status::Unsolvable) {
        if (strict_rules(run.rules))
            run.refuted("scan");
        else
            run.scan_exhausted = true;
    }
    return false;
}

bool race_scan_on(StageRun& run, std::atomic<bool>* stop) {
    const auto since = Clock::now();
    const Attempt& first = run.result.attempts.back();
    const long long* nodes = attempt_count(first, "nodes");
    DfsOptions dop;  // no node budget: the race ends it
    dop.budget = run.budget();
    dop.budget.interrupt = stop;
    dop.progress = counted_from(run.stage_progress(), nodes ? static_cast<std::uint64_t>(*nodes) : 0);
    DfsResult d = scan_solve(run.puzzle, dop);
    record_search(run, "scan", d, strict_rules(run.rules), since, nodes ? *nodes : 0);
    if (d.status == DfsResult::Status::Solved) {
        run.answer("scan", std::move(d.solution));
        return true;
    }
    if (d.status == DfsResult::Status::Unsolvable && strict_rules(run.rules)) {
        run.refuted("scan");
        return true;
    }
    return false;
}

bool run_dfs(StageRun& run) {
    // Under flow rules it looks for a solution that does not touch itself (a strict one, which
    // is a flow solution too): the no-touch prunings make it far faster, and designed puzzles
    // have such solutions. A search that finds none proves nothing under flow rules.
    const auto since = Clock::now();
    DfsOptions dop;
    dop.max_nodes = run.options.dfs_nodes;
    dop.budget = run.budget();
    dop.progress = run.stage_progress();
    DfsResult d = dfs_solve(run.puzzle, Rules{true, false}, dop);
    record_search(run, "dfs", d, false, since);
    if (d.status == DfsResult::Status::Solved) run.answer("dfs", std::move(d.solution));
    return false;
}

bool run_wall_presolve(StageRun& run) {
    WallResult w = wall_attempt(run, run.options.presolve_boards, run.deadline());
    run.wall_ran = true;
    run.wall_out_of_budget = w.status == WallResult::Status::Budget;
    if (w.status == WallResult::Status::Solved) run.answer("wall", std::move(w.solution));
    return false;
}

// The wall follower after SAT's negative answers: a follower that did not run as a presolver, or
// ran out of budget there, may still find a solution (a stuck one cannot: it is deterministic).
// After "unsolvable" it checks the proof (a board it solves would expose a bug: internal error);
// a proof from the board's parity or presolve has its own property test and is not checked, as
// on a board of a million cells the follower costs most of a second. After a timeout it is a
// chance of an answer, not taken once the grace past the deadline is spent.
bool run_wall_check(StageRun& run) {
    if (run.interrupted() || (run.wall_ran && !run.wall_out_of_budget)) return false;
    const std::string& reason = run.result.sat_stats.unsolvable_reason;
    const bool proved_by_board = !reason.empty() && reason != "sat";
    auto until = Clock::time_point::max();
    if (run.has_timeout())
        until = std::max(run.deadline(), Clock::now()) +
                std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kWallGrace));
    if (run.result.status == Verdict::Unsolvable && !proved_by_board) {
        WallResult again = wall_attempt(run, run.options.fallback_boards, until);
        if (again.status == WallResult::Status::Solved)
            throw InternalError(run.puzzle.name +
                                ": the SAT engine proved the puzzle unsolvable, but the wall follower found a "
                                "solution that the checker accepts");
    } else if ((run.result.status == Verdict::Timeout ||
                (run.result.status == Verdict::Limit && run.result.sat_stats.over_cell_bound)) &&
               (!run.has_timeout() || run.left() > -kWallGrace)) {
        // A rescue as after a timeout: SAT gave no verdict, and the follower needs no CNF.
        WallResult again = wall_attempt(run, run.options.fallback_boards, until);
        if (again.status == WallResult::Status::Solved) run.answer("wall", std::move(again.solution));
    }
    return false;
}

void alone_wall(StageRun& run) {
    WallResult w = wall_attempt(run, run.options.fallback_boards);
    if (w.status == WallResult::Status::Solved) {
        run.answer("wall", std::move(w.solution));
        return;
    }
    run.settle(w.status == WallResult::Status::NotApplicable ? Verdict::NotApplicable : Verdict::Unknown);
    run.result.engine = "wall";
}

void alone_search(StageRun& run) {
    const auto since = Clock::now();
    SearchOptions so;
    so.max_solutions = 1;
    so.keep = 1;
    so.budget = run.budget();
    SearchResult s = search_solutions(run.puzzle, run.rules, so);
    Attempt a;
    a.engine = "search";
    a.verdict = s.status == SearchResult::Status::Timeout ? Verdict::Timeout
                : s.count                                 ? Verdict::Solved
                                                          : Verdict::Unsolvable;
    run.record(std::move(a), since);
    run.result.engine = "search";
    run.settle(run.result.attempts.back().verdict);
    if (s.count) run.result.solution = std::move(s.solutions[0]);
}

void alone_dfs(StageRun& run) {
    const auto since = Clock::now();
    DfsOptions dop;
    dop.budget = run.budget();
    dop.progress = run.stage_progress();
    DfsResult d = dfs_solve(run.puzzle, run.rules, dop);
    const Attempt& a = record_search(run, "dfs", d, true, since);
    run.result.engine = "dfs";
    run.settle(a.verdict);
    if (d.status == DfsResult::Status::Solved) run.answer("dfs", std::move(d.solution));
}

void alone_scan(StageRun& run) {
    const auto since = Clock::now();
    DfsOptions dop;
    dop.budget = run.budget();
    dop.progress = run.stage_progress();
    DfsResult d = scan_solve(run.puzzle, dop);
    const Attempt& a = record_search(run, "scan", d, strict_rules(run.rules), since);
    run.result.engine = "scan";
    run.settle(a.verdict);
    if (d.status == DfsResult::Status::Solved) run.answer("scan", std::move(d.solution));
}

}  // namespace nl

// The SAT stage (the last word of `auto`), SAT alone, and the cross-check of SAT against the wall
// follower.
#include "core/errors.hpp"
#include "solver/pipeline/stage_parts.hpp"
#include "solver/search/wall_follower.hpp"

namespace nl {

namespace {

using Clock = StageRun::Clock;

Attempt& record_sat(StageRun& run, const SolveResult& r, Clock::time_point since) {
    return run.record(sat_attempt(r), since);
}

void take_sat(StageRun& run, SolveResult& r) {
    run.settle(r.status);
    run.result.engine = "sat";
    run.result.sat_stats = r.stats;
    if (r.status == SolveStatus::Solved) run.result.solution = std::move(r.solution);
}

}  // namespace

// SAT decides what no stage before it decided, with the time left; a verdict a SAT turn or the
// repair reached earlier is taken as it is.
bool run_sat(StageRun& run) {
    const auto since = Clock::now();
    SolveResult r;
    if (run.decided) {
        r = std::move(*run.decided);
    } else {
        r = solve_sat(run.puzzle, run.rules, run.sat_options());
        record_sat(run, r, since);
    }
    take_sat(run, r);
    if (run.decided_by_repair && r.status == SolveStatus::Solved) run.result.engine = "repair";
    return false;
}

void alone_sat(StageRun& run) {
    const auto since = Clock::now();
    SolveResult r = solve_sat(run.puzzle, run.rules, run.options.sat);
    record_sat(run, r, since);
    take_sat(run, r);
}

// Both engines in full: SAT's verdict, and on plain grids the wall follower's; a solution the
// follower finds where SAT proved there is none is a contradiction (internal error).
void alone_cross_check(StageRun& run) {
    const auto since = Clock::now();
    SolveResult r = solve_sat(run.puzzle, run.rules, run.options.sat);
    record_sat(run, r, since);
    take_sat(run, r);
    if (!flat_board(run.puzzle)) return;
    WallResult w = wall_attempt(run, run.options.fallback_boards);
    if (w.status != WallResult::Status::Solved) return;
    if (r.status == SolveStatus::Unsolvable) {
        run.result.disagreement = true;
        throw InternalError(run.puzzle.name +
                            ": the SAT engine proved the puzzle unsolvable, but the wall follower found a "
                            "solution that the checker accepts");
    }
}

}  // namespace nl

// The SAT stage (the last word of `auto`), SAT alone, and the cross-check of SAT against the wall
// follower.
#include "core/errors.hpp"
#include "solver/pipeline/stage_parts.hpp"
#include "solver/search/wall_follower.hpp"

namespace nl {

namespace {

using Clock = StageRun::Clock;

// The portfolio's bounds: boards of at most this many cells (above, the second copy of the
// encoding costs more memory than the race wins), after CryptoMiniSat alone for this long.
constexpr int kPortfolioMaxCells = 100'000;
constexpr double kPortfolioHeadStart = 0.1;  // seconds

Attempt& record_sat(StageRun& run, const SolveResult& r, Clock::time_point since) {
    return run.record(sat_attempt(r), since);
}

// SAT's options as given, its progress noted under the stage's name.
SolveOptions whole_sat_options(const StageRun& run) {
    SolveOptions so = run.options.sat;
    so.progress = run.stage_progress();
    return so;
}

void take_sat(StageRun& run, SolveResult& r) {
    run.settle(r.status);
    run.result.engine = "sat";
    run.result.sat_stats = r.stats;
    if (r.status == SolveStatus::Solved) run.result.solution = std::move(r.solution);
}

}  // namespace

bool portfolio_fits(const StageRun& run) {
    return run.options.cores >= 2 && run.puzzle.cell_count() <= kPortfolioMaxCells;
}

// SAT decides what no stage before it decided, with the time left; a verdict a SAT turn or the
// repair reached earlier is taken as it is. Where a second core is free and --sat leaves the
// choice to the table, CryptoMiniSat alone gets a head start, and what it has not decided then
// goes to both SAT solvers at once for the rest (figures: docs/performance.md, "SAT back ends").
// The head start keeps the boards SAT decides at once (most that reach this row) from paying
// for a second thread, encoding and solver module.
bool run_sat(StageRun& run) {
    SolveResult r;
    if (run.decided) {
        r = std::move(*run.decided);
    } else {
        auto since = Clock::now();
        SolveOptions so = run.sat_options();
        const bool portfolio = so.sat == SatChoice::Auto && portfolio_fits(run) &&
                               (so.timeout <= 0 || so.timeout > 2 * kPortfolioHeadStart);
        if (portfolio) {
            SolveOptions head = so;
            head.sat = SatChoice::CryptoMiniSat;
            head.timeout = kPortfolioHeadStart;
            r = solve_sat(run.puzzle, run.rules, head);
            record_sat(run, r, since);
            if (r.status == SolveStatus::Timeout) {
                // The stage's figures start afresh: the portfolio's two solvers count from 0.
                run.note(ProgressNote::Kind::Begin);
                since = Clock::now();
                so = run.sat_options();
                so.sat = SatChoice::Portfolio;
                r = solve_sat(run.puzzle, run.rules, so);
                record_sat(run, r, since);
            }
        } else {
            r = solve_sat(run.puzzle, run.rules, so);
            record_sat(run, r, since);
        }
    }
    take_sat(run, r);
    if (run.decided_by_repair && r.status == SolveStatus::Solved) run.result.engine = "repair";
    return false;
}

void alone_sat(StageRun& run) {
    const auto since = Clock::now();
    SolveResult r = solve_sat(run.puzzle, run.rules, whole_sat_options(run));
    record_sat(run, r, since);
    take_sat(run, r);
}

// Both engines in full: SAT's verdict, and on plain grids the wall follower's; a solution the
// follower finds where SAT proved there is none is a contradiction (internal error).
void alone_cross_check(StageRun& run) {
    const auto since = Clock::now();
    SolveResult r = solve_sat(run.puzzle, run.rules, whole_sat_options(run));
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

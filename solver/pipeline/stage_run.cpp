// The state of one walk, the walker and the race of a stage against the rest; see stage.hpp.
#include <algorithm>
#include <iterator>
#include <limits>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/base/race.hpp"
#include "solver/pipeline/stage.hpp"

namespace nl {

void require_checked(const Puzzle& p, const Solution& s, Rules rules, const std::string& whose) {
    const CheckResult check = check_solution(p, s, rules);
    if (check.ok) return;
    std::string message = p.name;  // += : GCC 12 warns falsely on a chain of operator+ (bug 105329)
    message += ": the checker rejected ";
    message += whose;
    message += " solution: ";
    message += check.message;
    throw InternalError(message);
}

const char* stage_kind_name(StageKind kind) {
    switch (kind) {
        case StageKind::Refutation:
            return "refutation";
        case StageKind::Exact:
            return "exact";
        case StageKind::Heuristic:
            return "heuristic";
        case StageKind::Confirm:
            break;
    }
    return "check";
}

StageRun::StageRun(const Puzzle& p, Rules r, const EngineOptions& o)
    : puzzle(p), rules(r), options(o), start(Clock::now()) {}

double StageRun::elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }

double StageRun::left() const {
    return has_timeout() ? options.sat.timeout - elapsed() : std::numeric_limits<double>::infinity();
}

StageRun::Clock::time_point StageRun::after_now(double seconds) {
    if (seconds <= 0) return Clock::time_point::max();
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

StageRun::Clock::time_point StageRun::deadline() const {
    if (!has_timeout()) return Clock::time_point::max();
    return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.sat.timeout));
}

double StageRun::share_of_left(double share) const {
    return has_timeout() ? std::max(1e-6, std::min(options.sat.timeout * share, left())) : 0.0;
}

SolveOptions StageRun::sat_options() const {
    SolveOptions so = options.sat;
    so.progress = stage_progress();
    // Never 0, which means no limit, and never more than given.
    if (so.timeout > 0) so.timeout = std::min(so.timeout, std::max(1e-6, left()));
    so.parity_checked = facts.parity_checked;
    so.crossing_checked = facts.crossing_checked;
    so.cuts_checked = facts.cuts_checked;
    so.presolved = facts.presolved ? &*facts.presolved : nullptr;
    so.max_cells = options.sat_max_cells;
    return so;
}

Budget StageRun::budget_until(Clock::time_point until) const {
    Budget b;
    b.deadline = std::min(until, deadline());
    b.interrupt = options.sat.interrupt;
    b.max_memory = options.sat.max_memory;
    return b;
}

Attempt& StageRun::record(Attempt attempt, Clock::time_point since) {
    attempt.seconds = std::chrono::duration<double>(Clock::now() - since).count();
    result.attempts.push_back(std::move(attempt));
    return result.attempts.back();
}

void StageRun::answer(const std::string& engine, Solution solution) {
    require_checked(puzzle, solution, rules, "the " + engine + " engine's");
    settle(Verdict::Solved);
    result.engine = engine;
    result.solution = std::move(solution);
}

void StageRun::refuted(const std::string& engine) {
    settle(Verdict::Unsolvable);
    result.engine = engine;
    result.solution = {};
}

namespace {

// A stage whose first budget ran out, against the rest of the table from `next` on. Why a race
// and not a bigger budget: how long such a stage needs does not follow from the board (the scan
// search's figures: docs/performance.md), so each side gets a thread and the first verdict stops
// the other, at the price of a second core while both run. The caller's interrupt reaches both
// (the race's watcher passes it on).
void race_rest(StageRun& run, const Stage& stage, std::size_t next) {
    const double left = run.has_timeout() ? std::max(1e-6, run.left()) : 0;
    const std::size_t before = run.result.attempts.size();  // the trail so far, in both copies
    StageRun rest = run, mine = run;
    rest.options.cores = mine.options.cores = std::max(1, run.options.cores - 1);  // the race takes one
    rest.options.sat.timeout = mine.options.sat.timeout = left;
    rest.start = mine.start = StageRun::Clock::now();
    bool decided = false;
    race(
        run.options.sat.interrupt,
        [&](std::atomic<bool>* stop) {
            rest.options.sat.interrupt = stop;
            walk_stages(rest, next);
            // Whatever the rest ended with, the stage stops too: after a verdict it has lost,
            // after a timeout its own deadline is the same, and after a memory cap it must not
            // run on without a budget.
            return true;
        },
        [&](std::atomic<bool>* stop) {
            mine.options.sat.interrupt = stop;
            mine.stage = stage.name;
            mine.note(ProgressNote::Kind::Begin);
            decided = stage.race_on(mine, stop);
            mine.note(ProgressNote::Kind::End);
            return decided;
        });
    // The rest's verdict when it has one (a rest stopped by the stage says "interrupted");
    // otherwise the stage's, when it has one. The trail: the attempts before the race, the
    // stage's continuation, then the rest's.
    const bool rest_decided = decisive(rest.result.status);
    std::vector<Attempt> trail = std::move(run.result.attempts);
    trail.insert(trail.end(), std::make_move_iterator(mine.result.attempts.begin() + static_cast<long>(before)),
                 std::make_move_iterator(mine.result.attempts.end()));
    trail.insert(trail.end(), std::make_move_iterator(rest.result.attempts.begin() + static_cast<long>(before)),
                 std::make_move_iterator(rest.result.attempts.end()));
    run.result = std::move(rest.result);
    run.has_verdict = rest.has_verdict;
    if (!rest_decided && decided) {
        run.settle(mine.result.status);
        run.result.engine = mine.result.engine;
        run.result.solution = std::move(mine.result.solution);
    }
    run.result.attempts = std::move(trail);
}

}  // namespace

void walk_stages(StageRun& run, std::size_t first) {
    const std::span<const Stage> stages = auto_stages();
    for (std::size_t i = first; i < stages.size(); ++i) {
        const Stage& stage = stages[i];
        if (run.settled() != (stage.kind == StageKind::Confirm)) continue;
        if (run.options.skips(stage.name) || !stage.applies(run)) continue;
        run.stage = stage.name;
        run.note(ProgressNote::Kind::Begin);
        const bool race = stage.run(run) && stage.race_on;
        run.note(ProgressNote::Kind::End);
        if (race) {
            race_rest(run, stage, i + 1);
            return;
        }
    }
}

}  // namespace nl

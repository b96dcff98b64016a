// The routing stages of boards that need not be filled: a short SAT turn, then the router's turns,
// each ending in the SAT repair of its routing (and on layered boards with vias the layers engine,
// once), racing SAT on a second thread once the first turn has failed.
#include <algorithm>
#include <optional>

#include "solver/base/race.hpp"
#include "solver/route/repair.hpp"
#include "solver/route/route.hpp"
#include "solver/pipeline/stage_parts.hpp"
#include "solver/decompose/via_layers.hpp"

namespace nl {

namespace {

using Clock = StageRun::Clock;

// One router run (a session, resumed where its last run stopped) until `until`, for at most
// `rounds` rounds and `max_expanded` cells expanded in all (0: no limit); recorded, its answer
// checked.
template <class Session>
RouteResult route_attempt(StageRun& run, Session& session, int rounds, Clock::time_point until, long max_expanded) {
    const auto since = Clock::now();
    Budget budget;
    budget.deadline = until;
    budget.interrupt = run.options.sat.interrupt;
    RouteResult r = session.run(rounds, budget, max_expanded, run.stage_progress());
    Attempt a;
    a.engine = "route";
    a.verdict = r.status;
    a.add("status", std::string(verdict_name(r.status)))
        .add("rounds", r.rounds)
        .add("reroutes", r.reroutes)
        .add("expanded", r.expanded)
        .add("overlaps_left", r.overlaps_left);
    run.record(std::move(a), since);
    if (r.status == RouteResult::Status::Solved) require_checked(run.puzzle, r.solution, run.rules, "the router's");
    return r;
}

// The heuristic side of the routing stage: the router's turns, each repaired, and the layers
// engine once. Its state lives across turns, and across the race with SAT.
class RoutingTurns {
   public:
    enum class Turn { Answer, Decided, Again, Done };

    explicit RoutingTurns(StageRun& run)
        : run_(run),
          session_(run.puzzle, run.rules, run.options.route_seed, run.options.route_restart_rounds),
          work_(run.options.route_first_expanded),
          turn_until_(run.has_timeout() ? run.start + seconds(run.options.sat.timeout * run.options.route_share)
                                        : Clock::time_point::max()),
          layered_(layers_not_applicable(run.puzzle).empty()) {}

    // One turn under `interrupt` (the run's own, or the race's stop flag).
    Turn turn(const std::atomic<bool>* interrupt, int rounds) {
        const EngineOptions& o = run_.options;
        const std::atomic<bool>* const own = run_.options.sat.interrupt;
        run_.options.sat.interrupt = interrupt;
        struct Restore {
            StageRun& run;
            const std::atomic<bool>* flag;
            ~Restore() { run.options.sat.interrupt = flag; }
        } restore{run_, own};
        RouteResult routed = route_attempt(run_, session_, rounds, std::min(turn_until_, run_.deadline()), work_);
        if (routed.status == RouteResult::Status::Solved) {
            found_ = std::move(routed.solution);
            found_by_ = "route";
            return Turn::Answer;
        }
        if (routed.status == RouteResult::Status::Interrupted || routed.attempt.empty()) return Turn::Done;
        // Out of rounds: the routing is the one repaired last time, and so would its repair be.
        if (routed.reroutes == repaired_reroutes_) return Turn::Done;
        if (run_.has_timeout() && run_.left() <= 0) return Turn::Done;
        repaired_reroutes_ = routed.reroutes;
        const Turn repaired = repair(routed, interrupt);
        if (repaired != Turn::Again) return repaired;
        // After the repair, which finishes routings that are nearly there, the layers engine, once.
        if (layered_ && !layers_tried_) {
            layers_tried_ = true;
            LayersResult l = layers_attempt(run_, run_.has_timeout() ? StageRun::after_now(run_.left() * o.layers_share)
                                                                     : Clock::time_point::max());
            if (l.status == LayersResult::Status::Solved) {
                found_ = std::move(l.solution);
                found_by_ = "layers";
                return Turn::Answer;
            }
            if (l.status == LayersResult::Status::Interrupted) return Turn::Done;
        }
        work_ = routed.expanded + static_cast<long>(o.route_turn_factor * static_cast<double>(routed.expanded));
        turn_until_ = run_.has_timeout() ? StageRun::after_now(run_.left() / 2) : Clock::time_point::max();
        return Turn::Again;
    }

    Solution found_;  // the router's or the layers engine's answer, checked
    const char* found_by_ = nullptr;
    std::optional<SolveResult> decided_;  // the repair's exact verdict

   private:
    static Clock::duration seconds(double s) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
    }

    Turn repair(const RouteResult& routed, const std::atomic<bool>* interrupt) {
        const auto since = Clock::now();
        SolveOptions ro = run_.options.sat;
        ro.interrupt = interrupt;
        ro.max_cells = run_.options.sat_max_cells;  // the repair encodes the whole board too
        ro.timeout = run_.options.repair_max_seconds;
        if (run_.has_timeout())
            ro.timeout = std::max(0.001, std::min(ro.timeout, run_.left() * run_.options.repair_share));
        RepairResult repaired =
            repair_routing(run_.puzzle, run_.rules, routed.attempt, ro, run_.options.repair_max_stalls);
        Attempt a;
        a.engine = "repair";
        a.verdict = repaired.solve.status;
        a.add("status", std::string(verdict_name(repaired.solve.status)))
            .add("steps", repaired.steps)
            .add("window_cells", repaired.window_cells);
        run_.record(std::move(a), since);
        const SolveStatus rs = repaired.solve.status;
        if (rs == SolveStatus::Interrupted) return Turn::Done;
        if (rs == SolveStatus::Solved || rs == SolveStatus::Unsolvable) {
            decided_ = std::move(repaired.solve);
            return Turn::Decided;
        }
        return Turn::Again;
    }

    StageRun& run_;
    RestartingRouteSession session_;
    long work_;  // cells the router may have expanded by the turn's end
    Clock::time_point turn_until_;
    long repaired_reroutes_ = -1;  // the router's reroutes when its routing was last repaired
    bool layered_;
    bool layers_tried_ = false;
};

}  // namespace

Attempt sat_attempt(const SolveResult& r) {
    Attempt a;
    a.engine = "sat";
    a.verdict = r.status;
    a.reason = r.status == SolveStatus::Limit ? r.stats.limit_reason : r.stats.unsolvable_reason;
    a.add("vars", r.stats.vars).add("clauses", r.stats.clauses).add("conflicts", r.stats.conflicts);
    a.add("backend", r.stats.backend);
    return a;
}

bool routed_board(const StageRun& run) {
    return run.options.engine == Engine::Auto && !run.rules.fill &&
           run.puzzle.cell_count() >= run.options.route_min_cells;
}

// A short SAT turn first on one-layer boards: boards that SAT decides at once never wait for the
// router (figures: docs/performance.md, "SAT before the router").
bool run_sat_first(StageRun& run) {
    const auto since = Clock::now();
    SolveOptions first = run.sat_options();
    first.timeout = run.has_timeout() ? std::min(run.options.sat_first_seconds, run.options.sat.timeout / 10)
                                      : run.options.sat_first_seconds;
    SolveResult r = solve_sat(run.puzzle, run.rules, first);
    run.record(sat_attempt(r), since);
    // Over the cell bound SAT declined the board: the router, which needs no CNF, still runs.
    if (r.status != SolveStatus::Timeout && !r.stats.over_cell_bound) run.decided = std::move(r);
    return false;
}

// The router's first turn and the repair of its routing (and the layers engine), alone: most
// boards the router solves end here, the same way on every run. Then, if none answered, the
// heuristic side goes on (router turns, each repaired) on this thread while SAT, given all the
// time left, runs on another; the first answer or verdict stops the other. Why a race and not
// turns: SAT keeps nothing between calls, so turns would restart it (figures:
// docs/performance.md, "The router's race with SAT").
bool run_route(StageRun& run) {
    RoutingTurns turns(run);
    using Turn = RoutingTurns::Turn;
    // The first turn within route_rounds: on small dense boards the router spends its rounds
    // long before its first budget of cells, and SAT, which answers there, waits for it.
    Turn turn =
        turns.turn(run.options.sat.interrupt, std::min(run.options.route_rounds, run.options.auto_route_rounds));
    std::optional<SolveResult> raced;
    std::optional<Attempt> raced_attempt;
    if (turn == Turn::Again && run.options.race_sat) {
        const SolveOptions sat = run.sat_options();
        race(
            run.options.sat.interrupt,
            [&](std::atomic<bool>* stop) {
                while ((turn = turns.turn(stop, run.options.auto_route_rounds)) == Turn::Again) {
                }
                // Out of ideas without an answer: SAT runs on alone.
                return turn == Turn::Answer || turn == Turn::Decided;
            },
            [&](std::atomic<bool>* stop) {
                const auto since = Clock::now();
                SolveOptions so = sat;
                so.interrupt = stop;
                if (so.timeout > 0) so.timeout = std::max(0.001, run.left());
                raced = solve_sat(run.puzzle, run.rules, so);
                raced_attempt = sat_attempt(*raced);
                raced_attempt->seconds = std::chrono::duration<double>(Clock::now() - since).count();
                return !raced->stats.over_cell_bound;  // declined at once: the router goes on
            });
        if (raced_attempt) run.result.attempts.push_back(std::move(*raced_attempt));
    }
    if (turn == Turn::Answer) {
        run.answer(turns.found_by_, std::move(turns.found_));
        return false;
    }
    if (turn == Turn::Decided) {
        run.decided_by_repair = turns.decided_->status == SolveStatus::Solved;
        run.decided = std::move(turns.decided_);
    } else if (raced) {
        run.decided = std::move(raced);
    }
    return false;
}

void alone_route(StageRun& run) {
    RouteSession session(run.puzzle, run.rules, run.options.route_seed);
    RouteResult r = route_attempt(run, session, run.options.route_rounds, run.deadline(), 0);
    run.result.engine = "route";
    run.settle(r.status);
    if (r.status == RouteResult::Status::Solved) run.answer("route", std::move(r.solution));
}

}  // namespace nl

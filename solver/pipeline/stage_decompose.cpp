// The stages that cut a board into smaller problems: route-and-fill, shrink, tight and layers.
#include "solver/route/route_fill.hpp"
#include "solver/decompose/shrink.hpp"
#include "solver/pipeline/stage_parts.hpp"
#include "solver/decompose/tight.hpp"
#include "solver/decompose/via_layers.hpp"

namespace nl {

namespace {

using Clock = StageRun::Clock;

Attempt attempt_of(const char* engine, Verdict verdict, const std::string& why = {}) {
    Attempt a;
    a.engine = engine;
    a.verdict = verdict;
    a.reason = why;
    a.add("status", std::string(verdict_name(verdict)));
    return a;
}

RouteFillResult route_fill_attempt(StageRun& run, double seconds) {
    const auto since = Clock::now();
    RouteFillOptions fo;
    fo.seed = run.options.route_seed;
    fo.budget = run.budget_until(StageRun::after_now(seconds));
    fo.whole_board_max_cells = run.options.routefill_max_cells;
    RouteFillResult f = solve_by_route_fill(run.puzzle, run.rules, fo);
    Attempt a = attempt_of("routefill", f.status);
    a.add("left_empty", f.left_empty).add("windows", f.windows);
    run.record(std::move(a), since);
    return f;
}

ShrinkResult shrink_attempt(StageRun& run, double seconds) {
    const auto since = Clock::now();
    ShrinkOptions so;
    so.budget = run.budget_until(StageRun::after_now(seconds));
    so.solve_part = pipeline_part_solver();
    ShrinkResult s = solve_by_shrinking(run.puzzle, run.rules, so);
    Attempt a = attempt_of("shrink", s.status);
    a.add("width", s.width).add("height", s.height);
    run.record(std::move(a), since);
    return s;
}

// The tight engine until `until`, its speculation on groups of layers until `group_until`.
// Under auto a board it does not apply to leaves no attempt (`record_all` false): it is checked
// on every board, and says nothing on most.
TightResult tight_attempt(StageRun& run, Clock::time_point until, Clock::time_point group_until, bool record_all) {
    const auto since = Clock::now();
    TightOptions to;
    to.budget = run.budget_until(until);
    to.group_deadline = group_until;
    to.slack = run.facts.slack ? &*run.facts.slack : nullptr;
    to.solve_part = pipeline_part_solver();
    TightResult t = solve_tight(run.puzzle, run.rules, to);
    if (record_all || t.status != TightResult::Status::NotApplicable) {
        Attempt a = attempt_of("tight", t.status, t.why);
        a.add("part", t.group).add("packings", t.packings);
        run.record(std::move(a), since);
    }
    return t;
}

// An engine alone: its verdict is the result.
template <class Result>
void settle_alone(StageRun& run, const char* engine, Result& r) {
    run.result.engine = engine;
    run.settle(run.result.attempts.back().verdict);
    if (r.status == Result::Status::Solved) run.answer(engine, std::move(r.solution));
}

}  // namespace

bool sparse_flow_board(const StageRun& run) {
    const Puzzle& p = run.puzzle;
    if (!run.rules.fill || !run.rules.touch || p.labels.empty()) return false;
    int free_cells = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) free_cells += !p.is_blocked(c);
    return free_cells >= run.options.routefill_min_cells &&
           free_cells >= run.options.routefill_min_cells_per_label * static_cast<long>(p.labels.size());
}

LayersResult layers_attempt(StageRun& run, Clock::time_point until) {
    const auto since = Clock::now();
    LayersOptions lo;
    lo.budget = run.budget_until(until);
    lo.solve_part = pipeline_part_solver();
    LayersResult l = solve_by_layers(run.puzzle, run.rules, lo);
    Attempt a = attempt_of("layers", l.status, l.why);
    a.add("layer_solves", l.layer_solves).add("assignments", l.assignments);
    run.record(std::move(a), since);
    if (l.status == LayersResult::Status::Solved)
        require_checked(run.puzzle, l.solution, run.rules, "the layers engine's");
    return l;
}

bool run_route_fill(StageRun& run) {
    RouteFillResult f = route_fill_attempt(run, run.share_of_left(run.options.routefill_share));
    if (f.status == RouteFillResult::Status::Solved) run.answer("routefill", std::move(f.solution));
    return false;
}

bool run_shrink(StageRun& run) {
    ShrinkResult s = shrink_attempt(run, run.share_of_left(run.options.shrink_share));
    if (s.status == ShrinkResult::Status::Solved) run.answer("shrink", std::move(s.solution));
    return false;
}

// Exact on a tight board (its "unsolvable" has the proof of tight.hpp, with a property test
// against the exhaustive search); on a tight group of layers only an answer counts.
bool run_tight(StageRun& run) {
    const Clock::time_point group_until =
        run.has_timeout() ? run.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                                            run.options.sat.timeout * run.options.tight_share))
                          : Clock::time_point::max();
    TightResult t = tight_attempt(run, run.deadline(), group_until, false);
    if (t.status == TightResult::Status::Solved) run.answer("tight", std::move(t.solution));
    if (t.status == TightResult::Status::Unsolvable) run.refuted("tight");
    return false;
}

void alone_route_fill(StageRun& run) {
    RouteFillResult f = route_fill_attempt(run, run.options.sat.timeout);
    settle_alone(run, "routefill", f);
}

void alone_shrink(StageRun& run) {
    ShrinkResult s = shrink_attempt(run, run.options.sat.timeout);
    settle_alone(run, "shrink", s);
}

void alone_tight(StageRun& run) {
    TightResult t = tight_attempt(run, run.deadline(), run.deadline(), true);
    settle_alone(run, "tight", t);
}

void alone_layers(StageRun& run) {
    LayersResult l = layers_attempt(run, run.deadline());
    settle_alone(run, "layers", l);
}

}  // namespace nl

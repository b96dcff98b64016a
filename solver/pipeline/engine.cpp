// Solving one puzzle: the stage table or one engine alone, then the optimiser; see engine.hpp.
#include "solver/pipeline/engine.hpp"

#include "solver/pipeline/stage.hpp"

namespace nl {

const Attempt* last_attempt(const EngineResult& result, std::string_view engine) {
    for (auto a = result.attempts.rbegin(); a != result.attempts.rend(); ++a)
        if (a->engine == engine) return &*a;
    return nullptr;
}

namespace {

// Shorter wires for a solved no-fill puzzle, within the optimiser's time and the puzzle's
// deadline; recorded as an attempt of its own, its answer checked like every other.
void optimize_answer(StageRun& run) {
    const auto since = StageRun::Clock::now();
    run.stage = "optimize";
    run.note(ProgressNote::Kind::Begin);
    OptimizeOptions oo;
    oo.objective = *run.options.optimize;
    oo.budget.interrupt = run.options.sat.interrupt;
    oo.budget.deadline = std::min(StageRun::after_now(run.options.optimize_seconds), run.deadline());
    OptimizeResult o = optimize_wires(run.puzzle, run.rules, run.result.solution, oo);
    require_checked(run.puzzle, o.solution, run.rules, "the optimiser's");
    Attempt a;
    a.engine = "optimize";
    a.verdict = Verdict::Solved;
    a.add("objective", objective_name(oo.objective))
        .add("status", optimize_status_name(o.status))
        .add("length_before", o.before.length)
        .add("bends_before", o.before.bends)
        .add("passes", o.passes)
        .add("improvements", o.improvements);
    run.record(std::move(a), since);
    run.result.solution = std::move(o.solution);
    run.note(ProgressNote::Kind::End);
}

}  // namespace

bool EngineOptions::skips(std::string_view stage) const {
    for (const std::string& s : skipped_stages)
        if (s == stage) return true;
    return false;
}

SolvePart pipeline_part_solver() {
    return [](const Puzzle& part, Rules rules, const PartLimits& limits) {
        EngineOptions eo;
        eo.sat.timeout = limits.timeout;
        eo.sat.interrupt = limits.interrupt;
        eo.sat.max_memory = limits.max_memory;
        if (!limits.tight) eo.skipped_stages.push_back("tight");
        EngineResult r = solve_puzzle(part, rules, eo);
        return PartAnswer{r.status, std::move(r.solution)};
    };
}

EngineResult solve_puzzle(const Puzzle& p, Rules rules, const EngineOptions& options) {
    StageRun run(p, rules, options);
    run_engine_alone(run);
    if (options.optimize && run.result.status == Verdict::Solved && !rules.fill) optimize_answer(run);
    return std::move(run.result);
}

}  // namespace nl

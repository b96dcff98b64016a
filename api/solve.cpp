// Solving, counting and uniqueness through the public API (include/numberlink/numberlink.hpp):
// solve_puzzle (solver/pipeline/engine.hpp) and count_with_engine (solver/count/count_engine.hpp), exactly as
// `numberlink solve`, `count` and `unique` run them.
#include <chrono>

#include "api/puzzle_impl.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/count/frontier.hpp"

namespace numberlink {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The library's verdict as the public header names it.
Status public_status(nl::Verdict verdict) {
    switch (verdict) {
        case nl::Verdict::Solved: return Status::Solved;
        case nl::Verdict::Unsolvable: return Status::Unsolvable;
        case nl::Verdict::Unknown: return Status::Unknown;
        case nl::Verdict::Timeout: return Status::Timeout;
        case nl::Verdict::Interrupted: return Status::Interrupted;
        case nl::Verdict::Limit: return Status::Limit;
        case nl::Verdict::NotApplicable: break;
    }
    return Status::NotApplicable;
}

Stop stop_of(const nl::CountResult& r) {
    if (!r.timed_out) return Stop::None;
    switch (r.stop) {
        case nl::StopReason::Interrupted: return Stop::Interrupted;
        case nl::StopReason::Memory: return Stop::Limit;
        case nl::StopReason::Timeout:
        case nl::StopReason::None: break;
    }
    return Stop::Timeout;
}

// Counts up to `max` solutions (0: all), keeping the first two.
nl::CountResult run_count(const nl::Puzzle& p, const CountOptions& options, long max) {
    api::require_timeout(options.limits.timeout, "the time limit");
    const std::optional<nl::CountEngine> engine = nl::count_engine_from_name(options.engine);
    if (!engine)
        throw std::invalid_argument("the counting engine must be sat, search or frontier, not '" +
                                    options.engine + "'");
    nl::CountOptions o;
    o.max = max;
    o.distinct = options.distinct == Distinct::Colours ? nl::Distinct::Colours : nl::Distinct::Paths;
    o.keep = 2;
    o.sat.timeout = options.limits.timeout;
    o.sat.interrupt = options.limits.interrupt;
    o.sat.max_memory = options.limits.max_memory;
    if (*engine == nl::CountEngine::Frontier)
        if (const auto why = nl::unsupported_frontier(p, p.rules, o.distinct))
            throw std::invalid_argument("the frontier engine cannot count " + p.name + ": " + *why);
    return api::translating_errors([&] { return nl::count_with_engine(p, p.rules, *engine, o); });
}

}  // namespace

std::string_view status_name(Status status) {
    switch (status) {
        case Status::Solved: return "solved";
        case Status::Unsolvable: return "unsolvable";
        case Status::Unknown: return "unknown";
        case Status::Timeout: return "timeout";
        case Status::Interrupted: return "interrupted";
        case Status::Limit: return "limit";
        case Status::NotApplicable: return "not-applicable";
    }
    return "?";
}

std::string_view uniqueness_name(Uniqueness verdict) {
    switch (verdict) {
        case Uniqueness::Unique: return "unique";
        case Uniqueness::Multiple: return "multiple";
        case Uniqueness::None: return "none";
        case Uniqueness::Unknown: return "unknown";
    }
    return "?";
}

SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) {
    api::require_timeout(options.limits.timeout, "the time limit");
    const std::optional<nl::Engine> engine = nl::engine_named(options.engine);
    if (!engine)
        throw std::invalid_argument("the engine must be " + std::string(nl::kEngineNames) + ", not '" +
                                    options.engine + "'");
    nl::EngineOptions o;
    o.engine = *engine;
    o.sat.timeout = options.limits.timeout;
    o.sat.interrupt = options.limits.interrupt;
    o.sat.max_memory = options.limits.max_memory;
    const nl::Puzzle& p = api::internal(puzzle);
    const Clock::time_point start = Clock::now();
    const nl::EngineResult r = api::translating_errors([&] { return nl::solve_puzzle(p, p.rules, o); });
    SolveResult out;
    out.seconds = seconds_since(start);
    out.status = public_status(r.status);
    out.engine = r.engine;
    if (out.status == Status::Solved) out.solution = api::public_solution(p, r.solution);
    if (out.status == Status::Unsolvable) {
        // The argument of the stage that decided (its attempt), else SAT's own.
        const nl::Attempt* decided = nl::last_attempt(r, r.engine);
        out.unsolvable_reason = decided && !decided->reason.empty() ? decided->reason : r.sat_stats.unsolvable_reason;
    }
    return out;
}

CountResult count(const Puzzle& puzzle, const CountOptions& options) {
    if (options.max < 0) throw std::invalid_argument("max must be >= 0 (0: count all)");
    const nl::Puzzle& p = api::internal(puzzle);
    const Clock::time_point start = Clock::now();
    const nl::CountResult r = run_count(p, options, options.max);
    CountResult out;
    out.seconds = seconds_since(start);
    out.count = r.count;
    out.count_text = r.count_text;
    out.capped = r.capped;
    out.stop = stop_of(r);
    out.solutions = api::public_solutions(p, r.solutions);
    return out;
}

UniqueResult unique(const Puzzle& puzzle, const CountOptions& options) {
    const nl::Puzzle& p = api::internal(puzzle);
    const Clock::time_point start = Clock::now();
    const nl::CountResult r = run_count(p, options, 2);
    UniqueResult out;
    out.seconds = seconds_since(start);
    out.stop = stop_of(r);
    // A second solution decides "multiple" even when the search stopped after finding it.
    out.verdict = r.count >= 2               ? Uniqueness::Multiple
                  : out.stop != Stop::None   ? Uniqueness::Unknown
                  : r.count == 1             ? Uniqueness::Unique
                                             : Uniqueness::None;
    if (out.verdict != Uniqueness::Unknown) out.stop = Stop::None;
    out.solutions = api::public_solutions(p, r.solutions);
    return out;
}

}  // namespace numberlink

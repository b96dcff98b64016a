// Shorter answers by routing sets of lines again; see length_line_sets.hpp.
#include "solver/count/length_line_sets.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/quality.hpp"
#include "solver/count/line_sets.hpp"
#include "solver/route/optimize.hpp"

namespace nl {

namespace {

// Each set's time: most sub-puzzles are settled in milliseconds, and a hard one is better left
// for the next set than allowed to eat the time of the proof.
constexpr auto kSetTime = std::chrono::milliseconds(200);

// The empty cells a sub-puzzle keeps: those within this many steps of its lines. A shorter route
// runs near the old one, and on sparse boards the window keeps every sub-puzzle small where
// all the empty cells would make each one nearly the whole board.
constexpr int kEmptyCellSteps = 4;

// The windows' sides grow by half each time from this one: a few lines of a neighbourhood first,
// then more at a time while the time lasts.
constexpr int kFirstWindowSide = 4;

// Inside the proof, the windows grow only while their sets cost less than this each on average:
// a larger window's sub-puzzle takes longer still, and the time is the cores' (on dense
// 36x10 boards sets of side 6 took 120 ms each, all in vain, where the proof needed a second).
constexpr auto kCheapSet = std::chrono::milliseconds(20);

// One set: its lines routed again as short as minimize_length finds within the set's time.
// True when the spliced answer is shorter than the best, which it then replaces.
bool shorten_set(const Puzzle& p, Rules rules, const SolveOptions& sat, const Budget& budget,
                 Budget::Clock::time_point stop_at, const std::vector<int>& grid, const std::vector<int>& labels,
                 MinLengthResult& out) {
    const Puzzle sub = line_set_puzzle(p, grid, labels, kEmptyCellSteps);
    const Solution kept = paths_of(out.solution, labels);
    const long kept_length = solution_quality(sub, kept).length;
    Budget within = budget;
    within.deadline = std::min(stop_at, Budget::Clock::now() + kSetTime);
    MinLengthSteps steps;
    steps.uniqueness = false;
    steps.line_sets = false;  // a set is routed by the proof alone, not split again
    steps.first_conflicts = 2000;
    const MinLengthResult r = minimize_length(sub, rules, kept, within, sat, steps);
    ++out.line_sets;
    if (r.stop == StopReason::Interrupted || r.stop == StopReason::Memory) throw Stopped(r.stop);
    if (r.length >= kept_length) return false;
    Solution shorter = spliced(out.solution, labels, r.solution);
    if (!check_solution(p, shorter, rules).ok) throw InternalError(p.name + ": a rerouted set of lines fails the checker");
    const long length = solution_quality(p, shorter).length;
    if (length >= out.length) throw InternalError(p.name + ": a shorter rerouted set made the answer no shorter");
    if (length < out.lower_bound) throw InternalError(p.name + ": a rerouted answer is shorter than the proved lower bound");
    out.solution = std::move(shorter);
    out.length = length;
    ++out.rerouted;
    return true;
}

enum class Pass { Shorter, NothingShorter, OutOfTime };

// One pass over the sets of the best answer: neighbouring pairs and triples, then the lines of
// windows of growing side, each set once, until one gives a shorter answer, the sets run out or
// the clock reaches `stop_at`. With LineSetReach::WhileCheap the windows stop growing once a
// side's sets cost more than kCheapSet each on average (judged after a few, so that one costly
// side is not tried to its end). The whole puzzle is never a set: that question is the proof's
// own.
Pass shorten_once(const Puzzle& p, Rules rules, const SolveOptions& sat, const Budget& budget,
                  Budget::Clock::time_point stop_at, LineSetReach reach, MinLengthResult& out) {
    const std::vector<int> grid = solution_grid(p, out.solution);
    std::set<std::vector<int>> tried;
    bool costly = false;
    const auto try_sets = [&](const std::vector<LineSet>& sets, bool windows) {
        const auto since = Budget::Clock::now();
        int sets_tried = 0;
        for (const LineSet& set : sets) {
            poll_budget(budget);
            const auto now = Budget::Clock::now();
            if (now >= stop_at) return Pass::OutOfTime;
            if (windows && reach == LineSetReach::WhileCheap && sets_tried >= 4 && now - since > kCheapSet * sets_tried) {
                costly = true;
                break;
            }
            if (set.labels.size() >= p.labels.size() || !tried.insert(set.labels).second) continue;
            ++sets_tried;
            if (shorten_set(p, rules, sat, budget, stop_at, grid, set.labels, out)) return Pass::Shorter;
        }
        return Pass::NothingShorter;
    };
    if (const Pass pass = try_sets(neighbouring_line_sets(p, grid, false), false); pass != Pass::NothingShorter)
        return pass;
    const int widest = std::max(p.width, p.height);
    for (int side = kFirstWindowSide; side < widest && !costly; side += side / 2)
        if (const Pass pass = try_sets(window_line_sets(p, grid, side), true); pass != Pass::NothingShorter) return pass;
    return Pass::NothingShorter;
}

}  // namespace

bool shorten_by_line_sets(const Puzzle& p, Rules rules, const SolveOptions& sat, const Budget& budget,
                          Budget::Clock::time_point stop_at, LineSetReach reach, MinLengthResult& out) {
    if (!p.bridges.empty() || rules.fill) return true;
    // A shorter answer changes the empty cells of every set: the sets start again from it.
    while (out.lower_bound < out.length) {
        const Pass pass = shorten_once(p, rules, sat, budget, stop_at, reach, out);
        if (pass != Pass::Shorter) return pass == Pass::NothingShorter;
    }
    return true;
}

namespace {

// When the sets stop after the optimiser: its time counted from its own start, within the
// puzzle's timeout. None (time_point::min()) when there was no optimiser's run to follow.
Budget::Clock::time_point reroute_deadline(const EngineOptions& options, Budget::Clock::time_point started,
                                           const EngineResult& result) {
    const Attempt* optimized = last_attempt(result, "optimize");
    if (!optimized) return Budget::Clock::time_point::min();
    const auto seconds = [](double s) {
        return std::chrono::duration_cast<Budget::Clock::duration>(std::chrono::duration<double>(s));
    };
    auto deadline = Budget::Clock::now() + seconds(options.optimize_seconds - optimized->seconds);
    if (options.sat.timeout > 0) deadline = std::min(deadline, started + seconds(options.sat.timeout));
    return deadline;
}

}  // namespace

void reroute_optimized_answer(const Puzzle& p, Rules rules, const EngineOptions& options,
                              Budget::Clock::time_point started, EngineResult& result) {
    if (options.optimize != WireObjective::Length || options.prove_length || result.status != Verdict::Solved ||
        rules.fill)
        return;
    const auto since = Budget::Clock::now();
    Budget budget;
    budget.deadline = reroute_deadline(options, started, result);
    if (budget.deadline <= since) return;
    budget.interrupt = options.sat.interrupt;
    budget.max_memory = options.sat.max_memory;
    MinLengthResult m;
    m.solution = result.solution;
    m.length = solution_quality(p, m.solution).length;
    m.lower_bound = wire_lower_bound(p).length;  // where no set can go below: stop there
    const long before = m.length;
    std::string status = "converged";
    try {
        if (!shorten_by_line_sets(p, rules, options.sat, budget, budget.deadline, LineSetReach::AllWindows, m))
            status = "timeout";
    } catch (const Stopped& stop) {
        status = stop.reason == StopReason::Interrupted ? "interrupted" : stop.reason == StopReason::Memory ? "memory" : "timeout";
    }
    if (!check_solution(p, m.solution, rules).ok) throw InternalError(p.name + ": the rerouted answer fails the checker");
    Attempt a;
    a.engine = "reroute";
    a.verdict = Verdict::Solved;
    a.seconds = std::chrono::duration<double>(Budget::Clock::now() - since).count();
    a.add("status", status)
        .add("length_before", before)
        .add("sets", m.line_sets)
        .add("improvements", m.rerouted);
    result.attempts.push_back(std::move(a));
    result.solution = std::move(m.solution);
}

}  // namespace nl

// Rerouting a few lines of a solution inside the cells they and the empty cells hold; see
// line_sets.hpp for the argument.
#include "solver/count/reroute_lines.hpp"

#include <chrono>

#include "core/checker.hpp"
#include "solver/count/count.hpp"
#include "solver/count/line_sets.hpp"
#include "solver/count/rewrite.hpp"

namespace nl {

std::optional<Solution> rerouted_second_solution(const Puzzle& p, Rules rules, Rules search_rules,
                                                 const Solution& first, Distinct distinct, const SolveOptions& sat) {
    if (!p.vias.empty() || !p.bridges.empty()) return std::nullopt;
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto left = [&] { return sat.timeout - std::chrono::duration<double>(Clock::now() - start).count(); };
    const std::vector<int> grid = solution_grid(p, first);
    for (const LineSet& set : neighbouring_line_sets(p, grid, true)) {
        if (sat.interrupt && *sat.interrupt) return std::nullopt;
        if (sat.timeout > 0 && left() <= 0) return std::nullopt;
        const Puzzle sub = line_set_puzzle(p, grid, set.labels);
        const Solution kept = paths_of(first, set.labels);  // T's paths of D
        CountOptions co;
        co.max = 2;
        co.keep = 2;
        co.distinct = distinct;
        co.local_moves = false;  // no router, pipeline or rerouting inside: this is the local move
        co.sat = sat;
        // One sub-puzzle may not take the whole budget: most are decided in milliseconds, and a
        // hard one is better skipped for the next.
        co.sat.timeout = sat.timeout > 0 ? std::min(left(), std::max(0.05, sat.timeout / 20)) : 1.0;
        const CountResult r = count_solutions_sat(sub, search_rules, co);
        if (r.stop == StopReason::Interrupted || r.stop == StopReason::Memory) return std::nullopt;
        for (const Solution& u : r.solutions) {
            if (!solutions_differ(sub, u, kept, distinct)) continue;
            const Solution second = spliced(first, set.labels, u);
            if (check_solution(p, second, rules).ok && solutions_differ(p, first, second, distinct)) return second;
        }
    }
    return std::nullopt;
}

}  // namespace nl

// SAT enumeration with blocking clauses; see count.hpp.
#include "solver/count.hpp"

#include <chrono>
#include <new>

#include "solver/parity.hpp"
#include "solver/solve_loop.hpp"

namespace nl {

CountResult count_solutions_sat(const Puzzle& p, Rules rules, const CountOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Budget budget = detail::budget_for(options.sat);
    CountResult out;
    SolveResult step;
    try {
        if (unsolvable_by_parity(p, rules)) return out;  // no solution: count 0 (solver/parity.hpp)
        detail::refuse_oversized(p, options.sat);
        EncodeOptions eo = detail::encode_options(options.sat);
        eo.speculate_no_uturn = options.sat.speculate && rules.touch;
        Encoding enc = encode(p, rules, eo, [&budget] { poll_budget(budget); });
        step.stats.vars = enc.cnf.num_vars;
        step.stats.clauses = enc.cnf.num_clauses;
        SatSession sat(options.sat.threads, &budget);
        std::size_t sent = sat.add(enc.cnf);
        std::vector<int> assume;
        if (enc.uturn_guard) assume.push_back(enc.uturn_guard);
        while (true) {
            if (options.max > 0 && out.count >= options.max) {
                out.capped = true;
                break;
            }
            const detail::Outcome o = detail::solve_with_cuts(p, rules, options.sat, enc, sat, sent, assume, step);
            if (o == detail::Outcome::Unsat) {
                if (assume.empty()) break;
                // Every solution without a U-turn is counted: go on under the exact rules.
                sat.add_clause(std::vector<int>{-enc.uturn_guard});
                assume.clear();
                continue;
            }
            ++out.count;
            std::vector<int> block;
            for (const auto& path : step.solution.paths)
                for (std::size_t i = 1; i < path.size(); ++i)
                    block.push_back(-enc.edges[enc.edge_between(path[i - 1], path[i])].var);
            sat.add_clause(block);
            if (out.solutions.size() < options.keep) out.solutions.push_back(std::move(step.solution));
        }
    } catch (const Stopped& stop) {
        out.stop = stop.reason;
    } catch (const EncodingTooLarge&) {
        out.stop = StopReason::Memory;
    } catch (const std::bad_alloc&) {
        out.stop = StopReason::Memory;
    }
    out.timed_out = out.stop != StopReason::None;
    out.stats = step.stats;
    out.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

}  // namespace nl

// The SAT solve loop.
//
// Speculation: a model found under constraints stronger than the rules is still a solution, so
// the first attempts assume them through activation literals:
//   stage 1: every guard (no U-turn on touch-allowed rules, fill on no-fill rules);
//   stage 2: no U-turn only;  stage 3: the rules alone.
// "No U-turn" (at most two edges of a 4-cycle) is the part of no-touch that pays: on 40x20
// boards under flow rules the exact encoding alone timed out (10 s) on every board tried, while
// with it they solve in 20 ms; the full no-touch clauses as speculation were slower.
// An unsatisfiable stage only moves to the next one (its guards are then fixed false); the last
// stage is exact, so "unsolvable" is always proved under the real rules.
//
// Cycles: the local constraints admit loops detached from every terminal.
//  - fill rules: a loop's cell set S holds no terminal, yet every cell of S must lie on a path
//    whose two ends are outside S; so some edge must cross S's boundary. That clause ("one of
//    S's boundary edges") is sound for every solution and removes this loop and every other
//    closed configuration on S. Solve again until no loop is left.
//  - no-fill rules: a loop's cells may simply stay empty; dropping it leaves valid paths (the
//    touch rule only relates cells of one path).
#include "solver/solve.hpp"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "decoder/decode.hpp"
#include "solver/sat_session.hpp"
#include "solver/solve_loop.hpp"

namespace nl {

std::string status_name(SolveStatus status) {
    switch (status) {
        case SolveStatus::Solved: return "solved";
        case SolveStatus::Unsolvable: return "unsolvable";
        case SolveStatus::Timeout: return "timeout";
        case SolveStatus::Interrupted: return "interrupted";
        case SolveStatus::Limit: return "limit";
    }
    return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::vector<int> boundary_clause(const Puzzle& p, const Encoding& e, const std::vector<CellId>& loop) {
    std::vector<char> inside(p.cell_count(), 0);
    for (CellId c : loop) inside[c] = 1;
    std::vector<int> clause;
    for (CellId c : loop)
        for (int i : e.edges_of(c)) {
            const Edge& edge = e.edges[i];
            if (!inside[edge.a] || !inside[edge.b]) clause.push_back(edge.var);
        }
    return clause;
}

// Adds the no-touch clause of every adjacent pair of cells that lie on one path without being
// consecutive on it. Returns whether any was added.
bool add_touch_cuts(const Puzzle& p, Encoding& e, const Solution& s) {
    std::vector<int> owner(p.cell_count(), kNoLabel), position(p.cell_count(), 0);
    for (int l = 0; l < static_cast<int>(s.paths.size()); ++l)
        for (std::size_t i = 0; i < s.paths[l].size(); ++i) {
            owner[s.paths[l][i]] = l;
            position[s.paths[l][i]] = static_cast<int>(i);
        }
    bool added = false;
    for (const auto& path : s.paths)
        for (CellId c : path)
            for (CellId d : p.neighbours(c))
                if (d > c && owner[d] == owner[c] && std::abs(position[d] - position[c]) != 1) {
                    add_no_touch_clause(p, e, e.edge_between(c, d));
                    added = true;
                }
    return added;
}

// Which speculative constraints an attempt adds, strongest first; the last attempt is exact.
struct Stage {
    bool uturn, fill;
};

std::vector<Stage> stages_for(Rules rules, bool speculate) {
    std::vector<Stage> stages;
    if (speculate && rules.touch && !rules.fill) stages.push_back({true, true});
    if (speculate && rules.touch) stages.push_back({true, false});
    if (speculate && !rules.touch && !rules.fill) stages.push_back({false, true});
    stages.push_back({false, false});
    return stages;
}

}  // namespace

namespace detail {

void refuse_oversized(const Puzzle& p, const SolveOptions& options) {
    if (options.max_memory && min_cnf_literals(p, options.coding) > options.max_memory / sizeof(int))
        throw Stopped(StopReason::Memory);
}

SolveStatus status_for(StopReason why) {
    switch (why) {
        case StopReason::Interrupted: return SolveStatus::Interrupted;
        case StopReason::Memory: return SolveStatus::Limit;
        case StopReason::Timeout:
        case StopReason::None: break;
    }
    return SolveStatus::Timeout;
}

Outcome solve_with_cuts(const Puzzle& p, Rules rules, const SolveOptions& options, Encoding& enc,
                        SatSession& sat, std::size_t& sent, const std::vector<int>& assume,
                        SolveResult& result) {
    std::vector<char> edge_on(enc.edges.size());
    while (true) {
        ++result.stats.sat_calls;
        const SatResult r = sat.solve(assume);
        result.stats.conflicts += sat.last_conflicts();
        if (r == SatResult::Unknown) throw Stopped(sat.stop_reason());
        if (r == SatResult::Unsat) return Outcome::Unsat;
        for (std::size_t i = 0; i < enc.edges.size(); ++i) edge_on[i] = sat.value(enc.edges[i].var);
        Decoded d = decode_edges(p, enc, edge_on);
        if (!d.problem.empty()) throw InternalError(p.name + ": SAT model does not decode: " + d.problem);
        if (rules.fill && !d.loops.empty()) {
            for (const auto& loop : d.loops) sat.add_clause(boundary_clause(p, enc, loop));
            result.stats.cycle_cuts += static_cast<int>(d.loops.size());
            continue;
        }
        if (options.lazy_no_touch && !rules.touch && add_touch_cuts(p, enc, d.solution)) {
            sent = sat.add(enc.cnf, sent);
            ++result.stats.touch_cuts;
            continue;
        }
        if (options.debug_fault == SolveOptions::Fault::CorruptAnswers && !d.solution.paths.empty() &&
            !d.solution.paths[0].empty())
            d.solution.paths[0].pop_back();  // the path no longer reaches its second terminal
        const CheckResult check = check_solution(p, d.solution, rules);
        if (!check.ok)
            throw InternalError(p.name + ": the checker rejected the SAT solution: " + check.message);
        result.solution = std::move(d.solution);
        return Outcome::Solved;
    }
}

}  // namespace detail

using detail::Outcome;
using detail::solve_with_cuts;

SolveResult solve_sat(const Puzzle& p, Rules rules, const SolveOptions& options) {
    const auto start = Clock::now();
    SolveResult result;
    if (options.debug_fault == SolveOptions::Fault::ClaimUnsolvable) {
        result.status = SolveStatus::Unsolvable;
        return result;
    }
    const Budget budget = detail::budget_for(options);
    const std::vector<Stage> stages = stages_for(rules, options.speculate);
    const bool fresh = options.speculation == SpeculationMode::Fresh;
    auto make_encoding = [&](Stage stage) {
        const auto t = Clock::now();
        EncodeOptions eo = detail::encode_options(options);
        eo.speculate_no_uturn = stage.uturn;
        eo.speculate_fill = stage.fill;
        eo.speculate_hard = fresh;
        Encoding enc = encode(p, rules, eo, [&budget] { poll_budget(budget); });
        result.stats.vars = enc.cnf.num_vars;
        result.stats.clauses = enc.cnf.num_clauses;
        result.stats.encode_seconds += since(t);
        return enc;
    };
    auto finish = [&](SolveStatus status, std::size_t stage) {
        result.status = status;
        result.stats.speculation = stages.size() == 1 ? "none"
                                   : status == SolveStatus::Solved && stage + 1 < stages.size() ? "held"
                                                                                              : "dropped";
        result.stats.solve_seconds = since(start) - result.stats.encode_seconds;
        return result;
    };

    // Guarded: one encoding with every speculative constraint behind an activation variable,
    // one incremental session; a stage assumes its guards, and an unsatisfiable stage fixes the
    // guards it no longer needs to false. Fresh: each stage gets its own encoding (speculation
    // as plain clauses) and session.
    // The session is declared after the encoding it was loaded from, so it is freed first.
    std::unique_ptr<Encoding> enc;
    std::unique_ptr<SatSession> sat;
    std::size_t sent = 0;
    std::size_t s = 0;
    try {
        detail::refuse_oversized(p, options);
        for (; s < stages.size(); ++s) {
            std::vector<int> assume;
            if (fresh || !enc) {
                sat.reset();
                enc.reset();
                enc = std::make_unique<Encoding>(make_encoding(fresh ? stages[s] : stages[0]));
                sat = std::make_unique<SatSession>(options.threads, &budget);
                sent = sat->add(enc->cnf);
            }
            if (!fresh) {
                if (stages[s].uturn) assume.push_back(enc->uturn_guard);
                if (stages[s].fill) assume.push_back(enc->fill_guard);
            }
            if (solve_with_cuts(p, rules, options, *enc, *sat, sent, assume, result) == Outcome::Solved)
                return finish(SolveStatus::Solved, s);
            if (!fresh)
                for (int g : assume) {
                    const bool needed = s + 1 < stages.size() &&
                                        ((g == enc->uturn_guard && stages[s + 1].uturn) ||
                                         (g == enc->fill_guard && stages[s + 1].fill));
                    if (!needed) sat->add_clause(std::vector<int>{-g});
                }
        }
    } catch (const Stopped& stop) {
        return finish(detail::status_for(stop.reason), s);
    } catch (const EncodingTooLarge&) {
        return finish(SolveStatus::Limit, s);
    } catch (const std::bad_alloc&) {
        return finish(SolveStatus::Limit, s);
    }
    return finish(SolveStatus::Unsolvable, stages.size());
}

}  // namespace nl

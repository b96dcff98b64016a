// SAT enumeration with blocking clauses; see count.hpp.
#include "solver/count.hpp"

#include <chrono>
#include <limits>
#include <new>

#include "solver/engine.hpp"
#include "solver/parity.hpp"
#include "solver/rewrite.hpp"
#include "solver/route.hpp"
#include "solver/solve_loop.hpp"

namespace nl {

namespace {

// "Not all of these edges": any solution with other paths lacks one of them.
std::vector<int> path_block(const Encoding& enc, const Solution& s) {
    std::vector<int> block;
    for (const auto& path : s.paths)
        for (std::size_t i = 1; i < path.size(); ++i)
            block.push_back(-enc.edges[enc.edge_between(path[i - 1], path[i])].var);
    return block;
}

// "Some cell is coloured otherwise": a cell empty in `s` is used (one of its edges holds), or a
// cell labelled l in `s` is not labelled l. Terminals never change and are left out. With
// one-hot values "not labelled l" is the literal -x[c][l], which also covers the cell being
// empty (x is false on unused cells). With binary values it is "some bit of c differs from the
// code of l" (one literal per bit, no auxiliary variable), except that on no-fill boards an
// empty cell's bits are free and could spell l: there "or c is empty" is added as -used[c]
// (the variables are created before solving, see count_solutions_sat). Every model with the
// colouring of `s` falsifies the clause; every solution with another colouring satisfies it.
// Detached loops: "a cell empty in `s` has an edge" also holds in a model that only adds a loop
// detached from every terminal. Under fill rules solve_with_cuts cuts such loops (the boundary
// clause) before it returns a model, so the model returned has another colouring. Under no-fill
// rules it ignores them (the paths are a solution without them), which here would count the
// colouring of `s` again (found by the property test: 30 instead of 1 on an open 5x3 board); so
// colourings on no-fill boards are enumerated over the exact acyclicity encoding
// (encoder/acyclic.cpp), where no model has a detached loop and "has an edge" means "is on a
// path".
std::vector<int> colouring_block(const Puzzle& p, const Encoding& enc, const Solution& s) {
    const std::vector<int> grid = solution_grid(p, s);
    std::vector<int> block;
    for (CellId c = 0; c < p.cell_count(); ++c) {
        if (p.is_blocked(c) || p.is_terminal(c)) continue;
        const int l = grid[c];
        if (l == kNoLabel) {
            for (int i : enc.edges_of(c)) block.push_back(enc.edges[i].var);
        } else if (enc.coding == LabelCoding::OneHot) {
            block.push_back(-(enc.value_base[c] + l));
        } else {
            for (int k = 0; k < enc.value_bits; ++k) {
                const int bit = enc.value_base[c] + k;
                block.push_back((l >> k) & 1 ? -bit : bit);
            }
            if (!enc.rules.fill) block.push_back(-enc.used_var[c]);
        }
    }
    return block;
}

// A quick "multiple" for `unique` (max 2) under no-fill rules: a first solution from the router
// (solver/route.hpp), else from the solve pipeline (engine auto without its router, which has
// just run: SAT speculating that the board is filled and has no U-turn, solver/engine.hpp), and a second one by a local
// rewrite of it (solver/rewrite.hpp); both are checked and differ, so the verdict is exact. This
// matters on large boards: on janko_even under nikoli rules the enumeration below found no first
// solution in 10 s on 11 puzzles that `solve` answers in about a second (it may speculate on the
// fill; the enumeration may not: solutions that leave cells empty must be counted too).
// The router and then the pipeline get at most a tenth of the time limit each (1 s without
// one). When neither finds a solution with a rewrite, this returns false, nothing is concluded,
// and the enumeration decides as before (the time spent comes out of the same deadline).
bool pipeline_proves_multiple(const Puzzle& p, Rules rules, const CountOptions& options, CountResult& out) {
    // Small boards are left to the enumeration, which is fast there (and so gives the same two
    // solutions as before); the threshold is the one auto uses for the router (engine.hpp).
    if (rules.fill || options.max != 2 || p.cell_count() < EngineOptions{}.route_min_cells) return false;
    const double slice = options.sat.timeout > 0 ? options.sat.timeout / 10 : 1.0;
    // The router alone first: its solutions leave many cells empty, so corner moves abound; the
    // pipeline's SAT answers often fill the board (it speculates on the fill) and then only a
    // shortcut can apply.
    RouteOptions ro;
    ro.budget = Budget::starting_now(slice, options.sat.interrupt, options.sat.max_memory);
    const RouteResult routed = route(p, rules, ro);
    Solution first;
    std::optional<Solution> second;
    if (routed.status == RouteResult::Status::Solved) {
        first = routed.solution;
        second = rewrite_second_solution(p, rules, first, options.distinct);
    }
    if (!second) {
        EngineOptions eo;
        eo.sat = options.sat;
        eo.sat.timeout = slice;
        eo.route_min_cells = std::numeric_limits<int>::max();  // auto would redo the routing above
        const EngineResult solved = solve_puzzle(p, rules, eo);
        if (solved.status != "solved") return false;
        first = solved.solution;
        second = rewrite_second_solution(p, rules, first, options.distinct);
    }
    if (!second) return false;
    out.count = 2;
    out.capped = true;
    out.solutions.push_back(std::move(first));
    out.solutions.push_back(std::move(*second));
    out.solutions.resize(std::min(out.solutions.size(), options.keep));
    return true;
}

}  // namespace

CountResult count_solutions_sat(const Puzzle& p, Rules rules, const CountOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Budget budget = detail::budget_for(options.sat);
    CountResult out;
    SolveResult step;
    try {
        if (unsolvable_by_parity(p, rules)) return out;  // no solution: count 0 (solver/parity.hpp)
        const Presolved pre = options.sat.presolve ? presolve(p, rules) : Presolved{};
        if (pre.unsolvable) return out;  // a contradiction of forced links (solver/presolve.hpp)
        if (pipeline_proves_multiple(p, rules, options, out)) {
            out.stats.solve_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return out;
        }
        detail::refuse_oversized(p, options.sat);
        EncodeOptions eo = detail::encode_options(options.sat);
        eo.speculate_no_uturn = options.sat.speculate && rules.touch;
        // Colourings on no-fill boards: the exact acyclicity encoding, so that "a cell has an
        // edge" means "the cell is on a path" (see colouring_block).
        if (options.distinct == Distinct::Colours && !rules.fill) eo.acyclic = true;
        Encoding enc = encode(p, rules, eo, [&budget] { poll_budget(budget); });
        if (options.distinct == Distinct::Colours && enc.coding == LabelCoding::Binary && !rules.fill)
            for (CellId c = 0; c < p.cell_count(); ++c)
                if (!p.is_blocked(c)) used_var(p, enc, c);  // for colouring_block
        step.stats.vars = enc.cnf.num_vars;
        step.stats.clauses = enc.cnf.num_clauses;
        SatSession sat(options.sat.threads, &budget);
        std::size_t sent = detail::load_and_release(sat, enc);
        detail::add_presolved_units(sat, enc, pre);
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
            const std::vector<int> block = options.distinct == Distinct::Colours
                                               ? colouring_block(p, enc, step.solution)
                                               : path_block(enc, step.solution);
            if (block.empty()) {  // every cell is a terminal: no other colouring exists
                if (out.solutions.size() < options.keep) out.solutions.push_back(std::move(step.solution));
                break;
            }
            sat.add_clause(block);
            // Unique (max 2): a local rewrite of the first solution, when one applies, is a
            // second solution at once (solver/rewrite.hpp), with no further search.
            if (options.max == 2 && out.count == 1)
                if (auto second = rewrite_second_solution(p, rules, step.solution, options.distinct)) {
                    ++out.count;
                    out.solutions.push_back(std::move(step.solution));
                    out.solutions.push_back(std::move(*second));
                    out.solutions.resize(std::min(out.solutions.size(), options.keep));
                    continue;  // the cap ends the loop
                }
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

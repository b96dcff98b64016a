// SAT enumeration with blocking clauses; see count.hpp.
#include "solver/count/count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/base/race.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/board/crossing.hpp"
#include "solver/board/cuts.hpp"
#include "solver/board/parity.hpp"
#include "solver/count/reroute_lines.hpp"
#include "solver/count/rewrite.hpp"
#include "solver/route/route.hpp"
#include "solver/sat/portfolio.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

namespace {

// Conflicts the search for a second solution may spend before the first solution's lines are
// rerouted (reroute_lines.hpp): below it, nothing changes (most second solutions and proofs of
// uniqueness on the benchmark sets come well within it); above it, on inputs9 under nikoli rules,
// the search went on for minutes where rerouting two or three lines answered in milliseconds.
constexpr std::uint64_t kRerouteAfterConflicts = 20'000;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

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

// A quick "multiple" for `unique` (max 2) under no-fill rules: a first solution, and a second one
// by a local rewrite of it (solver/count/rewrite.hpp); both are checked and differ, so the verdict is
// exact. (For `count` under adc rules only the first solution, as the enumeration's seed.) The
// first solution comes from the router (solver/route/route.hpp; its solutions leave many cells empty,
// so corner moves abound), else from the solve pipeline (engine auto without its
// router, which has just run: SAT speculating that the board is filled and has no U-turn,
// solver/pipeline/engine.hpp). This matters on large boards: on janko_even under nikoli rules the
// enumeration below found no first solution in 10 s on 11 puzzles that `solve` answers in about a
// second (it may speculate on the fill; the enumeration may not: solutions that leave cells empty
// must be counted too). Under nikoli rules the router and then the pipeline get at most a tenth
// of the time limit each (1 s without one); under adc rules with a time limit the whole
// pipeline runs once (see below). When no solution found has a rewrite, this returns false,
// nothing is concluded, and the enumeration decides (the time spent comes out of the same
// deadline); `seed` then receives a solution found, one that does not touch itself when there
// is one (the caller uses it as the enumeration's first solution: through adc under nikoli
// rules, directly under adc rules). Solving under the rules plus the fill rule first does not
// pay (figures: docs/performance.md, "Counting: the pipeline's first solution").
bool pipeline_proves_multiple(const Puzzle& p, Rules rules, const CountOptions& options, CountResult& out,
                              std::optional<Solution>& seed) {
    // Small boards are left to the enumeration, which is fast there (and its two solutions are
    // then the enumeration's own); the threshold is the one auto uses for the router (engine.hpp).
    if (rules.fill || !options.local_moves || p.cell_count() < EngineOptions{}.route_min_cells) return false;
    // `count` beyond two (or up to one) under adc rules: the pipeline's solution only seeds the
    // enumeration, which counts it once and blocks it, and its rewrite, blocked too, comes there
    // (count_solutions_sat). Under nikoli rules the seed goes in through adc rules, which only
    // capped at 2 is exact (decide_through_adc).
    const bool seed_only = options.max != 2;
    if (seed_only && rules.touch) return false;
    const double slice = options.sat.timeout > 0 ? options.sat.timeout / 10 : 1.0;
    const Rules no_touch{false, false};
    // Tries one first solution: true when a rewrite of it proves "multiple".
    auto try_first = [&](const Solution& first) {
        if (!check_solution(p, first, rules).ok) return false;
        if (seed_only) {
            seed = first;
            return false;
        }
        if (auto second = rewrite_second_solution(p, rules, first, options.distinct)) {
            out.count = 2;
            out.capped = true;
            out.solutions = {first, std::move(*second)};
            out.solutions.resize(std::min(out.solutions.size(), options.keep));
            return true;
        }
        if (!seed || (!check_solution(p, *seed, no_touch).ok && check_solution(p, first, no_touch).ok)) seed = first;
        return false;
    };
    // `route`: whether auto's routing stages run (the SAT turn before the router, the router).
    auto pipeline = [&](Rules under, bool route, double timeout) {
        EngineOptions eo;
        eo.sat = options.sat;
        eo.sat.timeout = timeout;
        if (!route) eo.skipped_stages = {"sat-turn", "route"};
        eo.race_sat = timeout > 0;
        return solve_puzzle(p, under, eo);
    };
    // Under no-touch rules (adc) the first solution, when no rewrite of it applies, becomes the
    // enumeration's first solution (count_solutions_sat), so the time spent finding it is not
    // lost: the enumeration would otherwise have to find one itself, with none of the solve
    // pipeline's engines. So there the whole pipeline runs, as `solve` runs it (router and its
    // repair, the layers engine, tight packing, SAT), with a time limit for 7/10 of it; it
    // returns as soon as it has a solution, so the share matters only on boards it needs
    // seconds for (ADC 2017 Q29: 5.5 s of `solve --timeout 7`, none at 5). Without a time limit
    // its race of the router against SAT is left out (race_sat): the first answer of two
    // threads varies between runs, and the generator, which counts without a time limit,
    // promises the same puzzles for a seed (its repair follows the second solution, which
    // depends on the first). The pipeline decides more puzzles than two short steps would
    // (figures: docs/performance.md, "Counting: the pipeline's first solution").
    if (!rules.touch) {
        const double share = options.sat.timeout > 0 ? options.sat.timeout * 0.7 : 0;
        const EngineResult solved = pipeline(rules, true, share);
        return solved.status == Verdict::Solved && try_first(solved.solution);
    }
    // The router, restarted with a new seed after 1,000 x luby(k) rounds (k = 1, 2, ...;
    // RestartingRouteSession): its rounds to a solution vary by seed with a heavy tail, so
    // restarts find a solution within the slice where one long run does not; a solution that
    // leaves cells empty lets a rewrite prove "multiple". In all at most the rounds of one
    // default run (20,000): on boards the router cannot solve (often unique ones) restarting
    // until the slice runs out costs more than it finds (figures: docs/performance.md,
    // "Counting: router restarts").
    const Budget route_budget = Budget::starting_now(slice, options.sat.interrupt, options.sat.max_memory);
    RestartingRouteSession router(p, rules, 1, 1000);
    const RouteResult routed = router.run(RouteOptions{}.max_rounds, route_budget);
    if (routed.status == RouteResult::Status::Solved && try_first(routed.solution)) return true;
    // auto would redo the routing above: no routing stages here
    const EngineResult solved = pipeline(rules, false, slice);
    return solved.status == Verdict::Solved && try_first(solved.solution);
}

// Unique (max 2) under nikoli rules (no fill, touch allowed) is decided by enumerating under adc
// rules (no fill, no touch), where SAT proves "no second solution" far faster, plus a local
// test on the one adc solution. The argument (rewrite.hpp defines the moves):
//  1. Every adc solution is a nikoli solution (adc only adds the no-touch rule).
//  2. Every nikoli solution S reaches an adc solution by shortcuts: while some path of S touches
//     itself (two cells P[i], P[j], j > i + 1, are neighbours: exactly what the checker's touch
//     rule forbids, adjacent cells of one label must be consecutive on its path) drop P[i+1..j-1].
//     Each shortcut gives a nikoli solution with fewer cells, so this ends, and it ends at a
//     solution without such a pair: an adc solution.
//  3. So: no adc solution means no nikoli solution (none); two adc solutions are two nikoli
//     solutions (multiple; under no-touch rules two path sets differ in colouring too, so this
//     holds under either --distinct mode). With exactly one adc solution T, a nikoli solution
//     S != T reaches T by a chain of one or more shortcuts, and the last solution of the chain
//     before T is a nikoli solution that shortcuts to T in one step: T with one link P[i]P[i+1]
//     replaced by a chain of cells empty in T, a detour. Conversely a detour of T is a nikoli
//     solution with more cells than T (another colouring, other edges). So nikoli has a second
//     solution exactly when T has a detour, which detour_second_solution decides exhaustively.
// Every step is over the puzzle's adjacency graph and the checker's two switches, so it holds on
// any board the checker judges. Tested against the brute-force oracle (tests/test_rewrite.cpp).
//  4. The corner order (encoder/encoding.hpp, add_corner_order_clauses) narrows the enumeration
//     further. A corner move (rewrite.hpp) replaces a path's cell a, between p and q, by an
//     empty free cell c next to both; it gives a nikoli solution with as many cells, "downhill"
//     when c comes before a in cell order. Shortcuts and downhill corner moves together always
//     end (each lowers the number of cells, or keeps it and lowers the sum of the cells'
//     indices), at a solution with neither, which is an adc solution with no downhill corner
//     move: the clauses leave exactly those. As in 3: none of them means no solution, two are
//     two solutions, and with exactly one, T, a second nikoli solution exists exactly when some
//     solution reaches T in one step: T with a detour, or T with one corner move (an uphill
//     one; its inverse is downhill). rewrite_second_solution tries every corner move of T
//     (and a corner move on a square grid always passes the checker under nikoli rules), and
//     detour_second_solution every detour, so both are tried on T before "unique".
//     The corner order pays on every unique set under nikoli rules (figures:
//     docs/performance.md, "Counting: unique under nikoli rules through adc").
// The unit clauses that make every model use the links (CountOptions::fixed_links); false when a
// link joins no edge of the encoding (then no solution uses it).
bool fix_links(const Encoding& enc, const std::vector<std::pair<CellId, CellId>>& links, SatSession& sat) {
    for (const auto& [a, b] : links) {
        const int index = enc.edge_between(a, b);
        if (index < 0) return false;
        sat.add_clause(std::vector<int>{enc.edges[index].var});
    }
    return true;
}

// Whether consecutive cells of some path of `s` are `a` and `b`, for every link.
bool uses_links(const Solution& s, const std::vector<std::pair<CellId, CellId>>& links) {
    for (const auto& [a, b] : links) {
        bool found = false;
        for (const auto& path : s.paths)
            for (std::size_t i = 0; i + 1 < path.size() && !found; ++i)
                found = (path[i] == a && path[i + 1] == b) || (path[i] == b && path[i + 1] == a);
        if (!found) return false;
    }
    return true;
}

bool decide_through_adc(Rules rules, const CountOptions& options) {
    return options.max == 2 && !rules.fill && rules.touch && options.fixed_links.empty();
}

}  // namespace

namespace {

// The encoding the enumeration runs on: the rules enumerated, the no-U-turn guard when SAT may
// speculate, in corner order when asked, and what counting colourings needs.
Encoding enumeration_encoding(const Puzzle& p, Rules rules, Rules enumerated, const CountOptions& options,
                              bool corner_order, const Budget& budget) {
    EncodeOptions eo = detail::encode_options(options.sat);
    eo.speculate_no_uturn = options.sat.speculate && enumerated.touch;
    // Colourings on no-fill boards: the exact acyclicity encoding, so that "a cell has an edge"
    // means "the cell is on a path" (see colouring_block).
    if (options.distinct == Distinct::Colours && !rules.fill) eo.acyclic = true;
    Encoding enc = encode(p, enumerated, eo, [&budget] { poll_budget(budget); });
    if (corner_order) add_corner_order_clauses(p, enc);
    if (options.distinct == Distinct::Colours && enc.coding == LabelCoding::Binary && !rules.fill)
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.is_blocked(c)) used_var(p, enc, c);  // for colouring_block
    return enc;
}

// A second solution from rerouting a few lines of the first, when the exact search for one is
// slow; with at most a third of the time left (10 s without a limit).
std::optional<Solution> rerouted_second(const Puzzle& p, Rules rules, Rules enumerated, const Solution& first,
                                        const CountOptions& options, std::chrono::steady_clock::time_point start) {
    SolveOptions ro = options.sat;
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ro.timeout = ro.timeout > 0 ? std::max(0.001, (ro.timeout - spent) / 3) : 10.0;
    return rerouted_second_solution(p, rules, enumerated, first, options.distinct, ro);
}

// Through adc, a first solution of the enumeration under the puzzle's own rules, for a fifth of
// the time limit (2 s without one): it often leaves cells empty where the seed fills the board,
// and then a rewrite proves "multiple" far sooner than the enumeration through adc alone
// (figures: docs/performance.md, "Counting: unique under nikoli rules through adc"). Without a
// rewrite it is a solution that does not touch itself (else a shortcut would apply), an adc
// solution, and becomes the seed when there is none. True when `out` holds the verdict: none
// (the exact enumeration found no solution) or multiple.
bool first_under_puzzle_rules(const Puzzle& p, Rules rules, const CountOptions& options,
                              std::chrono::steady_clock::time_point start, std::optional<Solution>& seed,
                              CountResult& out) {
    CountOptions one = options;
    one.max = 1;
    one.keep = 1;
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    one.sat.timeout = options.sat.timeout > 0
                          ? std::max(0.001, std::min(options.sat.timeout / 5, options.sat.timeout - spent))
                          : 2.0;
    CountResult first = count_solutions_sat(p, rules, one);
    if (first.stop == StopReason::Interrupted || first.stop == StopReason::Memory) throw Stopped(first.stop);
    if (first.count == 0 && !first.timed_out) return !seed;  // none (no seed: else a bug)
    if (first.count != 1 || first.solutions.empty()) return false;
    const Solution& s = first.solutions[0];
    if (auto second = rewrite_second_solution(p, rules, s, options.distinct)) {
        out.count = 2;
        out.capped = true;
        out.solutions = {s, std::move(*second)};
        out.solutions.resize(std::min(out.solutions.size(), options.keep));
        return true;
    }
    if (!seed || !check_solution(p, *seed, Rules{false, false}).ok) seed = s;
    return false;
}

// How the seed is counted: in corner order (its rewrites part of the proof), through adc (its
// detours too), counting beyond two from it (its rewrite blocked as a second solution), whether
// its lines may be rerouted later, and whether the enumeration assumes the no-U-turn guard.
struct SeedCounting {
    bool corner_order, through_adc, count_from_seed, reroute, uturn_guarded;
};

// The seed as the enumeration's first solution: counted and blocked, and a second solution from
// its rewrites or detours where they apply (see count_solutions_sat).
void count_seed(const Puzzle& p, Rules rules, const CountOptions& options, const SeedCounting& how,
                const std::function<std::vector<int>(const Solution&)>& block_of, SatSession& sat, Solution seed,
                CountResult& out, long& found_without_uturn, bool& only_one, std::optional<Solution>& reroute_from) {
    out.count = 1;
    if (how.uturn_guarded && !has_uturn(p, seed)) ++found_without_uturn;
    const std::vector<int> block = block_of(seed);
    only_one = block.empty();  // every cell a terminal (colours mode)
    if (!only_one) sat.add_clause(block);
    // The seed has had its rewrites tried where it was found; in corner order they are part of
    // the proof, so they are tried here again (decide_through_adc, 4).
    std::optional<Solution> second;
    if (!only_one && how.corner_order) second = rewrite_second_solution(p, rules, seed, options.distinct);
    if (!only_one && !second && how.through_adc) second = detour_second_solution(p, rules, seed);
    // Counting from the seed (it came without its rewrites): a rewrite of the seed is a second
    // solution at once (checked, and it differs), counted once because it is blocked too; the
    // enumeration goes on for the others. (Capped at 2 the verdict needs no block: the loop
    // ends at once.)
    if (!only_one && !second && how.count_from_seed) {
        second = rewrite_second_solution(p, rules, seed, options.distinct);
        if (second) sat.add_clause(block_of(*second));
    }
    if (second) {
        out.count = 2;
        out.solutions = {std::move(seed), std::move(*second)};
    } else {
        if (how.reroute) reroute_from = seed;
        out.solutions.push_back(std::move(seed));
    }
    out.solutions.resize(std::min(out.solutions.size(), options.keep));
}

}  // namespace

CountResult count_on_both_backends(const Puzzle& p, const CountOptions& options, double head_start,
                                   const std::function<CountResult(const CountOptions&)>& count) {
    const auto start = std::chrono::steady_clock::now();
    CountResult cms, cadical;
    bool cadical_ran = false;
    race_after(
        options.sat.interrupt, std::chrono::duration<double>(std::max(0.0, head_start)),
        [&](std::atomic<bool>* stop) {
            CountOptions own = options;
            own.sat.interrupt = stop;
            own.sat.sat = SatChoice::CryptoMiniSat;
            cms = count(own);
            return !cms.timed_out;
        },
        [&](std::atomic<bool>* stop) {
            // Here rather than before the race: a count that CryptoMiniSat ends within the head
            // start needs no CaDiCaL, and an installation without it then answers as before.
            require_both_backends();
            CountOptions own = options;
            own.sat.interrupt = stop;
            own.sat.sat = SatChoice::CaDiCaL;
            const double waited = seconds_since(start);
            if (options.sat.timeout > 0) own.sat.timeout = std::max(0.001, options.sat.timeout - waited);
            cadical_ran = true;
            cadical = count(own);
            cadical.stats.solve_seconds += waited;
            return !cadical.timed_out;
        });
    if (cadical_ran && !cms.timed_out && !cadical.timed_out && !cms.capped && !cadical.capped &&
        cms.count != cadical.count)
        throw InternalError(p.name + ": CryptoMiniSat and CaDiCaL count differently: " + std::to_string(cms.count) +
                            " against " + std::to_string(cadical.count));
    if (!cms.timed_out || !cadical_ran) return cms;
    if (!cadical.timed_out) return cadical;
    // Both stopped, so neither stopped the other: the caller's flag did, or each its own clock or
    // memory cap. Each count is an exact lower bound with checked solutions: the larger, with the
    // caller's reason.
    if (cadical.count > cms.count) {
        cadical.stop = cms.stop;
        return cadical;
    }
    return cms;
}

CountResult count_solutions_sat(const Puzzle& p, Rules rules, const CountOptions& options) {
    if (options.on_solution && (options.local_moves || options.max == 2 || options.sat.sat == SatChoice::Portfolio))
        throw std::invalid_argument("on_solution needs local_moves off, max other than 2 and one SAT back end");
    if (!options.fixed_links.empty() && options.local_moves)
        throw std::invalid_argument("fixed_links needs local_moves off");
    if (options.sat.sat == SatChoice::Portfolio) {
        require_both_backends();
        return count_on_both_backends(p, options, 0, [&](const CountOptions& o) { return count_solutions_sat(p, rules, o); });
    }
    const auto start = std::chrono::steady_clock::now();
    const Budget budget = detail::budget_for(options.sat);
    CountResult out;
    SolveResult step;
    try {
        // Both passes take tenths of a second on millions of cells: within the budget.
        const auto poll = [&budget] { poll_budget(budget); };
        // No solution, count 0, with the argument, as solve gives it (stats.unsolvable_reason).
        const auto refuted = [&out](const std::string& why) {
            out.stats.unsolvable_reason = why;
            return out;
        };
        if (const auto why = unsolvable_by_parity(p, rules, poll)) return refuted(*why);  // solver/board/parity.hpp
        if (const auto why = lines_must_cross(p, poll)) return refuted(*why);  // solver/board/crossing.hpp
        if (const auto why = too_many_lines_across(p, poll)) return refuted(*why);  // solver/board/cuts.hpp
        const Presolved pre = options.sat.presolve ? presolve(p, rules, {}, poll) : Presolved{};
        if (pre.unsolvable) return refuted(*pre.unsolvable);  // forced links that contradict (presolve.hpp)
        std::optional<Solution> seed;
        if (pipeline_proves_multiple(p, rules, options, out, seed)) {
            out.stats.solve_seconds = seconds_since(start);
            return out;
        }
        detail::refuse_oversized(p, options.sat);
        // The rules the enumeration runs under: adc for unique under nikoli (see
        // decide_through_adc), else the puzzle's own.
        const bool through_adc = decide_through_adc(rules, options);
        bool own_rules_tried = false;
        auto first_under_own_rules = [&] {
            own_rules_tried = true;
            return first_under_puzzle_rules(p, rules, options, start, seed, out);
        };
        // With an adc seed it waits: the enumeration below starts from the seed, and only when
        // its search for a second solution is slow are the seed's lines rerouted and then this
        // tried (on boards whose proof is quick, neither costs anything: levelpack 2 under nikoli
        // rules spent a fifth of its time in them when they came first).
        const bool seeded = seed && check_solution(p, *seed, Rules{false, false}).ok;
        if (through_adc && !(seeded && options.local_moves) && first_under_own_rules()) {
            out.stats.solve_seconds = seconds_since(start);
            return out;
        }
        const Rules enumerated = through_adc ? Rules{false, false} : rules;
        // Through adc, only solutions in corner order are enumerated (decide_through_adc, 4).
        const bool corner_order = through_adc && corner_order_applies(p);
        Encoding enc = enumeration_encoding(p, rules, enumerated, options, corner_order, budget);
        step.stats.vars = enc.cnf.num_vars;
        step.stats.clauses = enc.cnf.num_clauses;
        step.stats.backend = backend_word(backend_of(options.sat.sat));
        SatSession sat(options.sat.threads, &budget, backend_of(options.sat.sat));
        std::size_t sent = detail::load_and_release(sat, enc);
        detail::add_presolved_units(sat, enc, pre);
        if (!fix_links(enc, options.fixed_links, sat)) {
            out.stats.unsolvable_reason = "sat";  // a fixed link is no edge of the board
            return out;
        }
        std::vector<int> assume;
        if (enc.uturn_guard) assume.push_back(enc.uturn_guard);
        // Through adc, the seed (the pipeline's solution or the first one of the enumeration
        // under nikoli rules above; checked under the puzzle's rules, and with no shortcut,
        // corner move or pair swap) is the enumeration's first solution when it is an adc
        // solution too, as it usually is: it is counted and blocked, and its detours tried, as
        // if SAT had found it, so the search only has to find, or rule out, a second adc
        // solution. Under the puzzle's own no-fill rules (adc) the pipeline's seed is the first
        // solution in the same way: a solution under the enumerated rules, counted once and
        // blocked, so the count stays exact; the enumeration need not find it again (on ADC
        // 2017 Q30 and Q33 it found none in 60 s, where the pipeline takes 2-4 s).
        long found_without_uturn = 0;  // models found while assuming the no-U-turn guard
        bool only_one = false;  // the seed's blocking clause is empty: no other solution exists
        // Capped at 2: the first solution, until its lines have been rerouted (reroute_lines.hpp)
        // once the exact search for a second one has run kRerouteAfterConflicts conflicts.
        // `count` beyond two under adc rules from the pipeline's solution
        // (pipeline_proves_multiple): its rewrite, or else its rerouting, is a second solution,
        // blocked like every other (no U-turn guard there, whose phase counts the solutions
        // found without a U-turn).
        const bool count_from_seed =
            seed && options.max != 1 && options.max != 2 && !enumerated.touch && options.local_moves;
        const bool reroute = (options.max == 2 || count_from_seed) && options.local_moves;
        std::optional<Solution> reroute_from;
        auto block_of = [&](const Solution& s) {
            return options.distinct == Distinct::Colours ? colouring_block(p, enc, s) : path_block(enc, s);
        };
        if (seed && check_solution(p, *seed, enumerated).ok) {
            const SeedCounting how{corner_order, through_adc, count_from_seed, reroute, !assume.empty()};
            count_seed(p, rules, options, how, block_of, sat, std::move(*seed), out, found_without_uturn, only_one,
                       reroute_from);
        }
        while (!only_one) {
            if (options.max > 0 && out.count >= options.max) {
                out.capped = true;
                break;
            }
            const detail::Outcome o = detail::solve_with_cuts(p, enumerated, options.sat, enc, sat, sent, assume, step,
                                                              reroute_from ? kRerouteAfterConflicts : 0);
            if (o == detail::Outcome::Undecided) {
                // The search for a second solution is slow: reroute a few lines of the first,
                // then search on without a cap.
                std::optional<Solution> second = rerouted_second(p, rules, enumerated, *reroute_from, options, start);
                reroute_from.reset();
                if (second) {
                    if (count_from_seed) sat.add_clause(block_of(*second));
                    ++out.count;
                    out.solutions.push_back(std::move(*second));
                    out.solutions.resize(std::min(out.solutions.size(), options.keep));
                } else if (through_adc && !own_rules_tried) {
                    first_under_own_rules();  // multiple when its solution rewrites
                }
                continue;  // the cap ends the loop, or the search goes on
            }
            if (o == detail::Outcome::Unsat) {
                if (assume.empty()) break;
                // Every solution without a U-turn is counted: go on under the exact rules.
                out.uturn_free = found_without_uturn;
                sat.add_clause(std::vector<int>{-enc.uturn_guard});
                assume.clear();
                continue;
            }
            if (!uses_links(step.solution, options.fixed_links))
                throw InternalError(p.name + ": a solution of the part does not use the part's links");
            ++out.count;
            if (options.on_solution) options.on_solution(step.solution);
            // A rerouting is tried only while the first solution is the only one found: its
            // solution, blocked in no solver of its own, could be one SAT has found since.
            reroute_from.reset();
            if (!assume.empty()) ++found_without_uturn;
            const std::vector<int> block = block_of(step.solution);
            if (block.empty()) {  // every cell is a terminal: no other colouring exists
                if (out.solutions.size() < options.keep) out.solutions.push_back(std::move(step.solution));
                break;
            }
            sat.add_clause(block);
            // Unique (max 2): a local rewrite of the first solution, when one applies, is a
            // second solution at once (solver/count/rewrite.hpp), with no further search. Through adc,
            // the first solution is the only adc solution unless the search finds another, and a
            // detour is tried too: with none, a second nikoli solution would have to be a
            // second adc solution (decide_through_adc), which the search goes on to look for.
            if (options.max == 2 && out.count == 1 && options.fixed_links.empty()) {
                std::optional<Solution> second = rewrite_second_solution(p, rules, step.solution, options.distinct);
                if (!second && through_adc) second = detour_second_solution(p, rules, step.solution);
                if (second) {
                    ++out.count;
                    out.solutions.push_back(std::move(step.solution));
                    out.solutions.push_back(std::move(*second));
                    out.solutions.resize(std::min(out.solutions.size(), options.keep));
                    continue;  // the cap ends the loop
                }
            }
            if (reroute && out.count == 1) reroute_from = step.solution;
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
    if (!out.timed_out && out.count == 0) out.stats.unsolvable_reason = "sat";  // the enumeration found none
    out.stats.solve_seconds = seconds_since(start);
    return out;
}

bool has_uturn(const Puzzle& p, const Solution& s) {
    for (const auto& path : s.paths)
        for (std::size_t i = 0; i + 3 < path.size(); ++i)
            if (p.adjacent(path[i], path[i + 3])) return true;
    return false;
}

std::optional<CountResult> adc_verdict_from_nikoli(const Puzzle& p, const CountResult& nikoli, std::size_t keep) {
    if (nikoli.timed_out || nikoli.count >= 2) return std::nullopt;
    CountResult out;
    out.stats = nikoli.stats;
    if (nikoli.count == 0) return out;
    if (nikoli.solutions.empty()) return std::nullopt;  // nothing to check
    const Solution& t = nikoli.solutions[0];
    if (!check_solution(p, t, Rules{false, false}).ok) return std::nullopt;  // cannot happen (count.hpp)
    out.count = 1;
    if (keep > 0) out.solutions.push_back(t);
    return out;
}

}  // namespace nl

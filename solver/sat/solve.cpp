// The SAT solve loop.
//
// Speculation: a model found under constraints stronger than the rules is still a solution, so
// the first attempts assume them through activation literals:
//   stage 0 (no-fill boards of several layers): monotone lines (encoder/monotone.cpp), dropped
//            also after kMonotoneConflicts (see stages_for);
//   stage 1: every other guard (no U-turn on touch-allowed rules, fill on no-fill rules);
//   stage 2: no U-turn only;  stage 3: the rules alone.
// "No U-turn" (at most two edges of a 4-cycle) is the part of no-touch that pays: on 40x20
// boards under flow rules the exact encoding alone timed out (10 s) on every board tried, while
// with it they solve in 20 ms; the full no-touch clauses as speculation were slower.
// An unsatisfiable stage (or one out of its own conflicts) only moves to the next one (its guards
// are then fixed false); the last stage is exact, so "unsolvable" is always proved under the
// real rules.
//
// Bounded speculation: proving a speculative stage unsatisfiable can cost far more than the
// exact solve (ADC 2017 Q05, 8x8x4 with 20 lines: no filling exists, and proving that took over
// 60 s, while the rules alone are solved in 0.1 s). So the staged session (the stages above, in
// one incremental solver) races a plain exact session, a second solver loaded with the rules
// alone: they take turns, each under a conflict budget that doubles with each of its turns from
// kFirstSliceConflicts, and the first answer wins. The next turn goes to the staged session
// while its work is at most kStagedShare times the plain one's, else to the plain one; work is
// counted in propagations, deterministic (a conflict costs 50 times more in one session than in
// the other on Q05, so conflicts would not do) and close to time; CaDiCaL reports no
// propagations, so on that back end both sessions count conflicts (SatSession::work). So when
// the staged session answers with work W, the plain one has done about W / kStagedShare
// (speculation, which usually holds, costs a quarter more); when the plain one answers with
// work W, the staged one has done about kStagedShare * W: speculation costs at most a constant
// factor over the exact solve.
// Why a second solver, not the exact stage's turn in the same one: interleaving the stages in
// one solver leaves the exact turns far slower than a solver of their own, while going through
// the stages in one solver pays where speculation fails fast (figures: docs/performance.md,
// "SAT speculation: two sessions"). The plain session is
// opened only when the staged one has not answered within its first turn, so small puzzles
// never pay for it; on boards too large to hold twice (kRaceMaxClauses) there is no race.
//
// Cycles: the local constraints admit loops detached from every terminal.
//  - fill rules: a loop's cell set S holds no terminal, yet every cell of S must lie on a path
//    whose two ends are outside S; so some edge must cross S's boundary. That clause ("one of
//    S's boundary edges") is sound for every solution and removes this loop and every other
//    closed configuration on S. Solve again until no loop is left.
//  - no-fill rules: a loop's cells may simply stay empty; dropping it leaves valid paths (the
//    touch rule only relates cells of one path).
#include "solver/sat/solve.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/number_text.hpp"
#include "decoder/decode.hpp"
#include "solver/sat/merge_loops.hpp"
#include "solver/sat/portfolio.hpp"
#include "solver/board/crossing.hpp"
#include "solver/board/cuts.hpp"
#include "solver/board/parity.hpp"
#include "solver/board/presolve.hpp"
#include "solver/sat/sat_session.hpp"
#include "solver/sat/split.hpp"
#include "solver/sat/solve_loop.hpp"

namespace nl {

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

// Each session's conflict budget in its first turn, and how much more work the staged session
// may do than the plain one before the plain one gets a turn (see the header). Equal shares
// starve speculation where it holds late; 4 keeps a board where it fails at five times the exact
// solve at most (figures: docs/performance.md, "SAT speculation: two sessions").
constexpr std::uint64_t kFirstSliceConflicts = 1000;
constexpr std::uint64_t kStagedShare = 4;

// From this many cells on, paths that the presolve forces completely are the answer without
// the SAT solver. On smaller boards SAT answers in microseconds anyway, and letting it run keeps
// its statistics (variables, speculation) and the engines' fallbacks keep their meaning there.
constexpr int kPresolveAnswerMinCells = 10'000;

// Which speculative constraints an attempt adds, strongest first; the last attempt is exact.
struct Stage {
    bool uturn, fill, monotone = false;
    // Conflicts after which the stage is dropped undecided (0: none, and never on the last,
    // exact, stage): a stage that rarely holds must not cost the next ones their turn.
    std::uint64_t max_conflicts = 0;
};

// The stage's constraints for --stats (SolveStats::speculation_stage).
std::string stage_name(const Stage& stage) {
    std::string name;
    for (auto [on, what] : {std::pair{stage.monotone, "monotone"}, {stage.uturn, "no-uturn"}, {stage.fill, "fill"}})
        if (on) {
            if (!name.empty()) name += '+';
            name += what;  // += : GCC 12 warns falsely on operator+ here (bug 105329)
        }
    return name;
}

// The monotone stage's conflicts (see stages_for): enough for the designed packings it is for
// (ADC 2017 Q33 needs 8,574); where it does not hold, the cap keeps it from taking the turns of
// the stages after it (figures: docs/performance.md, "SAT speculation: monotone lines").
constexpr std::uint64_t kMonotoneConflicts = 20'000;

// Fill is not tried where the board's parity shows that no filled solution exists (ADC 2017
// Q05, Q11: proving it by SAT took longer than the exact solve).
// Monotone lines (encoder/monotone.cpp) come first on no-fill boards of several layers, within
// kMonotoneConflicts: ADC's designed packings, which they answer in a fraction of a second. Not
// on one layer, where lines cannot pass over each other and must wind: there the stage holds
// nowhere it pays and delays the fill stage (figures: docs/performance.md, "SAT speculation:
// monotone lines").
std::vector<Stage> stages_for(const Puzzle& p, Rules rules, bool speculate, bool monotone) {
    std::vector<Stage> stages;
    // Asked only under no-fill rules, where filling is a speculation (a pass over the board).
    const bool fill_possible = !rules.fill && !unsolvable_by_parity(p, Rules{true, rules.touch});
    if (speculate && monotone && !rules.fill && p.layers > 1 && p.labels.size() > 1 && monotone_applies(p))
        stages.push_back({rules.touch, false, true, kMonotoneConflicts});
    if (speculate && rules.touch && !rules.fill && fill_possible) stages.push_back({true, true});
    if (speculate && rules.touch) stages.push_back({true, false});
    if (speculate && !rules.touch && !rules.fill && fill_possible) stages.push_back({false, true});
    stages.push_back({false, false});
    return stages;
}

}  // namespace

namespace detail {

long open_cells(const Puzzle& p) {
    long open = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) open += !p.is_blocked(c);
    return open;
}

void refuse_oversized(const Puzzle& p, const SolveOptions& options) {
    if (options.max_cells > 0) {
        if (const long open = open_cells(p); open > options.max_cells)
            throw OverCellBound(StopReason::Memory, grouped_digits(open) + " open cells for one SAT problem, over the " +
                                                  grouped_digits(options.max_cells) + " of --sat-max-cells");
    }
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
                        SolveResult& result, std::uint64_t max_conflicts, Loops loops) {
    std::vector<char> edge_on(enc.edges.size());
    std::uint64_t spent = 0;
    while (true) {
        if (max_conflicts && spent >= max_conflicts) return Outcome::Undecided;
        ++result.stats.sat_calls;
        // The count after each call: a call cannot be asked how far it has got while it runs.
        detail::note_progress(options, "searching");
        const SatResult r = sat.solve(assume, 0, max_conflicts ? max_conflicts - spent : 0);
        result.stats.conflicts += sat.last_conflicts();
        spent += sat.last_conflicts();
        detail::note_progress(options, "searching", "conflicts", result.stats.conflicts);
        if (r == SatResult::Unknown) {
            if (max_conflicts && sat.stop_reason() == StopReason::None) return Outcome::Undecided;
            throw Stopped(sat.stop_reason());
        }
        if (r == SatResult::Unsat) return Outcome::Unsat;
        for (std::size_t i = 0; i < enc.edges.size(); ++i) edge_on[i] = sat.value(enc.edges[i].var);
        Decoded d = decode_edges(p, enc, edge_on);
        if (!d.problem.empty()) throw InternalError(p.name + ": SAT model does not decode: " + d.problem);
        if (rules.fill && rules.touch && !d.loops.empty() && loops == Loops::SpliceThenCut) {
            // The spliced edges are checked below like any answer; a rejected splice only
            // falls back to cutting the model's loops.
            std::vector<char> spliced = edge_on;
            if (splice_loops_into_paths(p, enc, spliced, d)) {
                Decoded merged = decode_edges(p, enc, spliced);
                if (merged.problem.empty() && merged.loops.empty() &&
                    check_solution(p, merged.solution, rules).ok) {
                    result.stats.loops_spliced += static_cast<int>(d.loops.size());
                    d = std::move(merged);
                }
            }
        }
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

namespace {

// What the board alone decides before any encoding: parity, lines that must cross, rows or
// columns too narrow for the lines across, presolve's contradiction or its complete candidate
// (checked), or the board solved region by region. True when `result` is the verdict; `pre` then
// points at presolve's deductions (`own`, or those the caller gave).
bool decide_before_encoding(const Puzzle& p, Rules rules, const SolveOptions& options, const Budget& budget,
                            Clock::time_point start, Presolved& own, const Presolved*& pre, SolveResult& result) {
    // Both passes take tenths of a second on millions of cells: within the budget.
    const auto poll = [&budget] { poll_budget(budget); };
    std::optional<std::string> parity;
    // The refutations of `auto` (solver/board/refute.hpp) may have computed both already.
    const bool given = options.presolve && options.presolved;
    pre = given ? options.presolved : &own;
    try {
        if (!options.parity_checked) parity = unsolvable_by_parity(p, rules, poll);
        if (!parity && !options.crossing_checked) parity = lines_must_cross(p, poll);
        if (!parity && !options.cuts_checked) parity = too_many_lines_across(p, poll);
        if (!parity && options.presolve && !given) own = presolve(p, rules, {}, poll);
    } catch (const Stopped& stop) {
        result.status = detail::status_for(stop.reason);
        result.stats.solve_seconds = since(start);
        return true;
    }
    if (parity) {
        result.status = SolveStatus::Unsolvable;
        result.stats.unsolvable_reason = *parity;
        return true;
    }
    if (!options.presolve) return false;
    result.stats.forced_edges = pre->forced.size();
    result.stats.dead_edges = pre->dead.size();
    if (pre->unsolvable) {
        result.status = SolveStatus::Unsolvable;
        result.stats.unsolvable_reason = *pre->unsolvable;
        return true;
    }
    if (pre->candidate && p.cell_count() >= kPresolveAnswerMinCells) {
        // The forced links join every label: an answer if the checker accepts it (under fill it
        // must cover the board, under no-touch not touch itself); else SAT decides.
        Solution candidate = *pre->candidate;
        if (options.debug_fault == SolveOptions::Fault::CorruptAnswers && !candidate.paths.empty() &&
            !candidate.paths[0].empty())
            candidate.paths[0].pop_back();
        if (check_solution(p, candidate, rules).ok) {
            result.status = SolveStatus::Solved;
            result.solution = std::move(candidate);
            result.stats.solve_seconds = since(start);
            return true;
        }
    }
    const bool over_limit = options.max_cells > 0 && p.cell_count() > options.max_cells &&
                            detail::open_cells(p) > options.max_cells;
    if (options.split && (p.cell_count() >= options.split_min_cells || over_limit)) {
        if (auto parts = solve_in_parts(p, rules, options, *pre, start)) {
            result = std::move(*parts);
            return true;
        }
    }
    return false;
}

}  // namespace

SatBackend backend_of(SatChoice choice) {
    return choice == SatChoice::CaDiCaL ? SatBackend::CaDiCaL : SatBackend::CryptoMiniSat;
}

SolveResult solve_sat(const Puzzle& p, Rules rules, const SolveOptions& options) {
    if (options.sat == SatChoice::Portfolio) return solve_portfolio(p, rules, options);
    return solve_sat_on(p, rules, options, backend_of(options.sat));
}

SolveResult solve_sat_on(const Puzzle& p, Rules rules, const SolveOptions& options, SatBackend backend) {
    const auto start = Clock::now();
    SolveResult result;
    result.stats.backend = backend_word(backend);
    if (options.debug_fault == SolveOptions::Fault::ClaimUnsolvable) {
        result.status = SolveStatus::Unsolvable;
        result.stats.unsolvable_reason = "sat";  // a wrong SAT proof is what the hook stands for
        return result;
    }
    const Budget budget = detail::budget_for(options);
    Presolved own;
    const Presolved* presolved = &own;
    if (decide_before_encoding(p, rules, options, budget, start, own, presolved, result)) return result;
    const Presolved& pre = *presolved;
    const std::vector<Stage> stages = stages_for(p, rules, options.speculate, options.speculate_monotone);
    const bool fresh = options.speculation == SpeculationMode::Fresh;
    auto make_encoding = [&](Stage stage) {
        const auto t = Clock::now();
        detail::note_progress(options, "encoding");
        EncodeOptions eo = detail::encode_options(options);
        eo.speculate_no_uturn = stage.uturn;
        eo.speculate_fill = stage.fill;
        eo.speculate_monotone = stage.monotone;
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
        if (result.stats.speculation == "held") result.stats.speculation_stage = stage_name(stages[stage]);
        result.stats.solve_seconds = since(start) - result.stats.encode_seconds;
        if (status == SolveStatus::Unsolvable) result.stats.unsolvable_reason = "sat";
        return result;
    };

    // A session is declared after the encoding it was loaded from, so it is freed first.
    struct Session {
        std::unique_ptr<Encoding> enc;
        std::unique_ptr<SatSession> sat;
        std::size_t sent = 0;
    };
    auto open_session = [&](Session& session, Stage stage) {
        session.sat.reset();
        session.enc = std::make_unique<Encoding>(make_encoding(stage));
        session.sat = std::make_unique<SatSession>(options.threads, &budget, backend);
        if (options.on_stage) options.on_stage("loading");
        detail::note_progress(options, "loading");
        session.sent = detail::load_and_release(*session.sat, *session.enc);
        detail::add_presolved_units(*session.sat, *session.enc, pre);
    };
    auto run = [&](Session& session, const std::vector<int>& assume, std::uint64_t max_conflicts) {
        if (options.on_stage && result.stats.sat_calls == 0) options.on_stage("searching");
        return solve_with_cuts(p, rules, options, *session.enc, *session.sat, session.sent, assume, result,
                               max_conflicts, options.splice_loops ? detail::Loops::SpliceThenCut : detail::Loops::Cut);
    };
    Session staged, plain;
    std::size_t s = 0;
    try {
        detail::refuse_oversized(p, options);
        if (fresh) {
            // Fresh: each stage gets its own encoding (speculation as plain clauses) and
            // session, one after another, each until it is decided.
            for (; s < stages.size(); ++s) {
                open_session(staged, stages[s]);
                const std::uint64_t cap = s + 1 < stages.size() ? stages[s].max_conflicts : 0;  // the last: exact
                if (run(staged, {}, cap) == Outcome::Solved) return finish(SolveStatus::Solved, s);
            }
            return finish(SolveStatus::Unsolvable, stages.size());
        }
        // Guarded: one encoding with every speculative constraint behind an activation
        // variable, one incremental session ("staged") that goes through the stages in order:
        // a stage assumes its guards, and an unsatisfiable stage fixes the guards the next one
        // does not need to false. The last stage assumes every guard false, which is exactly the
        // rules (guards occur only negated, in guarded clauses).
        // Bounded (see the header): when the staged session has not answered within its turn's
        // conflict budget, a plain exact session ("plain", opened then) takes turns with it,
        // each session's budget doubling with each of its turns.
        // Its encoding holds every stage's speculative constraints, each behind its guard.
        Stage every{false, false, false};
        for (const Stage& stage : stages) {
            every.uturn |= stage.uturn;
            every.fill |= stage.fill;
            every.monotone |= stage.monotone;
        }
        open_session(staged, every);
        auto assumptions = [&](const Stage& stage) {
            std::vector<int> assume;
            if (const int g = staged.enc->uturn_guard) assume.push_back(stage.uturn ? g : -g);
            if (const int g = staged.enc->fill_guard) assume.push_back(stage.fill ? g : -g);
            if (const int g = staged.enc->monotone_guard) assume.push_back(stage.monotone ? g : -g);
            return assume;
        };
        const bool race = stages.size() > 1 && detail::race_pays(*staged.enc);
        std::uint64_t staged_slice = kFirstSliceConflicts, plain_slice = kFirstSliceConflicts;
        std::uint64_t stage_spent = 0;  // the staged session's conflicts in stage s so far
        while (true) {
            // The staged session takes the first turn, and the next one while its work
            // (propagations) is at most kStagedShare times the plain one's.
            if (!plain.sat || staged.sat->work() <= kStagedShare * plain.sat->work()) {
                // Stages until one answers or the turn's budget is spent.
                const std::uint64_t turn_start = result.stats.conflicts;
                while (true) {
                    const std::uint64_t spent = result.stats.conflicts - turn_start;
                    if (race && spent >= staged_slice) break;
                    std::uint64_t budget = race ? staged_slice - spent : 0;
                    const std::uint64_t cap = stages[s].max_conflicts;
                    if (cap) budget = std::min(budget ? budget : cap, cap - std::min(cap, stage_spent));
                    const std::uint64_t before = result.stats.conflicts;
                    const Outcome o = budget || !cap ? run(staged, assumptions(stages[s]), budget) : Outcome::Undecided;
                    if (o == Outcome::Solved) return finish(SolveStatus::Solved, s);
                    stage_spent += result.stats.conflicts - before;
                    // Out of its own conflicts: dropped like an unsatisfiable stage, which is
                    // sound for a speculative stage; never for the last, exact one (it has no
                    // cap, and the check keeps "unsolvable" from an undecided stage by any
                    // future mistake).
                    const bool out_of_cap = cap && stage_spent >= cap && s + 1 < stages.size();
                    if (o == Outcome::Undecided && !out_of_cap) break;
                    if (s + 1 == stages.size()) return finish(SolveStatus::Unsolvable, stages.size());
                    const std::vector<int> next = assumptions(stages[s + 1]);
                    for (int g : assumptions(stages[s]))
                        if (g > 0 && std::find(next.begin(), next.end(), g) == next.end())
                            staged.sat->add_clause(std::vector<int>{-g});
                    ++s;
                    stage_spent = 0;
                }
                staged_slice *= 2;
                if (!plain.sat) open_session(plain, stages.back());
            } else {
                const Outcome o = run(plain, {}, plain_slice);
                if (o == Outcome::Solved) return finish(SolveStatus::Solved, stages.size() - 1);
                if (o == Outcome::Unsat) return finish(SolveStatus::Unsolvable, stages.size());
                plain_slice *= 2;
            }
        }
    } catch (const Stopped& stop) {
        if (stop.reason == StopReason::Memory) result.stats.limit_reason = stop.what();
        result.stats.over_cell_bound = dynamic_cast<const detail::OverCellBound*>(&stop) != nullptr;
        return finish(detail::status_for(stop.reason), s);
    } catch (const EncodingTooLarge&) {
        return finish(SolveStatus::Limit, s);
    } catch (const std::bad_alloc&) {
        return finish(SolveStatus::Limit, s);
    }
}

}  // namespace nl

// Engine selection, presolve and fallback checks; see engine.hpp.
#include "solver/engine.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "solver/dfs.hpp"
#include "solver/race.hpp"
#include "solver/repair.hpp"
#include "solver/route.hpp"
#include "solver/route_fill.hpp"
#include "solver/scan.hpp"
#include "solver/shrink.hpp"
#include "solver/tight.hpp"
#include "solver/via_layers.hpp"
#include "solver/search.hpp"
#include "solver/wall_follower.hpp"

namespace nl {

namespace {

// A heuristic engine's answer is checked here again, whatever the engine did itself: one that
// fails is a bug, never printed (`whose`: "the router's").
void require_checked(const Puzzle& p, const Solution& s, Rules rules, const std::string& whose) {
    const CheckResult check = check_solution(p, s, rules);
    if (check.ok) return;
    std::string message = p.name;  // += : GCC 12 warns falsely on a chain of operator+ (bug 105329)
    message += ": the checker rejected ";
    message += whose;
    message += " solution: ";
    message += check.message;
    throw InternalError(message);
}

// Runs the wall follower and records its statistics; a "solved" answer is re-checked here too.
WallResult run_wall(const Puzzle& p, Rules rules, long budget, EngineResult& out) {
    WallOptions wo;
    wo.max_boards = budget;
    WallResult w = wall_follow(p, rules, wo);
    out.wall_status = wall_status_name(w.status);
    out.wall_rounds = w.rounds;
    out.wall_boards = w.boards_examined;
    out.wall_max_list = w.max_board_list;
    if (w.status == WallResult::Status::Solved) require_checked(p, w.solution, rules, "the wall follower's");
    return w;
}

// Runs the depth-first search under `search_rules` and records its statistics; a "solved"
// answer is re-checked here under the puzzle's `rules` (auto searches flow boards with strict
// rules: their solutions are flow solutions too).
DfsResult run_dfs(const Puzzle& p, Rules rules, Rules search_rules, const DfsOptions& options, EngineResult& out) {
    DfsResult d = dfs_solve(p, search_rules, options);
    out.dfs_status = dfs_status_name(d.status);
    out.dfs_nodes = d.nodes;
    if (d.status == DfsResult::Status::Solved) require_checked(p, d.solution, rules, "the depth-first search's");
    return d;
}

// Runs the scan search (strict solutions) and records its statistics; a "solved" answer is
// re-checked under the puzzle's `rules`, as the depth-first search's.
DfsResult run_scan(const Puzzle& p, Rules rules, const DfsOptions& options, EngineResult& out) {
    DfsResult d = scan_solve(p, options);
    out.scan_status = dfs_status_name(d.status);
    out.scan_nodes = d.nodes;
    if (d.status == DfsResult::Status::Solved) require_checked(p, d.solution, rules, "the scan search's");
    return d;
}

// A checked answer of `engine` becomes the result.
void take_answer(EngineResult& out, const char* engine, Solution& solution) {
    out.status = "solved";
    out.engine = engine;
    out.solution = std::move(solution);
}

void take_wall_answer(EngineResult& out, WallResult& w) { take_answer(out, "wall", w.solution); }

void take_sat_answer(EngineResult& out, SolveResult& r) {
    out.status = status_name(r.status);
    out.engine = "sat";
    out.sat_stats = r.stats;
    out.sat_status = out.status;
    if (r.status == SolveStatus::Solved) out.solution = std::move(r.solution);
}

using Clock = std::chrono::steady_clock;

// Runs the router (a session, resumed where its last run stopped) until `until` (or without a
// deadline) for at most `rounds` rounds and `max_expanded` expanded cells in all (0: no limit),
// records its statistics, and re-checks a "solved" answer.
template <class Session>
RouteResult run_route(const Puzzle& p, Rules rules, Session& session, const EngineOptions& options, int rounds,
                      Clock::time_point until, EngineResult& out, long max_expanded = 0) {
    Budget budget;
    budget.deadline = until;
    budget.interrupt = options.sat.interrupt;
    RouteResult r = session.run(rounds, budget, max_expanded);
    out.route_status = route_status_name(r.status);
    out.route_rounds = r.rounds;
    out.route_reroutes = r.reroutes;
    out.route_expanded = r.expanded;
    out.route_overlaps = r.overlaps_left;
    if (r.status == RouteResult::Status::Solved) require_checked(p, r.solution, rules, "the router's");
    return r;
}

Clock::time_point after(Clock::time_point start, double seconds) {
    if (seconds <= 0) return Clock::time_point::max();
    return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// Runs the layers engine (via_layers.hpp) until `until`, recording its statistics; a solution it
// returns is checked again here, as every engine's is.
LayersResult run_layers(const Puzzle& p, Rules rules, const EngineOptions& options, Clock::time_point until,
                        EngineResult& out) {
    LayersOptions lo;
    lo.deadline = until;
    lo.interrupt = options.sat.interrupt;
    lo.max_memory = options.sat.max_memory;
    LayersResult l = solve_by_layers(p, rules, lo);
    out.layers_status = layers_status_name(l.status);
    out.layers_solves = l.layer_solves;
    out.layers_assignments = l.assignments;
    if (l.status == LayersResult::Status::Solved) require_checked(p, l.solution, rules, "the layers engine's");
    return l;
}

// Runs the tight engine (tight.hpp) until `until` (its speculation on groups of layers until
// `group_until`), recording its statistics when it applied (always under --engine tight,
// `record_all`); a solution it returns is checked again here.
TightResult run_tight(const Puzzle& p, Rules rules, const EngineOptions& options, Clock::time_point until,
                      Clock::time_point group_until, bool record_all, EngineResult& out) {
    TightOptions to;
    to.deadline = until;
    to.group_deadline = group_until;
    to.interrupt = options.sat.interrupt;
    to.max_memory = options.sat.max_memory;
    TightResult t = solve_tight(p, rules, to);
    if (record_all || t.status != TightResult::Status::NotApplicable) {
        out.tight_status = tight_status_name(t.status);
        out.tight_part = t.group;
        out.tight_packings = t.packings;
        out.tight_why = t.why;
    }
    if (t.status == TightResult::Status::Solved) require_checked(p, t.solution, rules, "the tight engine's");
    return t;
}

// Runs the shrink engine (shrink.hpp) with `seconds` for its small board (0: none), recording its
// statistics; a solution it returns is checked again here, as every engine's is.
ShrinkResult run_shrink(const Puzzle& p, Rules rules, const EngineOptions& options, double seconds, EngineResult& out) {
    ShrinkOptions so;
    so.timeout = seconds;
    so.interrupt = options.sat.interrupt;
    so.max_memory = options.sat.max_memory;
    ShrinkResult s = solve_by_shrinking(p, rules, so);
    out.shrink_status = shrink_status_name(s.status);
    out.shrink_width = s.width;
    out.shrink_height = s.height;
    if (s.status == ShrinkResult::Status::Solved) require_checked(p, s.solution, rules, "the shrink engine's");
    return s;
}

// Runs the route-and-fill engine (route_fill.hpp) for at most `seconds` (0: no limit), recording
// its statistics; its answer is checked again here.
RouteFillResult run_route_fill(const Puzzle& p, Rules rules, const EngineOptions& options, double seconds,
                               EngineResult& out) {
    RouteFillOptions fo;
    fo.seed = options.route_seed;
    fo.timeout = seconds;
    fo.interrupt = options.sat.interrupt;
    fo.max_memory = options.sat.max_memory;
    fo.whole_board_max_cells = options.routefill_max_cells;
    RouteFillResult f = solve_by_route_fill(p, rules, fo);
    out.routefill_status = route_fill_status_name(f.status);
    out.routefill_left_empty = f.left_empty;
    out.routefill_windows = f.windows;
    if (f.status == RouteFillResult::Status::Solved) require_checked(p, f.solution, rules, "the route-and-fill engine's");
    return f;
}

// Whether auto gives a board to the route-and-fill engine first: flow rules, and sparse.
bool sparse_flow_board(const Puzzle& p, Rules rules, const EngineOptions& options) {
    if (!rules.fill || !rules.touch || p.labels.empty()) return false;
    int free_cells = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) free_cells += !p.is_blocked(c);
    return free_cells >= options.routefill_min_cells && free_cells >= options.routefill_min_cells_per_label * static_cast<long>(p.labels.size());
}

// The wall follower cannot be interrupted, and with the fallback budget it can take seconds (ADC
// 2015 Q23: 4 s for 20,000 boards). Under a deadline (--timeout) the fallback runs therefore
// use budgets growing fourfold from one board (one board of 600x600 already takes milliseconds)
// up to `max_boards`, as long as the next run, predicted from the last in proportion to its
// budget, still ends by `until`; the repeated work costs at most two thirds more (a third for
// the default 20,000 boards). The last run has the full budget, so without a near deadline the
// result is the single run's; with one, where it stops depends on timing, as a timeout does.
constexpr double kWallGrace = 0.05;  // seconds past the deadline; part of the timeout margin

WallResult run_wall_until(const Puzzle& p, Rules rules, long max_boards, Clock::time_point until, EngineResult& out) {
    if (until == Clock::time_point::max()) return run_wall(p, rules, max_boards, out);
    long budget = std::min(1L, max_boards);
    while (true) {
        const auto t = Clock::now();
        WallResult w = run_wall(p, rules, budget, out);
        const auto now = Clock::now();
        if (w.status != WallResult::Status::Budget || budget >= max_boards) return w;
        const long next = budget * 8 > max_boards ? max_boards : budget * 4;
        const auto predicted = std::chrono::duration_cast<Clock::duration>(
            (now - t) * (static_cast<double>(next) / static_cast<double>(budget)));
        if (now + predicted > until) return w;
        budget = next;
    }
}

[[noreturn]] void contradiction(const Puzzle& p) {
    throw InternalError(p.name +
                        ": the SAT engine proved the puzzle unsolvable, but the wall follower found a "
                        "solution that the checker accepts");
}

// The engines proper: an answer or a verdict, before any optimisation.
EngineResult solve_with_engines(const Puzzle& p, Rules rules, const EngineOptions& options);

// The scan search against the rest of `auto`, on boards where the scan's first budget ran out
// (`head` holds what that first run recorded). Why a race and not a bigger budget: how long the
// scan needs does not follow from the board (inputs4: 80x30 in 3.2 M cells visited, 0.1 s,
// where SAT takes 1 s; 40x40 in 20 M, where SAT takes 0.3 s; a generated 100x100 board with
// 1,025 labels not in 15 M, where SAT takes 0.35 s), so each gets a thread and the first
// verdict stops the other: the time of the faster one, at the price of a second core while
// both run. The scan's verdicts are the ones it has alone (a solution, checked; "unsolvable"
// under strict rules only); the caller's interrupt reaches both (the watcher passes it on).
EngineResult race_scan(const Puzzle& p, Rules rules, const EngineOptions& options, const EngineResult& head,
                       Clock::time_point start) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const double left = options.sat.timeout > 0 ? std::max(1e-6, options.sat.timeout - elapsed) : 0;
    const bool strict = rules.fill && !rules.touch;
    EngineResult r;
    DfsResult scan;
    auto scan_verdict = [&] {
        return scan.status == DfsResult::Status::Solved || (scan.status == DfsResult::Status::Unsolvable && strict);
    };
    race(
        options.sat.interrupt,
        [&](std::atomic<bool>* stop) {
            EngineOptions rest = options;
            rest.scan_nodes = 0;
            rest.sat.interrupt = stop;
            rest.sat.timeout = left;
            r = solve_with_engines(p, rules, rest);
            // Whatever the rest ended with, the scan stops too: after a verdict it has lost,
            // after a timeout its own deadline is the same, and after a memory cap ("limit")
            // it must not run on without a deadline (it has no budget of cells here).
            return true;
        },
        [&](std::atomic<bool>* stop) {
            DfsOptions dop;  // no node budget: the race ends it
            dop.timeout = left;
            dop.interrupt = stop;
            scan = scan_solve(p, dop);
            return scan_verdict();
        });
    r.scan_status = dfs_status_name(scan.status);
    r.scan_nodes = head.scan_nodes + scan.nodes;
    // The rest's verdict when it has one (a rest stopped by the scan says "interrupted");
    // otherwise the scan's, when it has one.
    if (r.status == "solved" || r.status == "unsolvable" || !scan_verdict()) return r;
    r.engine = "scan";
    if (scan.status == DfsResult::Status::Solved) {
        require_checked(p, scan.solution, rules, "the scan search's");
        r.status = "solved";
        r.solution = std::move(scan.solution);
    } else {
        r.status = "unsolvable";
        r.solution = {};
    }
    return r;
}

EngineResult solve_with_engines(const Puzzle& p, Rules rules, const EngineOptions& options) {
    EngineResult out;
    const auto start = Clock::now();
    if (options.engine == Engine::Search) {
        SearchOptions so;
        so.max_solutions = 1;
        so.keep = 1;
        so.timeout = options.sat.timeout;
        so.interrupt = options.sat.interrupt;
        SearchResult s = search_solutions(p, rules, so);
        out.engine = "search";
        out.status = s.status == SearchResult::Status::Timeout ? "timeout" : s.count ? "solved" : "unsolvable";
        if (s.count) out.solution = std::move(s.solutions[0]);
        return out;
    }
    if (options.engine == Engine::Route) {
        RouteSession session(p, rules, options.route_seed);
        RouteResult r = run_route(p, rules, session, options, options.route_rounds, after(start, options.sat.timeout), out);
        out.engine = "route";
        out.status = route_status_name(r.status);
        if (r.status == RouteResult::Status::Solved) out.solution = std::move(r.solution);
        return out;
    }
    if (options.engine == Engine::Layers) {
        LayersResult l = run_layers(p, rules, options, after(start, options.sat.timeout), out);
        out.engine = "layers";
        out.status = out.layers_status;
        if (l.status == LayersResult::Status::Solved) out.solution = std::move(l.solution);
        return out;
    }
    if (options.engine == Engine::Tight) {
        const Clock::time_point until = after(start, options.sat.timeout);
        TightResult t = run_tight(p, rules, options, until, until, true, out);
        out.engine = "tight";
        out.status = out.tight_status;
        if (t.status == TightResult::Status::Solved) out.solution = std::move(t.solution);
        return out;
    }
    if (options.engine == Engine::Shrink) {
        ShrinkResult s = run_shrink(p, rules, options, options.sat.timeout, out);
        out.engine = "shrink";
        out.status = out.shrink_status;
        if (s.status == ShrinkResult::Status::Solved) out.solution = std::move(s.solution);
        return out;
    }
    if (options.engine == Engine::RouteFill) {
        RouteFillResult f = run_route_fill(p, rules, options, options.sat.timeout, out);
        out.engine = "routefill";
        out.status = out.routefill_status;
        if (f.status == RouteFillResult::Status::Solved) out.solution = std::move(f.solution);
        return out;
    }
    if (options.engine == Engine::Dfs || options.engine == Engine::Scan) {
        DfsOptions dop;
        dop.timeout = options.sat.timeout;
        dop.interrupt = options.sat.interrupt;
        const bool scan = options.engine == Engine::Scan;
        // The scan search looks for strict solutions, which are solutions under every preset;
        // its exhausted search proves "unsolvable" under strict rules only, elsewhere it is
        // "unknown".
        DfsResult d = scan ? run_scan(p, rules, dop, out) : run_dfs(p, rules, rules, dop, out);
        out.engine = scan ? "scan" : "dfs";
        switch (d.status) {
            case DfsResult::Status::Solved: out.status = "solved"; out.solution = std::move(d.solution); break;
            case DfsResult::Status::Unsolvable: out.status = scan && !(rules.fill && !rules.touch) ? "unknown" : "unsolvable"; break;
            case DfsResult::Status::NotApplicable: out.status = "not-applicable"; break;
            case DfsResult::Status::Budget:
            case DfsResult::Status::Stopped:
                out.status = options.sat.interrupt && *options.sat.interrupt ? "interrupted" : "timeout";
                break;
        }
        return out;
    }
    const bool flat = p.layers == 1 && p.square_grid();  // what the dfs engine takes
    bool scan_exhausted = false;
    if (options.engine == Engine::Auto && !options.cross_check && rules.fill && options.scan_nodes > 0 &&
        scan_applies(p)) {
        // A strict solution is a solution under every fill preset (see scan.hpp).
        DfsOptions dop;
        dop.max_nodes = options.scan_nodes;
        dop.timeout = options.sat.timeout;
        dop.interrupt = options.sat.interrupt;
        DfsResult d = run_scan(p, rules, dop, out);
        if (d.status == DfsResult::Status::Budget && p.cell_count() >= options.scan_race_min_cells)
            return race_scan(p, rules, options, out, start);
        if (d.status == DfsResult::Status::Solved) {
            take_answer(out, "scan", d.solution);
            return out;
        }
        // An exhausted scan proves there is no strict solution: the verdict under strict
        // rules, and under flow rules the depth-first search (which looks for strict
        // solutions too) has nothing left to find.
        if (d.status == DfsResult::Status::Unsolvable) {
            if (!rules.touch) {
                out.status = "unsolvable";
                out.engine = "scan";
                return out;
            }
            scan_exhausted = true;
        }
    }
    if (options.engine == Engine::Auto && !options.cross_check && rules.fill && flat && p.vias.empty() &&
        !scan_exhausted && options.dfs_nodes > 0 && p.cell_count() <= options.dfs_max_cells) {
        // Under flow rules it looks for a solution that does not touch itself (a strict one,
        // which is a flow solution too): the no-touch prunings (D6-D8 in dfs.cpp) make it far
        // faster, and the designed puzzles of the level packs have such solutions. A search
        // that finds none proves nothing under flow rules: SAT decides.
        DfsOptions dop;
        dop.max_nodes = options.dfs_nodes;
        dop.interrupt = options.sat.interrupt;
        DfsResult d = run_dfs(p, rules, Rules{true, false}, dop, out);
        if (d.status == DfsResult::Status::Solved) {
            take_answer(out, "dfs", d.solution);
            return out;
        }
    }
    if (options.engine == Engine::Wall) {
        WallResult w = run_wall(p, rules, options.fallback_boards, out);
        if (w.status == WallResult::Status::Solved) {
            take_wall_answer(out, w);
        } else {
            out.status = w.status == WallResult::Status::NotApplicable ? "not-applicable" : "unknown";
            out.engine = "wall";
        }
        return out;
    }
    if (options.cross_check) {
        SolveResult r = solve_sat(p, rules, options.sat);
        take_sat_answer(out, r);
        if (flat) {
            WallResult w = run_wall(p, rules, options.fallback_boards, out);
            if (w.status == WallResult::Status::Solved && r.status == SolveStatus::Unsolvable) {
                out.disagreement = true;
                contradiction(p);
            }
        }
        return out;
    }
    // Sparse flow boards: the route-and-fill engine (route_fill.hpp) before the shrink engine.
    // The shrink engine's small board keeps every row and column with an end, so with 6-8
    // labels it is a tight board that SAT may not answer at all (huge-random board 13: 36x32,
    // nothing in 150 s; random 300x300 boards: 5 s and 10 s), while routing in 2x2 blocks
    // answers all 16 huge-random boards in 0.13-0.84 s and 12 random boards of 120x120 to
    // 300x300 in at most 0.07 s.
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    auto left = [&] { return options.sat.timeout - elapsed(); };
    // The time of a stage that has a share of the limit: never past the puzzle's deadline, and
    // none once it has passed (a stage given a second on a board of millions of cells spends
    // tenths of one before its first look at the clock). 0 (no limit) without a limit.
    auto share_of_left = [&](double share) {
        return options.sat.timeout > 0 ? std::max(1e-6, std::min(options.sat.timeout * share, left())) : 0.0;
    };
    auto in_time = [&] { return options.sat.timeout <= 0 || left() > 0; };
    if (options.engine == Engine::Auto && sparse_flow_board(p, rules, options) && in_time()) {
        RouteFillResult f = run_route_fill(p, rules, options, share_of_left(options.routefill_share), out);
        if (f.status == RouteFillResult::Status::Solved) {
            take_answer(out, "routefill", f.solution);
            return out;
        }
    }
    if (options.engine == Engine::Auto && !options.cross_check && p.cell_count() >= options.shrink_min_cells &&
        in_time() && shrink_ratio(p, rules) <= options.shrink_max_ratio) {
        ShrinkResult s = run_shrink(p, rules, options, share_of_left(options.shrink_share), out);
        if (s.status == ShrinkResult::Status::Solved) {
            take_answer(out, "shrink", s.solution);
            return out;
        }
    }
    WallResult w;
    const bool presolve = flat && p.cell_count() <= options.presolve_max_cells;
    if (options.engine == Engine::Auto && presolve) {
        w = run_wall(p, rules, options.presolve_boards, out);
        if (w.status == WallResult::Status::Solved) {
            take_wall_answer(out, w);
            return out;
        }
    }
    if (options.engine == Engine::Auto && options.tight) {
        // The tight engine where the cheap searches above did not answer (many small level-pack
        // boards are tight, and the scan answers them in microseconds without loading
        // CryptoMiniSat). Exact on a tight board (its "unsolvable" has the proof of tight.hpp,
        // with a property test against the exhaustive search); on a tight group of layers only
        // an answer counts.
        TightResult t = run_tight(p, rules, options, after(start, options.sat.timeout),
                                  after(start, options.sat.timeout * options.tight_share), false, out);
        if (t.status == TightResult::Status::Solved) {
            take_answer(out, "tight", t.solution);
            return out;
        }
        if (t.status == TightResult::Status::Unsolvable) {
            out.status = "unsolvable";
            out.engine = "tight";
            return out;
        }
    }
    SolveOptions sat = options.sat;
    // What ran before (the depth-first search, the shrink engine, the wall follower) spent part
    // of the time: SAT gets the rest, so that --timeout holds for the whole.
    // (Never 0, which means no limit, and never more than given.)
    if (sat.timeout > 0) sat.timeout = std::min(sat.timeout, std::max(1e-6, left()));
    std::optional<SolveResult> decided;  // by a SAT slice or the SAT repair (exact too)
    bool by_repair = false;
    const bool routed_board = options.engine == Engine::Auto && !rules.fill && p.cell_count() >= options.route_min_cells;
    if (routed_board && p.layers == 1 && options.sat_first_seconds > 0) {
        // A short SAT turn first on one-layer boards (engine.hpp): boards that SAT decides at
        // once skip the router.
        SolveOptions first = sat;
        first.timeout = options.sat.timeout > 0 ? std::min(options.sat_first_seconds, options.sat.timeout / 10)
                                                : options.sat_first_seconds;
        SolveResult r = solve_sat(p, rules, first);
        if (r.status != SolveStatus::Timeout) decided = std::move(r);
    }
    if (routed_board && !decided) {
        // The router's first turn and the repair of its routing (and on layered boards with
        // vias the layers engine, once), alone: most boards the router solves end here, in the
        // same way on every run. Then, if none answered, the heuristic side goes on (router
        // turns, each repaired) on one thread while SAT, given all the time left, runs on
        // another, and the first answer or verdict stops the other (engine.hpp).
        RestartingRouteSession session(p, rules, options.route_seed, options.route_restart_rounds);
        const Clock::time_point deadline =
            options.sat.timeout > 0 ? after(start, options.sat.timeout) : Clock::time_point::max();
        long work = options.route_first_expanded;  // cells the router may have expanded by the turn's end
        Clock::time_point turn_until =
            options.sat.timeout > 0 ? after(start, options.sat.timeout * options.route_share) : deadline;
        long repaired_reroutes = -1;  // the router's reroutes when its routing was last repaired
        const bool layered = layers_not_applicable(p).empty();
        Solution found;              // an answer of the router or the layers engine, checked
        const char* found_by = nullptr;
        enum class Turn { Answer, Decided, Again, Done };
        // One turn of the heuristic side, under `eo`'s and `so`'s interrupt flag.
        auto heuristic_turn = [&](const EngineOptions& eo, const SolveOptions& so, int rounds) {
            RouteResult routed = run_route(p, rules, session, eo, rounds, std::min(turn_until, deadline), out, work);
            if (routed.status == RouteResult::Status::Solved) {
                found = std::move(routed.solution);
                found_by = "route";
                return Turn::Answer;
            }
            if (routed.status == RouteResult::Status::Interrupted || routed.attempt.empty()) return Turn::Done;
            // Out of rounds: the routing is the one repaired last time, and so would its repair be.
            if (routed.reroutes == repaired_reroutes) return Turn::Done;
            if (options.sat.timeout > 0 && left() <= 0) return Turn::Done;
            repaired_reroutes = routed.reroutes;
            SolveOptions ro = so;
            ro.timeout = options.repair_max_seconds;
            if (options.sat.timeout > 0) ro.timeout = std::max(0.001, std::min(ro.timeout, left() * options.repair_share));
            RepairResult repaired = repair_routing(p, rules, routed.attempt, ro, options.repair_max_stalls);
            out.repair_status = status_name(repaired.solve.status);
            out.repair_steps = repaired.steps;
            out.repair_window = repaired.window_cells;
            const SolveStatus rs = repaired.solve.status;
            if (rs == SolveStatus::Interrupted) return Turn::Done;
            if (rs == SolveStatus::Solved || rs == SolveStatus::Unsolvable) {
                decided = std::move(repaired.solve);
                by_repair = rs == SolveStatus::Solved;
                return Turn::Decided;
            }
            // After the repair, which finishes routings that are nearly there in a second (2016
            // Q12), the layers engine, once (engine.hpp).
            if (layered && out.layers_status.empty()) {
                LayersResult l = run_layers(p, rules, eo,
                                            options.sat.timeout > 0 ? after(Clock::now(), left() * options.layers_share)
                                                                    : deadline,
                                            out);
                if (l.status == LayersResult::Status::Solved) {
                    found = std::move(l.solution);
                    found_by = "layers";
                    return Turn::Answer;
                }
                if (l.status == LayersResult::Status::Interrupted) return Turn::Done;
            }
            work = routed.expanded + static_cast<long>(options.route_turn_factor * static_cast<double>(routed.expanded));
            turn_until = options.sat.timeout > 0 ? after(Clock::now(), left() / 2) : deadline;
            return Turn::Again;
        };
        // The first turn within route_rounds: on small dense boards the router spends its
        // rounds long before its 10 M cells (2013 Q04: 20,000 rounds in 0.7 s, 10 M cells in
        // 1.3 s), and SAT, which answers there, waits for it.
        Turn turn = heuristic_turn(options, sat, std::min(options.route_rounds, options.auto_route_rounds));
        std::optional<SolveResult> raced;  // SAT's result in the race
        if (turn == Turn::Again && options.race_sat) {
            race(
                options.sat.interrupt,
                [&](std::atomic<bool>* stop) {
                    EngineOptions eo = options;
                    eo.sat.interrupt = stop;
                    SolveOptions so = sat;
                    so.interrupt = stop;
                    while ((turn = heuristic_turn(eo, so, eo.auto_route_rounds)) == Turn::Again) {}
                    // Out of ideas without an answer: SAT runs on alone.
                    return turn == Turn::Answer || turn == Turn::Decided;
                },
                [&](std::atomic<bool>* stop) {
                    SolveOptions so = sat;
                    so.interrupt = stop;
                    if (so.timeout > 0) so.timeout = std::max(0.001, left());
                    raced = solve_sat(p, rules, so);
                    return true;
                });
        }
        if (turn == Turn::Answer) {
            take_answer(out, found_by, found);
            return out;
        }
        if (turn != Turn::Decided && raced) decided = std::move(raced);
        if (sat.timeout > 0) sat.timeout = std::max(0.001, left());
    }
    SolveResult r = decided ? std::move(*decided) : solve_sat(p, rules, sat);
    take_sat_answer(out, r);
    if (by_repair && r.status == SolveStatus::Solved) out.engine = "repair";
    if (options.engine != Engine::Auto || !flat) return out;
    // Fallback checker, on the rare negative answers: a wall follower that did not run, or ran
    // out of budget, may still find a solution (a stuck one cannot: it is deterministic).
    const bool interrupted = options.sat.interrupt && *options.sat.interrupt;
    const bool may_find_more = !interrupted && (!presolve || w.status == WallResult::Status::Budget);
    const auto grace = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kWallGrace));
    auto until = Clock::time_point::max();
    if (options.sat.timeout > 0)
        until = std::max(start + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(options.sat.timeout)),
                         Clock::now()) + grace;
    // A verdict from the board's parity (solver/parity.hpp) is a proof of its own, with a
    // property test against the exhaustive search; the fallback is there to catch a wrong SAT
    // encoding, and on a board of a million cells it costs most of a second.
    // After a timeout the fallback is a chance of an answer, not a check: not taken once the
    // grace is spent (its first run alone, one board, takes tenths of a second on millions of
    // cells).
    auto in_time_with_grace = [&] { return options.sat.timeout <= 0 || left() > -kWallGrace; };
    const bool proved_by_parity = !r.stats.unsolvable_reason.empty() && r.stats.unsolvable_reason != "sat";
    if (r.status == SolveStatus::Unsolvable && may_find_more && !proved_by_parity) {
        WallResult again = run_wall_until(p, rules, options.fallback_boards, until, out);
        if (again.status == WallResult::Status::Solved) contradiction(p);
    } else if (r.status == SolveStatus::Timeout && may_find_more && in_time_with_grace()) {
        WallResult again = run_wall_until(p, rules, options.fallback_boards, until, out);
        if (again.status == WallResult::Status::Solved) take_wall_answer(out, again);
    }
    return out;
}

}  // namespace

std::optional<Engine> engine_named(std::string_view name) {
    if (name == "auto") return Engine::Auto;
    if (name == "sat") return Engine::Sat;
    if (name == "wall") return Engine::Wall;
    if (name == "search") return Engine::Search;
    if (name == "route") return Engine::Route;
    if (name == "dfs") return Engine::Dfs;
    if (name == "scan") return Engine::Scan;
    if (name == "layers") return Engine::Layers;
    if (name == "shrink") return Engine::Shrink;
    if (name == "routefill") return Engine::RouteFill;
    if (name == "tight") return Engine::Tight;
    return std::nullopt;
}

EngineResult solve_puzzle(const Puzzle& p, Rules rules, const EngineOptions& options) {
    const auto start = Clock::now();
    EngineResult out = solve_with_engines(p, rules, options);
    if (!options.optimize || out.status != "solved" || rules.fill) return out;
    OptimizeOptions oo;
    oo.objective = *options.optimize;
    oo.budget.interrupt = options.sat.interrupt;
    oo.budget.deadline = std::min(after(Clock::now(), options.optimize_seconds), after(start, options.sat.timeout));
    OptimizeResult o = optimize_wires(p, rules, out.solution, oo);
    require_checked(p, o.solution, rules, "the optimiser's");
    out.optimize_status = optimize_status_name(o.status);
    out.optimize_objective = objective_name(oo.objective);
    out.before_optimize = o.before;
    out.optimize_passes = o.passes;
    out.optimize_improvements = o.improvements;
    out.solution = std::move(o.solution);
    return out;
}

}  // namespace nl

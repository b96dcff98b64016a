// The routing presolver (solver/route/route.hpp): shortcutting removes self-touch; on thousands of
// small random boards (one layer, two layers with free layer changes, two layers with vias)
// every "solved" passes the checker and never happens where the brute-force oracle finds no
// solution, and the router solves a measured share of the solvable ones; the same seed gives
// the same answer; the budget stops it; `solve --engine route` end to end.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <set>

#include "brute_force.hpp"
#include "cli_fixture.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/quality.hpp"
#include "generator/generate.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/route/route.hpp"

using namespace nl;
using Status = RouteResult::Status;

namespace {

// The last attempt of `engine` in `r`'s trail: its own status word, and one of its figures
// ("" and -1 when it did not run).
std::string engine_status(const nl::EngineResult& r, const char* engine) {
    const nl::Attempt* a = nl::last_attempt(r, engine);
    return a ? nl::stat_word(*a, "status") : "";
}
long long engine_figure(const nl::EngineResult& r, const char* engine, const char* name) {
    const nl::Attempt* a = nl::last_attempt(r, engine);
    const long long* v = a ? nl::attempt_count(*a, name) : nullptr;
    return v ? *v : -1;
}

const Rules kAdc{false, false}, kNikoli{false, true};

Puzzle parse(const std::string& text, const std::string& name = "t.txt") {
    return read_puzzles(text_from_string(name, text), {}).at(0).puzzle;
}

// No two cells of the path adjacent unless consecutive (the checker's touch rule, restated).
bool induced(const Puzzle& p, const std::vector<CellId>& path) {
    for (std::size_t i = 0; i < path.size(); ++i)
        for (std::size_t j = i + 2; j < path.size(); ++j)
            if (p.adjacent(path[i], path[j])) return false;
    return true;
}

struct Tally {
    int boards = 0, solvable = 0, solved = 0;
};

// Routes `p` under `rules` and holds the answer against the checker and the oracle.
void judge(const Puzzle& p, Rules rules, std::uint64_t seed, Tally& tally) {
    RouteOptions options;
    options.seed = seed;
    options.max_rounds = 200;
    const RouteResult r = route(p, rules, options);
    const bool solvable = testing_oracle::count_solutions(p, rules, 1) > 0;
    ++tally.boards;
    tally.solvable += solvable;
    ASSERT_TRUE(r.status == Status::Solved || r.status == Status::Unknown) << verdict_name(r.status);
    if (r.status != Status::Solved) return;
    ++tally.solved;
    const CheckResult check = check_solution(p, r.solution, rules);
    ASSERT_TRUE(check.ok) << "seed " << seed << ": " << check.message;
    ASSERT_TRUE(solvable) << "seed " << seed << ": the router solved a board the oracle finds unsolvable";
    EXPECT_EQ(r.overlaps_left, 0);
}

}  // namespace

TEST(RouteShortcut, RemovesEveryTouchAndKeepsTheEnds) {
    Puzzle p = make_board(4, 4);
    finalize(p);
    // Down the first column after a detour through (1,0) and (1,1): (0,1) touches (0,0), so the
    // detour goes.
    const std::vector<CellId> touching = {p.cell(0, 0), p.cell(1, 0), p.cell(1, 1), p.cell(0, 1), p.cell(0, 2),
                                          p.cell(0, 3)};
    EXPECT_EQ(shortcut_path(p, touching),
              (std::vector<CellId>{p.cell(0, 0), p.cell(0, 1), p.cell(0, 2), p.cell(0, 3)}));
    // A U round (1,1) with nothing adjacent out of turn stays as it is.
    const std::vector<CellId> clean = {p.cell(0, 0), p.cell(1, 0), p.cell(2, 0), p.cell(2, 1), p.cell(2, 2),
                                       p.cell(1, 2), p.cell(0, 2), p.cell(0, 3)};
    EXPECT_EQ(shortcut_path(p, clean), clean);
}

// Random walks on random boards: the shortcut is a sub-sequence with the same ends, moves only
// between adjacent cells, and is an induced path.
TEST(RouteShortcut, RandomWalksBecomeInducedPaths) {
    testing_boards::Rng rng{12345};
    for (int round = 0; round < 2000; ++round) {
        const int layers = 1 + rng.below(2);
        Puzzle p = make_board(2 + rng.below(5), 2 + rng.below(5), layers);
        finalize(p);
        std::vector<CellId> walk = {static_cast<CellId>(rng.below(p.cell_count()))};
        std::set<CellId> used = {walk[0]};
        for (int step = 0; step < 30; ++step) {
            std::vector<CellId> options;
            for (CellId d : p.neighbours(walk.back()))
                if (!used.count(d)) options.push_back(d);
            if (options.empty()) break;
            walk.push_back(options[rng.below(static_cast<int>(options.size()))]);
            used.insert(walk.back());
        }
        const auto cut = shortcut_path(p, walk);
        ASSERT_EQ(cut.front(), walk.front());
        ASSERT_EQ(cut.back(), walk.back());
        for (std::size_t i = 1; i < cut.size(); ++i) ASSERT_TRUE(p.adjacent(cut[i - 1], cut[i]));
        std::size_t k = 0;  // sub-sequence of the walk, in order
        for (CellId c : walk)
            if (k < cut.size() && cut[k] == c) ++k;
        ASSERT_EQ(k, cut.size()) << "round " << round;
        ASSERT_TRUE(induced(p, cut)) << "round " << round;
    }
}

// The measured floors (all solvable boards solved when written; the counts are printed). The router may say unknown on a
// solvable board, never solved on an unsolvable one.
TEST(RouteRandom, FlatBoardsNeverWrong) {
    testing_boards::Rng rng{20261122};
    testing_boards::BoardShape shape;
    shape.min_side = 4;
    shape.max_side = 6;
    shape.max_labels = 7;
    Tally adc, nikoli;
    for (int i = 0; i < 1500; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        judge(p, kAdc, i, adc);
        judge(p, kNikoli, i, nikoli);
        if (HasFatalFailure()) return;
    }
    std::printf("flat boards: adc %d of %d solvable solved (%d boards), nikoli %d of %d\n", adc.solved, adc.solvable,
                adc.boards, nikoli.solved, nikoli.solvable);
    EXPECT_GE(adc.solved, adc.solvable * 95 / 100) << adc.solved << " of " << adc.solvable << " solvable";
    EXPECT_GE(nikoli.solved, nikoli.solvable * 95 / 100) << nikoli.solved << " of " << nikoli.solvable;
}

TEST(RouteRandom, LayeredBoardsNeverWrong) {
    testing_boards::Rng rng{777};
    Tally free_layers, vias;
    for (int i = 0; i < 1000; ++i) {
        const Puzzle a = testing_boards::random_layered(rng, 2, false, 4, 6);
        judge(a, kAdc, i, free_layers);
        const Puzzle b = testing_boards::random_layered(rng, 2, true, 4, 5);
        judge(b, kAdc, i, vias);
        if (HasFatalFailure()) return;
    }
    std::printf("two layers: free %d of %d solvable solved (%d boards), vias %d of %d\n", free_layers.solved,
                free_layers.solvable, free_layers.boards, vias.solved, vias.solvable);
    EXPECT_GE(free_layers.solved, free_layers.solvable * 95 / 100) << free_layers.solved << " of " << free_layers.solvable;
    EXPECT_GE(vias.solved, vias.solvable * 95 / 100) << vias.solved << " of " << vias.solvable;
}

// Dense boards: Flow puzzles from the generator, every cell on a path. Their generated solution
// is valid without the fill rule too (checked here), so every one is solvable under nikoli
// rules, and under adc rules as well (a path that touches itself can take the shortcut).
// These are the router's hard case (no slack); the floor is measured.
TEST(RouteRandom, DenseGeneratedBoards) {
    int boards = 0, solved_adc = 0, solved_nikoli = 0;
    for (int size = 5; size <= 9; ++size)
        for (int k = 0; k < 60; ++k) {
            gen::GenerateOptions g;
            g.width = g.height = size;
            g.rules = Rules{true, true};
            g.wall_budget = 0;
            gen::Generated made;
            ASSERT_EQ(gen::generate_one(g, 1000 * size + k, "dense", made), gen::GenerateStatus::Ok);
            ASSERT_TRUE(check_solution(made.puzzle, made.solution, kNikoli).ok);
            ++boards;
            for (Rules rules : {kAdc, kNikoli}) {
                RouteOptions o;
                o.seed = k;
                o.max_rounds = 300;
                const RouteResult r = route(made.puzzle, rules, o);
                ASSERT_TRUE(r.status == Status::Solved || r.status == Status::Unknown);
                if (r.status != Status::Solved) continue;
                ASSERT_TRUE(check_solution(made.puzzle, r.solution, rules).ok);
                (rules == kAdc ? solved_adc : solved_nikoli)++;
            }
        }
    std::printf("dense generated boards: %d, solved under adc %d, under nikoli %d\n", boards, solved_adc, solved_nikoli);
    EXPECT_GE(solved_adc, boards * 95 / 100);  // measured: 299 of 300
    EXPECT_GE(solved_nikoli, boards * 95 / 100);
}

// A board where the only way is through a via: the answer changes layer there and nowhere else.
TEST(RouteBoards, UsesTheGivenVia) {
    const Puzzle p = parse(
        "SIZE 3X3X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,2,2)\nVIA#a (1,1,1) (1,1,2)\n", "via.txt");
    const RouteResult r = route(p, kAdc);
    ASSERT_EQ(r.status, Status::Solved);
    const auto& path = r.solution.paths[0];
    for (std::size_t i = 1; i < path.size(); ++i) {
        const Coord a = p.coord(path[i - 1]), b = p.coord(path[i]);
        if (a.z != b.z) {
            EXPECT_TRUE(a.x == 1 && a.y == 1 && b.x == 1 && b.y == 1);
        }
    }
}

TEST(RouteBoards, WalledInLineIsUnknownAndFillRulesDoNotApply) {
    // A's end at the corner is walled in by B's ends: no path at all, and the router says only
    // unknown (it never concludes).
    const Puzzle p = parse("AB..\nB..A\n", "walled.txt");
    EXPECT_EQ(route(p, kAdc).status, Status::Unknown);
    EXPECT_EQ(route(p, Rules{true, false}).status, Status::NotApplicable);
}

TEST(RouteBoards, SameSeedSameAnswer) {
    testing_boards::Rng rng{99};
    testing_boards::BoardShape shape;
    shape.min_side = 12;
    shape.max_side = 16;
    shape.max_labels = 12;
    int solved = 0;
    for (int i = 0; i < 20; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        RouteOptions o;
        o.seed = 7 + i;
        o.max_rounds = 300;
        const RouteResult a = route(p, kAdc, o), b = route(p, kAdc, o);
        ASSERT_EQ(a.status, b.status);
        EXPECT_EQ(a.solution.paths, b.solution.paths);
        EXPECT_EQ(a.rounds, b.rounds);
        EXPECT_EQ(a.reroutes, b.reroutes);
        solved += a.status == Status::Solved;
    }
    EXPECT_GT(solved, 0);  // the comparison covered answers, not only failures
}

// A session resumed in rounds goes exactly where one run with all the rounds goes: `auto`
// gives the router its time in turns without changing what it does.
TEST(RouteBoards, ResumedSessionMatchesOneRun) {
    testing_boards::Rng rng{2024};
    testing_boards::BoardShape shape;
    shape.min_side = 10;
    shape.max_side = 14;
    shape.max_labels = 14;
    int resumed_unsolved = 0, solved = 0, work_stops = 0;
    for (int i = 0; i < 20; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        RouteOptions o;
        o.seed = 3 + i;
        o.max_rounds = 200;
        const RouteResult whole = route(p, kAdc, o);
        RouteSession session(p, kAdc, o.seed);
        const RouteResult first = session.run(5, Budget{});
        if (first.status != Status::Solved) {
            ++resumed_unsolved;
            if (!first.attempt.empty()) {
                EXPECT_EQ(first.attempt.size(), p.labels.size());
            }
        }
        const RouteResult rest = session.run(o.max_rounds, Budget{});
        ASSERT_EQ(whole.status, rest.status) << i;
        EXPECT_EQ(whole.solution.paths, rest.solution.paths) << i;
        EXPECT_EQ(whole.attempt, rest.attempt) << i;
        EXPECT_EQ(whole.rounds, rest.rounds) << i;
        EXPECT_EQ(whole.reroutes, rest.reroutes) << i;
        EXPECT_EQ(whole.expanded, rest.expanded) << i;
        solved += whole.status == Status::Solved;

        // Turns measured in work (`auto`'s): each stops at the end of the first round after
        // its share of expanded cells, and the turns together go where one run goes.
        RouteSession by_work(p, kAdc, o.seed);
        const long share = std::max(1L, whole.expanded / 3);
        RouteResult turn;
        for (int t = 1; t <= 3; ++t) {
            turn = by_work.run(o.max_rounds, Budget{}, t * share);
            if (turn.status == Status::Solved) break;
            if (turn.status == Status::Unknown && turn.rounds < o.max_rounds && !turn.attempt.empty()) {
                EXPECT_GE(turn.expanded, t * share) << i;  // it stopped for the work, not earlier
                ++work_stops;
            }
        }
        turn = by_work.run(o.max_rounds, Budget{});
        ASSERT_EQ(whole.status, turn.status) << i;
        EXPECT_EQ(whole.solution.paths, turn.solution.paths) << i;
        EXPECT_EQ(whole.attempt, turn.attempt) << i;
        EXPECT_EQ(whole.rounds, turn.rounds) << i;
        EXPECT_EQ(whole.expanded, turn.expanded) << i;
    }
    EXPECT_GT(resumed_unsolved, 0);  // some runs really were resumed
    EXPECT_GT(work_stops, 0);        // and some were stopped by their work
    EXPECT_GT(solved, 0);
}

// The restarting session (auto's): with a quota at least the rounds in all it is one session
// of the first seed; with a small one it restarts with the next seeds, its counts add up over
// the sessions, it stays within max_rounds and the work given, answers pass the checker and
// the oracle, and two runs are the same.
TEST(RouteBoards, RestartingSessionRestartsWithinItsLimits) {
    testing_boards::Rng rng{77};
    testing_boards::BoardShape shape;
    shape.min_side = 6;
    shape.max_side = 12;
    shape.max_labels = 12;
    int restarted = 0, solved = 0, capped = 0, fresh_compared = 0, differs_from_resumed = 0;
    for (int i = 0; i < 40; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        RouteOptions o;
        o.seed = 5 + i;
        o.max_rounds = 120;
        const RouteResult one = route(p, kAdc, o);
        RestartingRouteSession whole(p, kAdc, o.seed, o.max_rounds);
        const RouteResult same = whole.run(o.max_rounds, Budget{});
        ASSERT_EQ(one.status, same.status) << i;
        EXPECT_EQ(one.solution.paths, same.solution.paths) << i;
        EXPECT_EQ(one.rounds, same.rounds) << i;

        RestartingRouteSession small(p, kAdc, o.seed, 3), again(p, kAdc, o.seed, 3);
        const RouteResult r = small.run(o.max_rounds, Budget{});
        const RouteResult r2 = again.run(o.max_rounds, Budget{});
        ASSERT_EQ(r.status, r2.status) << i;
        EXPECT_EQ(r.solution.paths, r2.solution.paths) << i;
        EXPECT_EQ(r.rounds, r2.rounds) << i;
        EXPECT_LE(r.rounds, o.max_rounds) << i;
        ASSERT_TRUE(r.status == Status::Solved || r.status == Status::Unknown) << i;
        if (r.status == Status::Solved) {
            ++solved;
            ASSERT_TRUE(check_solution(p, r.solution, kAdc).ok) << i;
            EXPECT_GT(testing_oracle::count_solutions(p, kAdc, 1), 0) << i;
        } else if (!r.attempt.empty()) {
            EXPECT_EQ(r.rounds, o.max_rounds) << i;  // it went on, session after session, to the cap
            ++capped;
        }
        // Quotas 3, 3, 6, 3, 3, 6, 12, ...: beyond 3 rounds, the second seed has run.
        restarted += r.rounds > 3;
        // A restart is a fresh session with the next seed, not the first one resumed: after
        // 3 + 3 rounds the routing is the one seed + 1 reaches alone in 3 rounds (and differs,
        // on some boards, from where seed would be after 6).
        RestartingRouteSession two(p, kAdc, o.seed, 3);
        const RouteResult after_two = two.run(6, Budget{});
        if (after_two.status == Status::Unknown && after_two.rounds == 6) {
            RouteSession fresh(p, kAdc, o.seed + 1), resumed(p, kAdc, o.seed);
            const RouteResult alone = fresh.run(3, Budget{}), first = resumed.run(6, Budget{});
            ASSERT_EQ(alone.status, Status::Unknown) << i;
            EXPECT_EQ(after_two.attempt, alone.attempt) << i;
            ++fresh_compared;
            differs_from_resumed += first.attempt != after_two.attempt;
        }
        // Work given in turns: each turn stops once its share is spent, over the sessions.
        RestartingRouteSession turns(p, kAdc, o.seed, 3);
        const RouteResult t1 = turns.run(o.max_rounds, Budget{}, 2000);
        if (t1.status == Status::Unknown && !t1.attempt.empty() && t1.rounds < o.max_rounds) {
            EXPECT_GE(t1.expanded, 2000) << i;
        }
    }
    EXPECT_GT(restarted, 0);
    EXPECT_GT(solved, 0);
    EXPECT_GT(capped, 0);
    EXPECT_GT(fresh_compared, 0);
    EXPECT_GT(differs_from_resumed, 0);
}

namespace {
// Two lines, A and B, from the left of a wall to its right, and one gap in the wall: no solution
// under adc rules (one line takes the gap), which the router never finds out.
// Two lines through one gap: the cuts row refutes it before any search, so the tests of the
// router's and SAT's interplay on it skip that row.
Puzzle gap_board() {
    std::string text;
    for (int y = 0; y < 10; ++y) {
        std::string row(12, '.');
        if (y != 5) row[6] = '#';
        if (y == 0) row[0] = row[11] = 'A';
        if (y == 9) row[0] = row[11] = 'B';
        text += row + "\n";
    }
    return parse(text, "gap.txt");
}
}  // namespace

// `auto` measures the router's turns in work, not time: two runs take the same turns, so the
// routing handed to the SAT repair, and the repair's steps, are the same (with turns in time
// they would depend on where a time slice ended). Two lines must pass one gap in a wall: the router never
// finishes, the repair's final conflict ends empty and proves there is no solution.
TEST(RouteBoards, AutoTakesTheSameTurnsEveryRun) {
    const Puzzle p = gap_board();
    EngineOptions o;
    o.skipped_stages = {"cuts"};
    o.route_first_expanded = 3000;
    o.sat_first_seconds = 0;  // no SAT turn before the router (it would decide this board at once)
    const EngineResult a = solve_puzzle(p, kAdc, o), b = solve_puzzle(p, kAdc, o);
    EXPECT_EQ(a.status, Verdict::Unsolvable);
    EXPECT_EQ(engine_status(a, "route"), "unknown");
    EXPECT_GE(engine_figure(a, "route", "expanded"), o.route_first_expanded);  // the turn ended for its work
    EXPECT_LT(engine_figure(a, "route", "rounds"), o.route_rounds);
    EXPECT_FALSE(engine_status(a, "repair").empty());
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(engine_figure(a, "route", "rounds"), engine_figure(b, "route", "rounds"));
    EXPECT_EQ(engine_figure(a, "route", "reroutes"), engine_figure(b, "route", "reroutes"));
    EXPECT_EQ(engine_figure(a, "route", "expanded"), engine_figure(b, "route", "expanded"));
    EXPECT_EQ(engine_status(a, "repair"), engine_status(b, "repair"));
    EXPECT_EQ(engine_figure(a, "repair", "steps"), engine_figure(b, "repair", "steps"));
    EXPECT_EQ(engine_figure(a, "repair", "window_cells"), engine_figure(b, "repair", "window_cells"));
}

// After the first turn, the router's turns and SAT race (engine.cpp): SAT's verdict stops the
// router. Here the repair has no time, so the first turn ends without a verdict, and the router
// has rounds without end (auto's default) and no deadline: the call returns only if SAT's proof
// stops it.
TEST(RouteBoards, AutoRaceEndsTheRouterOnSatsVerdict) {
    const Puzzle p = gap_board();
    EngineOptions o;
    o.skipped_stages = {"cuts"};
    o.route_first_expanded = 3000;
    o.sat_first_seconds = 0;
    o.repair_max_seconds = 1e-9;
    ASSERT_EQ(o.auto_route_rounds, std::numeric_limits<int>::max());
    const EngineResult r = solve_puzzle(p, kAdc, o);
    EXPECT_EQ(r.status, Verdict::Unsolvable);
    EXPECT_EQ(r.engine, "sat");
    EXPECT_GE(engine_figure(r, "route", "expanded"), o.route_first_expanded);  // the first turn ran
    // The heuristic side ends only when stopped: in the router or in a repair.
    EXPECT_TRUE(engine_status(r, "route") == "interrupted" || engine_status(r, "repair") == "interrupted")
        << engine_status(r, "route") << " " << engine_status(r, "repair");
    EXPECT_GT(engine_figure(r, "route", "rounds"), 0);
    // A cap on auto's rounds holds: with none, the router only makes its first routing.
    o.auto_route_rounds = 0;
    const EngineResult capped = solve_puzzle(p, kAdc, o);
    EXPECT_EQ(capped.status, Verdict::Unsolvable);
    EXPECT_EQ(engine_figure(capped, "route", "rounds"), 0);
}

// Without the race (race_sat false: `unique` under adc rules without a time limit, whose answer
// the generator's repair follows, solver/count/count.cpp), SAT runs alone after the first turn: the
// router takes no turn after it, so nothing is stopped, and two runs take the same steps.
TEST(RouteBoards, AutoWithoutTheRaceRunsSatAloneAfterTheFirstTurn) {
    const Puzzle p = gap_board();
    EngineOptions o;
    o.skipped_stages = {"cuts"};
    o.route_first_expanded = 3000;
    o.sat_first_seconds = 0;
    o.repair_max_seconds = 1e-9;
    o.race_sat = false;
    const EngineResult a = solve_puzzle(p, kAdc, o), b = solve_puzzle(p, kAdc, o);
    EXPECT_EQ(a.status, Verdict::Unsolvable);
    EXPECT_EQ(a.engine, "sat");
    EXPECT_EQ(engine_status(a, "route"), "unknown");  // the first turn's; no later turn was interrupted
    EXPECT_NE(engine_status(a, "repair"), "interrupted");
    EXPECT_GE(engine_figure(a, "route", "expanded"), o.route_first_expanded);
    EXPECT_EQ(engine_figure(a, "route", "rounds"), engine_figure(b, "route", "rounds"));
    EXPECT_EQ(engine_figure(a, "route", "expanded"), engine_figure(b, "route", "expanded"));
}

TEST(RouteBoards, BudgetStopsIt) {
    const Puzzle p = parse("A...B\n.....\nB...A\n", "cross.txt");
    RouteOptions o;
    std::atomic<bool> stop{true};
    o.budget.interrupt = &stop;
    EXPECT_EQ(route(p, kAdc, o).status, Status::Interrupted);
    RouteOptions late;
    late.budget.deadline = Budget::Clock::now() - std::chrono::seconds(1);
    EXPECT_EQ(route(p, kAdc, late).status, Status::Timeout);
}

// Length and bends, counted by hand: an L of five cells bends once; a line that goes up a layer
// and on bends where it leaves and where it enters the vertical.
TEST(RouteQuality, LengthAndBends) {
    Puzzle p = make_board(3, 3, 2);
    p.labels.push_back({"A", {p.cell(0, 0), p.cell(2, 2)}});
    p.labels.push_back({"B", {p.cell(0, 2), p.cell(2, 1, 1)}});
    finalize(p);
    Solution s;
    s.paths.push_back({p.cell(0, 0), p.cell(1, 0), p.cell(2, 0), p.cell(2, 1), p.cell(2, 2)});
    s.paths.push_back({p.cell(0, 2), p.cell(1, 2), p.cell(1, 2, 1), p.cell(2, 2, 1), p.cell(2, 1, 1)});
    const Quality q = solution_quality(p, s);
    EXPECT_EQ(q.length, 10);
    EXPECT_EQ(q.bends, 1 + 3);  // B: onto the vertical, off it, and the turn at (2,2,1)
}

// ---- The command line ----

using RouteCli = nl::testing_cli::CliTest;
using nl::testing_cli::contains;

TEST_F(RouteCli, EngineRouteSolvesAndReportsItsStatistics) {
    write("five.txt", "SIZE 5X5\nLINE_NUM 4\nLINE#1 (0,0)-(3,4)\nLINE#2 (4,0)-(4,4)\nLINE#3 (0,4)-(2,3)\n"
                      "LINE#4 (1,2)-(2,4)\n");
    const auto r = run("solve --engine route five.txt --output json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["engine"], "route");
    EXPECT_EQ(j["route"]["status"], "solved");
    EXPECT_GT(j["length"].get<long>(), 0);
    EXPECT_TRUE(j.contains("bends"));
    // The printed answer passes the checker run by another command.
    write("five.answer.txt", "");
    const auto adc = run("solve --engine route five.txt --output adc -o five.answer.txt");
    ASSERT_EQ(adc.code, 0) << adc.err;
    const auto check = run("check five.txt five.answer.txt --rules adc");
    EXPECT_EQ(check.code, 0) << check.out << check.err;
    // Same seed, same output.
    const auto again = run("solve --engine route --route-seed 3 five.txt");
    const auto twice = run("solve --engine route --route-seed 3 five.txt");
    EXPECT_EQ(again.out.substr(again.out.find('\n')), twice.out.substr(twice.out.find('\n')));
}

TEST_F(RouteCli, UnknownNotApplicableAndUsage) {
    write("walled.txt", "AB..\nB..A\n");
    const auto r = run("solve --engine route --rules adc -q walled.txt");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(contains(r.out, "walled.txt:1 unknown")) << r.out;
    const auto fill = run("solve --engine route --rules flow -q walled.txt");
    EXPECT_EQ(fill.code, 1);
    EXPECT_TRUE(contains(fill.out, "not-applicable")) << fill.out;
    EXPECT_EQ(run("solve --engine route --route-rounds -1 walled.txt").code, 2);
    EXPECT_EQ(run("solve --engine route --cross-check walled.txt").code, 2);
}

// ADC contest problems the router solves in well under a second each (measured 0.002-0.08 s):
// 3-D boards with free layer changes, given vias, and 2017 Q08 (70x70x8, 999 lines), which no
// team solved in the contest. The checker (inside route and here) is the judge.
TEST(RouteCorpus, AdcProblems) {
    const std::string corpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/adc";
    if (!std::filesystem::exists(corpus)) GTEST_SKIP() << "corpus not found at " << corpus;
    for (const char* name : {"adc2016/Q01.txt", "adc2016/Q04.txt", "adc2016/Q20.txt", "adc2017/Q01.txt",
                             "adc2017/Q05.txt", "adc2017/Q08.txt", "adc2017/Q11.txt"}) {
        const Puzzle p = read_puzzles(corpus + "/" + name, ReadOptions{}).at(0).puzzle;
        const RouteResult r = route(p, kAdc);
        ASSERT_EQ(r.status, Status::Solved) << name;
        EXPECT_TRUE(check_solution(p, r.solution, kAdc).ok) << name;
    }
}

// auto hands large no-fill boards to the router first, and never under fill rules.
TEST_F(RouteCli, AutoRoutesLargeNoFillBoards) {
    // On layered boards the router runs first, after the refutations. Line 1's end in the
    // corner is walled in by line 2's ends and line 3's: the cuts row finds that its only way
    // out is its own end.
    write("walled.txt", "SIZE 12X12X2\nLINE_NUM 3\nLINE#1 (0,0,1) (11,11,1)\nLINE#2 (1,0,1) (0,1,1)\n"
                        "LINE#3 (0,0,2) (0,2,2)\n");
    const auto r = run("solve --output json walled.txt");
    ASSERT_EQ(r.code, 1) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "unsolvable");
    EXPECT_EQ(j["engine"], "cuts");
    EXPECT_EQ(j["stats"]["unsolvable_reason"],
              "lines 1 and 3 have ends on both sides of the diagonal x + y = 1, but every way between the two "
              "sides passes through the cell [0, 0, 1]: too few for one line each");
    EXPECT_FALSE(j.contains("route"));
    write("easy.txt", "SIZE 12X12X2\nLINE_NUM 2\nLINE#1 (0,0,1) (11,11,2)\nLINE#2 (11,0,1) (11,3,1)\n");
    const auto easy = nlohmann::json::parse(run("solve --output json easy.txt").out);
    EXPECT_EQ(easy["engine"], "route");
    EXPECT_EQ(easy["status"], "solved");
    // On one-layer boards SAT has a short first turn (engine.hpp, sat_first_seconds), which
    // decides this one: the router never runs.
    write("flat.txt", "SIZE 12X12\nLINE_NUM 2\nLINE#1 (0,0)-(11,11)\nLINE#2 (11,0)-(11,3)\n");
    const auto flat = nlohmann::json::parse(run("solve --output json flat.txt").out);
    EXPECT_EQ(flat["engine"], "sat");
    EXPECT_EQ(flat["status"], "solved");
    EXPECT_FALSE(flat.contains("route"));
    std::string rows = "SIZE 10X10\nLINE_NUM 10\n";  // one straight line per row fills the board
    for (int y = 0; y < 10; ++y)
        rows += "LINE#" + std::to_string(y + 1) + " (0," + std::to_string(y) + ")-(9," + std::to_string(y) + ")\n";
    write("rows.txt", rows);
    const auto fill = nlohmann::json::parse(run("solve --output json --rules flow rows.txt").out);
    EXPECT_EQ(fill["status"], "solved");
    EXPECT_FALSE(fill.contains("route"));  // never under fill rules
    // The same rows on the first of two layers, the last one cell short: with every row full
    // the lines would fill layer 1 exactly, and the tight engine would answer first.
    std::string layered = "SIZE 10X10X2\nLINE_NUM 10\n";
    for (int y = 0; y < 10; ++y)
        layered += "LINE#" + std::to_string(y + 1) + " (0," + std::to_string(y) + ",1) (" + (y < 9 ? "9" : "8") + "," +
                   std::to_string(y) + ",1)\n";
    write("layered.txt", layered);
    const auto no_fill = nlohmann::json::parse(run("solve --output json --rules adc layered.txt").out);
    EXPECT_EQ(no_fill["engine"], "route");
}

// Two crossing lines on one large layer: the router negotiates until the deadline.
TEST_F(RouteCli, EngineRouteStopsAtTheTimeout) {
    write("cross.txt", "SIZE 200X200\nLINE_NUM 2\nLINE#1 (0,0)-(199,199)\nLINE#2 (199,0)-(0,199)\n");
    const auto r = run("solve --engine route --timeout 0.5 -q cross.txt");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(contains(r.out, "cross.txt:1 timeout")) << r.out;
}

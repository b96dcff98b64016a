// The SAT engine on hand-made boards, and against the brute-force oracle on random small boards.
#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "encoder/encoding.hpp"
#include "solver/sat/solve.hpp"
#include "solver/sat/solve_loop.hpp"

using namespace nl;

namespace {

Puzzle parse(const std::string& rows) { return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle; }

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};
const Rules kAllRules[] = {kFlow, kNikoli, kAdc, kStrict};

using testing_boards::Rng;
using testing_boards::random_puzzle;

}  // namespace

TEST(Solve, SolvesAndChecksUnderEveryPreset) {
    const Puzzle p = parse("R...G\n.....\n.Y...\n..B..\nB.YRG\n");
    for (Rules rules : kAllRules) {
        SCOPED_TRACE(rules_name(rules));
        SolveResult r = solve_sat(p, rules, {});
        ASSERT_EQ(r.status, SolveStatus::Solved);
        EXPECT_TRUE(check_solution(p, r.solution, rules).ok);
        EXPECT_GT(r.stats.vars, 0);
        EXPECT_GT(r.stats.clauses, 0u);
    }
}

TEST(Solve, OnlyTouchingSolutionsNeedTouchRules) {
    // One label must fill a 3x2 board from corner to opposite corner: the only such path is
    // the snake (0,0) (0,1) (1,1) (1,0) (2,0) (2,1), which runs alongside itself at (0,0)-(1,0).
    const Puzzle p = parse("A..\n..A\n");
    SolveResult flow = solve_sat(p, kFlow, {});
    ASSERT_EQ(flow.status, SolveStatus::Solved);
    EXPECT_EQ(check_solution(p, flow.solution, kStrict).rule, "touch");
    EXPECT_EQ(solve_sat(p, kStrict, {}).status, SolveStatus::Unsolvable);
    // Without fill the direct path is fine, under either touch rule.
    EXPECT_EQ(solve_sat(p, kAdc, {}).status, SolveStatus::Solved);
}

TEST(Solve, DetachedLoopsAreCutUntilTheAnswerIsValid) {
    // One label with adjacent endpoints on an open board: the local constraints are met by the
    // short path plus loops covering the rest, so the first models contain detached loops.
    // 5x5 has no solution at all (25 cells: a path between cells of different colours has an
    // even number of cells).
    int cuts = 0, spliced = 0;
    for (int n : {4, 6, 8, 10}) {
        std::string rows;
        for (int y = 0; y < n; ++y) {
            rows += y < 2 ? 'A' : '.';
            rows.append(n - 1, '.');
            rows += '\n';
        }
        const Puzzle p = parse(rows);
        SolveOptions o;
        o.speculate = false;
        o.splice_loops = false;  // the cuts alone (splicing: tests/test_route_fill.cpp)
        SolveResult r = solve_sat(p, kFlow, o);
        ASSERT_EQ(r.status, SolveStatus::Solved) << n;
        EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok);
        EXPECT_EQ(static_cast<int>(r.solution.paths[0].size()), n * n);
        EXPECT_EQ(r.stats.loops_spliced, 0);
        cuts += r.stats.cycle_cuts;
        o.splice_loops = true;
        r = solve_sat(p, kFlow, o);
        ASSERT_EQ(r.status, SolveStatus::Solved) << n;
        EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok);
        spliced += r.stats.loops_spliced;
    }
    EXPECT_GT(cuts, 0) << "no board produced a detached loop: the cut path is untested";
    EXPECT_GT(spliced, 0) << "no loop was spliced into the path";
    EXPECT_EQ(solve_sat(parse("A....\nA....\n.....\n.....\n.....\n"), kFlow, {}).status, SolveStatus::Unsolvable);
}

TEST(Solve, SpeculationIsDroppedWhenItDoesNotHold) {
    const Puzzle p = parse("A..\n..A\n");
    SolveResult r = solve_sat(p, kFlow, {});  // no-touch speculation fails here
    ASSERT_EQ(r.status, SolveStatus::Solved);
    EXPECT_EQ(r.stats.speculation, "dropped");
    EXPECT_EQ(r.stats.speculation_stage, "");
    SolveResult held = solve_sat(parse("AB\nAB\n"), kFlow, {});
    EXPECT_EQ(held.stats.speculation, "held");
    EXPECT_EQ(held.stats.speculation_stage, "no-uturn");  // flow boards: no U-turn is the only stage
}

TEST(Solve, NoLabelsAndBlockedBoards) {
    Puzzle empty = make_board(2, 2);
    finalize(empty);
    EXPECT_EQ(solve_sat(empty, kFlow, {}).status, SolveStatus::Unsolvable);  // cells to fill, no path
    EXPECT_EQ(solve_sat(empty, kNikoli, {}).status, SolveStatus::Solved);
    EXPECT_EQ(solve_sat(parse("A#A\n"), kNikoli, {}).status, SolveStatus::Unsolvable);
    EXPECT_EQ(solve_sat(parse("A.A\n###\n"), kFlow, {}).status, SolveStatus::Solved);
}

TEST(Solve, LayersAndVias) {
    Puzzle p = make_board(3, 1, 2);
    p.labels = {{"1", {p.cell(0, 0, 0), p.cell(0, 0, 1)}}, {"2", {p.cell(2, 0, 0), p.cell(2, 0, 1)}}};
    p.vias = {{"a", {p.cell(1, 0, 0), p.cell(1, 0, 1)}}};
    finalize(p);  // layer changes only at x = 1, which both labels would need
    EXPECT_EQ(solve_sat(p, kAdc, {}).status, SolveStatus::Unsolvable);
    p.labels.pop_back();
    finalize(p);
    SolveResult r = solve_sat(p, kAdc, {});
    ASSERT_EQ(r.status, SolveStatus::Solved);
    EXPECT_EQ(r.solution.paths[0].size(), 4u);  // across, up through the via, back
}

TEST(Solve, AgreesWithBruteForceOnRandomBoards) {
    const std::uint64_t seed = 0x9e3779b97f4a7c15ull;
    Rng rng{seed};
    int solvable = 0, unsolvable = 0, touch_cuts = 0;
    for (int i = 0; i < 400; ++i) {
        const Puzzle p = random_puzzle(rng);
        for (Rules rules : kAllRules)
            for (LabelCoding coding : {LabelCoding::OneHot, LabelCoding::Binary})
                for (int variant = 0; variant < 6; ++variant) {
                    const bool speculate = variant & 1, lazy = variant & 2, fresh = variant & 4;
                    SolveOptions o;
                    o.coding = coding;
                    o.speculate = speculate || fresh;
                    o.lazy_no_touch = lazy;
                    o.speculation = fresh ? SpeculationMode::Fresh : SpeculationMode::Guarded;
                    const SolveResult r = solve_sat(p, rules, o);
                    touch_cuts += r.stats.touch_cuts;
                    const bool sat = r.status == SolveStatus::Solved;
                    const bool brute = testing_oracle::count_solutions(p, rules, 1) > 0;
                    ASSERT_EQ(sat, brute) << "seed " << seed << " board " << i << " rules " << rules_name(rules)
                                          << " binary " << (coding == LabelCoding::Binary)
                                          << " speculate " << speculate << " lazy " << lazy << " fresh " << fresh << "\n"
                                          << p.width << "x" << p.height;
                    (sat ? solvable : unsolvable) += 1;
                }
    }
    // The random boards must exercise both verdicts.
    EXPECT_GT(solvable, 200);
    EXPECT_GT(unsolvable, 200);
    EXPECT_GT(touch_cuts, 0) << "lazy no-touch was never exercised";
}

// The other back end and the portfolio decide the same boards: every preset, thousands of
// random boards (each verdict against the brute-force oracle; solutions are checked inside
// solve_sat, and the portfolio throws when its two sides disagree).
TEST(Solve, CadicalAndThePortfolioAgreeWithBruteForce) {
    const std::uint64_t seed = 0x2545f4914f6cdd1dull;
    Rng rng{seed};
    int solvable = 0, unsolvable = 0, by_cadical = 0;
    for (int i = 0; i < 1000; ++i) {
        const Puzzle p = random_puzzle(rng);
        for (Rules rules : kAllRules) {
            const bool brute = testing_oracle::count_solutions(p, rules, 1) > 0;
            for (SatChoice choice : {SatChoice::CaDiCaL, SatChoice::Portfolio}) {
                SolveOptions o;
                o.sat = choice;
                const SolveResult r = solve_sat(p, rules, o);
                ASSERT_TRUE(decisive(r.status)) << "board " << i << " " << rules_name(rules);
                ASSERT_EQ(r.status == SolveStatus::Solved, brute)
                    << "seed " << seed << " board " << i << " rules " << rules_name(rules) << " portfolio "
                    << (choice == SatChoice::Portfolio);
                if (choice == SatChoice::CaDiCaL) {
                    EXPECT_EQ(r.stats.backend, "cadical");
                }
                by_cadical += r.stats.backend == "cadical";
                (brute ? solvable : unsolvable) += 1;
            }
        }
    }
    EXPECT_GT(solvable, 1000);
    EXPECT_GT(unsolvable, 1000);
    EXPECT_GT(by_cadical, 4000);  // every CaDiCaL run, and some of the portfolio's verdicts
}

TEST(Encoding, SizesOfASmallBoard) {
    // 3x2 board, labels A (0,0)-(2,1) and B: none. Edges: 2 rows x 2 + 3 columns x 1 = 7.
    const Puzzle p = parse("AB.\nA.B\n");
    Encoding e = encode(p, kStrict, {.coding = LabelCoding::Binary});
    EXPECT_EQ(e.edges.size(), 7u);
    for (std::size_t i = 0; i < e.edges.size(); ++i) EXPECT_EQ(e.edges[i].var, static_cast<int>(i + 1));
    EXPECT_EQ(e.value_bits, 1);
    // vars: 7 edges + 6 cells x 1 bit + 7 no-touch differences x 1 bit.
    EXPECT_EQ(e.cnf.num_vars, 7 + 6 + 7);
    Encoding onehot = encode(p, kStrict, {.coding = LabelCoding::OneHot});
    EXPECT_EQ(onehot.cnf.num_vars, 7 + 6 * 2);
}

// The race of a staged and a plain session is given up on formulas whose second copy would be too
// large; the monotone stage's clauses, which the plain copy lacks, do not count.
TEST(SolveRace, PaysUpToTheCapOnTheRulesClauses) {
    using detail::kRaceMaxClauses;
    using detail::race_pays;
    Encoding e = encode(parse("A.B\n...\nA.B\n"), kAdc);
    EXPECT_TRUE(race_pays(e));
    e.monotone_clauses = 0;
    e.cnf.num_clauses = kRaceMaxClauses;
    EXPECT_TRUE(race_pays(e));
    e.cnf.num_clauses = kRaceMaxClauses + 1;
    EXPECT_FALSE(race_pays(e));
    e.monotone_clauses = 1;
    EXPECT_TRUE(race_pays(e));
    e.cnf.num_clauses = 3 * kRaceMaxClauses;
    e.monotone_clauses = kRaceMaxClauses;
    EXPECT_FALSE(race_pays(e));
}

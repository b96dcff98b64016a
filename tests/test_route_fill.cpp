// Splicing detached loops into paths (solver/sat/merge_loops.hpp) and the route-and-fill engine
// (solver/route/route_fill.hpp): a splice keeps every cell covered and passes the checker; bumps keep
// the paths simple, disjoint and between their ends; the engine's answers pass the checker and
// lie on boards the brute-force oracle calls solvable; it never says unsolvable; it answers
// sparse boards that SAT finds slow; and SAT with splicing agrees with the oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include "brute_force.hpp"
#include "core/checker.hpp"
#include "decoder/decode.hpp"
#include "encoder/encoding.hpp"
#include "random_boards.hpp"
#include "solver/sat/merge_loops.hpp"
#include "solver/route/route_fill.hpp"
#include "solver/sat/solve.hpp"

using namespace nl;
using Status = RouteFillResult::Status;

namespace {

const Rules kFlow{true, true};

// Sets the edges along `cells` (consecutive cells adjacent; closed when `loop`).
void set_edges(const Encoding& e, std::vector<char>& on, const std::vector<CellId>& cells, bool loop) {
    for (std::size_t i = 0; i + 1 < cells.size() + (loop ? 1 : 0); ++i) {
        const int k = e.edge_between(cells[i], cells[(i + 1) % cells.size()]);
        ASSERT_GE(k, 0);
        on[k] = 1;
    }
}

}  // namespace

// A path along the top row, two 2x2 loops under it: both loops are spliced into the path, and
// the result covers the board and passes the checker.
TEST(SpliceLoops, TwoLoopsUnderAPathJoinIt) {
    Puzzle p = make_board(4, 3);
    p.labels.push_back(Label{"A", {p.cell(0, 0), p.cell(3, 0)}});
    finalize(p);
    const Encoding e = encode(p, kFlow);
    std::vector<char> on(e.edges.size(), 0);
    set_edges(e, on, {p.cell(0, 0), p.cell(1, 0), p.cell(2, 0), p.cell(3, 0)}, false);
    set_edges(e, on, {p.cell(0, 1), p.cell(1, 1), p.cell(1, 2), p.cell(0, 2)}, true);
    set_edges(e, on, {p.cell(2, 1), p.cell(3, 1), p.cell(3, 2), p.cell(2, 2)}, true);
    const Decoded d = decode_edges(p, e, on);
    ASSERT_EQ(d.loops.size(), 2u);
    ASSERT_TRUE(splice_loops_into_paths(p, e, on, d));
    const Decoded after = decode_edges(p, e, on);
    EXPECT_TRUE(after.loops.empty());
    ASSERT_EQ(after.solution.paths.size(), 1u);
    EXPECT_EQ(after.solution.paths[0].size(), 12u);
    EXPECT_TRUE(check_solution(p, after.solution, kFlow).ok) << check_solution(p, after.solution, kFlow).message;
}

// A loop with no used cell across any of its edges: it cannot be spliced, and the caller is
// told so.
TEST(SpliceLoops, SaysWhenALoopCannotBeSpliced) {
    // A 2x2 loop at one end of a 4x2 board, the only path at the other end, empty cells between.
    Puzzle q = make_board(4, 2);
    q.labels.push_back(Label{"A", {q.cell(3, 0), q.cell(3, 1)}});
    finalize(q);
    const Encoding f = encode(q, kFlow);
    std::vector<char> on2(f.edges.size(), 0);
    set_edges(f, on2, {q.cell(3, 0), q.cell(3, 1)}, false);
    set_edges(f, on2, {q.cell(0, 0), q.cell(1, 0), q.cell(1, 1), q.cell(0, 1)}, true);
    const Decoded d2 = decode_edges(q, f, on2);
    ASSERT_EQ(d2.loops.size(), 1u);
    EXPECT_FALSE(splice_loops_into_paths(q, f, on2, d2));
}

// SAT with splicing (the default) against the oracle on random flow boards: the same verdict on
// every board, every answer checked, and splices do happen.
TEST(SpliceLoops, SatWithSplicingAgreesWithTheOracle) {
    testing_boards::Rng rng{20261125};
    int boards = 0, spliced = 0;
    for (int i = 0; i < 3000; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {2, 5, 10, 2});  // sides 2-5, 1 in 10 blocked, 1-2 labels
        if (p.cell_count() > 20) continue;  // the oracle's size
        ++boards;
        SolveOptions so;
        so.speculate = i % 2 == 0;
        const SolveResult r = solve_sat(p, kFlow, so);
        const bool truth = testing_oracle::count_solutions(p, kFlow, 1) > 0;
        ASSERT_EQ(r.status, truth ? SolveStatus::Solved : SolveStatus::Unsolvable) << "board " << i;
        if (truth) {
            ASSERT_TRUE(check_solution(p, r.solution, kFlow).ok) << "board " << i;
        }
        spliced += r.stats.loops_spliced > 0;
    }
    std::printf("splice: %d boards, %d with loops spliced\n", boards, spliced);
    EXPECT_GT(boards, 1500);
    EXPECT_GT(spliced, 0);
}

// On larger random flow boards, where models hold loops far more often: SAT with splicing and
// SAT with the cuts alone give the same verdict on every board, and every spliced answer
// passes the checker.
TEST(SpliceLoops, SameVerdictAsTheCutsAlone) {
    testing_boards::Rng rng{77};
    int spliced = 0, solved = 0;
    for (int i = 0; i < 2000; ++i) {
        // Mostly boards solvable by construction (random ones rarely are), some random ones.
        const Puzzle p = i % 4 ? testing_boards::random_covered_puzzle(rng, 8)
                               : testing_boards::random_puzzle(rng, {5, 8, 14, 4});  // sides 5-8, 1 in 14 blocked, 1-4 labels
        SolveOptions with, without;
        with.speculate = without.speculate = i % 2 == 0;
        without.splice_loops = false;
        const SolveResult a = solve_sat(p, kFlow, with), b = solve_sat(p, kFlow, without);
        ASSERT_EQ(a.status, b.status) << "board " << i;
        if (a.status != SolveStatus::Solved) continue;
        ++solved;
        ASSERT_TRUE(check_solution(p, a.solution, kFlow).ok) << "board " << i;
        spliced += a.stats.loops_spliced > 0;
    }
    std::printf("splice: %d solved boards up to 8x8, %d with loops spliced\n", solved, spliced);
    EXPECT_GT(solved, 1000);
    EXPECT_GT(spliced, 100);
}

// Bumps keep each path simple, between its ends, disjoint from the others, and count the cells
// they leave empty.
TEST(RouteFill, BumpsKeepPathsValid) {
    testing_boards::Rng rng{99};
    int grown = 0;
    for (int i = 0; i < 300; ++i) {
        const Puzzle p = testing_boards::random_sparse_board(rng, 5 + rng.below(6), 5 + rng.below(6), 1 + rng.below(3));
        // Straight-ish starting paths: the nikoli-rules routing the engine starts from.
        SolveOptions so;
        so.timeout = 1;
        const SolveResult routed = solve_sat(p, Rules{false, true}, so);
        if (routed.status != SolveStatus::Solved) continue;
        std::vector<std::vector<CellId>> paths = routed.solution.paths;
        std::size_t before = 0, after = 0;
        for (const auto& path : paths) before += path.size();
        const int left = bump_into_empty(p, paths);
        std::vector<int> seen(p.cell_count(), 0);
        for (int l = 0; l < static_cast<int>(paths.size()); ++l) {
            ASSERT_EQ(paths[l].front(), p.labels[l].ends[0]) << "board " << i;
            ASSERT_EQ(paths[l].back(), p.labels[l].ends[1]) << "board " << i;
            for (std::size_t k = 0; k < paths[l].size(); ++k) {
                ASSERT_EQ(seen[paths[l][k]]++, 0) << "board " << i << ": a cell on two paths or twice on one";
                if (k) {
                    ASSERT_TRUE(p.adjacent(paths[l][k - 1], paths[l][k])) << "board " << i;
                }
            }
            after += paths[l].size();
        }
        int empty = 0;
        for (CellId c = 0; c < p.cell_count(); ++c) empty += !p.is_blocked(c) && !seen[c];
        ASSERT_EQ(left, empty) << "board " << i;
        ASSERT_EQ((after - before) % 2, 0u) << "board " << i << ": bumps add cells in pairs";
        grown += after > before;
        if (left == 0) {
            ASSERT_TRUE(check_solution(p, Solution{paths}, kFlow).ok) << "board " << i;
        }
    }
    EXPECT_GT(grown, 100);
}

// The engine with `o` on small random flow boards (seed `seed`): every answer passes the checker
// and lies on a board the oracle calls solvable; never "unsolvable"; the same board gives the
// same answer. Returns the solvable boards and the solved ones.
static std::pair<int, int> tally_against_oracle(std::uint64_t seed, int boards, const RouteFillOptions& o) {
    testing_boards::Rng rng{seed};
    int solvable = 0, solved = 0;
    for (int i = 0; i < boards; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {3, 5, 12, 3});  // sides 3-5, 1 in 12 blocked, 1-3 labels
        if (p.cell_count() > 20) continue;  // the oracle's size
        const RouteFillResult r = solve_by_route_fill(p, kFlow, o);
        EXPECT_TRUE(r.status == Status::Solved || r.status == Status::Unknown) << "board " << i;
        const bool truth = testing_oracle::count_solutions(p, kFlow, 1) > 0;
        solvable += truth;
        if (r.status != Status::Solved) continue;
        ++solved;
        EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok) << "board " << i;
        EXPECT_TRUE(truth) << "board " << i << ": solved a board the oracle calls unsolvable";
        EXPECT_EQ(solve_by_route_fill(p, kFlow, o).solution.paths, r.solution.paths) << "board " << i;
    }
    return {solvable, solved};
}

TEST(RouteFill, EveryAnswerIsCheckedAndNeverWrong) {
    const auto [solvable, solved] = tally_against_oracle(314, 4000, {});
    std::printf("routefill: %d solvable small boards, %d solved\n", solvable, solved);
    EXPECT_GT(solvable, 350);
    EXPECT_GE(solved, solvable / 2);
}

// The same with every repair window cut out as a puzzle of its own (as after a routing in
// blocks, and on boards of a million cells) and no thin routing.
TEST(RouteFill, CutOutWindowsAnswerOnlySolvableBoards) {
    RouteFillOptions o;
    o.whole_board_max_cells = 0;
    const auto [solvable, solved] = tally_against_oracle(2718, 3000, o);
    std::printf("routefill, cut-out windows: %d solvable small boards, %d solved\n", solvable, solved);
    EXPECT_GT(solvable, 250);
    EXPECT_GT(solved, 0);
}

// Sparse 24x24 boards with 4-6 labels, where SAT must get the colour balance of every enclosed
// region right: the engine answers most of them.
TEST(RouteFill, AnswersSparseBoards) {
    testing_boards::Rng rng{2026};
    int solved = 0;
    const int boards = 20;
    for (int i = 0; i < boards; ++i) {
        const Puzzle p = testing_boards::random_sparse_board(rng, 24, 24, 4 + rng.below(3));
        RouteFillOptions o;
        o.budget = Budget::starting_now(20, nullptr, 0);  // a ceiling, not a measurement: most take milliseconds
        const RouteFillResult r = solve_by_route_fill(p, kFlow, o);
        ASSERT_NE(r.status, Status::NotApplicable);
        if (r.status != Status::Solved) continue;
        ++solved;
        ASSERT_TRUE(check_solution(p, r.solution, kFlow).ok) << "board " << i;
    }
    std::printf("routefill: %d of %d sparse 24x24 boards solved\n", solved, boards);
    EXPECT_GE(solved, boards * 3 / 4);
}

TEST(RouteFill, NotApplicableWithoutFillOrWithoutTouch) {
    Puzzle p = make_board(5, 5);
    p.labels.push_back(Label{"A", {p.cell(0, 0), p.cell(4, 4)}});
    finalize(p);
    EXPECT_EQ(solve_by_route_fill(p, Rules{true, false}, {}).status, Status::NotApplicable);
    EXPECT_EQ(solve_by_route_fill(p, Rules{false, true}, {}).status, Status::NotApplicable);
    EXPECT_EQ(solve_by_route_fill(p, kFlow, {}).status, Status::Solved);
}

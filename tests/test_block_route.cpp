// Routing in 2x2 blocks (solver/route/block_route.hpp) and the route-and-fill engine's windows cut out
// as puzzles of their own (RouteFillOptions::whole_board_max_cells): block paths are simple,
// disjoint, between their ends and a valid routing; on an empty board they fill everything; the
// engine with cut-out windows answers large sparse boards, every answer checked (against the
// brute-force oracle: tests/test_route_fill.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "hard_boards.hpp"
#include "random_boards.hpp"
#include "solver/route/block_route.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/route/route_fill.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true};

// Simple, disjoint, consecutive cells adjacent, from ends[0] to ends[1]; returns the cells no
// path covers.
int expect_valid_paths(const Puzzle& p, const std::vector<std::vector<CellId>>& paths, const std::string& what) {
    EXPECT_EQ(paths.size(), p.labels.size()) << what;
    std::vector<int> seen(p.cell_count(), 0);
    for (std::size_t l = 0; l < paths.size(); ++l) {
        EXPECT_EQ(paths[l].front(), p.labels[l].ends[0]) << what;
        EXPECT_EQ(paths[l].back(), p.labels[l].ends[1]) << what;
        for (std::size_t k = 0; k < paths[l].size(); ++k) {
            EXPECT_FALSE(p.is_blocked(paths[l][k])) << what;
            EXPECT_EQ(seen[paths[l][k]]++, 0) << what << ": a cell on two paths or twice on one";
            if (k) {
                EXPECT_TRUE(p.adjacent(paths[l][k - 1], paths[l][k])) << what;
            }
        }
    }
    int empty = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) empty += !p.is_blocked(c) && !seen[c];
    return empty;
}

}  // namespace

// On random boards with blocked cells: whenever the block routing answers, its paths are a valid
// routing without fill (the checker under nikoli rules), and on boards without blocked cells,
// with even sides, most answers leave no cell empty.
TEST(BlockRoute, PathsAreAValidRouting) {
    testing_boards::Rng rng{4242};
    int answered = 0, even = 0, filled = 0;
    for (int i = 0; i < 600; ++i) {
        const bool plain = i % 2 == 0;
        const int w = plain ? 2 * (2 + rng.below(7)) : 3 + rng.below(14);
        const int h = plain ? 2 * (2 + rng.below(7)) : 3 + rng.below(14);
        const Puzzle p = testing_boards::random_sparse_board(rng, w, h, 1 + rng.below(5), plain ? 0 : rng.below(4));
        const auto paths = route_in_blocks(p, 1, 2000, Budget{});
        if (paths.empty()) continue;
        ++answered;
        const std::string what = "board " + std::to_string(i);
        const int empty = expect_valid_paths(p, paths, what);
        ASSERT_TRUE(check_solution(p, Solution{paths}, Rules{false, true}).ok) << what;
        if (plain) {
            ++even;
            filled += empty == 0;
            if (empty == 0) {
                ASSERT_TRUE(check_solution(p, Solution{paths}, kFlow).ok) << what;
            }
        }
    }
    std::printf("block routing: %d of 600 boards answered; %d of %d plain even boards filled\n", answered, filled, even);
    EXPECT_GT(answered, 250);
    EXPECT_GT(filled, even / 2);
}

// The 36x32 board with 8 labels that SAT did not answer in 150 s (hard_boards.hpp) without
// its blocked cells: the block routing fills it.
TEST(BlockRoute, FillsTheSlowBoardWithoutItsBlockedCells) {
    std::string text = testing_boards::slow_board();
    std::replace(text.begin(), text.end(), '#', '.');
    auto entries = read_puzzles(text_from_string("slow", text), ReadOptions{});
    const Puzzle& p = entries.at(0).puzzle;
    const auto paths = route_in_blocks(p, 1, 2000, Budget{});
    ASSERT_FALSE(paths.empty());
    EXPECT_EQ(expect_valid_paths(p, paths, "slow board"), 0);
    EXPECT_TRUE(check_solution(p, Solution{paths}, kFlow).ok);
}

// Absorbing needs a path edge along the empty block's side: a path across the top row of a
// 4x4 board takes the 2x2 blocks under it, one after the other (spanning-tree coverage).
TEST(BlockRoute, AbsorbsEmptyBlocksBesideAPath) {
    Puzzle p = make_board(4, 4);
    p.labels.push_back(Label{"A", {p.cell(0, 0), p.cell(3, 0)}});
    finalize(p);
    std::vector<std::vector<CellId>> paths{{p.cell(0, 0), p.cell(1, 0), p.cell(2, 0), p.cell(3, 0)}};
    // Row 0 is on the path, so with offset (0, 1) rows 1-2 form whole blocks and row 3 is a strip.
    EXPECT_EQ(absorb_blocks(p, paths, 0, 1), 4);  // the strip of row 3 stays
    EXPECT_EQ(expect_valid_paths(p, paths, "4x4"), 4);
    EXPECT_EQ(paths[0].size(), 12u);
}

// Sparse 120x100 boards with 6-8 labels and blocked dominoes (the bench's huge-random boards,
// smaller) with cut-out windows: most are answered, each checked.
TEST(RouteFillCroppedWindows, AnswersLargeSparseBoards) {
    testing_boards::Rng rng{113};
    int solved = 0;
    const int boards = 6;
    RouteFillOptions o;
    o.whole_board_max_cells = 0;
    for (int i = 0; i < boards; ++i) {
        o.budget = Budget::starting_now(60, nullptr, 0);  // a ceiling, not a measurement
        const Puzzle p = testing_boards::random_sparse_board(rng, 120, 100, 6 + rng.below(3), 5);
        const RouteFillResult r = solve_by_route_fill(p, kFlow, o);
        if (r.status != RouteFillResult::Status::Solved) continue;
        ++solved;
        ASSERT_TRUE(check_solution(p, r.solution, kFlow).ok) << "board " << i;
    }
    std::printf("routefill, cut-out windows: %d of %d sparse 120x100 boards solved\n", solved, boards);
    EXPECT_GE(solved, boards - 1);
}

// Under `auto`, sparse flow boards go to the route-and-fill engine before the shrink engine
// (whose small boards of such boards can be too tight for SAT): a 200x200 board, and a 600x600
// one, above routefill_max_cells, are answered by routing in blocks and cut-out windows, and
// checked.
TEST(RouteFillCroppedWindows, AutoAnswersLargeSparseBoards) {
    testing_boards::Rng rng{1130};
    for (int side : {200, 600}) {
        const Puzzle p = testing_boards::random_sparse_board(rng, side, side, 8, 5);
        EngineOptions o;
        o.sat.timeout = 120;  // a ceiling, not a measurement: 0.1 s on a quiet machine
        const EngineResult r = solve_puzzle(p, kFlow, o);
        ASSERT_EQ(r.status, Verdict::Solved) << side;
        EXPECT_EQ(r.engine, "routefill") << side;
        EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok) << side;
    }
}

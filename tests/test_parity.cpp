// The board arguments of solver/board/parity.hpp (components, chessboard parity under fill) against the
// exhaustive oracle: on thousands of random boards, 2-D and with layers (with and without vias),
// under every preset, a board they call unsolvable has no solution, and the SAT engine's verdict
// agrees with the oracle either way. Plus the ADC boards where the parity rule matters.
#include <gtest/gtest.h>

#include <filesystem>

#include "brute_force.hpp"
#include "core/formats.hpp"
#include "random_boards.hpp"
#include "solver/board/parity.hpp"
#include "solver/sat/solve.hpp"

namespace {

using namespace nl;
using nl::testing_boards::Rng;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

// A random board of 2 layers, 2-3 cells a side; with `vias`, layer changes only through a few
// random via columns.
Puzzle random_layered(Rng& rng, bool vias) {
    for (;;) {
        const int w = 2 + rng.below(2), h = 2 + rng.below(2);
        Puzzle p = make_board(w, h, 2);
        for (CellId c = 0; c < p.cell_count(); ++c) p.blocked[c] = rng.below(7) == 0;
        if (vias) {
            const int count = 1 + rng.below(2);
            for (int v = 0; v < count; ++v) {
                const int x = rng.below(w), y = rng.below(h);
                if (p.blocked[p.cell(x, y, 0)] || p.blocked[p.cell(x, y, 1)]) continue;
                p.vias.push_back({"v", {p.cell(x, y, 0), p.cell(x, y, 1)}});
                p.vias.back().name += std::to_string(v);  // += : GCC 12 warns falsely on "v" + string
            }
            if (p.vias.empty()) continue;
            if (p.vias.size() == 2 && p.vias[0].cells == p.vias[1].cells) p.vias.pop_back();
        }
        if (!testing_boards::place_random_labels(rng, p, 3)) continue;
        p.name = "layered";
        finalize(p);
        return p;
    }
}

// Checks one board under one preset; returns whether the parity rule decided it.
bool check_board(const Puzzle& p, Rules rules, std::uint64_t seed) {
    const long truth = testing_oracle::count_solutions(p, rules, 1);
    const auto why = unsolvable_by_parity(p, rules);
    if (why) {
        EXPECT_EQ(truth, 0) << "seed " << seed << " rules " << rules_name(rules) << ": " << *why;
    }
    SolveOptions options;
    const SolveResult r = solve_sat(p, rules, options);
    EXPECT_EQ(r.status == SolveStatus::Solved, truth > 0) << "seed " << seed << " rules " << rules_name(rules);
    EXPECT_EQ(r.status == SolveStatus::Solved || r.status == SolveStatus::Unsolvable, true);
    return why.has_value();
}

TEST(Parity, NeverCallsASolvableBoardUnsolvable) {
    int decided = 0, boards = 0;
    for (std::uint64_t seed = 1; seed <= 700; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull};
        testing_boards::BoardShape shape;
        shape.max_side = 4;
        const Puzzle flat = testing_boards::random_puzzle(rng, shape);
        const Puzzle layered = random_layered(rng, false);
        const Puzzle via = random_layered(rng, true);
        for (const Puzzle* p : {&flat, &layered, &via})
            for (Rules rules : kPresets) {
                decided += check_board(*p, rules, seed);
                ++boards;
            }
    }
    // 8,400 boards and presets; the rule must decide a real share of them, or it is not tested.
    EXPECT_EQ(boards, 8400);
    EXPECT_GT(decided, 500) << decided;
    std::printf("parity decided %d of %d boards and presets\n", decided, boards);
}

// On one-layer square grids the components come from the rows' runs of open cells; the walk
// over the adjacency lists is the reference: the same verdict and the same reason on thousands
// of boards of many shapes (long, narrow, mostly blocked) under every preset.
TEST(Parity, RowRunsAgreeWithTheWalk) {
    int decided = 0, boards = 0;
    for (std::uint64_t seed = 1; seed <= 4000; ++seed) {
        Rng rng{seed * 0xD1B54A32D192ED03ull};
        testing_boards::BoardShape shape;
        shape.min_side = 1;
        shape.max_side = 2 + static_cast<int>(seed % 13);
        constexpr int kBlockedOneIn[] = {0, 2, 3, 4, 6, 10};  // none, half the cells, ..., one in ten
        shape.blocked_one_in = kBlockedOneIn[seed % 6];
        shape.max_labels = 1 + static_cast<int>(seed % 5);
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        ASSERT_TRUE(p.layers == 1 && p.square_grid());
        for (Rules rules : kPresets) {
            const auto runs = unsolvable_by_parity(p, rules), walk = unsolvable_by_parity_walk(p, rules);
            EXPECT_EQ(runs, walk) << "seed " << seed << " rules " << rules_name(rules);
            decided += walk.has_value();
            ++boards;
        }
    }
    EXPECT_GT(decided, boards / 5) << decided << " of " << boards;
}

TEST(Parity, ReasonsNameTheArgument) {
    // 2x2, A on opposite corners (both black): covering all four cells is impossible.
    Puzzle p = make_board(2, 2);
    p.labels.push_back({"A", {p.cell(0, 0), p.cell(1, 1)}});
    p.name = "corners";
    finalize(p);
    const auto why = unsolvable_by_parity(p, Rules{true, true});
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("parity"), std::string::npos) << *why;
    EXPECT_FALSE(unsolvable_by_parity(p, Rules{false, true}).has_value());  // empty cells allowed
    // A wall of blocked cells between the two ends: no path under any rules.
    Puzzle q = make_board(3, 1);
    q.blocked[1] = 1;
    q.labels.push_back({"B", {q.cell(0, 0), q.cell(2, 0)}});
    q.name = "wall";
    finalize(q);
    for (Rules rules : kPresets) {
        const auto w = unsolvable_by_parity(q, rules);
        ASSERT_TRUE(w.has_value());
        EXPECT_NE(w->find("not connected"), std::string::npos) << *w;
    }
    // The verdict carries the reason.
    const SolveResult r = solve_sat(p, Rules{true, true}, {});
    EXPECT_EQ(r.status, SolveStatus::Unsolvable);
    EXPECT_EQ(r.stats.unsolvable_reason, *why);
}

// ADC 2017 Q05 (8x8x4, 20 lines): no filled solution exists, and proving that by SAT (the fill
// speculation) took over 60 s; parity shows it at once, so the solve goes straight to the rules.
TEST(Parity, AdcBoardWhereFillCannotPay) {
    const std::string q05 = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/adc/adc2017/Q05.txt";
    if (!std::filesystem::exists(q05)) GTEST_SKIP() << "corpus absent: " << q05;
    const Puzzle p = read_puzzles(q05, {}).at(0).puzzle;
    EXPECT_TRUE(unsolvable_by_parity(p, Rules{true, false}).has_value());
    EXPECT_FALSE(unsolvable_by_parity(p, p.rules).has_value());
    SolveOptions options;
    options.timeout = 120;  // a hang guard only: the answer takes well under a second
    options.speculate_monotone = false;  // the stage that runs on layers (test_monotone.cpp)
    const SolveResult r = solve_sat(p, p.rules, options);
    EXPECT_EQ(r.status, SolveStatus::Solved);
    EXPECT_EQ(r.stats.speculation, "none");  // no fill stage was tried
}

}  // namespace

// The corner rule's table (solver/board/corners.hpp) against its definition, walked cell by cell: bit
// k of a cell is set exactly when the diagonal ray from it between turn k's two directions meets
// a terminal or a blocked cell before it leaves the board. (The rule itself is tested against
// the brute-force oracle in test_presolve.cpp; this pins the table that the scan search, the
// depth-first search and the presolve read, on rectangular boards larger than the oracle takes.)
#include <gtest/gtest.h>

#include "random_boards.hpp"
#include "solver/board/corners.hpp"

namespace nl {
namespace {

bool ray_ends_well(const Puzzle& p, int x, int y, int k) {
    const int rx = kDirDx[k] + kDirDx[(k + 1) % 4], ry = kDirDy[k] + kDirDy[(k + 1) % 4];
    for (x += rx, y += ry; p.in_bounds(x, y); x += rx, y += ry) {
        const CellId c = p.cell(x, y);
        if (p.is_blocked(c) || p.is_terminal(c)) return true;
    }
    return false;
}

TEST(CornerTurns, EveryBitIsTheRayWalkedCellByCell) {
    int set = 0, clear = 0;
    for (std::uint64_t seed = 1; seed <= 500; ++seed) {
        testing_boards::Rng rng{seed * 0x9E3779B97F4A7C15ull + 3};
        testing_boards::BoardShape shape;
        shape.min_side = 1;
        shape.max_side = 3 + static_cast<int>(seed % 12);
        shape.blocked_one_in = seed % 4 == 0 ? 0 : 3 + static_cast<int>(seed % 9);
        shape.max_labels = 1 + static_cast<int>(seed % 6);
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        const std::vector<std::uint8_t> turns = corner_turns(p);
        ASSERT_EQ(turns.size(), static_cast<std::size_t>(p.width * p.height));
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x)
                for (int k = 0; k < 4; ++k) {
                    const bool bit = (turns[p.cell(x, y)] >> k) & 1;
                    EXPECT_EQ(bit, ray_ends_well(p, x, y, k))
                        << "seed " << seed << ", " << p.width << "x" << p.height << ", cell [" << x << ", " << y
                        << "], turn " << k;
                    (bit ? set : clear) += 1;
                }
        for (std::uint8_t t : turns) EXPECT_EQ(t & 0xF0, 0) << "seed " << seed << ": bits beyond the four turns";
    }
    EXPECT_GT(set, 1000);  // both answers occur often
    EXPECT_GT(clear, 1000);
}

}  // namespace
}  // namespace nl

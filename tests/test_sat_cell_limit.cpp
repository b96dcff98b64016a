// The cell bound of one CNF (SolveOptions::max_cells, the stage table's sat_max_cells): a board
// over it is solved by its independent regions or stops with status limit and says why; it never
// changes a verdict, and --engine sat is not bound by it.
#include <gtest/gtest.h>

#include <algorithm>

#include "brute_force.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "random_boards.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/sat/solve.hpp"

namespace {

using namespace nl;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

long open_cells(const Puzzle& p) {
    long open = 0;
    for (CellId c = 0; c < p.cell_count(); ++c) open += !p.is_blocked(c);
    return open;
}

// The open cells left and right of the blocked column of a split board.
std::pair<long, long> side_cells(const Puzzle& p) {
    const int half = p.width / 2;
    long left = 0, right = 0;
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (!p.is_blocked(c)) ++(p.coord(c).x < half ? left : right);
    return {left, right};
}

Puzzle band() {
    return read_puzzles(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/ascii/band.txt", {}).at(0).puzzle;
}

// On boards cut in two, with the bound between the sides' sizes and the whole: the verdict is
// the oracle's whenever one is given, and a side over the bound may leave it open (limit) only
// when the other side does not prove the board unsolvable on its own.
TEST(SatCellLimit, NeverChangesAVerdict) {
    int by_parts = 0, limited = 0, refuted_beside_a_limit = 0;
    for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
        const std::optional<Puzzle> board = testing_boards::split_board(seed);
        if (!board) continue;
        const Puzzle& p = *board;
        const auto [left, right] = side_cells(p);
        for (Rules rules : kPresets) {
            const long truth = testing_oracle::count_solutions(p, rules, 1);
            for (const long bound : {std::max(left, right), std::min(left, right)}) {
                SolveOptions options;
                options.max_cells = bound;
                // The whole board's refutations are skipped, so that the parts' own proofs
                // (and the bound) are what decides.
                options.parity_checked = options.crossing_checked = options.cuts_checked = true;
                const SolveResult r = solve_sat(p, rules, options);
                SCOPED_TRACE("seed " + std::to_string(seed) + " " + rules_name(rules) + " bound " + std::to_string(bound));
                if (r.status == SolveStatus::Solved) {
                    EXPECT_GT(truth, 0);
                    EXPECT_TRUE(check_solution(p, r.solution, rules).ok);
                } else if (r.status == SolveStatus::Unsolvable) {
                    EXPECT_EQ(truth, 0);
                    refuted_beside_a_limit += bound < std::max(left, right) && r.stats.unsolvable_reason.rfind("split", 0) == 0;
                } else {
                    ASSERT_EQ(r.status, SolveStatus::Limit);
                    EXPECT_NE(r.stats.limit_reason.find("open cells for one SAT problem"), std::string::npos)
                        << r.stats.limit_reason;
                    ++limited;
                }
                by_parts += bound == std::max(left, right) && bound < open_cells(p) &&
                            (r.status == SolveStatus::Solved || r.status == SolveStatus::Unsolvable);
            }
        }
    }
    // Each kind of board must occur, or the test says nothing.
    EXPECT_GT(by_parts, 2000);
    EXPECT_GT(limited, 1000);
    EXPECT_GT(refuted_beside_a_limit, 20);
    std::printf("cell bound: %d decided by parts, %d limited, %d refuted beside a limited part\n", by_parts, limited,
                refuted_beside_a_limit);
}

TEST(SatCellLimit, AutoStopsWithTheReasonAndSatAloneIsNotBound) {
    const Puzzle p = band();
    EngineOptions options;
    options.scan_nodes = 0;
    options.dfs_nodes = 0;
    options.sat_max_cells = 100;
    const EngineResult bounded = solve_puzzle(p, p.rules, options);
    EXPECT_EQ(bounded.status, Verdict::Limit);
    EXPECT_EQ(bounded.engine, "sat");
    const Attempt* sat = last_attempt(bounded, "sat");
    ASSERT_NE(sat, nullptr);
    EXPECT_NE(sat->reason.find("over the 100 of --sat-max-cells"), std::string::npos) << sat->reason;
    EXPECT_EQ(bounded.sat_stats.limit_reason, sat->reason);

    options.sat_max_cells = 0;  // no bound
    EXPECT_EQ(solve_puzzle(p, p.rules, options).status, Verdict::Solved);
    options.sat_max_cells = 100;
    options.engine = Engine::Sat;  // asked for: the whole board in one CNF
    const EngineResult alone = solve_puzzle(p, p.rules, options);
    ASSERT_EQ(alone.status, Verdict::Solved);
    EXPECT_TRUE(check_solution(p, alone.solution, p.rules).ok);
}

// SAT declining a board over the bound leaves the board to the engines that need no CNF: under
// no-fill rules the router still gets its turn (and not only after the first SAT turn).
TEST(SatCellLimit, TheRouterStillSolvesABoardSatDeclines) {
    Puzzle p = make_board(60, 4);
    p.labels = {Label{"A", {p.cell(0, 0), p.cell(59, 3)}}, Label{"B", {p.cell(5, 2), p.cell(50, 2)}}};
    p.name = "long";
    finalize(p);
    EngineOptions options;
    options.sat_max_cells = 100;
    for (Rules rules : {Rules{false, true}, Rules{false, false}}) {
        const EngineResult r = solve_puzzle(p, rules, options);
        ASSERT_EQ(r.status, Verdict::Solved) << rules_name(rules);
        EXPECT_TRUE(check_solution(p, r.solution, rules).ok);
        const Attempt* sat = last_attempt(r, "sat");
        ASSERT_NE(sat, nullptr) << "the first SAT turn ran and declined";
        EXPECT_EQ(sat->verdict, Verdict::Limit);
    }
}

}  // namespace

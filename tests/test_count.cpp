// Exact counting with the SAT engine, against the brute-force oracle and hand-counted boards.
#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/budget.hpp"
#include "solver/count.hpp"
#include "solver/search.hpp"

#include <array>

using namespace nl;

namespace {

Puzzle parse(const std::string& rows) { return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle; }

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

using testing_boards::Rng;
using testing_boards::random_puzzle;

}  // namespace

TEST(CountSat, HandCountedBoards) {
    // 2x2, A at two adjacent corners. Flow: the path must use all four cells: around the square,
    // one way only (the other way round would end elsewhere): 1. Nikoli: the direct step, or the
    // long way round: 2. Strict/adc: the long way leaves the endpoints adjacent but not
    // consecutive (a touch), so only the direct step; strict also needs every cell: 0.
    const Puzzle p = parse("AA\n..\n");
    EXPECT_EQ(count_solutions_sat(p, kFlow, {}).count, 1);
    EXPECT_EQ(count_solutions_sat(p, kNikoli, {}).count, 2);
    EXPECT_EQ(count_solutions_sat(p, kAdc, {}).count, 1);
    EXPECT_EQ(count_solutions_sat(p, kStrict, {}).count, 0);
    // 3x1, A at both ends: one path whatever the rules.
    for (Rules r : {kFlow, kNikoli, kAdc, kStrict}) EXPECT_EQ(count_solutions_sat(parse("A.A\n"), r, {}).count, 1);
}

TEST(CountSat, CapKeepAndCheckedSolutions) {
    const Puzzle p = parse("A...\n....\n....\n...A\n");  // many paths without fill
    CountOptions o;
    o.max = 5;
    o.keep = 3;
    CountResult r = count_solutions_sat(p, kNikoli, o);
    EXPECT_EQ(r.count, 5);
    EXPECT_TRUE(r.capped);
    ASSERT_EQ(r.solutions.size(), 3u);
    for (const Solution& s : r.solutions) EXPECT_TRUE(check_solution(p, s, kNikoli).ok);
    EXPECT_NE(r.solutions[0].paths, r.solutions[1].paths);
}

// Models that differ only in detached loops or in auxiliary variables must not count twice:
// an open board under no-fill rules admits loops anywhere, and the count must still equal the
// number of distinct path sets (the oracle's).
TEST(CountSat, AgreesWithBruteForceOnRandomBoards) {
    const std::uint64_t seed = 0x243f6a8885a308d3ull;
    Rng rng{seed};
    int boards = 0;
    long total = 0;
    for (int i = 0; i < 300; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 4, 7, 3});
        const int w = p.width, h = p.height;
        ++boards;
        for (Rules rules : {kFlow, kNikoli, kAdc, kStrict}) {
            CountOptions o;
            o.max = 50;
            const long sat = count_solutions_sat(p, rules, o).count;
            const long brute = testing_oracle::count_solutions(p, rules, 50);
            ASSERT_EQ(sat, brute) << "seed " << seed << " board " << i << " " << w << "x" << h << " rules "
                                  << rules_name(rules);
            total += sat;
        }
    }
    EXPECT_GT(boards, 200);
    EXPECT_GT(total, 1000);  // boards with many solutions are in the mix
}

// The property test: 2,000 random boards from 2x2 to 6x6, with and without blocked
// cells, under every preset; SAT counting and the exhaustive search (which share no code but the
// model and the checker) must agree up to a cap of 50, and every solution must pass the checker.
TEST(CountProperty, SatEqualsSearchOnTwoThousandBoards) {
    const std::uint64_t seed = 0x13198a2e03707344ull;
    Rng rng{seed};
    int none = 0, many = 0, capped = 0;
    for (int i = 0; i < 2000; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 6, i % 2 ? 6 : 0, 4});
        const int w = p.width, h = p.height;
        const Rules rules = std::array{kFlow, kNikoli, kAdc, kStrict}[i % 4];
        CountOptions co;
        co.max = 50;
        co.keep = 50;
        const CountResult sat = count_solutions_sat(p, rules, co);
        SearchOptions so;
        so.max_solutions = 50;
        so.keep = 50;
        const SearchResult search = search_solutions(p, rules, so);
        ASSERT_EQ(sat.count, search.count) << "seed " << seed << " board " << i << " " << w << "x" << h
                                           << " rules " << rules_name(rules);
        for (const Solution& s : sat.solutions) ASSERT_TRUE(check_solution(p, s, rules).ok) << i;
        for (const Solution& s : search.solutions) ASSERT_TRUE(check_solution(p, s, rules).ok) << i;
        none += sat.count == 0;
        many += sat.count > 1;
        capped += sat.capped;
    }
    // Both kinds of board must be well represented.
    EXPECT_GT(none, 200);
    EXPECT_GT(many, 200);
    EXPECT_GT(capped, 20);
}

// The restart lengths of the router step in `unique` (count.cpp): the Luby sequence, from its
// definition (2^(i-1) at k = 2^i - 1, else the term at k - 2^(i-1) + 1 for 2^(i-1) <= k < 2^i - 1).
TEST(Luby, FirstTermsAndPowers) {
    const std::vector<int> first{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16};
    for (std::size_t k = 1; k <= first.size(); ++k) EXPECT_EQ(luby(k), first[k - 1]) << k;
    for (int i = 1; i < 31; ++i) EXPECT_EQ(luby((std::uint64_t{1} << i) - 1), 1 << (i - 1)) << i;
}

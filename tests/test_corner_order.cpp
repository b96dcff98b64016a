// The corner order (encoder/encoding.hpp, add_corner_order_clauses; the argument is in
// solver/count/count.cpp, decide_through_adc, step 4), checked against the brute-force oracle alone:
//   - the clauses keep exactly the adc solutions without a downhill corner move, judged here
//     by a predicate of this file (every model of the exact encoding with the clauses, as an
//     edge set, against the oracle's adc solutions filtered by it);
//   - the argument: on random boards, the nikoli solutions without a shortcut or a downhill
//     corner move ("normal forms", found here from the oracle's nikoli solutions) are none
//     exactly when there is no solution, and with exactly one, T, there is a second nikoli
//     solution exactly when T has a rewrite (rewrite.hpp) or a detour;
//   - the SAT verdict under nikoli rules (which uses the clauses) equals the oracle's.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>
#include <vector>

#include "brute_force.hpp"
#include "encoding_models.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "encoder/encoding.hpp"
#include "solver/count/count.hpp"
#include "solver/count/rewrite.hpp"

using namespace nl;

namespace {

const Rules kNikoli{false, true}, kAdc{false, false};
using testing_boards::Rng;
using testing_boards::random_puzzle;
using testing_models::EdgeSet;

// Whether some path cell a, between p and q on its path, could move to a cell c that comes
// before a, is next to p and q, and is free, empty and no terminal.
bool has_downhill_corner(const Puzzle& p, const Solution& s) {
    std::vector<char> used(p.cell_count(), 0);
    for (const auto& path : s.paths)
        for (CellId c : path) used[c] = 1;
    for (const auto& path : s.paths)
        for (std::size_t i = 1; i + 1 < path.size(); ++i)
            for (CellId c = 0; c < path[i]; ++c)
                if (!used[c] && !p.is_blocked(c) && !p.is_terminal(c) && p.adjacent(c, path[i - 1]) &&
                    p.adjacent(c, path[i + 1]))
                    return true;
    return false;
}

}  // namespace

// The clauses against the predicate, on 2,000 random boards (2x2 to 5x5, some blocked cells,
// 1 to 3 labels), under the exact acyclicity encoding so that every model is a solution.
TEST(CornerOrder, ClausesKeepExactlyTheSolutionsWithoutADownhillCorner) {
    const std::uint64_t seed = 0xa4093822299f31d0ull;
    Rng rng{seed};
    int compared = 0, left_out = 0;
    for (int i = 0; i < 2000; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 5, i % 3 == 1 ? 6 : 0, 3});
        ASSERT_TRUE(corner_order_applies(p));
        std::set<EdgeSet> expected;
        long all = 0;
        Encoding enc = encode(p, kAdc, {.acyclic = true});
        testing_oracle::for_each_solution(p, kAdc, [&](const Solution& s) {
            ++all;
            if (!has_downhill_corner(p, s)) expected.insert(testing_models::edge_set(enc, s));
            return all < 5000;
        });
        if (all >= 5000) continue;
        left_out += static_cast<int>(all - static_cast<long>(expected.size()));
        add_corner_order_clauses(p, enc);
        const std::set<EdgeSet> models = testing_models::model_edge_sets(enc, expected.size());
        ASSERT_EQ(models, expected) << "seed " << seed << " board " << i;
        ++compared;
    }
    EXPECT_GT(compared, 1900);
    EXPECT_GT(left_out, 1000);  // the clauses do leave solutions out
    std::cout << compared << " boards compared, " << left_out << " adc solutions with a downhill corner left out\n";
}

// The argument, and the SAT verdict, on 2,500 random boards per --distinct mode.
TEST(CornerOrder, ArgumentAndVerdictAgreeWithTheOracle) {
    const std::uint64_t seed = 0x082efa98ec4e6c89ull;
    for (Distinct distinct : {Distinct::Paths, Distinct::Colours}) {
        Rng rng{seed};
        int by_corner = 0, by_detour = 0, unique = 0;
        for (int i = 0; i < 2500; ++i) {
            const Puzzle p = random_puzzle(rng, {2, 5, i % 3 == 1 ? 6 : 0, 3});
            std::vector<Solution> normal;
            long all = 0;
            testing_oracle::for_each_solution(p, kNikoli, [&](const Solution& s) {
                ++all;
                if (check_solution(p, s, kAdc).ok && !has_downhill_corner(p, s)) normal.push_back(s);
                return all < 20000;
            });
            if (all >= 20000) continue;
            const long truth = distinct == Distinct::Colours ? testing_oracle::count_colourings(p, kNikoli, 2)
                                                             : std::min(all, 2L);
            ASSERT_EQ(normal.empty(), truth == 0) << "board " << i;
            if (normal.size() >= 2) {
                ASSERT_EQ(truth, 2) << "board " << i;
            } else if (normal.size() == 1) {
                const auto rewrite = rewrite_second_solution(p, kNikoli, normal[0], distinct);
                const auto detour = detour_second_solution(p, kNikoli, normal[0]);
                ASSERT_EQ(truth == 2, rewrite || detour) << "board " << i;
                by_corner += rewrite && !detour;
                by_detour += detour.has_value();
                unique += truth == 1;
            }
            CountOptions o;
            o.max = 2;
            o.distinct = distinct;
            const CountResult r = count_solutions_sat(p, kNikoli, o);
            ASSERT_FALSE(r.timed_out);
            ASSERT_EQ(r.count, truth) << "SAT verdict, board " << i;
            for (const Solution& s : r.solutions) EXPECT_TRUE(check_solution(p, s, kNikoli).ok) << "board " << i;
        }
        EXPECT_GT(by_corner, 50);
        EXPECT_GT(by_detour, 50);
        EXPECT_GT(unique, 100);
        std::cout << (distinct == Distinct::Paths ? "paths" : "colours") << ": one normal form on " << unique
                  << " unique boards; a second solution by a corner move only on " << by_corner
                  << ", by a detour on " << by_detour << "\n";
    }
}

// Rerouting a few lines of a solution (solver/count/reroute_lines.hpp) as a proof of "multiple":
// against the brute-force oracle on random boards under every preset and both --distinct modes,
// every second solution it returns is checked, differs from the first and lies on a board the
// oracle says has two; and where the sets it tries include every label at once (at most three
// labels, lying next to each other), it is complete: it finds a second solution exactly when the
// oracle does (under strict rules, where these boards never have two solutions, that is all the
// test can check). On the corpus, `unique` under nikoli rules decides inputs9 board 3 this way.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <set>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/count/count.hpp"
#include "solver/count/reroute_lines.hpp"
#include "solver/count/rewrite.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

long oracle_count(const Puzzle& p, Rules rules, Distinct distinct, long cap) {
    return distinct == Distinct::Colours ? testing_oracle::count_colourings(p, rules, cap)
                                         : testing_oracle::count_solutions(p, rules, cap);
}

// Whether the labels of `s` form one group through neighbouring cells of different labels: then
// with at most three labels the set of all of them is among the sets tried.
bool labels_connected(const Puzzle& p, const Solution& s) {
    const std::vector<int> grid = solution_grid(p, s);
    const int n = static_cast<int>(p.labels.size());
    std::vector<std::set<int>> next_to(n);
    for (CellId c = 0; c < p.cell_count(); ++c)
        if (grid[c] != kNoLabel)
            for (CellId d : p.neighbours(c))
                if (grid[d] != kNoLabel && grid[d] != grid[c]) next_to[grid[c]].insert(grid[d]);
    std::vector<char> seen(n, 0);
    std::vector<int> stack{0};
    seen[0] = 1;
    int reached = 1;
    while (!stack.empty()) {
        const int a = stack.back();
        stack.pop_back();
        for (int b : next_to[a])
            if (!seen[b]) seen[b] = 1, ++reached, stack.push_back(b);
    }
    return reached == n;
}

}  // namespace

TEST(RerouteLinesProperty, AgreesWithTheOracleTwoThousandPerPreset) {
    // Under nikoli rules the search may run under adc rules (as count.cpp does when it decides
    // unique through adc) from an adc solution: listed as the pair {rules, search rules}.
    const std::pair<Rules, Rules> cases[] = {{kFlow, kFlow}, {kNikoli, kNikoli}, {kNikoli, kAdc}, {kAdc, kAdc},
                                             {kStrict, kStrict}};
    for (const auto& [rules, search] : cases)
        for (Distinct distinct : {Distinct::Paths, Distinct::Colours}) {
            testing_boards::Rng rng{0x7e707eULL + 2 * static_cast<std::uint64_t>(rules.fill) + rules.touch +
                                    (distinct == Distinct::Colours ? 16 : 0) + (search.touch != rules.touch ? 32 : 0)};
            int found = 0, complete = 0;
            for (int i = 0; i < 2000; ++i) {
                const std::uint64_t seed = rng.s;
                const Puzzle p = i % 2 ? testing_boards::random_covered_puzzle(rng, 5)
                                       : testing_boards::random_puzzle(rng, {2, 5, 6, 3});
                std::optional<Solution> first;
                testing_oracle::for_each_solution(p, search, [&](const Solution& s) {
                    first = s;
                    return false;
                });
                if (!first) continue;
                SolveOptions o;
                const auto second = rerouted_second_solution(p, rules, search, *first, distinct, o);
                // The oracle's answer for the question asked: a second solution under `rules`
                // (through adc, a second adc solution is enough but not needed: compare with
                // the puzzle's own rules, which is what a returned solution proves).
                const long truth = oracle_count(p, rules, distinct, 2);
                if (second) {
                    ++found;
                    EXPECT_TRUE(check_solution(p, *second, rules).ok) << "seed " << seed;
                    EXPECT_TRUE(solutions_differ(p, *first, *second, distinct)) << "seed " << seed;
                    EXPECT_GE(truth, 2) << "a second solution on a board the oracle calls unique, seed " << seed;
                } else if (p.labels.size() <= 3 && labels_connected(p, *first)) {
                    // Complete here: every solution under `search` other than first was in reach.
                    ++complete;
                    EXPECT_LT(oracle_count(p, search, distinct, 2), 2) << "missed a second solution, seed " << seed;
                }
                if (HasFailure()) return;
            }
            std::cout << "rerouting (fill " << rules.fill << ", touch " << rules.touch << ", search touch "
                      << search.touch << ", " << (distinct == Distinct::Paths ? "paths" : "colours") << "): " << found
                      << " second solutions, " << complete << " complete misses checked\n";
            // Under strict rules (fill and no touching) small random boards almost never have two
            // solutions (none of these 2,000 do): there only the completeness checks bite.
            if (!(rules.fill && !rules.touch)) {
                EXPECT_GT(found, 100);
            }
            EXPECT_GT(complete, 100);
        }
}

// inputs9 board 3 under nikoli rules: from its strict solution (which fills the board) the exact
// search found no second adc solution in minutes; rerouting finds one, which the checker passes
// under nikoli rules (skips without the corpus).
TEST(RerouteLines, DecidesInputs9Board3UnderNikoli) {
    const std::filesystem::path file = std::filesystem::path(NUMBERLINK_SOURCE_DIR) / "../shared/corpus/arukone/inputs9.txt";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "corpus not present: " << file;
    const Puzzle p = read_puzzles(file.string(), ReadOptions{}).at(2).puzzle;
    const SolveResult strict = solve_sat(p, kStrict, SolveOptions{});
    ASSERT_EQ(strict.status, SolveStatus::Solved);
    const auto second = rerouted_second_solution(p, kNikoli, kAdc, strict.solution, Distinct::Paths, SolveOptions{});
    ASSERT_TRUE(second);
    EXPECT_TRUE(check_solution(p, *second, kNikoli).ok);
    EXPECT_TRUE(check_solution(p, *second, kAdc).ok);
    EXPECT_TRUE(solutions_differ(p, strict.solution, *second, Distinct::Paths));
}

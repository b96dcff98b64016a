// Exact counting with the SAT engine, against the brute-force oracle and hand-counted boards.
#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/base/budget.hpp"
#include "solver/count/count.hpp"
#include "solver/count/count_json.hpp"
#include "solver/search/search.hpp"

#include <array>
#include <set>

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

// Counting on CaDiCaL, and on both back ends at once, gives the oracle's counts: the blocking
// clauses, cuts and failed assumptions work the same on either solver.
TEST(CountSat, CadicalAndThePortfolioCountLikeTheOracle) {
    const std::uint64_t seed = 0x13198a2e03707344ull;
    Rng rng{seed};
    long total = 0;
    for (int i = 0; i < 300; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 4, 7, 3});
        for (Rules rules : {kFlow, kNikoli, kAdc, kStrict}) {
            const long brute = testing_oracle::count_solutions(p, rules, 50);
            for (SatChoice choice : {SatChoice::CaDiCaL, SatChoice::Portfolio}) {
                CountOptions o;
                o.max = 50;
                o.sat.sat = choice;
                const CountResult r = count_solutions_sat(p, rules, o);
                ASSERT_FALSE(r.timed_out);
                ASSERT_EQ(r.count, brute) << "seed " << seed << " board " << i << " rules " << rules_name(rules)
                                          << " portfolio " << (choice == SatChoice::Portfolio);
                for (const Solution& s : r.solutions) EXPECT_TRUE(check_solution(p, s, rules).ok);
            }
            total += brute;
        }
    }
    EXPECT_GT(total, 1000);
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

namespace {

// A U-turn by its definition in count.hpp, checked here by 2x2 blocks rather than along the
// paths (has_uturn's way): three of a block's four sides are links of the solution.
bool uturn_by_blocks(const Puzzle& p, const Solution& s) {
    std::set<std::pair<CellId, CellId>> links;
    for (const auto& path : s.paths)
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
            links.insert(std::minmax(path[i], path[i + 1]));
    auto linked = [&](CellId a, CellId b) { return links.count(std::minmax(a, b)) > 0; };
    for (int y = 0; y + 1 < p.height; ++y)
        for (int x = 0; x + 1 < p.width; ++x) {
            const CellId a = p.cell(x, y), b = p.cell(x + 1, y), c = p.cell(x, y + 1), d = p.cell(x + 1, y + 1);
            if (linked(a, b) + linked(c, d) + linked(a, c) + linked(b, d) >= 3) return true;
        }
    return false;
}

}  // namespace

// CountResult::uturn_free (SAT finds the solutions without a U-turn first on touch-allowed rules,
// and a count that stops later still reports how many there are): on 2,000 random boards under
// flow and nikoli rules, paths and colours, capped at 30, it equals the exhaustive search's
// number of solutions (or colourings) without a U-turn, and is known whenever that number is
// below the cap. Boards with more than 20,000 solutions are left out (the oracle is plain
// search). has_uturn agrees with the check by blocks on every solution the search visits.
TEST(CountSat, SolutionsWithoutUturnsCountedExactly) {
    const std::uint64_t seed = 0xa4093822299f31d0ull;
    Rng rng{seed};
    int known = 0, known_some = 0, some_with = 0, skipped = 0;
    for (int i = 0; i < 2000; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 5, i % 3 ? 8 : 0, 3});
        const Rules rules = i % 2 ? kFlow : kNikoli;
        const Distinct distinct = i % 4 < 2 ? Distinct::Paths : Distinct::Colours;
        long total = 0;
        std::set<std::vector<int>> colourings, colourings_without;
        long without = 0;
        testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
            const bool uturn = uturn_by_blocks(p, s);
            EXPECT_EQ(has_uturn(p, s), uturn) << "board " << i;
            without += !uturn;
            colourings.insert(solution_grid(p, s));
            if (!uturn) colourings_without.insert(solution_grid(p, s));
            return ++total <= 20000;
        });
        if (total > 20000) {
            ++skipped;
            continue;
        }
        const long expected = distinct == Distinct::Paths ? without : static_cast<long>(colourings_without.size());
        const long all = distinct == Distinct::Paths ? total : static_cast<long>(colourings.size());
        CountOptions o;
        o.max = 30;
        o.keep = 0;
        o.distinct = distinct;
        const CountResult r = count_solutions_sat(p, rules, o);
        const std::string where = "seed " + std::to_string(seed) + " board " + std::to_string(i) + " " +
                                  rules_name(rules) + " " + distinct_name(distinct);
        ASSERT_EQ(r.count, std::min(all, 30L)) << where;
        bool free_cell = false;
        for (CellId c = 0; c < p.cell_count(); ++c) free_cell |= !p.is_blocked(c) && !p.is_terminal(c);
        if (r.uturn_free >= 0) {
            ASSERT_EQ(r.uturn_free, expected) << where;
            ++known;
            known_some += expected > 0 && all > expected;
        } else {
            ASSERT_FALSE(expected < 30 && free_cell && all > 0) << where << ": not known, " << expected << " expected";
        }
        some_with += all > expected;
    }
    // Measured: 838 known, 476 of them with solutions both with and without U-turns, 643 boards
    // with some; of the 1,162 others, 1,111 have no solution (decided before the enumeration),
    // 31 have 30 or more without a U-turn, 20 have no cell but terminals.
    EXPECT_GT(known, 700);
    EXPECT_GT(known_some, 400);
    EXPECT_GT(some_with, 500);
    EXPECT_LT(skipped, 100);
}

// What a stopped count still proves, in words (count_json.hpp): nothing when the number of
// solutions without a U-turn is unknown or the count is exact; else by that number and the count
// (all those without a U-turn are among the solutions counted).
TEST(CountSat, UturnNoteWording) {
    const Puzzle p = parse("A.\n.A\n..\n");
    Solution straight, around;  // A from [0,0] to [1,1]: two cells of [0,1], or around by [0,2] [1,2]
    straight.paths = {{p.cell(0, 0), p.cell(0, 1), p.cell(1, 1)}};
    around.paths = {{p.cell(0, 0), p.cell(1, 0), p.cell(1, 1)}};
    Solution hook;
    hook.paths = {{p.cell(0, 0), p.cell(0, 1), p.cell(0, 2), p.cell(1, 2), p.cell(1, 1)}};
    ASSERT_FALSE(has_uturn(p, straight));
    ASSERT_TRUE(has_uturn(p, hook));  // [0,1] [0,2] [1,2] [1,1]: [0,1] beside [1,1]
    CountResult r;
    r.timed_out = true;
    r.count = 1;
    r.solutions = {straight};
    EXPECT_EQ(uturn_note(r), "");  // not known
    r.uturn_free = 1;
    EXPECT_EQ(uturn_note(r), "any other solution has a U-turn");
    r.count = 3;  // the one without a U-turn and two others
    r.solutions = {straight, hook};
    EXPECT_EQ(uturn_note(r), "1 without a U-turn, all found");
    r.uturn_free = 0;
    r.count = 1;
    r.solutions = {hook};
    EXPECT_EQ(uturn_note(r), "any solution has a U-turn");
    r.timed_out = false;
    EXPECT_EQ(uturn_note(r), "");  // an exact count says it all
    r.capped = true;
    r.count = 2;
    r.uturn_free = 2;
    r.solutions = {straight, around};
    EXPECT_EQ(uturn_note(r), "any other solution has a U-turn");
    EXPECT_EQ(count_json(p, r, "sat", Distinct::Paths, false)["uturn_free_solutions"], 2);
    EXPECT_FALSE(unique_json(p, r, "sat", Distinct::Paths).contains("uturn_free_solutions"));  // multiple
    r.count = 3;
    EXPECT_EQ(uturn_note(r), "2 without a U-turn, all found");
    r.capped = false;
    r.timed_out = true;
    r.count = 1;
    r.uturn_free = 1;
    r.solutions = {straight};
    EXPECT_EQ(unique_json(p, r, "sat", Distinct::Paths)["uturn_free_solutions"], 1);
}

// The restart lengths of the router step in `unique` (count.cpp): the Luby sequence, from its
// definition (2^(i-1) at k = 2^i - 1, else the term at k - 2^(i-1) + 1 for 2^(i-1) <= k < 2^i - 1).
TEST(Luby, FirstTermsAndPowers) {
    const std::vector<int> first{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16};
    for (std::size_t k = 1; k <= first.size(); ++k) EXPECT_EQ(luby(k), first[k - 1]) << k;
    for (int i = 1; i < 31; ++i) EXPECT_EQ(luby((std::uint64_t{1} << i) - 1), 1 << (i - 1)) << i;
}

// The adc verdict read off a finished nikoli count (adc_verdict_from_nikoli, used by `unique`
// under adc rules), on 2,000 random boards per --distinct mode: it decides exactly when the
// nikoli count is 0 or 1, and then equals the brute-force oracle's adc count capped at 2, with
// its solution passing the checker under adc rules.
TEST(CountSat, AdcVerdictFromNikoliAgreesWithTheOracle) {
    const std::uint64_t seed = 0x6a3c0f5e19d2b847ull;
    for (Distinct distinct : {Distinct::Paths, Distinct::Colours}) {
        Rng rng{seed};
        int none = 0, unique = 0, undecided = 0;
        for (int i = 0; i < 2000; ++i) {
            const Puzzle p = random_puzzle(rng, {2, 5, i % 3 == 1 ? 6 : 0, 3});
            CountOptions o;
            o.max = 2;
            o.distinct = distinct;
            o.local_moves = false;
            const CountResult nikoli = count_solutions_sat(p, kNikoli, o);
            ASSERT_FALSE(nikoli.timed_out);
            const auto adc = adc_verdict_from_nikoli(p, nikoli, 2);
            const long truth = distinct == Distinct::Colours ? testing_oracle::count_colourings(p, kAdc, 2)
                                                             : testing_oracle::count_solutions(p, kAdc, 2);
            ASSERT_EQ(adc.has_value(), nikoli.count < 2) << "board " << i;
            if (!adc) {
                ++undecided;
                continue;
            }
            EXPECT_EQ(adc->count, truth) << "board " << i;
            none += adc->count == 0;
            unique += adc->count == 1;
            for (const Solution& s : adc->solutions) EXPECT_TRUE(check_solution(p, s, kAdc).ok) << "board " << i;
            if (HasFailure()) return;
        }
        EXPECT_GT(none, 100);
        EXPECT_GT(unique, 100);
        EXPECT_GT(undecided, 100);
        std::cout << (distinct == Distinct::Paths ? "paths" : "colours") << ": " << none << " none, " << unique
                  << " unique, " << undecided << " left to the adc enumeration\n";
    }
}

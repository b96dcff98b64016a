// Counting distinct colourings (--distinct colours) against distinct path sets (the default):
// the SAT engine (both label codings) and the exhaustive search against the brute-force oracle,
// which deduplicates colourings by itself, on random boards under every preset; hand-checked
// boards where several path sets give one colouring; and the equality of the two modes under
// no-touch rules.
#include <gtest/gtest.h>

#include <array>
#include <iostream>
#include <set>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/count/count.hpp"
#include "solver/search/search.hpp"

using namespace nl;

namespace {

Puzzle parse(const std::string& rows) { return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle; }

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

CountResult sat_count(const Puzzle& p, Rules rules, Distinct distinct, long max = 0,
                      LabelCoding coding = LabelCoding::Auto, std::size_t keep = 2) {
    CountOptions o;
    o.max = max;
    o.keep = keep;
    o.distinct = distinct;
    o.sat.coding = coding;
    return count_solutions_sat(p, rules, o);
}

SearchResult search_count(const Puzzle& p, Rules rules, Distinct distinct, long max = 0, std::size_t keep = 2) {
    SearchOptions o;
    o.max_solutions = max;
    o.keep = keep;
    o.distinct = distinct;
    return search_solutions(p, rules, o);
}

}  // namespace

// The smallest kind of example (REFERENCES.md 2.2: a path may wind through a block of its own
// cells in two ways): one label from corner to corner of a 3x3 board must, under flow rules,
// fill the board, by rows or by columns. Two path sets, one colouring; every engine must say so.
TEST(Distinct, SeveralPathSetsOneColouring) {
    const Puzzle p = parse("A..\n...\n..A\n");
    const SearchResult paths = search_count(p, kFlow, Distinct::Paths, 0, 100);
    ASSERT_EQ(paths.count, 2);
    std::set<std::vector<int>> colourings;
    for (const Solution& s : paths.solutions) {
        ASSERT_TRUE(check_solution(p, s, kFlow).ok);
        colourings.insert(solution_grid(p, s));
    }
    EXPECT_EQ(colourings.size(), 1u);
    EXPECT_EQ(testing_oracle::count_solutions(p, kFlow, 1000), 2);
    EXPECT_EQ(testing_oracle::count_colourings(p, kFlow, 1000), 1);
    for (LabelCoding coding : {LabelCoding::OneHot, LabelCoding::Binary}) {
        EXPECT_EQ(sat_count(p, kFlow, Distinct::Paths, 0, coding).count, 2);
        EXPECT_EQ(sat_count(p, kFlow, Distinct::Colours, 0, coding).count, 1);
    }
    EXPECT_EQ(search_count(p, kFlow, Distinct::Colours).count, 1);
}

// No-fill boards with room for loops detached from the path: a model that adds such a loop has
// an edge at a cell the path leaves empty, so without the exact acyclicity encoding the SAT
// engine counted the one colouring of this board's direct path again and again (30 instead of
// 1 under adc; found by the property test below).
TEST(Distinct, DetachedLoopsDoNotMakeNewColourings) {
    const Puzzle p = parse(".....\nA....\nA....\n");
    for (Rules rules : {kNikoli, kAdc})
        for (LabelCoding coding : {LabelCoding::OneHot, LabelCoding::Binary}) {
            const long oracle = testing_oracle::count_colourings(p, rules, 100000);
            EXPECT_EQ(sat_count(p, rules, Distinct::Colours, 0, coding).count, oracle) << rules_name(rules);
            EXPECT_EQ(search_count(p, rules, Distinct::Colours).count, oracle) << rules_name(rules);
        }
    EXPECT_EQ(sat_count(p, kAdc, Distinct::Colours).count, 1);  // only the direct step: no touch
}

// Every 4x4 board with two labels (5,460 puzzles, labels unordered), flow rules: the unique /
// not-unique verdict on colourings (count capped at 2) of SAT, search and oracle must agree, and
// so must the verdict on path sets. Measured here: 606 boards have a unique colouring, 128 of
// them with several path sets.
TEST(Distinct, AllFourByFourBoardsWithTwoLabels) {
    constexpr int kCells = 16;
    long puzzles = 0, colour_unique = 0, several_paths = 0;
    for (CellId a0 = 0; a0 < kCells; ++a0)
        for (CellId a1 = a0 + 1; a1 < kCells; ++a1)
            for (CellId b0 = a0 + 1; b0 < kCells; ++b0)  // B's first end after A's: each puzzle once
                for (CellId b1 = b0 + 1; b1 < kCells; ++b1) {
                    if (b0 == a1 || b1 == a1) continue;
                    Puzzle p = make_board(4, 4);
                    p.labels = {Label{"A", {a0, a1}}, Label{"B", {b0, b1}}};
                    finalize(p);
                    ++puzzles;
                    const std::string where = "A " + std::to_string(a0) + "," + std::to_string(a1) + " B " +
                                              std::to_string(b0) + "," + std::to_string(b1);
                    const long colours = testing_oracle::count_colourings(p, kFlow, 2);
                    const long paths = testing_oracle::count_solutions(p, kFlow, 2);
                    ASSERT_EQ(sat_count(p, kFlow, Distinct::Colours, 2).count, colours) << where;
                    ASSERT_EQ(search_count(p, kFlow, Distinct::Colours, 2).count, colours) << where;
                    ASSERT_EQ(sat_count(p, kFlow, Distinct::Paths, 2).count, paths) << where;
                    ASSERT_EQ(search_count(p, kFlow, Distinct::Paths, 2).count, paths) << where;
                    colour_unique += colours == 1;
                    several_paths += colours == 1 && paths > 1;
                }
    ASSERT_EQ(puzzles, 16 * 15 / 2 * (14 * 13 / 2) / 2);
    EXPECT_EQ(colour_unique, 606);
    EXPECT_EQ(several_paths, 128);
}

// Under no-touch rules a colouring determines the paths (core/puzzle.hpp, Distinct), so both
// modes count the same; on this open 3x3 board nikoli rules (touch allowed, no fill) give path
// sets that share a colouring, and adc rules (the same without touching) do not.
TEST(Distinct, ModesCoincideWithoutTouch) {
    const Puzzle p = parse("A..\n...\n..A\n");
    for (Rules rules : {kAdc, kStrict}) {
        const long paths = testing_oracle::count_solutions(p, rules, 100000);
        EXPECT_EQ(testing_oracle::count_colourings(p, rules, 100000), paths) << rules_name(rules);
        EXPECT_EQ(sat_count(p, rules, Distinct::Colours).count, paths) << rules_name(rules);
        EXPECT_EQ(search_count(p, rules, Distinct::Colours).count, paths) << rules_name(rules);
    }
    const long nikoli_paths = testing_oracle::count_solutions(p, kNikoli, 100000);
    const long nikoli_colours = testing_oracle::count_colourings(p, kNikoli, 100000);
    EXPECT_LT(nikoli_colours, nikoli_paths);
    EXPECT_EQ(sat_count(p, kNikoli, Distinct::Colours).count, nikoli_colours);
    EXPECT_EQ(search_count(p, kNikoli, Distinct::Colours).count, nikoli_colours);
}

// The property test: 2,000 random boards per preset (2x2 to 5x5, with and without blocked
// cells, up to 4 labels). For both modes the SAT count (label coding alternating between
// one-hot and binary, which block colourings differently) and the exhaustive search's must equal
// the brute-force oracle's (which enumerates path sets and deduplicates colourings itself), up to
// a cap of 30; every solution kept must pass the checker and, in colours mode, have a colouring
// of its own. Without a cap, colours never exceed paths, and under no-touch rules they are equal.
TEST(DistinctProperty, SatSearchAndOracleAgreeInBothModes) {
    const std::uint64_t seed = 0x452821e638d01377ull;
    testing_boards::Rng rng{seed};
    constexpr long kCap = 30;
    std::array<int, 4> fewer_colourings{};  // per preset: boards with colours < paths
    int boards_with_solutions = 0;
    for (int i = 0; i < 8000; ++i) {
        const Puzzle p = testing_boards::random_puzzle(rng, {2, 5, i % 3 ? 6 : 0, 4});
        const int preset = i % 4;
        const Rules rules = std::array{kFlow, kNikoli, kAdc, kStrict}[preset];
        const LabelCoding coding = (i / 4) % 2 ? LabelCoding::Binary : LabelCoding::OneHot;
        const std::string where = "seed " + std::to_string(seed) + " board " + std::to_string(i) + " " +
                                  std::to_string(p.width) + "x" + std::to_string(p.height) + " rules " +
                                  rules_name(rules);
        const long oracle_paths = testing_oracle::count_solutions(p, rules, kCap);
        const long oracle_colours = testing_oracle::count_colourings(p, rules, kCap);
        for (Distinct distinct : {Distinct::Paths, Distinct::Colours}) {
            const long oracle = distinct == Distinct::Paths ? oracle_paths : oracle_colours;
            const CountResult sat = sat_count(p, rules, distinct, kCap, coding, kCap);
            const SearchResult search = search_count(p, rules, distinct, kCap, kCap);
            const std::string mode = distinct == Distinct::Paths ? " paths" : " colours";
            ASSERT_EQ(sat.count, oracle) << where << mode << " coding " << int(coding);
            ASSERT_EQ(search.count, oracle) << where << mode;
            for (const auto* list : {&sat.solutions, &search.solutions}) {
                std::set<std::vector<int>> colourings;
                for (const Solution& s : *list) {
                    ASSERT_TRUE(check_solution(p, s, rules).ok) << where << mode;
                    colourings.insert(solution_grid(p, s));
                }
                if (distinct == Distinct::Colours) {
                    ASSERT_EQ(colourings.size(), list->size()) << where;
                }
            }
        }
        if (oracle_paths < kCap) {  // both counts are exact
            ASSERT_LE(oracle_colours, oracle_paths) << where;
            if (!rules.touch) {
                ASSERT_EQ(oracle_colours, oracle_paths) << where;
            }
            fewer_colourings[preset] += oracle_colours < oracle_paths;
        }
        boards_with_solutions += oracle_paths > 0;
    }
    // The boards where the modes differ must be in the mix under both touch-allowed presets.
    EXPECT_GT(fewer_colourings[0], 20);  // flow
    EXPECT_GT(fewer_colourings[1], 20);  // nikoli
    EXPECT_GT(boards_with_solutions, 2000);
    std::cout << "boards with fewer colourings than path sets: flow " << fewer_colourings[0] << ", nikoli "
              << fewer_colourings[1] << ", adc " << fewer_colourings[2] << ", strict " << fewer_colourings[3]
              << "; boards with a solution: " << boards_with_solutions << " of 8000\n";
}

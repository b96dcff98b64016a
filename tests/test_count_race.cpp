// `unique` under flow and nikoli rules on boards whose short side is 13 or 14 races the SAT
// chain against the frontier engine (solver/count/count_engine.cpp): the verdict is the same as each
// engine's alone, and the caller's interrupt flag stops both. `count` beyond two races SAT against
// the frontier engine on boards up to 12 wide (14 under nikoli rules), with or without a time
// limit: its counts equal the exhaustive search's. Under fill rules on two cores, a count
// races CryptoMiniSat against CaDiCaL: its counts equal the exhaustive search's too.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>

#include <filesystem>
#include <string>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "generator/generate.hpp"
#include "random_boards.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/count/frontier.hpp"

using namespace nl;

namespace {

const Rules kFlow{true, true};
const Rules kNikoli{false, true};

// A board solvable by construction whose short side is 13 or 14 (drawn until it is).
Puzzle race_board(testing_boards::Rng& rng) {
    for (;;) {
        Puzzle p = testing_boards::random_covered_puzzle(rng, 14);
        if (std::min(p.width, p.height) >= 13) return p;
    }
}

CountOptions unique_options(double timeout) {
    CountOptions o;
    o.max = 2;
    o.sat.timeout = timeout;
    return o;
}

}  // namespace

TEST(UniqueRace, SameVerdictAsTheFrontierEngineAlone) {
    for (const Rules rules : {kFlow, kNikoli}) {
        testing_boards::Rng rng{1311};
        int multiple = 0, unique = 0;
        for (int i = 0; i < 6; ++i) {
            const Puzzle p = race_board(rng);
            ASSERT_FALSE(unsupported_frontier(p, rules, Distinct::Paths));
            const CountResult raced = count_with_engine(p, rules, CountEngine::Sat, unique_options(60));
            const CountResult alone = count_solutions_frontier(p, rules, unique_options(0));
            ASSERT_FALSE(raced.timed_out) << rules_name(rules) << " board " << i;
            ASSERT_FALSE(alone.timed_out) << rules_name(rules) << " board " << i;
            EXPECT_EQ(std::min(raced.count, 2L), std::min(alone.count, 2L)) << rules_name(rules) << " board " << i;
            multiple += raced.count >= 2;
            unique += raced.count == 1;
        }
        std::printf("race under %s rules: %d unique, %d multiple\n", rules_name(rules).c_str(), unique, multiple);
        EXPECT_GT(multiple + unique, 0);
    }
}

// Puzzles the generator proved unique (its own exact counter): the race says unique too.
TEST(UniqueRace, GeneratedUniquePuzzlesStayUnique) {
    for (const Rules rules : {kFlow, kNikoli}) {
        for (int seed = 1; seed <= 4; ++seed) {
            gen::GenerateOptions g;
            g.width = 13 + seed % 2;
            g.height = 13;
            g.rules = rules;
            g.unique = true;
            g.wall_budget = 0;
            gen::Generated out;
            ASSERT_EQ(gen::generate_one(g, static_cast<std::uint64_t>(seed), "race", out), gen::GenerateStatus::Ok);
            const CountResult raced = count_with_engine(out.puzzle, rules, CountEngine::Sat, unique_options(60));
            ASSERT_FALSE(raced.timed_out) << rules_name(rules) << " seed " << seed;
            EXPECT_EQ(raced.count, 1) << rules_name(rules) << " seed " << seed;
            const CountResult alone = count_solutions_frontier(out.puzzle, rules, unique_options(0));
            ASSERT_FALSE(alone.timed_out) << rules_name(rules) << " seed " << seed;
            EXPECT_EQ(alone.count, 1) << rules_name(rules) << " seed " << seed;
        }
    }
}

TEST(UniqueRace, TheCallersInterruptStopsBoth) {
    testing_boards::Rng rng{7};
    const Puzzle p = race_board(rng);
    std::atomic<bool> interrupt{true};
    CountOptions o = unique_options(60);
    o.sat.interrupt = &interrupt;
    const CountResult r = count_with_engine(p, kFlow, CountEngine::Sat, o);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.stop, StopReason::Interrupted);
}

// Unique under adc rules races the adc enumeration against the nikoli proof (count_engine.cpp,
// adc_with_nikoli_proof). ADC 2015 Q13 (20x20, 19 lines) is unique; the nikoli proof decides it
// in about 4 s, the adc enumeration alone had no verdict in 40 s. The one slack of this test is
// its time limit, 300 s, for busy or sanitized builds. Skipped without the corpus.
TEST(UniqueRace, AdcDecidedThroughTheNikoliProof) {
    const std::string file = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/adc/adc2015/Q13.txt";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "corpus not found: " << file;
    const Puzzle p = read_puzzles(file, {}).at(0).puzzle;
    const Rules adc{false, false};
    const CountResult r = count_with_engine(p, adc, CountEngine::Sat, unique_options(300));
    ASSERT_FALSE(r.timed_out);
    EXPECT_EQ(r.count, 1);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_TRUE(check_solution(p, r.solutions[0], adc).ok);
}

namespace {

CountOptions count_all(double timeout) {
    CountOptions o;
    o.max = 0;  // no cap
    o.sat.timeout = timeout;
    return o;
}

const Rules kAllPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

}  // namespace

// Every preset, with and without a time limit, on small boards of two kinds: few labels and few
// blocked cells (under the no-fill presets, counts run to thousands), and boards solvable by
// construction (so the fill presets have solutions to count): the raced count equals the
// exhaustive search's.
TEST(CountRace, CountsEqualTheExhaustiveSearch) {
    for (const Rules rules : kAllPresets) {
        testing_boards::Rng rng{4242};
        const testing_boards::BoardShape shape{3, 5, 12, 2};
        long largest = 0;
        for (int i = 0; i < 60; ++i) {
            const Puzzle p = i % 3 ? testing_boards::random_puzzle(rng, shape)
                                   : testing_boards::random_covered_puzzle(rng, 6, 3);
            const CountResult raced = count_with_engine(p, rules, CountEngine::Sat, count_all(i % 2 ? 60 : 0));
            const CountResult oracle = count_with_engine(p, rules, CountEngine::Search, count_all(0));
            ASSERT_FALSE(raced.timed_out) << rules_name(rules) << " board " << i;
            ASSERT_FALSE(oracle.timed_out) << rules_name(rules) << " board " << i;
            EXPECT_EQ(raced.count, oracle.count) << rules_name(rules) << " board " << i;
            largest = std::max(largest, raced.count);
        }
        std::printf("count race under %s rules: up to %ld solutions\n", rules_name(rules).c_str(), largest);
        EXPECT_GT(largest, !rules.fill && rules.touch ? 100 : 0);
    }
}

// An open 6x6 board of two lines under nikoli rules has 304,613 solutions, more than the SAT
// enumeration lists in minutes: without a time limit the count ends only because the frontier
// engine answers, and it equals the exhaustive search's.
TEST(CountRace, ManySolutionsWithoutATimeLimit) {
    const TextFile board = text_from_string("open6.txt", "A.....\n......\n..B...\n......\n...B..\n.....A\n");
    const Puzzle p = read_puzzles(board, {Format::Ascii, std::nullopt}).at(0).puzzle;
    const Rules nikoli{false, true};
    const CountResult raced = count_with_engine(p, nikoli, CountEngine::Sat, count_all(0));
    const CountResult oracle = count_with_engine(p, nikoli, CountEngine::Search, count_all(0));
    ASSERT_FALSE(raced.timed_out);
    ASSERT_FALSE(oracle.timed_out);
    EXPECT_EQ(raced.count, oracle.count);
    EXPECT_GT(raced.count, 100000);
}

namespace {

const Rules kFillPresets[] = {{true, true}, {true, false}};  // flow, strict

// A count on two cores with the back end left to the table, and no head start, so that every
// count under fill rules that reaches the SAT enumeration races CryptoMiniSat against CaDiCaL.
CountOptions portfolio_options(long max, double timeout) {
    CountOptions o;
    o.max = max;
    o.sat.timeout = timeout;
    o.cores = 2;
    o.portfolio_head_start = 0;
    return o;
}

}  // namespace

// Under fill rules a count on two cores runs both SAT back ends side by side (count_engine.cpp,
// cryptominisat_then_both). Each side is the whole exact count, so whichever finishes first, the
// count equals the exhaustive search's: `unique` without a time limit on one-layer boards (made
// solvable, then half of them with two ends swapped), `unique` with one on two-layer boards (the
// flow chain of cuts and ordering), `count` with and without one on two-layer boards.
TEST(CountPortfolio, CountsEqualTheExhaustiveSearch) {
    for (const Rules rules : kFillPresets) {
        testing_boards::Rng rng{5150};
        int by_cadical = 0, by_cms = 0, counted = 0;
        for (int i = 0; i < 240; ++i) {
            const int mode = i % 3;
            Puzzle p = mode == 0 ? testing_boards::random_covered_puzzle(rng, 6, 4)
                                 : testing_boards::random_layered(rng, 2, i % 2 == 0, 4, 4);
            if (mode == 0) testing_boards::maybe_swap_ends(p, rng);
            const long max = mode == 2 ? 0 : 2;
            const double timeout = mode == 0 ? 0 : (i % 2 ? 60 : 0);
            const CountResult raced = count_with_engine(p, rules, CountEngine::Sat, portfolio_options(max, timeout));
            CountOptions exhaustive;
            exhaustive.max = max;
            const CountResult oracle = count_with_engine(p, rules, CountEngine::Search, exhaustive);
            ASSERT_FALSE(raced.timed_out) << rules_name(rules) << " board " << i;
            ASSERT_FALSE(oracle.timed_out) << rules_name(rules) << " board " << i;
            EXPECT_EQ(raced.count, oracle.count) << rules_name(rules) << " board " << i;
            for (const Solution& s : raced.solutions)
                EXPECT_TRUE(check_solution(p, s, rules).ok) << rules_name(rules) << " board " << i;
            counted += raced.count > 0;
            if (raced.stats.unsolvable_reason.empty() || raced.stats.unsolvable_reason == "sat") {
                by_cadical += raced.stats.backend == "cadical";
                by_cms += raced.stats.backend == "cms";
            }
        }
        std::printf("portfolio under %s rules: %d boards with solutions; answered by cms %d, cadical %d\n",
                    rules_name(rules).c_str(), counted, by_cms, by_cadical);
        // Which side answers first depends on timing; that both answer some is printed, not asserted.
        EXPECT_GT(counted, 10);
        EXPECT_GT(by_cms + by_cadical, 30);
    }
}

// The back end that answered is named in the count's figures (a two-layer board that has
// solutions, so that the enumeration ran).
TEST(CountPortfolio, TheBackEndThatAnsweredIsNamed) {
    testing_boards::Rng rng{77};
    int boards = 0;
    for (int i = 0; i < 200 && boards < 5; ++i) {
        const Puzzle p = testing_boards::random_layered(rng, 2, false, 4, 3);
        for (const SatChoice choice : {SatChoice::CryptoMiniSat, SatChoice::CaDiCaL}) {
            CountOptions o;
            o.max = 0;
            o.sat.sat = choice;
            const CountResult r = count_with_engine(p, kFlow, CountEngine::Sat, o);
            ASSERT_FALSE(r.timed_out);
            if (r.count == 0) break;
            EXPECT_EQ(r.stats.backend, choice == SatChoice::CaDiCaL ? "cadical" : "cms") << "board " << i;
            boards += choice == SatChoice::CaDiCaL;
        }
    }
    EXPECT_EQ(boards, 5);
}

// The caller's interrupt stops both sides.
TEST(CountPortfolio, TheCallersInterruptStopsBoth) {
    testing_boards::Rng rng{8};
    const Puzzle p = testing_boards::random_layered(rng, 2, false, 5, 4);
    std::atomic<bool> interrupt{true};
    CountOptions o = portfolio_options(0, 60);
    o.sat.interrupt = &interrupt;
    const CountResult r = count_with_engine(p, kFlow, CountEngine::Sat, o);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.stop, StopReason::Interrupted);
}

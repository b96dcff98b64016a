// The SAT engine over the reference corpus: every solvable board solves and checks, and every
// "unsolvable" verdict agrees with an independent argument. Skips when the corpus is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <sys/wait.h>

#include "brute_force.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "solver/count/count.hpp"
#include "solver/sat/solve.hpp"

using namespace nl;
namespace fs = std::filesystem;

namespace {

const std::string kCorpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus";
const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

#define REQUIRE_CORPUS()                                                         \
    if (!fs::is_directory(kCorpus)) GTEST_SKIP() << "reference corpus not found at " << kCorpus

std::vector<PuzzleEntry> load(const std::string& relative) { return read_puzzles(kCorpus + "/" + relative, {}); }

// Solves every puzzle of the files; returns the indices (1-based) of those found unsolvable.
std::vector<int> solve_all(const std::vector<PuzzleEntry>& entries, Rules rules) {
    std::vector<int> unsolvable;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Puzzle& p = entries[i].puzzle;
        SolveResult r = solve_sat(p, rules, {});
        EXPECT_NE(r.status, SolveStatus::Timeout) << p.name;
        if (r.status == SolveStatus::Solved)
            EXPECT_TRUE(check_solution(p, r.solution, rules).ok) << p.name;
        else
            unsolvable.push_back(static_cast<int>(i + 1));
    }
    return unsolvable;
}

}  // namespace

TEST(CorpusSolve, MzuckerUnderFlowRules) {
    REQUIRE_CORPUS();
    int solved = 0;
    for (const auto& f : fs::directory_iterator(kCorpus + "/flow/mzucker")) {
        if (!f.is_regular_file()) continue;
        const auto entries = read_puzzles(f.path().string(), {});
        const bool cross = f.path().filename() == "unsolvable_cross.txt";
        EXPECT_EQ(solve_all(entries, kFlow), cross ? std::vector<int>{1} : std::vector<int>{}) << f.path();
        solved += !cross;
        if (cross) {  // the corpus README: no solution under any rules
            for (Rules r : {kNikoli, kAdc, kStrict})
                EXPECT_EQ(solve_sat(entries[0].puzzle, r, {}).status, SolveStatus::Unsolvable) << rules_name(r);
        }
    }
    EXPECT_EQ(solved, 29);
}

TEST(CorpusSolve, LevelpacksUnderFlowRules) {
    REQUIRE_CORPUS();
    for (const char* f : {"flow/levelpacks/levelpack_1.txt", "flow/levelpacks/levelpack_2.txt"}) {
        const auto entries = load(f);
        ASSERT_EQ(entries.size(), 150u);
        EXPECT_EQ(solve_all(entries, kFlow), std::vector<int>{}) << f;
    }
}

TEST(CorpusSolve, ArukoneUnderStrictRules) {
    REQUIRE_CORPUS();
    for (const char* f : {"arukone/janko_even.txt", "arukone/inputs1.txt", "arukone/inputs3.txt",
                          "arukone/inputs4.txt", "arukone/inputs8.txt", "arukone/inputs9.txt"})
        EXPECT_EQ(solve_all(load(f), kStrict), std::vector<int>{}) << f;
}

// inputs5: edge cases by the author of another solver, several without solution on purpose.
// Under strict rules (fill, no touch) these have none, each for a reason we can state:
//  1  "A../..A": the only path covering all six cells is the snake (0,0)(0,1)(1,1)(1,0)(2,0)(2,1),
//     which runs alongside itself ((0,0) and (1,0) adjacent, not consecutive).
//  2, 3, 4, 8: every label has adjacent endpoints; without touching, such a path is just its two
//     endpoints (any detour leaves the endpoints adjacent but not consecutive), so the other cells
//     stay empty, against the fill rule.
//  5  "...g/.r../.r../...g": r is forced to its two adjacent endpoints, so g must take the other
//     14 cells, among them the 2x2 block (2,1)(3,1)(2,2)(3,2); a path holding a whole 2x2 block
//     runs alongside itself.
//  6, 11: no short argument; the brute-force oracle (tests/brute_force.hpp, which shares no code
//     with the SAT engine) enumerates every candidate and finds none.
// inputs7 (51x8, "Killer puzzle, composition of lots of ambiguous puzzles"): documented in the
// corpus README as having no solution; the brute force is too slow for it, but we check that it
// is solvable once touching is allowed, so the verdict hinges on the no-touch rule as designed.
TEST(CorpusSolve, UnsolvableArukoneBoardsAgreeWithIndependentArguments) {
    REQUIRE_CORPUS();
    const auto inputs5 = load("arukone/inputs5.txt");
    ASSERT_EQ(inputs5.size(), 20u);
    const std::vector<int> expected{1, 2, 3, 4, 5, 6, 8, 11};
    EXPECT_EQ(solve_all(inputs5, kStrict), expected);
    for (int i : {6, 11}) EXPECT_EQ(testing_oracle::count_solutions(inputs5[i - 1].puzzle, kStrict, 1), 0) << i;
    // The oracle does find the solutions of the solvable small boards (so it is not vacuous).
    for (int i : {7, 9, 12}) EXPECT_GT(testing_oracle::count_solutions(inputs5[i - 1].puzzle, kStrict, 1), 0) << i;

    const auto inputs7 = load("arukone/inputs7.txt");
    EXPECT_EQ(solve_all(inputs7, kStrict), std::vector<int>{1});
    EXPECT_EQ(solve_all(inputs7, kFlow), std::vector<int>{});
}

TEST(CorpusSolve, IntgridUnderFlowRules) {
    REQUIRE_CORPUS();
    int boards = 0;
    for (const char* dir : {"intgrid/huy1711", "intgrid/nguacon90"})
        for (const auto& f : fs::directory_iterator(kCorpus + "/" + dir)) {
            std::vector<PuzzleEntry> entries;
            try {
                entries = read_puzzles(f.path().string(), {});
            } catch (const InputError&) {
                continue;  // the three malformed files (test_corpus checks which)
            }
            EXPECT_EQ(solve_all(entries, kFlow), std::vector<int>{}) << f.path();
            ++boards;
        }
    EXPECT_EQ(boards, 51);
}

// `solve --cross-check` runs both engines on every board; the corpus must show no disagreement
// (a contradiction is an internal error: exit 70 and status "error").
TEST(CorpusSolve, CrossCheckFindsNoDisagreement) {
    REQUIRE_CORPUS();
    const std::string c = kCorpus + "/";
    const std::vector<std::string> runs = {
        "--rules flow " + c + "flow/mzucker/*.txt " + c + "flow/levelpacks/*.txt " + c + "intgrid/nguacon90/*",
        "--rules strict " + c + "arukone/*.txt",
        "--rules nikoli " + c + "adc/adc2013/NL_Q04.txt " + c + "adc/adc2014/Q/*.txt",
    };
    for (const std::string& args : runs) {
        const std::string cmd = std::string(NUMBERLINK_BINARY) + " solve -q --cross-check --timeout 60 " + args + " 2>&1";
        FILE* pipe = popen(cmd.c_str(), "r");
        ASSERT_NE(pipe, nullptr);
        std::string out;
        char buffer[4096];
        while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        const int status = pclose(pipe);
        EXPECT_NE(WEXITSTATUS(status), 70) << args << "\n" << out;
        EXPECT_EQ(out.find(" error "), std::string::npos) << out;
        EXPECT_EQ(out.find("internal error"), std::string::npos) << out;
        EXPECT_GT(std::count(out.begin(), out.end(), '\n'), 10) << out;
    }
}

// The corpus README: every janko_even puzzle is designed unique under strict rules.
TEST(CorpusSolve, JankoEvenIsUniqueUnderStrictRules) {
    REQUIRE_CORPUS();
    const auto entries = load("arukone/janko_even.txt");
    ASSERT_EQ(entries.size(), 135u);
    for (const PuzzleEntry& e : entries) {
        CountOptions o;
        o.max = 2;
        const CountResult r = count_solutions_sat(e.puzzle, kStrict, o);
        EXPECT_EQ(r.count, 1) << e.puzzle.name;
        EXPECT_FALSE(r.timed_out) << e.puzzle.name;
    }
}

// The corpus README: under strict rules 98 of the 101 inputs9 boards are unique.
TEST(CorpusSolve, Inputs9HasNinetyEightUniqueBoardsUnderStrictRules) {
    REQUIRE_CORPUS();
    const auto entries = load("arukone/inputs9.txt");
    int unique = 0;
    for (const PuzzleEntry& e : entries) {
        CountOptions o;
        o.max = 2;
        const CountResult r = count_solutions_sat(e.puzzle, kStrict, o);
        ASSERT_FALSE(r.timed_out) << e.puzzle.name;
        ASSERT_GE(r.count, 1) << e.puzzle.name;
        unique += r.count == 1;
    }
    EXPECT_EQ(unique, 98);
}

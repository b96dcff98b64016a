// The command line on variant boards: solve, unique, count, check, convert and info
// read the board format, answer with checked solutions, give exact verdicts confirmed here by the
// exhaustive search, and refuse what a format or an engine cannot do with exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_fixture.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::testing_cli;

namespace {

class CliVariants : public CliTest {};

// A bridge that two labels cross, on a board whose corners are outside it.
const char* const kBridge = "board 5x5\n CAD\nC...D\nB.+.B\nE...F\n EAF\n";
const char* const kHex = "board 5x5 hex\n.C.A.\n.AC..\nD..D.\n.....\nB...B\n";
const char* const kWarp = "board 5x5\nC.A..\n.....\n.A.B.\n..C..\nB....\nwrap row 2\nwrap column 2\n";

Puzzle parse(const std::string& text) {
    return read_puzzles(text_from_string("t.txt", text), {}).at(0).puzzle;
}

long search_count(const std::string& text, const char* rules, long cap) {
    SearchOptions so;
    so.max_solutions = cap;
    return search_solutions(parse(text), *rules_from_name(rules), so).count;
}

}  // namespace

TEST_F(CliVariants, SolveWritesCheckedPathsThatReadBack) {
    for (const char* board : {kBridge, kHex, kWarp}) {
        write("b.txt", board);
        const Result r = run("solve --output json b.txt");
        ASSERT_EQ(r.code, 0) << r.err;
        // Read the answer back through the JSON reader (bridges: lanes from the steps) and check it
        // with the checker independently of the solver's own check.
        const auto entries = read_puzzles(text_from_string("out.json", r.out), {});
        ASSERT_EQ(entries.size(), 1u);
        ASSERT_TRUE(entries[0].solution);
        EXPECT_TRUE(check_solution(parse(board), *entries[0].solution, *rules_from_name("flow")).ok) << board;
    }
}

TEST_F(CliVariants, UniqueAndCountAgreeWithTheExhaustiveSearch) {
    for (const char* board : {kBridge, kHex, kWarp})
        for (const char* rules : {"flow", "nikoli", "adc", "strict"}) {
            write("b.txt", board);
            const long expected = search_count(board, rules, 1000);
            const Result count = run(std::string("count --max 1000 --rules ") + rules + " b.txt");
            ASSERT_EQ(count.code, 0) << count.err;
            EXPECT_TRUE(contains(count.out, ": " + std::to_string(expected) + (expected == 1 ? " solution" : " solutions")))
                << rules << "\n" << count.out << board;
            const Result unique = run(std::string("unique --rules ") + rules + " b.txt");
            const char* verdict = expected == 0 ? ": none" : expected == 1 ? ": unique" : ": multiple";
            EXPECT_TRUE(contains(unique.out, verdict)) << rules << "\n" << unique.out << board;
            EXPECT_EQ(unique.code, expected == 1 ? 0 : 1);
        }
}

TEST_F(CliVariants, CheckJudgesPathsThroughABridge) {
    write("b.txt", kBridge);
    write("good.txt", "A: 2,0 2,1 2,2 2,3 2,4\nB: 0,2 1,2 2,2 3,2 4,2\nC: 1,0 1,1 0,1\nD: 3,0 3,1 4,1\n"
                      "E: 0,3 1,3 1,4\nF: 4,3 3,3 3,4\n");
    Result r = run("check b.txt good.txt");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    // A path may not turn on a bridge: its lanes are not linked.
    write("t.txt", "board 3x3\n#A#\n.+A\n#.#\n");
    write("turn.txt", "A: 1,0 1,1 2,1\n");
    r = run("check --rules nikoli t.txt turn.txt");
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "not adjacent")) << r.out;
    // A grid cannot say who takes which lane.
    write("grid.txt", "#CAD#\nCCADD\nBBABB\nEEAFF\n#EAF#\n");
    r = run("check b.txt grid.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "paths or JSON")) << r.err;
}

TEST_F(CliVariants, ConvertRoundTripsAndRefusesGridFormats) {
    write("all.txt", std::string(kBridge) + kHex + kWarp);
    Result r = run("convert --to board all.txt");
    ASSERT_EQ(r.code, 0) << r.err;
    write("again.txt", r.out);
    EXPECT_EQ(run("convert --to board again.txt").out, r.out);
    r = run("convert --to json all.txt");
    ASSERT_EQ(r.code, 0) << r.err;
    write("all.json", r.out);
    EXPECT_EQ(run("convert --to board all.json").out, run("convert --to board all.txt").out);
    for (const char* to : {"ascii", "stream", "intgrid", "adc"}) {
        r = run(std::string("convert --to ") + to + " all.txt");
        EXPECT_EQ(r.code, 2) << to;
        EXPECT_TRUE(contains(r.err, "cannot express")) << r.err;
        EXPECT_EQ(r.out, "") << to;  // nothing half-written
    }
}

TEST_F(CliVariants, BadBoardsNameTheLine) {
    write("bad.txt", "board 3x3\n...\n...\n...\nwarp 0,0 1,0\n");
    Result r = run("solve bad.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "bad.txt:1: warp [0, 0] - [1, 0] joins cells that are neighbours already")) << r.err;
    write("bad.txt", "board 3x3\n...\n...\n...\nwrap diagonal 1\n");
    r = run("solve bad.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "bad.txt:5: expected")) << r.err;
}

TEST_F(CliVariants, GridEnginesStepAside) {
    write("h.txt", kHex);
    for (const char* engine : {"dfs", "wall", "route"}) {
        const Result r = run(std::string("solve --engine ") + engine + " h.txt");
        EXPECT_TRUE(contains(r.out, "not-applicable")) << engine << r.out << r.err;
    }
    const Result r = run("count --engine frontier h.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "hex cells, warps, walls or bridges")) << r.err;
}

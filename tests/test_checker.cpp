// The checker, on hand-made solutions: one valid, and one invalid case per rule it enforces.
#include <gtest/gtest.h>

#include "core/checker.hpp"
#include "core/formats.hpp"

using namespace nl;

namespace {

Puzzle parse(const std::string& rows) {
    return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle;
}

// Builds a solution from "x,y x,y ..." strings, one per label in label order.
Solution paths(const Puzzle& p, const std::vector<std::string>& lists) {
    Solution s;
    for (const std::string& list : lists) {
        std::vector<CellId> cells;
        std::size_t i = 0;
        while (i < list.size()) {
            int x = 0, y = 0, used = 0;
            std::sscanf(list.c_str() + i, "%d,%d%n", &x, &y, &used);
            cells.push_back(x < 0 ? -1 : p.cell(x, y));
            i += used;
            while (i < list.size() && list[i] == ' ') ++i;
        }
        s.paths.push_back(cells);
    }
    return s;
}

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};

// A.B      AAB
// ...  ->  AAB   (A: up the middle; B: straight down the right column)
// A.B      AAB
const char* kTwo = "A.B\n...\nA.B\n";

}  // namespace

TEST(Checker, AcceptsAValidSolution) {
    Puzzle p = parse(kTwo);
    // A goes round through the middle column; (0,1) stays empty: fine without fill only.
    Solution s = paths(p, {"0,0 1,0 1,1 1,2 0,2", "2,0 2,1 2,2"});
    EXPECT_TRUE(check_solution(p, s, kNikoli).ok);
    EXPECT_TRUE(check_solution(p, s, kAdc).ok);
    EXPECT_EQ(check_solution(p, s, kFlow).rule, "fill");
    Puzzle q = parse("AB\nAB\n");
    Solution t = paths(q, {"0,0 0,1", "1,0 1,1"});
    for (Rules r : {kFlow, kNikoli, kAdc, kStrict}) EXPECT_TRUE(check_solution(q, t, r).ok);
}

TEST(Checker, ReversedPathsAreFine) {
    Puzzle p = parse("AB\nAB\n");
    EXPECT_TRUE(check_solution(p, paths(p, {"0,1 0,0", "1,0 1,1"}), kStrict).ok);
}

TEST(Checker, MissingPath) {
    Puzzle p = parse("AB\nAB\n");
    Solution s = paths(p, {"0,0 0,1"});
    s.paths.emplace_back();
    auto r = check_solution(p, s, kNikoli);
    EXPECT_EQ(r.rule, "missing");
    EXPECT_EQ(r.label, 1);
    EXPECT_NE(r.message.find("label B has no path"), std::string::npos) << r.message;
}

TEST(Checker, PathMustJoinItsTerminals) {
    Puzzle p = parse("A.A\n...\n");
    auto r = check_solution(p, paths(p, {"0,0 1,0"}), kNikoli);
    EXPECT_EQ(r.rule, "ends");
    EXPECT_NE(r.message.find("[0, 0] to [2, 0]"), std::string::npos) << r.message;
}

TEST(Checker, ConsecutiveCellsMustBeAdjacent) {
    Puzzle p = parse("A.A\n...\n");
    auto r = check_solution(p, paths(p, {"0,0 1,1 2,0"}), kNikoli);  // diagonal step
    EXPECT_EQ(r.rule, "adjacency");
    EXPECT_EQ(r.cell, p.cell(1, 1));
    EXPECT_NE(r.message.find("not adjacent"), std::string::npos);
}

TEST(Checker, NoBlockedCell) {
    Puzzle p = parse("A#A\n...\n");
    auto r = check_solution(p, paths(p, {"0,0 1,0 2,0"}), kNikoli);
    EXPECT_EQ(r.rule, "blocked");
    EXPECT_EQ(r.cell, p.cell(1, 0));
    EXPECT_TRUE(check_solution(p, paths(p, {"0,0 0,1 1,1 2,1 2,0"}), kFlow).ok);
}

TEST(Checker, NoCellUsedTwice) {
    Puzzle p = parse("A.B\n...\nA.B\n");
    auto r = check_solution(p, paths(p, {"0,0 1,0 1,1 0,1 0,2", "2,0 2,1 1,1 1,2 2,2"}), kNikoli);
    EXPECT_EQ(r.rule, "overlap");
    EXPECT_EQ(r.cell, p.cell(1, 1));
    EXPECT_NE(r.message.find("used by both A and B"), std::string::npos) << r.message;
    auto twice = check_solution(p, paths(p, {"0,0 0,1 1,1 0,1 0,2", "2,0 2,1 2,2"}), kNikoli);
    EXPECT_EQ(twice.rule, "overlap");
    EXPECT_NE(twice.message.find("visits [0, 1] twice"), std::string::npos) << twice.message;
}

TEST(Checker, NoTerminalInsideAnotherPath) {
    Puzzle p = parse("A.\nBA\n.B\n");
    // A runs (0,0)->(1,0)->(1,1)... fine; make A pass through B's endpoint (0,1).
    auto r = check_solution(p, paths(p, {"0,0 0,1 1,1", "0,1 0,2 1,2"}), kNikoli);
    EXPECT_EQ(r.rule, "terminal");
    EXPECT_EQ(r.cell, p.cell(0, 1));
    EXPECT_NE(r.message.find("an endpoint of B"), std::string::npos) << r.message;
}

TEST(Checker, FillRule) {
    Puzzle p = parse("A.A\n...\n");
    Solution s = paths(p, {"0,0 1,0 2,0"});
    EXPECT_TRUE(check_solution(p, s, kNikoli).ok);
    EXPECT_TRUE(check_solution(p, s, kAdc).ok);
    auto r = check_solution(p, s, kFlow);
    EXPECT_EQ(r.rule, "fill");
    EXPECT_EQ(r.cell, p.cell(0, 1));
    // Blocked cells need no path.
    Puzzle q = parse("A.A\n###\n");
    EXPECT_TRUE(check_solution(q, paths(q, {"0,0 1,0 2,0"}), kFlow).ok);
}

TEST(Checker, TouchRule) {
    // A U-turn: (0,0) and (0,1) are adjacent but not consecutive on A's path.
    Puzzle p = parse("A..\nA..\n");
    Solution u = paths(p, {"0,0 1,0 2,0 2,1 1,1 0,1"});
    EXPECT_TRUE(check_solution(p, u, kFlow).ok);
    EXPECT_TRUE(check_solution(p, u, kNikoli).ok);
    auto r = check_solution(p, u, kStrict);
    EXPECT_EQ(r.rule, "touch");
    EXPECT_NE(r.message.find("touches itself"), std::string::npos) << r.message;
    EXPECT_EQ(check_solution(p, u, kAdc).rule, "touch");
    // The direct path does not touch.
    EXPECT_TRUE(check_solution(p, paths(p, {"0,0 0,1"}), kAdc).ok);
}

TEST(Checker, TouchAcrossLayers) {
    Puzzle p = make_board(2, 1, 2);
    p.labels = {{"1", {p.cell(0, 0, 0), p.cell(0, 0, 1)}}};
    finalize(p);
    Solution around{{{p.cell(0, 0, 0), p.cell(1, 0, 0), p.cell(1, 0, 1), p.cell(0, 0, 1)}}};
    EXPECT_EQ(check_solution(p, around, kAdc).rule, "touch");  // (0,0,0) over (0,0,1)
    Solution direct{{{p.cell(0, 0, 0), p.cell(0, 0, 1)}}};
    EXPECT_TRUE(check_solution(p, direct, kAdc).ok);
}

TEST(Checker, CellsOutsideTheBoard) {
    Puzzle p = parse("AA\n");
    Solution s{{{0, 5}}};
    EXPECT_EQ(check_solution(p, s, kFlow).rule, "path");
}

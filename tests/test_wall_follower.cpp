// The wall-follower presolver: the four walks of the worked example in the README of Paul
// Matthews' JavaScript solver ("the original" below), the level packs of the corpus (at least
// every board the original solves), and the NotApplicable / Stuck / Budget outcomes.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/search/wall_follower.hpp"

using namespace nl;
using Status = WallResult::Status;

namespace {

const std::string kCorpus = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus";
const Rules kFlow{true, true};

// Board 1 of levelpack_1.txt, the original's worked example.
const std::string kBoard1 =
    "5,0,1,5;0,5,10,15,20,21;2,1,6,11,16;7,12,17,22;4,3,8,13,18;9,14,19,24,23\n";

Puzzle parse(const std::string& text, const std::string& name = "t.txt") {
    return read_puzzles(text_from_string(name, text), {}).at(0).puzzle;
}

// The board after drawing `cells` for `label` on the empty board.
std::vector<int> drawn(const Puzzle& p, int label, const std::vector<CellId>& cells) {
    std::vector<int> board(p.cell_count(), kNoLabel);
    for (CellId c : cells) board[c] = label;
    return board;
}

// Rows as the original prints them: endpoints and drawn cells by label name, '.' empty.
std::vector<std::string> rows(const Puzzle& p, const std::vector<int>& board) {
    std::vector<std::string> out(p.height, std::string(p.width, '.'));
    for (CellId c = 0; c < p.cell_count(); ++c) {
        const int l = p.is_terminal(c) ? p.terminal_label[c] : board[c];
        if (l != kNoLabel) out[p.coord(c).y][p.coord(c).x] = p.labels[l].name[0];
    }
    return out;
}

}  // namespace

// The original's "Method" section: the four walks of label '0' on its board 1, cell by cell, and
// the pictures it draws of them.
TEST(WallFollowerSeed, FourWalksOfBoard1) {
    const Puzzle p = parse(kBoard1);
    const std::vector<int> empty(p.cell_count(), kNoLabel);
    ASSERT_EQ(p.labels[0].ends, (std::array<CellId, 2>{0, 21}));

    // 1) 0a to 0b, left hand: up is the edge, turn right, step to 1; the '1' in cell 2: turn
    //    right, down to 6 and 11; the left hand finds 12 open: turn left, ... stuck in cell 3.
    const WallWalk w1 = wall_walk(p, empty, 0, 0, true);
    EXPECT_FALSE(w1.reached);
    EXPECT_EQ(w1.cells, (std::vector<CellId>{0, 1, 6, 11, 12, 13, 8, 3}));
    EXPECT_EQ(rows(p, drawn(p, 0, w1.cells)),
              (std::vector<std::string>{"00103", ".0204", ".000.", ".1.3.", ".024."}));
    // 2) 0a to 0b, right hand: reaches 0b in cell 21.
    const WallWalk w2 = wall_walk(p, empty, 0, 0, false);
    EXPECT_TRUE(w2.reached);
    EXPECT_EQ(w2.cells, (std::vector<CellId>{0, 5, 10, 15, 20, 21}));
    EXPECT_EQ(rows(p, drawn(p, 0, w2.cells)),
              (std::vector<std::string>{"0.1.3", "0.2.4", "0....", "01.3.", "0024."}));
    // 3) 0b to 0a, left hand: the same board as 2).
    const WallWalk w3 = wall_walk(p, empty, 0, 1, true);
    EXPECT_TRUE(w3.reached);
    EXPECT_EQ(w3.cells, (std::vector<CellId>{21, 20, 15, 10, 5, 0}));
    EXPECT_EQ(drawn(p, 0, w3.cells), drawn(p, 0, w2.cells));
    // 4) 0b to 0a, right hand: stuck in cell 17.
    const WallWalk w4 = wall_walk(p, empty, 0, 1, false);
    EXPECT_FALSE(w4.reached);
    EXPECT_EQ(w4.cells, (std::vector<CellId>{21, 20, 15, 10, 11, 12, 17}));
    EXPECT_EQ(rows(p, drawn(p, 0, w4.cells)),
              (std::vector<std::string>{"0.1.3", "..2.4", "000..", "0103.", "0024."}));

    // "1) blocks the '1' in cell 2 and the '2' in cell 7" (and, which the original does not
    // mention, the '3' in cell 4: its neighbours are cell 3 of the walk and the '4' in cell 9).
    EXPECT_EQ(trapped_endpoints(p, drawn(p, 0, w1.cells), 0), (std::vector<CellId>{2, 7, 4}));
    // "4 blocks the '1' in cell 16 and the '2' in cell 22".
    EXPECT_EQ(trapped_endpoints(p, drawn(p, 0, w4.cells), 0), (std::vector<CellId>{16, 22}));
    // "we only propagate number 2)": 2) and 3) are one board, which traps nothing.
    EXPECT_TRUE(trapped_endpoints(p, drawn(p, 0, w2.cells), 0).empty());
    std::set<std::vector<int>> children;
    for (const WallWalk* w : {&w1, &w2, &w3, &w4}) {
        const auto board = drawn(p, 0, w->cells);
        if (w->reached && trapped_endpoints(p, board, 0).empty()) children.insert(board);
    }
    EXPECT_EQ(children.size(), 1u);
    EXPECT_EQ(children.count(drawn(p, 0, w2.cells)), 1u);
}

// The whole search on board 1: solved, checked, and the original's printed solution.
TEST(WallFollowerSeed, SolvesBoard1) {
    const Puzzle p = parse(kBoard1);
    const WallResult r = wall_follow(p, kFlow);
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok);
    std::vector<int> board(p.cell_count(), kNoLabel);
    for (int l = 0; l < int(r.solution.paths.size()); ++l)
        for (CellId c : r.solution.paths[l]) board[c] = l;
    EXPECT_EQ(rows(p, board),
              (std::vector<std::string>{"01133", "01234", "01234", "01234", "00244"}));
    EXPECT_EQ(r.rounds, 5);  // one label connected per round
    EXPECT_EQ(r.max_board_list, 14u);  // "Maximimum board stack size during computation: 14"
}

// The other boards whose solution and statistic the original prints: the same grids, the same
// largest board list.
TEST(WallFollowerCorpus, SeedPrintedBoards) {
    if (!std::filesystem::is_directory(kCorpus))
        GTEST_SKIP() << "reference corpus not found at " << kCorpus;
    const auto entries = read_puzzles(kCorpus + "/flow/levelpacks/levelpack_1.txt", {});
    struct Printed {
        int index;
        std::size_t max_list;
        std::vector<std::string> grid;
    };
    const std::vector<Printed> printed{
        {2, 7, {"33333", "22223", "21123", "21023", "00022"}},
        {3, 11, {"33211", "32201", "32001", "32441", "22411"}},
        {147, 20, {"444444444", "222222224", "266666644", "265555643", "255445643",
                   "250045543", "200744543", "207714443", "001113333"}},
        {148, 32, {"333333333", "111111113", "133333313", "134444313", "144554313",
                   "100544313", "102556313", "102256313", "111256333"}},
        {149, 5, {"555555555", "444446665", "666666335", "622222355", "627772300",
                  "600000310", "603333310", "600111110", "660000000"}},
        {150, 13, {"777000051", "727055551", "727051111", "227551333", "217111343",
                   "217166343", "217116343", "217716648", "211118888"}}};
    for (const Printed& b : printed) {
        const Puzzle& p = entries.at(b.index - 1).puzzle;
        const WallResult r = wall_follow(p, kFlow);
        ASSERT_EQ(r.status, Status::Solved) << p.name;
        std::vector<int> board(p.cell_count(), kNoLabel);
        for (int l = 0; l < int(r.solution.paths.size()); ++l)
            for (CellId c : r.solution.paths[l]) board[c] = l;
        EXPECT_EQ(rows(p, board), b.grid) << p.name;
        EXPECT_EQ(r.max_board_list, b.max_list) << p.name;
    }
}

// levelpack_1: every board the original's JavaScript solves (it fails 14 of 150), every answer
// checked. Prints the counts per size for both packs and the time.
TEST(WallFollowerCorpus, LevelPacks) {
    if (!std::filesystem::is_directory(kCorpus))
        GTEST_SKIP() << "reference corpus not found at " << kCorpus;
    const std::map<int, std::set<int>> original_failures{
        {5, {}}, {6, {3}}, {7, {7}}, {8, {5, 7, 22, 29}},
        {9, {2, 3, 8, 15, 16, 17, 21, 22}}};
    for (const char* pack : {"levelpack_1.txt", "levelpack_2.txt"}) {
        const auto entries = read_puzzles(kCorpus + "/flow/levelpacks/" + pack, {});
        ASSERT_EQ(entries.size(), 150u) << pack;
        std::map<int, int> solved, seen;
        std::map<int, std::vector<int>> failed;
        long boards = 0;
        std::size_t max_list = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const PuzzleEntry& e : entries) {
            const Puzzle& p = e.puzzle;
            const int number = ++seen[p.width];  // 1-based within its size group
            const WallResult r = wall_follow(p, kFlow);
            boards += r.boards_examined;
            max_list = std::max(max_list, r.max_board_list);
            EXPECT_NE(r.status, Status::NotApplicable) << p.name;
            if (r.status == Status::Solved) {
                ++solved[p.width];
                EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok) << p.name;
            } else {
                failed[p.width].push_back(number);
            }
            if (std::string(pack) == "levelpack_1.txt" &&
                !original_failures.at(p.width).count(number)) {
                EXPECT_EQ(r.status, Status::Solved)
                    << p.name << " (" << p.width << "x" << p.width << " #" << number
                    << "): the original solves it; " << wall_status_name(r.status);
            }
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        int total = 0;
        for (auto [size, n] : seen) {
            total += solved[size];
            std::string list;
            for (int k : failed[size]) list += " #" + std::to_string(k);
            std::printf("[ wall     ] %s %dx%d: %d/%d solved; not solved:%s\n", pack, size, size,
                        solved[size], n, list.empty() ? " none" : list.c_str());
        }
        std::printf("[ wall     ] %s: %d/150 solved in %.3f s, %ld boards examined, "
                    "largest board list %zu\n", pack, total, seconds, boards, max_list);
    }
}

TEST(WallFollower, NotApplicableOnLayers) {
    Puzzle p = make_board(3, 3, 2);
    p.labels.push_back({"A", {p.cell(0, 0, 0), p.cell(2, 2, 1)}});
    finalize(p);
    const WallResult r = wall_follow(p, {false, false});
    EXPECT_EQ(r.status, Status::NotApplicable);
    EXPECT_TRUE(r.solution.paths.empty());
    EXPECT_THROW(wall_walk(p, std::vector<int>(p.cell_count(), kNoLabel), 0, 0, true),
                 std::invalid_argument);
}

// mzucker's unsolvable cross: the walks connect one colour, never both.
TEST(WallFollower, StuckOnUnsolvable) {
    const Puzzle p = parse("R...G\n.....\n.....\n.....\nG...R\n");
    for (Rules rules : {kFlow, Rules{false, true}}) {
        const WallResult r = wall_follow(p, rules);
        EXPECT_EQ(r.status, Status::Stuck);
        EXPECT_TRUE(r.solution.paths.empty());
        EXPECT_GE(r.rounds, 1);
    }
}

TEST(WallFollower, SolvesBoardsWithBlockedCells) {
    for (const std::string& text : {std::string(".A#\n.#B\nA#B\n"),
                                    std::string("A...\nB##.\n.##A\n...B\n")}) {
        const Puzzle p = parse(text);
        const WallResult r = wall_follow(p, kFlow);
        ASSERT_EQ(r.status, Status::Solved) << text;
        EXPECT_TRUE(check_solution(p, r.solution, kFlow).ok) << text;
        for (const auto& path : r.solution.paths)
            for (CellId c : path) EXPECT_FALSE(p.is_blocked(c));
    }
}

// Under every rule set, Solved means the checker agrees (no-touch: a path hugging itself is
// not an answer); a board that cannot be filled is not complete under fill rules.
TEST(WallFollower, AnswersPassTheCheckerUnderEveryRuleSet) {
    const Puzzle p = parse(kBoard1);
    for (Rules rules : {Rules{true, true}, Rules{false, true}, Rules{false, false},
                        Rules{true, false}}) {
        const WallResult r = wall_follow(p, rules);
        if (r.status == Status::Solved) {
            EXPECT_TRUE(check_solution(p, r.solution, rules).ok);
        } else {
            EXPECT_EQ(r.status, Status::Stuck);
        }
    }
    // 2x2 with one label: its only walk leaves cells empty.
    const Puzzle open = parse("A.\nA.\n");
    EXPECT_EQ(wall_follow(open, kFlow).status, Status::Stuck);
    EXPECT_EQ(wall_follow(open, Rules{false, true}).status, Status::Solved);
}

TEST(WallFollower, BudgetIsNotAnAnswer) {
    const Puzzle p = parse(kBoard1);
    for (long budget : {0L, 1L, 3L}) {
        WallOptions options;
        options.max_boards = budget;
        const WallResult r = wall_follow(p, kFlow, options);
        EXPECT_EQ(r.status, Status::Budget) << budget;
        EXPECT_TRUE(r.solution.paths.empty());
        EXPECT_LE(r.boards_examined, budget);
    }
}

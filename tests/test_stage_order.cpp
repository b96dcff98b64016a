// The order of `auto` (solver/pipeline/stage_table.cpp): exact, cheap reasoning before anything that may
// spend time without deciding. On thousands of random boards under every preset, a board the
// refutations decide is decided by them, with no heuristic having had a turn, and their verdict
// agrees with the exhaustive oracle; on every other board `auto`'s verdict agrees with the oracle
// too. Plus the table's shape, and the board that parity decides while the heuristics of sparse
// flow boards would spend seconds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "brute_force.hpp"
#include "core/formats.hpp"
#include "random_boards.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/pipeline/stage.hpp"

namespace {

using namespace nl;
using nl::testing_boards::Rng;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

TEST(StageOrder, RefutationsComeBeforeHeuristicsAndChecksLast) {
    const auto stages = auto_stages();
    ASSERT_FALSE(stages.empty());
    EXPECT_EQ(stages.front().kind, StageKind::Refutation);
    bool heuristic_seen = false, in_checks = false;
    for (const Stage& s : stages) {
        heuristic_seen = heuristic_seen || s.kind == StageKind::Heuristic;
        EXPECT_FALSE(heuristic_seen && s.kind == StageKind::Refutation) << s.name << " comes after a heuristic";
        in_checks = in_checks || s.kind == StageKind::Confirm;
        EXPECT_FALSE(in_checks && s.kind != StageKind::Confirm) << s.name << " comes after a check";
    }
}

// The order table of docs/engines.md and of `solve --help-all` is the table itself, in words.
TEST(StageOrder, DocsShowTheTableAsTheCodeHasIt) {
    std::ifstream in(std::filesystem::path(NUMBERLINK_SOURCE_DIR) / "docs/engines.md");
    ASSERT_TRUE(in);
    std::stringstream doc;
    doc << in.rdbuf();
    EXPECT_NE(doc.str().find(stage_table_text()), std::string::npos)
        << "docs/engines.md's table differs from the code's; the code's:\n"
        << stage_table_text();
    for (const Stage& s : auto_stages()) EXPECT_NE(stage_table_text().find(s.name), std::string::npos) << s.name;
}

// The stages that may run before the refutations have had their say: themselves, and the scan
// search, which is exact (its answers are checked; its exhausted search is a proof under strict
// rules, and otherwise ends nothing).
bool before_refutations(const std::string& engine) {
    return engine == "parity" || engine == "crossing" || engine == "cuts" || engine == "scan" || engine == "refute";
}

// One board under one preset; returns whether the refutations decided it.
bool check_board(const Puzzle& p, Rules rules, std::uint64_t seed) {
    const long truth = testing_oracle::count_solutions(p, rules, 1);
    const EngineResult r = solve_puzzle(p, rules, EngineOptions{});
    const std::string where = "seed " + std::to_string(seed) + " rules " + rules_name(rules);
    EXPECT_EQ(r.status, truth > 0 ? Verdict::Solved : Verdict::Unsolvable) << where << " engine " << r.engine;
    if (r.attempts.empty()) {
        ADD_FAILURE() << where << ": no attempt recorded";
        return false;
    }
    EXPECT_EQ(r.attempts.front().engine, "parity") << where;
    for (std::size_t i = 0; i < r.attempts.size(); ++i) {
        const Attempt& a = r.attempts[i];
        if (a.engine != "parity" && a.engine != "crossing" && a.engine != "cuts" && a.engine != "refute") continue;
        if (a.verdict != Verdict::Unsolvable) continue;
        EXPECT_EQ(truth, 0) << where << ": " << a.reason;
        EXPECT_EQ(r.engine, a.engine) << where;
        EXPECT_EQ(i + 1, r.attempts.size()) << where << ": a stage ran after the refutation decided";
        for (std::size_t k = 0; k < i; ++k)
            EXPECT_TRUE(before_refutations(r.attempts[k].engine))
                << where << ": " << r.attempts[k].engine << " ran first";
        return true;
    }
    return false;
}

TEST(StageOrder, BoardsTheRefutationsDecideGetNoOtherStage) {
    int decided = 0, boards = 0;
    for (std::uint64_t seed = 1; seed <= 600; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull + 7};
        testing_boards::BoardShape shape;
        shape.max_side = 4;
        shape.blocked_one_in = seed % 3 == 0 ? 0 : 6;  // open grids take parity's short cut
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        for (Rules rules : kPresets) {
            decided += check_board(p, rules, seed);
            ++boards;
        }
    }
    EXPECT_EQ(boards, 2400);
    // The refutations must decide a real share of the boards, or the order is not tested.
    EXPECT_GT(decided, 300) << decided;
    std::printf("the refutations decided %d of %d boards and presets\n", decided, boards);
}

// A 9x9 puzzle padded with empty cells to 30x30: the 21 added columns and rows change the
// parity, so no filled solution exists, and the route-and-fill engine, which takes sparse flow
// boards, would try for seconds before SAT's own parity check said so.
TEST(StageOrder, PaddedBoardIsRefutedBeforeAnyHeuristic) {
    std::ifstream in(std::filesystem::path(NUMBERLINK_SOURCE_DIR) / "puzzles/stream/nine.txt");
    ASSERT_TRUE(in) << "puzzles/stream/nine.txt";
    std::vector<std::string> rows;
    for (std::string line; std::getline(in, line);)
        if (line.size() == 9 && line.find(' ') == std::string::npos) rows.push_back(line);
    ASSERT_EQ(rows.size(), 9u);
    std::ostringstream text;
    text << "30 30\n";
    for (int y = 0; y < 30; ++y) text << (y < 9 ? rows[y] : std::string(9, '.')) << std::string(21, '.') << "\n";
    const std::vector<PuzzleEntry> entries = read_puzzles(text_from_string("padded", text.str()), ReadOptions{});
    ASSERT_EQ(entries.size(), 1u);
    for (Rules rules : {Rules{true, true}, Rules{true, false}}) {
        const EngineResult r = solve_puzzle(entries[0].puzzle, rules, EngineOptions{});
        EXPECT_EQ(r.status, Verdict::Unsolvable);
        EXPECT_EQ(r.engine, "parity");
        ASSERT_EQ(r.attempts.size(), 1u);
        EXPECT_NE(r.attempts[0].reason.find("parity"), std::string::npos) << r.attempts[0].reason;
    }
}

}  // namespace

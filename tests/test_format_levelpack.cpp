// Flow Free level packs: parsing, the embedded solution, every rejected line, the writer, and
// the 300 real lines of the corpus.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/format_readers.hpp"

using namespace nl;

namespace {

// The worked example of Paul Matthews' wall-follower README (with its spaces after ';').
const std::string kExampleLine =
    "5,0,1,4; 3,8,7,12,17,18,19; 4,9,14,13; 2,1,6,11,16; 0,5,10,15,20,21,22,23,24";

std::vector<PuzzleEntry> read(const std::string& text, Rules rules = {}) {
    return detail::read_levelpack(text_from_string("t.txt", text), rules);
}

// Reading `text` must fail at `line` with a message containing `part`.
void expect_error(const std::string& text, int line, const std::string& part) {
    try {
        read(text);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "t.txt");
        EXPECT_EQ(e.line, line) << e.message;
        EXPECT_NE(e.message.find(part), std::string::npos) << e.message;
    }
}

std::string written(const Puzzle& p, const Solution* s) {
    std::ostringstream out;
    detail::write_levelpack(out, p, s);
    return out.str();
}

std::string corpus_dir() { return std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus"; }

}  // namespace

TEST(LevelpackRead, ParsesTheSeedExample) {
    const Rules nikoli{false, true};
    auto entries = read(kExampleLine + "\n", nikoli);
    ASSERT_EQ(entries.size(), 1u);
    const PuzzleEntry& e = entries[0];
    const Puzzle& p = e.puzzle;
    EXPECT_EQ(p.name, "t.txt:1");
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(p.width, 5);
    EXPECT_EQ(p.height, 5);
    EXPECT_EQ(p.layers, 1);
    EXPECT_EQ(p.rules, nikoli);
    ASSERT_EQ(p.labels.size(), 4u);
    for (int l = 0; l < 4; ++l) EXPECT_EQ(p.labels[l].name, std::to_string(l));
    EXPECT_EQ(p.labels[0].ends, (std::array<CellId, 2>{3, 19}));
    EXPECT_EQ(p.labels[3].ends, (std::array<CellId, 2>{0, 24}));
    EXPECT_EQ(p.terminal_label[p.cell(4, 0)], 1);
    ASSERT_TRUE(e.solution);
    ASSERT_EQ(e.solution->paths.size(), 4u);
    EXPECT_EQ(e.solution->paths[1], (std::vector<CellId>{4, 9, 14, 13}));
    EXPECT_EQ(e.solution->paths[3].size(), 9u);
}

TEST(LevelpackRead, NamesEntriesByOrdinalAndKeepsLineNumbers) {
    auto entries = read("\n2,0,1,2;0,1;2,3\n\n  2,0,2,2;0,2;1,3  \n");
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].puzzle.name, "t.txt:1");
    EXPECT_EQ(entries[0].line, 2);
    EXPECT_EQ(entries[1].puzzle.name, "t.txt:2");
    EXPECT_EQ(entries[1].line, 4);
    EXPECT_EQ(entries[1].puzzle.labels[0].ends, (std::array<CellId, 2>{0, 2}));
}

TEST(LevelpackRead, AcceptsRectangularSizeWidthColonHeight) {
    auto entries = read("3:2,0,7,2;0,1,2;5,4,3\n");
    const Puzzle& p = entries.at(0).puzzle;
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(p.labels[1].ends, (std::array<CellId, 2>{p.cell(2, 1), p.cell(0, 1)}));
}

TEST(LevelpackRead, AutoDetectionChoosesLevelpack) {
    TextFile file = text_from_string("t.txt", kExampleLine + "\n");
    EXPECT_EQ(detect_format(file), Format::Levelpack);
    EXPECT_EQ(read_puzzles(file, {}).size(), 1u);
    auto solutions = read_solutions(file, std::nullopt);
    ASSERT_EQ(solutions.size(), 1u);
    EXPECT_EQ(solutions[0].paths[2].first, "2");
}

TEST(LevelpackErrors, HeaderFields) {
    expect_error("2,0,1,2;0,1;2,3\n5,3,1,1;0,1\n", 2, "type 3 is not supported");
    expect_error("2,0,1,3;0,1;2,3\n", 1, "header says 3 paths, but the line has 2");
    expect_error("2,2,0,1,2;0,1;2,3\n", 1, "has 5 fields, expected 4");
    expect_error("2,0,1;0,1;2,3\n", 1, "has 3 fields, expected 4");
    expect_error("2,0,1,2\n", 1, "no ';'");
    expect_error("x,0,1,2;0,1;2,3\n", 1, "board width 'x' is not a number");
    expect_error("2:2:2,0,1,2;0,1;2,3\n", 1, "neither N nor W:H");
    expect_error("0,0,1,2;0,1;2,3\n", 1, "at least 1");
    expect_error("-2,0,1,2;0,1;2,3\n", 1, "not a number");
    expect_error("9999999,0,1,2;0,1;2,3\n", 1, "out of range");
}

TEST(LevelpackErrors, WrongSizeFieldIsNamed) {
    std::string line = kExampleLine;
    line.replace(0, 1, "189");
    expect_error("\n" + line + "\n", 2,
                 "levelpack line lists 25 cells, but a 189x189 board has 35721: "
                 "is the size field right?");
    expect_error("3,0,1,2;0,1;2,3\n", 1, "lists 4 cells, but a 3x3 board has 9");
    expect_error("3:2,0,1,2;0,1;2,3\n", 1, "a 3x2 board has 6");
}

TEST(LevelpackErrors, Paths) {
    expect_error("2,0,1,2;0,1,2;3\n", 1, "path 2 has only one cell");
    expect_error("2,0,1,2;;0,1,2,3\n", 1, "path 1 is empty");
    expect_error("2,0,1,2;0,a;2,3\n", 1, "cell number 'a' is not a number");
    expect_error("2,0,1,2;0,1;2,4\n", 1, "cell number 4 is out of range (at most 3)");
    expect_error("2,0,1,2;0,1;1,3\n", 1, "cell 1 appears twice (paths 1 and 2)");
    expect_error("2,0,1,2;0,0;2,3\n", 1, "cell 0 appears twice (in path 1)");
    // An empty cell field is a number missing, not a field to skip: "0,1," lists three cells.
    expect_error("3:1,0,1,2;0,1,;2\n", 1, "path 2 has only one cell");
    expect_error("2,0,1,2;0,1,;2,3\n", 1, "lists 5 cells, but a 2x2 board has 4");
    expect_error("3:1,0,1,1;0,1,\n", 1, "cell number '' is not a number");
    expect_error("2,0,1,2;0,1;2,3;;\n", 1, "header says 2 paths, but the line has 3");
}

TEST(LevelpackRead, AcceptsOneTrailingSemicolonAndSpaces) {
    const auto entries = read("2,0,1,2; 0 , 1 ;2,3 ; \n");
    ASSERT_EQ(entries.size(), 1u);
    ASSERT_TRUE(entries[0].solution);
    EXPECT_EQ(entries[0].solution->paths, (std::vector<std::vector<CellId>>{{0, 1}, {2, 3}}));
}

TEST(LevelpackWrite, RoundTripsPuzzleAndSolution) {
    const std::string text = "2,0,1,2;0,1;2,3\n3:2,0,2,2;0,1,2;5,4,3\n";
    for (const PuzzleEntry& e : read(text)) {
        const std::string out = written(e.puzzle, &*e.solution);
        auto again = read(out);
        ASSERT_EQ(again.size(), 1u) << out;
        const Puzzle& q = again[0].puzzle;
        EXPECT_EQ(q.width, e.puzzle.width);
        EXPECT_EQ(q.height, e.puzzle.height);
        ASSERT_EQ(q.labels.size(), e.puzzle.labels.size());
        for (std::size_t l = 0; l < q.labels.size(); ++l) {
            EXPECT_EQ(q.labels[l].name, e.puzzle.labels[l].name);
            EXPECT_EQ(q.labels[l].ends, e.puzzle.labels[l].ends);
        }
        EXPECT_EQ(again[0].solution->paths, e.solution->paths);
    }
    EXPECT_EQ(written(read(text)[1].puzzle, &*read(text)[1].solution), "3:2,0,2,2;0,1,2;5,4,3\n");
}

TEST(LevelpackWrite, LevelComesFromTheNameIndex) {
    auto e = read(kExampleLine).at(0);
    e.puzzle.name = "pack.txt:17";
    EXPECT_TRUE(written(e.puzzle, &*e.solution).starts_with("5,0,17,4;3,8,7,12,17,18,19;"));
    e.puzzle.name = "board";
    EXPECT_TRUE(written(e.puzzle, &*e.solution).starts_with("5,0,1,4;"));
}

TEST(LevelpackWrite, RejectsWhatALineCannotHold) {
    auto e = read("2,0,1,2;0,1;2,3\n").at(0);
    EXPECT_THROW(written(e.puzzle, nullptr), ModelError);
    Solution partial = *e.solution;
    partial.paths[1].clear();
    EXPECT_THROW(written(e.puzzle, &partial), ModelError);
    Solution reversed = *e.solution;
    std::swap(reversed.paths[0], reversed.paths[1]);
    EXPECT_THROW(written(e.puzzle, &reversed), ModelError);

    Puzzle gaps = make_board(3, 1);
    gaps.labels = {{"A", {0, 1}}};
    finalize(gaps);
    Solution short_path{{{0, 1}}};
    EXPECT_THROW(written(gaps, &short_path), ModelError);  // cell 2 left empty

    Puzzle blocked = make_board(3, 1);
    blocked.blocked[2] = 1;
    blocked.labels = {{"A", {0, 1}}};
    finalize(blocked);
    EXPECT_THROW(written(blocked, &short_path), ModelError);

    Puzzle layered = make_board(1, 1, 2);
    layered.labels = {{"A", {0, 1}}};
    finalize(layered);
    Solution vertical{{{0, 1}}};
    EXPECT_THROW(written(layered, &vertical), ModelError);
}

TEST(LevelpackCorpus, AllThreeHundredLinesParse) {
    const std::string dir = corpus_dir() + "/flow/levelpacks";
    if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no corpus at " << dir;
    int total = 0;
    for (const char* name : {"levelpack_1.txt", "levelpack_2.txt"}) {
        const std::string path = dir + "/" + name;
        EXPECT_EQ(detect_format(load_text(path)), Format::Levelpack) << path;
        auto entries = read_puzzles(path, {});
        EXPECT_EQ(entries.size(), 150u) << path;
        for (const PuzzleEntry& e : entries) {
            const Puzzle& p = e.puzzle;
            EXPECT_EQ(p.width, p.height) << p.name;
            EXPECT_GE(p.width, 5) << p.name;
            EXPECT_LE(p.width, 14) << p.name;
            ASSERT_TRUE(e.solution) << p.name;
            EXPECT_EQ(e.solution->paths.size(), p.labels.size()) << p.name;
            EXPECT_EQ(p.rules, (Rules{true, true})) << p.name;
        }
        total += static_cast<int>(entries.size());
    }
    EXPECT_EQ(total, 300);
}

// ADC problems and answers: parsing, errors with their lines, writing and round trips, and the
// real contest files from the shared corpus when it is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "core/format_readers.hpp"

using namespace nl;
using namespace nl::detail;

namespace {

Puzzle read_one(const std::string& text, Rules rules = {false, false}) {
    auto entries = read_adc(text_from_string("t.txt", text), rules);
    EXPECT_EQ(entries.size(), 1u);
    return entries.at(0).puzzle;
}

std::vector<SolutionText> answers(const std::string& text) {
    return read_adc_answers(text_from_string("t.txt", text));
}

std::string write(const Puzzle& p, const Solution* s = nullptr) {
    std::ostringstream out;
    write_adc(out, p, s);
    return out.str();
}

void expect_same_puzzle(const Puzzle& a, const Puzzle& b) {
    EXPECT_EQ(a.width, b.width);
    EXPECT_EQ(a.height, b.height);
    EXPECT_EQ(a.layers, b.layers);
    ASSERT_EQ(a.labels.size(), b.labels.size());
    for (std::size_t i = 0; i < a.labels.size(); ++i) {
        EXPECT_EQ(a.labels[i].name, b.labels[i].name);
        EXPECT_EQ(a.labels[i].ends, b.labels[i].ends);
    }
    ASSERT_EQ(a.vias.size(), b.vias.size());
    for (std::size_t i = 0; i < a.vias.size(); ++i) {
        EXPECT_EQ(a.vias[i].name, b.vias[i].name);
        EXPECT_EQ(a.vias[i].cells, b.vias[i].cells);
    }
}

// The solution an answer grid shows. Paths come out in cell order, not walking order: enough
// for write_adc, which only renders which label covers each cell.
Solution solution_from(const Puzzle& p, const SolutionText& s) {
    Solution solution;
    solution.paths.resize(p.labels.size());
    for (CellId c = 0; c < static_cast<CellId>(s.grid.size()); ++c)
        if (!s.grid[c].empty()) solution.paths.at(p.label_index(s.grid[c])).push_back(c);
    return solution;
}

// Runs `read` and checks that it throws InputError at `line` with `what` in the message.
template <typename F>
void expect_error(F read, int line, const std::string& what) {
    try {
        read();
        ADD_FAILURE() << "no error, expected line " << line << ": " << what;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "t.txt");
        EXPECT_EQ(e.line, line) << e.what();
        EXPECT_NE(e.message.find(what), std::string::npos) << e.what();
    }
}

void expect_problem_error(const std::string& text, int line, const std::string& what) {
    SCOPED_TRACE(text);
    expect_error([&] { read_one(text); }, line, what);
}

void expect_answer_error(const std::string& text, int line, const std::string& what) {
    SCOPED_TRACE(text);
    expect_error([&] { answers(text); }, line, what);
}

}  // namespace

TEST(AdcReader, Parses2dProblem) {
    auto entries = read_adc(text_from_string("t.txt", "\nSIZE 4X3\nLINE_NUM 2\n"
                                                      "LINE#1 (0,0)-(3,2)\nLINE#2 (1,1)-(2,0)\n"),
                            {false, true});
    ASSERT_EQ(entries.size(), 1u);
    const Puzzle& p = entries[0].puzzle;
    EXPECT_EQ(entries[0].line, 2);
    EXPECT_FALSE(entries[0].solution);
    EXPECT_EQ(p.name, "t.txt:1");
    EXPECT_EQ(p.rules, (Rules{false, true}));
    EXPECT_EQ(p.width, 4);
    EXPECT_EQ(p.height, 3);
    EXPECT_EQ(p.layers, 1);
    ASSERT_EQ(p.labels.size(), 2u);
    EXPECT_EQ(p.labels[0].name, "1");
    EXPECT_EQ(p.labels[0].ends[0], p.cell(0, 0));
    EXPECT_EQ(p.labels[0].ends[1], p.cell(3, 2));  // x is the column, y the row
    EXPECT_EQ(p.labels[1].ends[0], p.cell(1, 1));
    EXPECT_EQ(p.terminal_label[p.cell(2, 0)], 1);
    EXPECT_TRUE(p.vias.empty());
    EXPECT_EQ(p.neighbours(p.cell(1, 1)).size(), 4u);
}

TEST(AdcReader, Parses3dProblemWithVias) {
    // Via cells listed out of order: the reader sorts them by z.
    Puzzle p = read_one("SIZE 3X2X3\nLINE_NUM 2\nLINE#1 (0,0,1) (2,1,3)\nLINE#2 (1,0,2)-(1,1,2)\n"
                        "VIA#a (2,0,2) (2,0,1) (2,0,3)\nVIA#bb (0,1,2) (0,1,3)\n");
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(p.layers, 3);
    EXPECT_EQ(p.labels[0].ends[0], p.cell(0, 0, 0));  // z converted to 0-based
    EXPECT_EQ(p.labels[0].ends[1], p.cell(2, 1, 2));
    EXPECT_EQ(p.labels[1].ends[0], p.cell(1, 0, 1));
    ASSERT_EQ(p.vias.size(), 2u);
    EXPECT_EQ(p.vias[0].name, "a");
    EXPECT_EQ(p.vias[0].cells,
              (std::vector<CellId>{p.cell(2, 0, 0), p.cell(2, 0, 1), p.cell(2, 0, 2)}));
    EXPECT_EQ(p.vias[1].name, "bb");
    // Layer changes only at vias.
    EXPECT_TRUE(p.adjacent(p.cell(2, 0, 0), p.cell(2, 0, 1)));
    EXPECT_TRUE(p.adjacent(p.cell(2, 0, 2), p.cell(2, 0, 1)));
    EXPECT_TRUE(p.adjacent(p.cell(0, 1, 1), p.cell(0, 1, 2)));
    EXPECT_FALSE(p.adjacent(p.cell(0, 1, 0), p.cell(0, 1, 1)));
    EXPECT_FALSE(p.adjacent(p.cell(0, 0, 0), p.cell(0, 0, 1)));
    EXPECT_EQ(p.neighbours(p.cell(1, 0, 1)).size(), 3u);
}

TEST(AdcReader, ThreeDWithoutViasConnectsAllLayers) {
    Puzzle p = read_one("SIZE 2X2X2\nLINE_NUM 1\nLINE#1 (0,0,1) (1,1,2)\n");
    EXPECT_TRUE(p.adjacent(p.cell(1, 0, 0), p.cell(1, 0, 1)));
    EXPECT_EQ(p.neighbours(p.cell(0, 0, 1)).size(), 3u);
}

TEST(AdcReader, IsLenientAboutLayout) {
    // Trailing blanks, blank lines, lower-case x, spaces in parentheses, either separator,
    // zero-padded line numbers.
    Puzzle p = read_one("SIZE 5x4  \n\nLINE_NUM  2 \nLINE#007 ( 1 , 2 ) - (4,3)  \n\n"
                        "LINE#10 (0,0) (4,0)\n\n");
    ASSERT_EQ(p.labels.size(), 2u);
    EXPECT_EQ(p.labels[0].name, "7");
    EXPECT_EQ(p.labels[0].ends[0], p.cell(1, 2));
    EXPECT_EQ(p.labels[0].ends[1], p.cell(4, 3));
    EXPECT_EQ(p.labels[1].name, "10");
    Puzzle q = read_one("SIZE 3X3X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(2,2,2)\nVIA#x (1,1,1) (1,1,2) \n");
    EXPECT_EQ(q.labels[0].ends[1], q.cell(2, 2, 1));
}

TEST(AdcReader, ViaMayHoldALineEnd) {
    // Not in the corpus; the model handles it (the line leaves its end through the via).
    Puzzle p = read_one("SIZE 2X2X2\nLINE_NUM 1\nLINE#1 (0,0,1) (1,1,2)\nVIA#a (0,0,1) (0,0,2)\n");
    EXPECT_TRUE(p.adjacent(p.cell(0, 0, 0), p.cell(0, 0, 1)));
    EXPECT_EQ(p.terminal_label[p.cell(0, 0, 0)], 0);
}

TEST(AdcReader, RejectsMalformedProblems) {
    const std::string ok2 = "SIZE 4X4\nLINE_NUM 1\n";
    const std::string ok3 = "SIZE 4X4X2\nLINE_NUM 1\n";
    expect_problem_error("LINE_NUM 1\nSIZE 4X4\n", 1, "expected 'SIZE");
    expect_problem_error(ok2 + "SIZE 4X4\nLINE#1 (0,0)-(1,1)\n", 3, "second SIZE");
    expect_problem_error("SIZE 4Y4\nLINE_NUM 0\n", 1, "not WxH");
    expect_problem_error("SIZE 4X4X2X2\nLINE_NUM 0\n", 1, "not WxH");
    expect_problem_error("SIZE aX4\nLINE_NUM 0\n", 1, "width 'a' is not a number");
    expect_problem_error("SIZE 0X4\nLINE_NUM 0\n", 1, "empty");
    expect_problem_error("SIZE 2000000X2\nLINE_NUM 0\n", 1, "exceeds the limit");
    expect_problem_error("SIZE 4X4X100\nLINE_NUM 0\n", 1, "layers exceed the limit");
    expect_problem_error("SIZE 4X4\n\nLINE#1 (0,0)-(1,1)\n", 1, "no LINE_NUM");
    expect_problem_error("SIZE 4X4\nLINE_NUM 1\nLINE_NUM 1\n", 3, "second LINE_NUM");
    expect_problem_error("SIZE 4X4\nLINE_NUM 3\nLINE#1 (0,0)-(1,1)\n", 2,
                         "LINE_NUM says 3 but the file has 1");
    expect_problem_error("SIZE 4X4\nLINE_NUM 2\nLINE#1 (0,0)-(1,1)\nLINE#01 (2,2)-(3,3)\n", 4,
                         "LINE#1 is defined twice (first on line 3)");
    expect_problem_error(ok2 + "LINE#0 (0,0)-(1,1)\n", 3, "line number 0");
    expect_problem_error(ok2 + "LINE#x (0,0)-(1,1)\n", 3, "line number 'x' is not a number");
    expect_problem_error(ok2 + "LINE#2 (0,0)-(4,1)\n", 3,
                         "LINE#2: coordinate (4,1) is outside the 4x4 board");
    expect_problem_error(ok2 + "LINE#2 (0,-1)-(3,1)\n", 3, "negative");
    expect_problem_error(ok2 + "LINE#2 (0,0)\n", 3, "needs two coordinates, found 1");
    expect_problem_error(ok2 + "LINE#2 0,0-(1,1)\n", 3, "expected a coordinate");
    expect_problem_error(ok2 + "LINE#2 (0,0)-(1,1\n", 3, "expected a coordinate");
    expect_problem_error(ok2 + "LINE#2 (0,0)-\n", 3, "'-' without a second");
    expect_problem_error(ok2 + "LINE#2 (0,0,1)-(1,1,1)\n", 3, "a 2-D board (SIZE WxH) needs (x,y)");
    expect_problem_error(ok3 + "LINE#2 (0,0) (1,1)\n", 3, "a 3-D board (SIZE WxHxD) needs (x,y,z)");
    expect_problem_error(ok3 + "LINE#2 (0,0,0) (1,1,1)\n", 3,
                         "coordinate (0,0,0) is outside the 4x4x2 board");
    expect_problem_error(ok3 + "LINE#2 (0,0,1) (1,1,3)\n", 3, "(1,1,3) is outside");
    expect_problem_error(ok2 + "LINE#1 (0,0)-(0,0)\n", 3, "same cell");
    expect_problem_error("SIZE 4X4\nLINE_NUM 2\nLINE#1 (0,0)-(1,1)\nLINE#2 (2,2)-(1,1)\n", 4,
                         "LINE#2: cell (1,1) is already an end of LINE#1");
    expect_problem_error(ok2 + "LINE#1 (0,0)-(1,1)\nFOO 3\n", 4, "unknown keyword 'FOO'");
    expect_problem_error("SIZE 3X2\n01,01,00\n02,02,02\n", 2, "ADC answer");
    expect_problem_error(ok2 + "LINE#1 (0,0)-(1,1)\nVIA#a (2,2) (3,3)\n", 4, "2-D file");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA#a (2,2,1)\n", 4, "at least two");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA# (2,2,1) (2,2,2)\n", 4,
                         "without a name");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA#a (2,2,1) (2,3,2)\n", 4, "stacked");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA#a (2,2,1) (2,2,1)\n", 4, "stacked");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA#a (2,2,1) (2,2,2)\nVIA#a (3,3,1) "
                               "(3,3,2)\n", 5, "VIA#a is defined twice");
    expect_problem_error(ok3 + "LINE#1 (0,0,1)-(1,1,1)\nVIA#a (2,2,1) (2,2,2)\nVIA#b (2,2,2) "
                               "(2,2,1)\n", 5, "VIA#b shares a cell with VIA#a");
}

TEST(AdcAnswers, ParsesPaddedNumbersAndEmptyMarks) {
    auto a = answers("SIZE 3X2\n01,+,0\n 12 , 00,7 \n");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].name, "t.txt:1");
    EXPECT_EQ(a[0].line, 1);
    EXPECT_EQ(a[0].width, 3);
    EXPECT_EQ(a[0].height, 2);
    EXPECT_EQ(a[0].layers, 1);
    EXPECT_EQ(a[0].grid, (std::vector<std::string>{"1", "", "", "12", "", "7"}));
}

TEST(AdcAnswers, ParsesSeveralAlternatives) {
    // The second repeats SIZE, the third does not.
    auto a = answers("SIZE 2X2\n1,1\n2,2\n\nSIZE 2X2\n1,2\n1,2\n\n\n2,1\n2,1\n\n");
    ASSERT_EQ(a.size(), 3u);
    EXPECT_EQ(a[1].name, "t.txt:2");
    EXPECT_EQ(a[1].line, 5);
    EXPECT_EQ(a[2].name, "t.txt:3");
    EXPECT_EQ(a[2].line, 10);
    EXPECT_EQ(a[0].grid, (std::vector<std::string>{"1", "1", "2", "2"}));
    EXPECT_EQ(a[1].grid, (std::vector<std::string>{"1", "2", "1", "2"}));
    EXPECT_EQ(a[2].grid, (std::vector<std::string>{"2", "1", "2", "1"}));
}

TEST(AdcAnswers, ParsesLayerBlocks) {
    // The second alternative has a blank line between its layers.
    auto a = answers("SIZE 2X1X2\nLAYER 1\n01,02\nLAYER 2\n01,00\n\n"
                     "LAYER 1\n3,3\n\nLAYER 2\n+,4\n");
    ASSERT_EQ(a.size(), 2u);
    EXPECT_EQ(a[0].layers, 2);
    EXPECT_EQ(a[0].grid, (std::vector<std::string>{"1", "2", "1", ""}));  // cell-id order
    EXPECT_EQ(a[1].line, 7);
    EXPECT_EQ(a[1].grid, (std::vector<std::string>{"3", "3", "", "4"}));
    // LAYER headers are optional.
    auto b = answers("SIZE 2X1X2\n1,2\n1,0\n");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].grid, a[0].grid);
}

TEST(AdcAnswers, RejectsMalformedAnswers) {
    expect_answer_error("SIZE 3X2\n1,2,3\n1,2\n", 3, "row has 2 entries, expected 3");
    expect_answer_error("SIZE 3X2\n1,2,3\n1,x,3\n", 3, "entry 2 'x' is not a line number");
    expect_answer_error("SIZE 3X2\n1,2,3\n1,,3\n", 3, "entry 2 '' is not a line number");
    expect_answer_error("SIZE 3X2\n1,2,3\n1,-2,3\n", 3, "is not a line number");
    expect_answer_error("SIZE 2X2\n1,2\n1,2\n1,2\n", 4, "too many rows");
    expect_answer_error("SIZE 2X2\n1,2\n", 2, "too few rows: answer 1 (from line 1) has 1 of 2");
    expect_answer_error("SIZE 2X2\n1,2\n1,2\n\n1,2\n", 5, "answer 2 (from line 5) has 1 of 2");
    expect_answer_error("SIZE 2X2\n1,2\nSIZE 2X2\n1,2\n1,2\n", 3, "too few rows");
    expect_answer_error("SIZE 2X2\n1,2\n\n1,2\n", 3, "layer 1 has 1 rows, expected 2");
    expect_answer_error("SIZE 2X1X2\nLAYER 2\n1,2\n", 2, "LAYER 2 out of order: expected LAYER 1");
    expect_answer_error("SIZE 2X1X2\nLAYER 1\n1,2\nLAYER 1\n1,2\n", 4, "expected LAYER 2");
    expect_answer_error("SIZE 2X2X2\nLAYER 1\n1,2\nLAYER 2\n", 4, "layer 1 has 1 rows");
    expect_answer_error("SIZE 2X2\nLAYER 2\n", 2, "out of order");
    expect_answer_error("1,2\n1,2\n", 1, "expected 'SIZE");
    expect_answer_error("SIZE 2Z2\n", 1, "not WxH");
    expect_answer_error("SIZE 2X2\nLINE_NUM 1\nLINE#1 (0,0)-(1,1)\n", 2, "ADC problem");
}

TEST(AdcWriter, ProblemRoundTrips) {
    for (const std::string text :
         {"SIZE 5X4\nLINE_NUM 2\nLINE#3 (0,0)-(4,3)\nLINE#12 (1,2)-(2,1)\n",
          "SIZE 3X2X3\nLINE_NUM 2\nLINE#1 (0,0,1) (2,1,3)\nLINE#2 (1,0,2)-(1,1,2)\n"
          "VIA#a (2,0,2) (2,0,1) (2,0,3)\nVIA#bb (0,1,2) (0,1,3)\n",
          "SIZE 3X3X2\nLINE_NUM 1\nLINE#1 (0,0,1) (2,2,2)\n"}) {
        SCOPED_TRACE(text);
        Puzzle p = read_one(text);
        std::string written = write(p);
        expect_same_puzzle(read_one(written), p);
    }
    Puzzle p = read_one("SIZE 5X4\nLINE_NUM 1\nLINE#03 (0,0)-(4,3)\n");
    EXPECT_EQ(write(p), "SIZE 5X4\nLINE_NUM 1\nLINE#3 (0,0)-(4,3)\n");
}

TEST(AdcWriter, NumbersLinesByIndexWhenNamesAreNotNumbers) {
    Puzzle p = make_board(3, 1);
    p.labels = {{"B", {0, 2}}};
    finalize(p);
    EXPECT_EQ(write(p), "SIZE 3X1\nLINE_NUM 1\nLINE#1 (0,0)-(2,0)\n");
    Solution s{{{0, 1, 2}}};
    EXPECT_EQ(write(p, &s), "SIZE 3X1\n01,01,01\n");
}

TEST(AdcWriter, AnswerRoundTrips) {
    Puzzle p = read_one("SIZE 3X2\nLINE_NUM 2\nLINE#4 (0,0)-(2,0)\nLINE#123 (0,1)-(1,1)\n");
    Solution s{{{p.cell(0, 0), p.cell(1, 0), p.cell(2, 0)}, {p.cell(0, 1), p.cell(1, 1)}}};
    const std::string text = write(p, &s);
    EXPECT_EQ(text, "SIZE 3X2\n04,04,04\n123,123,00\n");
    auto a = answers(text);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].grid, (std::vector<std::string>{"4", "4", "4", "123", "123", ""}));
}

TEST(AdcWriter, AnswerReadWriteReadKeepsTheGrid) {
    Puzzle p = read_one("SIZE 3X2X2\nLINE_NUM 2\nLINE#1 (0,0,1) (2,0,2)\nLINE#2 (0,1,1) (0,1,2)\n");
    const std::string text = "SIZE 3X2X2\nLAYER 1\n1,1,1\n2,0,+\nLAYER 2\n00,00,01\n02,00,00\n";
    auto a = answers(text);
    ASSERT_EQ(a.size(), 1u);
    Solution s = solution_from(p, a[0]);
    auto b = answers(write(p, &s));
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].layers, 2);
    EXPECT_EQ(b[0].grid, a[0].grid);
}

TEST(AdcWriter, LayeredAnswerRoundTrips) {
    Puzzle p = read_one("SIZE 2X1X2\nLINE_NUM 1\nLINE#1 (0,0,1) (1,0,2)\n");
    Solution s{{{p.cell(0, 0, 0), p.cell(1, 0, 0), p.cell(1, 0, 1)}}};
    const std::string text = write(p, &s);
    EXPECT_EQ(text, "SIZE 2X1X2\nLAYER 1\n01,01\nLAYER 2\n00,01\n");
    auto a = answers(text);
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].layers, 2);
    EXPECT_EQ(a[0].grid, (std::vector<std::string>{"1", "1", "", "1"}));
}

TEST(AdcWriter, RejectsBlockedCells) {
    Puzzle p = make_board(3, 1);
    p.blocked[1] = 1;
    p.labels = {{"1", {0, 2}}};
    finalize(p);
    EXPECT_THROW(write(p), ModelError);
    try {
        write(p);
    } catch (const ModelError& e) {
        EXPECT_STREQ(e.what(), "the adc format cannot express blocked cells");
    }
}

namespace {

const std::filesystem::path kCorpus =
    std::filesystem::path(std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus") / "adc";

bool is_answer_file(const std::filesystem::path& path) {
    return path.filename() == "NL_R04.txt" || path.parent_path().filename() == "A";
}

std::vector<std::filesystem::path> corpus_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(kCorpus))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// Reading an answer file as a puzzle says what it is.
void expect_error_in(const std::filesystem::path& path, const std::string& what) {
    try {
        read_puzzles(path.string(), {});
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_NE(e.message.find(what), std::string::npos) << e.what();
    }
}

}  // namespace

TEST(AdcCorpus, EveryFileParses) {
    if (!std::filesystem::is_directory(kCorpus)) GTEST_SKIP() << "no corpus at " << kCorpus;
    int problems = 0, answer_files = 0;
    for (const auto& path : corpus_files()) {
        SCOPED_TRACE(path.string());
        if (is_answer_file(path)) {
            EXPECT_FALSE(read_solutions(path.string(), std::nullopt).empty());
            expect_error_in(path, "ADC answer");
            ++answer_files;
            continue;
        }
        auto entries = read_puzzles(path.string(), {});
        ASSERT_EQ(entries.size(), 1u);
        EXPECT_EQ(entries[0].puzzle.rules, (Rules{false, false}));  // detected as adc
        // Writing the problem and reading it back gives the same puzzle.
        auto back = read_adc(text_from_string("t.txt", write(entries[0].puzzle)), {});
        expect_same_puzzle(back.at(0).puzzle, entries[0].puzzle);
        ++problems;
    }
    EXPECT_EQ(answer_files, 12);
    EXPECT_GE(problems, 140);
}

TEST(AdcCorpus, KnownFacts) {
    if (!std::filesystem::is_directory(kCorpus)) GTEST_SKIP() << "no corpus at " << kCorpus;
    const Puzzle big = read_puzzles((kCorpus / "adc2017/Q08.txt").string(), {}).at(0).puzzle;
    EXPECT_EQ(big.width, 70);
    EXPECT_EQ(big.height, 70);
    EXPECT_EQ(big.layers, 8);
    EXPECT_EQ(big.labels.size(), 999u);
    auto t14 = read_solutions((kCorpus / "adc2014/A/T99_A14.txt").string(), std::nullopt);
    ASSERT_EQ(t14.size(), 3u);
    EXPECT_EQ(read_solutions((kCorpus / "adc2013/NL_R04.txt").string(), std::nullopt).size(), 3u);
    // Every answer of T99_A14 shows each line's number on both of its ends in NL_Q14, and
    // survives writing and reading back.
    const Puzzle q14 = read_puzzles((kCorpus / "adc2014/Q/NL_Q14.txt").string(), {}).at(0).puzzle;
    for (const SolutionText& s : t14) {
        ASSERT_EQ(s.width, q14.width);
        ASSERT_EQ(s.height, q14.height);
        for (const Label& l : q14.labels)
            for (CellId c : l.ends) EXPECT_EQ(s.grid[c], l.name) << s.name;
        Solution solution = solution_from(q14, s);
        EXPECT_EQ(answers(write(q14, &solution)).at(0).grid, s.grid) << s.name;
    }
}

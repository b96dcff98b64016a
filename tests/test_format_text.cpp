// ASCII, stream, JSON and paths formats; detection; round trips; matching solution texts.
#include <gtest/gtest.h>

#include <sstream>

#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"

using namespace nl;

namespace {

std::vector<PuzzleEntry> read(const std::string& text, std::optional<Format> format = {},
                              std::optional<Rules> rules = {}) {
    return read_puzzles(text_from_string("t.txt", text), {format, rules});
}

std::string write(Format format, const Puzzle& p, const Solution* s = nullptr) {
    std::ostringstream out;
    write_puzzle(out, format, p, s);
    return out.str();
}

// Expects an InputError at `line` whose message contains `words`.
void expect_error(const std::string& text, int line, const std::string& words,
                  std::optional<Format> format = {}) {
    try {
        read(text, format);
        ADD_FAILURE() << "no error for:\n" << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.line, line) << e.what();
        EXPECT_NE(e.message.find(words), std::string::npos) << e.what();
        EXPECT_EQ(e.file, "t.txt");
    }
}

void expect_same_puzzle(const Puzzle& a, const Puzzle& b) {
    EXPECT_EQ(a.width, b.width);
    EXPECT_EQ(a.height, b.height);
    EXPECT_EQ(a.layers, b.layers);
    EXPECT_EQ(a.blocked, b.blocked);
    EXPECT_EQ(a.rules, b.rules);
    ASSERT_EQ(a.labels.size(), b.labels.size());
    for (std::size_t i = 0; i < a.labels.size(); ++i) {
        EXPECT_EQ(a.labels[i].name, b.labels[i].name);
        EXPECT_EQ(a.labels[i].ends, b.labels[i].ends);
    }
}

const char* kBoard = "R.G#\n....\nR#.G\n";  // 4x3, two labels, two blocked cells

}  // namespace

TEST(Ascii, ReadsLabelsBlockedCellsAndSize) {
    auto e = read(kBoard);
    ASSERT_EQ(e.size(), 1u);
    const Puzzle& p = e[0].puzzle;
    EXPECT_EQ(p.name, "t.txt:1");
    EXPECT_EQ(p.width, 4);
    EXPECT_EQ(p.height, 3);
    EXPECT_EQ(p.rules, (Rules{true, true}));  // ascii defaults to flow
    ASSERT_EQ(p.labels.size(), 2u);
    EXPECT_EQ(p.labels[0].name, "R");
    EXPECT_EQ(p.labels[0].ends[0], p.cell(0, 0));
    EXPECT_EQ(p.labels[0].ends[1], p.cell(0, 2));
    EXPECT_EQ(p.labels[1].name, "G");
    EXPECT_TRUE(p.is_blocked(p.cell(3, 0)));
    EXPECT_TRUE(p.is_blocked(p.cell(1, 2)));
    EXPECT_FALSE(e[0].solution);
}

TEST(Ascii, CaseSensitiveLabelsDigitsAndManyPuzzles) {
    auto e = read("aA\naA\n\n1.\n.1\n");
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].puzzle.labels[0].name, "a");
    EXPECT_EQ(e[0].puzzle.labels[1].name, "A");
    EXPECT_EQ(e[1].puzzle.name, "t.txt:2");
    EXPECT_EQ(e[1].line, 4);
    EXPECT_EQ(e[1].puzzle.labels[0].name, "1");
}

TEST(Ascii, RulesOverride) {
    EXPECT_EQ(read(kBoard, {}, Rules{false, false})[0].puzzle.rules, (Rules{false, false}));
}

TEST(Ascii, Errors) {
    expect_error("A..\nA.\n", 2, "ragged row");
    expect_error("A..\n...\n", 1, "appears only once");
    expect_error("A.A\n..A\n", 2, "third time");
    expect_error("A A\n", 1, "space in column 2");
    expect_error("A\xC3\xA9" "A\n", 1, "non-ASCII");
    expect_error("A.\n.A\n\nB.\n", 4, "appears only once");
}

TEST(Stream, ReadsCommentsManyPuzzlesAndEndMarker) {
    auto e = read("# from somewhere\n\n3 2\nA..\n..A\n\n2 1\nBB\n0 0\nignored after the end\n");
    ASSERT_EQ(e.size(), 2u);
    EXPECT_EQ(e[0].puzzle.width, 3);
    EXPECT_EQ(e[0].puzzle.height, 2);
    EXPECT_EQ(e[0].line, 4);
    EXPECT_EQ(e[1].puzzle.name, "t.txt:2");
    EXPECT_EQ(e[1].puzzle.labels[0].ends[1], 1);
}

TEST(Stream, Errors) {
    expect_error("3 2\nA..\n", 2, "expected 2 rows", Format::Stream);  // at the end of the file
    expect_error("3 2\nA..\n..\n", 3, "ragged row", Format::Stream);
    expect_error("3\nA..\n", 1, "size line", Format::Stream);
    expect_error("3 x\n", 1, "height 'x' is not a number", Format::Stream);
    expect_error("99999999 2\n", 1, "out of range", Format::Stream);
    expect_error("10000 10000\n", 1, "exceeds the limit", Format::Stream);
    expect_error("0 3\n", 1, "empty", Format::Stream);
}

TEST(Detect, ChoosesTheRightFormat) {
    auto detect = [](const std::string& s) { return detect_format(text_from_string("t", s)); };
    EXPECT_EQ(detect("A.A\n"), Format::Ascii);
    EXPECT_EQ(detect("#A.A\n"), Format::Ascii);  // a row starting with a blocked cell
    EXPECT_EQ(detect("# comment\n3 1\nA.A\n"), Format::Stream);
    EXPECT_EQ(detect("1 2\n3\n3\n"), Format::Stream);  // a one-column stream of digits
    EXPECT_EQ(detect("2 2\n1\n1 0\n0 1\n"), Format::Intgrid);
    EXPECT_EQ(detect("1 3\n1\n1 0 1\n"), Format::Intgrid);
    EXPECT_EQ(detect("2 3\n1 0 1\n0 0 0\n"), Format::Intgrid);
    EXPECT_EQ(detect("1 0 1\n0 0 0\n"), Format::Intgrid);
    EXPECT_EQ(detect("5,0,1,1;0,1\n"), Format::Levelpack);
    EXPECT_EQ(detect("SIZE 3X3\nLINE_NUM 0\n"), Format::Adc);
    EXPECT_EQ(detect("{\"width\":1}\n"), Format::Json);
    EXPECT_EQ(detect("A: 0,0 1,0\n"), Format::Paths);
}

TEST(Json, RoundTripsPuzzleAndSolution) {
    auto e = read(kBoard);
    const Puzzle& p = e[0].puzzle;
    Solution s{{{p.cell(0, 0), p.cell(0, 1), p.cell(0, 2)},
                {p.cell(2, 0), p.cell(2, 1), p.cell(3, 1), p.cell(3, 2)}}};
    const std::string text = write(Format::Json, p, &s);
    EXPECT_NE(text.find("\"paths\":{\"R\":[[0,0],[0,1],[0,2]]"), std::string::npos) << text;
    EXPECT_NE(text.find("\"grid\":[[\"R\",\".\",\"G\",\"#\"]"), std::string::npos) << text;
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);  // JSON Lines
    auto back = read(text);
    ASSERT_EQ(back.size(), 1u);
    expect_same_puzzle(p, back[0].puzzle);
    ASSERT_TRUE(back[0].solution);
    EXPECT_EQ(back[0].solution->paths, s.paths);
    EXPECT_EQ(back[0].puzzle.name, "t.txt:1");
}

TEST(Json, KeepsRulesVias3DAndAcceptsPrettyPrintedArrays) {
    Puzzle p = make_board(2, 2, 2);
    p.name = "x:1";
    p.rules = {false, false};
    p.labels = {{"12", {p.cell(0, 0, 0), p.cell(1, 1, 1)}}};
    p.vias = {{"a", {p.cell(1, 0, 0), p.cell(1, 0, 1)}}};
    finalize(p);
    const std::string text = write(Format::Json, p);
    EXPECT_NE(text.find("\"ends\":[[0,0,0],[1,1,1]]"), std::string::npos) << text;
    auto back = read(text);
    expect_same_puzzle(p, back[0].puzzle);
    ASSERT_EQ(back[0].puzzle.vias.size(), 1u);
    EXPECT_EQ(back[0].puzzle.vias[0].cells, p.vias[0].cells);
    auto pretty = read("[\n " + text + ",\n " + text + "]\n");
    EXPECT_EQ(pretty.size(), 2u);
}

TEST(Json, Errors) {
    expect_error("{\"width\": 2}\n", 1, "missing field \"height\"", Format::Json);
    expect_error("{\"width\": 2, \"height\": 1, \"labels\": [{\"name\": \"A\", \"ends\": [[0,0],[5,0]]}]}\n",
                 1, "outside the board", Format::Json);
    expect_error("{\"width\": 2,\n \"height\": }\n", 2, "invalid JSON", Format::Json);
    expect_error("{\"width\": -2, \"height\": 1, \"labels\": []}\n", 1, "out of range", Format::Json);
}

TEST(RoundTrip, AsciiStreamAndIntgridKeepThePuzzle) {
    const Puzzle p = read("AB.C\n....\nA.BC\n")[0].puzzle;
    for (Format f : {Format::Ascii, Format::Stream, Format::Json}) {
        SCOPED_TRACE(format_name(f));
        const std::string text = write(f, p);
        expect_same_puzzle(p, read(text, f)[0].puzzle);
    }
    // Integer grids renumber labels 1..n but keep the layout.
    const Puzzle q = read(write(Format::Intgrid, p), Format::Intgrid)[0].puzzle;
    ASSERT_EQ(q.labels.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(q.labels[i].ends, p.labels[i].ends);
    EXPECT_EQ(write(Format::Ascii, p), "AB.C\n....\nA.BC\n");
}

TEST(RoundTrip, AsciiMapsLongNamesToSymbols) {
    Puzzle p = make_board(2, 2);
    p.labels = {{"10", {0, 1}}, {"11", {2, 3}}};
    finalize(p);
    EXPECT_EQ(write(Format::Ascii, p), "AA\nBB\n");
    Puzzle deep = make_board(1, 1, 2);
    EXPECT_THROW(write(Format::Ascii, deep), ModelError);
}

TEST(Paths, WritesAndReadsBackAsASolution) {
    auto e = read(kBoard);
    const Puzzle& p = e[0].puzzle;
    Solution s{{{p.cell(0, 0), p.cell(0, 1), p.cell(0, 2)},
                {p.cell(2, 0), p.cell(2, 1), p.cell(3, 1), p.cell(3, 2)}}};
    const std::string text = write(Format::Paths, p, &s);
    EXPECT_EQ(text, "# puzzle t.txt:1 4x3 flow\nR: 0,0 0,1 0,2\nG: 2,0 2,1 3,1 3,2\n");
    auto texts = read_solutions(text_from_string("s.txt", text), std::nullopt);
    ASSERT_EQ(texts.size(), 1u);
    auto m = match_solution(p, texts[0]);
    EXPECT_EQ(m.problem, "");
    EXPECT_EQ(m.solution.paths, s.paths);
    EXPECT_THROW(write(Format::Paths, p), ModelError);  // needs a solution
}

TEST(Match, GridSymbolsAreTiedToLabelsByTheirEndpoints) {
    const Puzzle p = read("A.B\n...\nA.B\n")[0].puzzle;
    // The solution draws A as 'x' and B as 'y': still recognised.
    auto texts = read_solutions(text_from_string("s", "xxy\n.xy\nxxy\n"), Format::Ascii);
    auto m = match_solution(p, texts[0]);
    ASSERT_EQ(m.problem, "");
    EXPECT_EQ(m.solution.paths[0].size(), 5u);
    EXPECT_TRUE(check_solution(p, m.solution, {false, true}).ok);
    EXPECT_EQ(check_solution(p, m.solution, {true, true}).rule, "fill");
}

TEST(Match, TracesPathsThatTouchThemselves) {
    // A fills a 3x2 block: a grid cannot say the order; the tracer must find it.
    const Puzzle p = read("A..\n..A\n")[0].puzzle;
    auto texts = read_solutions(text_from_string("s", "AAA\nAAA\n"), Format::Ascii);
    auto m = match_solution(p, texts[0]);
    ASSERT_EQ(m.problem, "");
    EXPECT_TRUE(check_solution(p, m.solution, {true, true}).ok);
    EXPECT_EQ(check_solution(p, m.solution, {true, false}).rule, "touch");
}

TEST(Match, ReportsGridsThatAreNoPaths) {
    const Puzzle p = read("A.B\n...\nA.B\n")[0].puzzle;
    auto problem = [&](const std::string& grid) {
        return match_solution(p, read_solutions(text_from_string("s", grid), Format::Ascii)[0]).problem;
    };
    EXPECT_NE(problem("A.B\nA.B\n..B\n").find("endpoint [0, 2] is empty"), std::string::npos);
    EXPECT_NE(problem("AAB\nQAB\nA.B\n").find("no label's"), std::string::npos);
    EXPECT_NE(problem("A.B\nA.B\nAAB\n").find("do not form one path"), std::string::npos);
    EXPECT_NE(problem("A.A\nA.A\nA.A\n").find("both marked"), std::string::npos);
    EXPECT_THROW(match_solution(p, read_solutions(text_from_string("s", "AB\nAB\n"), Format::Ascii)[0]),
                 InputError);
}

TEST(Load, RejectsEmptyBinaryAndMissingFiles) {
    EXPECT_THROW(text_from_string("e", ""), InputError);
    EXPECT_THROW(text_from_string("e", " \n\t\n"), InputError);
    try {
        text_from_string("bin", std::string("A.A\nxy\0z\n", 9));
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line, 2);
        EXPECT_NE(e.message.find("binary data"), std::string::npos);
    }
    EXPECT_THROW(load_text("/nonexistent/puzzle.txt"), InputError);
    // CRLF line ends and a byte-order mark are fine.
    auto e = read("\xEF\xBB\xBF" "A.A\r\n...\r\n");
    EXPECT_EQ(e[0].puzzle.width, 3);
}

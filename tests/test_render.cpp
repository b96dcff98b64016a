// Pictures: the SVG is parsed with libxml2 (a real XML parser) and its elements counted; PNGs
// are read back with cairo and their pixels compared with colours and sizes worked out here
// from the documented geometry (render/svg.hpp), not taken from the code under test. Then the
// `render` command end to end, `solve --output svg|png` and `unique --render`.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"
#include "picture_reader.hpp"
#include "render/png.hpp"
#include "render/svg.hpp"

namespace fs = std::filesystem;
using namespace nl;
using namespace nl::testing_pictures;

namespace {

Puzzle puzzle_of(const std::string& text, std::optional<Rules> rules = std::nullopt) {
    return read_puzzles(text_from_string("t.txt", text), {Format::Ascii, rules}).at(0).puzzle;
}

Solution solution_of(const Puzzle& p, const std::string& grid) {
    MatchedSolution m = match_solution(p, read_solutions(text_from_string("s.txt", grid), Format::Ascii).at(0));
    EXPECT_EQ(m.problem, "");
    return m.solution;
}

const char* const kFive = "R...G\n.....\n.Y...\n..B..\nB.YRG\n";
const char* const kFiveSolution = "RRRRG\nBBBRG\nBYBRG\nBYBRG\nBYYRG\n";
const char* const kBlocked = ".A#\n.#B\nA#B\n";  // blocked (2,0), (1,1), (1,2)

// The palette's first colours as docs/render.md lists them: red, green, blue, yellow (Flow Free's
// R, G, B, Y).
constexpr std::uint32_t kFirstColours[] = {0xb01010, 0x3fa070, 0x1033cc, 0xf5e625};
constexpr std::uint32_t kBlockedGrey = 0x595959;

render::SvgOptions cells(int size) {
    render::SvgOptions o;
    o.cell_size = size;
    return o;
}

}  // namespace

// ---- SVG ----

TEST(RenderSvg, OnePipePerLabelInWellFormedXml) {
    const Puzzle p = puzzle_of(kFive);
    const Solution s = solution_of(p, kFiveSolution);
    const Svg svg(render::svg_picture(p, &s, cells(40)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "240");  // (5 + 1) x 40
    EXPECT_EQ(Svg::attribute(svg.root(), "height"), "240");
    const auto pipes = svg.elements("path", "pipe");
    ASSERT_EQ(pipes.size(), 4u);
    std::set<std::string> labels;
    for (xmlNodePtr pipe : pipes) {
        labels.insert(Svg::attribute(pipe, "data-label"));
        EXPECT_EQ(Svg::attribute(pipe->parent, "stroke-linecap"), "round");
        EXPECT_EQ(Svg::attribute(pipe->parent, "stroke-linejoin"), "round");
    }
    EXPECT_EQ(labels, (std::set<std::string>{"R", "G", "Y", "B"}));
    EXPECT_EQ(svg.count("circle", "end"), 8u);
    EXPECT_EQ(svg.count("text", "label"), 0u);  // names only on request (4 labels < palette)
    // R runs from [0, 0] right to [3, 0], then down to [3, 4]; centres at 20 + (i + 0.5) * 40.
    for (xmlNodePtr pipe : pipes)
        if (Svg::attribute(pipe, "data-label") == "R") {
            EXPECT_EQ(Svg::attribute(pipe, "d"), "M40 40L160 40L160 200");
        }
}

TEST(RenderSvg, PuzzleAloneHasDotsButNoPipes) {
    const Svg svg(render::svg_picture(puzzle_of(kFive), nullptr, cells(40)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 0u);
    EXPECT_EQ(svg.count("circle", "end"), 8u);
    EXPECT_EQ(svg.count("path", "blocked"), 0u);
}

TEST(RenderSvg, LabelsAndCoordinatesOnRequest) {
    render::SvgOptions o = cells(40);
    o.labels = o.coordinates = true;
    const Svg svg(render::svg_picture(puzzle_of(kFive), nullptr, o));
    ASSERT_TRUE(svg.ok());
    std::multiset<std::string> names;
    for (const auto& t : svg.texts("label")) names.insert(t);
    EXPECT_EQ(names, (std::multiset<std::string>{"R", "R", "G", "G", "Y", "Y", "B", "B"}));
    EXPECT_EQ(svg.elements("g", "coord").size(), 1u);
    EXPECT_EQ(svg.count("text"), 8u + 10u);  // names, then 5 column and 5 row numbers
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "270");  // 40 + 30 (coordinates) + 200
}

TEST(RenderSvg, BlockedCellsShaded) {
    const Svg svg(render::svg_picture(puzzle_of(kBlocked), nullptr, cells(10)));
    ASSERT_TRUE(svg.ok());
    const auto blocked = svg.elements("path", "blocked");
    ASSERT_EQ(blocked.size(), 1u);
    EXPECT_EQ(Svg::attribute(blocked[0], "fill"), "#595959");
    // Margin 5, cells of 10: the runs [2, 0], [1, 1] and [1, 2].
    EXPECT_EQ(Svg::attribute(blocked[0], "d"), "M25 5h10v10h-10zM15 15h10v10h-10zM15 25h10v10h-10z");
}

TEST(RenderSvg, OnePanelPerLayerAndOnePathPerLabel) {
    const auto src = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/adc/";
    const Puzzle p = read_puzzles(src + "layers.txt", {}).at(0).puzzle;
    MatchedSolution m = match_solution(p, read_solutions(src + "layers.answer.txt", std::nullopt).at(0));
    ASSERT_EQ(m.problem, "");
    const Svg svg(render::svg_picture(p, &m.solution, cells(40)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("g", "panel"), 2u);
    EXPECT_EQ(svg.texts("caption"), (std::vector<std::string>{"z=0", "z=1"}));
    // Two panels of 3 x 40 with a gap of 40 and margins of 20; a caption line of 30 on top.
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "320");
    EXPECT_EQ(Svg::attribute(svg.root(), "height"), "190");
    const auto pipes = svg.elements("path", "pipe");
    ASSERT_EQ(pipes.size(), 2u);  // one path per label, a subpath per layer
    for (xmlNodePtr pipe : pipes) {
        const std::string d = Svg::attribute(pipe, "d");
        EXPECT_EQ(std::count(d.begin(), d.end(), 'M'), 2) << d;
    }
    // Each line changes layer once (the answer file): a dot on both cells of the step.
    EXPECT_EQ(svg.count("circle", "hop"), 4u);
    EXPECT_EQ(svg.count("circle", "via"), 4u);  // two vias of two cells
}

TEST(RenderSvg, EightLayersMakeTwoRowsOfFour) {
    Puzzle p = make_board(2, 1, 8);
    p.labels.push_back({"A", {p.cell(0, 0, 0), p.cell(1, 0, 7)}});
    finalize(p);
    const Svg svg(render::svg_picture(p, nullptr, cells(10)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("g", "panel"), 8u);
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "120");  // 10 + 4 x 20 + 3 x 10
    EXPECT_EQ(Svg::attribute(svg.root(), "height"), "55");  // 10 + 2 x (7.5 + 10) + 10
}

TEST(RenderSvg, MarkupInNamesIsEscaped) {
    Puzzle p = puzzle_of("<.&\n...\n<.&\n");
    p.name = "a\"b<c&d\xff";  // and a byte that is not UTF-8
    render::SvgOptions o = cells(20);
    o.labels = true;
    const Svg svg(render::svg_picture(p, nullptr, o));
    ASSERT_TRUE(svg.ok());
    std::multiset<std::string> names;
    for (const auto& t : svg.texts("label")) names.insert(t);
    EXPECT_EQ(names, (std::multiset<std::string>{"<", "<", "&", "&"}));
    EXPECT_EQ(Svg::text(svg.elements("title").at(0)), "a\"b<c&d\xef\xbf\xbd");
}

TEST(RenderSvg, ManyLabelsKeepDistinctColoursAndShowNames) {
    // 18 labels, one per column of an 18 x 2 board: more than the palette's 16 colours.
    Puzzle p = make_board(18, 2);
    for (int x = 0; x < 18; ++x) p.labels.push_back({std::to_string(x), {p.cell(x, 0), p.cell(x, 1)}});
    finalize(p);
    Solution s;
    for (const Label& l : p.labels) s.paths.push_back({l.ends[0], l.ends[1]});
    const Svg svg(render::svg_picture(p, &s, cells(20)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 18u);
    EXPECT_EQ(svg.texts("label").size(), 36u);  // more labels than colours: names always drawn
    // Labels named 0..17 are not Flow letters: the k-th label has the k-th colour; the 17th and
    // 18th come round again, shaded, so all eighteen differ.
    std::vector<std::string> strokes;
    for (xmlNodePtr pipe : svg.elements("path", "pipe")) strokes.push_back(Svg::attribute(pipe, "stroke"));
    ASSERT_EQ(strokes.size(), 18u);
    EXPECT_EQ(std::set<std::string>(strokes.begin(), strokes.end()).size(), 18u);
    for (int l = 0; l < 4; ++l) {
        char want[8];
        std::snprintf(want, sizeof want, "#%06x", static_cast<unsigned>(kFirstColours[l]));
        EXPECT_EQ(strokes[l], want);
    }
}

TEST(RenderSvg, ComparisonMarksDifferingCellsInBoth) {
    const Puzzle p = puzzle_of("A.\n.A\n", *rules_from_name("nikoli"));
    Solution right, down;  // [0,0] -> [1,0] -> [1,1] and [0,0] -> [0,1] -> [1,1]
    right.paths = {{p.cell(0, 0), p.cell(1, 0), p.cell(1, 1)}};
    down.paths = {{p.cell(0, 0), p.cell(0, 1), p.cell(1, 1)}};
    const Svg svg(render::svg_comparison(p, right, down, cells(20)));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.texts("caption"), (std::vector<std::string>{"solution 1", "solution 2"}));
    const auto pipes = svg.elements("path", "pipe");
    ASSERT_EQ(pipes.size(), 2u);
    EXPECT_EQ(Svg::attribute(pipes[0], "data-solution"), "1");
    EXPECT_EQ(Svg::attribute(pipes[1], "data-solution"), "2");
    EXPECT_EQ(svg.count("rect", "diff"), 4u);  // [1, 0] and [0, 1], in both panels
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "120");  // 20 + 2 x 40 + 20
    EXPECT_EQ(Svg::attribute(svg.root(), "height"), "75");  // 20 + 15 + 40
}

TEST(RenderSvg, CellSizeOutOfRangeIsRejected) {
    const Puzzle p = puzzle_of(kFive);
    EXPECT_THROW(render::svg_picture(p, nullptr, cells(render::kMinCellSize - 1)), ModelError);
    EXPECT_THROW(render::svg_picture(p, nullptr, cells(render::kMaxCellSize + 1)), ModelError);
}

// ---- PNG ----

TEST(RenderPng, KnownBoardHasItsSizeAndColours) {
    const Puzzle p = puzzle_of(kFive);
    const Solution s = solution_of(p, kFiveSolution);
    const Png png = Png::from_bytes(render::png_from_svg(render::svg_picture(p, &s, cells(20))));
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png.width(), 120);  // (5 + 1) x 20
    EXPECT_EQ(png.height(), 120);
    // Cell [x, y]'s centre is pixel (10 + 20 x + 10, 10 + 20 y + 10).
    auto centre = [&](int x, int y) { return png.at(20 + 20 * x, 20 + 20 * y); };
    // five.txt is written in Flow letters: R red, G green, Y yellow, whatever their order.
    EXPECT_EQ(centre(1, 0), rgb(kFirstColours[0]));  // inside R's pipe
    EXPECT_EQ(centre(4, 2), rgb(kFirstColours[1]));  // inside G's pipe
    EXPECT_EQ(centre(1, 3), rgb(kFirstColours[3]));  // inside Y's pipe
    EXPECT_EQ(png.at(3, 3), rgb(0xffffff));                            // the margin
}

TEST(RenderPng, BlockedAndEmptyCells) {
    const Png png = Png::from_bytes(render::png_from_svg(render::svg_picture(puzzle_of(kBlocked), nullptr, cells(20))));
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png.width(), 80);
    EXPECT_EQ(png.at(60, 20), rgb(kBlockedGrey));  // [2, 0]
    EXPECT_EQ(png.at(40, 40), rgb(kBlockedGrey));  // [1, 1]
    EXPECT_EQ(png.at(20, 20), rgb(0xffffff));      // [0, 0] is empty
}

TEST(RenderPng, HugePicturesAreScaledDown) {
    Puzzle p = make_board(1000, 1);
    p.labels.push_back({"A", {p.cell(0, 0), p.cell(999, 0)}});
    finalize(p);
    const Png png = Png::from_bytes(render::png_from_svg(render::svg_picture(p, nullptr, cells(40))));
    ASSERT_TRUE(png.ok());
    // 40040 x 80 pixels scaled to kMaxPngSide wide: 80 x 8192 / 40040 = 16.4, rounded up.
    EXPECT_EQ(png.width(), render::kMaxPngSide);
    EXPECT_EQ(png.height(), 17);
}

// ---- the command line ----

namespace {

// Runs the real binary in a fresh directory (work/): the shared fixture, plus file listings.
class RenderCli : public nl::testing_cli::CliTest {
   protected:
    bool exists(const std::string& name) const { return fs::exists(work() / name); }
    std::set<std::string> files(const std::string& dir = ".") const {
        std::set<std::string> out;
        for (const auto& e : fs::directory_iterator(work() / dir)) out.insert(e.path().filename().string());
        return out;
    }
};

using nl::testing_cli::contains;
using nl::testing_cli::Result;
using nl::testing_cli::slurp;

// The worked example of the level-pack format (5x5) and a 3x2 board, with their solutions.
const char* const kPack =
    "5,0,1,4;0,1,2,3,8,13,18,23;4,9,14,19,24;20,15,10,5,6,7,12,17;11,16,21,22\n3:2,0,2,3;0,1;2,5;3,4\n";

}  // namespace

TEST_F(RenderCli, PuzzleAndSolutionToSvg) {
    write("five.txt", kFive);
    write("five.sol", kFiveSolution);
    const Result r = run("render five.txt five.sol -o out.svg");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "five.txt:1 (solution five.sol:1) -> out.svg\n");
    const Svg svg(read("out.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 4u);
    EXPECT_EQ(files(), (std::set<std::string>{"five.txt", "five.sol", "out.svg"}));  // no temporary left
}

TEST_F(RenderCli, SvgOrPngOnStandardOutput) {
    write("five.txt", kFive);
    Result r = run("render five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    const Svg svg(r.out);
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("circle", "end"), 8u);
    r = run("render --output png five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 8), "\x89PNG\r\n\x1a\n");
}

TEST_F(RenderCli, PackIntoNumberedPngFiles) {
    write("pack.txt", kPack);
    const Result r = run("render pack.txt -o out.png -q");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(files(), (std::set<std::string>{"pack.txt", "out-1.png", "out-2.png"}));
    const Png first = Png::from_file(work() / "out-1.png"), second = Png::from_file(work() / "out-2.png");
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_EQ(first.width(), 240);  // 5x5 at the default 40 pixels
    EXPECT_EQ(first.height(), 240);
    EXPECT_EQ(second.width(), 160);  // 3x2
    EXPECT_EQ(second.height(), 120);
    // The level pack's solutions are drawn: in the 5x5, label 1 runs down the last column.
    EXPECT_EQ(first.at(20 + 40 * 4 + 20, 20 + 40 * 2 + 20), rgb(kFirstColours[1]));
}

TEST_F(RenderCli, IndexPicksOnePuzzle) {
    write("pack.txt", kPack);
    const Result r = run("render pack.txt --index 2 -o one.svg --puzzle-only");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(files(), (std::set<std::string>{"pack.txt", "one.svg"}));
    const Svg svg(read("one.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("circle", "end"), 6u);
    EXPECT_EQ(svg.count("path", "pipe"), 0u);  // --puzzle-only
}

TEST_F(RenderCli, OnePuzzleWithSeveralSolutions) {
    write("p.txt", "A..\n..A\n");
    write("s.txt", "3 2\nAAA\n..A\n3 2\nA..\nAAA\n0 0\n");
    const Result r = run("render --rules nikoli p.txt s.txt -o s.svg");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(exists("s-1.svg") && exists("s-2.svg"));
    EXPECT_TRUE(contains(r.out, "(solution s.txt:2) -> s-2.svg")) << r.out;
}

TEST_F(RenderCli, BadPuzzleLeavesNoFile) {
    write("bad.txt", "A.B\n..\nA.B\n");
    const Result r = run("render bad.txt -o out.png");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.rfind("bad.txt:2: ", 0), 0u) << r.err;
    EXPECT_EQ(files(), (std::set<std::string>{"bad.txt"}));
}

TEST_F(RenderCli, SolutionThatDoesNotFitLeavesNoFile) {
    write("five.txt", kFive);
    write("other.txt", "AA#\nA#B\nA#B\n");
    const Result r = run("render five.txt other.txt -o out.svg");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "other.txt")) << r.err;
    EXPECT_FALSE(exists("out.svg"));
}

TEST_F(RenderCli, UsageErrors) {
    write("five.txt", kFive);
    write("pack.txt", kPack);
    for (const auto& [args, word] : std::vector<std::pair<std::string, std::string>>{
             {"render five.txt -o out.jpg", "out.jpg"},
             {"render five.txt --output gif -o out", "gif"},
             {"render pack.txt", "-o"},
             {"render pack.txt --index 3 -o x.svg", "--index"},
             {"render five.txt --cell-size 2 -o x.svg", "--cell-size"},
             {"render", "missing FILE"}}) {
        const Result r = run(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_TRUE(contains(r.err, word)) << args << ": " << r.err;
        EXPECT_EQ(r.out, "") << args;
    }
    EXPECT_EQ(files(), (std::set<std::string>{"five.txt", "pack.txt"}));
}

TEST_F(RenderCli, InvalidSolutionIsDrawnWithAWarning) {
    write("touch.txt", "A..\n..A\n");
    write("touch.sol", "AAA\nAAA\n");  // touches itself: invalid under strict rules
    const Result r = run("render --rules strict touch.txt touch.sol -o t.svg");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(contains(r.err, "warning") && contains(r.err, "not valid")) << r.err;
    EXPECT_TRUE(exists("t.svg"));
}

TEST_F(RenderCli, SolveFirst) {
    write("five.txt", kFive);
    const Result r = run("render --solve five.txt -o s.svg");
    EXPECT_EQ(r.code, 0) << r.err;
    const Svg svg(read("s.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 4u);
}

TEST_F(RenderCli, SolveWritesAPicturePerPuzzle) {
    write("two.txt", std::string(kFive) + "\n" + kBlocked);
    Result r = run("solve --output svg -o pics/ two.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(files("pics"), (std::set<std::string>{"two-1.svg", "two-2.svg"}));
    EXPECT_TRUE(contains(r.out, "two.txt:1 solved")) << r.out;
    const Svg first(read("pics/two-1.svg")), second(read("pics/two-2.svg"));
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_EQ(first.count("path", "pipe"), 4u);
    EXPECT_EQ(second.count("path", "pipe"), 2u);
    r = run("solve --output png -o pngs two.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(Png::from_file(work() / "pngs" / "two-2.png").width(), 160);  // 3x3 at 40
    r = run("solve --output svg two.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "-o DIR")) << r.err;
}

TEST_F(RenderCli, UniqueRendersBothSolutionsOfAMultipleVerdict) {
    write("touch.txt", "A..\n..A\n");
    write("five.txt", kFive);
    const Result r = run("unique --rules nikoli --render pics touch.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_TRUE(contains(r.out, "picture: pics/touch-1.svg")) << r.out;
    const Svg svg(read("pics/touch-1.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 2u);  // one label, two solutions
    EXPECT_GT(svg.count("rect", "diff"), 0u);
    EXPECT_EQ(svg.count("rect", "diff") % 2, 0u);  // each differing cell in both panels
    const Result u = run("unique --render pics2 --render-format png five.txt");
    EXPECT_EQ(u.code, 0) << u.err;
    EXPECT_TRUE(files("pics2").empty());  // unique: nothing to compare
}

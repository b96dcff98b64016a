// Pictures of variant boards: hexes, shapes, walls, bridges and warps. The SVG is
// parsed (tests/picture_reader.hpp) and its shapes compared with positions worked out here from
// the geometry render/svg.hpp documents, never from the drawing code: hexagon centres, which
// cells neighbour which, the board's outline from the mask, the side two cells share, where a
// port must stand. The hand-written solutions are checked by core/checker first, so the pictures
// are of real solutions. PNGs are read back with cairo for the over/under crossing and a port.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "picture_reader.hpp"
#include "render/png.hpp"
#include "render/svg.hpp"

using namespace nl;
using nl::testing_pictures::centroid;
using nl::testing_pictures::distance;
using nl::testing_pictures::path_points;
using nl::testing_pictures::Png;
using nl::testing_pictures::Point;
using nl::testing_pictures::polygon_points;
using nl::testing_pictures::rgb;
using nl::testing_pictures::Svg;

namespace {

constexpr double kCell = 40, kMargin = 20;       // the default cell size and its margin (s/2)
constexpr double kPortMargin = kMargin + 16;     // with border ports: 0.4 s more
const double kR = kCell / std::sqrt(3.0);        // hexagon: centre to corner
constexpr double kTolerance = 0.02;               // coordinates are written with two decimals
constexpr std::uint32_t kFirstColours[] = {0xb01010, 0x3fa070};  // red, green (docs/render.md)

Puzzle board(const std::string& text, const char* rules = "nikoli") {
    return read_puzzles(text_from_string("t.txt", text), {Format::Board, rules_from_name(rules)}).at(0).puzzle;
}

render::SvgOptions options() { return {}; }  // 40 pixels a cell, no labels or coordinates

// A solution from paths of (x, y) cells; {x, y, 1} is the vertical lane of the bridge at x, y.
struct Step {
    int x, y, lane = 0;
};
Solution solution(const Puzzle& p, const std::vector<std::vector<Step>>& paths) {
    Solution s;
    for (const auto& path : paths) {
        s.paths.emplace_back();
        for (const Step& c : path) s.paths.back().push_back(c.lane ? p.vertical_lane(p.cell(c.x, c.y)) : p.cell(c.x, c.y));
    }
    const CheckResult check = check_solution(p, s, p.rules);
    EXPECT_TRUE(check.ok) << check.message;
    return s;
}

// The documented hex centre of cell (x, y) on a one-layer picture with the plain margin.
Point hex_centre(int x, int y) { return {kMargin + (x + 0.5 + 0.5 * (y % 2)) * kCell, kMargin + kR * (1 + 1.5 * y)}; }

// Hex neighbours as core/puzzle.hpp documents them, written out again here.
bool hex_neighbours(int x, int y, int u, int v) {
    if (y == v) return std::abs(x - u) == 1;
    if (std::abs(y - v) != 1) return false;
    return y % 2 == 0 ? (u == x - 1 || u == x) : (u == x || u == x + 1);
}

bool near(Point a, Point b) { return distance(a, b) < kTolerance * 2; }

xmlNodePtr pipe_of(const Svg& svg, const std::string& label) {
    for (xmlNodePtr pipe : svg.elements("path", "pipe"))
        if (Svg::attribute(pipe, "data-label") == label) return pipe;
    return nullptr;
}

}  // namespace

// ---- hexes ----

TEST(RenderVariants, HexBoardIsHexagonsWithOddRowsShifted) {
    const Puzzle p = board("board 4x3 hex\nA..B\n....\nA..B\n");
    const Svg svg(render::svg_picture(p, nullptr, options()));
    ASSERT_TRUE(svg.ok());
    // (W + 1/2) s + 2 margins by R (1.5 H + 0.5) + 2 margins.
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "220");
    EXPECT_NEAR(Svg::number(svg.root(), "height"), kR * 5 + 40, kTolerance);
    const auto cells = svg.elements("polygon", "cell");
    ASSERT_EQ(cells.size(), 12u);
    EXPECT_EQ(svg.count("rect", "board"), 0u);  // no square board behind the hexagons
    std::vector<std::pair<Point, Point>> centres;  // (x, y), centre
    for (xmlNodePtr cell : cells) {
        const int x = std::stoi(Svg::attribute(cell, "data-x")), y = std::stoi(Svg::attribute(cell, "data-y"));
        const auto corners = polygon_points(Svg::attribute(cell, "points"));
        ASSERT_EQ(corners.size(), 6u);
        const Point c = centroid(corners);
        EXPECT_TRUE(near(c, hex_centre(x, y))) << x << "," << y;
        for (const Point& corner : corners) EXPECT_NEAR(distance(c, corner), kR, kTolerance);
        // Pointy-top: one corner straight above the centre.
        EXPECT_TRUE(std::any_of(corners.begin(), corners.end(), [&](Point q) { return near(q, {c.x, c.y - kR}); }));
        centres.push_back({{double(x), double(y)}, c});
    }
    // Odd rows half a cell to the right, and neighbours (and only they) one cell apart.
    for (const auto& [a, ca] : centres)
        for (const auto& [b, cb] : centres) {
            if (a.x == b.x && a.y == b.y) continue;
            const bool next = hex_neighbours(int(a.x), int(a.y), int(b.x), int(b.y));
            if (next) EXPECT_NEAR(distance(ca, cb), kCell, kTolerance);
            else EXPECT_GT(distance(ca, cb), kCell + 1);
        }
}

TEST(RenderVariants, HexPipesRunThroughCellCentresAndBlockedCellsAreHexagons) {
    const Puzzle p = board("board 3x2 hex\nA#.\n.A.\n");
    const Solution s = solution(p, {{{0, 0}, {0, 1}, {1, 1}}});
    const Svg svg(render::svg_picture(p, &s, options()));
    ASSERT_TRUE(svg.ok());
    const auto pipe = path_points(Svg::attribute(pipe_of(svg, "A"), "d"));
    ASSERT_EQ(pipe.size(), 1u);
    ASSERT_EQ(pipe[0].size(), 3u);
    EXPECT_TRUE(near(pipe[0][0], hex_centre(0, 0)));
    EXPECT_TRUE(near(pipe[0][1], hex_centre(0, 1)));
    EXPECT_TRUE(near(pipe[0][2], hex_centre(1, 1)));
    const auto blocked = svg.elements("path", "blocked");
    ASSERT_EQ(blocked.size(), 1u);
    const auto hexagon = path_points(Svg::attribute(blocked[0], "d"));
    ASSERT_EQ(hexagon.size(), 1u);
    ASSERT_EQ(hexagon[0].size(), 6u);
    EXPECT_TRUE(near(centroid(hexagon[0]), hex_centre(1, 0)));
}

// ---- shapes ----

TEST(RenderVariants, CellsOutsideAShapeAreNotDrawnAndTheOutlineFollowsTheShape) {
    // (3, 0) is outside (the row ends early) and so is (1, 1), a hole.
    const char* const rows[] = {"A.B ", ". ..", "A..B", "...."};
    const Puzzle p = board(std::string("board 4x4\n") + rows[0] + "\n" + rows[1] + "\n" + rows[2] + "\n" + rows[3] + "\n");
    auto outside = [&](int x, int y) { return x < 0 || y < 0 || x > 3 || y > 3 || rows[y][x] == ' '; };
    const Svg svg(render::svg_picture(p, nullptr, options()));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("rect", "board"), 0u);
    EXPECT_EQ(svg.count("path", "blocked"), 0u);  // outside is not blocked: nothing grey
    std::set<std::pair<int, int>> drawn;
    for (xmlNodePtr cell : svg.elements("polygon", "cell")) {
        const int x = std::stoi(Svg::attribute(cell, "data-x")), y = std::stoi(Svg::attribute(cell, "data-y"));
        drawn.insert({x, y});
        const auto corners = polygon_points(Svg::attribute(cell, "points"));
        ASSERT_EQ(corners.size(), 4u);
        EXPECT_TRUE(near(centroid(corners), {kMargin + (x + 0.5) * kCell, kMargin + (y + 0.5) * kCell}));
    }
    std::set<std::pair<int, int>> on_board;
    int border_sides = 0;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            if (!outside(x, y)) {
                on_board.insert({x, y});
                border_sides += outside(x - 1, y) + outside(x + 1, y) + outside(x, y - 1) + outside(x, y + 1);
            }
    EXPECT_EQ(drawn, on_board);
    // The outline: an outer loop and one round the hole, as long as the border sides together,
    // every corner on the cells' lattice.
    const auto border = svg.elements("path", "border");
    ASSERT_EQ(border.size(), 1u);
    const auto loops = path_points(Svg::attribute(border[0], "d"));
    EXPECT_EQ(loops.size(), 2u);
    double length = 0;
    for (const auto& loop : loops)
        for (std::size_t i = 0; i < loop.size(); ++i) {
            const Point a = loop[i], b = loop[(i + 1) % loop.size()];
            length += distance(a, b);
            EXPECT_NEAR(std::fmod(a.x - kMargin, kCell), 0, kTolerance);
            EXPECT_NEAR(std::fmod(a.y - kMargin, kCell), 0, kTolerance);
        }
    EXPECT_NEAR(length, border_sides * kCell, kTolerance);
}

// ---- walls ----

TEST(RenderVariants, WallLiesOnTheSideTwoSquaresShare) {
    const Puzzle p = board("board 3x3\nA.B\n...\nA.B\nwall 1,1 1,2\nwall 0,0 1,0\n");
    const Svg svg(render::svg_picture(p, nullptr, options()));
    ASSERT_TRUE(svg.ok());
    const auto walls = svg.elements("path", "wall");
    ASSERT_EQ(walls.size(), 1u);
    // [1, 1] | [1, 2]: the bottom side of [1, 1], y = 20 + 2 x 40, x from 60 to 100; [0, 0] |
    // [1, 0]: x = 60, y from 20 to 60.
    const auto segments = path_points(Svg::attribute(walls[0], "d"));
    ASSERT_EQ(segments.size(), 2u);
    const Point expected[2][2] = {{{60, 100}, {100, 100}}, {{60, 20}, {60, 60}}};
    for (int k = 0; k < 2; ++k) {
        ASSERT_EQ(segments[k].size(), 2u);
        const bool same = near(segments[k][0], expected[k][0]) && near(segments[k][1], expected[k][1]);
        const bool reversed = near(segments[k][0], expected[k][1]) && near(segments[k][1], expected[k][0]);
        EXPECT_TRUE(same || reversed) << Svg::attribute(walls[0], "d");
    }
    EXPECT_GT(Svg::number(walls[0], "stroke-width"), 2.0);  // thicker than the border (2)
}

TEST(RenderVariants, WallLiesOnTheSideTwoHexagonsShare) {
    // [1, 0] and [1, 1] are neighbours (even row: below are [0, 1] and [1, 1]); [0, 1] | [1, 1] too.
    const Puzzle p = board("board 3x2 hex\nA.B\nA.B\nwall 1,0 1,1\nwall 0,1 1,1\n");
    const Svg svg(render::svg_picture(p, nullptr, options()));
    ASSERT_TRUE(svg.ok());
    const auto walls = svg.elements("path", "wall");
    ASSERT_EQ(walls.size(), 1u);
    const auto segments = path_points(Svg::attribute(walls[0], "d"));
    ASSERT_EQ(segments.size(), 2u);
    const std::pair<Point, Point> sides[] = {{hex_centre(1, 0), hex_centre(1, 1)}, {hex_centre(0, 1), hex_centre(1, 1)}};
    for (int k = 0; k < 2; ++k) {
        ASSERT_EQ(segments[k].size(), 2u);
        // The two corners the cells share: each a radius from both centres, a side (R) apart.
        for (const Point& end : segments[k]) {
            EXPECT_NEAR(distance(end, sides[k].first), kR, kTolerance);
            EXPECT_NEAR(distance(end, sides[k].second), kR, kTolerance);
        }
        EXPECT_NEAR(distance(segments[k][0], segments[k][1]), kR, kTolerance);
    }
}

// ---- bridges ----

namespace {
// B crosses the bridge left to right, A top to bottom (over B).
const char* const kBridge = "board 3x3\n.A.\nB+B\n.A.\n";
}  // namespace

TEST(RenderVariants, BridgeDrawsBothLanesAndTheVerticalOneOver) {
    const Puzzle p = board(kBridge);
    const Solution s = solution(p, {{{1, 0}, {1, 1, 1}, {1, 2}}, {{0, 1}, {1, 1}, {2, 1}}});
    const Svg svg(render::svg_picture(p, &s, options()));
    ASSERT_TRUE(svg.ok());
    // Both lanes' paths, straight through the bridge cell's centre (80, 80).
    EXPECT_EQ(Svg::attribute(pipe_of(svg, "A"), "d"), "M80 40L80 120");
    EXPECT_EQ(Svg::attribute(pipe_of(svg, "B"), "d"), "M40 80L120 80");
    // The vertical lane's pipe is drawn again over everything else: after both pipes, from the
    // cell's top side to its bottom side, a band of the board's colour first (the gap).
    const auto crossings = svg.elements("g", "crossing");
    ASSERT_EQ(crossings.size(), 1u);
    EXPECT_EQ(Svg::attribute(crossings[0], "data-label"), "A");
    EXPECT_GT(svg.order(crossings[0]), svg.order(pipe_of(svg, "A")));
    EXPECT_GT(svg.order(crossings[0]), svg.order(pipe_of(svg, "B")));
    const auto strokes = Svg::children(crossings[0]);
    ASSERT_EQ(strokes.size(), 3u);
    const double pipe_width = Svg::number(pipe_of(svg, "A"), "stroke-width");
    EXPECT_EQ(Svg::attribute(strokes[0], "stroke"), "#ffffff");
    EXPECT_GT(Svg::number(strokes[0], "stroke-width"), pipe_width + 4);
    EXPECT_EQ(Svg::attribute(strokes[2], "stroke"), Svg::attribute(pipe_of(svg, "A"), "stroke"));
    for (xmlNodePtr stroke : strokes) {
        const auto piece = path_points(Svg::attribute(stroke, "d"));
        ASSERT_EQ(piece.size(), 1u);
        ASSERT_EQ(piece[0].size(), 2u);
        EXPECT_TRUE(near(piece[0][0], {80, 60}));
        EXPECT_TRUE(near(piece[0][1], {80, 100}));
    }
}

TEST(RenderVariants, EmptyBridgeIsDrawnAsABridge) {
    const Svg svg(render::svg_picture(board(kBridge), nullptr, options()));
    ASSERT_TRUE(svg.ok());
    const auto bridges = svg.elements("g", "bridge");
    ASSERT_EQ(bridges.size(), 1u);
    EXPECT_EQ(Svg::attribute(bridges[0], "data-x"), "1");
    EXPECT_EQ(Svg::attribute(bridges[0], "data-y"), "1");
    EXPECT_EQ(svg.count("g", "crossing"), 0u);
    // The tile lies inside its cell, the rails run along the vertical lane on both sides of it.
    for (xmlNodePtr part : Svg::children(bridges[0])) {
        std::vector<Point> points = polygon_points(Svg::attribute(part, "points"));
        for (const auto& sub : path_points(Svg::attribute(part, "d"))) points.insert(points.end(), sub.begin(), sub.end());
        ASSERT_FALSE(points.empty());
        for (const Point& q : points) {
            EXPECT_GT(q.x, 60);
            EXPECT_LT(q.x, 100);
            EXPECT_GT(q.y, 60);
            EXPECT_LT(q.y, 100);
        }
    }
}

// ---- warps ----

TEST(RenderVariants, WarpOnTheBorderHasAPortAtEachEndAndThePathRunsToThem) {
    // A goes left from [1, 0] out of the board and comes back in on the right to [2, 0].
    const Puzzle p = board("board 4x1\n.AA.\nwrap row 0\n", "flow");
    const Solution s = solution(p, {{{1, 0}, {0, 0}, {3, 0}, {2, 0}}});
    const Svg svg(render::svg_picture(p, &s, options()));
    ASSERT_TRUE(svg.ok());
    // Margins of s/2 + 0.4 s: 4 x 40 + 2 x 36 by 40 + 2 x 36.
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "232");
    EXPECT_EQ(Svg::attribute(svg.root(), "height"), "112");
    const double left = kPortMargin, right = kPortMargin + 4 * kCell, top = kPortMargin, bottom = top + kCell;
    const auto ports = svg.elements("g", "port");
    ASSERT_EQ(ports.size(), 2u);
    std::set<std::string> ends;
    for (xmlNodePtr port : ports) {
        EXPECT_EQ(Svg::attribute(port, "data-warp"), "1");
        const std::string cell = Svg::attribute(port, "data-cell");
        ends.insert(cell);
        // The port stands on the cell's outer side: every point of it on the border or outside,
        // within the cell's row.
        for (xmlNodePtr part : Svg::children(port))
            for (const auto& sub : path_points(Svg::attribute(part, "d")))
                for (const Point& q : sub) {
                    if (cell == "0,0") EXPECT_LE(q.x, left + kTolerance);
                    else EXPECT_GE(q.x, right - kTolerance);
                    EXPECT_GT(q.y, top);
                    EXPECT_LT(q.y, bottom);
                }
    }
    EXPECT_EQ(ends, (std::set<std::string>{"0,0", "3,0"}));
    EXPECT_EQ(svg.count("text", "warp-number"), 2u);
    EXPECT_EQ(svg.count("path", "warp-link"), 0u);
    // Each half of A runs to its port, none across the board.
    const auto halves = path_points(Svg::attribute(pipe_of(svg, "A"), "d"));
    ASSERT_EQ(halves.size(), 2u);
    EXPECT_LT(halves[0].back().x, left);
    EXPECT_GT(halves[1].front().x, right);
    for (const auto& half : halves)
        for (std::size_t i = 1; i < half.size(); ++i) EXPECT_LE(distance(half[i - 1], half[i]), 1.5 * kCell);
}

TEST(RenderVariants, WarpInsideTheBoardHasPortsOnItsCellsAndADashedLink) {
    const Puzzle p = board("board 5x5\nA....\n.....\n.....\n.....\n....A\nwarp 1,1 3,3\n");
    const Solution s = solution(p, {{{0, 0}, {1, 0}, {1, 1}, {3, 3}, {4, 3}, {4, 4}}});
    const Svg svg(render::svg_picture(p, &s, options()));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(Svg::attribute(svg.root(), "width"), "240");  // no port on the border: plain margins
    const auto ports = svg.elements("g", "port");
    ASSERT_EQ(ports.size(), 2u);
    const Point centres[] = {{80, 80}, {160, 160}};  // [1, 1] and [3, 3]
    for (int k = 0; k < 2; ++k) {
        const auto rings = Svg::children(ports[k]);
        ASSERT_EQ(rings.size(), 1u);
        EXPECT_TRUE(near({Svg::number(rings[0], "cx"), Svg::number(rings[0], "cy")}, centres[k]));
    }
    const auto links = svg.elements("path", "warp-link");
    ASSERT_EQ(links.size(), 1u);
    EXPECT_EQ(Svg::attribute(links[0], "d"), "M80 80L160 160");
    EXPECT_NE(Svg::attribute(links[0], "stroke-dasharray"), "");
    // A's two halves end and start on the ports' cells.
    const auto halves = path_points(Svg::attribute(pipe_of(svg, "A"), "d"));
    ASSERT_EQ(halves.size(), 2u);
    EXPECT_TRUE(near(halves[0].back(), centres[0]));
    EXPECT_TRUE(near(halves[1].front(), centres[1]));
}

// ---- comparisons ----

TEST(RenderVariants, ComparisonOnHexesMarksDifferingCellsAsHexagons) {
    const Puzzle p = board("board 2x2 hex\nA.\n.A\n");
    // [0, 0] -> [1, 0] -> [1, 1] and [0, 0] -> [0, 1] -> [1, 1] (an even row's lower neighbours
    // are [x - 1, y + 1] and [x, y + 1], an odd row's upper ones [x, y - 1] and [x + 1, y - 1]).
    const Solution right = solution(p, {{{0, 0}, {1, 0}, {1, 1}}});
    const Solution down = solution(p, {{{0, 0}, {0, 1}, {1, 1}}});
    const Svg svg(render::svg_comparison(p, right, down, options()));
    ASSERT_TRUE(svg.ok());
    const auto marks = svg.elements("polygon", "diff");
    ASSERT_EQ(marks.size(), 4u);  // [1, 0] and [0, 1], in both panels
    for (xmlNodePtr mark : marks) EXPECT_EQ(polygon_points(Svg::attribute(mark, "points")).size(), 6u);
    EXPECT_EQ(svg.count("rect", "diff"), 0u);
}

TEST(RenderVariants, ComparisonMarksABridgeOnceWhenALaneDiffers) {
    const Puzzle p = board("board 3x3\n.A.\n.+.\n.A.\n");
    const Solution over = solution(p, {{{1, 0}, {1, 1, 1}, {1, 2}}});             // over the bridge
    const Solution round = solution(p, {{{1, 0}, {0, 0}, {0, 1}, {0, 2}, {1, 2}}});  // round it
    const Svg svg(render::svg_comparison(p, over, round, options()));
    ASSERT_TRUE(svg.ok());
    // [0, 0], [0, 1], [0, 2] and the bridge [1, 1] (its vertical lane), once each, in both panels.
    const auto marks = svg.elements("rect", "diff");
    ASSERT_EQ(marks.size(), 8u);
    std::multiset<std::pair<long, long>> corners;  // in hundredths of a pixel
    for (xmlNodePtr mark : marks)
        corners.insert({std::lround(Svg::number(mark, "x") * 100), std::lround(Svg::number(mark, "y") * 100)});
    // Panel 1 at x = 20, panel 2 at 20 + 120 + 40, both at y = 20 + 30 (the caption); a mark
    // starts 0.06 s = 2.4 pixels into its cell, here [1, 1].
    EXPECT_EQ(corners.count({6240, 9240}), 1u);
    EXPECT_EQ(corners.count({22240, 9240}), 1u);
}

// ---- PNG ----

TEST(RenderVariantsPng, BridgeCrossingShowsTheGapAndThePortShowsThePipe) {
    const Puzzle p = board(kBridge);
    const Solution s = solution(p, {{{1, 0}, {1, 1, 1}, {1, 2}}, {{0, 1}, {1, 1}, {2, 1}}});
    const Png png = Png::from_bytes(render::png_from_svg(render::svg_picture(p, &s, options())));
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png.width(), 160);
    // A (label 0, red) over B (label 1, green) at the bridge's centre; white beside A's pipe
    // (half a pipe, 6.4 pixels, plus the gap of 4); B's colour in the next cell.
    EXPECT_EQ(png.at(80, 80), rgb(kFirstColours[0]));
    EXPECT_EQ(png.at(80 + 8.5, 80), rgb(0xffffff));
    EXPECT_EQ(png.at(80 - 8.5, 80), rgb(0xffffff));
    EXPECT_EQ(png.at(40, 80), rgb(kFirstColours[1]));
    EXPECT_EQ(png.at(80, 40), rgb(kFirstColours[0]));

    const Puzzle w = board("board 4x1\n.AA.\nwrap row 0\n", "flow");
    const Solution through = solution(w, {{{1, 0}, {0, 0}, {3, 0}, {2, 0}}});
    const Png warp = Png::from_bytes(render::png_from_svg(render::svg_picture(w, &through, options())));
    ASSERT_TRUE(warp.ok());
    // The pipe goes out of the board through both ports: its colour just outside each border.
    EXPECT_EQ(warp.at(kPortMargin - 4, kPortMargin + 20), rgb(kFirstColours[0]));
    EXPECT_EQ(warp.at(kPortMargin + 4 * kCell + 4, kPortMargin + 20), rgb(kFirstColours[0]));
    EXPECT_EQ(warp.at(3, 3), rgb(0xffffff));
}

// ---- the command line ----

namespace {
using RenderVariantsCli = nl::testing_cli::CliTest;
}  // namespace

TEST_F(RenderVariantsCli, RenderSolvesAndDrawsABridgeBoard) {
    // Flow rules: every cell, both lanes of the bridge included, is used.
    write("bridge.txt", "board 3x3\nA.C\n.+.\nC.A\n");
    const nl::testing_cli::Result r = run("render --solve bridge.txt -o out.svg");
    EXPECT_EQ(r.code, 0) << r.err;
    const Svg svg(read("out.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("path", "pipe"), 2u);
    EXPECT_EQ(svg.count("g", "bridge"), 1u);
    EXPECT_EQ(svg.count("g", "crossing"), 1u);
}

TEST_F(RenderVariantsCli, UniqueRendersHexSolutionsSideBySide) {
    write("hex.txt", "board 2x2 hex\nA.\n.A\n");
    const nl::testing_cli::Result r = run("unique --rules nikoli --render pictures hex.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    const Svg svg(read("pictures/hex-1.svg"));
    ASSERT_TRUE(svg.ok());
    EXPECT_EQ(svg.count("g", "panel"), 2u);
    EXPECT_EQ(svg.count("polygon", "cell"), 8u);
    EXPECT_GE(svg.count("polygon", "diff"), 2u);
}

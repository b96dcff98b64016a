// The flowsolver format (samgoldman/FlowSolver's ASCII graph): small boards of each kind read
// to the graph listed by hand, the writer's text for a few boards, round trips (write, read
// back, same graph), errors with their lines, and, when the fetched FlowSolver repository is on
// this machine, every level in it read to the graph that an independent reading of the
// drawing gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/errors.hpp"
#include "core/formats.hpp"

using namespace nl;

namespace {

std::vector<PuzzleEntry> read(const std::string& text, std::optional<Format> format = {}) {
    return read_puzzles(text_from_string("t.txt", text), {format, {}});
}

Puzzle read_one(const std::string& text) {
    auto entries = read(text);
    EXPECT_EQ(entries.size(), 1u);
    return entries.at(0).puzzle;
}

std::string write(const Puzzle& p) {
    std::ostringstream out;
    write_puzzle(out, Format::Flowsolver, p, nullptr);
    return out.str();
}

// A node as text: "x,y", with "v" for a bridge's vertical lane.
std::string node_name(const Puzzle& p, CellId c) {
    const Coord q = p.coord(c);
    return std::to_string(q.x) + "," + std::to_string(q.y) + (p.is_lane(c) ? "v" : "");
}

// Every edge of the puzzle's graph as "a b" with a < b as strings.
std::set<std::string> edges(const Puzzle& p) {
    std::set<std::string> out;
    for (CellId c = 0; c < p.cell_count(); ++c)
        for (CellId d : p.neighbours(c)) {
            std::string a = node_name(p, c), b = node_name(p, d);
            if (b < a) std::swap(a, b);
            out.insert(a + " " + b);
        }
    return out;
}

std::set<std::string> edge_set(std::initializer_list<std::pair<std::string, std::string>> list) {
    std::set<std::string> out;
    for (auto [a, b] : list) out.insert(a < b ? a + " " + b : b + " " + a);
    return out;
}

// Labels as "name x,y x,y" (ends in reading order), for comparing puzzles by name.
std::set<std::string> label_set(const Puzzle& p) {
    std::set<std::string> out;
    for (const Label& l : p.labels) {
        std::string a = node_name(p, l.ends[0]), b = node_name(p, l.ends[1]);
        if (b < a) std::swap(a, b);
        out.insert(l.name + " " + a + " " + b);
    }
    return out;
}

std::set<std::string> open_cells(const Puzzle& p) {
    std::set<std::string> out;
    for (CellId c = 0; c < p.grid_cells(); ++c)
        if (!p.is_blocked(c)) out.insert(node_name(p, c));
    return out;
}

void expect_error(const std::string& text, int line, const std::string& words) {
    try {
        read(text, Format::Flowsolver);
        ADD_FAILURE() << "no error for:\n" << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "t.txt");
        EXPECT_EQ(e.line, line) << e.what();
        EXPECT_NE(e.message.find(words), std::string::npos) << e.what();
    }
}

void expect_write_error(const Puzzle& p, const std::string& words) {
    try {
        write(p);
        ADD_FAILURE() << "no error writing " << p.name;
    } catch (const ModelError& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

// A square board with a wall in each of its three rows of links.
const char* kStandard =
    "STANDARD\n"
    "A-.-B\n"
    "|   |\n"
    ".-. .\n"
    "| | |\n"
    "A-. B\n";

TEST(FlowsolverFormat, StandardBoardIsTheDrawnGraph) {
    EXPECT_EQ(detect_format(text_from_string("t.txt", kStandard)), Format::Flowsolver);
    const Puzzle p = read_one(kStandard);
    EXPECT_EQ(p.geometry, Geometry::Square);
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 3);
    EXPECT_EQ(p.rules, (Rules{true, true}));
    EXPECT_EQ(label_set(p), (std::set<std::string>{"A 0,0 0,2", "B 2,0 2,2"}));
    EXPECT_EQ(edges(p), edge_set({{"0,0", "1,0"},
                                  {"1,0", "2,0"},
                                  {"0,0", "0,1"},
                                  {"2,0", "2,1"},
                                  {"0,1", "1,1"},
                                  {"0,1", "0,2"},
                                  {"1,1", "1,2"},
                                  {"2,1", "2,2"},
                                  {"0,2", "1,2"}}));
    EXPECT_EQ(p.walls.size(), 3u);
    EXPECT_TRUE(p.warps.empty());
    EXPECT_TRUE(p.bridges.empty());
}

// A bridge in a plus-shaped board: four holes in the corners.
const char* kBridge =
    "BRIDGES\n"
    "  A\n"
    "  |\n"
    "B-*-B\n"
    "  |\n"
    "  A\n";

TEST(FlowsolverFormat, BridgeIsTwoLanesAndSkippedCellsAreOutside) {
    const Puzzle p = read_one(kBridge);
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 3);
    ASSERT_EQ(p.bridges.size(), 1u);
    EXPECT_EQ(node_name(p, p.bridges[0]), "1,1");
    EXPECT_EQ(edges(p), edge_set({{"1,0", "1,1v"}, {"1,1v", "1,2"}, {"0,1", "1,1"}, {"1,1", "2,1"}}));
    const std::pair<int, int> corners[] = {{0, 0}, {2, 0}, {0, 2}, {2, 2}};
    for (auto [x, y] : corners) EXPECT_TRUE(p.is_outside(p.cell(x, y)));
    EXPECT_EQ(open_cells(p).size(), 5u);
    EXPECT_TRUE(p.walls.empty());
}

// Trailing '-' after the last column and '|' below the last row wrap around.
const char* kWarps =
    "WARPS\n"
    "A-.-B-\n"
    "| |\n"
    ". .-A\n"
    "|   |\n"
    "B-.-.-\n"
    "|   |\n";

TEST(FlowsolverFormat, TrailingLinksAreWarps) {
    const Puzzle p = read_one(kWarps);
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 3);
    EXPECT_EQ(edges(p), edge_set({{"0,0", "1,0"},
                                  {"1,0", "2,0"},
                                  {"0,0", "2,0"},  // row 0 and its warp
                                  {"0,0", "0,1"},
                                  {"1,0", "1,1"},  // first link row
                                  {"1,1", "2,1"},  // row 1
                                  {"0,1", "0,2"},
                                  {"2,1", "2,2"},  // second link row
                                  {"0,2", "1,2"},
                                  {"1,2", "2,2"},
                                  {"0,2", "2,2"},  // row 2 and its warp
                                  {"0,2", "0,0"},
                                  {"2,2", "2,0"}}));  // column warps
    EXPECT_EQ(p.warps.size(), 4u);
    // The omitted links: (2,0)-(2,1), (0,1)-(1,1), (1,1)-(1,2).
    EXPECT_EQ(p.walls.size(), 3u);
}

// Odd columns drawn lower ('/' between columns 0 and 1): our odd rows, no extra row.
const char* kHexOddLower =
    "HEX\n"
    ".-.-.\n"
    "|/|\\|\n"
    ".-.-.\n";

TEST(FlowsolverFormat, HexIsTransposed) {
    const Puzzle p = read_one(kHexOddLower);
    EXPECT_EQ(p.geometry, Geometry::Hex);
    EXPECT_EQ(p.width, 2);   // the file's rows
    EXPECT_EQ(p.height, 3);  // the file's columns
    // File (column, row) is our (x, y) = (row, column); all nine edges of a 2x3 hex board.
    EXPECT_EQ(edges(p), edge_set({{"0,0", "0,1"},
                                  {"0,1", "0,2"},
                                  {"1,0", "1,1"},
                                  {"1,1", "1,2"},  // '-'
                                  {"0,0", "1,0"},
                                  {"0,1", "1,1"},
                                  {"0,2", "1,2"},  // '|'
                                  {"1,0", "0,1"},
                                  {"0,1", "1,2"}}));  // / and \ .
    EXPECT_TRUE(p.walls.empty());
    EXPECT_EQ(open_cells(p).size(), 6u);
}

// Even columns drawn lower ('\' between columns 0 and 1): one row outside the board on top.
const char* kHexEvenLower =
    "HEX\n"
    ".-.-.\n"
    "|\\|/|\n"
    ".-.-.\n";

TEST(FlowsolverFormat, HexWithEvenColumnsLowerGetsARowOnTop) {
    const Puzzle p = read_one(kHexEvenLower);
    EXPECT_EQ(p.geometry, Geometry::Hex);
    EXPECT_EQ(p.width, 2);
    EXPECT_EQ(p.height, 4);
    for (int x = 0; x < 2; ++x) EXPECT_TRUE(p.is_outside(p.cell(x, 0)));
    EXPECT_EQ(edges(p), edge_set({{"0,1", "0,2"},
                                  {"0,2", "0,3"},
                                  {"1,1", "1,2"},
                                  {"1,2", "1,3"},
                                  {"0,1", "1,1"},
                                  {"0,2", "1,2"},
                                  {"0,3", "1,3"},
                                  {"0,1", "1,2"},
                                  {"1,2", "0,3"}}));
    EXPECT_TRUE(p.walls.empty());
}

TEST(FlowsolverFormat, HexWallsAreOmittedDiagonals) {
    // The '\' of kHexOddLower left out: (0,1)-(1,2) is a wall.
    const Puzzle p = read_one("HEX\n.-.-.\n|/| |\n.-.-.\n");
    ASSERT_EQ(p.walls.size(), 1u);
    EXPECT_FALSE(p.adjacent(p.cell(0, 1), p.cell(1, 2)));
    EXPECT_EQ(edges(p).size(), 8u);
}

TEST(FlowsolverFormat, CommentsSeveralBoardsAndRules) {
    const std::string text = std::string("// two boards\n") + kStandard + "\n// a comment row is not a row\n" + kBridge;
    const auto entries = read_puzzles(text_from_string("t.txt", text), {{}, Rules{false, true}});
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].line, 2);
    EXPECT_EQ(entries[1].line, 10);
    EXPECT_EQ(entries[1].puzzle.name, "t.txt:2");
    EXPECT_EQ(entries[1].puzzle.rules, (Rules{false, true}));
    EXPECT_EQ(edges(entries[1].puzzle), edges(read_one(kBridge)));
}

TEST(FlowsolverFormat, WriterDrawsTheGraph) {
    EXPECT_EQ(write(read_one(kStandard)), kStandard);
    EXPECT_EQ(write(read_one(kBridge)), kBridge);
    EXPECT_EQ(write(read_one(kWarps)), kWarps);
    EXPECT_EQ(write(read_one(kHexOddLower)), kHexOddLower);
    // The row on top stays outside: written as an empty first column, odd columns lower.
    EXPECT_EQ(write(read_one(kHexEvenLower)), "HEX\n  .-.-.\n  |\\|/|\n  .-.-.\n");
}

void expect_round_trip(const Puzzle& p) {
    SCOPED_TRACE(p.name);
    const Puzzle back = read_one(write(p));
    EXPECT_EQ(back.geometry, p.geometry);
    EXPECT_EQ(edges(back), edges(p));
    EXPECT_EQ(label_set(back), label_set(p));
    EXPECT_EQ(open_cells(back), open_cells(p));
}

TEST(FlowsolverFormat, RoundTrips) {
    for (const char* text : {kStandard, kBridge, kWarps, kHexOddLower, kHexEvenLower})
        expect_round_trip(read_one(text));
    // Our board format's variant examples (hex, a wrapped row, a bridge in a shape).
    for (const char* name : {"hex.txt", "warp.txt", "bridge.txt"})
        for (const PuzzleEntry& e : read_puzzles(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/variants/" + name, {}))
            expect_round_trip(e.puzzle);
    // Our own examples in this format.
    for (const char* name : {"walls.txt", "warps.txt", "hex.txt", "bridges.txt"})
        for (const PuzzleEntry& e :
             read_puzzles(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/flowsolver/" + name, {}))
            expect_round_trip(e.puzzle);
    // Blocked cells become holes; the graph is the same.
    const Puzzle blocked = read_puzzles(text_from_string("b.txt", "R.G#\n....\nR#.G\n"), {}).at(0).puzzle;
    expect_round_trip(blocked);
}

TEST(FlowsolverFormat, WriterRefusesWhatItCannotDraw) {
    // A warp between two cells that are not the ends of one row or column.
    Puzzle p = read_puzzles(text_from_string("w.txt", "board 3x3\nA..\n...\n..A\nwarp 0,0 2,2\n"), {}).at(0).puzzle;
    expect_write_error(p, "cannot express warp [0, 0] - [2, 2]");
    // Label names that are not capital letters are renamed A, B, ...; 27 of them do not fit.
    std::string row1, row2;
    for (int i = 0; i < 27; ++i) row1 += static_cast<char>(i < 26 ? 'a' + i : '0'), row2 += row1.back();
    Puzzle many = read_puzzles(text_from_string("m.txt", row1 + "\n" + row2 + "\n"), {}).at(0).puzzle;
    expect_write_error(many, "at most 26 labels");
    Puzzle renamed = read_puzzles(text_from_string("r.txt", "ab\nab\n"), {}).at(0).puzzle;
    EXPECT_EQ(write(renamed), "STANDARD\nA-B\n| |\nA-B\n");
    Puzzle layers = read_puzzles(std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/adc/layers.txt", {}).at(0).puzzle;
    expect_write_error(layers, "one-layer boards");
}

TEST(FlowsolverFormat, BadInputNamesTheLine) {
    expect_error("STANDARD\nA-x-A\n", 2, "unexpected character 'x' in column 3");
    expect_error("STANDARD\nA-.\n.-A\n", 3, "off the lattice");
    expect_error("STANDARD\nA-.-A\n\n A\n", 4, "off the lattice");
    expect_error("STANDARD\nA-.-A\n|   |\n.-.\n", 3, "link '|' in column 5 has no cell to join at line 4, column 5");
    expect_error("STANDARD\nA--A\n", 2, "not between two cell positions");
    expect_error("STANDARD\nA-.\n|/|\n.-A\n", 3, "diagonals belong to HEX boards");
    expect_error("HEX\n.-.-.-.\n|/|/|\\|\nA-.-.-A\n", 3,
                 "does not fit the hex lattice of the diagonal at line 3 in column 2");
    expect_error("HEX\nA-*-A\n", 2, "bridges are on square boards only");
    expect_error("BRIDGES\nA-.-*-\n| | |\nA-.-.\n", 2, "warp '-' in column 6 ends on a bridge");
    expect_error("WARPS\nA-A-\n", 2, "neighbours already");
    expect_error("WARPS\nA-.-A\n| |\n.-.  -\n", 4, "warp '-' in column 6 has no cell to join at line 4, column 5");
    expect_error("STANDARD\nA-.-B\n| | |\nA-.-.\n", 2, "label B has only one endpoint");
    expect_error("STANDARD\nA-A-A\n| | |\nB-.-B\n", 2, "label A has a third endpoint in column 5");
    expect_error("STANDARD\nA-.\t.-A\n", 2, "tab in column 4");
    expect_error("A-.-A\n", 1, "expected a header");
    expect_error("HEX\n\n \n", 1, "no cells");
    expect_error("", 0, "empty");
    expect_error("// only a comment\n", 0, "no board");
    // Solutions are not written in this format.
    EXPECT_THROW(read_solutions(text_from_string("t.txt", kStandard), std::nullopt), InputError);
}

// ---- the real levels of the fetched FlowSolver repository, when present ----

const std::filesystem::path kMirror = "/work/.mirror/samgoldman+FlowSolver/repo";

std::string run(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return "";
    std::string out;
    char buffer[4096];
    while (std::size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    return pclose(pipe) == 0 ? out : "";
}

// The drawing's graph read independently of the reader: every link character joins the two
// text positions FlowSolver's rules give (wrapping past the last cell column or row), named as
// text positions "c,r" with "v" for a '|' reaching a '*'.
std::set<std::string> drawing_edges(const std::string& text, int& cells, int& max_c) {
    std::vector<std::string> rows;
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line))
        if (line.rfind("//", 0) != 0) rows.push_back(line);
    int max_r = 0;
    max_c = 0;
    cells = 0;
    auto at = [&](int c, int r) {
        return r >= 0 && r < int(rows.size()) && c >= 0 && c < int(rows[r].size()) ? rows[r][c] : ' ';
    };
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < int(rows[r].size()); ++c)
            if (std::string(".*").find(rows[r][c]) != std::string::npos ||
                std::isupper(static_cast<unsigned char>(rows[r][c])))
                max_c = std::max(max_c, c), max_r = std::max(max_r, r), cells += rows[r][c] == '*' ? 2 : 1;
    std::set<std::string> out;
    for (int r = 0; r < int(rows.size()); ++r)
        for (int c = 0; c < int(rows[r].size()); ++c) {
            const char ch = rows[r][c];
            int c1, r1, c2, r2;
            if (ch == '-')
                c1 = c - 1, r1 = r, c2 = c > max_c ? 0 : c + 1, r2 = r;
            else if (ch == '|')
                c1 = c, r1 = r - 1, c2 = c, r2 = r > max_r ? 0 : r + 1;
            else if (ch == '/')
                c1 = c - 1, r1 = r + 1, c2 = c + 1, r2 = r - 1;
            else if (ch == '\\')
                c1 = c - 1, r1 = r - 1, c2 = c + 1, r2 = r + 1;
            else
                continue;
            auto name = [&](int cc, int rr) {
                return std::to_string(cc) + "," + std::to_string(rr) + (ch == '|' && at(cc, rr) == '*' ? "v" : "");
            };
            std::string a = name(c1, r1), b = name(c2, r2);
            if (b < a) std::swap(a, b);
            out.insert(a + " " + b);
        }
    return out;
}

TEST(FlowsolverFormat, RealLevelsReadToTheirDrawnGraph) {
    if (!std::filesystem::exists(kMirror)) GTEST_SKIP() << kMirror << " is absent (the fetched FlowSolver repository)";
    const std::string git = "git -C " + kMirror.string() + " ";
    std::istringstream list(run(git + "ls-tree -r --name-only HEAD puzzles 2>/dev/null"));
    int levels = 0;
    for (std::string path; std::getline(list, path);) {
        if (!path.ends_with(".txt")) continue;
        SCOPED_TRACE(path);
        const std::string text = run(git + "show HEAD:" + path + " 2>/dev/null");
        ASSERT_FALSE(text.empty());
        const Puzzle p = read_puzzles(text_from_string(path, text), {}).at(0).puzzle;
        ++levels;
        int cells = 0, max_c = 0;
        const auto expected = drawing_edges(text, cells, max_c);
        EXPECT_EQ(p.cell_count() - static_cast<int>(std::count(p.blocked.begin(), p.blocked.end(), kCellOutside)),
                  cells);
        // Our nodes back to text positions: transposed on hex boards, less the row added on top.
        const int shift = p.geometry == Geometry::Hex ? p.height - (max_c / 2 + 1) : 0;
        std::set<std::string> ours;
        for (const std::string& e : edges(p)) {
            std::string out;
            std::istringstream words(e);
            for (std::string w; words >> w;) {
                int x = std::stoi(w), y = std::stoi(w.substr(w.find(',') + 1));
                const bool lane = w.back() == 'v';
                int c = 2 * x, r = 2 * y;
                if (p.geometry == Geometry::Hex) c = 2 * (y - shift), r = 2 * x;
                // Appended piece by piece: GCC 12 warns falsely on "literal" + string (bug 105329).
                if (!out.empty()) out += ' ';
                out += std::to_string(c);
                out += ',';
                out += std::to_string(r);
                if (lane) out += 'v';
            }
            const auto space = out.find(' ');
            std::string a = out.substr(0, space), b = out.substr(space + 1);
            if (b < a) std::swap(a, b);
            ours.insert(a + " " + b);
        }
        EXPECT_EQ(ours, expected);
        expect_round_trip(p);
    }
    EXPECT_GT(levels, 30);
}

}  // namespace

// FlowSolver's one bridge level (puzzles/bridges/Starter5x5_1.txt there): under flow rules our
// model (both lanes of a bridge on a path) gives one solution, D straight across the bridge and
// B straight down it, the answer FlowSolver prints too. Under nikoli rules (no cell need be
// filled, so any reading of "a bridge is filled" is allowed) there is still exactly one
// solution: this level cannot tell "both lanes" from "at least one lane" (docs/formats.md).
TEST(FlowsolverFormat, RealBridgeLevelIsUniqueUnderEveryFillReading) {
    const std::string path = "puzzles/bridges/Starter5x5_1.txt";
    if (!std::filesystem::exists(kMirror)) GTEST_SKIP() << kMirror << " is absent (the fetched FlowSolver repository)";
    const std::string text = run("git -C " + kMirror.string() + " show HEAD:" + path + " 2>/dev/null");
    if (text.empty()) GTEST_SKIP() << path << " is not in the fetched repository";
    const std::filesystem::path copy = std::filesystem::path(testing::TempDir()) / "Starter5x5_1.txt";
    {
        std::ofstream out(copy);
        out << text;
    }
    const std::string cli = std::string(NUMBERLINK_BINARY) + " ";
    EXPECT_NE(run(cli + "count " + copy.string()).find(": 1 solution"), std::string::npos);
    EXPECT_NE(run(cli + "count --rules nikoli " + copy.string()).find(": 1 solution"), std::string::npos);
    const std::string paths = run(cli + "solve --output paths " + copy.string());
    auto has_path = [&](const std::string& name, const std::string& one_way, const std::string& other_way) {
        return paths.find(name + ": " + one_way + "\n") != std::string::npos ||
               paths.find(name + ": " + other_way + "\n") != std::string::npos;
    };
    EXPECT_TRUE(has_path("D", "0,2 1,2 2,2 3,2 4,2", "4,2 3,2 2,2 1,2 0,2")) << paths;
    EXPECT_TRUE(has_path("B", "2,0 2,1 2,2 2,3", "2,3 2,2 2,1 2,0")) << paths;
    std::filesystem::remove(copy);
}

// puzz.link / pzprjs numlin URLs and pzprv3 files: bodies worked out by hand from pzprjs's
// number16 code (docs/formats.md), the errors, URL arguments, and round trips of random boards.
// tests/browser/puzzlink.test.mjs checks the same format against pzprjs itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "core/format_readers.hpp"
#include "tests/random_boards.hpp"

using namespace nl;

namespace {

std::vector<PuzzleEntry> read_all(const std::string& text, const std::string& name = "t.txt") {
    return read_puzzles(text_from_string(name, text), {});
}

Puzzle read_one(const std::string& text) {
    auto entries = read_all(text);
    EXPECT_EQ(entries.size(), 1u);
    return entries.at(0).puzzle;
}

void expect_error(const std::string& text, int line, const std::string& part) {
    try {
        read_one(text);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "t.txt");
        EXPECT_EQ(e.line, line) << e.message;
        EXPECT_NE(e.message.find(part), std::string::npos) << e.message;
    }
}

std::string written(const Puzzle& p) {
    std::ostringstream out;
    write_puzzle(out, Format::Puzzlink, p, nullptr);
    return out.str();
}

// label name -> its two cells as "x,y x,y"
std::map<std::string, std::string> ends_of(const Puzzle& p) {
    std::map<std::string, std::string> out;
    for (const Label& l : p.labels) {
        const Coord a = p.coord(l.ends[0]), b = p.coord(l.ends[1]);
        out[l.name] = std::to_string(a.x) + "," + std::to_string(a.y) + " " + std::to_string(b.x) + "," +
                      std::to_string(b.y);
    }
    return out;
}

Puzzle board(int w, int h, const std::vector<std::pair<std::string, std::array<Coord, 2>>>& labels) {
    Puzzle p = make_board(w, h);
    p.name = "hand";
    for (const auto& [name, e] : labels) p.labels.push_back({name, {p.cell(e[0].x, e[0].y), p.cell(e[1].x, e[1].y)}});
    finalize(p);
    return p;
}

}  // namespace

// pzprjs writes a 3-column, 2-row board of "1 . 1 / 2 . 2" as numlin/3/2/1g12g2 (W before H;
// 'g' is one empty cell).
TEST(PuzzlinkRead, WidthThenHeight) {
    const Puzzle p = read_one("http://pzv.jp/p.html?numlin/3/2/1g12g2\n");
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(p.name, "t.txt:1");
    EXPECT_EQ(ends_of(p), (std::map<std::string, std::string>{{"1", "0,0 2,0"}, {"2", "0,1 2,1"}}));
    // pzprjs's Numberlink does not ask every cell to be filled.
    EXPECT_EQ(p.rules, (Rules{false, true}));
}

TEST(PuzzlinkRead, EveryUrlForm) {
    for (const char* url : {"https://puzz.link/p?numlin/3/2/1g12g2", "http://pzv.jp/p.html?numlin/3/2/1g12g2",
                            "p.html?numlin/3/2/1g12g2", "p?numlin/3/2/1g12g2", "numlin/3/2/1g12g2",
                            "numlin/3/2/1g12g2/", "  https://puzz.link/p?numlin/3/2/1g12g2  "}) {
        const Puzzle p = read_one(std::string(url) + "\n");
        EXPECT_EQ(ends_of(p), (std::map<std::string, std::string>{{"1", "0,0 2,0"}, {"2", "0,1 2,1"}})) << url;
    }
}

// 23 empty cells between the ends of a 5x5 board: z (20), then i (3).
TEST(PuzzlinkRead, LongRunsOfEmptyCells) {
    const Puzzle p = read_one("numlin/5/5/1zi1\n");
    EXPECT_EQ(ends_of(p), (std::map<std::string, std::string>{{"1", "0,0 4,4"}}));
    // Cells after the body are empty: the same board without the final run.
    EXPECT_EQ(ends_of(read_one("numlin/4/2/11\n")), (std::map<std::string, std::string>{{"1", "0,0 1,0"}}));
}

// 16 = "-10", 300 = 0x12c = "+12c", 4097 = 4096 + 1 = "=001", 8192 + 0xabc = "%abc".
TEST(PuzzlinkRead, LongNumbers) {
    const Puzzle p = read_one("numlin/4/2/-10-10+12c+12C=001=001%abc%abc\n");
    EXPECT_EQ(ends_of(p), (std::map<std::string, std::string>{
                              {"16", "0,0 1,0"}, {"300", "2,0 3,0"}, {"4097", "0,1 1,1"}, {"10940", "2,1 3,1"}}));
}

TEST(PuzzlinkRead, LabelsInNumberOrder) {
    const Puzzle p = read_one("numlin/4/1/2121\n");
    ASSERT_EQ(p.labels.size(), 2u);
    EXPECT_EQ(p.labels[0].name, "1");
    EXPECT_EQ(p.labels[1].name, "2");
}

TEST(PuzzlinkRead, ManyUrlsOneALine) {
    const auto entries = read_all("numlin/3/2/1g12g2\n\nhttps://puzz.link/p?numlin/2/1/33\n");
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[1].puzzle.name, "t.txt:2");
    EXPECT_EQ(entries[1].line, 3);
    EXPECT_EQ(ends_of(entries[1].puzzle), (std::map<std::string, std::string>{{"3", "0,0 1,0"}}));
}

// The file pzprjs saves for numlin/3/2/1g12g2 with a line between the 1s: rows, then columns.
TEST(PuzzlinkRead, Pzprv3File) {
    const std::string file = "pzprv3\nnumlin\n2\n3\n1 . 1 \n2 . 2 \n1 1 \n0 0 \n0 0 0 \n";
    EXPECT_EQ(detect_format(text_from_string("t.txt", file)), Format::Puzzlink);
    const Puzzle p = read_one(file);
    EXPECT_EQ(p.width, 3);
    EXPECT_EQ(p.height, 2);
    EXPECT_EQ(ends_of(p), (std::map<std::string, std::string>{{"1", "0,0 2,0"}, {"2", "0,1 2,1"}}));
    // pzprjs also reads '/' as a line break.
    EXPECT_EQ(ends_of(read_one("pzprv3/numlin/2/3/1 . 1 /2 . 2 /1 1 /0 0 /0 0 0 /")), ends_of(p));
}

TEST(PuzzlinkRead, Detection) {
    EXPECT_EQ(detect_format(text_from_string("t", "https://puzz.link/p?numlin/3/2/1g12g2\n")), Format::Puzzlink);
    EXPECT_EQ(detect_format(text_from_string("t", "numlin/3/2/1g12g2\n")), Format::Puzzlink);
    EXPECT_EQ(detect_format(text_from_string("t", "A.A\nB.B\n")), Format::Ascii);
}

TEST(PuzzlinkRead, Errors) {
    expect_error("numlin/3/2/1g1.g.\n", 1, "'?' clue");
    expect_error("numlin/3/2/1g12g3\n", 1, "number 2 appears 1 time ([0, 1])");
    expect_error("numlin/3/1/111\n", 1, "number 1 appears 3 times");
    expect_error("numlin/2/1/111\n", 1, "character 3 '1': the board's 2 cells are already filled");
    expect_error("numlin/2/2/1j\n", 1, "skips 4 cells, past the end");
    expect_error("numlin/3/2/1G1\n", 1, "character 2 'G': not a number16 character");
    expect_error("numlin/3/2/1!1\n", 1, "not a number16 character");
    expect_error("numlin/3/2/-1\n", 1, "needs 2 hexadecimal digits");
    expect_error("numlin/3/2/+1x2\n", 1, "needs 3 hexadecimal digits");
    expect_error("numlin/0/2/\n", 1, "width must be at least 1");
    expect_error("numlin/x/2/11\n", 1, "width 'x' is not a number");
    expect_error("numlin/3\n", 1, "numlin/WIDTH/HEIGHT/BODY");
    expect_error("numlin/3/2/11/22\n", 1, "numlin/WIDTH/HEIGHT/BODY");
    expect_error("numlin/3/2/1g12g2\nhttps://puzz.link/p?slither/3/2/abc\n", 2, "puzzle type is 'slither'");
    expect_error("numlin/99999/99999/\n", 1, "");
    expect_error("pzprv3\nnumlin\n2\n3\n1 . 1\n2 - 2\n", 6, "'?' clue");
    expect_error("pzprv3\nnumlin\n2\n3\n1 . 1\n2 2\n", 6, "has 2 cells, but the file says 3 columns");
    expect_error("pzprv3\nnumlin\n2\n3\n1 . 1\n", 5, "ends before all its rows");
    expect_error("pzprv3\nslither\n2\n3\n", 2, "'slither', expected 'numlin'");
    expect_error("pzprv3\nnumlin\n2\n3\n1 . 1\n2 x 2\n", 6, "'x' is not a number");
}

// The bodies pzprjs's encoder writes, worked out by hand.
TEST(PuzzlinkWrite, HandMadeBoards) {
    EXPECT_EQ(written(board(3, 2, {{"1", {{{0, 0}, {2, 0}}}}, {"2", {{{0, 1}, {2, 1}}}}})),
              "https://puzz.link/p?numlin/3/2/1g12g2\n");
    EXPECT_EQ(written(board(5, 5, {{"1", {{{0, 0}, {4, 4}}}}})), "https://puzz.link/p?numlin/5/5/1zi1\n");
    // A final run is written out; exactly 20 is one z, 21 is zg.
    EXPECT_EQ(written(board(3, 1, {{"1", {{{0, 0}, {1, 0}}}}})), "https://puzz.link/p?numlin/3/1/11g\n");
    EXPECT_EQ(written(board(22, 1, {{"1", {{{0, 0}, {1, 0}}}}})), "https://puzz.link/p?numlin/22/1/11z\n");
    EXPECT_EQ(written(board(23, 1, {{"1", {{{0, 0}, {1, 0}}}}})), "https://puzz.link/p?numlin/23/1/11zg\n");
    EXPECT_EQ(written(board(4, 2, {{"16", {{{0, 0}, {1, 0}}}}, {"300", {{{2, 0}, {3, 0}}}},
                                   {"4095", {{{0, 1}, {3, 1}}}}})),
              "https://puzz.link/p?numlin/4/2/-10-10+12c+12c+fffh+fff\n");
}

TEST(PuzzlinkWrite, LettersAreNumberedInLabelOrder) {
    const Puzzle p = read_puzzles(text_from_string("t", "B.B\nA.A\n"), {}).at(0).puzzle;
    EXPECT_EQ(written(p), "https://puzz.link/p?numlin/3/2/1g12g2\n");
}

TEST(PuzzlinkWrite, Refusals) {
    auto refused = [](const Puzzle& p, const std::string& part) {
        try {
            written(p);
            ADD_FAILURE() << "written";
        } catch (const ModelError& e) {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    };
    Puzzle mixed = make_board(4, 1);
    mixed.labels = {{"1", {0, 1}}, {"A", {2, 3}}};
    finalize(mixed);
    refused(mixed, "labels mix numbers");
    refused(board(2, 1, {{"4096", {{{0, 0}, {1, 0}}}}}), "label 4096 is not a number a numlin URL holds");
    refused(board(2, 1, {{"07", {{{0, 0}, {1, 0}}}}}), "no leading zero");
    Puzzle blocked = make_board(3, 1);
    blocked.blocked[2] = kCellBlocked;
    blocked.labels = {{"1", {0, 1}}};
    finalize(blocked);
    refused(blocked, "blocked cells");
    Puzzle layered = make_board(2, 1, 2);
    layered.labels = {{"1", {0, 3}}};
    finalize(layered);
    refused(layered, "one layer");
    Puzzle hex = make_board(2, 2);
    hex.geometry = Geometry::Hex;
    hex.labels = {{"1", {0, 3}}};
    finalize(hex);
    refused(hex, "");
}

// Random boards with letters: written, read back, the same cells numbered 1..n in label order;
// and a URL read and written again is the same text.
TEST(PuzzlinkWrite, RoundTripsRandomBoards) {
    testing_boards::Rng rng{0x9e3779b97f4a7c15ull};
    const testing_boards::BoardShape shape{1, 30, 0, 12};
    for (int k = 0; k < 500; ++k) {
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        const std::string url = written(p);
        const Puzzle back = read_one(url);
        ASSERT_EQ(back.width, p.width);
        ASSERT_EQ(back.height, p.height);
        ASSERT_EQ(back.labels.size(), p.labels.size()) << url;
        // Labels come back ordered by number, which is the original label order.
        for (std::size_t l = 0; l < p.labels.size(); ++l) {
            EXPECT_EQ(back.labels[l].name, std::to_string(l + 1));
            // A URL has no order of a label's two ends: compared as sets.
            auto a = back.labels[l].ends, b = p.labels[l].ends;
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            EXPECT_EQ(a, b) << url;
        }
        EXPECT_EQ(written(back), url);
    }
}

TEST(PuzzlinkArgument, UrlsAreTheirOwnText) {
    EXPECT_TRUE(is_puzzlink_argument("https://puzz.link/p?numlin/3/2/1g12g2"));
    EXPECT_TRUE(is_puzzlink_argument("http://pzv.jp/p.html?numlin/3/2/1g12g2"));
    EXPECT_TRUE(is_puzzlink_argument("numlin/3/2/1g12g2"));
    EXPECT_FALSE(is_puzzlink_argument("numlin/puzzle.txt"));
    EXPECT_FALSE(is_puzzlink_argument("https://puzz.link/p?slither/3/3/abc"));
    EXPECT_FALSE(is_puzzlink_argument("puzzles/numlin.txt"));
    const TextFile f = load_text("https://puzz.link/p?numlin/3/2/1g12g2");
    EXPECT_EQ(f.name, "puzz.link");
    const auto entries = read_puzzles(f, {});
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].puzzle.name, "puzz.link:1");
    // A bad URL is an error naming it as puzz.link, line 1.
    try {
        read_puzzles(load_text("numlin/3/2/1g1.g."), {});
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file, "puzz.link");
        EXPECT_EQ(e.line, 1);
    }
}

// Random bodies over pzprjs's alphabet and a few strangers: each reads as a puzzle or is an
// InputError naming line 1; a body that reads writes back to the text pzprjs would write, which
// reads as the same puzzle.
TEST(PuzzlinkRead, RandomBodiesReadOrFailCleanly) {
    static constexpr std::string_view kAlphabet = "0123456789abcdef-+=%.ghijklmnopqrstuvwxyzAG!/?";
    testing_boards::Rng rng{12345};
    int read = 0;
    for (int k = 0; k < 3000; ++k) {
        const int w = 1 + rng.below(6), h = 1 + rng.below(6);
        std::string body;
        for (int n = rng.below(12); n > 0; --n) body += kAlphabet[static_cast<std::size_t>(rng.below(kAlphabet.size()))];
        const std::string url = "numlin/" + std::to_string(w) + "/" + std::to_string(h) + "/" + body;
        try {
            const Puzzle p = read_one(url + "\n");
            ++read;
            if (std::all_of(p.labels.begin(), p.labels.end(), [](const Label& l) { return std::stoi(l.name) <= 4095; })) {
                EXPECT_EQ(ends_of(read_one(written(p))), ends_of(p)) << url;
            }
        } catch (const InputError& e) {
            EXPECT_EQ(e.line, 1) << url;
        }
    }
    EXPECT_GT(read, 0);
}

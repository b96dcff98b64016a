// `numberlink generate --variant ...` end to end: JSON and board output read back,
// solutions pass the checker (through `numberlink check` too), uniqueness holds by the
// exhaustive search, a seed gives the same bytes, and usage errors exit 2 with a clear message.
#include <gtest/gtest.h>

#include "cli_fixture.hpp"
#include "generated_packs.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::testing_cli;

namespace {

class CliGenerateVariants : public CliTest {};

}  // namespace

TEST_F(CliGenerateVariants, JsonIsTheDefaultAndReadsBackUniqueForEveryVariant) {
    for (const std::string v : {"hex", "warp", "bridges", "shape"}) {
        const Result r = run("generate --variant " + v + " --size 6x5 --seed 3 --count 3 --no-blocked --unique -o " + v +
                             ".json");
        ASSERT_EQ(r.code, 0) << v << ": " << r.err;
        EXPECT_EQ(lines_of(r.err).size(), 3u) << r.err;  // one report per puzzle
        const auto entries = expect_valid_pack((work() / (v + ".json")).string(), *rules_from_name("flow"), true);
        ASSERT_EQ(entries.size(), 3u) << v;
        for (const PuzzleEntry& e : entries) {
            if (v == "hex") {
                EXPECT_EQ(e.puzzle.geometry, Geometry::Hex);
            }
            if (v == "warp") {
                EXPECT_FALSE(e.puzzle.warps.empty());
            }
            if (v == "bridges") {
                EXPECT_FALSE(e.puzzle.bridges.empty());
            }
            if (v == "shape") {
                EXPECT_GT(std::count(e.puzzle.blocked.begin(), e.puzzle.blocked.end(), kCellOutside), 0);
            }
        }
        EXPECT_TRUE(contains(read(v + ".json"), "\"variant\":\"" + v + "\"")) << v;
    }
}

TEST_F(CliGenerateVariants, BoardOutputWithSolutionsAlongsideChecks) {
    const Result r = run("generate --variant bridges --bridges 2 --size 8x8 --seed 5 --count 2 --unique --rules strict "
                         "--output board -o p.txt --solutions s.txt");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.err, "generated:1: 8x8 2 bridges, ")) << r.err;
    const std::string board = read("p.txt");
    EXPECT_TRUE(contains(board, "board 8x8\n")) << board;
    EXPECT_EQ(std::count(board.begin(), board.end(), '+'), 4) << board;  // 2 bridges on each of 2 boards
    const Result check = run("check --rules strict p.txt s.txt");
    EXPECT_EQ(check.code, 0) << check.out << check.err;
    EXPECT_TRUE(contains(check.out + check.err, "2 valid, 0 invalid")) << check.out << check.err;
}

TEST_F(CliGenerateVariants, ASeedGivesTheSameBytes) {
    const std::string args = "generate --variant warp --warps 3 --size 9x7 --seed 11 --count 2 --no-blocked --unique "
                             "--output board -q";
    const Result a = run(args), b = run(args), c = run(args + " --seed 12");
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out, c.out);
    EXPECT_EQ(lines_of(a.out).size(), 2u * (1 + 7 + 3) + 1) << a.out;  // header, rows, warps; a blank line between
}

TEST_F(CliGenerateVariants, BadUsageIsExit2) {
    struct Bad {
        std::string args, message;
    };
    for (const Bad& bad : {
             Bad{"--variant cube --size 6x6", "--variant takes square|hex|warp|bridges|shape, not 'cube'"},
             Bad{"--warps 2 --size 6x6", "--warps needs --variant warp"},
             Bad{"--variant hex --bridges 2 --size 6x6", "--bridges needs --variant bridges"},
             Bad{"--variant bridges --size 2x6", "bridges need a board of at least 3x3"},
             Bad{"--variant bridges --bridges 10 --size 5x5", "10 bridges: a 5x5 board takes at most 3"},
             Bad{"--variant warp --warps 0 --size 6x6", "--warps must be at least 1"},
             Bad{"--variant hex --size 6x6 --output ascii", "the ascii format cannot hold variant boards"},
             Bad{"--variant shape --size 6x6 --no-blocked --output levelpack", "cannot hold variant boards"},
         }) {
        const Result r = run("generate " + bad.args + " -o out.txt");
        EXPECT_EQ(r.code, 2) << bad.args << ": " << r.err;
        EXPECT_TRUE(contains(r.err, bad.message)) << bad.args << ": " << r.err;
        EXPECT_FALSE(fs::exists(work() / "out.txt")) << bad.args;
    }
}

TEST_F(CliGenerateVariants, SquareIsThePlainBoard) {
    const std::string args = "generate --size 8x6 --seed 42 --count 4 --no-blocked --unique";
    const Result plain = run(args), square = run(args + " --variant square");
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_EQ(plain.out, square.out);
    EXPECT_EQ(plain.out, slurp(std::string(NUMBERLINK_SOURCE_DIR) + "/tests/expected/generate_8x6_seed42.txt"));
}

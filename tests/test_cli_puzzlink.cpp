// puzz.link URLs on the command line: a URL argument is the puzzle itself, a real file of the
// same name still wins, and the writers refuse what a numlin URL cannot hold.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_fixture.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_cli::contains;

const std::string kFive = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/ascii/five.txt";

class CliPuzzlink : public CliTest {};

}  // namespace

// 1 . 1 over 2 . 2: each number has one way to its twin.
TEST_F(CliPuzzlink, UrlArgument) {
    for (const char* url : {"'https://puzz.link/p?numlin/3/2/1g12g2'", "'http://pzv.jp/p.html?numlin/3/2/1g12g2'",
                            "numlin/3/2/1g12g2"}) {
        const auto r = run(std::string("unique ") + url);
        EXPECT_EQ(r.code, 0) << url << r.err;
        EXPECT_EQ(r.out, "puzz.link:1: unique\n") << url;
    }
}

TEST_F(CliPuzzlink, AFileOfThatNameIsReadInstead) {
    std::filesystem::create_directories(work() / "numlin" / "3" / "2");
    write("numlin/3/2/1g12g2", "AB\nAB\n");
    const auto r = run("info --output json numlin/3/2/1g12g2");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "\"name\":\"numlin/3/2/1g12g2:1\"")) << r.out;
    EXPECT_TRUE(contains(r.out, "\"width\":2")) << r.out;
}

TEST_F(CliPuzzlink, BadUrlArgument) {
    const auto r = run("info 'https://puzz.link/p?numlin/3/2/1g1.g.'");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "puzz.link:1: numlin body, character 4: cell [0, 1] holds a '?' clue")) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST_F(CliPuzzlink, ConvertWritesOneLineAPuzzle) {
    write("two.txt", "A.A\nB.B\n\nAB\nAB\n");
    const auto r = run("convert --to puzzlink two.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "https://puzz.link/p?numlin/3/2/1g12g2\nhttps://puzz.link/p?numlin/2/2/1212\n");
}

TEST_F(CliPuzzlink, Refusals) {
    write("blocked.txt", "A#A\n");
    auto r = run("convert --to puzzlink blocked.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "blocked.txt:1: cannot write as puzzlink: the puzzlink format cannot express blocked"))
        << r.err;
    r = run("generate --size 5x5 --seed 1 --output puzzlink");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "--no-blocked")) << r.err;
    r = run("solve --output puzzlink " + kFive);
    EXPECT_EQ(r.code, 2);
}

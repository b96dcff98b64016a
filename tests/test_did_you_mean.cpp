// Suggestions for mistyped names (frontend/did_you_mean.hpp), alone and in the command line's
// messages.
#include <filesystem>

#include <gtest/gtest.h>

#include "frontend/did_you_mean.hpp"
#include "cli_fixture.hpp"

namespace {

using nl::frontend::closest_name;
using nl::frontend::did_you_mean;

const std::vector<std::string> kNames = {"solve", "unique", "count", "generate", "info", "check", "convert"};

TEST(DidYouMean, SlipsFindTheirName) {
    EXPECT_EQ(closest_name("sovle", kNames), "solve");     // two letters swapped
    EXPECT_EQ(closest_name("slove", kNames), "solve");
    EXPECT_EQ(closest_name("uniqe", kNames), "unique");    // one left out
    EXPECT_EQ(closest_name("countt", kNames), "count");    // one too many
    EXPECT_EQ(closest_name("genrate", kNames), "generate");
    EXPECT_EQ(closest_name("--rulez", {"--rules", "--rule-set", "--timeout"}), "--rules");
    EXPECT_EQ(did_you_mean("chekc", kNames), "; did you mean 'check'?");
}

TEST(DidYouMean, OtherWordsGetNoGuess) {
    EXPECT_EQ(closest_name("frobnicate", kNames), std::nullopt);
    EXPECT_EQ(closest_name("ab", kNames), std::nullopt);  // too short to tell a slip
    EXPECT_EQ(closest_name("solve", kNames), std::nullopt);  // not mistyped
    EXPECT_EQ(did_you_mean("xyz", kNames), "");
}

class DidYouMeanCli : public nl::testing_cli::CliTest {};

TEST_F(DidYouMeanCli, TheCommandLineSuggests) {
    const auto sub = run("sovle x.txt");
    EXPECT_EQ(sub.code, 2);
    EXPECT_EQ(sub.err, "numberlink: unknown subcommand 'sovle'; did you mean 'solve'? (try --help)\n");
    const auto option = run("solve --rulez flow x.txt");
    EXPECT_EQ(option.code, 2);
    EXPECT_EQ(option.err, "numberlink: unrecognised option '--rulez'; did you mean '--rules'?\n(try --help)\n");
    const auto unknown = run("solve --frobnicate x.txt");
    EXPECT_EQ(unknown.err, "numberlink: unrecognised option '--frobnicate'\n(try --help)\n");
}

TEST(DidYouMean, TheStartOfOneNameIsThatName) {
    EXPECT_EQ(closest_name("--output", {"--output-file", "--rules"}), "--output-file");
    EXPECT_EQ(closest_name("--max", {"--max", "--max-memory"}), std::nullopt);  // a name itself
    EXPECT_EQ(closest_name("--ti", {"--timeout"}), std::nullopt);  // too short to tell
    EXPECT_EQ(closest_name("--max-", {"--max-memory", "--max-waiting"}), std::nullopt);  // two
}

TEST_F(DidYouMeanCli, AbbreviationsAreRefusedAndNothingIsWritten) {
    // encode has --output-file but no --output: "--output json" must not write a file "json".
    write("five.txt", "R...G\n.....\n.Y...\n..B..\nB.YRG\n");
    const auto r = run("encode --output json five.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "numberlink: unrecognised option '--output'; did you mean '--output-file'?\n(try --help)\n");
    EXPECT_FALSE(std::filesystem::exists(work() / "json"));
    const auto time = run("solve --time 5 five.txt");
    EXPECT_EQ(time.code, 2);
    EXPECT_EQ(time.err, "numberlink: unrecognised option '--time'; did you mean '--timeout'?\n(try --help)\n");
}

}  // namespace

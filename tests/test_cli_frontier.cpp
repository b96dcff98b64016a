// `count --engine frontier` and `unique --engine frontier` end to end: counts, exact counts
// beyond 64 bits, verdicts equal to the exhaustive search's, --max, --timeout, and the usage
// errors for what the engine does not take (docs/counting.md, "The frontier engine").
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_fixture.hpp"

using nlohmann::json;
using namespace nl::testing_cli;

namespace {

const std::string kPuzzles = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";

// An n x n board (stream format) with label A at two opposite corners.
std::string corners(int n) {
    std::string rows;
    for (int y = 0; y < n; ++y) {
        std::string row(n, '.');
        if (y == 0) row[0] = 'A';
        if (y == n - 1) row[n - 1] = 'A';
        rows += row + "\n";
    }
    return std::to_string(n) + " " + std::to_string(n) + "\n" + rows;
}

class FrontierCli : public CliTest {};

}  // namespace

TEST_F(FrontierCli, CountsUnderEveryPreset) {
    write("c.txt", "A..\n...\n..A\n");
    // flow: by rows or by columns; nikoli: A007764(3) = 12; adc: 6 (docs/counting.md); strict: 0.
    const std::pair<const char*, const char*> expected[] = {
        {"flow", "2 solutions"}, {"nikoli", "12 solutions"}, {"adc", "6 solutions"}, {"strict", "0 solutions"}};
    for (const auto& [rules, text] : expected) {
        const Result r = run(std::string("count --engine frontier --rules ") + rules + " c.txt");
        EXPECT_EQ(r.code, 0) << rules << r.err;
        EXPECT_EQ(r.out, std::string("c.txt:1: ") + text + "\n") << rules;
    }
}

TEST_F(FrontierCli, CountBeyondSixtyFourBitsIsExact) {
    // OEIS A007764(10) = 41044208702632496804 > 2^63: printed whole, and as a JSON string.
    write("c10.txt", corners(10));
    Result r = run("count --engine frontier --rules nikoli c10.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "c10.txt:1: 41044208702632496804 solutions\n");
    r = run("count --engine frontier --rules nikoli --output json c10.txt");
    const json j = json::parse(r.out);
    EXPECT_EQ(j["count"], "41044208702632496804");
    EXPECT_EQ(j["engine"], "frontier");
    // A smaller one stays a JSON number: A007764(6).
    write("c6.txt", corners(6));
    EXPECT_EQ(json::parse(run("count --engine frontier --rules nikoli --output json c6.txt").out)["count"], 1262816);
}

TEST_F(FrontierCli, MaxReportsAtLeast) {
    write("c.txt", "A..\n...\n..A\n");
    Result r = run("count --engine frontier --rules nikoli --max 5 c.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "c.txt:1: at least 5 solutions\n");
    r = run("count --engine frontier --rules nikoli --max 12 --all c.txt");  // exactly the cap: exact
    EXPECT_TRUE(contains(r.out, "c.txt:1: 12 solutions\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "solution 12:")) << r.out;
}

TEST_F(FrontierCli, UniqueVerdictsEqualTheSearch) {
    for (const std::string file : {"ascii/five.txt", "ascii/touch.txt", "ascii/corners.txt", "ascii/blocked.txt",
                                   "stream/nine.txt", "stream/two.txt"})
        for (const std::string rules : {"flow", "nikoli", "adc", "strict"}) {
            const Result frontier = run("unique -q --engine frontier --rules " + rules + " " + kPuzzles + file);
            const Result search = run("unique -q --engine search --rules " + rules + " " + kPuzzles + file);
            EXPECT_EQ(frontier.code, search.code) << file << " " << rules << frontier.err;
            EXPECT_EQ(frontier.out, search.out) << file << " " << rules;
            EXPECT_FALSE(frontier.out.empty());
        }
}

TEST_F(FrontierCli, UniquePrintsTwoCheckedSolutions) {
    const Result r = run("unique --engine frontier --rules nikoli --output json " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["verdict"], "multiple");
    ASSERT_EQ(j["solutions"].size(), 2u);
    EXPECT_NE(j["solutions"][0], j["solutions"][1]);
}

TEST_F(FrontierCli, TimeoutStopsTheCount) {
    write("c14.txt", corners(14));
    const Result r = run("count --engine frontier --rules nikoli --timeout 0.05 c14.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.out, "c14.txt:1: at least 0 solutions (timeout)\n");
    const Result u = run("unique --engine frontier --rules nikoli --timeout 0.05 c14.txt");
    EXPECT_EQ(u.out, "c14.txt:1: timeout\n");
}

TEST_F(FrontierCli, UnsupportedPuzzlesAreRefused) {
    write("c.txt", "A..\n...\n..A\n");
    // One colouring may come from several path sets under flow and nikoli rules.
    Result r = run("count --engine frontier --distinct colours --rules flow c.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "--distinct colours")) << r.err;
    // Under adc a colouring fixes the paths: accepted, the same count as paths.
    r = run("count --engine frontier --distinct colours --rules adc c.txt");
    EXPECT_EQ(r.out, "c.txt:1: 6 solutions\n");
    // A 3-D board: refused as that puzzle's error; the 2-D puzzle before it is still counted.
    r = run("count --engine frontier --rules nikoli c.txt " + kPuzzles + "adc/layers.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "c.txt:1: 12 solutions\n");
    EXPECT_TRUE(contains(r.err, "2 layers")) << r.err;
    r = run("count --engine frontier2 c.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "sat, search or frontier")) << r.err;
}

// Batches read one puzzle at a time: a bad file or puzzle is reported in its place and the rest
// is answered (exit 2 at the end), and the memory of a batch does not grow with its length.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "cli_fixture.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_cli::contains;
using nl::testing_cli::lines_of;

const std::string kFive = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/ascii/five.txt";
const std::string kNine = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/stream/nine.txt";

std::vector<nlohmann::json> json_records(const std::string& text) {
    std::vector<nlohmann::json> records;
    for (const std::string& line : lines_of(text))
        if (!line.empty() && line[0] == '{') records.push_back(nlohmann::json::parse(line));
    return records;
}

class CliBatchInput : public CliTest {};

}  // namespace

TEST_F(CliBatchInput, ABadFileDoesNotStopTheBatch) {
    write("bad.txt", "AB\n");
    for (const char* jobs : {"1", "2"}) {
        const auto r = run(std::string("solve --jobs ") + jobs + " --output json " + kFive + " bad.txt " + kNine);
        EXPECT_EQ(r.code, 2) << r.err;
        const auto records = json_records(r.out);
        ASSERT_EQ(records.size(), 3u) << r.out;
        EXPECT_EQ(records[0]["status"], "solved");
        EXPECT_EQ(records[1]["name"], "bad.txt:1");
        EXPECT_EQ(records[1]["status"], "error");
        EXPECT_EQ(records[1]["file"], "bad.txt");
        EXPECT_EQ(records[1]["line"], 1);
        EXPECT_TRUE(contains(records[1]["error"].get<std::string>(), "label A appears only once")) << r.out;
        EXPECT_EQ(records[2]["status"], "solved");
        EXPECT_TRUE(contains(r.err, "bad.txt:1: label A appears only once")) << r.err;
    }
}

TEST_F(CliBatchInput, ABadPuzzleInsideAFileIsReportedInItsPlace) {
    // Three ASCII puzzles; the second has a label with one end.
    write("three.txt", "A.A\nB.B\n\nB..\n.C.\n..B\n\nD.D\n");
    const auto grid = run("solve three.txt");
    EXPECT_EQ(grid.code, 2);
    EXPECT_TRUE(contains(grid.out, "three.txt:1: solved")) << grid.out;
    EXPECT_TRUE(contains(grid.out, "three.txt:3: solved")) << grid.out;
    EXPECT_FALSE(contains(grid.out, "three.txt:2")) << grid.out;  // the grid is for a person: stderr has it
    EXPECT_TRUE(contains(grid.err, "three.txt:5: label C appears only once")) << grid.err;

    const auto quiet = run("solve -q --jobs 2 three.txt");
    EXPECT_EQ(quiet.code, 2);
    const auto lines = lines_of(quiet.out);
    ASSERT_GE(lines.size(), 3u) << quiet.out;
    EXPECT_EQ(lines[0].rfind("three.txt:1 solved", 0), 0u) << quiet.out;
    EXPECT_EQ(lines[1], "three.txt:2 error 0.000 0 0 -");
    EXPECT_EQ(lines[2].rfind("three.txt:3 solved", 0), 0u) << quiet.out;
}

TEST_F(CliBatchInput, UniqueAndCountAnswerTheOthersToo) {
    write("bad.txt", "AB\n");
    for (const char* command : {"unique", "count"}) {
        const auto r = run(std::string(command) + " --jobs 2 --output json " + kFive + " bad.txt " + kFive);
        EXPECT_EQ(r.code, 2) << command << r.err;
        const auto records = json_records(r.out);
        ASSERT_EQ(records.size(), 3u) << r.out;
        EXPECT_EQ(records[1]["status"], "error");
        EXPECT_EQ(records[1]["name"], "bad.txt:1");
        EXPECT_FALSE(records[0].contains("status") && records[0]["status"] == "error");
        EXPECT_FALSE(records[2].contains("status") && records[2]["status"] == "error");
    }
}

TEST_F(CliBatchInput, InfoAndConvertReportTheBadOneAndGoOn) {
    write("bad.txt", "AB\n");
    const auto info = run("info " + kFive + " bad.txt " + kNine);
    EXPECT_EQ(info.code, 2);
    EXPECT_EQ(lines_of(info.out).size(), 2u) << info.out;
    EXPECT_TRUE(contains(info.err, "bad.txt:1:")) << info.err;
    const auto convert = run("convert --to json " + kFive + " bad.txt " + kNine);
    EXPECT_EQ(convert.code, 2);
    EXPECT_EQ(json_records(convert.out).size(), 2u) << convert.out;
}

// The memory cap (ulimit -v) shows what the batch holds at once; AddressSanitizer reserves
// terabytes of address space, so these run in the plain build only.
#if defined(__SANITIZE_ADDRESS__)
#define SKIP_UNDER_ASAN() GTEST_SKIP() << "ulimit -v cannot be combined with AddressSanitizer"
#else
#define SKIP_UNDER_ASAN() (void)0
#endif

TEST_F(CliBatchInput, MemoryIsBoundedByThePuzzlesInFlight) {
    SKIP_UNDER_ASAN();
    // Thirty lines of 74 bytes, each a 2000 x 2000 board (about 100 MB once built): read whole,
    // the batch held all of them (about 3 GB); read one at a time, a few. 1.5 GB of address
    // space leaves room for several in flight and for the threads' stacks, not for thirty.
    std::string lines;
    for (int i = 0; i < 30; ++i)
        lines += "{\"width\":2000,\"height\":2000,\"labels\":[{\"name\":\"A\",\"ends\":[[0,0],[1,1]]}]}\n";
    write("big.jsonl", lines);
    const auto info = run("info big.jsonl", "ulimit -v 1500000 &&");
    EXPECT_EQ(info.code, 0) << info.err;
    EXPECT_EQ(lines_of(info.out).size(), 30u);
    // Solved two at a time (parity proves each unsolvable at once).
    const auto solve = run("solve -q --jobs 2 big.jsonl", "ulimit -v 1500000 &&");
    EXPECT_EQ(solve.code, 1) << solve.err;
    EXPECT_EQ(lines_of(solve.out).size(), 31u) << solve.out;  // 30 puzzles and the totals
}

TEST_F(CliBatchInput, JobsBeyondTheBoundAreRefused) {
    // A million jobs would be a million threads, failing to start (exit 70); refused at once.
    for (const char* command : {"solve", "unique", "count"}) {
        const auto r = run(std::string(command) + " --jobs 1000000 " + kFive);
        EXPECT_EQ(r.code, 2) << command << r.err;
        EXPECT_TRUE(contains(r.err, "--jobs takes 1 to 256, not 1000000")) << r.err;
    }
    EXPECT_EQ(run("solve --jobs 256 " + kFive).code, 0);
}

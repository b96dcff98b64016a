// The command line, end to end: runs the real binary on small files in a fresh temporary
// directory and checks exit codes, stdout, stderr and the files it writes.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli_fixture.hpp"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace nl::testing_cli;

namespace {

// Small puzzles shared by the tests.
const char* const kPuzzle = "ABC\n...\nABC\n";  // solved by its three columns
const char* const kSolution = "ABC\nABC\nABC\n";
const char* const kTwoPuzzles = "A.B#\n....\nA.B.\n\nCD\nCD\n";  // the first has a blocked cell
const char* const kBlockedSecond = "CD\nCD\n\nA.B#\n....\nA.B.\n";
const std::string kJsonObject =
    R"({"name":"x","width":3,"height":3,"labels":[{"name":"A","ends":[[0,0],[0,2]]}]})";
// The worked example of the level-pack format, and a 2x2 line; both carry valid solutions.
const char* const kLevelpack =
    "5,0,1,4; 3,8,7,12,17,18,19; 4,9,14,13; 2,1,6,11,16; 0,5,10,15,20,21,22,23,24\n"
    "2,0,2,2;0,2;1,3\n";

// A usage error: exit 2, a message on stderr, nothing on stdout.
void expect_usage_error(const Result& r, const std::string& word) {
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, word)) << "stderr: " << r.err;
}

// Bad input: exit 2, exactly one line "FILE:LINE: message" on stderr ("FILE: message" when
// `line` is 0, as errors.hpp documents) whose message contains `word`, and on stdout `out`: the
// other puzzles of the batch, which are still read (nothing when the bad one is the only one).
void expect_input_error(const Result& r, const std::string& file, int line,
                        const std::string& word, const std::string& out = "") {
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, out);
    ASSERT_FALSE(r.err.empty());
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "not exactly one line: " << r.err;
    std::string prefix = file;  // built with += : GCC 12 warns falsely on operator+ (bug 105329)
    if (line > 0) {
        prefix += ':';
        prefix += std::to_string(line);
    }
    prefix += ": ";
    EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << "expected prefix '" << prefix << "': " << r.err;
    EXPECT_TRUE(contains(r.err, word)) << "expected '" << word << "' in: " << r.err;
}


// The shared fixture (cli_fixture.hpp) plus a helper for bad input files.
class CliCase : public CliTest {
   protected:
    // Writes `name`, runs `numberlink COMMAND name` and expects a bad-input error.
    void bad(const std::string& name, const std::string& content, int line, const std::string& word,
             const std::string& command = "info", const std::string& out = "") const {
        write(name, content);
        expect_input_error(run(command + " " + name), name, line, word, out);
    }
};

}  // namespace

class CliUsage : public CliCase {};
class CliBadInput : public CliCase {};
class CliCheck : public CliCase {};
class CliConvert : public CliCase {};
class CliOutputFile : public CliCase {};
class CliColor : public CliCase {};
class CliInfo : public CliCase {};

// ---- usage ----

TEST_F(CliUsage, HelpAndVersion) {
    Result help = run("--help");
    EXPECT_EQ(help.code, 0);
    EXPECT_TRUE(contains(help.out, "usage: numberlink SUBCOMMAND")) << help.out;
    for (const char* sub : {"info", "check", "convert"}) EXPECT_TRUE(contains(help.out, sub)) << sub;
    EXPECT_EQ(help.err, "");
    Result version = run("--version");
    EXPECT_EQ(version.code, 0);
    EXPECT_EQ(version.out, "numberlink " NUMBERLINK_VERSION "\n");
}

TEST_F(CliUsage, SubcommandHelp) {
    for (const std::string sub : {"info", "check", "convert"}) {
        Result r = run(sub + " --help");
        EXPECT_EQ(r.code, 0) << sub;
        EXPECT_TRUE(contains(r.out, "usage: numberlink " + sub)) << r.out;
        EXPECT_TRUE(contains(r.out, "--rules")) << r.out;
        EXPECT_EQ(r.err, "");
    }
}

TEST_F(CliUsage, UnknownSubcommand) { expect_usage_error(run("frobnicate x.txt"), "frobnicate"); }

TEST_F(CliUsage, UnknownOption) {
    write("p.txt", kPuzzle);
    expect_usage_error(run("info --frob p.txt"), "--frob");
}

TEST_F(CliUsage, MissingFileArgument) {
    for (const char* args : {"info", "check", "convert --to json"})
        expect_usage_error(run(args), "missing FILE");
}


TEST_F(CliUsage, NoArgumentsIsAUsageError) { expect_usage_error(run(""), "usage"); }

TEST_F(CliUsage, BadOptionValues) {
    write("p.txt", kPuzzle);
    expect_usage_error(run("info --rules loose p.txt"), "loose");
    expect_usage_error(run("check --rules loose p.txt p.txt"), "loose");
    expect_usage_error(run("info --format xml p.txt"), "xml");
    expect_usage_error(run("convert --to xml p.txt"), "xml");
    expect_usage_error(run("convert p.txt"), "--to");
    expect_usage_error(run("check --output xml p.txt p.txt"), "xml");
    expect_usage_error(run("info --output xml p.txt"), "xml");
    expect_usage_error(run("convert --to grid --color=sometimes p.txt"), "sometimes");
}

// ---- bad input ----

TEST_F(CliBadInput, RaggedAsciiRow) { bad("r.txt", "A.B\n..\nA.B\n", 2, "ragged row"); }

TEST_F(CliBadInput, LabelWithOneEndpoint) {
    bad("one.txt", "A.B\n...\nA.C\n", 1, "label B appears only once");
}

TEST_F(CliBadInput, LabelWithThreeEndpoints) {
    bad("three.txt", "A.A\n...\nA.B\n.B.\n", 3, "label A appears a third time");
}

TEST_F(CliBadInput, NonAsciiCharacterAndSpaceInRow) {
    bad("u.txt", "A.B\n.\xc3\xa9.\nA.B\n", 2, "non-ASCII");
    bad("s.txt", "A.B\n...\nA B\n", 3, "space");
    bad("t.txt", "A.B\nA\tB\n", 2, "space");
}

TEST_F(CliBadInput, StreamRowsDoNotMatchSizeLine) {
    bad("few.txt", "3 3\nA.B\nA.B\n", 3, "expected 3 rows");
    bad("wide.txt", "# comment\n3 3\nA.B\n....\nA.B\n0 0\n", 4, "4 cells, expected 3");
}

TEST_F(CliBadInput, NumbersOutOfRange) {
    bad("big.txt", "99999999 2\nAB\nAB\n", 1, "out of range");
    bad("neg.txt", "3 3\n1 0 2\n0 -1 0\n1 0 2\n", 3, "negative");
    bad("adc.txt", "SIZE 3X3\nLINE_NUM 1\nLINE#1 (0,0)-(5,1)\n", 3, "outside");
    bad("adc3.txt", "SIZE 3X3X2\nLINE_NUM 1\nLINE#1 (0,0,1) (1,1,3)\n", 3, "outside");
}

TEST_F(CliBadInput, LevelpackWithWrongSizeField) {
    bad("lp.txt", "2,0,1,2;0,2;1,3\n189,0,1,2;0,1,2;3,4,5\n", 2, "size field", "info",
        "lp.txt:1: 2x2, 2 labels, 0 blocked, rules flow, format levelpack, with solution\n");
}

TEST_F(CliBadInput, IntgridHeaderDisagreesWithLabels) {
    bad("count.txt", "2 3\n3\n1 2 0\n4 2 1\n", 4, "label 4 is larger than the label count 3");
    bad("four.txt", "2 4\n1 1 0 2\n1 1 2 0\n", 3, "label 1 appears a third time");
}

TEST_F(CliBadInput, MalformedCorpusIntgrids) {
    const fs::path dir = fs::path(NUMBERLINK_SOURCE_DIR) / "../shared/corpus/intgrid/huy1711";
    if (!fs::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
    for (const auto& [name, line, word] :
         {std::tuple{"15x15 2.in", 15, "label 16 is larger than the label count 15"},
          std::tuple{"15x15 3.in", 9, "label 5 appears a third time"},
          std::tuple{"15x15 8.in", 14, "label 9 appears a third time"}}) {
        const std::string path = (dir / name).string();
        expect_input_error(run("info '" + path + "'"), path, line, word);
    }
}

// No line to name: the documented form is then "FILE: message".
TEST_F(CliBadInput, EmptyAndWhitespaceOnlyFiles) {
    bad("empty.txt", "", 0, "empty");
    bad("blank.txt", "  \n\n\t\n", 0, "empty", "check");
}

TEST_F(CliBadInput, BinaryJunk) {
    const std::string junk("A.A\n\x7f" "ELF\0\x01\xff\n", 12);
    bad("bin.txt", junk, 2, "binary");
    bad("bin2.txt", junk, 2, "binary", "convert --to json");
}

// 10000 x 10000 cells would need far more than the 256 MiB of address space allowed here.
// The memory cap (ulimit -v) shows that nothing large is allocated; AddressSanitizer reserves
// terabytes of shadow address space, so under it the cap cannot be used.
#if defined(__SANITIZE_ADDRESS__)
#define SKIP_UNDER_ASAN() GTEST_SKIP() << "ulimit -v cannot be combined with AddressSanitizer"
#else
#define SKIP_UNDER_ASAN() (void)0
#endif

TEST_F(CliBadInput, EnormousStreamSizeRefusedByLimits) {
    SKIP_UNDER_ASAN();
    write("huge.txt", "10000 10000\n....\n");
    expect_input_error(run("info huge.txt", "ulimit -v 262144 &&"), "huge.txt", 1, "limit");
}

TEST_F(CliBadInput, EnormousAdcSizeRefusedByLimits) {
    SKIP_UNDER_ASAN();
    write("huge.txt", "SIZE 100000X100000\nLINE_NUM 1\nLINE#1 (0,0)-(1,1)\n");
    expect_input_error(run("info huge.txt", "ulimit -v 262144 &&"), "huge.txt", 1, "limit");
}

TEST_F(CliBadInput, NonexistentFile) {
    expect_input_error(run("info missing.txt"), "missing.txt", 0, "cannot open");
    write("p.txt", kPuzzle);
    expect_input_error(run("check p.txt missing.txt"), "missing.txt", 0, "cannot open");
}

TEST_F(CliBadInput, InvalidJsonOnSecondLine) {
    bad("bad.json", kJsonObject + "\n{\"name\": oops}\n", 2, "JSON", "info",
        "bad.json:1: 3x3, 1 labels, 0 blocked, rules flow, format json\n");
}

// JSON Lines (the first line is a whole value): each line is its own puzzle, so the lines before
// the bad one are read and the error names its line.
TEST_F(CliBadInput, InvalidJsonLaterInTheFile) {
    const std::string three = kJsonObject + "\n" + kJsonObject + "\n" + kJsonObject + "\n";
    std::string read;
    for (int k = 1; k <= 3; ++k)
        read += "bad.json:" + std::to_string(k) + ": 3x3, 1 labels, 0 blocked, rules flow, format json\n";
    bad("bad.json", three + "{\"name\": oops}\n", 4, "JSON", "info", read);
}

// ---- check ----

TEST_F(CliCheck, ValidSolution) {
    write("p.txt", kPuzzle);
    write("s.txt", kSolution);
    Result r = run("check p.txt s.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, "p.txt:1 (solution s.txt:1): valid, length 9, bends 0\n1 valid, 0 invalid\n");
}

TEST_F(CliCheck, EmptyCellBreaksTheFillRule) {
    write("p.txt", "AB.\n...\nAB.\n");
    write("s.txt", "AB.\nAB.\nAB.\n");
    Result r = run("check p.txt s.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_TRUE(contains(r.out, "invalid: cell [2, 0] is empty, but the rules require")) << r.out;
    EXPECT_TRUE(contains(r.out, "0 valid, 1 invalid\n")) << r.out;
    Result nikoli = run("check --rules nikoli p.txt s.txt");  // empty cells allowed
    EXPECT_EQ(nikoli.code, 0) << nikoli.out;
    EXPECT_TRUE(contains(nikoli.out, "1 valid, 0 invalid\n")) << nikoli.out;
    // Under no-fill rules lengths differ, so the lines' shortest routes bound them (6 cells here).
    EXPECT_TRUE(contains(nikoli.out, ": valid, length 6, bends 0, lower bound 6\n")) << nikoli.out;
}

TEST_F(CliCheck, BrokenPathNamesItsLabel) {
    write("p.txt", kPuzzle);
    write("s.txt", "ABC\n.BC\nABC\n");
    Result r = run("check p.txt s.txt");
    EXPECT_EQ(r.code, 1);
    EXPECT_TRUE(contains(r.out, "invalid: label A")) << r.out;
    EXPECT_TRUE(contains(r.out, "[0, 0] to [0, 2]")) << r.out;
}

TEST_F(CliCheck, JsonOutputOneObjectPerCheck) {
    write("p.txt", kPuzzle);
    write("jump.paths", "# puzzle x\nA: 0,0 0,2\nB: 1,0 1,1 1,2\nC: 2,0 2,1 2,2\n");
    Result bad = run("check --output json p.txt jump.paths");
    EXPECT_EQ(bad.code, 1);
    ASSERT_EQ(lines_of(bad.out).size(), 1u) << bad.out;
    EXPECT_EQ(json::parse(bad.out), json::parse(R"({"name": "p.txt:1", "solution": "jump.paths:1",
        "rules": "flow", "valid": false, "rule": "adjacency", "label": "A", "cell": [0, 2],
        "message": "label A jumps from [0, 0] to [0, 2], which are not adjacent"})"));

    write("lp.txt", kLevelpack);
    Result good = run("check --output json lp.txt");
    EXPECT_EQ(good.code, 0) << good.err;
    const auto lines = lines_of(good.out);
    ASSERT_EQ(lines.size(), 2u) << good.out;
    EXPECT_EQ(json::parse(lines[0]), json::parse(R"({"name":"lp.txt:1","rules":"flow","valid":true,"length":25,"bends":6})"));
    EXPECT_EQ(json::parse(lines[1])["valid"], true);
}

TEST_F(CliCheck, LevelpackAloneUsesEmbeddedSolutions) {
    write("lp.txt", kLevelpack);
    Result r = run("check lp.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    // Lengths and bends counted by hand from kLevelpack's paths.
    EXPECT_EQ(r.out, "lp.txt:1: valid, length 25, bends 6\nlp.txt:2: valid, length 4, bends 0\n2 valid, 0 invalid\n");
    write("jump.txt", "2,0,1,2;0,3;1,2\n");  // path 0 steps diagonally
    Result bad = run("check jump.txt");
    EXPECT_EQ(bad.code, 1);
    EXPECT_TRUE(contains(bad.out, "label 0 jumps from [0, 0] to [1, 1]")) << bad.out;
}

TEST_F(CliCheck, PuzzleWithoutSolutionAloneIsBadInput) {
    bad("p.txt", kPuzzle, 1, "carries no solution", "check");
}

TEST_F(CliCheck, PuzzleAndSolutionCountsDiffer) {
    write("two.txt", "ABC\n...\nABC\n\nAB\nAB\n");
    write("three.txt", std::string(kSolution) + "\nAB\nAB\n\nAB\nAB\n");
    Result r = run("check two.txt three.txt");
    expect_usage_error(r, "two.txt holds 2 puzzles");
    EXPECT_TRUE(contains(r.err, "three.txt holds 3 solutions")) << r.err;
}

// ---- convert ----

TEST_F(CliConvert, AsciiJsonAsciiRoundTrip) {
    write("p.txt", kTwoPuzzles);
    Result to_json = run("convert --to json p.txt -o p.json");
    ASSERT_EQ(to_json.code, 0) << to_json.err;
    const auto objects = lines_of(read("p.json"));
    ASSERT_EQ(objects.size(), 2u);
    for (const auto& line : objects) EXPECT_TRUE(json::accept(line)) << line;
    Result back = run("convert --to ascii p.json -o back.txt");
    ASSERT_EQ(back.code, 0) << back.err;
    EXPECT_EQ(read("back.txt"), kTwoPuzzles);
}

TEST_F(CliConvert, LevelpackToAscii) {
    write("lp.txt", kLevelpack);
    Result r = run("convert --to ascii lp.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "3.201\n.....\n...1.\n.2..0\n....3\n\n01\n01\n");
}

TEST_F(CliConvert, BlockedCellsCannotBeLevelpackOrIntgrid) {
    write("p.txt", kTwoPuzzles);
    for (const std::string to : {"levelpack", "intgrid"}) {
        Result r = run("convert --to " + to + " p.txt");
        EXPECT_EQ(r.code, 2) << to;
        EXPECT_EQ(r.out, "") << to;
        EXPECT_TRUE(contains(r.err, "p.txt:1: cannot write as " + to)) << r.err;
        EXPECT_TRUE(contains(r.err, "blocked")) << r.err;
    }
}

// ---- output files ----

TEST_F(CliOutputFile, WritesTheFileInsteadOfStdout) {
    write("p.txt", kTwoPuzzles);
    Result piped = run("convert --to json p.txt");
    Result to_file = run("convert --to json -o out.json p.txt");
    EXPECT_EQ(to_file.code, 0) << to_file.err;
    EXPECT_EQ(to_file.out, "");
    EXPECT_EQ(read("out.json"), piped.out);
    write("q.txt", kPuzzle);
    write("s.txt", kSolution);
    Result check = run("check q.txt s.txt --output-file report.txt");
    EXPECT_EQ(check.code, 0);
    EXPECT_EQ(check.out, "");
    EXPECT_TRUE(contains(read("report.txt"), "1 valid, 0 invalid")) << read("report.txt");
}

TEST_F(CliOutputFile, FailedConversionLeavesNoFile) {
    write("p.txt", kBlockedSecond);
    Result r = run("convert --to intgrid p.txt -o out.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "p.txt:2")) << r.err;
    EXPECT_FALSE(fs::exists(work() / "out.txt"));
    for (const auto& entry : fs::directory_iterator(work()))
        EXPECT_FALSE(contains(entry.path().filename().string(), ".tmp.")) << entry.path();
}

TEST_F(CliOutputFile, FailedRunLeavesExistingFileUntouched) {
    write("p.txt", kBlockedSecond);
    write("out.txt", "precious\n");
    EXPECT_EQ(run("convert --to intgrid p.txt -o out.txt").code, 2);
    EXPECT_EQ(read("out.txt"), "precious\n");
    write("bad.txt", "A.B\n..\n");
    EXPECT_EQ(run("convert --to json bad.txt -o out.txt").code, 2);
    EXPECT_EQ(read("out.txt"), "precious\n");
}

// ---- colour ----

TEST_F(CliColor, PipedGridHasNoEscapes) {
    write("lp.txt", kLevelpack);
    Result r = run("convert --to grid lp.txt", "TERM=xterm-256color");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "32201\n32001\n32011\n32000\n33333\n\n01\n01\n");
    EXPECT_FALSE(contains(r.out, "\x1b"));
}

TEST_F(CliColor, AlwaysAndNever) {
    write("lp.txt", kLevelpack);
    Result always = run("convert --to grid --color=always lp.txt");
    EXPECT_EQ(always.code, 0) << always.err;
    EXPECT_TRUE(contains(always.out, "\x1b[")) << always.out;
    EXPECT_TRUE(contains(always.out, "\x1b[0m"));
    Result never = run("convert --to grid --color=never lp.txt");
    EXPECT_EQ(never.code, 0);
    EXPECT_FALSE(contains(never.out, "\x1b"));
    Result file = run("convert --to grid lp.txt -o grid.txt");  // auto, to a file
    EXPECT_EQ(file.code, 0);
    EXPECT_FALSE(contains(read("grid.txt"), "\x1b"));
}

TEST_F(CliColor, NoColorDoesNotMatterWhenPiped) {
    write("lp.txt", kLevelpack);
    Result with = run("convert --to grid lp.txt", "NO_COLOR=1 TERM=xterm");
    Result without = run("convert --to grid lp.txt", "env -u NO_COLOR TERM=xterm");
    EXPECT_EQ(with.code, 0);
    EXPECT_EQ(without.code, 0);
    EXPECT_EQ(with.out, without.out);
    EXPECT_FALSE(contains(with.out, "\x1b"));
    // An explicit --color=always wins over NO_COLOR.
    EXPECT_TRUE(contains(run("convert --to grid --color=always lp.txt", "NO_COLOR=1").out, "\x1b["));
}

// ---- info ----

TEST_F(CliInfo, TextSummary) {
    write("p.txt", kTwoPuzzles);
    write("lp.txt", kLevelpack);
    Result r = run("info p.txt lp.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out,
              "p.txt:1: 4x3, 2 labels, 1 blocked, rules flow, format ascii\n"
              "p.txt:2: 2x2, 2 labels, 0 blocked, rules flow, format ascii\n"
              "lp.txt:1: 5x5, 4 labels, 0 blocked, rules flow, format levelpack, with solution\n"
              "lp.txt:2: 2x2, 2 labels, 0 blocked, rules flow, format levelpack, with solution\n");
    EXPECT_TRUE(contains(run("info --rules strict p.txt").out, "rules strict"));
}

TEST_F(CliInfo, ExamplePuzzles) {
    const std::string dir = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";
    std::string args = "info";
    for (const char* f : {"ascii/five.txt", "ascii/blocked.txt", "adc/layers.txt", "stream/two.txt"})
        args += " '" + dir + f + "'";
    Result r = run(args);
    EXPECT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 5u) << r.out;
    EXPECT_EQ(lines[0], dir + "ascii/five.txt:1: 5x5, 4 labels, 0 blocked, rules flow, format ascii");
    EXPECT_EQ(lines[1], dir + "ascii/blocked.txt:1: 3x3, 2 labels, 3 blocked, rules flow, format ascii");
    EXPECT_EQ(lines[2],
              dir + "adc/layers.txt:1: 3x3x2, 2 labels, 0 blocked, 2 vias, rules adc, format adc");
    EXPECT_EQ(lines[3], dir + "stream/two.txt:1: 5x5, 4 labels, 0 blocked, rules flow, format stream");
    EXPECT_EQ(lines[4], dir + "stream/two.txt:2: 3x3, 2 labels, 3 blocked, rules flow, format stream");

    Result layers = run("info --output json '" + dir + "adc/layers.txt'");
    EXPECT_EQ(layers.code, 0) << layers.err;
    const json j = json::parse(layers.out);
    EXPECT_EQ(j["layers"], 2);
    EXPECT_EQ(j["labels"][0]["ends"], json::parse("[[0,0,0],[2,2,1]]"));
}

TEST_F(CliInfo, JsonOutput) {
    write("p.txt", kTwoPuzzles);
    Result r = run("info --output json p.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    EXPECT_EQ(json::parse(lines[0]), json::parse(R"({"name": "p.txt:1", "width": 4, "height": 3,
        "layers": 1, "rules": "flow", "blocked": [[3, 0]], "labels": [
        {"name": "A", "ends": [[0, 0], [0, 2]]}, {"name": "B", "ends": [[2, 0], [2, 2]]}]})"));
    EXPECT_EQ(json::parse(lines[1]), json::parse(R"({"name": "p.txt:2", "width": 2, "height": 2,
        "layers": 1, "rules": "flow", "blocked": [], "labels": [
        {"name": "C", "ends": [[0, 0], [0, 1]]}, {"name": "D", "ends": [[1, 0], [1, 1]]}]})"));
}

// Names come from files and may not be UTF-8 (here a Latin-1 file name): JSON output replaces
// the bad bytes (U+FFFD) instead of failing in the JSON library (once an abort, exit 134).
TEST_F(CliOutputFile, JsonOutputSurvivesNamesThatAreNotUtf8) {
    const std::string name = "\xe9.txt";
    write(name, kPuzzle);
    write("s.txt", kSolution);
    for (const std::string command : {"solve --jobs 1", "solve --jobs 2", "check", "unique", "count", "info"}) {
        const Result r = run(command + " --output json '" + name + "'" + (command == "check" ? " s.txt" : ""));
        EXPECT_EQ(r.code, 0) << command << ": " << r.err;
        ASSERT_FALSE(r.out.empty()) << command;
        const json j = json::parse(lines_of(r.out).front());
        EXPECT_EQ(j["name"].get<std::string>().rfind("\xef\xbf\xbd.txt", 0), 0u) << command << ": " << r.out;
    }
}

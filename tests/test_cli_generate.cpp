// `numberlink generate` end to end: output formats read back, solutions pass the checker,
// uniqueness holds by an independent counter, a seed reproduces a stored output, errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "cli_fixture.hpp"
#include "generated_packs.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::testing_cli;

namespace {

class CliGenerate : public CliTest {};

}  // namespace

TEST_F(CliGenerate, AFixedSeedReproducesTheStoredOutput) {
    // The stored file is checked independently here (checker + exhaustive search), so it is not
    // merely whatever the generator once printed; the byte comparison then pins determinism.
    const std::string stored = std::string(NUMBERLINK_SOURCE_DIR) + "/tests/expected/generate_8x6_seed42.txt";
    expect_valid_pack(stored, *rules_from_name("flow"), true);
    const Result r = run("generate --size 8x6 --seed 42 --count 4 --no-blocked --unique");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, slurp(stored));
    EXPECT_EQ(lines_of(r.err).size(), 4u) << r.err;  // one report per puzzle
    EXPECT_TRUE(contains(r.err, "generated:1: 8x6, ")) << r.err;
}

TEST_F(CliGenerate, LevelPacksReadBackWithValidUniqueSolutions) {
    for (const std::string rules : {"flow", "strict"}) {
        const Result r = run("generate --size 7x5 --seed 3 --count 5 --no-blocked --unique --rules " + rules +
                             " -q -o pack.txt");
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, "");  // -q: no reports
        expect_valid_pack((work() / "pack.txt").string(), *rules_from_name(rules), true);
        EXPECT_EQ(read_puzzles((work() / "pack.txt").string(), {}).size(), 5u);
    }
}

TEST_F(CliGenerate, JsonCarriesPuzzleSolutionAndReport) {
    const Result r = run("generate --size 6x6 --seed 9 --count 3 --unique --rules nikoli");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u);
    for (const std::string& line : lines) {
        const auto j = nlohmann::json::parse(line);
        EXPECT_EQ(j["rules"], "nikoli");
        EXPECT_EQ(j["seed"], "9");
        EXPECT_EQ(j["report"]["paths"], j["labels"].size());
        EXPECT_EQ(j["report"]["blocked"], j["blocked"].size());
        EXPECT_EQ(j["report"]["unique"], true);
        EXPECT_TRUE(j["report"]["wall"] == "solved" || j["report"]["wall"] == "stuck" || j["report"]["wall"] == "budget");
        EXPECT_TRUE(j.contains("paths"));
    }
    write("gen.jsonl", r.out);
    expect_valid_pack((work() / "gen.jsonl").string(), *rules_from_name("nikoli"), true);
}

TEST_F(CliGenerate, PuzzleOnlyFormatsWriteSolutionsAlongside) {
    const Result r = run("generate --size 9x6 --seed 4 --count 3 --output ascii -o puzzles.txt --solutions sol.txt -q");
    ASSERT_EQ(r.code, 0) << r.err;
    const Result c = run("check puzzles.txt sol.txt");
    EXPECT_EQ(c.code, 0) << c.out << c.err;
    EXPECT_TRUE(contains(c.out, "3 valid, 0 invalid")) << c.out;
    EXPECT_TRUE(contains(read("puzzles.txt"), "#"));  // leftover cells are blocked, the union-find generator's way
}

TEST_F(CliGenerate, RectanglesBothWays) {
    for (const std::string size : {"12x4", "4x12"}) {
        const Result r = run("generate --size " + size + " --seed 8 --count 3 --no-blocked --unique -q -o r.txt");
        ASSERT_EQ(r.code, 0) << r.err;
        const auto entries = read_puzzles((work() / "r.txt").string(), {});
        ASSERT_EQ(entries.size(), 3u);
        EXPECT_EQ(entries[0].puzzle.width, size == "12x4" ? 12 : 4);
        expect_valid_pack((work() / "r.txt").string(), *rules_from_name("flow"), true);
    }
}

TEST_F(CliGenerate, BadUsageIsExit2) {
    for (const std::string args :
         {"generate", "generate --size 10", "generate --size 0x5", "generate --size 5x5 --output levelpack",
          "generate --size 5x5 --min-length 1", "generate --size 5x5 --repair maybe",
          "generate --size 5x5 --min-paths 4 --max-paths 2", "generate --size 5x5 --no-blocked --solutions s.txt",
          "generate --size 5x5 extra.txt", "generate --size 5x5x0", "generate --size 5x5x2x2",
          "generate --size 5x5x65", "generate --size 5x5x2 --variant hex", "generate --size 5x5 --output adc",
          "generate --size 5x5x2 --rules adc --count 2 --output adc", "generate --size 5x5x2 --output ascii",
          "generate --size 5x5x2 --rules adc --output board"}) {
        const Result r = run(args);
        EXPECT_EQ(r.code, 2) << args << ": " << r.err;
        EXPECT_EQ(r.out, "") << args;
        EXPECT_FALSE(r.err.empty()) << args;
    }
}

// Boards up to 1000x1000, made in seconds (no step may rescan or renumber the whole board per
// path: that is minutes at this size). Speed is measured in docs/generate.md; here the answer
// must be whole and valid, and the size limit exact.
TEST_F(CliGenerate, HugeBoardsUpTo1000x1000) {
    for (const std::string rules : {"flow", "strict"}) {
        const Result r = run("generate --size 1000x1000 --seed 5 --wall-budget 0 -q --output json --rules " + rules +
                             " -o huge.json");
        ASSERT_EQ(r.code, 0) << r.err;
        const auto entries = read_puzzles((work() / "huge.json").string(), {});
        ASSERT_EQ(entries.size(), 1u);
        EXPECT_EQ(entries[0].puzzle.width, 1000);
        EXPECT_EQ(entries[0].puzzle.height, 1000);
        EXPECT_GT(entries[0].puzzle.labels.size(), 1000u);
        expect_valid_pack((work() / "huge.json").string(), *rules_from_name(rules), false);
    }
    const Result nb = run("generate --size 1000x20 --seed 5 --no-blocked --wall-budget 0 -q -o wide.txt");
    ASSERT_EQ(nb.code, 0) << nb.err;
    expect_valid_pack((work() / "wide.txt").string(), *rules_from_name("flow"), false);
    for (const std::string size : {"1001x10", "10x1001"}) {
        const Result big = run("generate --size " + size);
        EXPECT_EQ(big.code, 2) << size;
        EXPECT_TRUE(contains(big.err, "up to 1000x1000")) << big.err;
    }
}

TEST_F(CliGenerate, ImpossibleConstraintsAreANegativeAnswerWithoutAFile) {
    const Result r = run("generate --size 3x3 --no-blocked --min-length 5 --min-paths 3 -o none.txt");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_TRUE(contains(r.err, "no layout met the constraints")) << r.err;
    EXPECT_FALSE(fs::exists(work() / "none.txt"));
    const Result d = run("generate --size 2x2 --no-blocked --min-length 2 --count 50 --seed 1 -q");
    EXPECT_EQ(d.code, 1);
    EXPECT_TRUE(contains(d.err, "no more distinct")) << d.err;
    EXPECT_GE(lines_of(d.out).size(), 1u);  // the distinct 2x2 puzzles it did find
}

TEST_F(CliGenerate, InterruptedRunStopsWith130AndWritesOnlyWholePuzzles) {
    // SIGTERM once the handlers are installed (the test marker says so), while the first of many
    // 40x40 puzzles is being made. The rule (app/output.hpp): the puzzles finished so far, whole,
    // or no file when none was (tests/test_cli_output.cpp tests both cases on their own).
    const std::string target = (work() / "out.txt").string();
    nl::testing_child::Child c({"generate", "--size", "40x40", "--unique", "--no-blocked", "--count", "1000",
                                "--seed", "1", "-q", "-o", target},
                               (root_ / "run").string());
    ASSERT_TRUE(c.wait_for_marker("signals handled")) << c.err();
    c.signal(SIGTERM);
    EXPECT_EQ(c.wait(), 130) << c.err();
    const std::string err = c.user_err();
    ASSERT_TRUE(contains(err, "generate: interrupted after ")) << c.err();
    EXPECT_GE(c.seconds_after_signal(), 0) << c.err();
    EXPECT_LT(c.seconds_after_signal(), nl::testing_timing::signal_bound()) << c.err();
    const long made = std::strtol(err.c_str() + err.find("after ") + 6, nullptr, 10);
    if (made == 0) {
        EXPECT_FALSE(fs::exists(target));
    } else {
        EXPECT_EQ(static_cast<long>(read_puzzles(target, {}).size()), made);
    }
    for (const auto& entry : fs::directory_iterator(work()))  // no temporary file left behind
        EXPECT_TRUE(entry.path().filename() == "out.txt") << entry.path();
}

// Boards of several layers (ADC style): the adc output reads back with the terminals of the same
// seed's JSON, whose solution passes the checker under adc rules and changes layer; leftover
// cells are empty, not blocked.
TEST_F(CliGenerate, LayeredAdcBoardsReadBackAndHoldTheirSolution) {
    const Result adc = run("generate --size 8x7x3 --rules adc --seed 11 --max-paths 12 --output adc -o board.txt");
    ASSERT_EQ(adc.code, 0) << adc.err;
    EXPECT_TRUE(contains(adc.err, "generated:1: 8x7x3, ")) << adc.err;
    EXPECT_TRUE(contains(adc.err, " empty, ")) << adc.err;
    const Result json = run("generate --size 8x7x3 --rules adc --seed 11 --max-paths 12 --output json -q");
    ASSERT_EQ(json.code, 0) << json.err;
    const auto from_json = read_puzzles(text_from_string("g.json", json.out), ReadOptions{});
    const auto from_adc = read_puzzles((work() / "board.txt").string(), ReadOptions{});
    ASSERT_EQ(from_json.size(), 1u);
    ASSERT_EQ(from_adc.size(), 1u);
    const Puzzle& p = from_json[0].puzzle;
    EXPECT_EQ(p.layers, 3);
    EXPECT_LE(p.labels.size(), 12u);
    EXPECT_EQ(from_adc[0].puzzle.terminal_label, p.terminal_label);
    for (CellId c = 0; c < p.grid_cells(); ++c) EXPECT_FALSE(p.is_blocked(c));
    ASSERT_TRUE(from_json[0].solution.has_value());
    const Solution& s = *from_json[0].solution;
    EXPECT_TRUE(check_solution(p, s, *rules_from_name("adc")).ok);
    int vertical = 0;
    for (const auto& line : s.paths)
        for (std::size_t i = 1; i < line.size(); ++i) vertical += p.coord(line[i]).z != p.coord(line[i - 1]).z;
    EXPECT_GT(vertical, 0);
    const Result solved = run("solve -q --rules adc board.txt");
    EXPECT_EQ(solved.code, 0) << solved.err;
    // --unique: the paths cover every cell (with empty cells a path can nearly always detour),
    // and the exact count agrees; the default output is JSON, as for every layered board.
    const Result unique = run("generate --size 6x5x2 --rules adc --unique --seed 4 -q -o unique.json");
    ASSERT_EQ(unique.code, 0) << unique.err;
    const auto made = read_puzzles((work() / "unique.json").string(), ReadOptions{});
    ASSERT_EQ(made.size(), 1u);
    ASSERT_TRUE(made[0].solution.has_value());
    long covered = 0;
    for (const auto& line : made[0].solution->paths) covered += static_cast<long>(line.size());
    EXPECT_EQ(covered, 6 * 5 * 2);
    SearchOptions so;
    so.max_solutions = 2;
    const SearchResult sr = search_solutions(made[0].puzzle, *rules_from_name("adc"), so);
    EXPECT_EQ(sr.status, SearchResult::Status::Complete);
    EXPECT_EQ(sr.count, 1);
    // WxHx1: one layer, ADC style (empty leftovers), so the adc format can hold it.
    const Result flat = run("generate --size 12x9x1 --rules adc --seed 3 --output adc -q -o flat.txt");
    ASSERT_EQ(flat.code, 0) << flat.err;
    EXPECT_TRUE(contains(read("flat.txt"), "SIZE 12X9\n")) << read("flat.txt");  // the 2015 style
    EXPECT_EQ(run("solve -q --rules adc flat.txt").code, 0);
}

// count/unique --split N --emit DIR, run-part and merge from the command line: the merged count
// and verdict equal one process's, over GNU parallel too; open parts, --watch, and bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "child_process.hpp"
#include "cli_fixture.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_cli::contains;
using nl::testing_cli::lines_of;

// Open nikoli board with hundreds of solutions (no fill: paths wander).
constexpr const char* kWandering = "A....\n.....\n.B...\n.....\n..B.A\n";

long json_count(const std::string& line) { return nlohmann::json::parse(line)["count"].get<long>(); }

class CliSplit : public CliTest {
   protected:
    // Splits, runs every part in one run-part and merges; returns merge's result.
    nl::testing_cli::Result split_run_merge(const std::string& command, const std::string& options, int parts) {
        const auto split = run(command + " " + options + " --split " + std::to_string(parts) + " --emit parts p.txt");
        EXPECT_EQ(split.code, 0) << split.err;
        const auto ran = run("run-part parts/part-*.json");
        EXPECT_EQ(ran.code, 0) << ran.err;
        return run("merge --output json parts");
    }
};

TEST_F(CliSplit, MergedCountEqualsOneProcess) {
    write("p.txt", kWandering);
    for (const std::string rules : {"nikoli", "adc", "flow", "strict"}) {
        const auto one = run("count --output json --rules " + rules + " p.txt");
        ASSERT_EQ(one.code, 0) << one.err;
        std::filesystem::remove_all(work() / "parts");
        const auto merged = split_run_merge("count", "--rules " + rules, 8);
        ASSERT_EQ(merged.code, 0) << merged.err;
        EXPECT_EQ(json_count(merged.out), json_count(one.out)) << rules;
        EXPECT_EQ(nlohmann::json::parse(merged.out)["open_parts"].size(), 0u);
    }
}

TEST_F(CliSplit, UniqueVerdictsMatchOneProcess) {
    const auto made = run("generate --size 6x6 --count 1 --seed 11 --unique --output ascii -o p.txt");
    ASSERT_EQ(made.code, 0) << made.err;
    const auto merged = split_run_merge("unique", "--rules flow", 6);
    EXPECT_EQ(merged.code, 0) << merged.err;
    EXPECT_EQ(nlohmann::json::parse(merged.out)["verdict"], "unique");
    // The 3x3 corner board under flow rules: two path sets (docs/counting.md), in two parts.
    write("p.txt", "A..\n...\n..A\n");
    std::filesystem::remove_all(work() / "parts");
    const auto two = split_run_merge("unique", "--rules flow", 4);
    EXPECT_EQ(two.code, 1);
    const auto record = nlohmann::json::parse(two.out);
    EXPECT_EQ(record["verdict"], "multiple");
    EXPECT_EQ(record["solutions"].size(), 2u);
}

TEST_F(CliSplit, GnuParallelRecipe) {
    ASSERT_EQ(std::system("command -v parallel >/dev/null"), 0) << "GNU parallel is missing: run ./scripts/setup";
    write("p.txt", kWandering);
    const auto one = run("count --output json --rules nikoli p.txt");
    const auto split = run("count --rules nikoli --split 16 --emit parts p.txt");
    ASSERT_EQ(split.code, 0) << split.err;
    EXPECT_TRUE(contains(split.out, "16 parts")) << split.out;
    const std::string binary = NUMBERLINK_BINARY;
    const auto ran = run_program("/bin/sh", "-c \"parallel --will-cite -j 2 '" + binary + "' run-part ::: parts/part-*.json\"");
    ASSERT_EQ(ran.code, 0) << ran.err;
    EXPECT_EQ(lines_of(ran.out).size(), 16u);
    const auto merged = run("merge --output json parts");
    ASSERT_EQ(merged.code, 0) << merged.err;
    EXPECT_EQ(json_count(merged.out), json_count(one.out));
}

TEST_F(CliSplit, OpenPartsAreNamedAndWatchWaitsForThem) {
    write("p.txt", kWandering);
    const auto one = run("count --output json --rules nikoli p.txt");
    ASSERT_EQ(run("count --rules nikoli --split 4 --emit parts p.txt").code, 0);
    ASSERT_EQ(run("run-part parts/part-0001.json parts/part-0003.json").code, 0);
    const auto open = run("merge parts");
    EXPECT_EQ(open.code, 1);
    EXPECT_TRUE(contains(open.out, "at least")) << open.out;
    EXPECT_TRUE(contains(open.err, "2 of 4 parts are open (part 2 and 4)")) << open.err;
    // --watch waits until the other two parts have answered, then prints the whole count.
    nl::testing_child::Child watch({"merge", "--watch", "--output", "json", (work() / "parts").string()},
                                   (root_ / "watch").string());
    ASSERT_TRUE(watch.wait_for_marker("watching 2 of 4"));
    ASSERT_EQ(run("run-part parts/part-0002.json parts/part-0004.json").code, 0);
    EXPECT_EQ(watch.wait(), 0) << watch.err();
    EXPECT_EQ(json_count(watch.out()), json_count(one.out));
}

// --skip-done leaves a part with a finished answer alone (its answer, marked here by an
// impossible time, is reported as written) and counts a part whose answer stopped early again.
TEST_F(CliSplit, SkipDoneCountsOnlyTheOpenParts) {
    write("p.txt", kWandering);
    const auto one = run("count --output json --rules nikoli p.txt");
    ASSERT_EQ(run("count --rules nikoli --split 2 --emit parts p.txt").code, 0);
    ASSERT_EQ(run("run-part parts/part-0001.json parts/part-0002.json").code, 0);
    const auto rewrite = [this](const std::string& name, auto change) {
        const std::filesystem::path path = work() / "parts" / name;
        nlohmann::json j = nlohmann::json::parse(std::ifstream(path));
        change(j);
        std::ofstream(path) << j.dump() << '\n';
    };
    rewrite("part-0001.result.jsonl", [](nlohmann::json& j) { j["seconds"] = 12345.0; });
    rewrite("part-0002.result.jsonl", [](nlohmann::json& j) {
        j["stop"] = "timeout";
        j["count"] = 0;
        j["solutions"] = nlohmann::json::array();
    });
    ASSERT_EQ(run("merge parts").code, 1);  // part 2 is open
    const auto again = run("run-part --skip-done --output json parts/part-0001.json parts/part-0002.json");
    ASSERT_EQ(again.code, 0) << again.err;
    const auto reports = lines_of(again.out);
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_EQ(nlohmann::json::parse(reports[0])["seconds"], 12345.0);
    EXPECT_NE(nlohmann::json::parse(reports[1])["seconds"], 12345.0);
    const auto merged = run("merge --output json parts");
    ASSERT_EQ(merged.code, 0) << merged.err;
    EXPECT_EQ(json_count(merged.out), json_count(one.out));
    // Without --skip-done every part is counted again.
    const auto all = run("run-part --output json parts/part-0001.json");
    EXPECT_NE(nlohmann::json::parse(lines_of(all.out).at(0))["seconds"], 12345.0);
}

// An open part split again (run-part --split): its parts are run like any, merge takes their sum
// in its place and names the open ones inside it ("3.2"), and --skip-done leaves the part to them.
TEST_F(CliSplit, APartSplitAgainMergesInItsPlace) {
    write("p.txt", kWandering);
    const auto one = run("count --output json --rules nikoli p.txt");
    ASSERT_EQ(run("count --rules nikoli --split 4 --emit parts p.txt").code, 0);
    EXPECT_TRUE(contains(run("merge parts").err, "4 of 4 parts are open (part 1-4)"));
    ASSERT_EQ(run("run-part parts/part-0001.json parts/part-0002.json parts/part-0004.json").code, 0);
    const auto again = run("run-part --split 3 parts/part-0003.json");
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_TRUE(contains(again.out, "parts/part-0003.json: 3 parts")) << again.out;
    EXPECT_TRUE(contains(again.out, "in parts/part-0003.split")) << again.out;
    ASSERT_EQ(run("run-part parts/part-0003.split/part-0001.json").code, 0);
    const auto open = run("merge --output json parts");
    EXPECT_EQ(open.code, 1);
    EXPECT_TRUE(contains(open.err, "2 parts are open (part 3.2-3)")) << open.err;
    const auto record = nlohmann::json::parse(open.out);
    EXPECT_EQ(record["open_parts"], nlohmann::json::array({3}));
    EXPECT_EQ(record["open_inside"], nlohmann::json::array({"3.2", "3.3"}));
    const auto skipped = run("run-part --skip-done parts/part-0003.json");
    EXPECT_EQ(skipped.code, 1);
    EXPECT_TRUE(contains(skipped.out, "split again, open in parts/part-0003.split")) << skipped.out;
    ASSERT_FALSE(std::filesystem::exists(work() / "parts" / "part-0003.result.jsonl"));
    ASSERT_EQ(run("run-part parts/part-0003.split/part-0002.json parts/part-0003.split/part-0003.json").code, 0);
    const auto merged = run("merge --output json parts");
    ASSERT_EQ(merged.code, 0) << merged.err;
    EXPECT_EQ(json_count(merged.out), json_count(one.out));
    EXPECT_EQ(run("run-part --skip-done parts/part-0003.json").code, 0);
    // Splitting the same part twice would mix two splits: refused.
    const auto twice = run("run-part --split 2 parts/part-0003.json");
    EXPECT_EQ(twice.code, 2);
    EXPECT_TRUE(contains(twice.err, "already holds a split")) << twice.err;
    EXPECT_EQ(run("run-part --split 0 parts/part-0003.json").code, 2);
}

// Many open parts stay one line: runs are shortened, and after twenty runs the rest are counted.
TEST_F(CliSplit, ManyOpenPartsAreListedShortly) {
    write("p.txt", kWandering);
    ASSERT_EQ(run("count --rules nikoli --split 60 --emit parts p.txt").code, 0);
    std::string odd;
    for (int i = 1; i <= 60; i += 2) {
        char name[32];
        std::snprintf(name, sizeof name, " parts/part-%04d.json", i);
        odd += name;
    }
    ASSERT_EQ(run("run-part" + odd).code, 0);
    const auto open = run("merge parts");
    EXPECT_TRUE(contains(open.err, "30 of 60 parts are open (part 2, 4, 6,")) << open.err;
    EXPECT_TRUE(contains(open.err, ", 40 and 10 more)")) << open.err;
}

// solve --split: merge reports the first solution a part found (checked again by `check`), or
// unsolvable once every part has finished without one, as one solve process does; open parts
// leave it timed out.
TEST_F(CliSplit, SolveSplitFindsASolutionOrProvesNone) {
    write("p.txt", kWandering);
    ASSERT_EQ(run("solve --rules nikoli --split 4 --emit parts p.txt").code, 0);
    // The first part that finds a solution ends the search: the parts after it are not searched.
    const auto parts = run("run-part parts/part-*.json");
    ASSERT_EQ(parts.code, 0) << parts.err;
    const auto reports = lines_of(parts.out);
    ASSERT_EQ(reports.size(), 4u);
    std::size_t finder = 0;
    while (finder < 4 && !contains(reports[finder], ": solved (")) ++finder;
    ASSERT_LT(finder, 3u) << parts.out;  // a board with hundreds of solutions: found early
    for (std::size_t i = finder + 1; i < 4; ++i)
        EXPECT_TRUE(contains(reports[i], "not searched further, another part has found a solution")) << reports[i];
    // Without the finder's answer the note no longer holds: the next part is searched again.
    const std::string finder_result = "parts/part-000" + std::to_string(finder + 1) + ".result.jsonl";
    std::filesystem::rename(work() / finder_result, work() / "kept.jsonl");
    const std::string next = "parts/part-000" + std::to_string(finder + 2) + ".json";
    EXPECT_FALSE(contains(run("run-part " + next).out, "another part has found a solution"));
    std::filesystem::rename(work() / "kept.jsonl", work() / finder_result);
    const auto solved = run("merge --output json parts");
    ASSERT_EQ(solved.code, 0) << solved.err;
    const auto record = nlohmann::json::parse(solved.out);
    EXPECT_EQ(record["status"], "solved");
    EXPECT_EQ(record["engine"], "split");
    write("solved.json", solved.out);
    const auto checked = run("check solved.json");
    EXPECT_EQ(checked.code, 0) << checked.out << checked.err;
    // A and B must cross: no solution under any preset.
    write("cross.txt", "A..B\n....\n....\nB..A\n");
    EXPECT_EQ(run("solve --rules flow cross.txt").code, 1);
    ASSERT_EQ(run("solve --rules flow --split 4 --emit cross cross.txt").code, 0);
    ASSERT_EQ(run("run-part cross/part-0001.json").code, 0);
    const auto open = run("merge cross");
    EXPECT_EQ(open.code, 1);
    EXPECT_TRUE(contains(open.out, "timeout")) << open.out;
    EXPECT_TRUE(contains(open.err, "3 of 4 parts are open (part 2-4)")) << open.err;
    ASSERT_EQ(run("run-part cross/part-000[2-4].json").code, 0);
    const auto none = run("merge cross");
    EXPECT_EQ(none.code, 1);
    EXPECT_TRUE(contains(none.out, "cross.txt:1: unsolvable")) << none.out;
    // An answer edited to count a solution it does not hold is an input error, never "unsolvable"
    // or "solved".
    nlohmann::json edited = nlohmann::json::parse(std::ifstream(work() / "cross" / "part-0001.result.jsonl"));
    edited["count"] = 1;
    write("cross/part-0001.result.jsonl", edited.dump() + "\n");
    const auto claimed = run("merge cross");
    EXPECT_EQ(claimed.code, 2);
    EXPECT_TRUE(contains(claimed.err, "counts a solution it does not hold")) << claimed.err;
    // A note of a find that cannot be read stops the next part with an error naming it.
    write("cross/solution-found.json", "{\"numberlink_solution_found\": 1,\n");
    const auto bad_note = run("run-part cross/part-0002.json");
    EXPECT_EQ(bad_note.code, 2);
    EXPECT_TRUE(contains(bad_note.err, "solution-found.json:")) << bad_note.err;
    const auto engine = run("solve --engine sat --split 4 --emit other p.txt");
    EXPECT_EQ(engine.code, 2);
    EXPECT_TRUE(contains(engine.err, "leave out --engine")) << engine.err;
}

// A 17x17 flow board whose two lines' second ends were swapped (the swapped bench set's board
// 12): no solution, and a single SAT proof of that takes about 40 s, so a part holding the whole
// board is still searching when the test writes the note.
constexpr const char* kLongSearch =
    "{\"width\":17,\"height\":17,\"rules\":\"flow\",\"labels\":[{\"name\":\"1\",\"ends\":[[11,10],[16,10]]},{\"nam"
    "e\":\"2\",\"ends\":[[6,5],[5,4]]},{\"name\":\"3\",\"ends\":[[13,0],[16,0]]},{\"name\":\"4\",\"ends\":[[1,9],["
    "13,14]]},{\"name\":\"5\",\"ends\":[[13,5],[12,7]]},{\"name\":\"6\",\"ends\":[[13,3],[9,3]]},{\"name\":\"7\","
    "\"ends\":[[5,15],[2,15]]},{\"name\":\"8\",\"ends\":[[15,2],[16,2]]},{\"name\":\"9\",\"ends\":[[11,15],[14,"
    "15]]},{\"name\":\"10\",\"ends\":[[16,16],[1,1]]},{\"name\":\"11\",\"ends\":[[3,2],[5,0]]},{\"name\":\"12\",\""
    "ends\":[[2,13],[0,11]]},{\"name\":\"13\",\"ends\":[[8,7],[11,2]]},{\"name\":\"14\",\"ends\":[[9,9],[8,4]]"
    "},{\"name\":\"15\",\"ends\":[[1,5],[15,6]]},{\"name\":\"16\",\"ends\":[[15,8],[5,13]]},{\"name\":\"17\",\"end"
    "s\":[[2,10],[5,10]]},{\"name\":\"18\",\"ends\":[[3,15],[6,14]]},{\"name\":\"19\",\"ends\":[[11,5],[9,5]]}"
    ",{\"name\":\"20\",\"ends\":[[6,1],[8,0]]}]}";

// A part still searching stops soon after another part notes a find: the test waits for the part
// to start searching, then writes the note (with a finder's answer beside it) and waits for the
// part to end on its own, long before its --timeout.
TEST_F(CliSplit, ASearchingSolvePartStopsWhenAnotherFinds) {
    write("hard.json", kLongSearch);
    ASSERT_EQ(run("solve --split 1 --emit parts hard.json").code, 0);
    write("finder.result.jsonl", "{}\n");
    const std::string path = (work() / "parts" / "part-0001.json").string();
    nl::testing_child::Child part({"run-part", "--timeout", "600", path}, (root_ / "searching").string());
    ASSERT_TRUE(part.wait_for_marker("searching " + path));
    const nlohmann::json note{{"numberlink_solution_found", 1}, {"part_file", (work() / "finder.json").string()}};
    write("parts/solution-found.json", note.dump() + "\n");
    EXPECT_EQ(part.wait(), 0) << part.err();
    EXPECT_TRUE(contains(part.out(), "not searched further, another part has found a solution")) << part.out();
    EXPECT_FALSE(std::filesystem::exists(work() / "parts" / "part-0001.result.jsonl"));
}

TEST_F(CliSplit, BadRequestsAndFilesAreClearErrors) {
    write("p.txt", kWandering);
    write("two.txt", std::string(kWandering) + "\n" + kWandering);
    auto r = run("count --split 4 p.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "--split N and --emit DIR go together")) << r.err;
    r = run("count --split 4 --emit parts two.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "one puzzle")) << r.err;
    r = run("count --rules flow --distinct colours --split 4 --emit parts p.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "--distinct colours cannot be split")) << r.err;
    ASSERT_EQ(run("count --split 4 --emit parts p.txt").code, 0);
    r = run("count --split 4 --emit parts p.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "parts: already holds a split")) << r.err;
    r = run("run-part p.txt");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "p.txt:1: not valid JSON")) << r.err;
    write("damaged.json", "{\"numberlink_part\": 1, \"id\": \"x\"}\n");
    r = run("run-part damaged.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "damaged.json:1: no 'task' field")) << r.err;
    r = run("run-part parts/manifest.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "run-part takes its part-NNNN.json files")) << r.err;
    r = run("merge .");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "holds no split")) << r.err;
    // A part of another split's directory cannot be merged into this one.
    ASSERT_EQ(run("count --rules adc --split 4 --emit other p.txt").code, 0);
    ASSERT_EQ(run("run-part other/part-0001.json").code, 0);
    std::filesystem::copy_file(work() / "other/part-0001.result.jsonl", work() / "parts/part-0001.result.jsonl");
    r = run("merge parts");
    EXPECT_EQ(r.code, 2);
    EXPECT_TRUE(contains(r.err, "part-0001.result.jsonl:1: the answer of another split")) << r.err;
}

// The README's Slurm recipe (its ```bash block with `sbatch`), run as written on a single-node
// Slurm started for the test (tests/slurm/single_node), with 6 parts of a small board instead
// of 1,000 of hard.txt; the merged verdict must be one process's. Skipped, with the reason,
// where Slurm is not installed or cannot start.
TEST_F(CliSplit, ReadmeSlurmRecipeOnASingleNode) {
    const std::string source = NUMBERLINK_SOURCE_DIR;
    std::ifstream readme(source + "/README.md");
    std::stringstream text;
    text << readme.rdbuf();
    const std::string all = text.str();
    const auto sbatch = all.find("sbatch --wait");
    ASSERT_NE(sbatch, std::string::npos) << "README.md has no Slurm recipe";
    const auto begin = all.rfind("```bash\n", sbatch), end = all.find("```", sbatch);
    ASSERT_NE(begin, std::string::npos);
    std::string recipe = all.substr(begin + 8, end - begin - 8);
    recipe = std::regex_replace(recipe, std::regex(R"(\bnumberlink )"), std::string(NUMBERLINK_BINARY) + " ");
    recipe = std::regex_replace(recipe, std::regex("hard\\.txt"), "p.txt");
    recipe = std::regex_replace(recipe, std::regex("1000"), "6");
    const auto made = run("generate --size 6x6 --count 1 --seed 11 --unique --output ascii -o p.txt");
    ASSERT_EQ(made.code, 0) << made.err;
    const auto one = run("unique --rules flow p.txt");
    ASSERT_EQ(one.code, 0) << one.out << one.err;

    const std::string node = (root_ / "slurm").string();
    const auto started = run_program(source + "/tests/slurm/single_node", "start '" + node + "'");
    struct Stop {
        std::string script, dir;
        ~Stop() { std::system(("'" + script + "' stop '" + dir + "'").c_str()); }
    } stop{source + "/tests/slurm/single_node", node};
    if (started.code == 77) GTEST_SKIP() << "no Slurm here: " << started.err;
    ASSERT_EQ(started.code, 0) << started.err;
    write("recipe.sh", recipe);
    const auto ran = run_program("/bin/sh", "-e recipe.sh", "SLURM_CONF='" + node + "/slurm.conf'");
    ASSERT_EQ(ran.code, 0) << recipe << "\n" << ran.out << ran.err;
    EXPECT_EQ(lines_of(ran.out).back(), lines_of(one.out).back()) << ran.out;
    EXPECT_TRUE(contains(ran.out, "p.txt:1: unique")) << ran.out;
}

}  // namespace

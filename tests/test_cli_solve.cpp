// `numberlink solve` end to end: outputs, statuses, exit codes, internal errors, --jobs order.
#include <filesystem>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "child_process.hpp"
#include "hard_boards.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"
#include "solver/count/count_json.hpp"

namespace {

struct Ran {
    int code;
    std::string out, err;
};

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Ran run(const std::string& args, const std::string& env = "") {
    // Unique names: ctest runs tests as parallel processes sharing the temporary directory.
    static int calls = 0;
    const std::string stem = testing::TempDir() + "/solve_" + std::to_string(getpid()) + "_" + std::to_string(++calls);
    const std::string out = stem + ".out", err = stem + ".err";
    const std::string cmd = env + " " + NUMBERLINK_BINARY + " " + args + " >" + out + " 2>" + err;
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

const std::string kPuzzles = std::string(NUMBERLINK_SOURCE_DIR) + "/puzzles/";

std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
    return out;
}

}  // namespace

TEST(CliSolve, PrintsACheckedGrid) {
    Ran r = run("solve " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(": solved ("), std::string::npos) << r.out;
    // The grid printed must itself be a valid solution of the puzzle (checked independently).
    const std::string grid = r.out.substr(r.out.find('\n') + 1);
    auto puzzle = nl::read_puzzles(kPuzzles + "ascii/five.txt", {}).at(0).puzzle;
    auto texts = nl::read_solutions(nl::text_from_string("out", grid), nl::Format::Ascii);
    auto m = nl::match_solution(puzzle, texts.at(0));
    ASSERT_EQ(m.problem, "");
    EXPECT_TRUE(nl::check_solution(puzzle, m.solution, puzzle.rules).ok);
}

TEST(CliSolve, JsonCarriesStatusEngineSecondsAndStats) {
    Ran r = run("solve --engine sat --output json " + kPuzzles + "stream/two.txt " + kPuzzles +
                "ascii/touch.txt --rules strict");
    EXPECT_EQ(r.code, 1);  // touch.txt has no solution under strict rules
    auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0]["status"], "solved");
    EXPECT_EQ(lines[0]["engine"], "sat");
    EXPECT_TRUE(lines[0]["seconds"].is_number());
    EXPECT_GT(lines[0]["stats"]["vars"].get<int>(), 0);
    EXPECT_TRUE(lines[0].contains("paths"));
    EXPECT_TRUE(lines[0].contains("grid"));
    EXPECT_EQ(lines[2]["status"], "unsolvable");
    EXPECT_FALSE(lines[2].contains("paths"));
    EXPECT_EQ(lines[2]["rules"], "strict");
}

TEST(CliSolve, QuietLinesAndTotalsPerSize) {
    Ran r = run("solve -q --engine sat " + kPuzzles + "stream/two.txt");
    EXPECT_EQ(r.code, 0);
    std::istringstream in(r.out);
    std::string name, status;
    double seconds;
    long vars, clauses;
    std::string engine;
    in >> name >> status >> seconds >> vars >> clauses >> engine;
    EXPECT_TRUE(engine == "sat" || engine == "wall") << engine;
    EXPECT_EQ(name, kPuzzles + "stream/two.txt:1");
    EXPECT_EQ(status, "solved");
    EXPECT_GT(vars, 0);
    EXPECT_NE(r.out.find("# 3x3: 1/1 solved"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("# 5x5: 1/1 solved"), std::string::npos) << r.out;
}

TEST(CliSolve, OutputFormatsReadBackAsValidSolutions) {
    for (const char* format : {"paths", "levelpack", "adc", "json"}) {
        SCOPED_TRACE(format);
        const std::string file = testing::TempDir() + "/solution_" + std::to_string(getpid()) + "." + format;
        Ran r = run(std::string("solve --output ") + format + " -o " + file + " " + kPuzzles + "ascii/five.txt");
        ASSERT_EQ(r.code, 0) << r.err;
        Ran c = run("check " + kPuzzles + "ascii/five.txt " + file);
        EXPECT_EQ(c.code, 0) << c.out << c.err;
    }
}

TEST(CliSolve, WrongAnswersBecomeInternalErrorsAndAreNotPrinted) {
    Ran r = run("solve --engine sat " + kPuzzles + "ascii/five.txt", "NUMBERLINK_DEBUG_FAULT=corrupt");
    EXPECT_EQ(r.code, 70);
    EXPECT_NE(r.err.find("internal error"), std::string::npos);
    EXPECT_NE(r.err.find("five.txt:1"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find(": error"), std::string::npos);
    EXPECT_EQ(r.out.find("RRRR"), std::string::npos) << "a rejected answer was printed:\n" << r.out;
}

TEST(CliSolve, JobsKeepInputOrder) {
    const std::string pack = kPuzzles + "levelpack/pack.txt";
    Ran one = run("solve -q --jobs 1 " + pack + " " + kPuzzles + "stream/two.txt " + pack);
    Ran four = run("solve -q --jobs 4 " + pack + " " + kPuzzles + "stream/two.txt " + pack);
    auto names = [](const std::string& out) {
        std::istringstream in(out);
        std::string line, all;
        while (std::getline(in, line)) all += line.substr(0, line.find(' ')) + "\n";
        return all;
    };
    EXPECT_EQ(one.code, 0);
    EXPECT_EQ(four.code, 0);
    EXPECT_EQ(names(one.out), names(four.out));
}

TEST(CliSolve, BadUsageAndInput) {
    EXPECT_EQ(run("solve").code, 2);
    EXPECT_EQ(run("solve --jobs 0 " + kPuzzles + "ascii/five.txt").code, 2);
    EXPECT_EQ(run("solve --labels ternary " + kPuzzles + "ascii/five.txt").code, 2);
    EXPECT_EQ(run("solve --output ascii " + kPuzzles + "ascii/five.txt").code, 2);
    Ran missing = run("solve /nonexistent.txt");
    EXPECT_EQ(missing.code, 2);
    EXPECT_EQ(missing.out, "");
}

TEST(CliSolveEngines, AutoPresolvesSmallBoardsWithTheWallFollower) {
    // Without the scan and depth-first searches, which would answer first (next tests).
    auto five = json_lines(run("solve --output json --scan-nodes 0 --dfs-nodes 0 " + kPuzzles + "ascii/five.txt").out);
    ASSERT_EQ(five.size(), 1u);
    EXPECT_EQ(five[0]["engine"], "wall");  // 5x5: the presolver answers
    EXPECT_EQ(five[0]["wall"]["status"], "solved");
    EXPECT_GT(five[0]["wall"]["max_board_list"].get<int>(), 0);
    auto sat = json_lines(run("solve --engine sat --output json " + kPuzzles + "ascii/five.txt").out);
    EXPECT_EQ(sat[0]["engine"], "sat");
    EXPECT_FALSE(sat[0].contains("wall"));
    // hooks10 is 10x10, above the presolve size: SAT answers. (Not rows10: its lines' shortest
    // routes fill it exactly, and the tight engine answers before SAT.)
    auto rows = json_lines(run("solve --output json --scan-nodes 0 --dfs-nodes 0 " + kPuzzles + "ascii/hooks10.txt").out);
    EXPECT_EQ(rows[0]["engine"], "sat");
    auto tight = json_lines(run("solve --output json --scan-nodes 0 --dfs-nodes 0 " + kPuzzles + "ascii/rows10.txt").out);
    EXPECT_EQ(tight[0]["engine"], "tight");
    EXPECT_EQ(tight[0]["tight"]["part"], "board");
}

TEST(CliSolveEngines, AutoTriesTheScanSearchFirst) {
    // Fill rules, small boards: the scan search answers (checked), nothing else runs.
    for (const std::string rules : {"flow", "strict"}) {
        auto five = json_lines(run("solve --output json --rules " + rules + " " + kPuzzles + "ascii/five.txt").out);
        ASSERT_EQ(five.size(), 1u);
        EXPECT_EQ(five[0]["status"], "solved");
        EXPECT_EQ(five[0]["engine"], "scan");
        EXPECT_EQ(five[0]["scan"]["status"], "solved");
        EXPECT_GT(five[0]["scan"]["nodes"].get<long>(), 0);
        EXPECT_FALSE(five[0].contains("dfs"));
        EXPECT_FALSE(five[0].contains("wall"));
        EXPECT_EQ(five[0]["stats"]["clauses"], 0);
    }
    // touch.txt has only solutions that touch themselves. Under flow rules the scan (which
    // looks for a strict one) finds none, the depth-first search (strict too) is skipped and
    // SAT answers; under strict rules the exhausted scan is the verdict.
    auto touch = json_lines(run("solve --output json --rules flow " + kPuzzles + "ascii/touch.txt").out);
    EXPECT_EQ(touch[0]["status"], "solved");
    EXPECT_EQ(touch[0]["engine"], "sat");
    EXPECT_EQ(touch[0]["scan"]["status"], "unsolvable");
    EXPECT_FALSE(touch[0].contains("dfs"));
    Ran strict = run("solve --output json --rules strict " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(strict.code, 1);
    EXPECT_EQ(json_lines(strict.out)[0]["status"], "unsolvable");
    EXPECT_EQ(json_lines(strict.out)[0]["engine"], "scan");
    // Not under no-fill rules, and not with --scan-nodes 0.
    EXPECT_FALSE(json_lines(run("solve --output json --rules nikoli " + kPuzzles + "ascii/five.txt").out)[0].contains("scan"));
    EXPECT_FALSE(json_lines(run("solve --output json --scan-nodes 0 " + kPuzzles + "ascii/five.txt").out)[0].contains("scan"));
    EXPECT_EQ(run("solve --scan-nodes -1 " + kPuzzles + "ascii/five.txt").code, 2);
    Ran alone = run("solve --engine scan --stats --rules strict " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(alone.code, 0) << alone.err;
    EXPECT_NE(alone.out.find("solved (scan"), std::string::npos) << alone.out;
    EXPECT_NE(alone.out.find("\n  scan solved ("), std::string::npos) << alone.out;
    EXPECT_NE(alone.out.find(", nodes "), std::string::npos) << alone.out;
    Ran unknown = run("solve --engine scan --output json --rules flow " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(json_lines(unknown.out)[0]["status"], "unknown");
}

TEST(CliSolveEngines, AutoTriesTheDepthFirstSearchNext) {
    // With the scan off, fill rules, small boards: the depth-first search answers (checked).
    for (const std::string rules : {"flow", "strict"}) {
        auto five = json_lines(
            run("solve --output json --scan-nodes 0 --rules " + rules + " " + kPuzzles + "ascii/five.txt").out);
        ASSERT_EQ(five.size(), 1u);
        EXPECT_EQ(five[0]["status"], "solved");
        EXPECT_EQ(five[0]["engine"], "dfs");
        EXPECT_EQ(five[0]["dfs"]["status"], "solved");
        EXPECT_GT(five[0]["dfs"]["nodes"].get<long>(), 0);
        EXPECT_FALSE(five[0].contains("wall"));
        EXPECT_EQ(five[0]["stats"]["clauses"], 0);
    }
    // touch.txt under flow rules: the search (which looks for a strict solution) finds none and
    // SAT answers; under strict rules the refutations (the corner rule of presolve) prove it
    // unsolvable before the depth-first search runs.
    auto touch = json_lines(run("solve --output json --scan-nodes 0 --rules flow " + kPuzzles + "ascii/touch.txt").out);
    EXPECT_EQ(touch[0]["status"], "solved");
    EXPECT_EQ(touch[0]["engine"], "sat");
    EXPECT_EQ(touch[0]["dfs"]["status"], "unsolvable");
    Ran strict = run("solve --output json --scan-nodes 0 --rules strict " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(strict.code, 1);
    EXPECT_EQ(json_lines(strict.out)[0]["engine"], "refute");
    EXPECT_FALSE(json_lines(strict.out)[0].contains("dfs"));
    EXPECT_EQ(run("solve --dfs-nodes -1 " + kPuzzles + "ascii/five.txt").code, 2);
}

TEST(CliSolveEngines, DfsEngineAlone) {
    Ran solved = run("solve --engine dfs --stats --rules strict " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(solved.code, 0) << solved.err;
    EXPECT_NE(solved.out.find("solved (dfs"), std::string::npos) << solved.out;
    EXPECT_NE(solved.out.find("\n  dfs solved ("), std::string::npos) << solved.out;
    EXPECT_NE(solved.out.find(", nodes "), std::string::npos) << solved.out;
    // An exhausted search is a proof under the rules it was run with.
    Ran none = run("solve --engine dfs --output json --rules strict " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(none.code, 1);
    EXPECT_EQ(json_lines(none.out)[0]["status"], "unsolvable");
    EXPECT_EQ(json_lines(none.out)[0]["engine"], "dfs");
    Ran flow = run("solve --engine dfs --output json --rules flow " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(flow.code, 0);
    EXPECT_EQ(json_lines(flow.out)[0]["status"], "solved");
    // Layers: not its kind of board.
    Ran layered = run("solve --engine dfs --output json " + kPuzzles + "adc/layers.txt");
    EXPECT_EQ(layered.code, 1);
    EXPECT_EQ(json_lines(layered.out)[0]["status"], "not-applicable");
    EXPECT_EQ(run("solve --engine dfs --cross-check " + kPuzzles + "ascii/five.txt").code, 2);
}

TEST(CliSolveEngines, LayersEngineAlone) {
    Ran solved = run("solve --engine layers --output json " + kPuzzles + "adc/layers.txt");
    EXPECT_EQ(solved.code, 0) << solved.err;
    const auto record = json_lines(solved.out).at(0);
    EXPECT_EQ(record["status"], "solved");
    EXPECT_EQ(record["engine"], "layers");
    EXPECT_EQ(record["layers_engine"]["status"], "solved");
    EXPECT_EQ(record["layers_engine"]["layer_solves"], 2);  // one puzzle per layer, no backing up
    // The puzzle's own fields stay intact beside the engine's object: the record reads back.
    EXPECT_EQ(record["layers"], 2);
    const std::string path = testing::TempDir() + "layers_engine.jsonl";
    {
        std::ofstream(path) << solved.out;
    }
    const Ran checked = run("check --rules adc " + path);
    EXPECT_EQ(checked.code, 0) << checked.out << checked.err;
    // One layer: not its kind of board.
    Ran flat = run("solve --engine layers --output json " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(flat.code, 1);
    EXPECT_EQ(json_lines(flat.out).at(0)["status"], "not-applicable");
    EXPECT_EQ(run("solve --engine layers --cross-check " + kPuzzles + "adc/layers.txt").code, 2);
}

// Under auto the layers engine runs after the router's first turn and repair on boards with vias: ADC 2016
// Q17 (the router leaves about 200 shared cells, SAT found nothing in 60 s).
TEST(CliSolveEngines, AutoSolvesAdc2016Q17ByLayers) {
    const std::string q17 = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/adc/adc2016/Q17.txt";
    if (!std::filesystem::exists(q17)) GTEST_SKIP() << "corpus not found: " << q17;
    Ran solved = run("solve --rules adc --output json " + q17);
    EXPECT_EQ(solved.code, 0) << solved.err;
    const auto record = json_lines(solved.out).at(0);
    EXPECT_EQ(record["status"], "solved");
    EXPECT_EQ(record["engine"], "layers");
    EXPECT_EQ(record["route"]["status"], "unknown");
}

TEST(CliSolveEngines, WallEngineAlone) {
    Ran solved = run("solve --engine wall -q " + kPuzzles + "ascii/rows10.txt");
    EXPECT_EQ(solved.code, 0);
    EXPECT_NE(solved.out.find(" solved "), std::string::npos);
    EXPECT_NE(solved.out.find(" wall\n"), std::string::npos) << solved.out;
    // Layers are out of the wall follower's scope: it says so instead of guessing.
    Ran layers = run("solve --engine wall --output json " + kPuzzles + "adc/layers.txt");
    EXPECT_EQ(layers.code, 1);
    EXPECT_EQ(json_lines(layers.out).at(0)["status"], "not-applicable");
    // Stuck is not a verdict: "unknown", never "unsolvable".
    Ran stuck = run("solve --engine wall --output json --rules strict " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(stuck.code, 1);
    EXPECT_EQ(json_lines(stuck.out).at(0)["status"], "unknown");
}

TEST(CliSolveEngines, WallFollowerAnswersWhenSatTimesOut) {
    // A timeout too short for SAT even to start; the fallback wall follower solves the board.
    // Its runs under a deadline grow from one board while the next is predicted to fit, so the
    // board is one it solves in its first board (one row of 90 cells: above the presolver's 81,
    // so SAT runs first; the depth-first search, which would solve it at once, is off): how far
    // it gets never depends on how busy the machine is.
    const std::string row = testing::TempDir() + "/row90_" + std::to_string(getpid()) + ".txt";
    std::ofstream(row) << 'A' << std::string(88, '.') << "A\n";
    Ran r = run("solve --output json --scan-nodes 0 --dfs-nodes 0 --timeout 0.000001 " + row);
    EXPECT_EQ(r.code, 0) << r.err;
    auto j = json_lines(r.out).at(0);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["engine"], "wall");
    EXPECT_EQ(j["wall"]["boards"], 1);
    EXPECT_TRUE(j.contains("paths"));
    std::remove(row.c_str());
}

TEST(CliSolveEngines, ContradictionsAreInternalErrors) {
    // The SAT engine is made to claim "unsolvable"; the wall follower holds a checked solution.
    // (Without the depth-first search, which would answer before SAT runs; on a board the tight
    // engine does not apply to.)
    Ran fallback = run("solve --scan-nodes 0 --dfs-nodes 0 " + kPuzzles + "ascii/hooks10.txt", "NUMBERLINK_DEBUG_FAULT=unsolvable");
    EXPECT_EQ(fallback.code, 70);
    EXPECT_NE(fallback.err.find("hooks10.txt:1: the SAT engine proved the puzzle unsolvable, but the wall"),
              std::string::npos)
        << fallback.err;
    EXPECT_EQ(fallback.out.find("unsolvable"), std::string::npos) << "a verdict was printed:\n" << fallback.out;
    Ran cross = run("solve --cross-check " + kPuzzles + "ascii/five.txt", "NUMBERLINK_DEBUG_FAULT=unsolvable");
    EXPECT_EQ(cross.code, 70);
    Ran agree = run("solve --cross-check --output json " + kPuzzles + "ascii/five.txt");
    EXPECT_EQ(agree.code, 0);
    auto j = json_lines(agree.out).at(0);
    EXPECT_EQ(j["cross_check"]["sat"], "solved");
    EXPECT_EQ(j["cross_check"]["wall"], "solved");
    EXPECT_EQ(j["cross_check"]["agree"], true);
    EXPECT_EQ(run("solve --cross-check --engine wall " + kPuzzles + "ascii/five.txt").code, 2);
}

TEST(CliUniqueCount, VerdictsExitCodesAndJson) {
    Ran unique = run("unique " + kPuzzles + "ascii/five.txt --rules strict");
    EXPECT_EQ(unique.code, 0) << unique.out << unique.err;
    EXPECT_EQ(unique.out, kPuzzles + "ascii/five.txt:1: unique\n");
    // "AA/.." under nikoli rules: the direct step or the long way round.
    const std::string dir = testing::TempDir() + "/uc_" + std::to_string(getpid());
    std::system(("mkdir -p " + dir).c_str());
    std::ofstream(dir + "/two.txt") << "AA\n..\n";
    Ran multiple = run("unique --rules nikoli --output json " + dir + "/two.txt");
    EXPECT_EQ(multiple.code, 1);
    auto j = json_lines(multiple.out).at(0);
    EXPECT_EQ(j["verdict"], "multiple");
    ASSERT_EQ(j["solutions"].size(), 2u);
    EXPECT_NE(j["solutions"][0], j["solutions"][1]);
    EXPECT_EQ(j["differing_cells"].size(), 2u);  // the two cells of the long way
    Ran none = run("unique --rules strict --output json " + kPuzzles + "ascii/touch.txt");
    EXPECT_EQ(none.code, 1);
    EXPECT_EQ(json_lines(none.out).at(0)["verdict"], "none");
    EXPECT_TRUE(json_lines(none.out).at(0).contains("unsolvable_reason"));
    // "A./.A" under flow rules: a path over all four cells alternates chequerboard colours, so
    // it cannot join two cells of one colour. The verdict says how none was proved, as solve does.
    std::ofstream(dir + "/parity.txt") << "A.\n.A\n";
    Ran parity = run("unique --rules flow --output json " + dir + "/parity.txt");
    EXPECT_EQ(json_lines(parity.out).at(0)["verdict"], "none");
    EXPECT_EQ(json_lines(parity.out).at(0)["unsolvable_reason"].get<std::string>().rfind("parity: ", 0), 0u) << parity.out;
    Ran parity_text = run("unique --rules flow " + dir + "/parity.txt");
    EXPECT_EQ(parity_text.out.rfind(dir + "/parity.txt:1: none (parity: ", 0), 0u) << parity_text.out;
    Ran human = run("unique --rules nikoli " + dir + "/two.txt");
    EXPECT_NE(human.out.find("solution 2:"), std::string::npos);
    EXPECT_NE(human.out.find("differing cells: [0, 1] [1, 1]"), std::string::npos) << human.out;

    Ran count = run("count --rules nikoli --output json " + dir + "/two.txt");
    EXPECT_EQ(count.code, 0);
    EXPECT_EQ(json_lines(count.out).at(0)["count"], 2);
    Ran capped = run("count --max 1 --rules nikoli " + dir + "/two.txt");
    EXPECT_EQ(capped.out, dir + "/two.txt:1: at least 1 solution\n");
    Ran all = run("count --all --output json --rules nikoli " + dir + "/two.txt");
    EXPECT_EQ(json_lines(all.out).at(0)["solutions"].size(), 2u);
    EXPECT_EQ(run("count --max 0 " + dir + "/two.txt").code, 2);
    EXPECT_EQ(run("unique --engine magic " + dir + "/two.txt").code, 2);
}

// A run stopped before a verdict still reports the solution it found: arukone inputs9 #16 under
// flow rules (the corpus; no exact method decides it in minutes, docs/counting.md) has its first
// solution in well under a second and no verdict within the limit. kLimit is the test's one slack:
// the first solution, and the proof that no other one is without a U-turn (0.2 s of SAT on this
// board), must fit in it on a busy machine. (If a later change decides the
// board within kLimit, the verdict here becomes "unique" or "multiple" and the test must change.)
TEST(CliUniqueCount, StoppedRunShowsTheSolutionFound) {
    const std::string file = std::string(NUMBERLINK_SOURCE_DIR) + "/../shared/corpus/arukone/inputs9.txt";
    if (!std::filesystem::exists(file)) GTEST_SKIP() << "corpus not found: " << file;
    const std::string kLimit = "5";  // seconds
    // The 16th board of the stream file, in a file of its own.
    std::ifstream in(file);
    std::string line, board;
    int seen = 0;
    while (std::getline(in, line)) {
        if (line == "40 20" && ++seen == 16) {
            board = line + "\n";
            for (int y = 0; y < 20 && std::getline(in, line); ++y) board += line + "\n";
            break;
        }
    }
    ASSERT_EQ(seen, 16);
    const std::string path = testing::TempDir() + "/inputs9_16_" + std::to_string(getpid()) + ".txt";
    std::ofstream(path) << board;

    Ran json = run("unique --rules flow --output json --timeout " + kLimit + " " + path);
    EXPECT_EQ(json.code, 1) << json.err;
    const auto j = json_lines(json.out).at(0);
    EXPECT_EQ(j["verdict"], "timeout");
    EXPECT_EQ(j["solutions_found"], 1);
    ASSERT_TRUE(j.contains("paths"));
    // The solution reported is valid under flow rules (read back and checked independently).
    auto puzzle = nl::read_puzzles(path, {}).at(0).puzzle;
    nl::SolutionText text;
    for (const auto& [name, cells] : j["paths"].items()) {
        std::vector<nl::Coord> coords;
        for (const auto& c : cells) coords.push_back({c[0].get<int>(), c[1].get<int>(), 0});
        text.paths.emplace_back(name, coords);
    }
    auto m = nl::match_solution(puzzle, text);
    ASSERT_EQ(m.problem, "");
    EXPECT_TRUE(nl::check_solution(puzzle, m.solution, *nl::rules_from_name("flow")).ok);
    // Every solution without a U-turn has been found (SAT proves in well under a second that
    // there is no second one; docs/counting.md), and the one found has none (checked here).
    EXPECT_EQ(j["uturn_free_solutions"], 1);
    EXPECT_FALSE(nl::has_uturn(puzzle, m.solution));

    Ran human = run("unique --rules flow --timeout " + kLimit + " " + path);
    EXPECT_EQ(human.code, 1);
    EXPECT_TRUE(human.out.starts_with(path + ":1: timeout (1 solution found, no second one yet; any other solution "
                                             "has a U-turn)\nsolution found:\n"))
        << human.out;
    std::remove(path.c_str());
}

// --distinct: a bad value is a usage error naming it; JSON records the mode ("paths" by default);
// corners.txt (one label from corner to corner of a 3x3 board) has two path solutions under flow
// rules (by rows, by columns) that give one colouring, counted once by both engines with
// --distinct colours, whose unique verdict then carries that colouring's paths.
TEST(CliUniqueCount, DistinctPathsOrColours) {
    const std::string corners = kPuzzles + "ascii/corners.txt";
    for (const std::string cmd : {"count", "unique"}) {
        Ran bad = run(cmd + " --distinct cells " + corners);
        EXPECT_EQ(bad.code, 2) << cmd;
        EXPECT_EQ(bad.out, "") << cmd;
        EXPECT_NE(bad.err.find("--distinct takes paths, colours or colors, not 'cells'"), std::string::npos) << bad.err;
    }
    for (const std::string engine : {"sat", "search"}) {
        Ran paths = run("count --rules flow --output json --engine " + engine + " " + corners);
        EXPECT_EQ(paths.code, 0) << paths.err;
        auto j = json_lines(paths.out).at(0);
        EXPECT_EQ(j["count"], 2) << engine;
        EXPECT_EQ(j["distinct"], "paths");
        EXPECT_EQ(j["engine"], engine);
        Ran colours = run("count --rules flow --output json --distinct colours --engine " + engine + " " + corners);
        EXPECT_EQ(colours.code, 0) << colours.err;
        j = json_lines(colours.out).at(0);
        EXPECT_EQ(j["count"], 1) << engine;
        EXPECT_EQ(j["distinct"], "colours");
        Ran american = run("count --rules flow --distinct colors --engine " + engine + " " + corners);
        EXPECT_EQ(american.out, corners + ":1: 1 solution\n") << engine;

        Ran multiple = run("unique --rules flow --output json --engine " + engine + " " + corners);
        EXPECT_EQ(multiple.code, 1);
        j = json_lines(multiple.out).at(0);
        EXPECT_EQ(j["verdict"], "multiple");
        EXPECT_EQ(j["distinct"], "paths");
        EXPECT_EQ(j["differing_cells"].size(), 0u);  // same colouring, other paths
        Ran unique = run("unique --rules flow --output json --distinct colours --engine " + engine + " " + corners);
        EXPECT_EQ(unique.code, 0) << unique.out << unique.err;
        j = json_lines(unique.out).at(0);
        EXPECT_EQ(j["verdict"], "unique");
        EXPECT_EQ(j["distinct"], "colours");
        EXPECT_EQ(j["paths"]["A"].size(), 9u);  // the path fills the board
    }
}

// Ctrl-C during a batch: the running solve stops, results so far and a summary are printed, exit 130.
// The signal goes out when the program says the slow puzzle has started (a test marker).
TEST(CliSolveInterrupt, CtrlCStopsTheBatchWithResultsSoFar) {
    // A board the exact encoding cannot solve quickly: 40x20 under flow rules without speculation.
    const std::string dir = testing::TempDir() + "/int_" + std::to_string(getpid());
    std::system(("mkdir -p " + dir).c_str());
    std::ofstream(dir + "/slow.txt") << nl::testing_boards::slow_board();
    nl::testing_child::Child c({"solve", "-q", "--jobs", "1", "--no-speculate", kPuzzles + "ascii/five.txt",
                                dir + "/slow.txt", dir + "/slow.txt"},
                               dir + "/run");
    ASSERT_TRUE(c.wait_for_marker("start " + dir + "/slow.txt:1")) << c.err();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_GE(c.seconds_after_signal(), 0) << c.err();
    EXPECT_LT(c.seconds_after_signal(), nl::testing_timing::signal_bound()) << c.err();
    const std::string out = c.out(), err = c.user_err();
    EXPECT_NE(out.find("five.txt:1 solved"), std::string::npos) << out;      // finished before Ctrl-C
    EXPECT_NE(out.find("slow.txt:1 interrupted"), std::string::npos) << out;  // the one running
    EXPECT_EQ(out.find("slow.txt:2"), std::string::npos) << out;              // never started
    EXPECT_EQ(err, "numberlink: interrupted: 2 of 3 puzzles done, 1 solved\n") << err;
}

TEST(CliSolve, SaysWhichCellBoundStoppedSat) {
    const std::string band = " --scan-nodes 0 --dfs-nodes 0 " + kPuzzles + "ascii/band.txt";
    Ran grid = run("solve --sat-max-cells 100" + band);
    EXPECT_EQ(grid.code, 1) << grid.err;
    EXPECT_NE(grid.out.find(": limit (sat, "), std::string::npos) << grid.out;
    EXPECT_NE(grid.out.find("  limit: 192 open cells for one SAT problem, over the 100 of --sat-max-cells\n"),
              std::string::npos)
        << grid.out;
    auto json = json_lines(run("solve --output json --sat-max-cells 100" + band).out);
    ASSERT_EQ(json.size(), 1u);
    EXPECT_EQ(json[0]["status"], "limit");
    EXPECT_EQ(json[0]["stats"]["limit_reason"], "192 open cells for one SAT problem, over the 100 of --sat-max-cells");
    // Machine formats keep stdout for solutions: the reason goes to stderr.
    Ran paths = run("solve --output paths --sat-max-cells 100" + band);
    EXPECT_EQ(paths.out, "");
    EXPECT_NE(paths.err.find(": limit (0."), std::string::npos) << paths.err;
    EXPECT_NE(paths.err.find("s): 192 open cells for one SAT problem"), std::string::npos) << paths.err;
    EXPECT_EQ(run("solve --sat-max-cells 0" + band).code, 0);
    EXPECT_EQ(run("solve --sat-max-cells -1" + band).code, 2);
}

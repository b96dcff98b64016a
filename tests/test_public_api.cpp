// The public API (include/numberlink/numberlink.hpp), through its own header only, on boards
// whose answers are worked out by hand in the comments: a board with one forced solution, a
// board that the colouring argument (parity) makes unsolvable, a board with exactly two
// solutions, and hand-written wrong solutions for the checker.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "numberlink/numberlink.hpp"
#include "numberlink/render.hpp"

namespace {

namespace api = numberlink;

// Each label's row is forced: A's only free neighbour is (1,0), and going down from there leads
// into B's and C's endpoints or cells C needs ((1,2) is C's only way out of (0,2)). So the one
// solution under flow rules is the three rows.
const char* kRows = "A.A\nB.B\nC.C\n";

// A from corner to corner of a 4x4 board: both ends are dark on a chessboard colouring, so its
// path has one dark cell more than light ones, while the board has 8 of each. No path covers
// every cell: unsolvable under the fill rule, solvable (any route) without it.
const char* kParity = "A...\n....\n....\n...A\n";

// A from corner to corner of a 3x3 board under flow rules: the first step (right or down) fixes
// the rest, since every other turn strands a corner cell. Exactly two solutions, the two snakes,
// and each snake touches itself (cells (0,0) and (0,1) are neighbours but not consecutive), so
// none under strict rules.
const char* kCorners = "A..\n...\n..A\n";

api::Puzzle first(const char* text, std::optional<api::Rules> rules = {}) {
    api::ReadOptions o;
    o.rules = rules;
    return api::read_text(text, o, "t.txt").at(0).puzzle;
}

api::Path row(const std::string& label, int y, int width = 3) {
    api::Path p{label, {}};
    for (int x = 0; x < width; ++x) p.cells.push_back({x, y, 0});
    return p;
}

api::Solution rows_solution() { return {{row("A", 0), row("B", 1), row("C", 2)}}; }

TEST(PublicApi, ReadsAPuzzleAndWritesItBack) {
    const std::vector<api::Entry> entries = api::read_text(kRows, {}, "rows.txt");
    ASSERT_EQ(entries.size(), 1u);
    const api::Puzzle& p = entries[0].puzzle;
    EXPECT_EQ(p.name(), "rows.txt:1");
    EXPECT_EQ(p.width(), 3);
    EXPECT_EQ(p.height(), 3);
    EXPECT_EQ(p.layers(), 1);
    EXPECT_EQ(p.rules(), api::Rules::Flow);  // the ascii format's default
    const auto labels = p.labels();
    ASSERT_EQ(labels.size(), 3u);
    EXPECT_EQ(labels[1].name, "B");
    EXPECT_EQ(labels[1].ends[0], (api::Cell{0, 1, 0}));
    EXPECT_EQ(labels[1].ends[1], (api::Cell{2, 1, 0}));
    EXPECT_FALSE(p.blocked({1, 1, 0}));
    EXPECT_EQ(api::write(api::Format::Ascii, p), kRows);
    const api::Solution s = rows_solution();
    EXPECT_EQ(api::write(api::Format::Grid, p, &s), "AAA\nBBB\nCCC\n");
    EXPECT_EQ(p.with_rules(api::Rules::Adc).rules(), api::Rules::Adc);
    EXPECT_EQ(p.rules(), api::Rules::Flow);  // with_rules made a copy
    EXPECT_EQ(first(kRows, api::Rules::Nikoli).rules(), api::Rules::Nikoli);
}

TEST(PublicApi, BadInputThrowsInputErrorWithItsPlace) {
    try {
        api::read_text("A..\n...\n", {}, "bad.txt");  // A has one endpoint
        FAIL() << "read_text accepted a label with one endpoint";
    } catch (const api::InputError& e) {
        EXPECT_EQ(e.file, "bad.txt");
        EXPECT_NE(std::string(e.what()).find("bad.txt"), std::string::npos) << e.what();
    }
    EXPECT_THROW(api::read_file("/nonexistent/puzzle.txt"), api::InputError);
    api::ReadOptions paths_only;
    paths_only.format = api::Format::Paths;  // holds solutions, not puzzles
    EXPECT_THROW(api::read_text(kRows, paths_only), api::InputError);
    EXPECT_THROW(api::write(api::Format::Levelpack, first(kRows)), api::InputError);  // needs a solution
    const api::Solution off_board{{{"A", {{0, 0, 0}, {5, 0, 0}}}}};
    EXPECT_THROW(api::write(api::Format::Grid, first(kRows), &off_board), api::InputError);
}

TEST(PublicApi, SolvesTheForcedBoard) {
    const api::SolveResult r = api::solve(first(kRows));
    ASSERT_EQ(r.status, api::Status::Solved);
    EXPECT_FALSE(r.engine.empty());
    EXPECT_GE(r.seconds, 0);
    ASSERT_TRUE(r.solution);
    ASSERT_EQ(r.solution->paths.size(), 3u);
    for (int y = 0; y < 3; ++y) {
        const api::Path& path = r.solution->paths[y];
        std::set<int> xs;
        for (const api::Cell& c : path.cells) {
            EXPECT_EQ(c.y, y) << path.label;
            xs.insert(c.x);
        }
        EXPECT_EQ(xs, (std::set<int>{0, 1, 2})) << path.label;
    }
}

TEST(PublicApi, EveryEngineNameSolvesOrDeclines) {
    for (const char* engine : {"auto", "sat", "search", "dfs", "scan", "wall"}) {
        api::SolveOptions o;
        o.engine = engine;
        const api::SolveResult r = api::solve(first(kRows), o);
        EXPECT_TRUE(r.status == api::Status::Solved || r.status == api::Status::Unknown ||
                    r.status == api::Status::NotApplicable)
            << engine << ": " << api::status_name(r.status);
        if (r.status == api::Status::Solved) {
            EXPECT_TRUE(api::check(first(kRows), *r.solution).ok) << engine;
        }
    }
}

TEST(PublicApi, ParityMakesTheFillBoardUnsolvable) {
    const api::SolveResult r = api::solve(first(kParity));
    EXPECT_EQ(r.status, api::Status::Unsolvable);
    EXPECT_FALSE(r.solution);
    EXPECT_FALSE(r.unsolvable_reason.empty());
    // Without the fill rule the corner-to-corner line exists.
    const api::Puzzle free = first(kParity, api::Rules::Nikoli);
    const api::SolveResult n = api::solve(free);
    ASSERT_EQ(n.status, api::Status::Solved);
    EXPECT_TRUE(api::check(free, *n.solution).ok);
    EXPECT_EQ(api::unique(first(kParity)).verdict, api::Uniqueness::None);
}

TEST(PublicApi, CountsTheTwoSnakes) {
    for (const char* engine : {"sat", "search", "frontier"}) {
        api::CountOptions o;
        o.engine = engine;
        const api::CountResult flow = api::count(first(kCorners), o);
        EXPECT_EQ(flow.count, 2) << engine;
        EXPECT_TRUE(flow.exact()) << engine;
        EXPECT_EQ(flow.solutions.size(), 2u) << engine;
        const api::CountResult strict = api::count(first(kCorners, api::Rules::Strict), o);
        EXPECT_EQ(strict.count, 0) << engine;
        EXPECT_TRUE(strict.exact()) << engine;
    }
    api::CountOptions one;
    one.max = 1;
    const api::CountResult capped = api::count(first(kCorners), one);
    EXPECT_EQ(capped.count, 1);
    EXPECT_TRUE(capped.capped);
    EXPECT_FALSE(capped.exact());
}

TEST(PublicApi, UniqueVerdicts) {
    const api::UniqueResult rows = api::unique(first(kRows));
    EXPECT_EQ(rows.verdict, api::Uniqueness::Unique);
    ASSERT_EQ(rows.solutions.size(), 1u);
    EXPECT_TRUE(api::check(first(kRows), rows.solutions[0]).ok);
    const api::UniqueResult corners = api::unique(first(kCorners));
    EXPECT_EQ(corners.verdict, api::Uniqueness::Multiple);
    ASSERT_EQ(corners.solutions.size(), 2u);
    // Both snakes colour every cell A; their paths differ.
    EXPECT_NE(api::write(api::Format::Paths, first(kCorners), &corners.solutions[0]),
              api::write(api::Format::Paths, first(kCorners), &corners.solutions[1]));
    EXPECT_EQ(api::unique(first(kCorners, api::Rules::Strict)).verdict, api::Uniqueness::None);
    EXPECT_EQ(api::uniqueness_name(api::Uniqueness::Multiple), "multiple");
}

TEST(PublicApi, ChecksHandWrittenSolutions) {
    const api::Puzzle p = first(kRows);
    EXPECT_TRUE(api::check(p, rows_solution()).ok);
    api::Solution jump = rows_solution();
    jump.paths[2].cells = {{0, 2, 0}, {2, 2, 0}};  // C skips (1,2)
    const api::CheckResult j = api::check(p, jump);
    EXPECT_FALSE(j.ok);
    EXPECT_EQ(j.rule, "adjacency");
    api::Solution missing = rows_solution();
    missing.paths.pop_back();
    EXPECT_EQ(api::check(p, missing).rule, "missing");
    api::Solution off = rows_solution();
    off.paths[0].cells.push_back({3, 0, 0});
    EXPECT_FALSE(api::check(p, off).ok);
    api::Solution stranger = rows_solution();
    stranger.paths[0].label = "Z";  // tied to A by its endpoints
    EXPECT_TRUE(api::check(p, stranger).ok);
    // Corner to corner along two sides leaves four cells empty: wrong under flow, right under nikoli.
    const api::Puzzle corners = first(kCorners);
    const api::Solution short_line{{{"A", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {2, 2, 0}}}}};
    EXPECT_EQ(api::check(corners, short_line).rule, "fill");
    EXPECT_TRUE(api::check(corners.with_rules(api::Rules::Nikoli), short_line).ok);
}

TEST(PublicApi, ReadsASolutionGivenAsText) {
    const api::Puzzle p = first(kRows);
    EXPECT_TRUE(api::check(p, api::read_solution(p, "AAA\nBBB\nCCC\n")).ok);
    // A line along two sides of the corners board: a solution of it, which leaves cells empty.
    const api::Puzzle corners = first(kCorners);
    EXPECT_EQ(api::check(corners, api::read_solution(corners, "AAA\n..A\n..A\n")).rule, "fill");
    EXPECT_THROW(api::read_solution(p, "AAAA\nBBBB\n"), api::InputError);         // another size
    EXPECT_THROW(api::read_solution(p, "AAA\nBBC\nCCC\n"), api::InputError);     // B's ends differ
}

TEST(PublicApi, GeneratesCheckedDistinctPuzzles) {
    api::GenerateOptions o;
    o.width = 5;
    o.height = 4;
    o.count = 3;
    o.seed = 11;
    o.unique = true;
    const api::GenerateResult g = api::generate(o);
    ASSERT_EQ(g.status, api::GenerateStatus::Done);
    ASSERT_EQ(g.puzzles.size(), 3u);
    std::set<std::string> texts;
    for (const api::Entry& e : g.puzzles) {
        EXPECT_EQ(e.puzzle.width(), 5);
        EXPECT_EQ(e.puzzle.height(), 4);
        ASSERT_TRUE(e.solution);
        EXPECT_TRUE(api::check(e.puzzle, *e.solution).ok);
        // The exhaustive search, which shares nothing with the generator's SAT proof, agrees.
        api::CountOptions search;
        search.engine = "search";
        EXPECT_EQ(api::count(e.puzzle, search).count, 1);
        texts.insert(api::write(api::Format::Ascii, e.puzzle));
    }
    EXPECT_EQ(texts.size(), 3u);
    // The same seed gives the same puzzles.
    const api::GenerateResult again = api::generate(o);
    ASSERT_EQ(again.puzzles.size(), 3u);
    EXPECT_EQ(api::write(api::Format::Ascii, again.puzzles[0].puzzle),
              api::write(api::Format::Ascii, g.puzzles[0].puzzle));
}

TEST(PublicApi, RefusesArgumentsOutOfRange) {
    const api::Puzzle p = first(kRows);
    api::SolveOptions engine;
    engine.engine = "nope";
    EXPECT_THROW(api::solve(p, engine), std::invalid_argument);
    for (double t : {-1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        api::SolveOptions o;
        o.limits.timeout = t;
        EXPECT_THROW(api::solve(p, o), std::invalid_argument) << t;
        api::CountOptions c;
        c.limits.timeout = t;
        EXPECT_THROW(api::unique(p, c), std::invalid_argument) << t;
    }
    api::CountOptions negative;
    negative.max = -1;
    EXPECT_THROW(api::count(p, negative), std::invalid_argument);
    api::CountOptions counter;
    counter.engine = "nope";
    EXPECT_THROW(api::count(p, counter), std::invalid_argument);
    api::GenerateOptions tiny;
    tiny.width = tiny.height = 1;
    EXPECT_THROW(api::generate(tiny), std::invalid_argument);
    api::SvgOptions huge;
    huge.cell_size = 1000;
    EXPECT_THROW(api::svg(p, nullptr, huge), std::invalid_argument);
}

TEST(PublicApi, AnInterruptedCountSaysSo) {
    std::atomic<bool> stop{true};
    api::CountOptions o;
    o.limits.interrupt = &stop;
    // A 7x7 board with one label and no fill rule has a great many solutions: the count cannot
    // finish before it looks at the flag.
    const api::CountResult r = api::count(first("A......\n.......\n.......\n.......\n.......\n.......\n......A\n",
                                                api::Rules::Nikoli),
                                          o);
    EXPECT_EQ(r.stop, api::Stop::Interrupted);
    EXPECT_FALSE(r.exact());
}

TEST(PublicApi, NamesRoundTrip) {
    for (api::Rules r : {api::Rules::Flow, api::Rules::Nikoli, api::Rules::Adc, api::Rules::Strict})
        EXPECT_EQ(api::rules_from_name(api::rules_name(r)), r);
    EXPECT_FALSE(api::rules_from_name("free"));
    for (const char* name : {"ascii", "stream", "levelpack", "intgrid", "adc", "json", "paths", "grid", "board",
                             "flowsolver"})
        EXPECT_EQ(api::format_name(*api::format_from_name(name)), name);
    EXPECT_EQ(api::status_name(api::Status::NotApplicable), "not-applicable");
    EXPECT_FALSE(api::version().empty());
}

TEST(PublicApi, DrawsSvg) {
    const api::Puzzle p = first(kRows);
    const api::Solution s = rows_solution();
    const std::string picture = api::svg(p, &s);
    EXPECT_NE(picture.find("<svg"), std::string::npos);
    EXPECT_GT(picture.size(), api::svg(p).size());  // the paths add to it
}

TEST(PublicApi, WritesDimacsWithItsMap) {
    std::ostringstream answer, models;
    api::write_dimacs(answer, first(kRows));
    api::write_dimacs(models, first(kCorners, api::Rules::Nikoli), true);
    // The header names each label with its endpoints, as the puzzle text places them.
    EXPECT_NE(answer.str().find("c numberlink label 1 B 0 1 0 2 1 0\n"), std::string::npos) << answer.str();
    EXPECT_NE(answer.str().find("\np cnf "), std::string::npos);
    EXPECT_NE(models.str().find("c numberlink exact models\n"), std::string::npos);
}

// A solution crosses the public API as labelled cells and comes back onto the board's graph
// (bridge lanes, warps, hexagons, walls, layers with vias): the library's answer on each variant
// board must still pass the checker after the round trip, and survive being written and read.
TEST(PublicApi, VariantSolutionsSurviveTheRoundTrip) {
    for (const char* file : {"puzzles/variants/bridge.txt", "puzzles/variants/hex.txt", "puzzles/variants/warp.txt",
                             "puzzles/variants/walls.txt", "puzzles/variants/picture_shape.txt",
                             "puzzles/adc/layers.txt", "puzzles/adc/five.txt"}) {
        for (const api::Entry& e : api::read_file(std::string(NUMBERLINK_SOURCE_DIR) + "/" + file)) {
            api::SolveOptions o;
            o.limits.timeout = 20;
            const api::SolveResult r = api::solve(e.puzzle, o);
            ASSERT_EQ(r.status, api::Status::Solved) << e.puzzle.name();
            const api::CheckResult checked = api::check(e.puzzle, *r.solution);
            EXPECT_TRUE(checked.ok) << e.puzzle.name() << ": " << checked.message;
            const std::string json = api::write(api::Format::Json, e.puzzle, &*r.solution);
            const api::Entry back = api::read_text(json, {}, "back.json").at(0);
            ASSERT_TRUE(back.solution) << e.puzzle.name();
            EXPECT_TRUE(api::check(back.puzzle, *back.solution).ok) << e.puzzle.name();
        }
    }
}

// docs/library.md shows the install test's example program whole: it must be that file, from
// its first #include on, so that the example compiles and runs as shown.
TEST(PublicApi, TheDocumentedExampleIsTheTestedOne) {
    auto slurp = [](const std::string& path) {
        std::ifstream in(std::string(NUMBERLINK_SOURCE_DIR) + "/" + path);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string doc = slurp("docs/library.md"), program = slurp("tests/install/consumer/uniques.cpp");
    const std::size_t open = doc.find("```cpp\n");
    ASSERT_NE(open, std::string::npos);
    const std::size_t start = open + 7, end = doc.find("```", start);
    ASSERT_NE(program.find("#include"), std::string::npos);
    EXPECT_EQ(doc.substr(start, end - start), program.substr(program.find("#include")));
}

}  // namespace

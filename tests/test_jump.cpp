// Jump tours of the jump puzzle (jump/jump.hpp, `numberlink jump`).
//
// The oracle here is independent of the engine: a plain depth-first search with no pruning and
// no symmetry, on neighbours computed from the puzzle's own rule spelled out as its 8 literal jumps,
// and a move checker of its own. The engine's counts (with and without symmetry weighting), its
// per-start counts, its listed tours and the tours it finds are all compared against them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>
#include <sstream>

#include "child_process.hpp"
#include "cli_fixture.hpp"
#include "jump/jump.hpp"

namespace {

using nl::jump::JumpBoard;

// The jump puzzle's own jumps, written out by hand: 3 cells N, S, E, W; 2 cells along each diagonal.
const int kPuzzleJumps[8][2] = {{3, 0}, {-3, 0}, {0, 3}, {0, -3}, {2, 2}, {2, -2}, {-2, 2}, {-2, -2}};
// The knight's jumps, for a custom move set with a published count (1,728 on 5x5).
const int kKnightJumps[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};

struct Oracle {
    int w, h;
    const int (*jumps)[2];
    std::vector<char> used;
    std::uint64_t tours = 0;

    bool is_jump(int from, int to) const {
        const int dx = to % w - from % w, dy = to / w - from / w;
        for (int k = 0; k < 8; ++k)
            if (jumps[k][0] == dx && jumps[k][1] == dy) return true;
        return false;
    }
    void walk(int head, int depth) {
        if (depth == w * h) {
            ++tours;
            return;
        }
        for (int c = 0; c < w * h; ++c)
            if (!used[static_cast<std::size_t>(c)] && is_jump(head, c)) {
                used[static_cast<std::size_t>(c)] = 1;
                walk(c, depth + 1);
                used[static_cast<std::size_t>(c)] = 0;
            }
    }
    std::vector<std::uint64_t> per_start() {
        std::vector<std::uint64_t> out;
        for (int s = 0; s < w * h; ++s) {
            used.assign(static_cast<std::size_t>(w * h), 0);
            tours = 0;
            used[static_cast<std::size_t>(s)] = 1;
            walk(s, 1);
            out.push_back(tours);
        }
        return out;
    }
    // The test's own move checker.
    bool valid(const std::vector<int>& tour) const {
        if (static_cast<int>(tour.size()) != w * h) return false;
        std::set<int> seen(tour.begin(), tour.end());
        if (static_cast<int>(seen.size()) != w * h || *seen.begin() < 0 || *seen.rbegin() >= w * h) return false;
        for (std::size_t i = 1; i < tour.size(); ++i)
            if (!is_jump(tour[i - 1], tour[i])) return false;
        return true;
    }
};

JumpBoard default_board(int w, int h) { return {w, h, nl::jump::default_moves()}; }
JumpBoard knight_board(int w, int h) { return {w, h, nl::jump::expand_moves({{1, 2}})}; }

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
    std::uint64_t s = 0;
    for (auto x : v) s += x;
    return s;
}

TEST(Jump, DefaultMovesAreThePuzzlesEight) {
    const auto moves = nl::jump::default_moves();
    ASSERT_EQ(moves.size(), 8u);
    for (const auto& j : kPuzzleJumps)
        EXPECT_NE(std::find(moves.begin(), moves.end(), nl::jump::Offset{j[0], j[1]}), moves.end());
}

TEST(Jump, ParseMoves) {
    auto m = nl::jump::parse_moves("3,0:2,2");
    ASSERT_TRUE(m);
    EXPECT_EQ(nl::jump::expand_moves(*m), nl::jump::default_moves());
    EXPECT_EQ(nl::jump::expand_moves(*nl::jump::parse_moves("1,2")).size(), 8u);
    EXPECT_EQ(nl::jump::expand_moves(*nl::jump::parse_moves("1,0")).size(), 4u);
    for (const char* bad : {"", "3", "0,0", "3,0:", "a,b", "3,,0", "101,0", "3,0;2,2"})
        EXPECT_FALSE(nl::jump::parse_moves(bad)) << bad;
}

// Counts, per start and in total, equal the plain search on squares, rectangles and odd boards,
// with and without symmetry weighting, with one and with two workers.
TEST(Jump, CountsMatchThePlainSearch) {
    for (auto [w, h] : std::vector<std::pair<int, int>>{{4, 4}, {5, 5}, {4, 5}, {5, 4}, {7, 4}, {4, 7}, {4, 6}, {3, 5}, {1, 4}}) {
        Oracle oracle{w, h, kPuzzleJumps, {}, 0};
        const auto expected = oracle.per_start();
        for (bool symmetry : {true, false})
            for (int jobs : {1, 2}) {
                nl::jump::CountOptions o;
                o.use_symmetry = symmetry;
                o.jobs = jobs;
                const auto r = nl::jump::count_tours(default_board(w, h), o);
                EXPECT_EQ(r.per_start, expected) << w << "x" << h << " symmetry " << symmetry;
                EXPECT_EQ(r.total, sum(expected)) << w << "x" << h;
                EXPECT_EQ(sum(r.per_start), r.total);
                EXPECT_FALSE(r.interrupted);
            }
    }
}

TEST(Jump, DefaultMovesFiveByFiveTotal) {
    const auto r = nl::jump::count_tours(default_board(5, 5), {});
    EXPECT_EQ(r.total, 12400u);
    EXPECT_EQ(r.searched_starts, 6);  // the 6 classes of a 5x5 square under its 8 symmetries
}

TEST(Jump, KnightsMovesMatchThePlainSearchAndThePublishedCount) {
    EXPECT_EQ(nl::jump::count_tours(knight_board(5, 5), {}).total, 1728u);  // open knight's tours of 5x5 (OEIS A165134)
    for (auto [w, h] : std::vector<std::pair<int, int>>{{3, 4}, {4, 5}, {5, 4}}) {
        Oracle oracle{w, h, kKnightJumps, {}, 0};
        const auto expected = oracle.per_start();
        EXPECT_GT(sum(expected), 0u);
        EXPECT_EQ(nl::jump::count_tours(knight_board(w, h), {}).per_start, expected) << w << "x" << h;
    }
}

// Larger odd boards, beyond the plain search's reach here: weighting one start per symmetry
// class gives the same per-start counts as searching every start.
TEST(Jump, SymmetryWeightingEqualsEveryStartOnLargerOddBoards) {
    // Classes by Burnside's lemma over {identity, 180 degrees, two mirrors}: 5x6: (30 + 0 + 6 + 0) / 4
    // = 9; 7x5: (35 + 1 + 5 + 7) / 4 = 12 (the centre and the middle row and column are fixed).
    for (auto [w, h, classes] : std::vector<std::tuple<int, int, int>>{{5, 6, 9}, {7, 5, 12}}) {
        nl::jump::CountOptions plain;
        plain.use_symmetry = false;
        plain.jobs = 2;
        const auto every = nl::jump::count_tours(default_board(w, h), plain);
        const auto weighted = nl::jump::count_tours(default_board(w, h), {});
        EXPECT_GT(every.total, 0u);
        EXPECT_EQ(weighted.per_start, every.per_start) << w << "x" << h;
        EXPECT_EQ(weighted.total, every.total);
        EXPECT_EQ(weighted.searched_starts, classes);
        EXPECT_EQ(every.searched_starts, w * h);
    }
}

TEST(Jump, FixedStartCountsOnlyThatCell) {
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    const auto expected = oracle.per_start();
    for (int s : {0, 7, 12}) {
        nl::jump::CountOptions o;
        o.start = s;
        const auto r = nl::jump::count_tours(default_board(5, 5), o);
        EXPECT_EQ(r.total, expected[static_cast<std::size_t>(s)]);
        EXPECT_EQ(r.per_start[static_cast<std::size_t>(s)], r.total);
    }
}

TEST(Jump, SymmetriesOfSquaresAndRectangles) {
    EXPECT_EQ(nl::jump::board_symmetries(default_board(5, 5)).size(), 8u);
    EXPECT_EQ(nl::jump::board_symmetries(default_board(4, 6)).size(), 4u);
    // A move set that is not closed under the swap of x and y keeps only the mirrors.
    JumpBoard lopsided{5, 5, {{1, 0}, {-1, 0}, {0, 2}, {0, -2}}};
    EXPECT_EQ(nl::jump::board_symmetries(lopsided), (std::vector<int>{0, 2, 4, 5}));
}

// Every listed 5x5 tour passes the test's checker, all are distinct, and there are 12,400.
TEST(Jump, EveryListedTourIsValidAndDistinct) {
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    std::set<std::vector<int>> seen;
    bool all_valid = true;
    ASSERT_TRUE(nl::jump::enumerate_tours(
        default_board(5, 5), -1,
        [&](const std::vector<int>& t) {
            all_valid = all_valid && oracle.valid(t);
            seen.insert(t);
            return true;
        },
        nullptr));
    EXPECT_TRUE(all_valid);
    EXPECT_EQ(seen.size(), 12400u);
}

// Knuth's estimator is unbiased: with a fixed seed (so the test is deterministic) its estimates
// of the 5x5 total and of single starts lie within 4 standard errors of the exact counts, and
// its node estimate within 10 % of the nodes the exact search visits from that start.
TEST(Jump, EstimatorAgreesWithExactCounts) {
    const auto all = nl::jump::estimate_tours(default_board(5, 5), 200000, 42, -1, nullptr);
    EXPECT_EQ(all.samples, 200000u);
    EXPECT_GT(all.standard_error, 0);
    EXPECT_NEAR(all.tours, 12400, 4 * all.standard_error);
    for (int s : {0, 12}) {
        nl::jump::CountOptions o;
        o.start = s;
        o.jobs = 1;
        const auto exact = nl::jump::count_tours(default_board(5, 5), o);
        const auto e = nl::jump::estimate_tours(default_board(5, 5), 200000, 7, s, nullptr);
        EXPECT_NEAR(e.tours, static_cast<double>(exact.total), 4 * e.standard_error) << s;
        // The exact search visits the start's tree below its 3-cell prefixes; the estimator
        // counts every node from the start itself, a few more.
        EXPECT_NEAR(e.nodes, static_cast<double>(exact.nodes), 0.1 * static_cast<double>(exact.nodes) + 30) << s;
    }
}

TEST(Jump, EnumerationStopsWhenAsked) {
    int calls = 0;
    EXPECT_FALSE(nl::jump::enumerate_tours(default_board(5, 5), -1, [&](const std::vector<int>&) { return ++calls < 3; }, nullptr));
    EXPECT_EQ(calls, 3);
    const std::atomic<bool> raised{true};
    nl::jump::CountOptions o;
    o.stop = &raised;
    EXPECT_TRUE(nl::jump::count_tours(default_board(6, 6), o).interrupted);
}

TEST(Jump, TheCheckerRejectsBrokenTours) {
    const JumpBoard b = default_board(5, 5);
    std::vector<int> tour;
    nl::jump::enumerate_tours(b, -1, [&](const std::vector<int>& t) { tour = t; return false; }, nullptr);
    ASSERT_TRUE(nl::jump::is_jump_tour(b, tour));
    auto swapped = tour;
    std::swap(swapped[3], swapped[4]);
    EXPECT_FALSE(nl::jump::is_jump_tour(b, swapped));
    auto shorter = tour;
    shorter.pop_back();
    EXPECT_FALSE(nl::jump::is_jump_tour(b, shorter));
    auto repeated = tour;
    repeated.back() = repeated.front();
    EXPECT_FALSE(nl::jump::is_jump_tour(b, repeated));
}

// find_tour finds a tour exactly when the plain search counts at least one, on every board of
// sides 1..5, from any start and from fixed starts; every tour passes the test's checker.
TEST(Jump, FindAgreesWithTheCountsOnSmallBoards) {
    for (int w = 1; w <= 5; ++w)
        for (int h = 1; h <= 5; ++h) {
            Oracle oracle{w, h, kPuzzleJumps, {}, 0};
            const auto per_start = oracle.per_start();
            const auto any = nl::jump::find_tour(default_board(w, h), -1, nullptr);
            EXPECT_EQ(any.tour.has_value(), sum(per_start) > 0) << w << "x" << h;
            if (any.tour) {
                EXPECT_TRUE(oracle.valid(*any.tour));
            }
            for (int s = 0; s < w * h; ++s) {
                const auto from = nl::jump::find_tour(default_board(w, h), s, nullptr);
                EXPECT_EQ(from.tour.has_value(), per_start[static_cast<std::size_t>(s)] > 0) << w << "x" << h << " from " << s;
                if (from.tour) {
                    EXPECT_TRUE(oracle.valid(*from.tour));
                    EXPECT_EQ(from.tour->front(), s);
                }
            }
        }
}

TEST(Jump, FindsTenByTenAndLargerTours) {
    for (auto [w, h] : std::vector<std::pair<int, int>>{{10, 10}, {12, 9}, {30, 30}}) {
        const auto r = nl::jump::find_tour(default_board(w, h), -1, nullptr);
        ASSERT_TRUE(r.tour) << w << "x" << h;
        Oracle oracle{w, h, kPuzzleJumps, {}, 0};
        EXPECT_TRUE(oracle.valid(*r.tour)) << w << "x" << h;
    }
}

// --- the command line ---

using nl::testing_cli::CliTest;
using nl::testing_cli::contains;
using nl::testing_cli::lines_of;

// The numbers of a printed grid, row by row, turned back into the tour (cell of 1, of 2, ...).
std::vector<int> tour_from_grid(const std::vector<std::string>& rows, int w, int h) {
    std::vector<int> tour(static_cast<std::size_t>(w * h), -1);
    for (int y = 0; y < h && y < static_cast<int>(rows.size()); ++y) {
        std::istringstream in(rows[static_cast<std::size_t>(y)]);
        for (int x = 0; x < w; ++x) {
            int k = 0;
            in >> k;
            if (k >= 1 && k <= w * h) tour[static_cast<std::size_t>(k - 1)] = y * w + x;
        }
    }
    return tour;
}

class JumpCli : public CliTest {};

TEST_F(JumpCli, CountPrintsTotalAndPerStartGrid) {
    const auto r = run("jump --size 5 --count --jobs 2");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 7u) << r.out;
    EXPECT_EQ(lines[0], "5x5 jump tours (moves 3,0:2,2): 12400");
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    const auto expected = oracle.per_start();
    std::vector<std::uint64_t> printed;
    for (int y = 0; y < 5; ++y) {
        std::istringstream in(lines[static_cast<std::size_t>(2 + y)]);
        for (std::uint64_t v; in >> v;) printed.push_back(v);
    }
    EXPECT_EQ(printed, expected);
}

TEST_F(JumpCli, CountAsJson) {
    const auto r = run("jump --size 4x5 --output json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    Oracle oracle{4, 5, kPuzzleJumps, {}, 0};
    const auto expected = oracle.per_start();
    EXPECT_EQ(j["total"].get<std::uint64_t>(), sum(expected));
    ASSERT_EQ(j["per_start"].size(), 5u);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 4; ++x) EXPECT_EQ(j["per_start"][y][x].get<std::uint64_t>(), expected[static_cast<std::size_t>(y * 4 + x)]);
}

TEST_F(JumpCli, AllPrintsEveryTourChecked) {
    const auto r = run("jump --size 5 --all --start 0,0");
    ASSERT_EQ(r.code, 0) << r.err;
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    const auto lines = lines_of(r.out);
    std::set<std::vector<int>> tours;
    for (std::size_t i = 0; i + 5 < lines.size(); ++i)
        if (lines[i].rfind("tour ", 0) == 0) {
            const auto t = tour_from_grid({lines.begin() + static_cast<long>(i) + 1, lines.begin() + static_cast<long>(i) + 6}, 5, 5);
            EXPECT_TRUE(oracle.valid(t)) << lines[i];
            EXPECT_EQ(t.front(), 0);
            tours.insert(t);
        }
    EXPECT_EQ(tours.size(), oracle.per_start()[0]);
    EXPECT_EQ(lines.back(), std::to_string(tours.size()) + " tours");
}

TEST_F(JumpCli, AllAsJsonLines) {
    const auto r = run("jump --size 4 --all --output json");
    ASSERT_EQ(r.code, 0) << r.err;
    Oracle oracle{4, 4, kPuzzleJumps, {}, 0};
    std::size_t count = 0;
    for (const auto& line : lines_of(r.out)) {
        const auto j = nlohmann::json::parse(line);
        std::vector<std::string> rows;
        for (const auto& row : j["grid"]) {
            std::string text;
            for (const auto& v : row) text += std::to_string(v.get<int>()) + " ";
            rows.push_back(text);
        }
        EXPECT_TRUE(oracle.valid(tour_from_grid(rows, 4, 4))) << line;
        ++count;
    }
    EXPECT_EQ(count, sum(oracle.per_start()));
}

TEST_F(JumpCli, OneFindsACheckedTenByTenTour) {
    const auto r = run("jump --size 10 --one");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 10u) << r.out;
    Oracle oracle{10, 10, kPuzzleJumps, {}, 0};
    EXPECT_TRUE(oracle.valid(tour_from_grid(lines, 10, 10))) << r.out;
}

TEST_F(JumpCli, OneFromAStartAndNone) {
    const auto r = run("jump --size 11x13 --one --start 5,6 --output json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["start"], nlohmann::json::array({5, 6}));
    EXPECT_EQ(j["grid"][6][5], 1);
    const auto none = run("jump --size 2 --one");  // no jump fits on 2x2
    EXPECT_EQ(none.code, 1);
    EXPECT_TRUE(contains(none.out, "no jump tour")) << none.out;
}

TEST_F(JumpCli, HeatMapAndOutputFile) {
    const auto r = run("jump --size 5 --count --output svg -o heat.svg");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    const std::string svg = read("heat.svg");
    std::size_t cells = 0;
    for (std::size_t at = 0; (at = svg.find("class=\"cell\"", at)) != std::string::npos; ++at) ++cells;
    EXPECT_EQ(cells, 25u);
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    EXPECT_TRUE(contains(svg, "data-x=\"0\" data-y=\"0\" data-value=\"" + std::to_string(oracle.per_start()[0]) + "\""));
    const auto png = run("jump --size 4x5 --output png -o heat.png");
    ASSERT_EQ(png.code, 0) << png.err;
    EXPECT_EQ(read("heat.png").substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const auto text = run("jump --size 4 -o count.txt");
    ASSERT_EQ(text.code, 0);
    EXPECT_TRUE(contains(read("count.txt"), "4x4 jump tours"));
}

// `render` of the saved JSON counts draws the same heat map as `jump --output svg`; the values in
// it are the independent oracle's; a malformed record names its line and writes nothing.
TEST_F(JumpCli, RenderDrawsTheHeatMapOfSavedCounts) {
    ASSERT_EQ(run("jump --size 5 --count --output json -o counts.json").code, 0);
    const auto r = run("render counts.json -o saved.svg");
    ASSERT_EQ(r.code, 0) << r.err;
    ASSERT_EQ(run("jump --size 5 --count --output svg -o direct.svg").code, 0);
    EXPECT_EQ(read("saved.svg"), read("direct.svg"));
    Oracle oracle{5, 5, kPuzzleJumps, {}, 0};
    EXPECT_TRUE(contains(read("saved.svg"), "data-x=\"0\" data-y=\"0\" data-value=\"" + std::to_string(oracle.per_start()[0]) + "\""));
    ASSERT_EQ(run("render counts.json --output png -o saved.png").code, 0);
    EXPECT_EQ(read("saved.png").substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    write("bad.json", "\n{\"width\": 3, \"height\": 2, \"total\": 5, \"per_start\": [[1, 2, 3], [4, -5, 6]]}\n");
    const auto bad = run("render bad.json -o bad.svg");
    EXPECT_EQ(bad.code, 2);
    EXPECT_TRUE(contains(bad.err, "bad.json:2: jump counts:")) << bad.err;
    EXPECT_FALSE(std::filesystem::exists(work() / "bad.svg"));
}

TEST_F(JumpCli, BadOptionsAreRejected) {
    for (const char* args : {"jump", "jump --size 0", "jump --size 5x", "jump --size 1001", "jump --size 9 --count",
                             "jump --size 9 --all", "jump --size 5 --count --all", "jump --size 5 --moves 0,0",
                             "jump --size 5 --moves 3", "jump --size 5 --start 5,0", "jump --size 5 --start 1",
                             "jump --size 5 --output ppm", "jump --size 5 --one --output svg", "jump --size 5 --all --output png",
                             "jump --size 5 --jobs 0", "jump --size 5 extra", "jump --size 5 --bogus"}) {
        const auto r = run(std::string(args) + " -o out.txt");
        EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
        EXPECT_TRUE(contains(r.err, "numberlink:")) << args;
        EXPECT_FALSE(std::filesystem::exists(work() / "out.txt")) << args;
    }
    const auto no_file = run("jump --size 5 --output svg");  // a picture needs -o
    EXPECT_EQ(no_file.code, 2);
}

// Ctrl-C: a count that would take hours stops promptly with exit 130 and leaves no -o file;
// --all to standard output keeps the tours printed so far, each complete.
TEST_F(JumpCli, InterruptStopsWithExit130AndNoFile) {
    const std::string target = (work() / "count.txt").string();
    nl::testing_child::Child count({"jump", "--size", "7", "--count", "--jobs", "2", "-o", target},
                                   (root_ / "count").string());
    ASSERT_TRUE(count.started());
    ASSERT_TRUE(count.wait_for_marker("signals handled")) << count.err();
    count.signal(SIGINT);
    EXPECT_EQ(count.wait(), 130) << count.err();
    EXPECT_TRUE(contains(count.user_err(), "interrupted")) << count.err();
    EXPECT_FALSE(std::filesystem::exists(target));
    for (const auto& entry : std::filesystem::directory_iterator(work()))
        ADD_FAILURE() << "left behind: " << entry.path();

    nl::testing_child::Child all({"jump", "--size", "6", "--all"}, (root_ / "all").string());
    ASSERT_TRUE(all.started());
    ASSERT_TRUE(all.wait_for_marker("signals handled")) << all.err();
    all.signal(SIGTERM);
    const int code = all.wait();
    if (code == 130) {  // (it cannot finish 8 million tours first, but do not rely on speed)
        Oracle oracle{6, 6, kPuzzleJumps, {}, 0};
        const auto lines = lines_of(all.out());
        for (std::size_t i = 0; i + 6 < lines.size(); ++i)
            if (lines[i].rfind("tour ", 0) == 0) {
                EXPECT_TRUE(oracle.valid(tour_from_grid({lines.begin() + static_cast<long>(i) + 1,
                                                         lines.begin() + static_cast<long>(i) + 7}, 6, 6)));
            }
    }
    EXPECT_EQ(code, 130);
}

}  // namespace

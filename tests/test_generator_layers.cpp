// The generator on boards of several layers (ADC 2016-2018 style, `generate --size WxHxD`): the
// growth walks the board's graph, which joins every cell to the ones above and below; under
// no-fill rules the cells it leaves empty stay empty (the ADC format has no blocked cells).
// Every puzzle is checked here with the independent checker, and uniqueness with two exact
// counters (SAT and the exhaustive search, which share no code).
#include <gtest/gtest.h>

#include "core/checker.hpp"
#include "generator/canonical.hpp"
#include "generator/generate.hpp"
#include "solver/count/count.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::gen;

namespace {

GenerateOptions layered(int w, int h, int layers, const char* rules) {
    GenerateOptions o;
    o.width = w;
    o.height = h;
    o.layers = layers;
    o.rules = *rules_from_name(rules);
    o.min_length = 2;
    o.keep_empty = true;  // as the command line sets it for --size WxHxD
    return o;
}

// Cells on no path and not blocked.
long empty_cells(const Puzzle& p, const Solution& s) {
    long free_cells = 0, on_paths = 0;
    for (CellId c = 0; c < p.grid_cells(); ++c) free_cells += !p.is_blocked(c);
    for (const auto& path : s.paths) on_paths += static_cast<long>(path.size());
    return free_cells - on_paths;
}

// Links between layers in the solution, from the coordinates.
int vertical_links(const Puzzle& p, const Solution& s) {
    int links = 0;
    for (const auto& path : s.paths)
        for (std::size_t i = 1; i < path.size(); ++i) links += p.coord(path[i]).z != p.coord(path[i - 1]).z;
    return links;
}

}  // namespace

TEST(GenerateLayers, NoFillBoardsKeepLeftoversEmptyAndPassTheChecker) {
    long empty = 0, vertical = 0;
    for (const char* rules : {"adc", "nikoli"})
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            const GenerateOptions o = layered(6, 5, 3, rules);
            Generated g;
            ASSERT_EQ(generate_one(o, seed, "t", g), GenerateStatus::Ok);
            const std::string what = std::string(rules) + " seed " + std::to_string(seed);
            EXPECT_EQ(g.puzzle.layers, 3) << what;
            EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok) << what;
            for (CellId c = 0; c < g.puzzle.grid_cells(); ++c) EXPECT_FALSE(g.puzzle.is_blocked(c)) << what;
            empty += empty_cells(g.puzzle, g.solution);
            vertical += vertical_links(g.puzzle, g.solution);
        }
    EXPECT_GT(empty, 0);     // leftovers exist and stayed empty (not blocked)
    EXPECT_GT(vertical, 0);  // paths do change layer
}

TEST(GenerateLayers, WithoutKeepEmptyLeftoversAreBlockedAsOnOneLayer) {
    GenerateOptions o = layered(6, 5, 3, "adc");
    o.keep_empty = false;
    long blocked = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Generated g;
        ASSERT_EQ(generate_one(o, seed, "t", g), GenerateStatus::Ok);
        EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok) << seed;
        EXPECT_EQ(empty_cells(g.puzzle, g.solution), 0) << seed;
        for (CellId c = 0; c < g.puzzle.grid_cells(); ++c) blocked += g.puzzle.is_blocked(c);
    }
    EXPECT_GT(blocked, 0);
}

TEST(GenerateLayers, FillRulesBlockOrCoverLeftovers) {
    for (const bool fill_all : {false, true})
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            GenerateOptions o = layered(5, 5, 2, "strict");
            o.fill_all = fill_all;
            Generated g;
            ASSERT_EQ(generate_one(o, seed, "t", g), GenerateStatus::Ok);
            EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok) << seed;  // fill: no empty cell
            EXPECT_EQ(empty_cells(g.puzzle, g.solution), 0) << seed;
        }
}

TEST(GenerateLayers, MaxPathsLeavesPathsOutWhereNoneCanBeJoined) {
    GenerateOptions o = layered(12, 12, 4, "adc");
    o.max_paths = 10;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        Generated g;
        ASSERT_EQ(generate_one(o, seed, "t", g), GenerateStatus::Ok);
        EXPECT_LE(g.puzzle.labels.size(), 10u);
        EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok) << seed;
        EXPECT_GT(empty_cells(g.puzzle, g.solution), 0) << seed;
    }
}

TEST(GenerateLayers, UniquePuzzlesHaveExactlyOneSolutionByBothCounters) {
    int made = 0;
    for (const char* rules : {"adc", "strict"})
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            GenerateOptions o = layered(3, 3, 2, rules);
            o.unique = true;
            o.max_attempts = 200;
            Generated g;
            const GenerateStatus s = generate_one(o, seed, "t", g);
            if (s == GenerateStatus::GaveUp) continue;
            ASSERT_EQ(s, GenerateStatus::Ok);
            ++made;
            const std::string what = std::string(rules) + " seed " + std::to_string(seed);
            EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok) << what;
            CountOptions co;
            co.max = 2;
            EXPECT_EQ(count_solutions_sat(g.puzzle, o.rules, co).count, 1) << what;
            SearchOptions so;
            so.max_solutions = 2;
            const SearchResult sr = search_solutions(g.puzzle, o.rules, so);
            EXPECT_EQ(sr.status, SearchResult::Status::Complete) << what;
            EXPECT_EQ(sr.count, 1) << what;
        }
    EXPECT_GE(made, 8);
}

TEST(GenerateLayers, SameSeedSamePuzzle) {
    const GenerateOptions o = layered(9, 7, 3, "adc");
    Generated a, b, c;
    ASSERT_EQ(generate_one(o, 5, "t", a), GenerateStatus::Ok);
    ASSERT_EQ(generate_one(o, 5, "t", b), GenerateStatus::Ok);
    ASSERT_EQ(generate_one(o, 6, "t", c), GenerateStatus::Ok);
    EXPECT_EQ(a.solution.paths, b.solution.paths);
    EXPECT_NE(a.solution.paths, c.solution.paths);
}

// With --unique on boards of 200 cells each check runs the solve pipeline (the router first)
// without a time limit, and its solution steers the repair: the pipeline must not race the
// router against SAT there (solver/count/count.cpp), or a seed could give other puzzles on another run.
TEST(GenerateLayers, SameSeedSameUniquePuzzle) {
    GenerateOptions o = layered(10, 10, 2, "adc");
    o.unique = true;
    for (std::uint64_t seed : {1, 3}) {
        Generated a, b;
        ASSERT_EQ(generate_one(o, seed, "t", a), GenerateStatus::Ok) << seed;
        ASSERT_EQ(generate_one(o, seed, "t", b), GenerateStatus::Ok) << seed;
        EXPECT_GT(a.repair.checks, 1) << seed;  // the repair ran, following second solutions
        EXPECT_EQ(a.repair.checks, b.repair.checks) << seed;
        EXPECT_EQ(a.repair.cuts, b.repair.cuts) << seed;
        EXPECT_EQ(a.solution.paths, b.solution.paths) << seed;
        EXPECT_TRUE(check_solution(a.puzzle, a.solution, o.rules).ok) << seed;
    }
}

TEST(GenerateLayers, CanonicalKeyMirrorsEveryLayerAlike) {
    // Two layers of 3x2; terminals A (0,0,0)-(2,1,1) and B (1,0,1)-(2,0,0).
    auto board = [](bool mirrored, bool swapped_layers, bool moved = false) {
        Puzzle p = make_board(3, 2, 2);
        auto at = [&](int x, int y, int z) {
            return p.cell(mirrored ? 2 - x : x, y, swapped_layers ? 1 - z : z);
        };
        p.labels.push_back({"A", {at(0, 0, 0), at(2, 1, 1)}});
        p.labels.push_back({"B", {moved ? at(0, 1, 1) : at(1, 0, 1), at(2, 0, 0)}});
        finalize(p);
        return p;
    };
    const auto key = canonical_key(board(false, false));
    EXPECT_EQ(canonical_key(board(true, false)), key);   // the same mirror of both layers
    EXPECT_NE(canonical_key(board(false, true)), key);   // another board (layers are not swapped)
    EXPECT_NE(canonical_key(board(false, false, true)), key);  // differs on the upper layer only
    Puzzle flat = make_board(3, 4);
    flat.labels.push_back({"A", {0, 11}});
    finalize(flat);
    EXPECT_NE(canonical_key(flat), key);  // as many cells, one layer
}

// Matching answers read from files to a puzzle's labels (core/solution_match.hpp) on a board of
// many labels: a grid of symbols, named paths, and paths without names tied by their ends.
#include <gtest/gtest.h>

#include "core/checker.hpp"
#include "core/solution_match.hpp"

namespace {

using namespace nl;

// `rows` horizontal lines, one a row, across a board `width` wide: the only solution.
Puzzle rows_board(int width, int rows) {
    Puzzle p = make_board(width, rows);
    for (int y = 0; y < rows; ++y)
        p.labels.push_back(Label{"L" + std::to_string(y), {p.cell(0, y), p.cell(width - 1, y)}});
    p.name = "rows";
    finalize(p);
    return p;
}

TEST(SolutionMatch, ManyLabelsFromAGridNamedPathsAndEnds) {
    const int width = 7, rows = 3000;
    const Puzzle p = rows_board(width, rows);
    SolutionText grid;
    grid.width = width, grid.height = rows;
    for (CellId c = 0; c < p.cell_count(); ++c) grid.grid.push_back("s" + std::to_string(c / width));
    const MatchedSolution from_grid = match_solution(p, grid);
    ASSERT_EQ(from_grid.problem, "");
    EXPECT_TRUE(check_solution(p, from_grid.solution, Rules{true, false}).ok);

    for (const bool named : {true, false}) {
        SolutionText paths;
        // Listed in reverse, and unnamed ones under names the puzzle does not have.
        for (int y = rows - 1; y >= 0; --y) {
            std::vector<Coord> cells;
            for (int x = width - 1; x >= 0; --x) cells.push_back({x, y, 0});
            paths.paths.emplace_back(named ? "L" + std::to_string(y) : "path" + std::to_string(y), cells);
        }
        const MatchedSolution m = match_solution(p, paths);
        ASSERT_EQ(m.problem, "") << named;
        EXPECT_TRUE(check_solution(p, m.solution, Rules{true, false}).ok) << named;
        EXPECT_EQ(m.solution.paths[17].front(), p.cell(width - 1, 17)) << named;
    }
    // A second path for a label is still refused, and a path whose ends and name match nothing.
    SolutionText twice;
    twice.paths.emplace_back("L1", std::vector<Coord>{{0, 1, 0}, {1, 1, 0}});
    twice.paths.emplace_back("x", std::vector<Coord>{{6, 1, 0}, {0, 1, 0}});
    EXPECT_EQ(match_solution(p, twice).problem, "label L1 has two paths in the solution");
    SolutionText stray;
    stray.paths.emplace_back("x", std::vector<Coord>{{0, 1, 0}, {1, 1, 0}});
    EXPECT_EQ(match_solution(p, stray).problem, "path x matches no label of the puzzle by name or endpoints");
}

}  // namespace

// Rows and columns more lines must cross than they have cells for (solver/board/cuts.hpp)
// against the exhaustive oracle: on thousands of random boards, flat and layered, with walls
// of blocked cells that leave a few gaps, under every preset; against SAT on larger ones.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "brute_force.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "random_boards.hpp"
#include "solver/board/cuts.hpp"
#include "solver/board/parity.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/sat/solve.hpp"

namespace {

using namespace nl;
using nl::testing_boards::Rng;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

std::string drawn(const Puzzle& p) {
    std::ostringstream out;
    write_puzzle(out, Format::Json, p, nullptr);
    return out.str();
}

// A board of `layers` layers with a wall of blocked cells (on every layer) but for a few gaps,
// and lines each with one end on each side of it (on random layers), plus a few random blocked
// cells. The wall runs along a row, turned a quarter half the time (a column), or, with
// `diagonal`, along a staircase from the top left, which only the routes (not a row count) see.
// `variant`: 0 square cells, 1 hexagons, 2 square cells with a bridge in the first gap (one
// layer), 3 square cells with a warp between two random free cells.
Puzzle walled_board(Rng& rng, int layers, int max_side, int variant = 0, bool diagonal = false) {
    for (;;) {
        const int w = 3 + rng.below(max_side - 2), h = 3 + rng.below(max_side - 2);
        Puzzle p = make_board(w, h, layers);
        const int wall = diagonal ? rng.below(w - 1) - rng.below(h - 1) : 1 + rng.below(h - 2);
        const auto side = [&](CellId c) {  // -1 before the wall, 0 on it, 1 after it
            const Coord at = p.coord(c);
            const int d = diagonal ? at.x - at.y : at.y;
            return d < wall ? -1 : d > wall + (diagonal ? 1 : 0) ? 1 : 0;
        };
        std::vector<CellId> on_wall;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (side(c) == 0) on_wall.push_back(c);
        for (CellId c : on_wall) p.blocked[c] = 1;
        std::vector<CellId> gap_cells;
        for (int g = 1 + rng.below(2); g > 0; --g) {
            gap_cells.push_back(on_wall[rng.below(static_cast<int>(on_wall.size()))]);
            p.blocked[gap_cells.back()] = 0;
        }
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (side(c) != 0 && rng.below(10) == 0) p.blocked[c] = 1;
        std::vector<CellId> before, after;
        for (CellId c = 0; c < p.cell_count(); ++c)
            if (!p.blocked[c] && side(c) != 0) (side(c) < 0 ? before : after).push_back(c);
        const int lines = 2 + rng.below(2);
        if (static_cast<int>(std::min(before.size(), after.size())) < lines) continue;
        for (int l = 0; l < lines; ++l) {
            const int a = rng.below(static_cast<int>(before.size())), b = rng.below(static_cast<int>(after.size()));
            p.labels.push_back({std::string(1, char('A' + l)), {before[a], after[b]}});
            before.erase(before.begin() + a);
            after.erase(after.begin() + b);
        }
        if (!diagonal && rng.below(2)) {  // the same board turned: the wall becomes a column
            Puzzle t = make_board(h, w, layers);
            for (CellId c = 0; c < p.cell_count(); ++c) {
                const Coord at = p.coord(c);
                t.blocked[t.cell(at.y, at.x, at.z)] = p.blocked[c];
            }
            for (const Label& l : p.labels) {
                Label turned = l;
                for (CellId& e : turned.ends) {
                    const Coord at = p.coord(e);
                    e = t.cell(at.y, at.x, at.z);
                }
                t.labels.push_back(turned);
            }
            for (CellId& g : gap_cells) g = t.cell(p.coord(g).y, p.coord(g).x, p.coord(g).z);
            p = std::move(t);
        }
        if (variant == 1) p.geometry = Geometry::Hex;
        if (variant == 2) p.bridges.push_back(gap_cells[0]);
        if (variant == 3) p.warps.push_back({static_cast<CellId>(rng.below(p.grid_cells())),
                                             static_cast<CellId>(rng.below(p.grid_cells()))});
        p.name = "walled";
        try {
            finalize(p);
        } catch (const ModelError&) {
            continue;  // a bridge or warp where the model allows none: draw again
        }
        return p;
    }
}

// Whether the argument decided `p` on a board whose lines' ends are connected (so that the
// components argument would not decide it first); the oracle must find no solution.
bool check_board(const Puzzle& p, std::uint64_t seed) {
    const auto why = too_many_lines_across(p);
    if (!why) return false;
    for (Rules rules : kPresets)
        EXPECT_EQ(testing_oracle::count_solutions(p, rules, 1), 0)
            << "seed " << seed << " rules " << rules_name(rules) << ": " << *why << "\n" << drawn(p);
    return !unsolvable_by_parity(p, Rules{false, true}).has_value();
}

TEST(Cuts, NeverCallsASolvableBoardUnsolvable) {
    int decided = 0, boards = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull + 3};
        testing_boards::BoardShape shape;
        shape.max_side = 4;
        shape.max_labels = 4;
        const Puzzle random = testing_boards::random_puzzle(rng, shape);
        const Puzzle layered = testing_boards::random_layered(rng, 2, seed % 2 == 0, 3, 3);
        const Puzzle flat_wall = walled_board(rng, 1, 4);
        const Puzzle diagonal_wall = walled_board(rng, 1, 5, 0, true);
        const Puzzle layered_wall = walled_board(rng, 2, 3);
        const Puzzle variant_wall = walled_board(rng, 1, 4, 1 + static_cast<int>(seed % 3), seed % 4 == 0);
        for (const Puzzle* p : {&random, &layered, &flat_wall, &diagonal_wall, &layered_wall, &variant_wall}) {
            decided += check_board(*p, seed);
            ++boards;
        }
    }
    EXPECT_EQ(boards, 6000);
    EXPECT_GT(decided, 400) << decided;
    std::printf("cuts decided %d of %d boards whose lines' ends are connected (each under 4 presets)\n", decided,
                boards);
}

// Walled boards beyond the oracle's reach (up to 7x7, up to 2 layers): every board the argument
// calls unsolvable, SAT with the board arguments switched off proves unsolvable.
TEST(Cuts, AgreesWithSatOnLargerBoards) {
    int decided = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Rng rng{seed * 0xD1B54A32D192ED03ull + 5};
        const Puzzle p = walled_board(rng, 1 + static_cast<int>(seed % 2), 7, seed % 5 == 0 ? 3 : 0, seed % 2 == 0);
        const auto why = too_many_lines_across(p);
        if (!why) continue;
        ++decided;
        for (Rules rules : kPresets) {
            SolveOptions options;
            options.cuts_checked = true;  // the search itself decides, not a board argument
            options.crossing_checked = true;
            options.parity_checked = true;
            options.presolve = false;
            EXPECT_EQ(solve_sat(p, rules, options).status, SolveStatus::Unsolvable)
                << "seed " << seed << " rules " << rules_name(rules) << ": " << *why << "\n" << drawn(p);
        }
    }
    EXPECT_GT(decided, 40) << decided;
    std::printf("cuts decided %d of 200 larger walled boards\n", decided);
}

Puzzle board(const std::string& text) { return read_puzzles(text_from_string("wall.txt", text), {}).at(0).puzzle; }

TEST(Cuts, NamesTheCutAndTheLines) {
    // Two lines through a row with one gap (their ends inside the board, the chessboard colours
    // balanced: neither parity nor crossing decides).
    const std::string row_wall = ".......\n.A.B...\n.......\n####.##\n#....##\n##.####\n.......\n..A.B..\n.......\n";
    const auto why_row = too_many_lines_across(board(row_wall));
    ASSERT_TRUE(why_row.has_value());
    EXPECT_EQ(*why_row, "lines A and B have ends on both sides of row 3, but every way between the two sides "
                        "passes through the cell [4, 3]: too few for one line each");
    // The same with a second gap in each wall carries them: no verdict from this argument.
    EXPECT_FALSE(too_many_lines_across(board(".......\n.A.B...\n.......\n###..##\n#....##\n###..##\n.......\n..A.B..\n.......\n"))
                     .has_value());
    // Seven lines through six cells: the names are cut short, the cells listed.
    const auto why_many = too_many_lines_across(board("ABCDEFG.\n#......#\nABCDEFG.\n"));
    ASSERT_TRUE(why_many.has_value());
    EXPECT_EQ(*why_many, "7 lines (A, B, C, D and 3 more) have ends on both sides of row 1, but every way between "
                         "the two sides passes through one of 6 cells ([1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]): "
                         "too few for one line each");
}

TEST(Cuts, FindsBentWallsThatNoRowCounts) {
    // A staircase wall from the top left to the bottom right with one gap: every row and
    // column has room, the routes do not.
    const Puzzle p = board("##.A....\nB##...B.\n..##....\n...##...\n........\n.....##.\n......##\n...A...#\n");
    const auto why = too_many_lines_across(p);
    ASSERT_TRUE(why.has_value());
    EXPECT_EQ(*why, "lines A and B have ends on both sides of the diagonal x - y = 0, but every way between the two "
                    "sides passes through the cell [4, 4]: too few for one line each");
    // A warp across the wall opens a second way: no verdict.
    Puzzle warped = p;
    warped.warps.push_back({p.cell(7, 0), p.cell(0, 7)});
    finalize(warped);
    EXPECT_FALSE(too_many_lines_across(warped).has_value());
    // The pipeline runs it as its own row (after the scan search, whose exhausted search is a
    // proof under strict rules only), and SAT alone runs it too.
    for (Rules rules : kPresets) {
        const EngineResult r = solve_puzzle(p, rules, EngineOptions{});
        EXPECT_EQ(r.status, Verdict::Unsolvable);
        const bool strict = rules.fill && !rules.touch;
        EXPECT_EQ(r.engine, strict ? "scan" : "cuts") << rules_name(rules);
        if (!strict) {
            EXPECT_EQ(r.sat_stats.unsolvable_reason, *why) << r.engine;
        }
        EngineOptions sat;
        sat.engine = Engine::Sat;
        EXPECT_EQ(solve_puzzle(p, rules, sat).sat_stats.unsolvable_reason, *why);
    }
}

}  // namespace

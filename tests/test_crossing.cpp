// Lines that would have to cross (solver/board/crossing.hpp) against the exhaustive oracle: on
// thousands of random boards under every preset, a board the argument calls unsolvable has no
// solution; the argument decides a real share of them; and the faces it names are the ones
// drawn in the hand-made boards below.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "brute_force.hpp"
#include "core/formats.hpp"
#include "random_boards.hpp"
#include "solver/board/crossing.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/sat/solve.hpp"

namespace {

using namespace nl;
using nl::testing_boards::Rng;

constexpr Rules kPresets[] = {{true, true}, {false, true}, {false, false}, {true, false}};

Puzzle board(const std::string& text) { return read_puzzles(text_from_string("board.txt", text), {}).at(0).puzzle; }

std::string drawn(const Puzzle& p) {
    std::ostringstream out;
    write_puzzle(out, Format::Ascii, p, nullptr);
    return out.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Whether the argument decided `p`; if it did, the oracle must find no solution under any preset.
bool check_board(const Puzzle& p, std::uint64_t seed) {
    const auto why = lines_must_cross(p);
    if (!why) return false;
    for (Rules rules : kPresets)
        EXPECT_EQ(testing_oracle::count_solutions(p, rules, 1), 0)
            << "seed " << seed << " rules " << rules_name(rules) << ": " << *why << "\n"
            << drawn(p);
    return true;
}

TEST(Crossing, NeverCallsASolvableBoardUnsolvable) {
    int decided = 0, boards = 0;
    for (std::uint64_t seed = 1; seed <= 2500; ++seed) {
        Rng rng{seed * 0x9E3779B97F4A7C15ull};
        testing_boards::BoardShape shape;
        shape.max_side = 4;
        shape.max_labels = 4;
        shape.blocked_one_in = seed % 3 == 0 ? 0 : 6;
        const Puzzle random = testing_boards::random_puzzle(rng, shape);
        // Solvable by construction, then half of them with two lines' second ends swapped.
        Puzzle covered = testing_boards::random_covered_puzzle(rng, 5);
        testing_boards::maybe_swap_ends(covered, rng);
        for (const Puzzle* p : {&random, static_cast<const Puzzle*>(&covered)}) {
            decided += check_board(*p, seed);
            ++boards;
        }
    }
    // The argument must decide a real share of the boards, or it is not tested.
    EXPECT_EQ(boards, 5000);
    EXPECT_GT(decided, 400) << decided;
    std::printf("crossing decided %d of %d boards (each under 4 presets)\n", decided, boards);
}

// Lines from the edge of the board to one square inside it (some of its cells maybe blocked, a
// few other cells too), in random orders: the boards the argument for spokes between two faces
// is about, against the exhaustive oracle.
Puzzle random_spokes(Rng& rng) {
    for (;;) {
        const int w = 4 + rng.below(2), h = 4;
        Puzzle p = make_board(w, h);
        const int x0 = 1 + rng.below(w - 3), y0 = 1;
        std::vector<CellId> inner, border;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const CellId c = p.cell(x, y);
                if (x >= x0 && x < x0 + 2 && y >= y0 && y < y0 + 2) inner.push_back(c);
                else if (x == 0 || y == 0 || x == w - 1 || y == h - 1) border.push_back(c);
            }
        for (CellId c : inner)
            if (rng.below(6) == 0) p.blocked[c] = 1;
        std::erase_if(inner, [&](CellId c) { return p.blocked[c] != 0; });
        const int lines = 3 + rng.below(2);
        if (static_cast<int>(inner.size()) < lines) continue;
        for (int l = 0; l < lines; ++l) {
            const int i = rng.below(static_cast<int>(inner.size())), b = rng.below(static_cast<int>(border.size()));
            p.labels.push_back({std::string(1, char('A' + l)), {inner[i], border[b]}});
            inner.erase(inner.begin() + i);
            border.erase(border.begin() + b);
        }
        p.name = "spokes";
        finalize(p);
        return p;
    }
}

TEST(Crossing, SpokesAgreeWithTheOracle) {
    int decided = 0, twisted = 0, solvable = 0;
    for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
        Rng rng{seed * 0xA24BAED4963EE407ull};
        const Puzzle p = random_spokes(rng);
        if (!check_board(p, seed)) {
            solvable += testing_oracle::count_solutions(p, Rules{false, true}, 1) > 0;
            continue;
        }
        ++decided;
        twisted += contains(*lines_must_cross(p), "go round the two in the same direction");
    }
    EXPECT_GT(twisted, 100) << twisted;
    // Spokes in the right order, which the argument must leave alone, come up too.
    EXPECT_GT(solvable, 100) << solvable;
    std::printf("crossing decided %d of 1500 boards of spokes, %d by the order round two faces; %d solvable\n",
                decided, twisted, solvable);
}

// Boards beyond the oracle's reach (5x5 to 8x8, up to 8 lines): every board the argument calls
// unsolvable, SAT (with the board arguments switched off) proves unsolvable under every preset.
TEST(Crossing, AgreesWithSatOnLargerBoards) {
    int decided = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        Rng rng{seed * 0xD1B54A32D192ED03ull};
        testing_boards::BoardShape shape;
        shape.min_side = 5;
        shape.max_side = 8;
        shape.max_labels = 8;
        const Puzzle p = testing_boards::random_puzzle(rng, shape);
        const auto why = lines_must_cross(p);
        if (!why) continue;
        ++decided;
        for (Rules rules : kPresets) {
            SolveOptions options;
            options.crossing_checked = true;  // the search itself decides, not a board argument
            options.parity_checked = true;
            options.presolve = false;
            const SolveResult r = solve_sat(p, rules, options);
            EXPECT_EQ(r.status, SolveStatus::Unsolvable) << "seed " << seed << " rules " << rules_name(rules) << ": "
                                                         << *why << "\n" << drawn(p);
        }
    }
    EXPECT_GT(decided, 60) << decided;
    std::printf("crossing decided %d of 300 larger boards\n", decided);
}

TEST(Crossing, NamesTheLinesAndTheFace) {
    // Ends alternating along the edge of the board.
    auto why = lines_must_cross(board("A.B\n...\nB.A\n"));
    ASSERT_TRUE(why.has_value());
    EXPECT_TRUE(contains(*why, "lines A and B would have to cross")) << *why;
    EXPECT_TRUE(contains(*why, "around the outside of the cells joined to [0, 0]")) << *why;
    // Around a group of blocked cells inside the board.
    why = lines_must_cross(board(".....\n.A.B.\n.###.\n.B#A.\n.....\n"));
    ASSERT_TRUE(why.has_value());
    EXPECT_TRUE(contains(*why, "around the blocked cells enclosed next to")) << *why;
    // On the four cells of one square inside the board.
    why = lines_must_cross(board("....\n.AB.\n.BA.\n....\n"));
    ASSERT_TRUE(why.has_value());
    EXPECT_TRUE(contains(*why, "around the 2x2 square of cells at [1, 1]")) << *why;
}

TEST(Crossing, NestedOrSeparatedEndsAreLeftAlone) {
    // Nested along the edge, side by side, and one line's end inside the board: none must cross.
    for (const char* text : {"A.BB.A\n", "AABB\n....\n", "A...\n.B..\nB..A\n", "A.B\n.#.\nA.B\n"}) {
        EXPECT_FALSE(lines_must_cross(board(text)).has_value()) << text;
    }
    // Bridges let lines cross, layers let them pass each other: not this argument's boards.
    Puzzle layered = make_board(2, 2, 2);
    layered.labels.push_back({"A", {layered.cell(0, 0, 0), layered.cell(1, 1, 0)}});
    layered.labels.push_back({"B", {layered.cell(1, 0, 0), layered.cell(0, 1, 0)}});
    finalize(layered);
    EXPECT_FALSE(lines_must_cross(layered).has_value());
}

// A plus of five cells: the walk round its outside meets the middle cell four times, and the
// ends of A and B alternate around it; both lines need the middle cell.
TEST(Crossing, CellsTheWalkMeetsTwice) {
    const Puzzle p = board("#A#\nB.B\n#A#\n");
    const auto why = lines_must_cross(p);
    ASSERT_TRUE(why.has_value());
    for (Rules rules : kPresets) EXPECT_EQ(testing_oracle::count_solutions(p, rules, 1), 0);
}

// The pipeline runs the argument as its own row, before any search, and SAT runs it too when it
// is called alone (as `unique` and `count` do).
TEST(Crossing, AutoAndSatAnswerWithTheArgument) {
    const Puzzle p = board("A...B\n.....\n.....\nB...A\n");  // parity allows it under fill
    for (Rules rules : kPresets) {
        EngineOptions options;
        const EngineResult r = solve_puzzle(p, rules, options);
        EXPECT_EQ(r.status, Verdict::Unsolvable);
        EXPECT_EQ(r.engine, "crossing");
        EXPECT_TRUE(contains(r.sat_stats.unsolvable_reason, "would have to cross")) << r.sat_stats.unsolvable_reason;
        options.engine = Engine::Sat;
        const EngineResult sat = solve_puzzle(p, rules, options);
        EXPECT_EQ(sat.status, Verdict::Unsolvable);
        EXPECT_TRUE(contains(sat.sat_stats.unsolvable_reason, "would have to cross"));
    }
}

}  // namespace

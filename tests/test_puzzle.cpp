#include <gtest/gtest.h>

#include <algorithm>

#include "core/errors.hpp"
#include "core/puzzle.hpp"

using namespace nl;

TEST(Rules, PresetsRoundTrip) {
    for (const char* name : {"flow", "nikoli", "adc", "strict"}) {
        auto rules = rules_from_name(name);
        ASSERT_TRUE(rules) << name;
        EXPECT_EQ(rules_name(*rules), name);
    }
    EXPECT_EQ(rules_from_name("flow")->fill, true);
    EXPECT_EQ(rules_from_name("nikoli")->fill, false);
    EXPECT_EQ(rules_from_name("adc")->touch, false);
    EXPECT_EQ(rules_from_name("strict")->touch, false);
    EXPECT_FALSE(rules_from_name("Flow"));
}

TEST(Puzzle, AdjacencySkipsBlockedCellsAndBoardEdges) {
    Puzzle p = make_board(3, 2);
    p.blocked[p.cell(1, 0)] = 1;
    p.labels = {{"A", {p.cell(0, 0), p.cell(2, 0)}}};
    finalize(p);
    EXPECT_EQ(p.neighbours(p.cell(0, 0)).size(), 1u);  // (1,0) blocked, only (0,1)
    EXPECT_TRUE(p.adjacent(p.cell(0, 0), p.cell(0, 1)));
    EXPECT_FALSE(p.adjacent(p.cell(0, 0), p.cell(1, 0)));
    EXPECT_TRUE(p.neighbours(p.cell(1, 0)).empty());
    EXPECT_EQ(p.neighbours(p.cell(1, 1)).size(), 2u);
    EXPECT_EQ(p.terminal_label[p.cell(2, 0)], 0);
    EXPECT_EQ(p.terminal_label[p.cell(1, 1)], kNoLabel);
}

// adjacent() answers plain grids by arithmetic, and neighbours() from the lists built on first
// use: the two agree on every pair of cells of boards of every small size, blocked at random.
TEST(Puzzle, AdjacentAgreesWithTheNeighbourLists) {
    std::uint64_t state = 12345;
    auto next = [&state] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (int w = 1; w <= 6; ++w)
        for (int h = 1; h <= 6; ++h) {
            Puzzle p = make_board(w, h);
            for (CellId c = 2; c < p.cell_count(); ++c) p.blocked[c] = next() % 4 == 0;
            if (w * h >= 2) p.labels = {{"A", {0, 1}}};
            finalize(p);
            p.adjacency();          // built here,
            const Puzzle copy = p;  // and shared by a copy made afterwards
            for (CellId a = 0; a < p.cell_count(); ++a)
                for (CellId b = 0; b < p.cell_count(); ++b) {
                    const auto n = copy.neighbours(a);
                    const bool listed = std::find(n.begin(), n.end(), b) != n.end();
                    EXPECT_EQ(p.adjacent(a, b), listed) << w << "x" << h << " cells " << a << ", " << b;
                }
            EXPECT_EQ(&p.adjacency(), &copy.adjacency()) << "a copy made after the build shares the lists";
            p.blocked[p.cell_count() - 1] = 0;
            finalize(p);  // a changed puzzle builds its own lists again
            EXPECT_NE(&p.adjacency(), &copy.adjacency());
        }
}

TEST(Puzzle, LayersConnectVerticallyOrOnlyThroughVias) {
    Puzzle p = make_board(2, 2, 3);
    p.labels = {{"1", {p.cell(0, 0, 0), p.cell(1, 1, 2)}}};
    finalize(p);
    EXPECT_TRUE(p.adjacent(p.cell(1, 0, 1), p.cell(1, 0, 0)));
    EXPECT_TRUE(p.adjacent(p.cell(1, 0, 1), p.cell(1, 0, 2)));
    EXPECT_EQ(p.neighbours(p.cell(1, 0, 1)).size(), 4u);

    Puzzle v = make_board(2, 2, 3);
    v.labels = p.labels;
    v.vias = {{"a", {v.cell(1, 0, 0), v.cell(1, 0, 1)}}};
    finalize(v);
    EXPECT_TRUE(v.adjacent(v.cell(1, 0, 0), v.cell(1, 0, 1)));
    EXPECT_FALSE(v.adjacent(v.cell(1, 0, 1), v.cell(1, 0, 2)));
    EXPECT_FALSE(v.adjacent(v.cell(0, 0, 0), v.cell(0, 0, 1)));
}

TEST(Puzzle, CoordinatesRoundTrip) {
    Puzzle p = make_board(4, 3, 2);
    for (CellId c = 0; c < p.cell_count(); ++c) {
        Coord q = p.coord(c);
        EXPECT_EQ(p.cell(q.x, q.y, q.z), c);
    }
    EXPECT_EQ(p.cell(1, 0), 1);  // row-major, like level-pack cell numbers
    EXPECT_EQ(p.cell(0, 1), 4);
}

TEST(Puzzle, RejectsBadTerminalsAndSizes) {
    Puzzle p = make_board(2, 2);
    p.labels = {{"A", {0, 3}}, {"B", {3, 1}}};
    EXPECT_THROW(finalize(p), ModelError);  // cell 3 shared
    p.labels = {{"A", {0, 3}}, {"A", {1, 2}}};
    EXPECT_THROW(finalize(p), ModelError);  // name twice
    p.labels = {{"A", {0, 3}}};
    p.blocked[3] = 1;
    EXPECT_THROW(finalize(p), ModelError);  // endpoint blocked
    EXPECT_THROW(make_board(0, 5), ModelError);
    EXPECT_THROW(make_board(100000, 100000), ModelError);
    EXPECT_THROW(make_board(5, 5, 1000), ModelError);
}

// The generator on Flow Free variant boards (generator/variant.hpp): every generated
// hex, warp, bridge and shaped board reads back from its own board and JSON output, its solution
// passes the checker and uses every part of the variant (checked here from the solution's cells,
// not with the generator's own test), its uniqueness is confirmed by the exhaustive search
// (solver/search/search.hpp, which shares no code with the generator or the SAT engine), and a seed
// gives the same board every time. Also: the pieces (board drawing, growth with bridges,
// canonical keys of variant boards).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "core/checker.hpp"
#include "core/formats.hpp"
#include "core/json.hpp"
#include "generator/canonical.hpp"
#include "generator/generate.hpp"
#include "generator/grow.hpp"
#include "generator/shape.hpp"
#include "generator/variant.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::gen;

namespace {

std::string board_text(const Puzzle& p) {
    std::ostringstream out;
    write_puzzle(out, Format::Board, p, nullptr);
    return out.str();
}

std::string json_text(const Puzzle& p, const Solution& s) {
    std::ostringstream out;
    write_puzzle(out, Format::Json, p, &s);
    return out.str();
}

// The two end cells of every label, as a set (the board format renames labels).
std::set<std::pair<CellId, CellId>> terminal_pairs(const Puzzle& p) {
    std::set<std::pair<CellId, CellId>> out;
    for (const Label& l : p.labels) out.insert({std::min(l.ends[0], l.ends[1]), std::max(l.ends[0], l.ends[1])});
    return out;
}

std::set<std::pair<CellId, CellId>> pair_set(const std::vector<CellPair>& pairs) {
    std::set<std::pair<CellId, CellId>> out;
    for (const CellPair& w : pairs) out.insert({std::min(w[0], w[1]), std::max(w[0], w[1])});
    return out;
}

// The same board: size, geometry, blocked and outside cells, bridges, warps, terminals.
void expect_same_board(const Puzzle& a, const Puzzle& b, const std::string& what) {
    EXPECT_EQ(a.width, b.width) << what;
    EXPECT_EQ(a.height, b.height) << what;
    EXPECT_EQ(a.geometry, b.geometry) << what;
    EXPECT_EQ(a.blocked, b.blocked) << what;
    EXPECT_EQ(std::set<CellId>(a.bridges.begin(), a.bridges.end()), std::set<CellId>(b.bridges.begin(), b.bridges.end()))
        << what;
    EXPECT_EQ(pair_set(a.warps), pair_set(b.warps)) << what;
    EXPECT_EQ(terminal_pairs(a), terminal_pairs(b)) << what;
}

// Every warp joins two consecutive cells of a path, and both lanes of every bridge lie on paths.
void expect_whole_board_used(const Puzzle& p, const Solution& s, const std::string& what) {
    std::set<std::pair<CellId, CellId>> steps;
    std::set<CellId> on_paths;
    for (const auto& path : s.paths)
        for (std::size_t i = 0; i < path.size(); ++i) {
            on_paths.insert(path[i]);
            if (i > 0) steps.insert({std::min(path[i - 1], path[i]), std::max(path[i - 1], path[i])});
        }
    for (const auto& w : pair_set(p.warps)) EXPECT_TRUE(steps.count(w)) << what << ": a warp is not used";
    for (std::size_t k = 0; k < p.bridges.size(); ++k) {
        EXPECT_TRUE(on_paths.count(p.bridges[k])) << what << ": a horizontal lane is empty";
        EXPECT_TRUE(on_paths.count(p.grid_cells() + static_cast<CellId>(k))) << what << ": a vertical lane is empty";
    }
}

// What each variant's board must have.
void expect_variant_parts(const Puzzle& p, Variant v, const std::string& what) {
    const auto outside = std::count(p.blocked.begin(), p.blocked.end(), kCellOutside);
    EXPECT_EQ(p.geometry == Geometry::Hex, v == Variant::Hex) << what;
    EXPECT_EQ(static_cast<int>(p.warps.size()), v == Variant::Warp ? default_warps(p.width, p.height) : 0) << what;
    EXPECT_EQ(static_cast<int>(p.bridges.size()), v == Variant::Bridges ? default_bridges(p.width, p.height) : 0)
        << what;
    if (v == Variant::Shape) {
        EXPECT_GT(outside, 0) << what;
    } else {
        EXPECT_EQ(outside, 0) << what;
    }
}

struct Case {
    const char* rules;
    bool fill_all;
};

constexpr Variant kVariants[] = {Variant::Hex, Variant::Warp, Variant::Bridges, Variant::Shape};

}  // namespace

TEST(GenerateVariants, UniqueBoardsReadBackPassTheCheckerAndTheExhaustiveSearchFindsOneSolution) {
    for (const Variant v : kVariants) {
        int made = 0, tried = 0;
        for (const Case c : {Case{"flow", true}, Case{"strict", true}, Case{"nikoli", false}, Case{"adc", false}})
            for (const auto& [w, h] : {std::pair{5, 5}, std::pair{6, 4}, std::pair{4, 6}})
                for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                    GenerateOptions o;
                    o.width = w;
                    o.height = h;
                    o.variant.variant = v;
                    o.rules = *rules_from_name(c.rules);
                    o.fill_all = c.fill_all;
                    o.unique = true;
                    o.min_length = 2;
                    o.max_attempts = 500;
                    Generated g;
                    ++tried;
                    const GenerateStatus s = generate_one(o, seed, "t", g);
                    const std::string what = variant_name(v) + " " + c.rules + " " + std::to_string(w) + "x" +
                                             std::to_string(h) + " seed " + std::to_string(seed);
                    if (s == GenerateStatus::GaveUp) continue;  // allowed on tiny boards; counted below
                    ASSERT_EQ(s, GenerateStatus::Ok) << what;
                    ++made;
                    const CheckResult check = check_solution(g.puzzle, g.solution, o.rules);
                    EXPECT_TRUE(check.ok) << what << ": " << check.message;
                    expect_variant_parts(g.puzzle, v, what);
                    expect_whole_board_used(g.puzzle, g.solution, what);
                    if (c.fill_all) {
                        EXPECT_EQ(std::count(g.puzzle.blocked.begin(), g.puzzle.blocked.end(), kCellBlocked), 0) << what;
                    }
                    // Its own board output reads back as the same board.
                    const auto from_board = read_puzzles(text_from_string("b", board_text(g.puzzle)), {Format::Board, o.rules});
                    ASSERT_EQ(from_board.size(), 1u) << what;
                    expect_same_board(g.puzzle, from_board[0].puzzle, what + " (board)");
                    // Its JSON reads back with the solution, which the read puzzle accepts.
                    const auto from_json =
                        read_puzzles(text_from_string("j", json_text(g.puzzle, g.solution)), {Format::Json, o.rules});
                    ASSERT_EQ(from_json.size(), 1u) << what;
                    expect_same_board(g.puzzle, from_json[0].puzzle, what + " (json)");
                    ASSERT_TRUE(from_json[0].solution) << what;
                    EXPECT_EQ(from_json[0].solution->paths, g.solution.paths) << what;
                    EXPECT_TRUE(check_solution(from_json[0].puzzle, *from_json[0].solution, o.rules).ok) << what;
                    // Unique, by the exhaustive search.
                    SearchOptions so;
                    so.max_solutions = 2;
                    const SearchResult sr = search_solutions(from_board[0].puzzle, o.rules, so);
                    EXPECT_EQ(sr.status, SearchResult::Status::Complete) << what;
                    EXPECT_EQ(sr.count, 1) << what;
                }
        EXPECT_GE(made, tried * 3 / 4) << variant_name(v) << ": most small boards can be made";
    }
}

TEST(GenerateVariants, SameSeedSameBoardAndDifferentSeedsDiffer) {
    for (const Variant v : kVariants) {
        GenerateOptions o;
        o.width = 10;
        o.height = 9;
        o.variant.variant = v;
        o.unique = true;
        o.fill_all = true;
        Generated a, b, c;
        ASSERT_EQ(generate_one(o, 5, "t", a), GenerateStatus::Ok) << variant_name(v);
        ASSERT_EQ(generate_one(o, 5, "t", b), GenerateStatus::Ok) << variant_name(v);
        ASSERT_EQ(generate_one(o, 6, "t", c), GenerateStatus::Ok) << variant_name(v);
        EXPECT_EQ(board_text(a.puzzle), board_text(b.puzzle)) << variant_name(v);
        EXPECT_EQ(a.solution.paths, b.solution.paths) << variant_name(v);
        EXPECT_NE(board_text(a.puzzle), board_text(c.puzzle)) << variant_name(v);
        expect_variant_parts(a.puzzle, v, variant_name(v));
        expect_whole_board_used(a.puzzle, a.solution, variant_name(v));
    }
}

TEST(GenerateVariants, WarpAndBridgeCountsAreKept) {
    for (const int n : {1, 4}) {
        GenerateOptions o;
        o.width = o.height = 8;
        o.fill_all = true;
        o.variant.variant = Variant::Warp;
        o.variant.warps = n;
        Generated g;
        ASSERT_EQ(generate_one(o, 2, "t", g), GenerateStatus::Ok) << n << " warps";
        EXPECT_EQ(static_cast<int>(g.puzzle.warps.size()), n);
        expect_whole_board_used(g.puzzle, g.solution, std::to_string(n) + " warps");
        o.variant = {Variant::Bridges, 0, n};
        ASSERT_EQ(generate_one(o, 2, "t", g), GenerateStatus::Ok) << n << " bridges";
        EXPECT_EQ(static_cast<int>(g.puzzle.bridges.size()), n);
        expect_whole_board_used(g.puzzle, g.solution, std::to_string(n) + " bridges");
        EXPECT_TRUE(check_solution(g.puzzle, g.solution, o.rules).ok);
    }
}

TEST(GenerateVariants, RunsHoldNoDuplicatesUpToTheBoardsSymmetries) {
    for (const Variant v : kVariants) {
        GenerateOptions o;
        o.width = o.height = 4;
        o.variant.variant = v;
        o.fill_all = true;
        o.min_length = 2;
        o.max_duplicates = 100;
        std::set<std::vector<int>> keys;
        int made = 0;
        generate_many(o, 1, 40, [&](const Generated& g) {
            ++made;
            EXPECT_TRUE(keys.insert(canonical_key(g.puzzle)).second) << variant_name(v) << ": duplicate emitted";
        });
        EXPECT_GT(made, 1) << variant_name(v);
    }
}

// ---- the pieces ----

TEST(VariantBoards, EachVariantDrawsItsParts) {
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        Rng rng(seed);
        const int w = 3 + static_cast<int>(rng.below(15)), h = 3 + static_cast<int>(rng.below(15));
        const std::string what = std::to_string(w) + "x" + std::to_string(h) + " seed " + std::to_string(seed);
        const Puzzle warp = variant_board(w, h, {Variant::Warp, 0, 0}, rng);
        EXPECT_EQ(static_cast<int>(warp.warps.size()), default_warps(w, h)) << what;
        std::set<CellId> warp_ends;
        for (const CellPair& c : warp.warps)
            for (CellId e : c) {
                const Coord q = warp.coord(e);
                EXPECT_TRUE(q.x == 0 || q.y == 0 || q.x == w - 1 || q.y == h - 1) << what << ": a warp off the border";
                EXPECT_TRUE(warp_ends.insert(e).second) << what << ": a cell ends two warps";
            }
        const Puzzle bridges = variant_board(w, h, {Variant::Bridges, 0, 0}, rng);
        EXPECT_EQ(static_cast<int>(bridges.bridges.size()), default_bridges(w, h)) << what;
        for (CellId c : bridges.bridges) {
            const Coord q = bridges.coord(c);
            EXPECT_TRUE(q.x > 0 && q.y > 0 && q.x < w - 1 && q.y < h - 1) << what << ": a bridge on the border";
        }
        const Puzzle shape = variant_board(w, h, {Variant::Shape, 0, 0}, rng);
        const int outside = static_cast<int>(std::count(shape.blocked.begin(), shape.blocked.end(), kCellOutside));
        EXPECT_GT(outside, 0) << what;
        // Still W x H (a notch never takes a whole row or column) and in one piece.
        for (int x = 0; x < w; ++x) {
            bool open = false;
            for (int y = 0; y < h; ++y) open |= !shape.is_outside(shape.cell(x, y));
            EXPECT_TRUE(open) << what << ": column " << x << " is all outside";
        }
        std::vector<CellId> todo;
        std::set<CellId> seen;
        for (CellId c = 0; c < shape.grid_cells() && todo.empty(); ++c)
            if (!shape.is_outside(c)) todo.push_back(c), seen.insert(c);
        while (!todo.empty()) {
            const CellId c = todo.back();
            todo.pop_back();
            for (CellId n : shape.neighbours(c))
                if (seen.insert(n).second) todo.push_back(n);
        }
        EXPECT_EQ(static_cast<int>(seen.size()), w * h - outside) << what << ": the shape falls apart";
    }
}

TEST(VariantBoards, SizesTheyCannotTakeAreNamed) {
    EXPECT_EQ(variant_problem(10, 10, {Variant::Hex, 0, 0}), "");
    EXPECT_NE(variant_problem(2, 6, {Variant::Bridges, 0, 0}), "");
    EXPECT_NE(variant_problem(2, 6, {Variant::Shape, 0, 0}), "");
    EXPECT_NE(variant_problem(5, 5, {Variant::Bridges, 0, max_bridges(5, 5) + 1}), "");
    EXPECT_NE(variant_problem(5, 5, {Variant::Warp, max_warps(5, 5) + 1, 0}), "");
    EXPECT_EQ(variant_problem(5, 5, {Variant::Warp, max_warps(5, 5), 0}), "");
    EXPECT_EQ(default_warps(10, 10), 2);
    EXPECT_EQ(default_warps(14, 14), 3);
    EXPECT_EQ(default_bridges(20, 20), 4);
    for (const Variant v : kVariants) EXPECT_EQ(variant_from_name(variant_name(v)), v);
    EXPECT_FALSE(variant_from_name("cube"));
}

TEST(VariantBoards, GrowthAndShapingNeverEndAPathInABridge) {
    int shaped = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Rng rng(seed);
        auto board = std::make_shared<const Board>(variant_board(7, 6, {Variant::Bridges, 0, 3}, rng));
        const Puzzle& g = board->graph;
        Layout l(board);
        grow_paths(l, rng);
        std::set<CellId> lanes(g.bridges.begin(), g.bridges.end());
        for (std::size_t k = 0; k < g.bridges.size(); ++k) lanes.insert(g.grid_cells() + static_cast<CellId>(k));
        for (const auto& path : l.paths) {
            EXPECT_FALSE(lanes.count(path.front())) << "seed " << seed;
            EXPECT_FALSE(lanes.count(path.back())) << "seed " << seed;
            for (std::size_t i = 1; i < path.size(); ++i) EXPECT_TRUE(g.adjacent(path[i - 1], path[i])) << "seed " << seed;
        }
        ShapeOptions o;
        o.fill_all = seed % 2 == 0;
        if (!shape_layout(l, rng, o)) continue;
        ++shaped;
        for (CellId lane : lanes) EXPECT_GE(l.owner[lane], 0) << "seed " << seed << ": a lane left off the paths";
        for (const auto& path : l.paths) {
            EXPECT_FALSE(lanes.count(path.front())) << "seed " << seed;
            EXPECT_FALSE(lanes.count(path.back())) << "seed " << seed;
        }
        const Rules rules{o.fill_all, true};
        const CheckResult r = check_solution(puzzle_of(l, rules, "t"), solution_of(l), rules);
        EXPECT_TRUE(r.ok) << r.message << " (seed " << seed << ")";
    }
    EXPECT_GT(shaped, 20);
}

TEST(VariantBoards, GrowthOnHexBoardsFollowsHexNeighbours) {
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        Rng rng(seed);
        auto board = std::make_shared<const Board>(variant_board(6, 5, {Variant::Hex, 0, 0}, rng));
        Layout l(board);
        grow_paths(l, rng);
        for (const auto& path : l.paths)
            for (std::size_t i = 1; i < path.size(); ++i) {
                // Independently of the model: the step is one of the six hex directions.
                const Coord a = board->graph.coord(path[i - 1]), b = board->graph.coord(path[i]);
                const int dy = b.y - a.y, dx = b.x - a.x, shift = a.y % 2;
                const bool ok = dy == 0 ? std::abs(dx) == 1 : std::abs(dy) == 1 && (dx == shift - 1 || dx == shift);
                EXPECT_TRUE(ok) << "seed " << seed << ": (" << a.x << "," << a.y << ") -> (" << b.x << "," << b.y << ")";
            }
    }
}

TEST(VariantCanonical, HexBoardsMatchOnlyTheirTopBottomMirrorWhenTheRowCountIsOdd) {
    auto hex = [](const std::vector<std::string>& rows) {
        std::string text = "board " + std::to_string(rows[0].size()) + "x" + std::to_string(rows.size()) + " hex\n";
        for (const std::string& r : rows) text += r + "\n";
        return read_puzzles(text_from_string("h", text), {Format::Board, std::nullopt}).at(0).puzzle;
    };
    const Puzzle p = hex({"A..B", "....", "A.#B"});
    EXPECT_EQ(canonical_key(hex({"A.#B", "....", "A..B"})), canonical_key(p));  // top-bottom
    EXPECT_NE(canonical_key(hex({"B..A", "....", "B#.A"})), canonical_key(p));  // left-right is not a hex symmetry
    EXPECT_EQ(board_symmetries(p), (std::vector<int>{0, 2}));
    EXPECT_EQ(board_symmetries(hex({"A..B", "A..B"})), std::vector<int>{0});
}

TEST(VariantCanonical, WarpsBridgesAndOutsideCellsAreInTheKey) {
    auto board = [](const std::string& text) {
        return read_puzzles(text_from_string("b", text), {Format::Board, std::nullopt}).at(0).puzzle;
    };
    const Puzzle p = board("board 4x3\nA..B\n....\nB..A\nwrap row 1\n");
    EXPECT_EQ(canonical_key(board("board 4x3\nB..A\n....\nA..B\nwrap row 1\n")), canonical_key(p));  // mirrored
    EXPECT_NE(canonical_key(board("board 4x3\nA..B\n....\nB..A\n")), canonical_key(p));              // no warp
    EXPECT_NE(canonical_key(board("board 4x3\nA..B\n....\nB..A\nwall 0,1 1,1\n")), canonical_key(p));  // a wall
    const Puzzle q = board("board 3x3\nA.B\n.+.\nB.A\n");
    EXPECT_NE(canonical_key(board("board 3x3\nA.B\n...\nB.A\n")), canonical_key(q));   // no bridge
    EXPECT_NE(canonical_key(board("board 3x3\nA.B\n.#.\nB.A\n")), canonical_key(q));   // blocked, not a bridge
    EXPECT_NE(canonical_key(board("board 3x3\nA.B\n. .\nB.A\n")), canonical_key(q));   // outside
    EXPECT_EQ(canonical_key(board("board 3x3\nB.A\n.+.\nA.B\n")), canonical_key(q));   // mirrored
}

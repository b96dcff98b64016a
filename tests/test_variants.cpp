// Variant boards: the model's graph (hex cells, warps, walls, shapes, bridge lanes),
// the board format and JSON round trips, and the exact engines against each other and against
// the brute-force oracle on thousands of random variant boards under every preset.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>

#include "brute_force.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "core/solution_match.hpp"
#include "random_variants.hpp"
#include "solver/count/count.hpp"
#include "solver/count/count_engine.hpp"
#include "solver/pipeline/engine.hpp"
#include "solver/search/search.hpp"

using namespace nl;
using namespace nl::testing_boards;

namespace {

constexpr Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};
constexpr std::array kPresets{kFlow, kNikoli, kAdc, kStrict};

std::vector<PuzzleEntry> read(const std::string& text, std::optional<Rules> rules = {}) {
    return read_puzzles(text_from_string("t.txt", text), {std::nullopt, rules});
}

Puzzle board(const std::string& text) { return read(text).at(0).puzzle; }

std::string write(Format format, const Puzzle& p, const Solution* s = nullptr) {
    std::ostringstream out;
    write_puzzle(out, format, p, s);
    return out.str();
}

std::set<CellId> neighbour_set(const Puzzle& p, CellId c) {
    auto n = p.neighbours(c);
    return {n.begin(), n.end()};
}

// The graph as a set of edges between positions, with a bridge's lanes told apart by the
// direction they run: what two readings of one board must agree on.
std::set<std::array<int, 4>> edges_of(const Puzzle& p) {
    std::set<std::array<int, 4>> edges;
    for (CellId a = 0; a < p.cell_count(); ++a)
        for (CellId b : p.neighbours(a)) edges.insert({p.position(a), p.is_lane(a), p.position(b), p.is_lane(b)});
    return edges;
}

void expect_same_board(const Puzzle& a, const Puzzle& b) {
    EXPECT_EQ(a.width, b.width);
    EXPECT_EQ(a.height, b.height);
    EXPECT_EQ(a.geometry, b.geometry);
    EXPECT_EQ(a.blocked, b.blocked);
    // Labels by name, each with its two ends in either order (the board format lists labels
    // in the order their first endpoint appears).
    auto labels = [](const Puzzle& p) {
        std::map<std::string, std::set<CellId>> m;
        for (const Label& l : p.labels) m[l.name] = {l.ends[0], l.ends[1]};
        return m;
    };
    EXPECT_EQ(labels(a), labels(b));
    EXPECT_EQ(std::set<CellId>(a.bridges.begin(), a.bridges.end()), std::set<CellId>(b.bridges.begin(), b.bridges.end()));
    EXPECT_EQ(edges_of(a), edges_of(b));
}

void expect_model_error(const std::string& text, const std::string& words) {
    try {
        read(text);
        ADD_FAILURE() << "no error for:\n" << text;
    } catch (const InputError& e) {
        EXPECT_NE(e.message.find(words), std::string::npos) << e.what();
        EXPECT_EQ(e.file, "t.txt");
    }
}

}  // namespace

// ---- the graph ----

TEST(VariantModel, HexNeighboursFollowTheOddRowOffset) {
    const Puzzle p = board("board 3x3 hex\n...\n...\n...\n");
    // Even row 0: (1,0) touches (0,0), (2,0) and, below, (0,1) and (1,1).
    EXPECT_EQ(neighbour_set(p, p.cell(1, 0)), (std::set<CellId>{p.cell(0, 0), p.cell(2, 0), p.cell(0, 1), p.cell(1, 1)}));
    // Odd row 1, shifted right: (1,1) touches (1,0), (2,0), (0,1), (2,1), (1,2), (2,2).
    EXPECT_EQ(neighbour_set(p, p.cell(1, 1)), (std::set<CellId>{p.cell(1, 0), p.cell(2, 0), p.cell(0, 1), p.cell(2, 1),
                                                                p.cell(1, 2), p.cell(2, 2)}));
    // Symmetric everywhere.
    for (CellId a = 0; a < p.cell_count(); ++a)
        for (CellId b : p.neighbours(a)) EXPECT_TRUE(p.adjacent(b, a));
}

TEST(VariantModel, WarpsWallsAndOutsideCellsChangeTheGraph) {
    const Puzzle p = board("board 3x2\n.. \n...\nwarp 0,0 2,1\nwall 0,1 1,1\n");
    EXPECT_TRUE(p.is_outside(p.cell(2, 0)));
    EXPECT_TRUE(p.adjacent(p.cell(0, 0), p.cell(2, 1)));   // the warp
    EXPECT_FALSE(p.adjacent(p.cell(0, 1), p.cell(1, 1)));  // the wall
    EXPECT_FALSE(p.adjacent(p.cell(1, 0), p.cell(2, 0)));  // outside
    EXPECT_EQ(neighbour_set(p, p.cell(0, 0)), (std::set<CellId>{p.cell(1, 0), p.cell(0, 1), p.cell(2, 1)}));
}

TEST(VariantModel, WrapRowAndColumnJoinTheEnds) {
    const Puzzle p = board("board 3x3\n...\n...\n...\nwrap row 1\nwrap column 2\n");
    EXPECT_TRUE(p.adjacent(p.cell(0, 1), p.cell(2, 1)));
    EXPECT_TRUE(p.adjacent(p.cell(2, 0), p.cell(2, 2)));
    EXPECT_FALSE(p.adjacent(p.cell(0, 0), p.cell(2, 0)));
}

TEST(VariantModel, ABridgeIsTwoLanesThatGoStraight) {
    const Puzzle p = board("board 3x3\n...\n.+.\n...\n");
    const CellId h = p.cell(1, 1), v = p.vertical_lane(h);
    ASSERT_NE(v, kNoCell);
    EXPECT_EQ(p.cell_count(), 10);
    EXPECT_TRUE(p.is_lane(v));
    EXPECT_EQ(p.coord(v), p.coord(h));
    EXPECT_EQ(neighbour_set(p, h), (std::set<CellId>{p.cell(0, 1), p.cell(2, 1)}));
    EXPECT_EQ(neighbour_set(p, v), (std::set<CellId>{p.cell(1, 0), p.cell(1, 2)}));
    EXPECT_TRUE(p.adjacent(p.cell(1, 0), v));
    EXPECT_FALSE(p.adjacent(p.cell(1, 0), h));
    EXPECT_FALSE(p.adjacent(h, v));
}

TEST(VariantModel, AdjacentBridgesJoinLaneToLane) {
    const Puzzle p = board("board 4x4\n....\n.++.\n.+..\n....\n");
    const CellId a = p.cell(1, 1), b = p.cell(2, 1), c = p.cell(1, 2);
    EXPECT_TRUE(p.adjacent(a, b));                                       // horizontal lanes side by side
    EXPECT_TRUE(p.adjacent(p.vertical_lane(a), p.vertical_lane(c)));     // vertical lanes stacked
    EXPECT_FALSE(p.adjacent(a, c));
    EXPECT_FALSE(p.adjacent(p.vertical_lane(a), p.vertical_lane(b)));
}

TEST(VariantModel, BadVariantsAreRefusedWithTheirLine) {
    expect_model_error("board 3x3 hex\n...\n.+.\n...\n", "bridges are on one-layer boards of square cells only");
    expect_model_error("board 3x1\n...\nwarp 0,0 1,0\n", "neighbours already");
    expect_model_error("board 3x1\n...\nwarp 0,0 0,0\n", "joins a cell to itself");
    expect_model_error("board 3x1\n...\nwarp 0,0 2,0\nwarp 2,0 0,0\n", "given twice");
    expect_model_error("board 3x1\n..+\nwarp 0,0 2,0\n", "ends on a bridge");
    expect_model_error("board 3x1\n#..\nwarp 0,0 2,0\n", "ends on a blocked cell");
    expect_model_error("board 3x1\n...\nwall 0,0 2,0\n", "not between two neighbouring cells");
    expect_model_error("board 3x1\n...\nwarp 0,0 5,0\n", "x 5 is out of range");
    expect_model_error("board 3x1\n...\nteleport 0,0 2,0\n", "expected \"warp X,Y X,Y\"");
    expect_model_error("board 3x1 round\n...\n", "unknown geometry");
    expect_model_error("board 3x2\n...\n", "the board has 1 rows, expected 2");
    expect_model_error("board 2x1\n...\n", "row 1 of 1 has 3 cells, expected at most 2");
    expect_model_error("board 3x1\nA.A\nboard 2x1\nA.\n", "label A appears only once");
    // A terminal cannot be a bridge; in the board format '+' is always a bridge, so use JSON.
    expect_model_error(R"({"width": 3, "height": 1, "labels": [{"name": "A", "ends": [[0,0],[1,0]]}], "bridges": [[1,0]]})",
                       "a path cannot end on a bridge");
    try {
        read("board 3x1\n...\n\nwall 0,0 2,0\n");
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line, 1);  // the board's header: finalize judges the whole board
    }
    try {
        read("board 3x1\n...\n\nwarp 0,0 7,0\n");
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line, 4);  // the directive itself
    }
}

// ---- the checker on bridges ----

TEST(VariantChecker, FillNeedsBothLanesOfABridge) {
    // A runs straight through the bridge; B goes around. Under fill the vertical lane is a cell
    // of the board like any other and must be used.
    const Puzzle p = board("board 3x3\n.A.\nB+B\n.A.\n");  // labels in order of appearance: A, B
    const CellId h = p.cell(1, 1), v = p.vertical_lane(h);
    Solution only_a;
    only_a.paths = {{p.cell(1, 0), p.cell(0, 0), p.cell(0, 1)},  // A invalid: through B's end
                    {p.cell(0, 1), h, p.cell(2, 1)}};
    EXPECT_FALSE(check_solution(p, only_a, kNikoli).ok);
    Solution crossing;
    crossing.paths = {{p.cell(1, 0), v, p.cell(1, 2)}, {p.cell(0, 1), h, p.cell(2, 1)}};
    EXPECT_TRUE(check_solution(p, crossing, kNikoli).ok);
    EXPECT_FALSE(check_solution(p, crossing, kFlow).ok);  // the four corners are empty
    Solution turning;  // A may not turn on the bridge: h and v are not adjacent
    turning.paths = {{p.cell(1, 0), v, h, p.cell(2, 1)}, {}};
    EXPECT_FALSE(check_solution(p, turning, kNikoli).ok);
    const Puzzle q = board("board 3x3\n#A#\nB+B\n#A#\n");
    EXPECT_TRUE(check_solution(q, crossing, kFlow).ok);
    EXPECT_TRUE(check_solution(q, crossing, kStrict).ok);  // the lanes do not touch each other
}

TEST(VariantChecker, PathsReadAsCoordinatesTakeTheRightLane) {
    const Puzzle p = board("board 3x3\n#A#\nB+B\n#A#\n");
    const std::string paths = "B: 0,1 1,1 2,1\nA: 1,0 1,1 1,2\n";
    const auto texts = read_solutions(text_from_string("s.txt", paths), Format::Paths);
    const MatchedSolution m = match_solution(p, texts.at(0));
    ASSERT_TRUE(m.problem.empty()) << m.problem;
    EXPECT_EQ(m.solution.paths[0][1], p.vertical_lane(p.cell(1, 1)));  // A, vertical
    EXPECT_EQ(m.solution.paths[1][1], p.cell(1, 1));                      // B, horizontal
    EXPECT_TRUE(check_solution(p, m.solution, kFlow).ok);
    // A grid cannot say who takes which lane.
    const auto grid = read_solutions(text_from_string("g.txt", "#A#\nBBB\n#A#\n"), Format::Ascii);
    EXPECT_THROW(match_solution(p, grid.at(0)), InputError);
}

// ---- formats ----

TEST(VariantFormats, BoardAndJsonRoundTripOnRandomBoards) {
    const std::uint64_t seed = 0x9e3779b97f4a7c15ull;
    Rng rng{seed};
    for (int i = 0; i < 700; ++i) {
        const VariantKind kind = kVariantKinds[i % std::size(kVariantKinds)];
        const Puzzle p = random_variant_puzzle(rng, kind, 2, 6, 4);
        SCOPED_TRACE("seed " + std::to_string(seed) + " board " + std::to_string(i) + " " + variant_kind_name(kind));
        for (Format f : {Format::Board, Format::Json}) {
            const auto back = read(write(f, p));
            ASSERT_EQ(back.size(), 1u);
            expect_same_board(p, back[0].puzzle);
        }
    }
}

TEST(VariantFormats, JsonCarriesASolutionThroughBridges) {
    const Puzzle p = board("board 3x3\n#A#\nB+B\n#A#\n");
    const EngineResult r = solve_puzzle(p, kFlow, {});
    ASSERT_EQ(r.status, Verdict::Solved);
    const auto back = read(write(Format::Json, p, &r.solution));
    ASSERT_TRUE(back.at(0).solution);
    EXPECT_EQ(back[0].solution->paths, r.solution.paths);
    EXPECT_NE(write(Format::Json, p, &r.solution).find(R"("grid":[["#","A","#"],["B","+","B"])"), std::string::npos);
}

TEST(VariantFormats, GridFormatsRefuseWhatTheyCannotExpress) {
    const std::pair<const char*, const char*> cases[] = {
        {"board 2x2 hex\n..\n..\n", "hex cells"},
        {"board 3x1\n...\nwarp 0,0 2,0\n", "warps"},
        {"board 2x1\n..\nwall 0,0 1,0\n", "walls"},
        {"board 3x3\n...\n.+.\n...\n", "bridges"},
    };
    for (const auto& [text, what] : cases)
        for (Format f : {Format::Ascii, Format::Stream, Format::Intgrid, Format::Adc}) {
            try {
                write(f, board(text));
                ADD_FAILURE() << format_name(f) << " wrote " << text;
            } catch (const ModelError& e) {
                EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
            }
        }
    // A shaped board is a board with blocked cells to them: the same puzzle.
    EXPECT_EQ(write(Format::Ascii, board("board 3x2\nA A\n...\n")), "A#A\n...\n");
}

// Generated boards have 70-80 labels on 20x20; the 72nd symbol of the grid alphabet is '+',
// which the board format keeps for bridges.
TEST(VariantFormats, ManyLabelsNeverTakeTheBridgeSymbol) {
    Puzzle p = make_board(14, 12);
    for (int l = 0; l < 72; ++l) {
        std::string name = "L";  // (not "L" + ...: GCC 12 warns falsely, bug 105329)
        name += std::to_string(l);
        p.labels.push_back({name, {p.cell(l % 6 * 2, l / 6), p.cell(l % 6 * 2 + 1, l / 6)}});
    }
    p.bridges.push_back(p.cell(13, 5));
    finalize(p);
    const std::string text = write(Format::Board, p);
    EXPECT_EQ(std::count(text.begin(), text.end(), '+'), 1) << text;
    const Puzzle back = read(text).at(0).puzzle;
    EXPECT_EQ(back.labels.size(), 72u);
    EXPECT_EQ(back.bridges, p.bridges);
}

TEST(VariantFormats, DetectedByTheHeaderEvenAfterComments) {
    EXPECT_EQ(detect_format(text_from_string("t", "# hello\nboard 2x1\nAA\n")), Format::Board);
    EXPECT_EQ(detect_format(text_from_string("t", "#.\n..\n")), Format::Ascii);
}

// ---- the exact engines against each other ----

// The issue's property test: random variant boards of every kind (hex, warps, walls, bridges,
// shapes, mixtures) under every preset. SAT counting and the exhaustive search share no code
// but the model and the checker; on boards of at most 12 nodes the brute-force oracle counts
// too. Every solution must pass the checker.
TEST(VariantProperty, SatSearchAndOracleAgreeOnRandomBoards) {
    const std::uint64_t seed = 0x452821e638d01377ull;
    Rng rng{seed};
    int none = 0, many = 0, oracle = 0;
    for (int i = 0; i < 2100; ++i) {
        const VariantKind kind = kVariantKinds[i % std::size(kVariantKinds)];
        const Puzzle p = random_variant_puzzle(rng, kind, 2, i % 2 ? 6 : 4, 4);
        const Rules rules = kPresets[(i / std::size(kVariantKinds)) % 4];
        const std::string where = "seed " + std::to_string(seed) + " board " + std::to_string(i) + " " +
                                  variant_kind_name(kind) + " " + std::to_string(p.width) + "x" +
                                  std::to_string(p.height) + " rules " + rules_name(rules) + "\n" +
                                  write(Format::Board, p);
        CountOptions co;
        co.max = 50;
        co.keep = 50;
        const CountResult sat = count_solutions_sat(p, rules, co);
        SearchOptions so;
        so.max_solutions = 50;
        so.keep = 50;
        const SearchResult search = search_solutions(p, rules, so);
        ASSERT_EQ(sat.count, search.count) << where;
        if (p.cell_count() <= 12) {
            ASSERT_EQ(sat.count, testing_oracle::count_solutions(p, rules, 50)) << where;
            ++oracle;
        }
        for (const Solution& s : sat.solutions) ASSERT_TRUE(check_solution(p, s, rules).ok) << where;
        for (const Solution& s : search.solutions) ASSERT_TRUE(check_solution(p, s, rules).ok) << where;
        none += sat.count == 0;
        many += sat.count > 1;
    }
    EXPECT_GT(none, 200);
    EXPECT_GT(many, 200);
    EXPECT_GT(oracle, 300);
}

// `unique` (a count capped at 2) takes shortcuts: local rewrites that construct a second
// solution, and under nikoli rules the enumeration under adc plus detours (solver/count/count.cpp).
// Their arguments are over the adjacency graph; here they meet the exhaustive search on variant
// boards, in both --distinct modes.
TEST(VariantProperty, UniqueVerdictsMatchTheExhaustiveSearch) {
    const std::uint64_t seed = 0xbe5466cf34e90c6cull;
    Rng rng{seed};
    int verdicts[3] = {0, 0, 0};
    for (int i = 0; i < 1400; ++i) {
        const VariantKind kind = kVariantKinds[i % std::size(kVariantKinds)];
        const Puzzle p = random_variant_puzzle(rng, kind, 2, 5, 3);
        const Rules rules = kPresets[(i / std::size(kVariantKinds)) % 4];
        const Distinct distinct = i % 3 == 0 ? Distinct::Colours : Distinct::Paths;
        CountOptions co;
        co.max = 2;
        co.distinct = distinct;
        const CountResult unique = count_with_engine(p, rules, CountEngine::Sat, co);
        long expected = 0;
        if (distinct == Distinct::Paths) {
            SearchOptions so;
            so.max_solutions = 2;
            expected = search_solutions(p, rules, so).count;
        } else {
            expected = testing_oracle::count_colourings(p, rules, 2);
        }
        ASSERT_EQ(std::min<long>(unique.count, 2), expected)
            << "seed " << seed << " board " << i << " " << variant_kind_name(kind) << " rules " << rules_name(rules)
            << (distinct == Distinct::Colours ? " colours" : " paths") << "\n"
            << write(Format::Board, p);
        ++verdicts[expected];
    }
    for (int v : verdicts) EXPECT_GT(v, 150);
}

// The solve pipeline (auto: presolve, parity, SAT, fallbacks) answers every variant board and
// its answers are checked; "unsolvable" is confirmed by the exhaustive search.
TEST(VariantProperty, SolveAnswersAgreeWithTheSearch) {
    const std::uint64_t seed = 0x3f84d5b5b5470917ull;
    Rng rng{seed};
    for (int i = 0; i < 700; ++i) {
        const VariantKind kind = kVariantKinds[i % std::size(kVariantKinds)];
        const Puzzle p = random_variant_puzzle(rng, kind, 2, 6, 4);
        const Rules rules = kPresets[i % 4];
        const EngineResult r = solve_puzzle(p, rules, {});
        SearchOptions so;
        so.max_solutions = 1;
        const long exists = search_solutions(p, rules, so).count;
        const std::string where = "board " + std::to_string(i) + " " + variant_kind_name(kind) + " " + rules_name(rules);
        if (exists) {
            ASSERT_EQ(r.status, Verdict::Solved) << where;
            ASSERT_TRUE(check_solution(p, r.solution, rules).ok) << where;
        } else {
            ASSERT_EQ(r.status, Verdict::Unsolvable) << where;
        }
    }
}

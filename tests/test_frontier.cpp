// The frontier engine (solver/count/frontier.hpp) against independent counts: the brute-force oracle
// and the exhaustive search on thousands of random boards per preset, SAT counting on mid-sized
// boards, and published sequences (OEIS A007764, A007787) for counts far beyond enumeration.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

#include "brute_force.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "core/errors.hpp"
#include "core/formats.hpp"
#include "solver/count/count.hpp"
#include "solver/count/frontier.hpp"
#include "solver/count/frontier_state.hpp"
#include "solver/count/frontier_table.hpp"
#include "solver/search/search.hpp"

using namespace nl;

namespace {

Puzzle parse(const std::string& rows) { return read_puzzles(text_from_string("t.txt", rows), {}).at(0).puzzle; }

const Rules kFlow{true, true}, kNikoli{false, true}, kAdc{false, false}, kStrict{true, false};
const std::array kPresets{kFlow, kNikoli, kAdc, kStrict};

using testing_boards::Rng;
using testing_boards::random_covered_puzzle;
using testing_boards::random_puzzle;

// Exact counts: without local_moves, --max 2 under nikoli rules counts every solution (not only
// those without U-turns, see UniqueUnderNikoliWithoutUTurns).
CountResult frontier_count(const Puzzle& p, Rules rules, std::size_t keep = 0, long max = 0) {
    CountOptions o;
    o.keep = keep;
    o.max = max;
    o.local_moves = false;
    return count_solutions_frontier(p, rules, o);
}

// A w x h board with one label A at two opposite corners.
Puzzle corner_to_corner(int w, int h) {
    Puzzle p = make_board(w, h);
    p.labels.push_back({"A", {p.cell(0, 0), p.cell(w - 1, h - 1)}});
    p.name = "corners";
    finalize(p);
    return p;
}

// The board turned by a quarter (x, y) -> (y, x): same counts, other frontier orientation.
Puzzle transposed(const Puzzle& p) {
    Puzzle t = make_board(p.height, p.width);
    for (CellId c = 0; c < p.cell_count(); ++c) {
        const Coord xy = p.coord(c);
        t.blocked[t.cell(xy.y, xy.x)] = p.blocked[c];
    }
    for (const Label& l : p.labels) {
        Label m = l;
        for (CellId& e : m.ends) e = t.cell(p.coord(e).y, p.coord(e).x);
        t.labels.push_back(m);
    }
    t.name = p.name + "^T";
    finalize(t);
    return t;
}

}  // namespace

TEST(Frontier, HandCountedBoards) {
    // As in test_count.cpp: 2x2 with A at two adjacent corners; 3x1 with A at both ends.
    const Puzzle p = parse("AA\n..\n");
    EXPECT_EQ(frontier_count(p, kFlow).count, 1);
    EXPECT_EQ(frontier_count(p, kNikoli).count, 2);
    EXPECT_EQ(frontier_count(p, kAdc).count, 1);
    EXPECT_EQ(frontier_count(p, kStrict).count, 0);
    for (Rules r : kPresets) EXPECT_EQ(frontier_count(parse("A.A\n"), r).count, 1);
    // docs/counting.md: corner to corner on 3x3, by rows or by columns under flow; 6 under adc.
    const Puzzle corners = parse("A..\n...\n..A\n");
    EXPECT_EQ(frontier_count(corners, kFlow).count, 2);
    EXPECT_EQ(frontier_count(corners, kAdc).count, 6);
    // A blocked centre: the two ways around the ring each leave the other side empty, so flow
    // has none and nikoli two.
    const Puzzle ring = parse("A..\n.#.\n..A\n");
    EXPECT_EQ(frontier_count(ring, kFlow).count, 0);
    EXPECT_EQ(frontier_count(ring, kNikoli).count, 2);
}

// OEIS A007764: self-avoiding rook paths joining opposite corners of an n x n grid, which is a
// one-label puzzle under nikoli rules (empty cells allowed, the path may run beside itself).
// a(10) exceeds 2^63, so it comes back as decimal text.
TEST(Frontier, OppositeCornerPathsMatchOeisA007764) {
    const std::array<long, 9> a{1, 2, 12, 184, 8512, 1262816, 575780564, 789360053252, 3266598486981642};
    for (int n = 2; n <= 9; ++n) {
        const CountResult r = frontier_count(corner_to_corner(n, n), kNikoli);
        EXPECT_EQ(r.count, a[n - 1]) << n;
        EXPECT_FALSE(r.capped || r.timed_out) << n;
    }
    const CountResult r10 = frontier_count(corner_to_corner(10, 10), kNikoli);
    EXPECT_EQ(r10.count_text, "41044208702632496804");
    EXPECT_FALSE(r10.capped || r10.timed_out);
}

// OEIS A007787: the same on 5 x n boards (rectangles, both orientations); a(21) > 2^63.
// --max N below 65535 runs with 16-bit counts that saturate (frontier_table.hpp): the result
// must still be the exact count when it is at most N, and "at least N" when it is more, also
// where the counts of single states pass 65535 long before the end (7x7: 575,780,564 paths).
TEST(Frontier, CappedCountsWithNarrowCountsAreExact) {
    const std::array<long, 7> a{1, 2, 12, 184, 8512, 1262816, 575780564};
    for (int n = 2; n <= 7; ++n) {
        for (long max : {1L, 2L, 184L, 8512L, 8513L, 65534L}) {
            const CountResult r = frontier_count(corner_to_corner(n, n), kNikoli, 0, max);
            EXPECT_EQ(r.count, std::min(max, a[n - 1])) << n << " " << max;
            EXPECT_EQ(r.capped, a[n - 1] > max) << n << " " << max;
        }
    }
}

TEST(Frontier, FiveByNPathsMatchOeisA007787) {
    const std::array<long, 8> a{1, 16, 125, 976, 8512, 79384, 752061, 7110272};
    for (int n = 1; n <= 8; ++n) {
        EXPECT_EQ(frontier_count(corner_to_corner(5, n), kNikoli).count, a[n - 1]) << n;
        EXPECT_EQ(frontier_count(corner_to_corner(n, 5), kNikoli).count, a[n - 1]) << n;
    }
    EXPECT_EQ(frontier_count(corner_to_corner(5, 20), kNikoli).count, 3433121323699285343L);
    EXPECT_EQ(frontier_count(corner_to_corner(21, 5), kNikoli).count_text, "32306898830469680384");
    EXPECT_EQ(frontier_count(corner_to_corner(5, 27), kNikoli).count_text, "22435306570786253414376286");
}

// The property test: 2,000 random boards per preset, exact counts equal to the
// brute-force oracle's. Boards from 2x2 to 5x5 with up to 4 labels, blocked cells on half of
// them; under the fill presets, where most such boards have no solution, every other board is
// built solvable under flow rules (random_covered_puzzle), so that solvable ones are well
// represented.
TEST(FrontierProperty, EqualsBruteForceOnTwoThousandBoardsPerPreset) {
    const std::uint64_t seed = 0x452821e638d01377ull;
    for (Rules rules : kPresets) {
        Rng rng{seed};
        int none = 0, one = 0, many = 0;
        for (int i = 0; i < 2000; ++i) {
            const Puzzle p = rules.fill && i % 2 ? random_covered_puzzle(rng, 5)
                                                 : random_puzzle(rng, {2, 5, i % 4 == 1 ? 6 : 0, 4});
            const long frontier = frontier_count(p, rules).count;
            const long brute = testing_oracle::count_solutions(p, rules, 1L << 40);
            ASSERT_EQ(frontier, brute) << "seed " << seed << " board " << i << " " << p.width << "x" << p.height
                                       << " rules " << rules_name(rules);
            none += frontier == 0;
            one += frontier == 1;
            many += frontier > 1;
        }
        // Every kind of answer is well represented, except that boards this small almost never
        // have two solutions under strict rules (none of these 2,000 do, nor of 2,000 up to 7x7).
        EXPECT_GT(none, 200) << rules_name(rules);
        EXPECT_GT(one, 100) << rules_name(rules);
        if (rules != kStrict) {
            EXPECT_GT(many, 100) << rules_name(rules);
        }
        std::cout << rules_name(rules) << ": " << none << " none, " << one << " one, " << many << " several\n";
    }
}

// Whether a path of `s` makes a U-turn of the kinds the DP leaves out under nikoli rules for
// `unique` (frontier_state.hpp, Grid::no_u_turns): four consecutive cells a, b, c, d, with a and
// d neighbours and the link a-b along the virtual grid's columns (the board's columns, or its
// rows when it is wider than tall and the DP walks it transposed).
bool has_dp_u_turn(const Puzzle& p, const Solution& s) {
    const bool transposed = p.width > p.height;
    for (const auto& path : s.paths) {
        for (std::size_t i = 0; i + 3 < path.size(); ++i) {
            const Coord a = p.coord(path[i]), b = p.coord(path[i + 1]), d = p.coord(path[i + 3]);
            const bool neighbours = std::abs(a.x - d.x) + std::abs(a.y - d.y) == 1;
            const bool along_columns = transposed ? a.y == b.y : a.x == b.x;
            if (neighbours && along_columns) return true;
        }
    }
    return false;
}

// `unique` under nikoli rules with the frontier engine counts only the solutions without those
// U-turns, and with exactly one looks for a detour of it (frontier.cpp, decide_from_u_turn_free).
// Against the brute-force oracle on 3,000 random boards: the verdict (count capped at 2) is the
// oracle's, "at least" exactly at 2, the solutions pass the checker and differ; and the boards
// where the shortcut argument matters (one U-turn-free solution, several in all: the detour
// decides) and where it prunes (U-turn-free solutions fewer than all) both occur often.
TEST(FrontierProperty, UniqueUnderNikoliWithoutUTurns) {
    const std::uint64_t seed = 0x13198a2e03707344ull;
    Rng rng{seed};
    int by_detour = 0, pruned = 0, none = 0, one = 0, many = 0;
    for (int i = 0; i < 3000; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 5, i % 3 == 1 ? 6 : 0, 3});
        long all = 0, u_turn_free = 0;
        testing_oracle::for_each_solution(p, kNikoli, [&](const Solution& s) {
            ++all;
            u_turn_free += !has_dp_u_turn(p, s);
            return all < 100000;
        });
        ASSERT_LT(all, 100000) << "board " << i;
        CountOptions o;
        o.max = 2;
        o.keep = 2;
        const CountResult r = count_solutions_frontier(p, kNikoli, o);
        const long truth = std::min(all, 2L);
        ASSERT_EQ(r.count, truth) << "seed " << seed << " board " << i << " " << p.width << "x" << p.height;
        EXPECT_EQ(r.capped, truth == 2);
        ASSERT_EQ(r.solutions.size(), static_cast<std::size_t>(truth));
        for (const Solution& s : r.solutions) EXPECT_TRUE(check_solution(p, s, kNikoli).ok) << "board " << i;
        if (truth == 2) {
            EXPECT_NE(r.solutions[0].paths, r.solutions[1].paths) << "board " << i;
        }
        by_detour += u_turn_free == 1 && all >= 2;
        pruned += u_turn_free < all;
        none += all == 0;
        one += all == 1;
        many += all >= 2;
    }
    EXPECT_GT(by_detour, 100);
    EXPECT_GT(pruned, 500);
    EXPECT_GT(none, 100);
    EXPECT_GT(one, 100);
    std::cout << none << " none, " << one << " one, " << many << " several; " << by_detour
              << " decided by a detour, " << pruned << " with U-turn solutions left out\n";
}

// Larger boards (up to 6x6, up to 4 labels; under fill every other one built solvable) against
// the exhaustive search, 500 per preset, with
// every solution rebuilt from the DP: the set of rebuilt path sets equals the search's.
TEST(FrontierProperty, EqualsSearchAndRebuildsEverySolution) {
    const std::uint64_t seed = 0xbe5466cf34e90c6cull;
    for (Rules rules : kPresets) {
        Rng rng{seed};
        long total = 0;
        for (int i = 0; i < 500; ++i) {
            const Puzzle p = rules.fill && i % 2 ? random_covered_puzzle(rng, 6) : random_puzzle(rng, {2, 6, i % 4 == 1 ? 6 : 0, 4});
            SearchOptions so;
            so.max_solutions = 200;
            so.keep = 200;
            const SearchResult search = search_solutions(p, rules, so);
            const CountResult r = frontier_count(p, rules, 200, 200);
            ASSERT_EQ(r.count, search.count) << "seed " << seed << " board " << i << " rules " << rules_name(rules);
            if (search.status != SearchResult::Status::Complete) continue;
            std::set<std::vector<std::vector<CellId>>> from_dp, from_search;
            auto canonical = [](Solution s) {  // a path read from either end is the same path
                for (auto& path : s.paths)
                    if (path.front() > path.back()) std::reverse(path.begin(), path.end());
                return s.paths;
            };
            for (const Solution& s : r.solutions) {
                ASSERT_TRUE(check_solution(p, s, rules).ok);
                from_dp.insert(canonical(s));
            }
            for (const Solution& s : search.solutions) from_search.insert(canonical(s));
            ASSERT_EQ(from_dp.size(), r.solutions.size()) << "a solution rebuilt twice, board " << i;
            ASSERT_EQ(from_dp, from_search) << "board " << i << " rules " << rules_name(rules);
            // unique's way (at most two solutions, traced back): distinct, checked, real.
            const CountResult two = frontier_count(p, rules, 2);
            ASSERT_EQ(two.solutions.size(), std::size_t(std::min(2L, r.count))) << i;
            for (const Solution& s : two.solutions) {
                ASSERT_TRUE(check_solution(p, s, rules).ok);
                ASSERT_TRUE(from_search.count(canonical(s))) << i;
            }
            if (two.solutions.size() == 2) {
                ASSERT_NE(canonical(two.solutions[0]), canonical(two.solutions[1])) << i;
            }
            total += r.count;
        }
        EXPECT_GT(total, rules == kStrict ? 5 : 400) << rules_name(rules);
        std::cout << rules_name(rules) << ": " << total << " solutions rebuilt\n";
    }
}

// Mid-sized boards (7x7 to 9x9, up to 8 labels; under fill, boards built solvable up to 9x9)
// against SAT counting, both capped at 500.
TEST(FrontierProperty, EqualsSatOnMidSizedBoards) {
    const std::uint64_t seed = 0x3f84d5b5b5470917ull;
    Rng rng{seed};
    int compared = 0;
    for (int i = 0; i < 32; ++i) {
        const Rules rules = kPresets[i % 4];
        const Puzzle p = rules.fill ? random_covered_puzzle(rng, 9) : random_puzzle(rng, {7, 9, i % 8 < 4 ? 10 : 0, 8});
        CountOptions o;
        o.max = 500;
        const CountResult sat = count_solutions_sat(p, rules, o);
        const CountResult frontier = frontier_count(p, rules, 0, 500);
        ASSERT_EQ(frontier.count, sat.count) << "seed " << seed << " board " << i << " rules " << rules_name(rules);
        compared += sat.count > 0;
    }
    EXPECT_GT(compared, 5);
}

TEST(Frontier, TransposedBoardsCountTheSame) {
    const std::uint64_t seed = 0xa4093822299f31d0ull;
    Rng rng{seed};
    for (int i = 0; i < 300; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 7, 5, 3});
        const Puzzle t = transposed(p);
        for (Rules rules : kPresets)
            ASSERT_EQ(frontier_count(p, rules).count, frontier_count(t, rules).count) << i << " " << rules_name(rules);
    }
}

TEST(Frontier, MaxKeepAndCheckedSolutions) {
    const Puzzle p = parse("A...\n....\n....\n...A\n");  // 184 paths under nikoli (A007764)
    CountResult r = frontier_count(p, kNikoli, 3, 5);
    EXPECT_EQ(r.count, 5);
    EXPECT_TRUE(r.capped);
    ASSERT_EQ(r.solutions.size(), 3u);
    for (const Solution& s : r.solutions) EXPECT_TRUE(check_solution(p, s, kNikoli).ok);
    EXPECT_NE(r.solutions[0].paths, r.solutions[1].paths);
    r = frontier_count(p, kNikoli, 0, 184);  // exactly the cap: exact, not "at least"
    EXPECT_EQ(r.count, 184);
    EXPECT_FALSE(r.capped);
}

TEST(Frontier, ColoursUnderNoTouchEqualsPaths) {
    // Under adc and strict a colouring fixes the paths, so --distinct colours is accepted and
    // counts the same; brute force deduplicating colourings agrees.
    Rng rng{0x082efa98ec4e6c89ull};
    for (int i = 0; i < 300; ++i) {
        const Puzzle p = random_puzzle(rng, {2, 4, 6, 3});
        for (Rules rules : {kAdc, kStrict}) {
            ASSERT_FALSE(unsupported_frontier(p, rules, Distinct::Colours));
            CountOptions o;
            o.distinct = Distinct::Colours;
            ASSERT_EQ(count_solutions_frontier(p, rules, o).count, testing_oracle::count_colourings(p, rules, 1L << 40))
                << i;
        }
    }
}

TEST(Frontier, UnsupportedPuzzlesAreNamed) {
    const Puzzle corners = parse("A..\n...\n..A\n");
    EXPECT_FALSE(unsupported_frontier(corners, kFlow, Distinct::Paths));
    const auto colours = unsupported_frontier(corners, kFlow, Distinct::Colours);
    ASSERT_TRUE(colours);
    EXPECT_NE(colours->find("--distinct colours"), std::string::npos);
    EXPECT_TRUE(unsupported_frontier(corners, kNikoli, Distinct::Colours));
    Puzzle layered = make_board(3, 3, 2);
    layered.labels.push_back({"A", {layered.cell(0, 0, 0), layered.cell(2, 2, 1)}});
    finalize(layered);
    const auto layers = unsupported_frontier(layered, kNikoli, Distinct::Paths);
    ASSERT_TRUE(layers);
    EXPECT_NE(layers->find("2 layers"), std::string::npos);
    CountOptions o;
    EXPECT_THROW(count_solutions_frontier(layered, kNikoli, o), InternalError);
}

TEST(Frontier, BudgetStopsTheCount) {
    // A 14x14 open board under nikoli rules has far too many states to finish at once.
    const Puzzle big = corner_to_corner(14, 14);
    std::atomic<bool> interrupt{true};
    CountOptions o;
    o.sat.interrupt = &interrupt;
    CountResult r = count_solutions_frontier(big, kNikoli, o);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.stop, StopReason::Interrupted);
    o = {};
    o.sat.timeout = 0.01;
    r = count_solutions_frontier(big, kNikoli, o);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.stop, StopReason::Timeout);
    o = {};
    o.sat.max_memory = 1 << 20;  // 1 MiB: the tables alone pass it
    r = count_solutions_frontier(big, kNikoli, o);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.stop, StopReason::Memory);
}

// Every successor the moves produce is already in canonical form (frontier::canonicalise), also
// for the moves that skip renumbering: otherwise equal states would not merge (the counts stay
// right, the layers grow).
TEST(Frontier, SuccessorsAreCanonical) {
    Rng rng{0x5eed0fca7a1ull};
    long checked = 0;
    for (Rules rules : kPresets) {
        for (int i = 0; i < 300; ++i) {
            const Puzzle p = rules.fill && i % 2 ? random_covered_puzzle(rng, 6) : random_puzzle(rng, {2, 6, i % 4 == 1 ? 6 : 0, 4});
            const frontier::Grid g = frontier::make_grid(p, rules);
            std::set<std::vector<frontier::Plug>> layer{std::vector<frontier::Plug>(g.stride, 0)};
            frontier::Moves moves;
            for (int step = 0; step < g.width * g.height; ++step) {
                std::set<std::vector<frontier::Plug>> next;
                for (const auto& state : layer) {
                    frontier::expand(g, step, state.data(), moves);
                    for (std::size_t m = 0; m < moves.size(); ++m) {
                        const std::vector<frontier::Plug> successor(moves.state(m, g.stride), moves.state(m, g.stride) + g.stride);
                        std::vector<frontier::Plug> canonical = successor;
                        frontier::canonicalise(g, step + 1, canonical.data());
                        ASSERT_EQ(canonical, successor) << rules_name(rules) << " board " << i << " step " << step;
                        next.insert(successor);
                        ++checked;
                    }
                }
                layer = std::move(next);
            }
        }
    }
    EXPECT_GT(checked, 100000);
}

// The state table against std::map, wide and narrow (16-bit counts saturating at kNarrowMax):
// 150,000 keys, most added several times, while the index doubles from 1,024 slots to 2^18 (the
// tags beside the indexes get narrower at each doubling), then emptied for reuse and filled
// again.
TEST(FrontierTable, CountsEqualAMap) {
    Rng rng{0x7ab1e5ull};
    constexpr int kStride = 7;
    for (bool narrow : {false, true}) {
        frontier::StateTable table(kStride, narrow);
        for (int round = 0; round < 2; ++round) {
            std::map<std::vector<frontier::Plug>, frontier::Count> expected;
            std::vector<std::vector<frontier::Plug>> keys;
            for (int i = 0; i < 150000; ++i) {
                std::vector<frontier::Plug> key(kStride);
                for (auto& plug : key) plug = static_cast<frontier::Plug>(rng.below(round ? 5 : 40));
                keys.push_back(key);
            }
            for (int pass = 0; pass < 3; ++pass) {
                for (std::size_t i = pass; i < keys.size(); i += 1 + pass) {
                    const std::size_t j = table.add(keys[i].data(), i + 1);
                    ASSERT_TRUE(std::equal(keys[i].begin(), keys[i].end(), table.key(j)));
                    expected[keys[i]] += i + 1;
                }
            }
            ASSERT_EQ(table.size(), expected.size());
            for (const auto& [key, count] : expected) {
                const long j = table.find(key.data());
                ASSERT_GE(j, 0);
                const frontier::Count want = narrow ? std::min(count, frontier::StateTable::kNarrowMax) : count;
                ASSERT_TRUE(table.count(static_cast<std::size_t>(j)) == want) << narrow;
            }
            std::vector<frontier::Plug> absent(kStride, 999);
            EXPECT_EQ(table.find(absent.data()), -1);
            table.clear(1000);
        }
    }
}

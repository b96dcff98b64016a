// The monotone-lines speculation (encoder/monotone.cpp), checked against the brute-force oracle:
//   - its clauses (unguarded) keep exactly the solutions in which every line is monotone along
//     its major axis, judged by a predicate of this file, on one-layer and layered boards under
//     adc and nikoli rules;
//   - the SAT engine, which tries it first on no-fill boards of several layers, still agrees
//     with the oracle on solvability, and its answers pass the checker;
//   - a designed nested packing (ADC 2017 Q33 in small) is solved within the stage.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <set>
#include <vector>

#include "brute_force.hpp"
#include "encoding_models.hpp"
#include "random_boards.hpp"
#include "core/checker.hpp"
#include "encoder/encoding.hpp"
#include "solver/sat/solve.hpp"

using namespace nl;

namespace {

const Rules kNikoli{false, true}, kAdc{false, false};
using testing_boards::Rng;
using testing_models::EdgeSet;

// Whether every line, walked from its first end to its second, never steps against the sign of
// (second - first) on an axis (x or y) where that difference is largest in size; when the ends
// share x and y, every line passes.
bool all_monotone(const Puzzle& p, const Solution& s) {
    for (std::size_t l = 0; l < p.labels.size(); ++l) {
        std::vector<CellId> path = s.paths[l];
        if (path.front() != p.labels[l].ends[0]) std::reverse(path.begin(), path.end());
        const Coord a = p.coord(p.labels[l].ends[0]), b = p.coord(p.labels[l].ends[1]);
        const int dx = b.x - a.x, dy = b.y - a.y;
        const int major = std::max(std::abs(dx), std::abs(dy));
        if (major == 0) continue;
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            const Coord u = p.coord(path[i]), v = p.coord(path[i + 1]);
            if (std::abs(dx) == major && (v.x - u.x) * dx < 0) return false;
            if (std::abs(dy) == major && (v.y - u.y) * dy < 0) return false;
        }
    }
    return true;
}

Puzzle random_board(Rng& rng, int i) {
    if (i % 2 == 0) return testing_boards::random_puzzle(rng, {2, 5, i % 3 == 1 ? 6 : 0, 3});
    return testing_boards::random_layered(rng, 2, i % 4 == 3, 3, 3);
}

// An n x n board of two layers whose border cells on layer 1 are all ends, each line joining two
// ends on one side, nested like brackets (ADC 2017 Q33's rings, one ring).
Puzzle nested_ring(int n) {
    Puzzle p = make_board(n, n, 2);
    std::vector<std::vector<CellId>> sides(4);
    for (int x = 0; x < n; ++x) {
        sides[0].push_back(p.cell(x, 0));
        sides[1].push_back(p.cell(x, n - 1));
    }
    for (int y = 1; y + 1 < n; ++y) {
        sides[2].push_back(p.cell(0, y));
        sides[3].push_back(p.cell(n - 1, y));
    }
    for (const auto& side : sides)
        for (std::size_t i = 0; i < side.size() / 2; ++i)
            p.labels.push_back({std::to_string(p.labels.size() + 1), {side[i], side[side.size() - 1 - i]}});
    p.name = "nested";
    finalize(p);
    return p;
}

}  // namespace

// Every model of the exact encoding (acyclicity included, so models are solutions) with the
// monotone clauses as plain clauses, as an edge set, against the oracle's solutions that pass
// all_monotone, on 2,400 random boards per rule set.
TEST(MonotoneLines, ClausesKeepExactlyTheMonotoneSolutions) {
    const std::uint64_t seed = 0x5b1e0c4a7d93f210ull;
    for (Rules rules : {kAdc, kNikoli}) {
        Rng rng{seed};
        int compared = 0, left_out = 0, kept = 0;
        for (int i = 0; i < 2400; ++i) {
            const Puzzle p = random_board(rng, i);
            ASSERT_TRUE(monotone_applies(p));
            std::set<EdgeSet> expected;
            long all = 0;
            Encoding enc = encode(p, rules, {.acyclic = true, .speculate_monotone = true, .speculate_hard = true});
            ASSERT_EQ(enc.monotone_guard, 0);
            testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
                ++all;
                if (all_monotone(p, s)) expected.insert(testing_models::edge_set(enc, s));
                return all < 5000;
            });
            if (all >= 5000) continue;
            left_out += static_cast<int>(all - static_cast<long>(expected.size()));
            kept += static_cast<int>(expected.size());
            const std::set<EdgeSet> models = testing_models::model_edge_sets(enc, expected.size());
            ASSERT_EQ(models, expected) << rules_name(rules) << " seed " << seed << " board " << i;
            ++compared;
        }
        EXPECT_GT(compared, 2300);
        EXPECT_GT(left_out, 1000);  // the clauses do leave solutions out
        EXPECT_GT(kept, 1000);      // and keep others
        std::cout << rules_name(rules) << ": " << compared << " boards compared, " << kept
                  << " monotone solutions kept, " << left_out << " left out\n";
    }
}

// The guarded stage inside the SAT engine: the verdict equals the oracle's on random boards
// (denser than above, so that more are solvable only with a line that turns back), and answers
// pass the checker.
TEST(MonotoneLines, SatVerdictsStayExact) {
    const std::uint64_t seed = 0x29d4e8b1c07a3f65ull;
    for (Rules rules : {kAdc, kNikoli}) {
        Rng rng{seed};
        int solvable = 0, not_monotone = 0;
        for (int i = 0; i < 3000; ++i) {
            const Puzzle p = i % 2 == 0 ? testing_boards::random_puzzle(rng, {3, 5, 4, 5})
                                        : testing_boards::random_layered(rng, 2, i % 4 == 3, 4, 4);
            bool any = false, any_monotone = false;
            testing_oracle::for_each_solution(p, rules, [&](const Solution& s) {
                any = true;
                any_monotone = any_monotone || all_monotone(p, s);
                return !any_monotone;
            });
            const SolveResult r = solve_sat(p, rules, {});
            ASSERT_EQ(r.status == SolveStatus::Solved, any) << rules_name(rules) << " board " << i;
            ASSERT_EQ(r.status == SolveStatus::Unsolvable, !any) << rules_name(rules) << " board " << i;
            if (any) {
                ASSERT_TRUE(check_solution(p, r.solution, rules).ok) << rules_name(rules) << " board " << i;
                ++solvable;
                not_monotone += !any_monotone && p.layers > 1;  // the stage runs on layers only
            }
        }
        EXPECT_GT(solvable, 300);
        EXPECT_GT(not_monotone, 10);  // layered boards where the stage must be dropped
        std::cout << rules_name(rules) << ": " << solvable << " solvable, " << not_monotone
                  << " of them layered and solvable only with a line turning back\n";
    }
}

// Nested brackets on a ring: the outer lines must climb to layer 2 and come back. The stage
// holds there (the SAT engine answers under it), and the answer passes the checker.
TEST(MonotoneLines, NestedRingIsSolvedUnderTheStage) {
    for (int n : {8, 10, 12}) {
        const Puzzle p = nested_ring(n);
        ASSERT_TRUE(monotone_applies(p));
        const SolveResult r = solve_sat(p, kAdc, {});
        ASSERT_EQ(r.status, SolveStatus::Solved) << n;
        EXPECT_EQ(r.stats.speculation, "held") << n;
        EXPECT_EQ(r.stats.speculation_stage, "monotone") << n;
        EXPECT_TRUE(check_solution(p, r.solution, kAdc).ok) << n;
        EXPECT_TRUE(all_monotone(p, r.solution)) << n;
    }
}
